"""Klepka at the terminal: a person builds a chain from the cards of their hand."""

from __future__ import annotations

import io

import pytest

from igroteka.engine import JsonObject
from igroteka.games.klepka.chain import SYNCOPE
from igroteka.games.klepka.rules import SYNCOPE_NAMES, Flip, KlepkaGame, Phase, SubmitChain
from igroteka.games.klepka.terminal import ChainInputError, Person, read_chain
from igroteka.terminal.text import Console

GAME = KlepkaGame()
DECK = {
    "name": "treats",
    "lang": "en",
    "pairs": [["ice cream", "🍦"], ["mouse", "🐭"], ["egg", "🥚"], ["m’lady", "👸"]],
}
HAND = ("ice cream", "mouse", "egg", "m’lady")


def chain_view() -> JsonObject:
    """The view of the one player of a game whose table is cleared: all four words, a Syncope."""
    state = GAME.setup(GAME.parse_options({"deck": DECK, "syncopes": 1, "starter": 0}), 1, seed=3)
    pairs = sorted({card.pair for card in state.cards if card.pair >= 0})
    for pair in pairs:  # the Syncope is left last on the table, and so taken alone
        for position, card in enumerate(state.cards):
            if card.pair == pair:
                state, _ = GAME.apply(state, 0, Flip(position))
    syncope = next(i for i, card in enumerate(state.cards) if card.pair < 0)
    state, _ = GAME.apply(state, 0, Flip(syncope))
    assert state.phase == Phase.CHAIN
    return GAME.view(state, 0)


def person(*answers: str) -> tuple[Person, io.StringIO]:
    shown = io.StringIO()
    console = Console(io.StringIO("".join(f"{a}\n" for a in answers)), shown)
    return Person("Ann", 0, console, ["Ann"]), shown


def test_the_hand_is_shown_numbered_and_a_chain_can_be_typed_as_card_numbers() -> None:
    view = chain_view()
    ann, shown = person("1 2 3")
    action = ann.choose(view)
    assert "1: ice cream   2: mouse   3: egg   4: m’lady" in shown.getvalue()
    assert action == SubmitChain(("ice cream", "mouse", "egg"))


def test_a_card_of_two_words_can_be_typed_as_its_words() -> None:
    ann, _ = person("Ice  Cream ~ mouse")
    assert ann.choose(chain_view()) == SubmitChain(("ice cream", SYNCOPE, "mouse"))


def test_numbers_words_and_syncope_names_mix_in_one_chain() -> None:
    assert read_chain("1, mouse → * 3", HAND) == ("ice cream", "mouse", SYNCOPE, "egg")
    assert read_chain("M'LADY", HAND) == ("M'LADY",)  # one word: the rules forgive case and ’
    assert read_chain("ice", HAND) == ("ice",)  # half a card is no card: the rules say so


@pytest.mark.parametrize("name", SYNCOPE_NAMES)
def test_every_name_of_the_syncope_in_the_rules_list_is_read_as_a_syncope(name: str) -> None:
    assert read_chain(f"egg {name.upper()} mouse", HAND) == ("egg", SYNCOPE, "mouse")


def test_a_number_that_is_no_card_of_the_hand_is_refused_and_asked_again() -> None:
    with pytest.raises(ChainInputError, match="there is no card 5: your words are numbered 1 to 4"):
        read_chain("1 5", HAND)
    ann, shown = person("0", "", "2 3")
    assert ann.choose(chain_view()) == SubmitChain(("mouse", "egg"))
    output = shown.getvalue()
    assert "✗ There is no card 0: your words are numbered 1 to 4." in output
    assert "Type at least one card number or word, or - to build no chain." in output


def test_a_dash_builds_no_chain_and_the_syncope_names_are_told() -> None:
    ann, shown = person("-")
    assert ann.choose(chain_view()) == SubmitChain(())
    assert "You hold 1 Syncope card: put ~ (or *, ✦, syncope, синкопа) between two words." in (
        shown.getvalue()
    )


def test_the_rules_accept_a_chain_read_from_numbers_and_words() -> None:
    """The links the terminal reads are the cards' own words: the rules check them as built."""
    state = GAME.setup(GAME.parse_options({"deck": DECK, "syncopes": 0, "starter": 0}), 1, seed=3)
    for pair in range(len(DECK["pairs"])):
        for position, card in enumerate(state.cards):
            if card.pair == pair:
                state, _ = GAME.apply(state, 0, Flip(position))
    state, _ = GAME.apply(state, 0, SubmitChain(read_chain("ice cream 2 egg", state.words(0))))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (16,)


def test_at_the_terminal_a_bots_revealed_cards_stay_up_for_the_reveal_time() -> None:
    """The game's reveal time (an option, 3 s by default), unless --delay sets the pace."""
    from igroteka.cli import reveal_pause
    from igroteka.engine import Match

    for options, seconds in (({}, 3.0), ({"reveal": 6}, 6.0)):
        match = Match.start(GAME, ["Ann", "bot:easy"], {"deck": DECK, "starter": 0, **options}, 3)
        while match.game.phase(match.state) != Phase.REVEAL:
            match.play(
                0, Flip(next(p for p in match.state.face_down() if p not in match.state.tried))
            )
        assert reveal_pause(match, 0.6, paced=False) == seconds
        assert reveal_pause(match, 0.5, paced=True) == 1.0
