"""Klepka letters as the platform knows it (:data:`ENTRY`), and the deal of what a seat
may not know, for the tests of secrets (:func:`redeal`)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from igroteka.engine.entry import Entry
from igroteka.engine.rng import Rng
from igroteka.games.letters.bots import make_bot
from igroteka.games.letters.declaration import DECLARATION
from igroteka.games.letters.rules import LANG, LettersGame, LettersState

if TYPE_CHECKING:
    from igroteka.terminal import GameTerminal

__all__ = ["ENTRY", "preload", "redeal", "terminal"]


def redeal(state: LettersState, seed: int, seat: int | None) -> LettersState:
    """The same game, but the face-down cards dealt differently (each named by the place it
    lands at, as the rules deal them) and another RNG."""
    down = state.face_down()
    deck = list(state.deck)
    moved, _ = Rng.from_seed(seed).shuffled([deck[p] for p in down])
    for position, card in zip(down, moved, strict=True):
        deck[position] = dataclasses.replace(card, id=position)
    return dataclasses.replace(state, deck=tuple(deck), rng=Rng.from_seed(seed + 1))


def terminal() -> GameTerminal[Any]:
    """The game at a terminal: imported when a person plays it there."""
    from igroteka.games.letters.terminal import TERMINAL

    return TERMINAL


def preload(languages: tuple[str, ...]) -> tuple[str, ...]:
    """The word frequencies the bots rank words by (wordfreq's list, read whole on its first
    question), when the lexicon of the game's language is loaded: the languages read."""
    from igroteka.lexicon.frequency import zipf

    if LANG not in languages:
        return ()
    zipf("а", LANG)
    return (LANG,)


ENTRY = Entry(
    LettersGame(), make_bot, DECLARATION, redeal=redeal, terminal=terminal, preload=preload
)
