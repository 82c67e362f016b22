"""The games, and the one place that knows each game's name.

A game is one line of :func:`_registry`: its rules, its bot factory and its
declaration (titles, options, bot levels: ``games/<name>/declaration.py``).
The lobby, the command line, the API and the terminal are made from it.

>>> get_game("klepka").name
'klepka'
>>> game_names()
('klepka', 'letters', 'crossword', 'associations')
>>> versions("klepka")
{'rules': 1}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from igroteka.engine.bot import Agent
from igroteka.engine.declaration import Declaration
from igroteka.engine.game import Game, OptionsError
from igroteka.i18n import Text


@dataclass(frozen=True)
class Entry:
    game: Game[Any, Any]
    make_bot: Callable[[str, int, int], Agent[Any]]
    """``make_bot(level, seat, seed)``: raises :class:`OptionsError` for an unknown level."""
    declaration: Declaration

    @property
    def bot_levels(self) -> tuple[str, ...]:
        return self.declaration.bot_levels


def _registry() -> dict[str, Entry]:
    from igroteka.games.associations import bots as associations_bots
    from igroteka.games.associations import declaration as associations_declaration
    from igroteka.games.associations import rules as associations_rules
    from igroteka.games.crossword import bots as crossword_bots
    from igroteka.games.crossword import declaration as crossword_declaration
    from igroteka.games.crossword import rules as crossword_rules
    from igroteka.games.klepka import bots, declaration, rules
    from igroteka.games.letters import bots as letters_bots
    from igroteka.games.letters import declaration as letters_declaration
    from igroteka.games.letters import rules as letters_rules

    return {
        "klepka": Entry(rules.KlepkaGame(), bots.make_bot, declaration.DECLARATION),
        "letters": Entry(
            letters_rules.LettersGame(), letters_bots.make_bot, letters_declaration.DECLARATION
        ),
        "crossword": Entry(
            crossword_rules.CrosswordGame(),
            crossword_bots.make_bot,
            crossword_declaration.DECLARATION,
        ),
        "associations": Entry(
            associations_rules.AssociationsGame(),
            associations_bots.make_bot,
            associations_declaration.DECLARATION,
        ),
    }


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
