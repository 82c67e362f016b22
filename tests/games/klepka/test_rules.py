"""Klepka's rules, one test per case of the sheet and per decision (docs/rules/klepka.md)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from igroteka.engine import IllegalAction, OptionsError
from igroteka.games.klepka.rules import (
    DOWN,
    SYNCOPE_NAMES,
    UP,
    Card,
    Collection,
    Conceal,
    Flip,
    Kind,
    KlepkaState,
    London,
    Phase,
    SubmitChain,
)
from igroteka.i18n import translate
from tests.games.klepka.support import DECK, GAME, at, new


def word_of(state: KlepkaState, card: Card) -> str:
    return state.options.deck.pairs[card.pair].word


def play(state: KlepkaState, seat: int, *actions: Any) -> KlepkaState:
    for action in actions:
        state, _ = GAME.apply(state, seat, action)
    return state


def flip(state: KlepkaState, kind: str, word: str = "") -> KlepkaState:
    return play(state, state.turn, Flip(at(state, kind, word)))


W, P, S = Kind.WORD, Kind.PICTURE, Kind.SYNCOPE


# ---------------------------------------------------------------- a turn


def test_a_word_and_its_picture_are_kept_and_the_player_flips_again() -> None:
    state = new()
    word, picture = at(state, W, "cat"), at(state, P, "cat")
    state = play(state, 0, Flip(picture), Flip(word))
    assert state.place[word] == 0 and state.place[picture] == 0
    assert state.turn == 0 and state.phase == Phase.FIRST
    assert GAME.view(state, 1)["collections"][0]["words"] == ["cat"]


def test_a_picture_and_a_word_that_do_not_match_go_back_and_the_turn_passes() -> None:
    state = new()
    picture, word = at(state, P, "cat"), at(state, W, "egg")
    state = play(state, 0, Flip(picture), Flip(word))
    assert state.phase == Phase.REVEAL and state.place[picture] == UP == state.place[word]
    state = play(state, 0, Conceal())
    assert state.place[picture] == DOWN == state.place[word]
    assert state.turn == 1 and state.phase == Phase.FIRST


def test_a_word_and_a_picture_that_do_not_match_go_back_and_the_turn_passes() -> None:
    state = new()
    state = flip(flip(state, W, "cat"), P, "egg")
    state = play(state, 0, Conceal())
    assert state.turn == 1 and state.place.count(DOWN) == len(state.cards)


def test_a_syncope_first_is_taken_and_the_other_card_goes_back() -> None:
    state = new()
    syncope, word = at(state, S), at(state, W, "cat")
    state = play(state, 0, Flip(syncope), Flip(word))
    assert state.place[syncope] == 0
    assert state.phase == Phase.REVEAL and state.shown == (word,)
    state = play(state, 0, Conceal())
    assert state.place[word] == DOWN and state.turn == 1


def test_a_syncope_second_is_taken_and_the_other_card_goes_back() -> None:
    state = new()
    picture, syncope = at(state, P, "goat"), at(state, S)
    state = play(state, 0, Flip(picture), Flip(syncope), Conceal())
    assert state.place[syncope] == 0 and state.place[picture] == DOWN
    assert GAME.view(state, None)["collections"][0]["syncopes"] == 1


def test_two_syncopes_are_both_taken() -> None:
    state = new(syncopes=2)
    first = at(state, S)
    state = play(state, 0, Flip(first))
    state = play(state, 0, Flip(at(state, S)))
    assert state.syncopes(0) == 2 and state.turn == 1 and state.phase == Phase.FIRST


def test_two_pictures_start_a_search_for_a_word() -> None:
    state = new()
    first, second = at(state, P, "cat"), at(state, P, "egg")
    state = play(state, 0, Flip(first), Flip(second))
    assert state.phase == Phase.REVEAL and state.shown == (second,)
    state = play(state, 0, Conceal())
    assert state.phase == Phase.SEARCH and state.turn == 0
    assert state.place[first] == UP and state.place[second] == DOWN


def test_the_search_goes_on_past_more_pictures() -> None:
    state = play(flip(flip(new(), P, "cat"), P, "egg"), 0, Conceal())
    state = play(flip(state, P, "rat"), 0, Conceal())
    assert state.phase == Phase.SEARCH and state.turn == 0


def test_the_search_ends_with_the_matching_word_and_the_player_flips_again() -> None:
    state = play(flip(flip(new(), P, "cat"), P, "egg"), 0, Conceal())
    state = flip(state, W, "cat")
    assert state.words(0) == ("cat",) and state.phase == Phase.FIRST and state.turn == 0


def test_the_search_ends_with_another_word_and_the_turn_passes() -> None:
    state = new()
    first = at(state, P, "cat")
    state = play(flip(play(state, 0, Flip(first)), P, "egg"), 0, Conceal())
    other = at(state, W, "goat")
    state = play(state, 0, Flip(other))
    assert state.phase == Phase.REVEAL and set(state.shown) == {first, other}
    state = play(state, 0, Conceal())
    assert state.turn == 1 and state.place[first] == DOWN == state.place[other]


def test_two_words_start_a_search_for_a_picture() -> None:
    state = play(flip(flip(new(), W, "tiger"), W, "rat"), 0, Conceal())
    assert state.phase == Phase.SEARCH
    state = flip(state, W, "goat")  # another WORD: back, and the search goes on
    state = play(state, 0, Conceal())
    state = flip(state, P, "tiger")
    assert state.words(0) == ("tiger",) and state.turn == 0


def test_a_card_tried_in_the_search_cannot_be_flipped_again_in_that_search() -> None:
    state = new()
    tried = at(state, P, "egg")
    state = play(flip(state, P, "cat"), 0, Flip(tried), Conceal())
    with pytest.raises(IllegalAction, match="already tried"):
        GAME.apply(state, 0, Flip(tried))
    assert tried not in {
        a.position for a in GAME.legal_actions(state, 0) or [] if isinstance(a, Flip)
    }


# ---------------------------------------------------------------- decisions on the turn


def test_the_turn_passes_after_a_syncope() -> None:
    state = play(flip(flip(new(), S), W, "cat"), 0, Conceal())
    assert state.turn == 1


def test_with_after_syncope_again_the_player_flips_again() -> None:
    state = play(flip(flip(new(after_syncope="again"), S), W, "cat"), 0, Conceal())
    assert state.turn == 0 and state.phase == Phase.FIRST and state.syncopes(0) == 1


def test_a_syncope_in_the_search_is_taken_and_ends_it() -> None:
    state = new()
    first = at(state, P, "cat")
    state = play(flip(play(state, 0, Flip(first)), P, "egg"), 0, Conceal())
    state = flip(state, S)
    assert state.syncopes(0) == 1 and state.phase == Phase.REVEAL and state.shown == (first,)
    state = play(state, 0, Conceal())
    assert state.turn == 1 and state.place[first] == DOWN


def test_with_syncope_in_search_continues_the_search_goes_on() -> None:
    state = play(flip(flip(new(syncope_in_search="continues"), P, "cat"), P, "egg"), 0, Conceal())
    state = flip(state, S)
    assert state.syncopes(0) == 1 and state.phase == Phase.SEARCH and state.turn == 0
    state = flip(state, W, "cat")
    assert state.words(0) == ("cat",)


def test_a_lone_last_syncope_is_taken_and_ends_the_table() -> None:
    state = new(players=1, pairs=1, syncopes=1, chain="auto")
    word = next(i for i, c in enumerate(state.cards) if c.kind == W)
    picture = next(i for i, c in enumerate(state.cards) if c.kind == P)
    state = play(state, 0, Flip(word), Flip(picture))
    assert state.phase == Phase.FIRST
    state = flip(state, S)
    assert state.phase == Phase.OVER and state.syncopes(0) == 1


def test_revealed_cards_stay_visible_to_everyone_until_turned_back() -> None:
    state = new()
    picture, word = at(state, P, "cat"), at(state, W, "egg")
    state = play(state, 0, Flip(picture), Flip(word))
    for seat in (1, None):
        view = GAME.view(state, seat)
        assert view["table"][picture] == "up" == view["table"][word]
        assert view["faces"][str(picture)] == state.cards[picture].to_json()
        assert view["faces"][str(word)]["text"] == "egg"
    assert GAME.actors(state) == set()  # nobody acts: everyone looks
    assert GAME.automatic(state) == (0, Conceal())  # the room turns them back in time
    with pytest.raises(IllegalAction, match="stay up for everyone to see"):
        GAME.apply(state, 0, Flip(at(state, W, "cat")))
    with pytest.raises(IllegalAction, match="stay up for everyone to see"):
        GAME.apply(state, 1, Conceal())
    state = play(state, 0, Conceal())
    view = GAME.view(state, 1)
    assert view["table"][picture] == "down" and str(picture) not in view["faces"]


def test_revealed_cards_stay_up_for_the_rooms_reveal_time_3_seconds_by_default() -> None:
    state = new()
    assert GAME.pause(state) is None  # nothing is due: the room waits for the player
    revealed = play(state, 0, Flip(at(state, P, "cat")), Flip(at(state, W, "egg")))
    assert GAME.pause(revealed) == 3.0
    slow = new(reveal=10)
    slow = play(slow, 0, Flip(at(slow, P, "cat")), Flip(at(slow, W, "egg")))
    assert GAME.pause(slow) == 10.0
    for wrong in (0, 11, 2.5):
        with pytest.raises(OptionsError, match="reveal must be"):
            new(reveal=wrong)


# ---------------------------------------------------------------- refusals


def test_flipping_a_face_up_card_is_refused_and_changes_nothing() -> None:
    state = new()
    position = at(state, W, "cat")
    after_first = play(state, 0, Flip(position))
    with pytest.raises(IllegalAction, match="already face up"):
        GAME.apply(after_first, 0, Flip(position))
    assert after_first.place[position] == UP and after_first.phase == Phase.SECOND


def test_flipping_a_card_that_does_not_exist_is_refused() -> None:
    with pytest.raises(IllegalAction, match="no card 99"):
        GAME.apply(new(), 0, Flip(98))


def test_flipping_a_taken_card_is_refused() -> None:
    state = new()
    word = at(state, W, "cat")
    state = play(state, 0, Flip(word), Flip(at(state, P, "cat")))
    with pytest.raises(IllegalAction, match="already been taken"):
        GAME.apply(state, 0, Flip(word))


def test_acting_out_of_turn_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(new(), 1, Flip(0))


def test_a_malformed_action_is_refused_with_a_reason() -> None:
    for data in ({"type": "flip"}, {"type": "dance"}, [], {"type": "london", "yes": "maybe"}):
        with pytest.raises(IllegalAction):
            GAME.decode_action(data)


# ---------------------------------------------------------------- who starts


def test_a_player_who_has_been_to_london_starts() -> None:
    state = new(players=3, starter="london")
    assert state.phase == Phase.LONDON and GAME.actors(state) == {0, 1, 2}
    state = play(state, 2, London(True))
    state = play(state, 0, London(False))
    assert GAME.actors(state) == {1}
    state = play(state, 1, London(False))
    assert state.phase == Phase.FIRST and state.turn == 2


def test_when_nobody_has_been_to_london_the_starter_is_drawn_by_lot() -> None:
    starters = set()
    for seed in range(30):
        state = GAME.setup(GAME.parse_options({"deck": DECK, "starter": "london"}), 3, seed)
        for seat in range(3):
            state = play(state, seat, London(False))
        starters.add(state.turn)
    assert starters == {0, 1, 2}


def test_a_chosen_seat_starts() -> None:
    assert new(players=3, starter=2).turn == 2


def test_a_starter_seat_that_is_not_at_the_table_is_refused_counting_seats_from_1() -> None:
    """The rules take seats from 0 (as the web sends them); a refusal tells them from 1."""
    with pytest.raises(OptionsError, match=r"^there is no seat 3 to start$"):
        new(players=2, starter=2)  # the third seat, with two players
    with pytest.raises(OptionsError, match=r"^there is no seat 0 to start$"):
        new(players=2, starter=-1)
    with pytest.raises(OptionsError, match=r"^starter must be london, random or a seat number"):
        new(players=2, starter="first")


def test_answering_london_twice_is_refused() -> None:
    state = play(new(players=2, starter="london"), 0, London(True))
    with pytest.raises(IllegalAction, match="already answered"):
        GAME.apply(state, 0, London(False))


# ---------------------------------------------------------------- the end


def clear_table(state: KlepkaState, holdings: dict[int, list[str]]) -> KlepkaState:
    """Give each seat the named pairs (and seat 0 any Syncopes) as if it had found them."""
    place = list(state.place)
    for seat, words in holdings.items():
        for position, card in enumerate(state.cards):
            if card.kind != S and word_of(state, card) in words:
                place[position] = seat
    assert all(p != DOWN or c.kind == S for p, c in zip(place, state.cards, strict=True))
    place = [0 if p == DOWN else p for p in place]
    collected = [Collection()] * state.players
    for position, seat in enumerate(place):
        collected[seat] = collected[seat].taking(state.cards[position])
    state = dataclasses.replace(state, place=tuple(place), collected=tuple(collected))
    return GAME._end_of_table(state, [])[0]


def test_the_table_empties_into_the_chain_phase() -> None:
    state = new(players=1, pairs=2, syncopes=0)
    pairs = {c.pair for c in state.cards}
    for pair in pairs:
        state = play(
            state,
            0,
            *(Flip(i) for i, c in enumerate(state.cards) if c.pair == pair),
        )
    assert state.phase == Phase.CHAIN and GAME.actors(state) == {0}


def test_players_build_chains_at_the_same_time_and_they_stay_hidden_until_all_are_built() -> None:
    state = clear_table(new(players=3), {0: ["cat", "tiger"], 1: ["rat", "goat"], 2: ["egg"]})
    assert GAME.actors(state) == {0, 1, 2}
    state = play(state, 1, SubmitChain(("goat",)))
    assert GAME.view(state, 0)["chains"][1] == {"submitted": True}
    assert GAME.view(state, 1)["chains"][1]["links"] == ["goat"]
    with pytest.raises(IllegalAction, match="‘tiger’ ends with r, ‘cat’ starts with c") as refused:
        GAME.apply(state, 0, SubmitChain(("tiger", "cat")))
    assert refused.value.detail == {"link": 1}  # the link a screen shows the reason beside
    state = play(state, 0, SubmitChain(("cat", "tiger")))
    state = play(state, 2, SubmitChain(("egg",)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (8, 4, 3) and outcome.winners == {0}


def test_while_chains_are_built_every_view_carries_the_names_a_syncope_may_be_typed_as() -> None:
    """One list (SYNCOPE_NAMES) for the terminal and the web, which has it from the view."""
    state = new(players=2)
    assert "syncope_names" not in GAME.view(state, 0)
    state = clear_table(state, {0: ["cat", "tiger"], 1: ["rat", "goat", "egg"]})
    for seat in (0, 1, None):
        assert GAME.view(state, seat)["syncope_names"] == list(SYNCOPE_NAMES)
    assert {"~", "syncope", "синкопа"} <= set(SYNCOPE_NAMES)
    assert all(name == name.casefold() for name in SYNCOPE_NAMES)


def test_a_player_without_words_has_an_empty_chain_and_is_not_asked() -> None:
    state = clear_table(new(players=2), {0: ["cat", "tiger", "rat", "egg", "goat"]})
    assert GAME.actors(state) == {0}
    assert state.chains[1] is not None and state.chains[1].length == 0


def test_in_auto_mode_every_player_gets_the_optimal_chain() -> None:
    state = clear_table(
        new(players=2, chain="auto"), {0: ["cat", "tiger", "rat"], 1: ["egg", "goat"]}
    )
    outcome = GAME.outcome(state)
    assert state.phase == Phase.OVER and outcome is not None
    # cat → tiger → rat is 11 letters; with seat 0's Syncope nothing longer exists.
    # egg → goat: 7 letters.
    assert outcome.scores == (11, 7)


def test_the_longest_chain_wins() -> None:
    state = clear_table(
        new(players=2, chain="auto", syncopes=0), {0: ["egg", "cat"], 1: ["goat", "tiger", "rat"]}
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {1} and outcome.scores == (3, 12)


TIE_DECK = {"name": "ties", "lang": "en", "pairs": [["cat", "🐈"], ["dog", "🐕"], ["owl", "🦉"]]}


def test_tied_chains_share_the_victory() -> None:
    table = new(players=2, chain="auto", syncopes=0, deck=TIE_DECK, pairs=3)
    state = clear_table(table, {0: ["cat"], 1: ["dog", "owl"]})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (3, 3) and outcome.winners == {0, 1}


def test_with_ties_cards_more_cards_break_a_tie() -> None:
    table = new(players=2, chain="auto", syncopes=0, ties="cards", deck=TIE_DECK, pairs=3)
    state = clear_table(table, {0: ["cat"], 1: ["dog", "owl"]})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {1}


def test_after_the_game_each_player_sees_the_best_chain_they_could_have_made() -> None:
    state = clear_table(
        new(players=2, syncopes=0), {0: ["cat", "tiger"], 1: ["egg", "rat", "goat"]}
    )
    state = play(state, 0, SubmitChain(("tiger",)))
    state = play(state, 1, SubmitChain(("egg",)))
    view = GAME.view(state, 1)
    assert view["outcome"]["chains"][0] == ["tiger"]
    assert view["outcome"]["best_chains"][0] == ["cat", "tiger"]


# ---------------------------------------------------------------- options


def test_bad_options_are_refused_with_a_reason() -> None:
    for raw, reason in [
        ({"pairs": 0}, "pairs must be between"),
        ({"pairs": "many"}, "whole number"),
        ({"syncopes": 11}, "syncopes must be between"),
        ({"chain": "telepathic"}, "chain must be one of"),
        ({"lang": "fr"}, "no built-in deck"),
        ({"colour": "red"}, "unknown option colour"),
    ]:
        with pytest.raises(OptionsError, match=reason):
            GAME.parse_options(raw)


def test_the_same_seed_deals_the_same_table_and_another_seed_another() -> None:
    options = GAME.parse_options({"pairs": 12})
    first = GAME.setup(options, 2, seed=5)
    assert first == GAME.setup(options, 2, seed=5)
    assert first.cards != GAME.setup(options, 2, seed=6).cards
    assert sum(1 for c in first.cards if c.kind == W) == 12
    assert all(isinstance(c, Card) for c in first.cards)


def test_by_default_the_table_has_12_pairs_and_2_syncopes() -> None:
    state = GAME.setup(GAME.parse_options({}), 2, seed=1)
    kinds = [card.kind for card in state.cards]
    assert kinds.count(W) == kinds.count(P) == 12 and kinds.count(S) == 2
    assert state.options.deck.lang == "en" and state.phase == Phase.LONDON


TEACHER_DECK = """name: Тиждень 5
lang: uk
# this week's words
яблуко 🍎
будинок 🏠
сонце 🌞
м’яч ⚽
"""


def test_a_deck_typed_as_text_is_played_and_kept_whole_in_the_options() -> None:
    """A teacher types this week's words in the deck format; the game deals them, and the options
    (so the record) hold the deck itself, so that a replay needs nothing else."""
    options = GAME.parse_options({"deck": {"text": TEACHER_DECK}})
    assert options["pairs"] == 4  # the default fits a small deck: all of it
    assert options["deck"]["name"] == "Тиждень 5" and options["deck"]["lang"] == "uk"
    assert ["м’яч", "⚽"] in options["deck"]["pairs"]
    state = GAME.setup(GAME.parse_options(options), 2, seed=3)
    words = {card.text for card in state.cards if card.kind == W}
    assert words == {"яблуко", "будинок", "сонце", "м’яч"}


def test_a_deck_of_ones_own_words_is_asked_for_by_lang_own_and_given_as_deck_text() -> None:
    """The lobby's choice "My own words…" is ``lang: own`` with the words as ``deck_text``;
    ``own`` without the words is refused with a reason, not played with a built-in deck."""
    options = GAME.parse_options({"lang": "own", "deck_text": TEACHER_DECK})
    assert options["deck"]["name"] == "Тиждень 5"
    with pytest.raises(OptionsError, match="write the words of your own deck"):
        GAME.parse_options({"lang": "own"})


def test_a_table_has_at_most_200_pairs_however_large_the_deck() -> None:
    """A bound on every search a game can ask for (the chain of a solo player's whole table)."""
    big = {
        "name": "big",
        "lang": "en",
        "pairs": [
            [f"w{chr(97 + n // 26)}{chr(97 + n % 26)}", chr(0x1F400 + n)] for n in range(250)
        ],
    }
    assert GAME.parse_options({"deck": big, "pairs": 200})["pairs"] == 200
    with pytest.raises(OptionsError, match="between 1 and 200, not 201"):
        GAME.parse_options({"deck": big, "pairs": 201})


def test_the_problems_of_a_typed_deck_name_their_lines_in_the_players_language() -> None:
    broken = TEACHER_DECK.replace("сонце 🌞", "сонце 🌞\nяблуко 🍏").replace("м’яч ⚽", "м’яч")
    with pytest.raises(OptionsError) as refused:
        GAME.parse_options({"deck": {"text": broken}})
    reason = refused.value.reason
    assert reason.splitlines() == [
        "your deck, line 7: ‘яблуко’ appears twice (first on line 4)",
        "your deck, line 8: a card needs a word and a picture, with a space between them",
    ]
    assert translate(reason, "uk").splitlines() == [
        "ваша колода, рядок 7: «яблуко» трапляється двічі (уперше — у рядку 4)",
        "ваша колода, рядок 8: для картки потрібні слово й картинка, а між ними — пробіл",
    ]
    with pytest.raises(OptionsError, match="the deck's text must be text"):
        GAME.parse_options({"deck": {"text": 5}})
