"""Where a play may go, the words it makes, and what they score: the board's arithmetic.

A play is any number of tiles, on any cells (the sheet: "one, two or more words
anywhere on the board" in one turn). It makes every run of two or more letters,
across or down, that holds one of its tiles; each such word scores the sum of its
letters, letter premiums applied, times its word premiums. On this sheet the
premium cells count *every* time a word uses them, under old tiles too
(``every=True``); Scrabble counts them only under the tiles just laid
(``every=False``). A blank scores 0::

    >>> from igroteka.games.crossword.board import Board, Tile, premiums, tile_set
    >>> board = Board.empty()
    >>> pol = (Tile(7, 7, "п"), Tile(7, 8, "о"), Tile(7, 9, "л"))
    >>> [(word.text, word.score) for word in words(board, pol, tile_set("ru"), premiums())]
    [('пол', 5)]

The lexicon is not asked here: :mod:`igroteka.games.crossword.rules` judges the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from igroteka.games.crossword.board import CENTRE, SIZE, Board, Premiums, Tile, TileSet, name
from igroteka.i18n import Text

__all__ = ["Word", "placement_problem", "run_through", "words"]

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Word:
    """A word a play makes: its letters, its cells (first to last), its direction, its score."""

    text: str
    cells: tuple[Cell, ...]
    across: bool
    score: int

    @property
    def start(self) -> str:
        """The cell the word begins on, by name (``H8``)."""
        return name(*self.cells[0])


def placement_problem(board: Board, tiles: Sequence[Tile]) -> Text | None:
    """Why tiles cannot be laid where they are (a sentence), or None when they can.

    The tiles must lie on empty cells of the board, one to a cell; the first play
    covers the centre; afterwards every tile on the board hangs together with the
    rest (each group of new tiles touches letters already there: words "cling").

    >>> print(placement_problem(Board.empty(), (Tile(0, 0, "а"), Tile(0, 1, "б"))))
    the first word must cover the centre cell H8
    """
    if not tiles:
        return Text("lay at least one tile, or pass")
    cells = [tile.cell for tile in tiles]
    for row, col in cells:
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return Text("row {row} column {col} is off the board", row=row, col=col)
    for cell in cells:
        if board.letter(*cell) is not None:
            return Text("{cell} already holds a tile", cell=name(*cell))
    if len(set(cells)) != len(cells):
        return Text("two tiles cannot share a cell")
    if board.is_empty():
        if CENTRE not in cells:
            return Text("the first word must cover the centre cell {cell}", cell=name(*CENTRE))
        if len(tiles) < 2:
            return Text("the first word needs at least two letters")
        seeds = [CENTRE]
    else:
        seeds = list(board.filled())
    if not _connected(set(board.filled()) | set(cells), seeds):
        return Text("every new word must cling to the letters already on the board")
    return None


def _connected(occupied: set[Cell], seeds: Sequence[Cell]) -> bool:
    """Whether every occupied cell is reached from the seeds through neighbours."""
    reached = set(seeds)
    frontier = list(seeds)
    while frontier:
        row, col = frontier.pop()
        for cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if cell in occupied and cell not in reached:
                reached.add(cell)
                frontier.append(cell)
    return reached >= occupied


def words(
    board: Board,
    tiles: Sequence[Tile],
    tile_set: TileSet,
    layout: Premiums,
    *,
    every: bool = True,
) -> list[Word]:
    """Every word the tiles make on the board, scored: the word with most new tiles first, then
    across words before down ones, each in reading order.

    ``board`` is the board before the play; the tiles' cells must be empty there.
    """
    after = board.place(tiles)
    new = {tile.cell for tile in tiles}
    found: list[Word] = []
    for across in (True, False):
        starts: set[Cell] = set()
        for row, col in sorted(new):
            cells = run_through(after, row, col, across)
            if len(cells) >= 2 and cells[0] not in starts:
                starts.add(cells[0])
                found.append(_scored(after, cells, across, new, tile_set, layout, every))
    # The main word first: the one that holds the most new tiles (the across one on a tie).
    return sorted(found, key=lambda word: -len(new.intersection(word.cells)))


def run_through(board: Board, row: int, col: int, across: bool) -> tuple[Cell, ...]:
    """The cells of the run of letters through a cell, across or down, first to last."""
    dr, dc = (0, 1) if across else (1, 0)
    while board.letter(row - dr, col - dc) is not None:
        row, col = row - dr, col - dc
    cells = []
    while board.letter(row, col) is not None:
        cells.append((row, col))
        row, col = row + dr, col + dc
    return tuple(cells)


def _scored(
    board: Board,
    cells: tuple[Cell, ...],
    across: bool,
    new: set[Cell],
    tile_set: TileSet,
    layout: Premiums,
    every: bool,
) -> Word:
    total = 0
    times = 1
    letters = []
    for row, col in cells:
        letter = board.letter(row, col)
        assert letter is not None
        letters.append(letter)
        value = 0 if board.is_blank(row, col) else tile_set.points.get(letter, 0)
        if every or (row, col) in new:
            value *= layout.letter[row][col]
            times *= layout.word[row][col]
        total += value
    return Word("".join(letters), cells, across, total * times)
