"""The crossword game's board, tile sets and premium cells, as plain values.

A board is 15 rows of 15 characters: ``.`` an empty cell, an upper-case letter
a tile, a lower-case letter a blank standing for that letter (the form of
``igroteka crossword check``). Rows and columns count from 0; the centre is
(7, 7). A play is a tuple of :class:`Tile`::

    >>> board = Board.empty().place((Tile(7, 6, "п"), Tile(7, 7, "о"), Tile(7, 8, "л", True)))
    >>> board.rows[7]
    '......ПОл......'
    >>> board.letter(7, 8), board.is_blank(7, 8), board.letter(0, 0)
    ('л', True, None)
    >>> name(7, 7)
    'H8'

The sets and the layout are data files in ``data/`` with their
sources written down (``ru.tiles``, ``uk.tiles``, ``erudit.board``).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Literal

from igroteka.lexicon.text import Language

__all__ = [
    "BLANK",
    "CENTRE",
    "COLUMNS",
    "SIZE",
    "Board",
    "Premiums",
    "Tile",
    "TileSet",
    "name",
    "premiums",
    "tile_set",
]

SIZE = 15
CENTRE = (7, 7)
BLANK = "*"
"""A blank tile on a rack or in a bag."""
COLUMNS = "ABCDEFGHIJKLMNO"
"""Column names, as players write a cell: H8 is row 7, column 7 (from 0)."""
EMPTY = "."

Direction = Literal["across", "down"]


def name(row: int, col: int) -> str:
    """A cell's name as players write it: column letter, then row number from 1."""
    return f"{COLUMNS[col]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile laid on a cell: its letter (lower case) and whether a blank stands for it."""

    row: int
    col: int
    letter: str
    blank: bool = False

    @property
    def cell(self) -> tuple[int, int]:
        return (self.row, self.col)

    @property
    def rack_tile(self) -> str:
        """The tile it takes from a rack: its letter, or ``*`` for a blank."""
        return BLANK if self.blank else self.letter


@dataclass(frozen=True, slots=True)
class Board:
    """The tiles on the board: 15 strings of 15 characters (see the module's docstring)."""

    rows: tuple[str, ...]

    @classmethod
    def empty(cls) -> Board:
        return cls((EMPTY * SIZE,) * SIZE)

    def letter(self, row: int, col: int) -> str | None:
        """The letter on a cell (lower case), or None for an empty cell or one off the board."""
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return None
        char = self.rows[row][col]
        return None if char == EMPTY else char.lower()

    def is_blank(self, row: int, col: int) -> bool:
        """Whether the tile on a cell is a blank (it scores nothing)."""
        char = self.rows[row][col]
        return char != EMPTY and char.islower()

    def is_empty(self) -> bool:
        return all(row == EMPTY * SIZE for row in self.rows)

    def filled(self) -> Iterator[tuple[int, int]]:
        """The cells that hold a tile, row by row."""
        for r, row in enumerate(self.rows):
            for c, char in enumerate(row):
                if char != EMPTY:
                    yield (r, c)

    def place(self, tiles: Iterable[Tile]) -> Board:
        """The board with tiles laid on it (the cells must be empty: the rules check it)."""
        grid = [list(row) for row in self.rows]
        for tile in tiles:
            grid[tile.row][tile.col] = tile.letter if tile.blank else tile.letter.upper()
        return Board(tuple("".join(row) for row in grid))


@dataclass(frozen=True)
class TileSet:
    """A language's tiles: how many of each letter, what each scores, the rack's size."""

    lang: Language
    counts: dict[str, int]
    """Per letter (lower case) and ``*`` for the blanks, how many tiles there are."""
    points: dict[str, int]
    """Per letter, what a tile scores; a blank scores 0."""
    rack: int = 7

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def bag(self) -> list[str]:
        """Every tile of the set, in the order of the file (the game shuffles them)."""
        return [tile for tile, count in self.counts.items() for _ in range(count)]

    def value(self, tiles: Iterable[str]) -> int:
        """What rack tiles are worth (a blank nothing): the cost of tiles left at the end."""
        return sum(self.points.get(tile, 0) for tile in tiles)

    def unseen(self, seen: Iterable[str]) -> Counter[str]:
        """The set's tiles less those seen (on the board, on one's rack)."""
        return +self.left(seen)

    def left(self, seen: Iterable[str]) -> Counter[str]:
        """The set's tiles less those seen, every letter of the set kept, its count 0 or
        below once all its tiles are seen: to take more from, then keep the positive
        (``+``), as :meth:`unseen` does."""
        left = Counter(self.counts)
        left.subtract(Counter(seen))
        return left


def _data(file: str) -> Iterator[list[str]]:
    path = resources.files("igroteka").joinpath("games", "crossword", "data", file)
    text = path.read_text("utf-8")
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split()


@functools.cache
def tile_set(lang: Language) -> TileSet:
    """The tile set of a language (``ru``: Erudit's 131 tiles; ``uk``: 103).

    >>> tile_set("ru").total, tile_set("ru").points["р"], tile_set("ru").counts["*"]
    (131, 2, 3)
    """
    counts: dict[str, int] = {}
    points: dict[str, int] = {}
    for letter, count, value in _data(f"{lang}.tiles"):
        counts[letter] = int(count)
        points[letter] = int(value)
    return TileSet(lang, counts, points)


@dataclass(frozen=True)
class Premiums:
    """The premium cells: per cell, what its letter and its word are multiplied by."""

    letter: tuple[tuple[int, ...], ...]
    word: tuple[tuple[int, ...], ...]
    marks: tuple[str, ...]
    """The layout as in the data file: ``3`` word ×3, ``2`` word ×2, ``t`` letter ×3,
    ``d`` letter ×2, ``.`` plain."""


_LETTER = {"t": 3, "d": 2}
_WORD = {"3": 3, "2": 2}


@functools.cache
def premiums(layout: str = "erudit") -> Premiums:
    """The premium cells of a layout (the only one: ``erudit``).

    >>> layout = premiums()
    >>> layout.word[0][0], layout.letter[0][3], layout.word[7][7]
    (3, 2, 1)
    """
    marks = tuple(row[0] for row in _data(f"{layout}.board"))
    if len(marks) != SIZE or any(len(row) != SIZE for row in marks):
        raise ValueError(f"the {layout} layout is not {SIZE} × {SIZE}")
    letter = tuple(tuple(_LETTER.get(mark, 1) for mark in row) for row in marks)
    word = tuple(tuple(_WORD.get(mark, 1) for mark in row) for row in marks)
    return Premiums(letter, word, marks)
