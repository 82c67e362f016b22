"""Bots remember what their seat has seen, and play better the better they remember."""

from __future__ import annotations

from typing import Any

import pytest

from igroteka.engine import Event, Match, OptionsError, play_out
from igroteka.games.klepka.bots import LEVELS, make_bot
from igroteka.games.klepka.rules import (
    Flip,
    Kind,
    KlepkaState,
    Phase,
    SubmitChain,
)
from tests.games.klepka.support import GAME, at, new, seen


def show(state: KlepkaState, bots: list[Any], seat: int, *actions: Any) -> KlepkaState:
    """Play actions and let every bot see the events its seat may see."""
    for action in actions:
        state, events = GAME.apply(state, seat, action)
        for bot in bots:
            bot.observe([e for e in events if e.visible_to(bot.seat)])
    return state


def test_hard_bot_that_saw_a_word_and_its_picture_takes_the_pair() -> None:
    state = new(seed=3, starter=1)
    bot = make_bot("hard", 1, seed=1)
    picture, word = at(state, Kind.PICTURE, "cat"), at(state, Kind.WORD, "cat")
    bot.observe([seen(state, picture), seen(state, word)])
    first = bot.choose(GAME.view(state, 1))
    assert isinstance(first, Flip) and first.position in {picture, word}
    state = show(state, [bot], 1, first)
    second = bot.choose(GAME.view(state, 1))
    assert isinstance(second, Flip) and {first.position, second.position} == {picture, word}


@pytest.mark.parametrize(("level", "low", "high"), [("easy", 0.6, 0.95), ("medium", 0.9, 1.0)])
def test_weaker_bots_remember_a_recent_pair_most_but_not_all_of_the_time(
    level: str, low: float, high: float
) -> None:
    """Forgetting is what makes a level weaker: easy forgets more often than medium."""
    state = new(seed=3, starter=1)
    picture, word = at(state, Kind.PICTURE, "cat"), at(state, Kind.WORD, "cat")
    others = [at(state, Kind.PICTURE, w) for w in ("tiger", "rat", "goat", "egg")]
    taken = 0
    for seed in range(200):
        bot = make_bot(level, 1, seed=seed)
        bot.observe([*(seen(state, p) for p in others), seen(state, picture), seen(state, word)])
        action = bot.choose(GAME.view(state, 1))
        taken += isinstance(action, Flip) and action.position in {picture, word}
    assert low <= taken / 200 <= high


def test_hard_bot_ends_a_risky_attempt_safely_rather_than_hand_over_a_pair() -> None:
    """Two pictures known to all: an unknown word is likely a gift to the next player.

    The goat pair is still untouched, so ending safely leaves the opponent a real
    gamble; with every pair touched, ending safely would hand over the whole table
    and the exact analysis turns a card up instead (tests/games/klepka/test_strategy.py).
    """
    state = new(seed=3, starter=1, syncopes=0)
    known = [at(state, Kind.PICTURE, w) for w in ("tiger", "rat")]
    safe = at(state, Kind.WORD, "egg")
    unknown = {at(state, Kind.WORD, w) for w in ("cat", "tiger", "rat", "goat")}
    unknown |= {at(state, Kind.PICTURE, w) for w in ("egg", "goat")}
    choices = {}
    for level in ("medium", "hard"):
        bot = make_bot(level, 1, seed=1)
        bot.observe([seen(state, p) for p in [*known, safe]])
        after = show(state, [bot], 1, Flip(at(state, Kind.PICTURE, "cat")))
        action = bot.choose(GAME.view(after, 1))
        assert isinstance(action, Flip)
        choices[level] = action.position
    assert choices["hard"] == safe
    assert choices["medium"] in unknown


def test_a_bot_remembers_only_what_its_seat_was_shown() -> None:
    bot = make_bot("hard", 1, seed=1)
    bot.observe([Event("flip", {"seat": 0, "position": 4, "card": {"kind": "word", "pair": 2}})])
    assert 4 in bot.memory
    bot.observe([Event("match", {"seat": 0, "positions": [4, 7]})])
    assert 4 not in bot.memory


def test_the_random_bot_remembers_nothing() -> None:
    bot = make_bot("random", 0, seed=1)
    bot.observe([Event("flip", {"seat": 1, "position": 4, "card": {"kind": "word", "pair": 2}})])
    assert not bot.memory


def test_an_easy_bot_forgets_beyond_its_capacity() -> None:
    bot = make_bot("easy", 0, seed=1)
    for position in range(20):
        card = {"kind": "word", "pair": position}
        bot.observe([Event("flip", {"seat": 1, "position": position, "card": card})])
    assert len(bot.memory) <= LEVELS["easy"].capacity


def test_bots_build_chains_by_level() -> None:
    view = {
        "phase": "chain",
        "collections": [{"words": ["cat", "tiger", "rat", "egg"], "pictures": [], "syncopes": 0}],
        "options": {"soft_sign": "skip"},
    }
    chains = {level: make_bot(level, 0, 1).choose(view) for level in LEVELS}
    assert chains["hard"] == SubmitChain(("cat", "tiger", "rat"))
    assert chains["medium"] == chains["hard"]
    assert isinstance(chains["random"], SubmitChain) and len(chains["random"].links) == 1


def test_an_unknown_bot_level_is_refused() -> None:
    with pytest.raises(OptionsError, match="unknown bot level ‘genius’"):
        make_bot("genius", 0, 1)


def test_bots_answer_that_they_have_not_been_to_london() -> None:
    state = new(seed=3, starter="london")
    assert state.phase == Phase.LONDON
    action = make_bot("hard", 0, 1).choose(GAME.view(state, 0))
    assert GAME.encode_action(action) == {"type": "london", "yes": False}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_what_a_bot_knows_of_pairs_agrees_with_what_it_remembers(level: str) -> None:
    """Its index of pairs, singles and complete pairs follows its memory as it forgets."""
    match = Match.start(GAME, ["a", "b", "c"], {"pairs": 20, "syncopes": 3, "starter": 0}, 7)
    bots = {seat: make_bot(level, seat, seed=7) for seat in range(3)}

    def check(_: object) -> None:
        for bot in bots.values():
            cards = {p: card for p, card in bot.memory.items() if card.kind != "syncope"}
            pairs: dict[int, set[int]] = {}
            for p, card in cards.items():
                pairs.setdefault(card.pair, set()).add(p)
            assert {pair: set(ps) for pair, ps in bot._by_pair.items()} == pairs
            assert bot._complete == {pair for pair, ps in pairs.items() if len(ps) == 2}
            for kind in ("word", "picture"):
                singles = {p for ps in pairs.values() if len(ps) == 1 for p in ps}
                assert bot._singles[kind] == {p for p in singles if cards[p].kind == kind}

    play_out(match, bots, on_events=check)
