"""Klepka letters: one test per case of the sheet and per decision (docs/rules/letters.md)."""

from __future__ import annotations

import dataclasses

import pytest

from igroteka.engine import IllegalAction, OptionsError
from igroteka.games.letters.deck import Kind
from igroteka.games.letters.rules import (
    EMPTY,
    Chaos,
    Compose,
    Conceal,
    Exchange,
    Flip,
    Laying,
    LettersState,
    Phase,
    Stop,
)
from igroteka.lexicon.style import slang
from tests.games.letters.support import GAME, give, new, on_table, place, play


def compose(state: LettersState, seat: int, *words: str | Laying) -> LettersState:
    layings = tuple(Laying(w) if isinstance(w, str) else w for w in words)
    return play(state, seat, Compose(layings))


def empty_table(state: LettersState) -> LettersState:
    """The same game with every card left on the table discarded."""
    gone = tuple(card for card in state.table if card != EMPTY)
    return dataclasses.replace(
        state, table=(EMPTY,) * len(state.table), discard=(*state.discard, *gone)
    )


# ---------------------------------------------------------------- composing


def test_a_word_scores_its_letters_and_double_in_one_colour() -> None:
    state = new()
    green = on_table(state, "сир", colour="green")
    mixed = [*on_table(state, "в", colour="blue"), *on_table(state, "д", colour="red")]
    state = give(state, 0, green + mixed + on_table(state, "оа", colour="yellow"))
    state = compose(state, 0, "сир", "вода")
    сир, вода = state.sheets[0]
    assert (сир.points, сир.double) == (2 * (1 + 1 + 1), True)
    assert (вода.points, вода.double) == (1 + 1 + 3 + 1, False)
    assert state.hands[0] == () and len(state.discard) == 7  # the cards used are discarded


def test_a_word_of_two_letters_never_scores_double() -> None:
    state = new()
    state = give(state, 0, on_table(state, "ні", colour="green"))
    ні = compose(state, 0, "ні").sheets[0][-1]
    assert (ні.points, ні.double) == (1 + 1, False)


def test_the_rules_lay_a_word_in_one_colour_when_the_hand_allows() -> None:
    state = new()
    yellow_с = on_table(state, "с", colour="yellow")  # held first, and no yellow и or р
    state = give(state, 0, yellow_с + on_table(state, "сир", colour="green"))
    state = compose(state, 0, "сир")
    assert state.sheets[0][-1].double and state.hands[0] == tuple(yellow_с)


def test_a_word_must_be_in_the_dictionary_and_the_reason_is_shown() -> None:
    state = give(new(), 0, on_table(new(), "кіт"))
    for word, reason in (
        ("тік", None),
        ("ікт", "abbreviation"),
        ("тки", "dictionary"),
        ("кit", "Latin"),
    ):
        if reason is None:
            assert compose(state, 0, word).sheets[0][-1].word == word
        else:
            with pytest.raises(IllegalAction, match=reason):
                compose(state, 0, word)


def test_a_word_that_may_be_read_as_an_abbreviation_is_not_a_word() -> None:
    """бтр is also a common noun in one reading, оае has no consonant: abbreviations both."""
    for letters in ("бтр", "оае"):
        state = give(new(), 0, on_table(new(), letters))
        with pytest.raises(IllegalAction, match="abbreviation"):
            compose(state, 0, letters)


def test_slang_words_and_music_terms_are_words_to_compose() -> None:
    """Decision (issue 27's examples): ноу and ави are words the dictionary marks slang (the
    house rule double_slang doubles them), нон is of нона (an interval), ре and сі are notes:
    all are words; only abbreviations (бтр, оае) are not."""
    for word, marked in (
        ("ноу", True),
        ("ави", True),
        ("нон", False),
        ("ре", False),
        ("сі", False),
    ):
        state = give(new(), 0, on_table(new(), word))
        assert compose(state, 0, word).sheets[0][-1].word == word
        assert slang(word, "uk") is marked, word


def test_proper_names_are_not_words_to_compose() -> None:
    state = give(new(), 0, on_table(new(), "янш"))
    with pytest.raises(IllegalAction, match="surname"):
        compose(state, 0, "Янш")


