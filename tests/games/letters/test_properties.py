"""Properties over random games: they end, replay exactly, keep every card, keep secrets."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.engine import Event, Match, Rng, play_out, replay
from igroteka.games.letters.bots import LEVELS, make_bot
from igroteka.games.letters.entry import redeal
from igroteka.games.letters.rules import EMPTY, Flip, LettersState
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

chaotic = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**40),
        "levels": st.lists(st.sampled_from(sorted(LEVELS)), min_size=2, max_size=4),
        "options": st.fixed_dictionaries(
            {"pairs": st.integers(10, 24), "chaos": st.integers(3, 8), "exchange": st.just(0)}
        ),
    }
)
"""Games of two to four seats with many Chaos cards."""


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


@settings(max_examples=20, deadline=None)
@given(games)
@pytest.mark.slow
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
@pytest.mark.slow
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
@pytest.mark.slow
def test_no_view_tells_anything_of_the_face_down_cards(spec: dict[str, Any], other: int) -> None:
    _, states = play_game(spec)
    for state in states[:: max(1, len(states) // 40)]:
        dealt = redeal(state, other, None)
        for seat in (*range(state.players), None):
            assert GAME.view(state, seat) == GAME.view(dealt, seat)


def flipped_ids(events: tuple[Event, ...]) -> list[tuple[int, int]]:
    """The places and ids of the cards that came up."""
    return [(e.data["position"], e.data["card"]["id"]) for e in events if e.kind == "flip"]


@settings(max_examples=25, deadline=None)
@given(chaotic, st.integers(0, 2**32))
@pytest.mark.slow
def test_after_a_chaos_no_id_tells_which_card_was_shuffled_where(
    spec: dict[str, Any], other: int
) -> None:
    """What a seat may know of the table after a Chaos: its places, the cards that stayed up,
    and of the face-down cards only which ones there are, not which lies where. So the id
    of a card that comes up after a Chaos is the same whatever the shuffle dealt: the game
    played on with the Chaos shuffling otherwise looks the same to every seat until a card
    comes up, and that card comes up under the same id (its face may differ)."""
    match, states = play_game(spec)
    chaoses = [n for n, logged in enumerate(match.log) if logged.action == {"type": "chaos"}]
    for n in chaoses:
        real, fork = states[n], dataclasses.replace(states[n], rng=Rng.from_seed(other + n))
        for logged in match.log[n:]:
            action = GAME.decode_action(logged.action)
            real, said = GAME.apply(real, logged.seat, action)
            fork, told = GAME.apply(fork, logged.seat, action)
            if isinstance(action, Flip):
                assert flipped_ids(said) == flipped_ids(told)
                break
            assert said == told
            for seat in (*range(real.players), None):
                assert GAME.view(real, seat) == GAME.view(fork, seat)


@settings(max_examples=25, deadline=None)
@given(chaotic)
@pytest.mark.slow
def test_a_card_seen_before_a_chaos_cannot_be_followed_after_it(spec: dict[str, Any]) -> None:
    """What every seat sees (the events are public): an id that has come up at one place
    never comes up at another, so no card is followed across a Chaos by its id; the cards
    the Chaos shuffled are told apart only by their faces, as at a real table."""
    match, _ = play_game(spec)
    again = Match.start(GAME, match.players, match.options, match.seed)
    place: dict[int, int] = {}
    for logged in match.log:
        for position, card in flipped_ids(
            again.play(logged.seat, GAME.decode_action(logged.action))
        ):
            assert place.setdefault(card, position) == position, (card, place[card], position)
