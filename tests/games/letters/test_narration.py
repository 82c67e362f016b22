"""What the Klepka letters table says: the banner in each step of a turn, for the player whose
turn it is, for another player and for a spectator, and a sentence for every event."""

from __future__ import annotations

import dataclasses

from igroteka.engine import Event
from igroteka.engine.context import context
from igroteka.engine.narration import Banner
from igroteka.games.letters.deck import Kind
from igroteka.games.letters.narration import NARRATOR
from igroteka.games.letters.rules import (
    EMPTY,
    Chaos,
    Compose,
    Exchange,
    Flip,
    Laying,
    LettersState,
    Stop,
)
from igroteka.i18n import translate
from tests.games.letters.support import GAME, give, new, on_table, place

NAMES = ["Ann", "Bob"]


def banner(state: LettersState, seat: int | None) -> Banner:
    return NARRATOR.banner(GAME.view(state, seat), context(GAME, state, 0), seat, NAMES)


def said(events: tuple[Event, ...]) -> list[str]:
    return [str(NARRATOR.narrate(event, event.data.get("seat"), NAMES)) for event in events]


def pair_on_table(state: LettersState) -> list[int]:
    """The places of two identical letters lying face down."""
    for letter in "оаеинтрві":
        try:
            return [place(state, card) for card in on_table(state, letter * 2)]
        except LookupError:
            continue
    raise LookupError("no pair")


def two_different(state: LettersState) -> list[int]:
    """The places of two different letters lying face down."""
    first = on_table(state, "о")[0]
    second = on_table(state, "а")[0]
    return [place(state, first), place(state, second)]


def test_a_turn_begins_with_compose_or_flip_for_its_player_and_says_so_to_the_others() -> None:
    state = new()
    ann, bob, watching = banner(state, 0), banner(state, 1), banner(state, None)
    assert ann.headline == "Your turn" and ann.turn == 0
    assert ann.prompt == "Compose words from your cards, or flip 2 cards"
    assert bob.headline == "Ann’s turn: Ann may compose words, then flips" and bob.prompt is None
    assert watching.headline == bob.headline


def test_while_flipping_the_banner_counts_the_cards_still_to_turn_up() -> None:
    state = new()
    state, _ = GAME.apply(state, 0, Flip(two_different(state)[0]))
    assert banner(state, 0).prompt == "Flip 1 more card: identical letters are kept"
    assert banner(state, 1).headline == "Ann is flipping cards: 1 more"


def test_letters_that_do_not_match_stay_up_to_be_remembered() -> None:
    state = new()
    first, second = two_different(state)
    state, _ = GAME.apply(state, 0, Flip(first))
    state, _ = GAME.apply(state, 0, Flip(second))
    assert state.phase == "reveal"
    assert banner(state, 1).headline == "Look: the cards turn back"
    assert banner(state, None).prompt == "Remember where the letters lie"


def test_a_pair_kept_offers_two_more_cards_or_stop() -> None:
    state = new()
    first, second = pair_on_table(state)
    state, _ = GAME.apply(state, 0, Flip(first))
    state, events = GAME.apply(state, 0, Flip(second))
    letter = state.deck[state.hands[0][0]].letter.upper()
    assert said(events)[-1] == f"Ann kept a pair: {letter}"
    assert banner(state, 0).headline == "You kept a pair"
    assert banner(state, 0).prompt == "Flip two more cards, or stop"
    assert banner(state, 1).headline == "Ann kept a pair and may flip two more cards"


def test_an_empty_table_leaves_composing_or_stopping() -> None:
    state = new()
    state = dataclasses.replace(state, table=(EMPTY,) * len(state.table))
    assert banner(state, 0).headline == "The table is empty"
    assert banner(state, 0).prompt == "Compose words from your cards, or stop"
    assert banner(state, 1).headline == "The table is empty: Ann may compose words"


def test_a_holder_of_a_prize_card_is_told_it_may_be_played_in_anothers_turn() -> None:
    state = give(new(), 1, on_table(new(), kind=Kind.CHAOS))
    assert banner(state, 1).prompt == "You may play your prize card at any moment"
    assert banner(state, 1).turn == 0  # still Ann's turn


def test_a_composed_word_is_said_with_its_points() -> None:
    state = new()
    state = give(state, 0, on_table(state, "кіт"))
    state, events = GAME.apply(state, 0, Compose((Laying("кіт"),)))
    points = events[0].data["words"][0]["points"]
    doubled = " (one colour: doubled)" if events[0].data["words"][0]["double"] else ""
    assert said(events) == [f"Ann composed «кіт»{doubled} for {points} points"]


def test_chaos_is_said_and_explained() -> None:
    state = new()
    state = give(state, 1, on_table(state, kind=Kind.CHAOS))
    state, events = GAME.apply(state, 1, Chaos())
    assert said(events) == ["Bob played Chaos: the face-down cards were shuffled"]
    moment = NARRATOR.moment(events[0])
    assert moment is not None and moment.rule == "chaos"


def test_an_exchange_says_what_was_given_and_taken_from_whom() -> None:
    state = new()
    mine = on_table(state, "б", kind=Kind.LETTER) + on_table(state, kind=Kind.EXCHANGE)
    state = give(state, 1, mine)
    theirs = on_table(state, "к")
    state = give(state, 0, theirs)
    state, events = GAME.apply(state, 1, Exchange(mine[0], theirs[0]))
    assert said(events) == ["Bob played Exchange: gave Б, took К from Ann"]
    moment = NARRATOR.moment(events[0])
    assert moment is not None and moment.rule == "exchange"


def test_a_prize_flipped_is_taken_and_said() -> None:
    state = new()
    polysemy = place(state, on_table(state, kind=Kind.POLYSEMY)[0])
    other = two_different(state)[0]
    state, _ = GAME.apply(state, 0, Flip(polysemy))
    state, events = GAME.apply(state, 0, Flip(other))
    assert said(events)[0] == f"Ann flipped card {other + 1}: О"
    assert "Ann took a Polysemy" in said(events)
    prize = next(e for e in events if e.kind == "prize")
    moment = NARRATOR.moment(prize)
    assert moment is not None and moment.rule == "polysemy"


def test_the_end_says_who_won_with_how_many_points() -> None:
    state = new()
    state = dataclasses.replace(state, table=(EMPTY,) * len(state.table))
    state, events = GAME.apply(state, 0, Stop())  # nobody holds a card: nobody composes
    assert state.phase == "over"
    assert said(events)[-1] == "Ann and Bob share the victory with 0 points"
    assert banner(state, None).headline == "The game is over"


def test_the_sentences_are_said_in_ukrainian_and_russian() -> None:
    gave, took = {"kind": "letter", "letter": "б"}, {"kind": "exchange"}
    exchange = Event("exchange", {"seat": 1, "with": 0, "gave": gave, "took": took})
    sentence = NARRATOR.narrate(exchange, 1, ["Аня", "Боб"])
    assert sentence is not None
    assert translate(sentence, "uk") == "Боб грає «Обмін»: віддає Б, бере «Обмін» у гравця Аня"
    assert translate(sentence, "ru") == "Боб играет «Обмен»: отдаёт Б, берёт «Обмен» у игрока Аня"
    assert translate(banner(new(), 1).headline, "uk") == (
        "Хід: Ann. Спершу можна скласти слова, потім — відкривати картки"
    )
