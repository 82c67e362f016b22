"""The games, and the one place that knows each game's name.

A game is one line of :data:`GAMES`: its package's ``entry.py`` names its rules, its
bot factory, its declaration (titles, options, bot levels: ``declaration.py``) and its
hooks (:class:`~igroteka.engine.entry.Entry`).
The lobby, the command line, the API and the terminal are made from it.

>>> name = game_names()[0]
>>> get_game(name).name == name
True
>>> game_names() == GAMES
True
>>> "rules" in versions(name)
True
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from igroteka.engine.entry import Entry
from igroteka.engine.game import Game, OptionsError
from igroteka.i18n import Text

__all__ = ["GAMES", "Entry", "entry", "game_names", "get_game", "register", "versions"]

GAMES = ("klepka", "letters", "crossword", "associations")
"""The registry: each game's package, which holds all of it (``games/<name>/entry.py``)."""


def _registry() -> dict[str, Entry]:
    return {name: import_module(f"igroteka.games.{name}.entry").ENTRY for name in GAMES}


_GAMES: dict[str, Entry] | None = None


def _entries() -> dict[str, Entry]:
    global _GAMES
    if _GAMES is None:
        _GAMES = _registry()
    return _GAMES


def register(found: Entry) -> Callable[[], None]:
    """Add a game (a test's own, say) to the registry; the answer takes it out again."""
    name = found.game.name
    if name != found.declaration.name:
        raise ValueError(f"the game {name} is declared as {found.declaration.name}")
    entries = _entries()
    entries[name] = found

    def unregister() -> None:
        entries.pop(name, None)

    return unregister


def game_names() -> tuple[str, ...]:
    return tuple(_entries())


def entry(name: str) -> Entry:
    """The registry entry of a game; :class:`OptionsError` for an unknown name."""
    try:
        return _entries()[name]
    except KeyError:
        raise OptionsError(
            Text(
                "there is no game ‘{name}’ (choose {choices})",
                name=name,
                choices=", ".join(game_names()),
            )
        ) from None


def get_game(name: str) -> Game[Any, Any]:
    return entry(name).game


def versions(name: str) -> dict[str, Any]:
    """What a new match of a game is played with: its rules' version, and the lexicon's
    for a game that asks it. Records keep them, so a replay can say what changed."""
    found = entry(name)
    kept: dict[str, Any] = {"rules": found.game.version}
    if found.declaration.lexicon:
        from igroteka.lexicon import version

        kept["lexicon"] = version()
    return kept
