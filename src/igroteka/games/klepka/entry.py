"""Klepka, words and pictures as the platform knows it (:data:`ENTRY`), and the deal of what a seat
may not know, for the tests of secrets (:func:`redeal`)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from igroteka.engine.entry import Entry
from igroteka.engine.rng import Rng
from igroteka.games.klepka.bots import make_bot
from igroteka.games.klepka.declaration import DECLARATION
from igroteka.games.klepka.rules import DOWN, KlepkaGame, KlepkaState
from igroteka.games.klepka.tools import add_tools

if TYPE_CHECKING:
    from igroteka.terminal import GameTerminal

__all__ = ["ENTRY", "redeal", "terminal"]


def redeal(state: KlepkaState, seed: int, seat: int | None) -> KlepkaState:
    """The same game but with the face-down cards dealt differently and another RNG (no seat
    knows a face-down card)."""
    down = [p for p, place in enumerate(state.place) if place == DOWN]
    cards = list(state.cards)
    moved, _ = Rng.from_seed(seed).shuffled([cards[p] for p in down])
    for position, card in zip(down, moved, strict=True):
        cards[position] = card
    return dataclasses.replace(state, cards=tuple(cards), rng=Rng.from_seed(seed + 1))


def terminal() -> GameTerminal[Any]:
    """The game at a terminal: imported when a person plays it there."""
    from igroteka.games.klepka.terminal import TERMINAL

    return TERMINAL


ENTRY = Entry(
    KlepkaGame(), make_bot, DECLARATION, tools=add_tools, redeal=redeal, terminal=terminal
)