def test_a_word_has_at_least_two_letters() -> None:
    state = give(new(), 0, on_table(new(), "я"))
    with pytest.raises(IllegalAction, match="at least 2 letters"):
        compose(state, 0, "я")
    loose = give(new(min_length=1), 0, on_table(new(min_length=1), "я"))
    assert compose(loose, 0, "я").sheets[0][-1].word == "я"


def test_an_apostrophe_needs_no_card() -> None:
    state = give(new(), 0, on_table(new(), "мясо"))
    state = compose(state, 0, "м’ясо")
    assert state.sheets[0][-1].word == "м'ясо" and state.hands[0] == ()


def test_cards_a_player_does_not_hold_make_no_word_and_nothing_changes() -> None:
    state = give(new(), 0, on_table(new(), "во"))
    with pytest.raises(IllegalAction, match="а д missing"):
        compose(state, 0, "вода")
    other = on_table(state, "да")
    with pytest.raises(IllegalAction, match="do not hold"):
        compose(state, 0, Laying("вода", (*state.hands[0], *other)))
    assert state.hands[0] and state.sheets[0] == ()


def test_composing_is_a_right_and_the_first_flip_ends_it() -> None:
    state = give(new(), 0, on_table(new(), "кіт"))
    start = state.table.index(next(c for c in state.table if c != EMPTY))
    flipped = play(state, 0, Flip(start))  # no word composed: allowed
    assert flipped.phase == Phase.FLIP
    with pytest.raises(IllegalAction, match="before flipping"):
        compose(flipped, 0, "кіт")


def test_several_words_in_one_composition_each_use_their_own_cards() -> None:
    state = give(new(), 0, on_table(new(), "кітвода"))
    state = compose(state, 0, "кіт", "вода")
    assert [w.word for w in state.sheets[0]] == ["кіт", "вода"] and state.composed == 2
    again = give(new(), 0, on_table(new(), "кіт"))
    with pytest.raises(IllegalAction):
        compose(again, 0, "кіт", "тік")  # one т for two words


# ---------------------------------------------------------------- flipping


def test_one_more_pair_than_words_composed_is_turned_up() -> None:
    for words, cards in ((0, 2), (1, 4), (2, 6)):
        state = give(new(), 0, on_table(new(), "кітвода"))
        state = compose(state, 0, *["кіт", "вода"][:words]) if words else state
        down = state.face_down()
        for i in range(cards - 1):
            state = play(state, 0, Flip(down[i]))
            assert state.phase == Phase.FLIP and state.left == cards - 1 - i
        state = play(state, 0, Flip(down[cards - 1]))
        assert state.phase != Phase.FLIP


def test_identical_letters_among_the_cards_up_are_kept_two_by_two() -> None:
    state = give(new(), 0, on_table(new(), "кіт"))
    state = compose(state, 0, "кіт")  # four cards: а, б, а, а
    a1, a2, a3 = on_table(state, "ааа")
    b = on_table(state, "б")[0]
    state = play(state, 0, Flip(place(state, a1)), Flip(place(state, b)), Flip(place(state, a2)))
    state, events = GAME.apply(state, 0, Flip(place(state, a3)))
    kept = [e.data for e in events if e.kind == "match"]
    assert len(kept) == 1 and kept[0]["letter"] == "а"
    assert set(state.hands[0]) >= {a1, a2} and a3 not in state.hands[0]
    assert state.phase == Phase.REVEAL and {state.table[p] for p in state.up} == {b, a3}


def test_unmatched_letters_stay_up_then_go_back_where_they_were() -> None:
    state = new()
    b, v = on_table(state, "бв")
    where = place(state, b), place(state, v)
    state = play(state, 0, Flip(where[0]), Flip(where[1]))
    assert state.phase == Phase.REVEAL and GAME.actors(state) == frozenset()
    assert GAME.view(state, 1)["faces"][str(where[0])]["letter"] == "б"
    assert GAME.automatic(state) == (0, Conceal())
    state = play(state, 0, Conceal())
    assert (state.table[where[0]], state.table[where[1]]) == (b, v)
    assert state.turn == 1 and state.phase == Phase.COMPOSE
    assert GAME.view(state, 1)["faces"] == {}


