"""The exact values bot:hard plays by: hand-checked cases, invariants, and simulations."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from igroteka.engine import Event, Match, events_for, play_out
from igroteka.games.klepka.bots import make_bot
from igroteka.games.klepka.rules import UP, Conceal, Flip, Kind, Phase
from igroteka.games.klepka.strategy import (
    Duel,
    Follow,
    Opening,
    Solitaire,
    duel,
    solitaire,
)
from tests.games.klepka.support import DECK, GAME, at, new


def play(levels: list[str], options: dict[str, Any], seed: int) -> Match[Any, Any]:
    match: Match[Any, Any] = Match.start(GAME, [f"bot:{level}" for level in levels], options, seed)
    play_out(match, {seat: make_bot(level, seat, seed) for seat, level in enumerate(levels)})
    return match


# ---------------------------------------------------------------- by hand


def test_with_one_pair_left_the_player_takes_it() -> None:
    """u=1: the first card is one of the pair, the only other card is its partner."""
    assert duel().value(1, 0, 0, 0) == 1.0
    assert duel().opening(1, 0, 0, 0) is Opening.UNKNOWN
    # A known word and its unknown picture: the picture is the only unknown card.
    assert duel().value(0, 1, 0, 0) == 1.0
    assert duel().opening_values(0, 1, 0, 0) == {Opening.UNKNOWN: 1.0, Opening.WORD: 1.0}


def test_two_unknown_pairs_are_even() -> None:
    """u=2. After a new first card three cards are unknown: its partner (the mover takes
    both pairs: +2), a new card of the other kind (the opponent knows both pairs: -2) or a
    new card of the same kind; then two cards are left, the partner (+2) or the other
    card, which hands the opponent a pair and the first card's pair (-2). So 0."""
    assert duel().search_value(1, 0, 0, 0) == pytest.approx(0.0)
    assert duel().search_value(0, 1, 0, 0) == pytest.approx(0.0)
    assert duel().value(2, 0, 0, 0) == pytest.approx(0.0)


def test_a_lone_syncope_and_a_pair_with_a_syncope() -> None:
    """A lone Syncope is worth sigma. With a pair and a Syncope (3 cards): a word or picture
    first (2/3), then the partner (+1 and the Syncope: 1.5) or the Syncope (0.5 - 1); a
    Syncope first (1/3), then either card, which the opponent pairs: 0.5 - 1.
    2/3 * 0.5 + 1/3 * -0.5 = 1/6."""
    assert duel().value(0, 0, 0, 1) == 0.5
    assert duel(1.0).value(0, 0, 0, 1) == 1.0
    assert duel().value(1, 0, 0, 1) == pytest.approx(1 / 6)
    assert duel().after_syncope_values(1, 0, 0, 0) == {Follow.UNKNOWN: -1.0}


def test_solitaire_moves_by_hand() -> None:
    """One pair: one move. Two pairs: after a new first card, one move turns up its partner
    (then 1 move), a new card of the other kind (then 2) or a new card of the same kind,
    after which one more move finds the partner or hands a known pair (2.5 in all):
    1 + (1 + 2 + 2.5) / 3 = 17/6."""
    assert solitaire().expected_moves(1) == 1.0
    assert solitaire().expected_moves(2) == pytest.approx(17 / 6)


# ---------------------------------------------------------------- decisions


def test_a_careful_end_where_revealing_would_hand_over_a_pair() -> None:
    """A new picture is up; two other pictures and a word are known, one pair is unknown.
    Two of the four unknown words complete a known picture: ending with the known word
    costs much less than turning one up."""
    values = duel().follow_values(1, 2, 1, 0)
    assert values[Follow.END] > values[Follow.UNKNOWN] + 0.5
    assert duel().follow(1, 2, 1, 0) is Follow.END


def test_no_careful_end_when_every_unknown_card_completes_a_pair() -> None:
    """No unknown pair is left: ending hands the opponent the whole table (-5), while an
    unknown card is the match one time in five (+5), so the bot looks (-2.5)."""
    values = duel().follow_values(0, 3, 1, 0)
    assert values == pytest.approx({Follow.UNKNOWN: -2.5, Follow.END: -5.0, Follow.SAME: -2.5})
    assert duel().follow(0, 3, 1, 0) is Follow.UNKNOWN


def test_ending_depends_on_parity_as_in_zwick_and_paterson() -> None:
    """A new card up and one known card of the other kind: end when u is odd (no Syncope)."""
    choices = {u: duel().follow(u, 0, 1, 0) for u in range(7, 22)}
    assert all((choice is Follow.END) == (u % 2 == 1) for u, choice in choices.items())


def test_a_known_card_of_the_same_kind_is_never_better() -> None:
    table = duel()
    for u in range(6):
        for a in range(5):
            for b in range(5 - a):
                for s in range(3):
                    for k in range(3):
                        values = table.follow_values(u, a, b, s, k)
                        best = max(v for choice, v in values.items() if choice is not Follow.SAME)
                        assert values.get(Follow.SAME, best) == best
                        assert table.follow(u, a, b, s, k) is not Follow.SAME


def test_a_pass_is_allowed_once_and_answered_by_an_attempt() -> None:
    """u=2, a known word and a known picture: any attempt that reveals loses about half a
    pair, so the player passes (stalls and ends); right after a pass it must reveal."""
    table = duel()
    acting = table.value(2, 1, 1, 0, passed=True)
    assert acting < 0
    assert table.value(2, 1, 1, 0) == pytest.approx(-acting)
    assert table.opening(2, 1, 1, 0) in {Opening.WORD, Opening.PICTURE}
    assert table.follow(2, 0, 1, 0, pure=True) is Follow.END  # stalled with the word
    assert table.opening(2, 1, 1, 0, passed=True) is Opening.UNKNOWN
    assert Follow.END not in table.follow_values(2, 0, 1, 0, pure=True, passed=True)


