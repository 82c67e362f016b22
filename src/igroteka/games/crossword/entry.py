"""The crossword as the platform knows it (:data:`ENTRY`), and the deal of what a seat
may not know, for the tests of secrets (:func:`redeal`)."""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from igroteka.engine.entry import Entry
from igroteka.games.crossword.bots import make_bot
from igroteka.games.crossword.declaration import DECLARATION
from igroteka.games.crossword.rules import CrosswordGame, CrosswordState, Phase
from igroteka.games.crossword.tools import add_tools

if TYPE_CHECKING:
    from igroteka.terminal import GameTerminal

__all__ = ["ENTRY", "redeal", "terminal"]


def redeal(state: CrosswordState, seed: int, seat: int | None) -> CrosswordState:
    """The same game with what ``seat`` may not know dealt again: the bag's order and the
    other racks (sizes kept). Once the game is over, the racks are shown: only the bag."""
    rng = random.Random(seed)
    if state.phase == Phase.OVER:
        bag = list(state.bag)
        rng.shuffle(bag)
        return dataclasses.replace(state, bag=tuple(bag))
    hidden = [s for s in range(state.players) if s != seat]
    pool = list(state.bag) + [tile for s in hidden for tile in state.racks[s]]
    rng.shuffle(pool)
    racks = list(state.racks)
    for s in hidden:
        racks[s], pool = "".join(pool[: len(racks[s])]), pool[len(racks[s]) :]
    return dataclasses.replace(state, racks=tuple(racks), bag=tuple(pool))


def terminal() -> GameTerminal[Any]:
    """The game at a terminal: imported when a person plays it there."""
    from igroteka.games.crossword.terminal import TERMINAL

    return TERMINAL


ENTRY = Entry(
    CrosswordGame(), make_bot, DECLARATION, tools=add_tools, redeal=redeal, terminal=terminal
)
