"""How to play: each game's short illustrated guide, as data.

A guide is ``content/<game>/guide.json``: for each language (en, uk, ru) five to eight steps,
each a ``title``, a ``text`` a child can read and a ``figure``, the game's own cards and tiles
described as data (the browser draws them, ``web/guide.js``)::

    {"uk": [{"title": "Переверніть дві картки", "text": "…",
             "figure": [{"word": "яблуко"}, {"picture": "🍎"}, {"sign": "✓"}]}, …], …}

A figure is a row of items, each one of:

=============================================  =============================================
``{"back": true}``                             a card face down
``{"picture": "🍎"}``, ``{"word": "яблуко"}``    a Klepka picture or word card
``{"syncope": true}``                          Klepka's Syncope prize card
``{"letter": "К", "colour": "blue",            a Klepka letters card (colour: blue, yellow,
"points": 2}``                                 red, green)
``{"prize": "chaos"}``                         a Klepka letters prize card (polysemy, chaos,
                                               exchange)
``{"tile": "П", "points": 2}``                 a crossword tile (``*``: a blank)
``{"board": ["..к..", "ПОЛка"],                a piece of a crossword board: ``.`` empty, an
"centre": [0, 2]}``                            upper-case letter a tile there, a lower-case
                                               one a tile just laid; ``centre`` marks the
                                               star (optional)
``{"story": ["🐋", "🏠"], "sky": ["#0b1033",     an association card: one to three emoji on
"#2e3a6e"], "number": 2}``                     a sky of one to three colours; the number it
                                               shows on the table (optional)
``{"token": 2}``                               a voting token
``{"sign": "→"}``, ``{"text": "ПОЛ 5"}``        a sign between items (4 characters at most),
                                               a short text (32 at most)
=============================================  =============================================

:func:`guide` reads and checks a guide (:class:`GuideError` says what is wrong):

>>> steps = guide("klepka")["uk"]
>>> 5 <= len(steps) <= 8, steps[0]["title"]
(True, 'Картки лежать сорочкою догори')
>>> has_guide("no-such-game")
False
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any

from igroteka.i18n import LANGUAGES

__all__ = ["FEWEST_STEPS", "MOST_STEPS", "GuideError", "guide", "has_guide", "steps"]

FEWEST_STEPS, MOST_STEPS = 5, 8
TITLE_LIMIT, TEXT_LIMIT, FIGURE_LIMIT = 60, 400, 8
Step = Mapping[str, Any]

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_ITEMS: dict[str, dict[str, Any]] = {
    "back": {"back": True},
    "picture": {"picture": str},
    "word": {"word": str},
    "syncope": {"syncope": True},
    "letter": {"letter": str, "colour": ("blue", "yellow", "red", "green"), "points": int},
    "prize": {"prize": ("polysemy", "chaos", "exchange")},
    "tile": {"tile": str, "points": int},
    "board": {"board": list, "centre": list},
    "story": {"story": list, "sky": list, "number": int},
    "token": {"token": int},
    "sign": {"sign": str},
    "text": {"text": str},
}
"""Each kind of figure item (its first key) and the keys it may have: a type, a value, or
the values allowed."""
_OPTIONAL = {("board", "centre"), ("story", "number")}


class GuideError(ValueError):
    """A guide file that does not hold to the format: ``problem`` says where and what."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def has_guide(game: str) -> bool:
    """Whether a game's content holds a guide."""
    if not re.fullmatch(r"[a-z][a-z0-9_-]*", game):
        return False
    return resources.files("igroteka").joinpath("content", game, "guide.json").is_file()


