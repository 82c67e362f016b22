"""Properties over random games: they end, replay exactly, keep every card, keep secrets."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.engine import Match, Rng, play_out, replay
from igroteka.games.letters.bots import LEVELS, make_bot
from igroteka.games.letters.rules import EMPTY, LettersState
from tests.games.letters.support import GAME

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**40),
        "levels": st.lists(st.sampled_from(sorted(LEVELS)), min_size=1, max_size=4),
        "options": st.fixed_dictionaries(
            {
                "pairs": st.integers(10, 36),
                "polysemy": st.integers(0, 3),
                "chaos": st.integers(0, 3),
                "exchange": st.integers(0, 3),
                "unique_words": st.booleans(),
                "double_slang": st.booleans(),
            }
        ),
    }
)


def play_game(spec: dict[str, Any]) -> tuple[Match[Any, Any], list[LettersState]]:
    """Play a game of bots; return the match and every state it went through."""
    levels = spec["levels"]
    match: Match[Any, Any] = Match.start(
        GAME, [f"bot:{level}" for level in levels], spec["options"], spec["seed"]
    )
    bots = {seat: make_bot(level, seat, spec["seed"]) for seat, level in enumerate(levels)}
    states = [match.state]
    play_out(match, bots, on_events=lambda _: states.append(match.state), max_actions=20_000)
    return match, states


def every_card(state: LettersState) -> list[int]:
    """Every card of the game wherever it is: on the table, in a hand, discarded."""
    held = [card for hand in state.hands for card in hand]
    return sorted([*(c for c in state.table if c != EMPTY), *held, *state.discard])


def deal_face_down_again(state: LettersState, seed: int) -> LettersState:
    """The same game, but the face-down cards dealt differently and another RNG."""
    down = state.face_down()
    table = list(state.table)
    moved, _ = Rng.from_seed(seed).shuffled([table[p] for p in down])
    for position, card in zip(down, moved, strict=True):
        table[position] = card
    return dataclasses.replace(state, table=tuple(table), rng=Rng.from_seed(seed + 1))


@settings(max_examples=20, deadline=None)
@given(games)
def test_random_games_end_and_keep_every_card(spec: dict[str, Any]) -> None:
    match, states = play_game(spec)
    outcome = match.outcome()
    assert outcome is not None, "the game did not end"
    assert outcome.winners
    cards = list(range(len(states[0].deck)))
    for state in states:
        assert every_card(state) == cards  # no card lost, none doubled, by any prize card


@settings(max_examples=12, deadline=None)
@given(games)
def test_replay_reproduces_every_intermediate_state(spec: dict[str, Any]) -> None:
    match, states = play_game(spec)
    record = match.record()
    again = Match.start(GAME, record.players, record.options, record.seed)
    assert again.state == states[0]
    for logged, expected in zip(record.actions, states[1:], strict=True):
        again.play(logged.seat, GAME.decode_action(logged.action))
        assert again.state == expected
    assert replay(GAME, record).state == match.state


@settings(max_examples=12, deadline=None)
@given(games, st.integers(0, 2**32))
def test_no_view_tells_anything_of_the_face_down_cards(spec: dict[str, Any], other: int) -> None:
    _, states = play_game(spec)
    for state in states[:: max(1, len(states) // 40)]:
        dealt = deal_face_down_again(state, other)
        for seat in (*range(state.players), None):
            assert GAME.view(state, seat) == GAME.view(dealt, seat)
