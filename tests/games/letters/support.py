"""Tables for the Klepka letters tests: a seeded deal, and hands given by letters."""

from __future__ import annotations

import dataclasses
from typing import Any

from igroteka.games.letters.deck import Kind
from igroteka.games.letters.rules import EMPTY, LettersGame, LettersState

GAME = LettersGame()


def new(players: int = 2, seed: int = 5, **options: Any) -> LettersState:
    """A game of the default deck where seat 0 starts (unless the options say otherwise)."""
    raw: dict[str, Any] = {"starter": 0, **options}
    return GAME.setup(GAME.parse_options(raw), players, seed=seed)


def on_table(
    state: LettersState, letters: str = "", kind: str = Kind.LETTER, colour: str = ""
) -> list[int]:
    """Ids of cards lying on the table: one per letter of ``letters`` (or one of a prize kind)."""
    lying = [card for card in state.table if card != EMPTY]
    found: list[int] = []
    for letter in letters or [""]:
        for card in lying:
            face = state.deck[card]
            if (
                card not in found
                and face.kind == kind
                and (face.letter == letter or kind != Kind.LETTER)
                and (not colour or face.colour == colour)
            ):
                found.append(card)
                break
        else:
            raise LookupError((letter, kind, colour))
    return found


def give(state: LettersState, seat: int, cards: list[int]) -> LettersState:
    """The same game with these cards taken from the table into a seat's hand."""
    table = tuple(EMPTY if card in cards else card for card in state.table)
    hands = list(state.hands)
    hands[seat] = (*hands[seat], *cards)
    return dataclasses.replace(state, table=table, hands=tuple(hands))


def place(state: LettersState, card: int) -> int:
    """The table position of a card."""
    return state.table.index(card)


def play(state: LettersState, seat: int, *actions: Any) -> LettersState:
    for action in actions:
        state, _ = GAME.apply(state, seat, action)
    return state
