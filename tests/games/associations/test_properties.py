"""Properties of the association game over whole games of random choices."""

from __future__ import annotations

import random

import pytest

from igroteka.engine import IllegalAction, Match, replay
from igroteka.games.associations.deck import builtin_deck
from igroteka.games.associations.entry import redeal
from igroteka.games.associations.rules import (
    LIMITS,
    AssociationsGame,
    AssociationsState,
    Phase,
    Tell,
    Vote,
)

GAME = AssociationsGame()
CLUES = {
    "question": "Куда ведёт дорога?",
    "four_words": "one two three four",
    "love": "What I love most: tea",
}


def random_action(state: AssociationsState, seat: int, rng: random.Random) -> object:
    """A legal choice at random: a card, a clue of the form asked, a vote, a confirmation."""
    listed = GAME.legal_actions(state, seat)
    if listed:
        return rng.choice(listed)
    if state.phase == Phase.TELL:
        hand = state.hands[seat]
        others = tuple(rng.sample(hand[1:], 4)) if state.players == 2 else ()
        return Tell(
            hand[0], CLUES.get(state.form, rng.choice(["ночь", "тиша", "home"])), others=others
        )
    numbers = list(range(1, len(state.table) + 1))
    return Vote(tuple(rng.sample(numbers, rng.randint(1, 3))))


def random_game(players: int, seed: int, **options: object) -> Match[AssociationsState, object]:
    rng = random.Random(seed)
    match: Match[AssociationsState, object] = Match.start(
        GAME, [f"p{n}" for n in range(players)], {"starter": "random", **options}, seed
    )
    for _ in range(5000):
        if match.outcome() is not None:
            return match
        seat = rng.choice(sorted(GAME.actors(match.state)))
        match.play(seat, random_action(match.state, seat, rng))  # type: ignore[arg-type]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (4, 6)])
def test_games_end_and_replay_exactly(players: int, seed: int) -> None:
    match = random_game(players, seed)
    outcome = match.outcome()
    assert outcome is not None and max(outcome.scores) >= 24
    again = replay(GAME, match.record())
    assert GAME.encode_state(again.state) == GAME.encode_state(match.state)


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (4, 8), (5, 9)])
def test_nobody_learns_who_laid_which_card_or_a_vote_before_the_reveal(
    players: int, seed: int
) -> None:
    match = random_game(players, seed)
    again: Match[AssociationsState, object] = Match.start(
        GAME, match.players, match.options, match.seed
    )
    for step, logged in enumerate(match.log):
        state = again.state
        for seat in (None, *range(players)):
            if state.phase != Phase.OVER:
                assert GAME.view(redeal(state, step, seat), seat) == GAME.view(state, seat)
        events = again.play(logged.seat, GAME.decode_action(logged.action))
        for event in events:
            if event.kind in ("told", "laid_cards", "vote"):
                assert event.to == {logged.seat}


def test_a_refused_action_changes_nothing() -> None:
    match = random_game(4, 11)
    rng = random.Random(11)
    again: Match[AssociationsState, object] = Match.start(GAME, match.players, match.options, 11)
    for logged in match.log[:40]:
        state = again.state
        before = GAME.encode_state(state)
        seat = rng.randrange(4)
        for data in (
            {"type": "vote", "cards": [rng.randint(-1, 7)]},
            {"type": "lay", "cards": ["no-such-card"]},
            {"type": "tell", "card": "no-such-card", "clue": ""},
            {"type": "confirm", "ok": "maybe"},
        ):
            try:
                GAME.apply(state, seat, GAME.decode_action(data))
            except IllegalAction as refused:
                assert refused.reason
            assert GAME.encode_state(state) == before
        again.play(logged.seat, GAME.decode_action(logged.action))


def test_the_deck_option_reaches_every_built_in_card() -> None:
    assert LIMITS["cards"][1] == len(builtin_deck())
