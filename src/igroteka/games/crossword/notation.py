"""A play written as players write it: ``H8 across ПОЛКА``, several words joined by ``;``.

A word is given by the cell of its first letter (column A–O, row 1–15), its
direction (``across`` or ``down``; ``a``/``d``, ``→``/``↓``, Russian ``вправо``/``вниз``
and Ukrainian ``праворуч``/``донизу`` too) and all its
letters, those already on the board included; a letter laid from a blank is
written after ``*``. The tiles of a turn in several places are the words of
each part, joined by ``;`` (a later part may use the letters of an earlier one).
``pass`` passes; ``exchange АБ*`` (``меняю``, ``міняю``) changes tiles::

    >>> from igroteka.games.crossword.board import Board
    >>> read("H8 across по*л", Board.empty())
    Play(tiles=(Tile(row=7, col=7, letter='п', blank=False), \
Tile(row=7, col=8, letter='о', blank=False), Tile(row=7, col=9, letter='л', blank=True)))
    >>> read("меняю аб*", Board.empty())
    Exchange(tiles=('а', 'б', '*'))
    >>> read("Z9 across кот", Board.empty())
    Traceback (most recent call last):
    ...
    igroteka.games.crossword.notation.NotationError: ‘Z9’ is no cell: a column A–O and a row 1–15
"""

from __future__ import annotations

import re

from igroteka.games.crossword.board import BLANK, COLUMNS, SIZE, Board, Tile, name
from igroteka.games.crossword.rules import Action, Exchange, Pass, Play
from igroteka.games.crossword.score import run_through
from igroteka.i18n import Text

__all__ = ["NotationError", "read", "write"]

_PASS = {"pass", "p", "пас", "пропуск", "пропускаю"}
_EXCHANGE = {"exchange", "x", "change", "меняю", "міняю", "обмен", "обмін"}
_ACROSS = {"across", "a", "→", "h", "-", "вправо", "направо", "праворуч", "горизонтально"}
_DOWN = {"down", "d", "↓", "v", "|", "вниз", "книзу", "донизу", "униз", "вертикально"}
"""The words of a direction in English, Russian and Ukrainian (вправо, вниз: both)."""
_LOOKALIKE = str.maketrans("АВСЕНКМОабсенкмо", "ABCEHKMOabcehkmo")
"""Cyrillic letters that look like column names, as a Russian keyboard types them."""
_CELL = re.compile(r"^([A-Oa-o])(\d{1,2})$")


class NotationError(ValueError):
    """Text that is no play: ``reason`` says why, for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read(text: str, board: Board) -> Action:
    """The action a line of text means on a board; :class:`NotationError` if it means none."""
    words = text.split()
    if not words:
        raise NotationError(Text("type a play, pass or exchange"))
    command = words[0].casefold()
    if command in _PASS and len(words) == 1:
        return Pass()
    if command in _EXCHANGE:
        given = "".join(words[1:]).casefold().replace("ё", "е")
        if not given or not all(char.isalpha() or char == BLANK for char in given):
            raise NotationError(Text("name the tiles to change: exchange АБ* (* a blank)"))
        return Exchange(tuple(given))
    tiles: dict[tuple[int, int], Tile] = {}
    for part in text.split(";"):
        if part.strip():
            for tile in _part(part.strip(), board, tiles):
                tiles[tile.cell] = tile
    if not tiles:
        raise NotationError(Text("the play lays no tile: every letter is on the board already"))
    return Play(tuple(sorted(tiles.values(), key=lambda tile: tile.cell)))


def _part(part: str, board: Board, laid: dict[tuple[int, int], Tile]) -> list[Tile]:
    pieces = part.split()
    if len(pieces) != 3:
        raise NotationError(
            Text("‘{part}’: write a cell, a direction and a word, as H8 across ПОЛКА", part=part)
        )
    cell, way, word = pieces
    row, col = _cell(cell)
    direction = way.casefold()
    if direction not in _ACROSS | _DOWN:
        raise NotationError(Text("‘{way}’ is no direction: across or down", way=way))
    dr, dc = (0, 1) if direction in _ACROSS else (1, 0)
    tiles = []
    blank = False
    for char in word.casefold().replace("ё", "е"):
        if char == BLANK:
            blank = True
            continue
        if not char.isalpha():
            raise NotationError(Text("‘{word}’ has a character that is no letter", word=word))
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise NotationError(Text("‘{word}’ runs off the board", word=word))
        there = laid.get((row, col))
        on_board = board.letter(row, col) or (there.letter if there else None)
        if on_board is None:
            tiles.append(Tile(row, col, char, blank))
        elif on_board != char:
            raise NotationError(
                Text(
                    "{cell} holds {letter}, not {typed}",
                    cell=name(row, col),
                    letter=on_board.upper(),
                    typed=char.upper(),
                )
            )
        blank = False
        row, col = row + dr, col + dc
    if blank:
        raise NotationError(Text("‘*’ goes before the letter a blank stands for"))
    return tiles


def _cell(text: str) -> tuple[int, int]:
    found = _CELL.match(text.translate(_LOOKALIKE))
    if found is None or not 1 <= int(found.group(2)) <= SIZE:
        raise NotationError(Text("‘{cell}’ is no cell: a column A–O and a row 1–15", cell=text))
    return int(found.group(2)) - 1, COLUMNS.index(found.group(1).upper())


def write(tiles: tuple[Tile, ...], board: Board) -> str:
    """A play in this notation, word by word (``board``: before the play).

    Each part is the word that covers the most tiles not yet written.

    >>> write((Tile(7, 7, "к"), Tile(7, 8, "о"), Tile(7, 9, "т", True)), Board.empty())
    'H8 across КО*Т'
    """
    after = board.place(tiles)
    left = {tile.cell for tile in tiles}
    parts: list[str] = []
    while left:
        runs = [
            (len(left.intersection(cells)), across, cells)
            for cell in sorted(left)
            for across in (True, False)
            for cells in [run_through(after, *cell, across)]
        ]
        _, across, cells = max(runs, key=lambda run: (run[0], len(run[2]) > 1, run[1]))
        letters = "".join(
            ("*" if cell in left and after.is_blank(*cell) else "")
            + (after.letter(*cell) or "").upper()
            for cell in cells
        )
        parts.append(f"{name(*cells[0])} {'across' if across else 'down'} {letters}")
        left.difference_update(cells)
    return "; ".join(parts)
