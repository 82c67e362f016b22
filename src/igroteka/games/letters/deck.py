"""The deck of Klepka letters: letter cards in pairs, with points and colours, and prize cards.

The letters, how often each occurs, and its points are data
(``data/uk.letters``), measured on the lexicon by :func:`measure`.
A deck of any size is made from them by :func:`make_deck`:

- every letter comes in pairs of identical cards (same letter, same colour);
- each letter gets one pair, then each further pair goes to the letter that
  most deserves it by its share of the dictionary's letters (the Sainte-Laguë
  method, which makes the counts proportional to the shares);
- a colour (blue, yellow, red, green) belongs to a pair: the letters, commonest
  first, deal their pairs round the colours in turn, so that every colour has a
  quarter of the pairs and a common letter comes in every colour; the classic
  deck (rules version 2, a house option) gives each letter one colour instead;
- then the prize cards: Polysemy, Chaos, Exchange.

>>> deck = make_deck(50, polysemy=2, chaos=2, exchange=2)
>>> len(deck), sum(1 for card in deck if card.letter == "о")
(106, 8)
>>> deck[0], make_deck(50, 2, 2, 2, classic=True)[0].colour
(Card(id=0, kind='letter', letter='а', points=1, colour='blue'), 'yellow')

Every decision and its reasons are in docs/rules/letters.md.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Final

from igroteka.engine.game import JsonObject

__all__ = [
    "COLOURS",
    "PRIZES",
    "Card",
    "Kind",
    "LetterInfo",
    "letter_colours",
    "letters",
    "make_deck",
    "measure",
    "pair_colours",
    "points_for",
]


class Kind:
    """The kinds of card."""

    LETTER: Final = "letter"
    POLYSEMY: Final = "polysemy"
    CHAOS: Final = "chaos"
    EXCHANGE: Final = "exchange"


PRIZES: tuple[str, ...] = (Kind.POLYSEMY, Kind.CHAOS, Kind.EXCHANGE)
COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "green")


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck; a prize card has no letter. ``id`` is its place in the deck as
    made; a game names a card by the table place it is dealt to (see the rules)."""

    id: int
    kind: str
    letter: str = ""
    points: int = 0
    colour: str = ""

    def to_json(self) -> JsonObject:
        if self.kind == Kind.LETTER:
            return {
                "id": self.id,
                "kind": self.kind,
                "letter": self.letter,
                "points": self.points,
                "colour": self.colour,
            }
        return {"id": self.id, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class LetterInfo:
    """A letter of the data file: its share of all letters (per cent) and its points."""

    letter: str
    share: float
    points: int


def points_for(share: float) -> int:
    """A letter's points from its share of letters: 1 for the commonest, up to 10.

    Each halving of the share adds 1.5 points, from 1 point at a share of 5 %:
    ``round(1 + 1.5 * log2(5 / share))``, kept between 1 and 10.

    >>> [points_for(share) for share in (9.5, 3.7, 1.5, 0.6, 0.03)]
    [1, 2, 4, 6, 10]
    """
    return max(1, min(10, round(1 + 1.5 * math.log2(5.0 / share))))


@functools.cache
def letters(lang: str = "uk") -> tuple[LetterInfo, ...]:
    """The letters of a language's cards, in the order of its alphabet (from the data file)."""
    text = (
        resources.files("igroteka")
        .joinpath(f"games/letters/data/{lang}.letters")
        .read_text("utf-8")
    )
    found = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            letter, share, points = line.split()
            found.append(LetterInfo(letter, float(share), int(points)))
    return tuple(found)


def _pairs(total: int, infos: tuple[LetterInfo, ...]) -> list[int]:
    """How many pairs each letter gets out of ``total`` (Sainte-Laguë, one pair each first).

    With fewer pairs than letters, the commonest letters get one pair each.
    """
    counts = [0] * len(infos)
    order = sorted(range(len(infos)), key=lambda i: -infos[i].share)  # stable: alphabet order
    for i in order[: min(total, len(infos))]:
        counts[i] = 1
    for _ in range(total - sum(counts)):
        best = max(order, key=lambda i: infos[i].share / (2 * counts[i] + 1))
        counts[best] += 1
    return counts


VOWELS = frozenset("аеєиіїоуюя")


@functools.cache
def letter_colours(lang: str = "uk") -> dict[str, str]:
    """Each letter's colour. The vowels first, then the consonants, commonest first, each
    go to the colour whose letters (of that kind, then in all) have the smallest share so
    far: every colour gets a fair part of the vowels and of all letters.

    >>> colours = letter_colours()
    >>> colours["о"], colours["а"], colours["д"]
    ('blue', 'yellow', 'red')
    """
    shares = dict.fromkeys(COLOURS, 0.0)
    vowels = dict.fromkeys(COLOURS, 0.0)
    chosen: dict[str, str] = {}
    ordered = sorted(letters(lang), key=lambda info: (info.letter not in VOWELS, -info.share))
    for info in ordered:
        if info.letter in VOWELS:
            colour = min(COLOURS, key=lambda c: (vowels[c], shares[c]))  # first of equals
            vowels[colour] += info.share
        else:
            colour = min(COLOURS, key=lambda c: shares[c])
        chosen[info.letter] = colour
        shares[colour] += info.share
    return chosen


def pair_colours(counts: dict[str, int], lang: str = "uk") -> dict[str, tuple[str, ...]]:
    """Each letter's pairs' colours, when a colour belongs to a pair: the letters, commonest
    first, deal their pairs round the four colours in turn, each letter starting where the
    last one stopped. Every colour gets a quarter of the pairs (give or take one), a letter of
    four pairs or more has every colour, and a letter of one pair has one.

    >>> colours = pair_colours({"о": 3, "а": 2, "ґ": 1})
    >>> colours["о"], colours["а"], colours["ґ"]
    (('blue', 'yellow', 'red'), ('green', 'blue'), ('yellow',))
    """
    shares = {info.letter: info.share for info in letters(lang)}
    chosen: dict[str, tuple[str, ...]] = {}
    turn = 0
    for letter in sorted(counts, key=lambda letter: -shares.get(letter, 0.0)):
        chosen[letter] = tuple(COLOURS[(turn + k) % len(COLOURS)] for k in range(counts[letter]))
        turn += counts[letter]
    return chosen


@functools.lru_cache(maxsize=64)
def make_deck(
    pairs: int,
    polysemy: int,
    chaos: int,
    exchange: int,
    lang: str = "uk",
    classic: bool = False,
) -> tuple[Card, ...]:
    """The cards of a deck: ``pairs`` pairs of letters, then the prize cards; ids in order.

    A colour belongs to a pair (:func:`pair_colours`); ``classic``: to a letter, all its
    cards one colour (:func:`letter_colours`, the deck of rules version 2).
    """
    infos = letters(lang)
    counts = dict(zip((info.letter for info in infos), _pairs(pairs, infos), strict=True))
    if classic:
        by_letter = letter_colours(lang)
        colours = {letter: (by_letter[letter],) * count for letter, count in counts.items()}
    else:
        colours = pair_colours(counts, lang)
    cards: list[Card] = []
    for info in infos:
        for colour in colours[info.letter]:
            for _ in range(2):
                cards.append(Card(len(cards), Kind.LETTER, info.letter, info.points, colour))
    for kind, count in ((Kind.POLYSEMY, polysemy), (Kind.CHAOS, chaos), (Kind.EXCHANGE, exchange)):
        for _ in range(count):
            cards.append(Card(len(cards), kind))
    return tuple(cards)


def measure(words: Iterable[str], alphabet: str) -> dict[str, float]:
    """Each letter's share (per cent) of all the letters of ``words`` (other characters skipped).

    >>> measure(["вода", "дах"], "адвох")
    {'а': 28.571, 'д': 28.571, 'в': 14.286, 'о': 14.286, 'х': 14.286}
    """
    counts: Counter[str] = Counter()
    for word in words:
        counts.update(word)
    total = sum(counts[letter] for letter in alphabet)
    return {letter: round(100 * counts[letter] / total, 3) for letter in alphabet if counts[letter]}


def main() -> None:
    """Print the data file of the Ukrainian letters, measured on the lexicon's word list."""
    from igroteka.lexicon.index import index
    from igroteka.lexicon.text import ALPHABETS

    shares = measure(index("uk").words.keys(), ALPHABETS["uk"])
    print("# Klepka letters, the Ukrainian cards: letter, share of all letters (%), points.")
    print("# The shares are measured on every word form the game accepts (the lexicon's")
    print("# 'any' list); points = round(1 + 1.5 * log2(5 / share)), kept between 1 and 10.")
    print(
        "# Made by: python -m igroteka.games.letters.deck"
        " > src/igroteka/games/letters/data/uk.letters"
    )
    for letter, share in shares.items():
        print(f"{letter} {share:.3f} {points_for(share)}")


if __name__ == "__main__":
    main()
