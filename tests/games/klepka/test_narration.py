"""What the Klepka table says: the banner in each phase, for the player whose move it is, for
another player and for a spectator, and a sentence for every event."""

from __future__ import annotations

from typing import Any

from igroteka.engine import Event
from igroteka.engine.context import context
from igroteka.engine.narration import Banner
from igroteka.games.klepka.narration import NARRATOR
from igroteka.games.klepka.rules import Conceal, Flip, Kind, KlepkaState, London, SubmitChain
from igroteka.i18n import translate
from tests.games.klepka.support import GAME, at, new

NAMES = ["Ann", "Bob", "Olya"]


def banner(state: KlepkaState, seat: int | None) -> Banner:
    return NARRATOR.banner(GAME.view(state, seat), context(GAME, state, 0), seat, NAMES)


def said(events: tuple[Event, ...], by: int | None = 0) -> list[str]:
    return [str(NARRATOR.narrate(event, by, NAMES)) for event in events]


def play(state: KlepkaState, seat: int, action: Any) -> tuple[KlepkaState, tuple[Event, ...]]:
    return GAME.apply(state, seat, action)


# -- the banner


def test_the_london_question_waits_for_those_who_have_not_answered_and_is_nobodys_turn() -> None:
    state = new(3, starter="london")
    state, _ = play(state, 0, London(False))
    ann, bob, watching = banner(state, 0), banner(state, 1), banner(state, None)
    assert ann.turn is None and ann.waiting == (1, 2)
    assert ann.headline == "Waiting for Bob and Olya to answer: have they been to London?"
    assert "turn" not in ann.headline  # "Ann's turn" was said while Ann waited for the others
    assert bob.headline == "Have you ever been to London? Whoever has starts"
    assert bob.prompt == "Answer: yes or no (waiting for Olya too)"
    assert watching.headline == ann.headline and watching.prompt is None


def test_the_first_flip_is_the_players_turn_by_name_and_your_turn_for_them() -> None:
    state = new()
    assert banner(state, 0).headline == "Your turn" and banner(state, 0).prompt == "Flip a card"
    assert banner(state, 1).headline == "Ann’s turn: Ann flips a card"
    assert banner(state, None).headline == "Ann’s turn: Ann flips a card"
    assert banner(state, None).turn == 0


def test_a_word_up_says_whose_picture_is_being_looked_for() -> None:
    state = new()
    state, _ = play(state, 0, Flip(at(state, Kind.WORD, "cat")))
    assert banner(state, 0).headline == "You are looking for the picture of ‘cat’"
    assert banner(state, 0).prompt == "Flip a second card"
    assert banner(state, 1).headline == "Ann is looking for the picture of ‘cat’"
    assert banner(state, None).headline == "Ann is looking for the picture of ‘cat’"


def test_a_picture_up_says_its_word_is_being_looked_for() -> None:
    state = new()
    state, _ = play(state, 0, Flip(at(state, Kind.PICTURE, "rat")))
    assert banner(state, 1).headline == "Ann is looking for the word of 🐀"


def test_two_words_start_the_search_which_the_banner_explains_with_the_cards_tried() -> None:
    state = new()
    state, _ = play(state, 0, Flip(at(state, Kind.WORD, "cat")))
    state, events = play(state, 0, Flip(at(state, Kind.WORD, "egg")))
    assert said(events)[-1] == "Two of a kind: Ann searches on for the match of ‘cat’"
    assert NARRATOR.moment(events[-1]) is not None
    assert NARRATOR.moment(events[-1]).rule == "search"  # type: ignore[union-attr]
    assert banner(state, 0).prompt == "Remember them; then you search on"
    assert banner(state, 1).prompt == "Remember them; then Ann searches on"
    state, _ = play(state, 0, Conceal())
    assert banner(state, 0).headline == "You are looking for the picture of ‘cat’"
    assert banner(state, 0).prompt == (
        "The search: flip another card; 1 card tried in this search may not be flipped again"
    )
    assert banner(state, 2).prompt == "The search: Ann flips on until the other kind turns up"


def test_cards_going_back_say_look_and_who_plays_next() -> None:
    state = new()
    state, _ = play(state, 0, Flip(at(state, Kind.WORD, "cat")))
    state, _ = play(state, 0, Flip(at(state, Kind.PICTURE, "rat")))
    assert banner(state, 0).headline == "Look: the cards turn back"
    assert banner(state, 0).prompt == "Remember them; then it is Bob’s turn"
    assert banner(state, 1).prompt == "Remember them; then it is your turn"


def test_a_syncope_first_says_it_is_the_players_and_a_second_card_comes() -> None:
    state = new()
    state, _ = play(state, 0, Flip(at(state, Kind.SYNCOPE)))
    assert banner(state, 0).headline == "You flipped a Syncope: it is yours"
    assert banner(state, 1).headline == "Ann flipped a Syncope and flips a second card"


