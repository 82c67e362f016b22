"""A position given as JSON (``igroteka crossword check`` and ``moves``): board, move, rack.

``{"lang": "ru", "board": [15 strings of 15 characters], "move": [[row, col, "Л", false], …],
"rack": "АБВГДЕ*"}``: rows and columns from 0; on the board ``.`` is an empty cell,
an upper-case letter a tile, a lower-case letter a blank standing for that letter;
in ``move`` the last field says whether the tile is a blank; in ``rack`` ``*`` is
a blank. ``"premiums": "every" | "first"`` and ``"bonus": N`` are the house rules
of the game's options (the sheet's by default)::

    >>> found = read_position({"lang": "ru", "board": ["." * 15] * 15, "rack": "пол"})
    >>> found.lang, found.rack, found.board.is_empty()
    ('ru', 'пол', True)
    >>> read_position({"lang": "en", "board": []})
    Traceback (most recent call last):
    ...
    igroteka.games.crossword.position.PositionError: "lang" is "ru" or "uk", not "en"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from igroteka.engine.game import IllegalAction
from igroteka.games.crossword.board import BLANK, SIZE, Board, Tile, tile_set
from igroteka.games.crossword.rules import BONUS_LIMIT, CrosswordGame, Play
from igroteka.lexicon.text import Language

__all__ = ["Position", "PositionError", "read_position"]


class PositionError(ValueError):
    """JSON that is no position: ``reason`` says why, in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Position:
    lang: Language
    board: Board
    move: tuple[Tile, ...] = ()
    rack: str | None = None
    every: bool = True
    bonus: int = 0


def read_position(data: Any) -> Position:
    """A position from parsed JSON; :class:`PositionError` names what is wrong."""
    if not isinstance(data, Mapping):
        raise PositionError("a position is a JSON object with lang and board")
    lang = data.get("lang")
    if lang not in ("ru", "uk"):
        raise PositionError(f'"lang" is "ru" or "uk", not {_shown(lang)}')
    language: Language = "uk" if lang == "uk" else "ru"
    board = _board(data.get("board"), language)
    move: tuple[Tile, ...] = ()
    if "move" in data:
        try:
            action = CrosswordGame().decode_action({"type": "play", "tiles": data["move"]})
        except IllegalAction as error:
            raise PositionError(f'"move": {error.reason}') from None
        assert isinstance(action, Play)
        move = action.tiles
    rack = _rack(data["rack"], language) if "rack" in data else None
    premiums = data.get("premiums", "every")
    if premiums not in ("every", "first"):
        raise PositionError(f'"premiums" is "every" or "first", not {_shown(premiums)}')
    bonus = data.get("bonus", 0)
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= BONUS_LIMIT:
        raise PositionError(f'"bonus" is a whole number from 0 to {BONUS_LIMIT}')
    return Position(language, board, move, rack, premiums == "every", bonus)


def _shown(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def _board(rows: Any, lang: Language) -> Board:
    letters = set(tile_set(lang).points) - {BLANK}
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise PositionError(f'"board" is a list of {SIZE} strings of {SIZE} characters')
    clean = []
    for number, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != SIZE:
            raise PositionError(f'"board" row {number} is not a string of {SIZE} characters')
        row = row.replace("Ё", "Е").replace("ё", "е")
        odd = sorted({char for char in row if char != "." and char.lower() not in letters})
        if odd:
            raise PositionError(
                f'"board" row {number} has {" ".join(odd)}: neither "." nor a letter of {lang}'
            )
        clean.append(row)
    return Board(tuple(clean))


def _rack(text: Any, lang: Language) -> str:
    letters = set(tile_set(lang).points)
    if not isinstance(text, str):
        raise PositionError('"rack" is a string of letters, * for a blank')
    rack = text.strip().lower().replace("ё", "е")
    if len(rack) > tile_set(lang).rack:
        raise PositionError(f'"rack" holds at most {tile_set(lang).rack} tiles')
    odd = sorted({char for char in rack if char not in letters})
    if odd:
        raise PositionError(f'"rack" has {" ".join(odd)}: neither a letter of {lang} nor *')
    return rack
