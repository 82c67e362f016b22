"""The deck of Klepka letters: pairs, counts, points and colours (docs/rules/letters.md)."""

from __future__ import annotations

import io
from collections import Counter
from contextlib import redirect_stdout

import pytest

from igroteka.games.letters import deck as deck_module
from igroteka.games.letters.deck import COLOURS, Kind, letter_colours, letters, make_deck
from igroteka.lexicon.index import index
from igroteka.lexicon.text import ALPHABETS
from tests.games.letters.support import GAME


def letter_cards(pairs: int = 50) -> list[deck_module.Card]:
    return [card for card in make_deck(pairs, 2, 2, 2) if card.kind == Kind.LETTER]


def test_every_letter_comes_in_pairs_of_identical_cards() -> None:
    for pairs in (50, 64):
        faces = Counter((c.letter, c.points, c.colour) for c in letter_cards(pairs))
        assert all(count % 2 == 0 for count in faces.values())
        assert len(letter_cards(pairs)) == 2 * pairs


def test_pairs_follow_the_shares_and_every_letter_has_one() -> None:
    counts = Counter(card.letter for card in letter_cards())
    assert set(counts) == set(ALPHABETS["uk"])  # all 33 letters, ґ included
    assert counts["о"] > counts["а"] >= counts["н"] > counts["к"] > counts["ґ"] == 2
    small = Counter(card.letter for card in letter_cards(12))
    assert len(small) == 12 and "ґ" not in small and "о" in small  # the commonest first
    big = Counter(card.letter for card in letter_cards(120))
    shares = {info.letter: info.share for info in letters()}
    for letter, count in big.items():  # within a pair of its share of the deck
        assert abs(count / 2 - 120 * shares[letter] / 100) <= 1.5, letter


def test_rarer_letters_score_more() -> None:
    by_share = sorted(letters(), key=lambda info: -info.share)
    points = [info.points for info in by_share]
    assert points == sorted(points) and points[0] == 1 and points[-1] == 10
    assert {info.letter: info.points for info in letters()}["ґ"] == 10


def test_a_colour_belongs_to_a_pair_and_every_colour_has_a_quarter_of_the_pairs() -> None:
    for pairs in (50, 64, 120):
        colours: dict[str, set[str]] = {}
        for card in letter_cards(pairs):
            colours.setdefault(card.letter, set()).add(card.colour)
        per_colour = Counter(card.colour for card in letter_cards(pairs))
        assert max(per_colour.values()) - min(per_colour.values()) <= 2, per_colour  # cards
        assert len(colours["о"]) == 4 and len(colours["ґ"]) == 1, colours


def test_the_classic_deck_gives_each_letter_one_colour_and_every_colour_a_fair_share() -> None:
    classic = [c for c in make_deck(50, 2, 2, 2, classic=True) if c.kind == Kind.LETTER]
    colours: dict[str, set[str]] = {}
    for card in classic:
        colours.setdefault(card.letter, set()).add(card.colour)
    assert all(len(seen) == 1 for seen in colours.values())
    assert Counter(c.letter for c in classic) == Counter(c.letter for c in letter_cards(50))
    dealt = GAME.setup(GAME.parse_options({"pairs": 50, "classic_deck": True}), 2, seed=1)
    assert Counter(c.colour for c in dealt.deck) == Counter(c.colour for c in classic) + Counter(
        {"": 6}
    )  # the house option deals that deck (and the six prize cards)
    shares = {colour: 0.0 for colour in COLOURS}
    vowels = {colour: 0 for colour in COLOURS}
    for info in letters():
        colour = letter_colours()[info.letter]
        shares[colour] += info.share
        vowels[colour] += info.letter in "аеєиіїоуюя"
    assert all(20 <= share <= 30 for share in shares.values()), shares
    assert all(count >= 2 for count in vowels.values()), vowels


@pytest.mark.slow
def test_words_of_one_colour_are_possible_but_rare() -> None:
    colour = letter_colours()
    words = [w.replace("'", "") for w in index("uk").words]
    one = [w for w in words if len(w) >= 3 and len({colour[c] for c in w}) == 1]
    longer = [w for w in words if len(w) >= 3]
    assert 100 < len(one) < len(longer) / 1000  # hundreds of words, under one in a thousand
    assert {"сир", "дух", "кошт"} <= set(one)


def test_prize_cards_are_dealt_as_the_options_say() -> None:
    cards = make_deck(20, 1, 3, 0)
    kinds = Counter(card.kind for card in cards)
    assert kinds == {Kind.LETTER: 40, Kind.POLYSEMY: 1, Kind.CHAOS: 3}
    assert [card.id for card in cards] == list(range(len(cards)))


@pytest.mark.slow
def test_the_letter_data_is_what_the_lexicon_measures() -> None:
    shipped = deck_module.resources.files("igroteka").joinpath("games/letters/data/uk.letters")
    out = io.StringIO()
    with redirect_stdout(out):
        deck_module.main()
    assert out.getvalue() == shipped.read_text("utf-8")
