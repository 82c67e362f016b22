"""How to play: each game's short illustrated guide, as data.

A guide is ``guide.json`` in the game's package (``games/<name>/guide.json``): for each
language (en, uk, ru) five to eight steps, each a ``title``, a ``text`` a child can read and a
``figure``, a row of items described as data (the browser draws them, ``web/guide.js``)::

    {"uk": [{"title": "Переверніть дві картки", "text": "…",
             "figure": [{"back": true}, {"sign": "→"}, {"text": "ПОЛ 5"}]}, …], …}

Every guide may show these items:

=============================================  =============================================
``{"back": true}``                             a card face down
``{"sign": "→"}``                              a sign between items (4 characters at most)
``{"text": "ПОЛ 5"}``                          a short text (32 at most)
=============================================  =============================================

and each game its own, the game's cards and tiles, declared in its package's ``guide.py``:
``FIGURES`` names each kind (its first key) with the keys it may have, each a type, a value
or the values allowed (a key ending in ``?`` may be left out), and ``shape(kind, item)`` may
say what is wrong with an item's values beyond their types. The browser asks the game's
renderer to draw them (``figure`` in ``games/<name>/web/renderer.js``).

:func:`guide` reads and checks a guide (:class:`GuideError` says what is wrong):

>>> first = game_names()[0]
>>> steps = guide(first)["uk"]
>>> FEWEST_STEPS <= len(steps) <= MOST_STEPS, sorted(steps[0])
(True, ['figure', 'text', 'title'])
>>> has_guide("no-such-game")
False
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from importlib import import_module, resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any

from igroteka.games import game_names
from igroteka.i18n import LANGUAGES

__all__ = ["FEWEST_STEPS", "MOST_STEPS", "GuideError", "figures", "guide", "has_guide", "steps"]

FEWEST_STEPS, MOST_STEPS = 5, 8
TITLE_LIMIT, TEXT_LIMIT, FIGURE_LIMIT = 60, 400, 8
Step = Mapping[str, Any]
Figures = Mapping[str, Mapping[str, Any]]
Shape = Callable[[str, Mapping[str, Any]], str | None]

SHARED: Figures = MappingProxyType(
    {"back": {"back": True}, "sign": {"sign": str}, "text": {"text": str}}
)
"""The items every guide may show, each kind (its first key) with the keys it may have."""


class GuideError(ValueError):
    """A guide file that does not hold to the format: ``problem`` says where and what."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _package(game: str) -> Traversable | None:
    """The folder of a registered game's package (``igroteka.games.<name>``), or None."""
    if game not in game_names():
        return None
    try:
        return resources.files(f"igroteka.games.{game}")
    except ModuleNotFoundError:  # a game registered from elsewhere (a test's own)
        return None


def has_guide(game: str) -> bool:
    """Whether a registered game's package holds a guide."""
    package = _package(game)
    return package is not None and package.joinpath("guide.json").is_file()


@functools.cache
def figures(game: str) -> tuple[Figures, Shape | None]:
    """The items a game's guide may show: the shared ones and its own (``FIGURES`` of its
    package's ``guide.py``), and its check of their values (``shape``), if any."""
    try:
        module = import_module(f"igroteka.games.{game}.guide")
    except ModuleNotFoundError:
        return SHARED, None
    own: Figures = getattr(module, "FIGURES", {})
    if set(own) & set(SHARED):
        raise GuideError(f"{game}: guide.py may not declare {', '.join(set(own) & set(SHARED))}")
    return MappingProxyType({**SHARED, **own}), getattr(module, "shape", None)


@functools.cache
def guide(game: str) -> Mapping[str, tuple[Step, ...]]:
    """A game's guide, every language, checked; :class:`GuideError` if it is not right."""
    if not has_guide(game):
        raise GuideError(f"{game} has no guide")
    path = _package(game).joinpath("guide.json")  # type: ignore[union-attr]
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError as error:
        raise GuideError(f"{game}: the guide is no JSON: {error}") from None
    if not isinstance(data, dict) or sorted(data) != sorted(LANGUAGES):
        raise GuideError(f"{game}: a guide has one list of steps for each of {LANGUAGES}")
    kinds, shape = figures(game)
    return MappingProxyType(
        {lang: _steps(f"{game}/{lang}", data[lang], kinds, shape) for lang in LANGUAGES}
    )


def steps(game: str, lang: str) -> tuple[Step, ...]:
    """A game's guide in a language (English for a language it is not written in)."""
    found = guide(game)
    return found[lang] if lang in found else found["en"]


def _steps(where: str, data: Any, kinds: Figures, shape: Shape | None) -> tuple[Step, ...]:
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
            _item(at, item, kinds, shape)
    return tuple(data)


def _item(at: str, item: Any, kinds: Figures, shape: Shape | None) -> None:
    kind = next(iter(item), None) if isinstance(item, dict) else None
    if not isinstance(kind, str) or kind not in kinds:
        raise GuideError(f"{at}: no such figure item: {item!r}")
    declared = kinds[kind]
    allowed = {key.rstrip("?"): rule for key, rule in declared.items()}
    wanted = {key for key in declared if not key.endswith("?")}
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
    problem = _shape(kind, item) if kind in SHARED else shape(kind, item) if shape else None
    if problem:
        raise GuideError(f"{at}: {kind}: {problem}")


def _shape(kind: str, item: Mapping[str, Any]) -> str | None:
    """What is wrong with a shared item's values beyond their types, or None."""
    if kind == "sign" and not 0 < len(item["sign"]) <= 4:
        return "a sign has 1 to 4 characters"
    if kind == "text" and not 0 < len(item["text"]) <= 32:
        return "a text has 1 to 32 characters"
    return None