def take(state: KlepkaState, seat: int, *words: str) -> KlepkaState:
    """The seat whose turn it is finds the pairs of ``words``."""
    for word in words:
        state, _ = play(state, seat, Flip(at(state, Kind.WORD, word)))
        state, _ = play(state, seat, Flip(at(state, Kind.PICTURE, word)))
    return state


def chain_phase() -> KlepkaState:
    """Three players and an empty table: Ann found cat and tiger, Bob rat, egg, goat and the
    Syncope, Olya nothing (her empty chain is built for her)."""
    state = take(new(3), 0, "cat", "tiger")
    state, _ = play(state, 0, Flip(at(state, Kind.WORD, "rat")))
    state, _ = play(state, 0, Flip(at(state, Kind.PICTURE, "egg")))
    state, _ = play(state, 0, Conceal())
    state = take(state, 1, "rat", "egg", "goat")
    state, _ = play(state, 1, Flip(at(state, Kind.SYNCOPE)))
    assert state.phase == "chain"
    return state


def test_the_chain_phase_waits_for_those_still_building_and_is_nobodys_turn() -> None:
    state = chain_phase()
    ann, watching = banner(state, 0), banner(state, None)
    assert ann.headline == "The table is empty: build the longest chain of your words"
    assert ann.prompt is not None and ann.prompt.endswith("(waiting for Bob too)")
    assert ann.turn is None and ann.waiting == (0, 1)
    assert watching.headline == "Waiting for Ann and Bob to build their chains"
    assert banner(state, 2).headline == watching.headline  # Olya's chain was built for her


def test_after_submitting_a_chain_the_banner_says_waiting_for_the_others_not_their_turn() -> None:
    state, events = play(chain_phase(), 0, SubmitChain(("cat", "tiger")))
    assert said(events) == ["Ann has built a chain"]
    ann = banner(state, 0)
    assert ann.headline == "Waiting for Bob to build their chains"
    assert ann.turn is None and ann.waiting == (1,)  # "Bob's turn" was the bug


def test_the_end_says_who_won_with_how_long_a_chain() -> None:
    state, _ = play(chain_phase(), 0, SubmitChain(("cat", "tiger")))
    state, events = play(state, 1, SubmitChain(("egg", "goat")))
    assert banner(state, None).headline == "The game is over"
    assert said(events)[-1] == "Ann won with the longest chain: 8 letters"
    assert banner(state, 1).prompt == said(events)[-1]


def test_every_event_of_a_turn_is_a_sentence() -> None:
    state = new(3, starter="london")
    state, events = play(state, 0, London(True))
    assert said(events) == ["Ann has been to London"]
    state, _ = play(state, 1, London(False))
    state, events = play(state, 2, London(False))
    assert said(events) == ["Olya has not been to London", "Ann starts: Ann has been to London"]
    cat = at(state, Kind.WORD, "cat")
    state, events = play(state, 0, Flip(cat))
    assert said(events) == [f"Ann flipped card {cat + 1}: ‘cat’"]
    state, events = play(state, 0, Flip(at(state, Kind.PICTURE, "cat")))
    assert said(events)[1] == "Ann found a pair: ‘cat’ 🐈"
    rat = at(state, Kind.WORD, "rat")
    state, _ = play(state, 0, Flip(rat))
    goat = at(state, Kind.PICTURE, "goat")
    state, events = play(state, 0, Flip(goat))
    assert said(events) == [f"Ann flipped card {goat + 1}: 🐐"]
    state, events = play(state, 0, Conceal())
    numbers = " and ".join(str(p + 1) for p in (rat, goat))
    assert said(events) == [f"Cards {numbers} turned back face down", "Bob’s turn"]


def test_a_syncope_taken_is_said_and_explained_the_first_time() -> None:
    state = new()
    state, _ = play(state, 0, Flip(at(state, Kind.SYNCOPE)))
    state, events = play(state, 0, Flip(at(state, Kind.WORD, "cat")))
    assert "Ann took a Syncope" in said(events)
    syncope = next(e for e in events if e.kind == "syncope")
    assert NARRATOR.moment(syncope) is not None
    assert NARRATOR.moment(syncope).rule == "syncope"  # type: ignore[union-attr]


def test_the_sentences_are_said_in_ukrainian_and_russian() -> None:
    state = new()
    flip = Event("flip", {"seat": 1, "position": 6, "card": {"kind": "word", "text": "кіт"}})
    sentence = NARRATOR.narrate(flip, 1, ["Ann", "Оля"])
    assert sentence is not None
    assert translate(sentence, "uk") == "Оля відкриває картку 7: «кіт»"
    assert translate(sentence, "ru") == "Оля открывает карточку 7: «кіт»"
    state, _ = play(state, 0, Flip(at(state, Kind.WORD, "cat")))
    assert translate(banner(state, 1).headline, "uk") == "Ann шукає картинку до слова «cat»"
