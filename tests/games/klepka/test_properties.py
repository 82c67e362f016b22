"""Properties over many random games: they end, replay exactly, and views keep secrets."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.engine import Match, play_out, replay
from igroteka.games.klepka.bots import LEVELS, make_bot
from igroteka.games.klepka.deck import builtin_languages
from igroteka.games.klepka.entry import redeal
from igroteka.games.klepka.rules import Kind, KlepkaGame, KlepkaState

GAME = KlepkaGame()

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**40),
        "levels": st.lists(st.sampled_from(sorted(LEVELS)), min_size=1, max_size=4),
        "options": st.fixed_dictionaries(
            {
                "lang": st.sampled_from(builtin_languages()),
                "pairs": st.integers(1, 14),
                "syncopes": st.integers(0, 4),
                "starter": st.sampled_from(["london", "random"]),
                "chain": st.sampled_from(["manual", "auto"]),
                "after_syncope": st.sampled_from(["pass", "again"]),
                "syncope_in_search": st.sampled_from(["ends", "continues"]),
                "ties": st.sampled_from(["shared", "cards"]),
            }
        ),
    }
)


def play_game(spec: dict[str, Any]) -> tuple[Match[Any, Any], list[KlepkaState]]:
    """Play a game of bots; return the match and every state it went through."""
    levels = spec["levels"]
    match: Match[Any, Any] = Match.start(
        GAME, [f"bot:{level}" for level in levels], spec["options"], spec["seed"]
    )
    bots = {seat: make_bot(level, seat, spec["seed"]) for seat, level in enumerate(levels)}
    states = [match.state]
    play_out(match, bots, on_events=lambda _: states.append(match.state), max_actions=20_000)
    return match, states


@settings(max_examples=40, deadline=None)
@given(games)
def test_random_games_always_end_with_a_winner(spec: dict[str, Any]) -> None:
    match, _ = play_game(spec)
    outcome = match.outcome()
    assert outcome is not None, "the game did not end"
    assert outcome.winners and max(outcome.scores) == max(
        outcome.scores[s] for s in outcome.winners
    )


@settings(max_examples=25, deadline=None)
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


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2**32))
def test_no_view_reveals_a_face_down_card(spec: dict[str, Any], other: int) -> None:
    """Dealing the face-down cards differently changes no seat's view, nor a spectator's."""
    _, states = play_game(spec)
    seats = [None, *range(len(spec["levels"]))]
    for state in states[:: max(1, len(states) // 40)]:
        twin = redeal(state, other, None)
        for seat in seats:
            assert GAME.view(state, seat) == GAME.view(twin, seat)


@settings(max_examples=25, deadline=None)
@given(games)
def test_each_seat_holds_exactly_the_cards_it_took_from_the_table(spec: dict[str, Any]) -> None:
    """What a view shows a seat holding is what the table says it took, at every step."""
    _, states = play_game(spec)
    for state in states:
        for seat, held in enumerate(state.collected):
            mine = [
                card for card, place in zip(state.cards, state.place, strict=True) if place == seat
            ]
            assert sorted(held.words) == sorted(c.text for c in mine if c.kind == Kind.WORD)
            assert sorted(held.pictures) == sorted(c.text for c in mine if c.kind == Kind.PICTURE)
            assert held.syncopes == sum(1 for c in mine if c.kind == Kind.SYNCOPE)
