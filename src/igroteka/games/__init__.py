"""The games, and the one place that knows each game's name.

>>> get_game("klepka").name
'klepka'
>>> game_names()
('klepka', 'letters')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from igroteka.engine.bot import Agent
from igroteka.engine.game import Game, OptionsError
from igroteka.i18n import Text


@dataclass(frozen=True)
class Entry:
    game: Game[Any, Any]
    make_bot: Callable[[str, int, int], Agent[Any]]
    """``make_bot(level, seat, seed)``: raises :class:`OptionsError` for an unknown level."""
    bot_levels: tuple[str, ...]


def _registry() -> dict[str, Entry]:
    from igroteka.games.klepka import bots, rules
    from igroteka.games.letters import bots as letters_bots
    from igroteka.games.letters import rules as letters_rules

    return {
        "klepka": Entry(rules.KlepkaGame(), bots.make_bot, tuple(bots.LEVELS)),
        "letters": Entry(
            letters_rules.LettersGame(), letters_bots.make_bot, tuple(letters_bots.LEVELS)
        ),
    }


_GAMES: dict[str, Entry] | None = None


def _entries() -> dict[str, Entry]:
    global _GAMES
    if _GAMES is None:
        _GAMES = _registry()
    return _GAMES


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
