"""A small table for the Klepka tests: five pairs whose words chain in known ways."""

from __future__ import annotations

from typing import Any

from igroteka.engine import Event
from igroteka.games.klepka.rules import DOWN, Kind, KlepkaGame, KlepkaState

GAME = KlepkaGame()
DECK = {
    "name": "test",
    "lang": "en",
    "pairs": [["cat", "🐈"], ["tiger", "🐅"], ["rat", "🐀"], ["egg", "🥚"], ["goat", "🐐"]],
}


def new(players: int = 2, seed: int = 11, **options: Any) -> KlepkaState:
    """A game on the test deck: all five pairs, one Syncope, seat 0 starts (unless overridden)."""
    raw: dict[str, Any] = {"deck": DECK, "pairs": 5, "syncopes": 1, "starter": 0, **options}
    return GAME.setup(GAME.parse_options(raw), players, seed=seed)


def at(state: KlepkaState, kind: str, word: str = "") -> int:
    """The position of a face-down card: the WORD or PICTURE of ``word``, or a Syncope."""
    deck = state.options.deck
    for position, card in enumerate(state.cards):
        wanted = kind == Kind.SYNCOPE or deck.pairs[card.pair].word == word
        if card.kind == kind and wanted and state.place[position] == DOWN:
            return position
    raise LookupError((kind, word))


def seen(state: KlepkaState, position: int) -> Event:
    """The public event of a card being turned up, as every seat sees it."""
    return Event("flip", {"seat": 0, "position": position, "card": state.cards[position].to_json()})