def test_passing_values_are_the_absolute_values_of_acting() -> None:
    table = duel()
    for u in range(5):
        for w in range(1, 4):
            for p in range(1, 4):
                acting = table.value(u, w, p, 1, passed=True)
                assert table.value(u, w, p, 1) == pytest.approx(abs(acting))


def test_in_solitaire_ending_a_search_can_save_moves() -> None:
    """A word up, three pictures known and their words unknown: every other word turned up
    continues the search at the cost of a move. Ending, then taking four pairs with one
    move each, costs 5; looking costs 5.5 on average."""
    values = solitaire().follow_values(0, 0, 3, 0)
    assert values == pytest.approx({Follow.UNKNOWN: 5.5, Follow.END: 5.0})


def test_tables_grow_on_demand_and_are_reused() -> None:
    table = Duel()
    table.value(3, 1, 0, 1)
    assert (table.pairs, table.syncopes) == (4, 1)
    built = table._free
    table.value(2, 0, 1, 0)
    assert table._free is built
    table.value(5, 0, 0, 1)
    assert table.pairs == 5 and table._free is not built
    assert Duel.affordable(30, 10) and not Duel.affordable(160, 10)
    assert Solitaire.affordable(40, 0) and not Solitaire.affordable(160, 10)
    with pytest.raises(ValueError, match="negative"):
        table.value(-1, 0, 0, 0)


# ---------------------------------------------------------------- the bot plays them


def test_hard_bot_ends_safely_rather_than_hand_over_a_pair() -> None:
    """The abstract case u=1, a=2, b=1 on the table, through the bot's memory and view."""
    state = new(seed=3, syncopes=0, starter=1)
    known = [at(state, Kind.PICTURE, w) for w in ("tiger", "rat")]
    safe = at(state, Kind.WORD, "egg")
    bot = make_bot("hard", 1, seed=1)
    bot.observe(
        [
            Event("flip", {"seat": 0, "position": p, "card": state.cards[p].to_json()})
            for p in [*known, safe]
        ]
    )
    state, events = GAME.apply(state, 1, Flip(at(state, Kind.PICTURE, "cat")))
    bot.observe(events)
    assert state.phase == Phase.SECOND
    action = bot.choose(GAME.view(state, 1))
    assert action == Flip(safe)


def test_hard_bot_passes_once_and_the_next_hard_bot_then_acts() -> None:
    """u=2 with a known word and a known picture (made known by seat 0's failed attempt):
    seat 1 passes, turning up the known word and then the known picture; seat 0 may not
    pass back, so it turns up an unknown card."""
    deck = {**DECK, "pairs": DECK["pairs"][:4]}
    state = new(seed=3, syncopes=0, deck=deck, pairs=4, starter=0)
    word, picture = at(state, Kind.WORD, "cat"), at(state, Kind.PICTURE, "tiger")
    bots = [make_bot("hard", seat, seed=1) for seat in (0, 1)]

    def act(seat: int, action: Any) -> None:
        nonlocal state
        state, events = GAME.apply(state, seat, action)
        for bot in bots:
            bot.observe(events_for(events, bot.seat))

    for action in (Flip(word), Flip(picture), Conceal()):
        act(0, action)  # seat 0 reveals the two cards, then turns them back
    assert state.turn == 1 and not bots[1].passed
    act(1, bots[1].choose(GAME.view(state, 1)))
    act(1, bots[1].choose(GAME.view(state, 1)))
    assert {p for p, place in enumerate(state.place) if place == UP} == {word, picture}
    act(1, Conceal())  # the room turns them back: the turn passes
    assert state.turn == 0 and bots[0].passed
    action = bots[0].choose(GAME.view(state, 0))
    assert isinstance(action, Flip) and action.position not in {word, picture}


def test_solitaire_bot_needs_the_expected_number_of_moves() -> None:
    """The DP's expected moves against bot:hard playing alone (a move is a card turned up
    beside the first card)."""
    for pairs, syncopes, games in ((4, 0, 300), (6, 1, 300)):
        options = {"pairs": pairs, "syncopes": syncopes, "chain": "auto"}
        moves = []
        for seed in range(games):
            match = play(["hard"], options, seed)
            replay: Match[Any, Any] = Match.start(GAME, match.players, match.options, seed)
            count = 0
            for logged in match.log:
                action = GAME.decode_action(logged.action)
                if isinstance(action, Flip) and replay.state.phase in (Phase.SECOND, Phase.SEARCH):
                    count += 1
                replay.play(logged.seat, action)
            moves.append(count)
        mean, error = statistics.fmean(moves), statistics.stdev(moves) / games**0.5
        assert abs(mean - solitaire().expected_moves(pairs, syncopes)) < 4 * error


def test_two_hard_bots_score_the_expected_difference() -> None:
    """Two bot:hard from the start: the starter's pairs minus the other's (a Syncope worth
    half a pair) average the DP's value of the opening position."""
    pairs, syncopes, games = 4, 1, 1500
    options = {"pairs": pairs, "syncopes": syncopes, "starter": 0, "chain": "auto"}
    differences = []
    for seed in range(games):
        state = play(["hard", "hard"], options, seed).state
        score = [0.0, 0.0]
        for place in state.place:
            if place >= 0:  # taken by that seat
                score[place] += 0.5  # half a pair, or a Syncope worth half a pair
        differences.append(score[0] - score[1])
    mean, error = statistics.fmean(differences), statistics.stdev(differences) / games**0.5
    assert abs(mean - duel().value(pairs, 0, 0, syncopes)) < 4 * error