def test_unmatched_letters_stay_up_for_the_rooms_reveal_time_3_seconds_by_default() -> None:
    for options, seconds in (({}, 3.0), ({"reveal": 8}, 8.0)):
        state = new(**options)
        assert GAME.pause(state) is None
        b, v = on_table(state, "бв")
        state = play(state, 0, Flip(place(state, b)), Flip(place(state, v)))
        assert GAME.pause(state) == seconds
    with pytest.raises(OptionsError, match="reveal must be"):
        new(reveal=11)


def test_after_a_pair_the_player_may_flip_two_more_or_stop() -> None:
    state = new()
    first, second = on_table(state, "аа")
    state = play(state, 0, Flip(place(state, first)), Flip(place(state, second)))
    assert state.phase == Phase.AGAIN and state.turn == 0
    assert sorted(state.hands[0]) == sorted((first, second))
    stopped = play(state, 0, Stop())
    assert stopped.turn == 1 and stopped.phase == Phase.COMPOSE
    again = play(state, 0, Flip(state.face_down()[0]))
    assert again.phase == Phase.FLIP and again.left == 1  # one pair: two cards


def test_a_prize_card_is_taken_but_earns_no_more_flips() -> None:
    state = new()
    chaos = on_table(state, kind=Kind.CHAOS)[0]
    letter = on_table(state, "б")[0]
    state = play(state, 0, Flip(place(state, chaos)), Flip(place(state, letter)))
    assert chaos in state.hands[0] and letter not in state.hands[0]
    state = play(state, 0, Conceal())
    assert state.turn == 1


def test_a_turn_cannot_end_before_its_flips_and_flips_only_face_down_cards() -> None:
    state = new()
    with pytest.raises(IllegalAction, match="flip"):
        play(state, 0, Stop())
    with pytest.raises(IllegalAction, match="not your turn"):
        play(state, 1, Flip(0))
    state = play(state, 0, Flip(0))
    with pytest.raises(IllegalAction, match="already face up"):
        play(state, 0, Flip(0))
    with pytest.raises(IllegalAction, match="no card 999"):
        play(state, 0, Flip(998))


# ---------------------------------------------------------------- prize cards


def test_polysemy_stands_for_every_occurrence_of_one_letter() -> None:
    state = new()
    wild = on_table(state, kind=Kind.POLYSEMY)
    state = give(state, 0, on_table(state, "млк") + wild + on_table(state, "о"))
    held_o = [c for c in state.hands[0] if state.deck[c].letter == "о"]
    others = [c for c in state.hands[0] if state.deck[c].letter in ("м", "л", "к")]
    with pytest.raises(IllegalAction, match="every о"):
        compose(state, 0, Laying("молоко", (*others, *wild, *held_o)))
    done = compose(state, 0, "молоко")
    word = done.sheets[0][-1]
    assert word.polysemy == "о" and wild[0] in done.discard
    assert [c for c in done.hands[0] if done.deck[c].letter == "о"]  # the о card is kept


def test_polysemy_letters_score_and_keep_one_colour() -> None:
    state = new()
    wild = on_table(state, kind=Kind.POLYSEMY)
    state = give(state, 0, on_table(state, "суар", colour="green") + wild)  # and no х
    word = compose(state, 0, "сухар").sheets[0][-1]
    assert word.polysemy == "х" and word.double and word.points == 2 * (1 + 2 + 5 + 1 + 1)


def test_polysemy_is_refused_where_it_would_stand_for_two_letters() -> None:
    state = new()
    wild = on_table(state, kind=Kind.POLYSEMY)
    state = give(state, 0, on_table(state, "вд") + wild)
    with pytest.raises(IllegalAction, match="even with the Polysemy"):
        compose(state, 0, "вода")


