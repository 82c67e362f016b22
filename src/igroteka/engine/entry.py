"""A game as the platform knows it: one value that names everything of the game.

Each game's package makes one (``games/<name>/entry.py``, ``ENTRY``) and the registry
(:mod:`igroteka.games`) lists the packages, one line each. The lobby, the server, the
command line and the tests find every part of the game through it, and nothing else names
the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from igroteka.engine.bot import Agent
from igroteka.engine.declaration import Declaration
from igroteka.engine.game import Game

__all__ = ["Entry"]


@dataclass(frozen=True)
class Entry:
    """The rules, the bots, the declaration, and the game's own hooks (each optional)."""

    game: Game[Any, Any]
    make_bot: Callable[[str, int, int], Agent[Any]]
    """``make_bot(level, seat, seed)``: raises :class:`OptionsError` for an unknown level."""
    declaration: Declaration
    tools: Callable[[Any], None] | None = None
    """Adds the game's own tools to the command line (``igroteka <game> <tool>``), given the
    ``argparse`` subparsers; ``None``: the game has none. Each tool sets its parser's
    default ``func``, which takes the parsed arguments and returns the exit status."""
    redeal: Callable[[Any, int, int | None], Any] | None = None
    """``redeal(state, seed, seat)``: the same game with what ``seat`` (``None``: a
    spectator) may not know dealt again, so that a test can check that no view tells it."""
    terminal: Callable[[], Any] | None = None
    """``terminal()``: the game at a terminal, a :class:`igroteka.terminal.GameTerminal`
    (its module imported only when a person plays there); ``None``: the plain one, which
    shows the views and reads actions as JSON."""
    preload: Callable[[tuple[str, ...]], Any] | None = None
    """``preload(languages)``: what the game's bots load once in the parent of the server's
    worker processes, so that every worker shares it (a model, the word frequencies they rank
    by), given the languages whose lexicon is loaded there; its answer is kept alive there.
    ``None``: nothing beyond the lexicon of the game's languages."""

    @property
    def bot_levels(self) -> tuple[str, ...]:
        return self.declaration.bot_levels
