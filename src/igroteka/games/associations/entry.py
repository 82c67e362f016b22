"""The association game as the platform knows it (:data:`ENTRY`), and the deal of what a seat
may not know, for the tests of secrets (:func:`redeal`)."""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from igroteka.engine.entry import Entry
from igroteka.games.associations.bots import make_bot
from igroteka.games.associations.declaration import DECLARATION
from igroteka.games.associations.rules import AssociationsGame, AssociationsState, Phase
from igroteka.games.associations.tools import add_tools

if TYPE_CHECKING:
    from igroteka.terminal import GameTerminal

__all__ = ["ENTRY", "preload", "redeal", "terminal"]


def _spread(cards: list[str], sizes: list[int]) -> list[tuple[str, ...]]:
    parts = []
    for size in sizes:
        parts.append(tuple(cards[:size]))
        cards = cards[size:]
    return parts


def redeal(state: AssociationsState, seed: int, seat: int | None) -> AssociationsState:
    """The same game with what ``seat`` (a player, the storyteller or, for ``None``, a
    spectator) may not know changed: the other hands and the pile; which card is the
    storyteller's and who laid the others; the others' votes and confirmations. Its view
    must not change."""
    rng = random.Random(seed)
    others = [s for s in range(state.players) if s != seat]
    layers = [s for s in others if s != state.storyteller]
    secret_tell = seat != state.storyteller
    laid: list[tuple[str, ...]] = list(state.laid) if state.laid else [()] * state.players
    told = list(state.told)
    if state.phase == Phase.VOTE:
        # The table is shown: which of its cards is whose is the secret.
        secret = [card for s in layers for card in laid[s]] + (told if secret_tell else [])
        rng.shuffle(secret)
        for s in layers:
            laid[s] = tuple(secret.pop() for _ in laid[s])
        told = secret if secret_tell else told
        hidden: list[str] = []
        sizes: list[int] = []
    else:
        hidden = (told if secret_tell else []) + [card for s in layers for card in laid[s]]
        sizes = ([len(told)] if secret_tell else []) + [len(laid[s]) for s in layers]
    hands = list(state.hands)
    hidden += list(state.pile) + [card for s in others for card in hands[s]]
    sizes += [len(state.pile)] + [len(hands[s]) for s in others]
    rng.shuffle(hidden)
    parts = _spread(hidden, sizes)
    if state.phase != Phase.VOTE:
        told = list(parts.pop(0)) if secret_tell else told
        for s in layers:
            laid[s] = parts.pop(0)
    pile = parts.pop(0)
    for s in others:
        hands[s] = parts.pop(0)
    numbers = list(range(1, len(state.table) + 1))
    votes = [
        v if s == seat or not v else tuple(rng.sample(numbers, len(v)))
        for s, v in enumerate(state.votes)
    ]
    confirms = [
        c if s == seat or c is None else rng.random() < 0.5 for s, c in enumerate(state.confirms)
    ]
    return dataclasses.replace(
        state,
        hands=tuple(hands),
        pile=pile,
        laid=tuple(laid) if state.laid else state.laid,
        told=tuple(told),
        votes=tuple(votes),
        confirms=tuple(confirms),
    )


def terminal() -> GameTerminal[Any]:
    """The game at a terminal: imported when a person plays it there."""
    from igroteka.games.associations.terminal import TERMINAL

    return TERMINAL


def preload(languages: tuple[str, ...]) -> str:
    """The bots' meaning model and the cards' vectors, loaded (not run: a run would start the
    model's threads, which a fork must not copy) before the server's workers are forked."""
    from igroteka.games.associations import meaning

    return meaning.load()


ENTRY = Entry(
    AssociationsGame(),
    make_bot,
    DECLARATION,
    tools=add_tools,
    redeal=redeal,
    terminal=terminal,
    preload=preload,
)