def test_prize_cards_may_be_played_during_another_players_turn() -> None:
    state = new(players=3)
    chaos = on_table(state, kind=Kind.CHAOS)[0]
    exchange = on_table(state, kind=Kind.EXCHANGE)[0]
    state = give(give(state, 1, [chaos]), 2, [exchange, *on_table(state, "б")])
    state = give(state, 0, on_table(state, "в"))
    assert GAME.actors(state) == {0, 1, 2} and GAME.awaited(state) == {0}
    state = play(state, 0, Flip(state.face_down()[0]))  # in the middle of seat 0's flips
    state = play(state, 1, Chaos())
    assert chaos in state.discard and state.phase == Phase.FLIP and state.turn == 0


def test_exchange_swaps_one_card_each_way() -> None:
    state = new()
    exchange = on_table(state, kind=Kind.EXCHANGE)[0]
    mine, theirs = on_table(state, "б"), on_table(state, "ґ")
    state = give(give(state, 1, [exchange, *mine]), 0, theirs)
    state, events = GAME.apply(state, 1, Exchange(mine[0], theirs[0]))
    assert state.hands[1] == (theirs[0],) and state.hands[0] == (mine[0],)
    assert exchange in state.discard
    assert events[0].data["took"]["letter"] == "ґ" and events[0].to is None
    with pytest.raises(IllegalAction, match="no Exchange"):
        play(state, 1, Exchange(theirs[0], mine[0]))


def test_exchange_cannot_give_the_exchange_card_or_take_ones_own() -> None:
    state = new()
    exchange = on_table(state, kind=Kind.EXCHANGE)[0]
    mine, theirs = on_table(state, "б"), on_table(state, "ґ")
    state = give(give(state, 1, [exchange, *mine]), 0, theirs)
    with pytest.raises(IllegalAction, match="cannot be the card you give"):
        play(state, 1, Exchange(exchange, theirs[0]))
    with pytest.raises(IllegalAction, match="another player"):
        play(state, 1, Exchange(mine[0], mine[0]))
    with pytest.raises(IllegalAction, match="not held"):
        play(state, 1, Exchange(mine[0], on_table(state, "а")[0]))


def faces(state: LettersState, positions: list[int]) -> list[tuple[str, str, str]]:
    """What the cards at the places are, without their ids."""
    cards = [state.deck[state.table[p]] for p in positions]
    return [(card.kind, card.letter, card.colour) for card in cards]


def test_chaos_reshuffles_the_face_down_cards_only() -> None:
    state = new()
    chaos = on_table(state, kind=Kind.CHAOS)[0]
    state = give(state, 1, [chaos])
    state = play(state, 0, Flip(3))
    up_card = state.deck[state.table[3]]
    before = faces(state, state.face_down())
    state, events = GAME.apply(state, 1, Chaos())
    after = faces(state, state.face_down())
    assert state.deck[state.table[3]] == up_card and 3 in state.up
    assert sorted(before) == sorted(after) and before != after
    assert events[0].kind == "chaos" and chaos in state.discard


def test_a_cards_id_is_its_place_and_a_chaos_deals_the_ids_anew() -> None:
    """No id follows a face-down card across a Chaos: the card that lands at a place is
    named by the place; a card taken keeps its id (everyone sees where it goes)."""
    state = new()
    assert [state.deck[card].id for card in state.table] == list(range(len(state.table)))
    chaos = on_table(state, kind=Kind.CHAOS)[0]
    kept = on_table(state, "аб")
    state = give(give(state, 1, [chaos]), 0, kept)
    held = [state.deck[card] for card in kept]
    state, flipped = GAME.apply(state, 0, Flip(5))
    seen = flipped[0].data["card"]
    assert seen["id"] == 5
    state = play(state, 0, Flip(6), Conceal())
    state = play(state, 1, Chaos())
    assert [state.deck[card] for card in kept] == held  # in the hand, as they were
    for spot in state.face_down():
        assert state.table[spot] == spot and state.deck[spot].id == spot
    state, flipped = GAME.apply(state, state.turn, Flip(5))
    assert flipped[0].data["card"]["id"] == 5  # the card at place 5 now, whichever it is
    elsewhere = [p for p in state.face_down() if p != 5]
    assert all(state.deck[p].id != seen["id"] for p in elsewhere)