@functools.cache
def guide(game: str) -> Mapping[str, tuple[Step, ...]]:
    """A game's guide, every language, checked; :class:`GuideError` if it is not right."""
    if not has_guide(game):
        raise GuideError(f"{game} has no guide")
    path = resources.files("igroteka").joinpath("content", game, "guide.json")
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError as error:
        raise GuideError(f"{game}: the guide is no JSON: {error}") from None
    if not isinstance(data, dict) or sorted(data) != sorted(LANGUAGES):
        raise GuideError(f"{game}: a guide has one list of steps for each of {LANGUAGES}")
    return MappingProxyType({lang: _steps(f"{game}/{lang}", data[lang]) for lang in LANGUAGES})


def steps(game: str, lang: str) -> tuple[Step, ...]:
    """A game's guide in a language (English for a language it is not written in)."""
    found = guide(game)
    return found[lang] if lang in found else found["en"]


def _steps(where: str, data: Any) -> tuple[Step, ...]:
    if not isinstance(data, list) or not FEWEST_STEPS <= len(data) <= MOST_STEPS:
        raise GuideError(f"{where}: {FEWEST_STEPS} to {MOST_STEPS} steps")
    for number, step in enumerate(data, 1):
        at = f"{where}, step {number}"
        if not isinstance(step, dict) or sorted(step) != ["figure", "text", "title"]:
            raise GuideError(f"{at}: a step is a title, a text and a figure")
        for key, limit in (("title", TITLE_LIMIT), ("text", TEXT_LIMIT)):
            if not isinstance(step[key], str) or not 0 < len(step[key]) <= limit:
                raise GuideError(f"{at}: the {key} is text of 1 to {limit} characters")
        figure = step["figure"]
        if not isinstance(figure, list) or not 0 < len(figure) <= FIGURE_LIMIT:
            raise GuideError(f"{at}: a figure is a row of 1 to {FIGURE_LIMIT} items")
        for item in figure:
            _item(at, item)
    return tuple(data)


def _item(at: str, item: Any) -> None:
    kind = next(iter(item), None) if isinstance(item, dict) else None
    if kind not in _ITEMS:
        raise GuideError(f"{at}: no such figure item: {item!r}")
    allowed = _ITEMS[kind]
    wanted = {key for key in allowed if (kind, key) not in _OPTIONAL}
    if not wanted <= set(item) <= set(allowed):
        raise GuideError(f"{at}: a {kind} item has {', '.join(allowed)}")
    for key, value in item.items():
        rule = allowed[key]
        ok = (
            value in rule
            if isinstance(rule, tuple)
            else value is rule
            if isinstance(rule, bool)
            else isinstance(value, rule) and not isinstance(value, bool)
        )
        if not ok:
            raise GuideError(f"{at}: {kind}: {key} cannot be {value!r}")
    problem = _shape(kind, item)
    if problem:
        raise GuideError(f"{at}: {kind}: {problem}")


def _shape(kind: str, item: Mapping[str, Any]) -> str | None:
    """What is wrong with an item's values beyond their types, or None."""
    if kind == "sign" and not 0 < len(item["sign"]) <= 4:
        return "a sign has 1 to 4 characters"
    if kind == "text" and not 0 < len(item["text"]) <= 32:
        return "a text has 1 to 32 characters"
    if kind in ("letter", "tile") and len(item[kind]) != 1:
        return "one letter"
    if kind == "board":
        rows = item["board"]
        if not rows or len({len(row) for row in rows}) != 1 or len(rows[0]) > 7 or len(rows) > 7:
            return "rows of one length, 7 cells at most, 7 rows at most"
        centre = item.get("centre", [0, 0])
        if len(centre) != 2 or not (0 <= centre[0] < len(rows) and 0 <= centre[1] < len(rows[0])):
            return "the centre is a cell of the board"
    if kind == "story":
        emoji, sky = item["story"], item["sky"]
        if not 0 < len(emoji) <= 3 or not all(isinstance(e, str) and e for e in emoji):
            return "one to three emoji"
        if not 0 < len(sky) <= 3 or not all(isinstance(c, str) and _COLOUR.match(c) for c in sky):
            return "a sky of one to three colours (#rrggbb)"
    return None
