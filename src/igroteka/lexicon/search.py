"""The best words a player can make from a multiset of letters.

Klepka letters (sheet 002) lets a player compose words from the letter cards
they hold; a Polysemy card stands for one letter, as many times as the word has
it (one О in вода, three in молоко). :func:`best_words` finds the words of a
rule's word list that the letters make, with or without a Polysemy, best
first::

    >>> [found.word for found in best_words("кіт", "uk", top=3)]
    ['ікт', 'кіт', 'тік']

A word is worth the sum of its letters' points (1 each by default: its length),
or whatever a ``score`` function of the caller's says.

How: the compiled index holds every word's *signature*, its letters in
alphabetical order, filed after its length (see :mod:`igroteka.lexicon.index`).
The lengths are taken best bound first; within a length a depth-first walk
chooses how many of each letter to take, in alphabetical order, goes on only
while some signature of that length starts so, and drops a prefix whose bound
(what it has plus the best letters that could fill the length) cannot reach
the ``top``-th word found. Each signature found is spelt out as words. With a
``score`` function nothing is known in advance, so every signature is spelt
out. An apostrophe needs no card.
"""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from igroteka.lexicon.index import index, length_mark, repeats
from igroteka.lexicon.text import (
    ALPHABETS,
    NAMES,
    Language,
    WordInputError,
    check_language,
    collation,
    normal,
)

__all__ = ["Found", "best_words", "letters_of"]


@dataclass(frozen=True)
class Found:
    """A word the letters make: its score, and the letter a Polysemy stands for (or None)."""

    word: str
    score: float
    wildcard: str | None = None


def letters_of(letters: str | Iterable[str], lang: str) -> Counter[str]:
    """The multiset of letters a player holds, checked: WordInputError names a stray one.

    >>> sorted(letters_of("Ґава", "uk").items())
    [('а', 2), ('в', 1), ('ґ', 1)]
    """
    language = check_language(lang)
    text = letters if isinstance(letters, str) else "".join(letters)
    text = text.replace(" ", "").replace(",", "")
    if not text:
        raise WordInputError("no letters: give the letters the player holds")
    form = normal(text, language)
    odd = sorted({char for char in form if char not in ALPHABETS[language]})
    if odd:
        raise WordInputError(f"not letters of the {NAMES[language]} alphabet: {' '.join(odd)}")
    return Counter(form)


def best_words(
    letters: str | Iterable[str],
    lang: str,
    *,
    rule: str = "any",
    wildcard: bool = False,
    top: int = 10,
    points: Mapping[str, float] | None = None,
    score: Callable[[str], float] | None = None,
) -> list[Found]:
    """The ``top`` best words the letters make, best first (ties in alphabetical order).

    ``rule`` picks the word list ("any": every form of every word, "crossword":
    the crossword rule's); ``wildcard``: the player also holds a Polysemy card
    (a word the letters make alone is reported without it). A word scores the
    sum of ``points`` of its letters (1 for a letter not named), letters the
    Polysemy stands for included; or ``score(word)`` when given.

    >>> [(f.word, f.wildcard) for f in best_words("млк", "uk", wildcard=True, top=2)]
    [('калама', 'а'), ('камала', 'а')]
    >>> [f.wildcard for f in best_words("млк", "uk", wildcard=True, top=50) if f.word == "молоко"]
    ['о']
    """
    if top < 1:
        raise ValueError("top is at least 1")
    if rule not in ("any", "crossword"):
        raise ValueError(f"unknown rule {rule!r}: the rules are any and crossword")
    language = check_language(lang)
    rack = letters_of(letters, language)
    compiled = index(language)
    words = compiled.nouns if rule == "crossword" else None
    value = {char: float((points or {}).get(char, 1)) for char in ALPHABETS[language]}
    found: dict[str, tuple[float, str | None]] = {}
    worths: list[float] = []  # a min-heap of the ``top`` best worths found (default score)

    def spell(worth: float, sig: str, wild: str | None) -> None:
        for word in _spellings(sig, compiled.spelt, words, language, top):
            # A word has one signature, and the walk meets a signature once: by the rack
            # alone where the rack has the letters, so a word is never met twice.
            rated = score(word) if score is not None else worth
            found[word] = (rated, wild)
            if len(worths) < top:
                heapq.heappush(worths, rated)
            elif rated > worths[0]:
                heapq.heapreplace(worths, rated)
            if score is None and len(worths) >= top:
                floor[0] = worths[0]

    floor = [float("-inf")]  # signatures worth less than the top-th word cannot get in

    search = _Search(rack, language, compiled.anagrams, wildcard, value, repeats(compiled))
    search.run(spell, floor)
    ranked = sorted(found.items(), key=lambda item: (-item[1][0], collation(item[0], language)))
    return [Found(word, worth, wild) for word, (worth, wild) in ranked[:top]]