def test_a_flip_chosen_before_a_chaos_is_chosen_again_wherever_it_aims() -> None:
    """A refusal as stale must not tell whether the card at a place stayed there: every
    flip chosen before a Chaos rests on another table after it."""
    start = new(seed=1)  # a deal whose Chaos leaves some cards where they were
    before = give(start, 1, [on_table(start, kind=Kind.CHAOS)[0]])
    after = play(before, 1, Chaos())
    for spot in before.face_down():
        assert GAME.basis(before, 0, Flip(spot)) != GAME.basis(after, 0, Flip(spot))


def test_exchange_and_chaos_at_the_same_moment_both_take_effect() -> None:
    start = new(players=3)
    chaos = on_table(start, kind=Kind.CHAOS)[0]
    exchange = on_table(start, kind=Kind.EXCHANGE)[0]
    mine, theirs = on_table(start, "б"), on_table(start, "ґ")
    start = give(give(give(start, 1, [chaos]), 2, [exchange, *mine]), 0, theirs)
    start = play(start, 0, Flip(start.face_down()[0]))
    # Both decided on the same view; the room applies them in either order.
    both = (1, Chaos()), (2, Exchange(mine[0], theirs[0]))
    ends = []
    for order in (both, both[::-1]):
        state = start
        for seat, action in order:
            state = play(state, seat, action)
        ends.append(state)
        assert {chaos, exchange} <= set(state.discard)
        assert state.hands[2] == (theirs[0],) and state.hands[0] == (mine[0],)
        assert sorted(c for c in state.table if c != EMPTY) == sorted(
            c for c in start.table if c != EMPTY
        )
    assert ends[0].hands == ends[1].hands


def test_two_exchanges_at_once_never_lose_a_card() -> None:
    start = new()
    one, two = on_table(start, "..", kind=Kind.EXCHANGE)
    a, b = on_table(start, "б"), on_table(start, "ґ")
    start = give(give(start, 0, [one, *a]), 1, [two, *b])
    first = Exchange(a[0], b[0])  # seat 0 wants ґ for б
    second = Exchange(b[0], a[0])  # seat 1 wants б for ґ, at the same moment
    state = play(start, 0, first)
    with pytest.raises(IllegalAction, match="only a card you hold"):
        play(state, 1, second)  # ґ has moved: refused, and seat 1 keeps its Exchange
    assert two in state.hands[1]
    cards = sorted([*state.discard, *(c for h in state.hands for c in h)])
    assert cards == sorted([*start.discard, *(c for h in start.hands for c in h)])


def test_hands_are_public_and_the_table_is_not() -> None:
    state = give(new(), 0, on_table(new(), "кіт"))
    state = play(state, 0, Flip(state.face_down()[0]))
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert [c["letter"] for c in view["hands"][0]] == ["к", "і", "т"]
        assert list(view["faces"]) == [str(state.up[0])]
        assert view["table"].count("down") == len(state.face_down())


# ---------------------------------------------------------------- special rules and the end


def test_slava_ukraini_in_one_composition_wins_at_once() -> None:
    state = new()
    cards = on_table(state, "слава") + on_table(state, "україні")
    state = give(state, 1, cards)
    state = play(state, 0, Flip(state.face_down()[0]), Flip(state.face_down()[1]))
    if state.phase == Phase.REVEAL:
        state = play(state, 0, Conceal())
    elif state.phase == Phase.AGAIN:
        state = play(state, 0, Stop())
    apart = compose(state, 1, "слава")
    assert GAME.outcome(apart) is None  # one word alone wins nothing
    state, events = GAME.apply(state, 1, Compose((Laying("Слава"), Laying("Україні"))))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {1} and state.phase == Phase.OVER
    assert [e.kind for e in events][-2:] == ["phrase", "game_over"]


def test_house_rules_are_off_by_default_and_each_works() -> None:
    plain = give(new(), 0, on_table(new(), "котикоти"))
    assert compose(plain, 0, "коти").sheets[0][-1].word == "коти"
    nouns = give(new(nouns_singular=True), 0, on_table(new(), "котиіти"))
    with pytest.raises(IllegalAction, match="singular"):
        compose(nouns, 0, "коти")
    with pytest.raises(IllegalAction, match="noun"):
        compose(nouns, 0, "іти")
    state = new(unique_words=True)
    state = give(state, 0, on_table(state, "кіт"))
    state = give(state, 1, on_table(state, "кіт"))
    state = compose(state, 0, "кіт")
    state = dataclasses.replace(state, turn=1)
    with pytest.raises(IllegalAction, match="composed already"):
        compose(state, 1, "кіт")
    state = dataclasses.replace(state, options=new().options)
    assert compose(state, 1, "кіт").sheets[1][-1].word == "кіт"  # by default another may
    slang = new(double_slang=True)
    slang = give(slang, 0, on_table(slang, "бабло"))
    word = compose(slang, 0, "бабло").sheets[0][-1]
    assert word.double and word.points == 2 * (4 + 1 + 4 + 2 + 1)  # б a: not one colour
    assert not compose(give(new(), 0, on_table(new(), "бабло")), 0, "бабло").sheets[0][-1].double


def test_the_game_ends_when_the_table_is_empty_and_nobody_can_compose() -> None:
    state = empty_table(new(players=3))
    state = give(state, 0, on_table(new(players=3), "кіт"))
    state = give(state, 2, on_table(new(players=3), "вода"))
    hands = dataclasses.replace(state, hands=(state.hands[0], (), state.hands[2]))
    with pytest.raises(IllegalAction, match="table is empty"):
        play(hands, 0, Flip(0))
    state = play(compose(hands, 0, "кіт"), 0, Stop())
    assert state.turn == 2  # seat 1 holds nothing to compose with: skipped
    state, events = GAME.apply(compose(state, 2, "вода"), 2, Stop())
    assert state.phase == Phase.OVER and events[-1].kind == "game_over"


def test_players_who_only_stop_end_the_game_after_a_round() -> None:
    state = empty_table(new())
    state = give(state, 0, on_table(new(), "кіт"))
    state = give(state, 1, on_table(new(), "вода"))
    state = play(state, 0, Stop())
    state = play(state, 1, Stop())
    assert state.phase == Phase.OVER


def test_cards_still_held_count_one_point_each() -> None:
    state = empty_table(new())
    state = give(state, 0, on_table(new(), "кітб") + on_table(new(), kind=Kind.CHAOS))
    state = play(compose(state, 0, "кіт"), 0, Stop())
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (state.points(0) + 2, 0)
    assert outcome.winners == {0} and outcome.details["held"] == [2, 0]


# ---------------------------------------------------------------- input


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ({"pairs": 5}, "between 10 and 120"),
        ({"pairs": "many"}, "whole number"),
        ({"nouns_singular": "yes"}, "on \\(true\\) or off"),
        ({"colour": 2}, "unknown option colour"),
        ({"starter": "london"}, "starter"),
        ({"starter": -1}, "there is no seat 0 to start"),  # seats are told counted from 1
    ],
)
def test_bad_options_are_refused_with_a_reason(raw: dict[str, object], reason: str) -> None:
    with pytest.raises(OptionsError, match=reason):
        GAME.parse_options(raw)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"type": "flip"}, "position"),
        ({"type": "compose", "words": []}, "list of words"),
        ({"type": "compose", "words": [{"word": "кіт", "cards": ["a"]}]}, "card numbers"),
        ({"type": "exchange", "give": 1}, "card you take"),
        ({"type": "jump"}, "no action ‘jump’"),
        ("flip", "JSON object"),
    ],
)
def test_malformed_actions_are_refused_with_a_reason(data: object, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        GAME.decode_action(data)


def test_actions_round_trip_through_json() -> None:
    for action in (
        Flip(3),
        Compose((Laying("кіт", (1, 2, 3)), Laying("вода"))),
        Exchange(4, 5),
        Chaos(),
        Stop(),
        Conceal(),
    ):
        assert GAME.decode_action(GAME.encode_action(action)) == action