class _Search:
    """Signatures the letters make, best first, each with its worth and the Polysemy's letter.

    The index files a signature after its length, so a search item is a length
    and a prefix of a signature that long; its bound is what the prefix is
    worth plus the best letters still to come that fill the length (any letter
    at all while a Polysemy is free).
    """

    def __init__(
        self,
        rack: Counter[str],
        lang: Language,
        anagrams: Any,
        wildcard: bool,
        value: dict[str, float],
        most_repeated: int,
    ) -> None:
        self.rack = rack
        self.anagrams = anagrams
        self.alphabet = ALPHABETS[lang]
        self.wildcard = wildcard
        self.value = value
        self.repeats = most_repeated
        size = len(self.alphabet)
        # From each place of the alphabet on: the rack's letter values, best first, summed
        # (best[place][k]: the k best), and the best value of any letter (for a Polysemy).
        self.best: list[list[float]] = [[0.0] for _ in range(size + 1)]
        self.top: list[float] = [0.0] * (size + 1)
        for place in range(size - 1, -1, -1):
            values = sorted(
                (value[char] for char in self.alphabet[place:] for _ in range(rack[char])),
                reverse=True,
            )
            self.best[place] = [0.0, *itertools.accumulate(values)]
            self.top[place] = max(self.top[place + 1], value[self.alphabet[place]])

    def bound(self, place: int, slots: int, worth: float, free: bool) -> float | None:
        """The most a prefix can be worth with ``slots`` letters still to take, or None."""
        sums = self.best[place]
        if slots < len(sums):
            rack_part = sums[slots]
            if not free:
                return worth + rack_part
            return worth + max(rack_part, slots * self.top[place])
        missing = slots - len(sums) + 1  # letters the rack has not, from here on
        if not free or missing > self.repeats:
            return None  # not enough letters left to fill the length
        return worth + sums[-1] + missing * self.top[place]

    def run(self, spell: Callable[[float, str, str | None], None], floor: list[float]) -> None:
        """Every signature worth at least ``floor[0]``, handed to ``spell`` (worth, sig, letter).

        Lengths are taken best bound first, each searched depth first; ``floor``
        may rise as words are found, and the search stops when no length left
        can reach it.
        """
        anagrams = self.anagrams
        has_prefix = anagrams.has_keys_with_prefix
        alphabet, rack, value, bound_of = self.alphabet, self.rack, self.value, self.bound
        size = len(alphabet)
        # The letters to try from each place on: those of the rack, or all (Polysemy free).
        every = [
            (p, alphabet[p], rack.get(alphabet[p], 0), value[alphabet[p]]) for p in range(size)
        ]
        held = [entry for entry in every if entry[2]]
        tries = {
            False: [[e for e in held if e[0] >= place] for place in range(size + 1)],
            True: [[e for e in every if e[0] >= place] for place in range(size + 1)],
        }
        classes = []
        longest = sum(rack.values()) + (self.repeats if self.wildcard else 0)
        for length in range(1, longest + 1):
            key = length_mark(length)
            bound = bound_of(0, length, 0.0, self.wildcard)
            if bound is not None and has_prefix(key):
                classes.append((bound, length, key))
        classes.sort(reverse=True)

        def walk(
            key: str, slots: int, place: int, worth: float, wild: str | None, free: bool
        ) -> None:
            if not slots:
                if key in anagrams:
                    spell(worth, key[1:], wild)
                return
            for position, char, have, points in tries[free][place]:
                step, gained, taken = key, worth, 0
                now_wild, now_free = wild, free
                while taken < slots:
                    taken += 1
                    if taken > have and char != now_wild:
                        if not now_free:
                            break
                        now_wild, now_free = char, False  # the Polysemy stands for it
                    step += char
                    if not has_prefix(step):
                        break
                    gained += points
                    bound = bound_of(position + 1, slots - taken, gained, now_free)
                    if bound is not None and bound >= floor[0]:
                        walk(step, slots - taken, position + 1, gained, now_wild, now_free)

        for bound, length, key in classes:
            if bound < floor[0]:
                break
            walk(key, length, 0, 0.0, None, self.wildcard)


def _spellings(sig: str, spelt: Any, words: Any, lang: Language, limit: int) -> list[str]:
    """The first ``limit`` words, in the alphabet's order, whose letters are a signature's.

    Spelt out in the index of words filed after their length, so only words as
    long as the signature are followed; letters are tried in alphabetical order
    (a signature's letters are in that order already), so the first words found
    are the first in order, and the walk stops there.
    """
    left = Counter(sig)
    distinct = list(left)
    has_prefix = spelt.has_keys_with_prefix
    found: list[str] = []
    apostrophe = lang == "uk"

    def walk(key: str, remaining: int) -> bool:
        """False once enough words are found."""
        if not remaining:
            if key in spelt and (words is None or key[1:] in words):
                found.append(key[1:])
                return len(found) < limit
            return True
        for char in distinct:
            if left[char] and has_prefix(key + char):
                left[char] -= 1
                going = walk(key + char, remaining - 1)
                left[char] += 1
                if not going:
                    return False
        if apostrophe and len(key) > 1 and has_prefix(key + "'"):
            return walk(key + "'", remaining)
        return True

    walk(length_mark(len(sig)), len(sig))
    return found
