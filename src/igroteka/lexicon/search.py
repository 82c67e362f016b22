"""The best words a player can make from a multiset of letters.

A player composes words from the letter cards they hold; a Polysemy card (a
wildcard) stands for one letter, as many times as the word has
it (one О in вода, three in молоко). :func:`best_words` finds the words of a
rule's word list that the letters make, with or without a Polysemy, best
first::

    >>> [found.word for found in best_words("кіт", "uk", top=3)]
    ['кіт', 'тік', 'ік']

A word is worth the sum of its letters' points (1 each by default: its length),
or whatever a ``score`` function of the caller's says.

How: the compiled index numbers every word's *signature* (its letters in
alphabetical order), longest first, and tells in one pass of bit-set
operations which of them the letters make, alone or with the Polysemy (see
:mod:`igroteka.lexicon.signatures`). The lengths are then taken best bound
first (a length's bound: its best letters' points), the signatures made of
each length are scored, and the best are spelt out as words until no length
left can reach the ``top``-th word found. With a ``score`` function nothing is
known in advance, so every signature made is spelt out. An apostrophe needs no
card.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from igroteka.i18n import Text
from igroteka.lexicon.index import index
from igroteka.lexicon.signatures import Signatures
from igroteka.lexicon.text import (
    ALPHABETS,
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
        raise WordInputError(Text("no letters: give the letters the player holds"))
    form = normal(text, language)
    odd = sorted({char for char in form if char not in ALPHABETS[language]})
    if odd:
        if language == "uk":
            raise WordInputError(
                Text("not letters of the Ukrainian alphabet: {letters}", letters=" ".join(odd))
            )
        raise WordInputError(
            Text("not letters of the Russian alphabet: {letters}", letters=" ".join(odd))
        )
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
    nouns_singular: bool = False,
) -> list[Found]:
    """The ``top`` best words the letters make, best first (ties in alphabetical order).

    ``rule`` picks the word list ("any": every form of every word, "nouns":
    the words of the rule ``nouns``); ``wildcard``: the player also holds a Polysemy card
    (a word the letters make alone is reported without it). A word scores the
    sum of ``points`` of its letters (1 for a letter not named), letters the
    Polysemy stands for included; or ``score(word)`` when given. With
    ``nouns_singular`` (the rule "any" only), just the words that may be a noun in
    the singular (the index flags them), as the house rule of that name asks.

    >>> [(f.word, f.wildcard) for f in best_words("млк", "uk", wildcard=True, top=2)]
    [('калама', 'а'), ('килими', 'и')]
    >>> [f.wildcard for f in best_words("млк", "uk", wildcard=True, top=50) if f.word == "молоко"]
    ['о']
    """
    if top < 1:
        raise ValueError("top is at least 1")
    if rule not in ("any", "nouns"):
        raise ValueError(f"unknown rule {rule!r}: the rules are any and nouns")
    if nouns_singular and rule != "any":
        raise ValueError("nouns_singular picks from the rule any's words")
    language = check_language(lang)
    rack = letters_of(letters, language)
    compiled = index(language)
    nouns = rule == "nouns"
    table = compiled.noun_signatures if nouns else compiled.word_signatures
    trie = compiled.nouns if nouns else compiled.words
    flags = compiled.singular_nouns if nouns_singular else None
    kept = _singular_signatures(language) if nouns_singular else None
    value = {char: float((points or {}).get(char, 1)) for char in ALPHABETS[language]}
    fits = table.fits(rack, wildcard)
    best = _Best(top, language, ranked=score is None)
    for bound, first, end in _lengths(table, rack, value, wildcard):
        if best.beyond(bound):
            break
        numbers = table.members(fits.made, first, end)
        if kept is not None:
            numbers = numbers[kept[numbers]]
        if not numbers.size:
            continue
        rated = table.worth(numbers, value, None if wildcard else rack)
        for place in np.argsort(-rated, kind="stable"):
            worth = float(rated[place])
            if best.beyond(worth):
                break
            wild = table.stands_for(int(numbers[place]), fits)
            before = best.cutoff(worth)
            spelt = table.words(int(numbers[place]))
            if flags is not None:
                spelt = [number for number in spelt if flags[number]]
            for number in spelt[:top]:
                word = trie.restore_key(number)
                if before is not None and collation(word, language) > before:
                    break  # the words of a signature come in alphabetical order
                # A word has one signature, met once, so no word is offered twice.
                best.offer(word, score(word) if score is not None else worth, wild)
    return best.found()


@functools.cache
def _singular_signatures(lang: Language) -> npt.NDArray[np.bool_]:
    """Whether each signature of the rule "any" has a word that may be a noun in the singular
    (worked out once from the index's flags of words, in a few milliseconds)."""
    compiled = index(lang)
    table, flags = compiled.word_signatures, np.asarray(compiled.singular_nouns)
    kept = flags[np.asarray(table.first)]
    pairs = np.asarray(table.more)
    kept[pairs[flags[pairs[:, 1]], 0]] = True
    return kept


class _Best:
    """The ``top`` best words offered so far, by worth and then in alphabetical order.

    With ``ranked`` (worth known before a word is spelt), it also says when a
    worth cannot get in, and which words of the worth of the last one in cannot.
    """

    def __init__(self, top: int, lang: Language, ranked: bool) -> None:
        self.top, self.lang, self.ranked = top, lang, ranked
        # A min-heap whose least is the last one in: lower worth, then later in the alphabet.
        self.heap: list[tuple[float, tuple[int, ...], str, str | None]] = []

    def _last(self) -> tuple[float, tuple[int, ...]] | None:
        if not self.ranked or len(self.heap) < self.top:
            return None
        worth, key, _, _ = self.heap[0]
        return worth, tuple(-rank for rank in key[:-1])

    def beyond(self, worth: float) -> bool:
        """Whether nothing worth ``worth`` or less can get in any more."""
        last = self._last()
        return last is not None and worth < last[0]

    def cutoff(self, worth: float) -> tuple[int, ...] | None:
        """Words of this worth get in only if they come before this (alphabetical key)."""
        last = self._last()
        return last[1] if last is not None and worth == last[0] else None

    def offer(self, word: str, worth: float, wild: str | None) -> None:
        # Ranks negated, after an end mark that puts a word before its own extensions.
        key = tuple(-rank for rank in (*collation(word, self.lang), -1))
        entry = (worth, key, word, wild)
        if len(self.heap) < self.top:
            heapq.heappush(self.heap, entry)
        elif entry[:2] > self.heap[0][:2]:
            heapq.heapreplace(self.heap, entry)

    def found(self) -> list[Found]:
        ordered = sorted(self.heap, key=lambda entry: entry[:2], reverse=True)  # best first
        return [Found(word, worth, wild) for worth, _, word, wild in ordered]


def _lengths(
    table: Signatures, rack: Counter[str], value: Mapping[str, float], wildcard: bool
) -> list[tuple[float, int, int]]:
    """Each length a word made can have, best bound first, with its signatures' numbers.

    A length's bound is the most its letters can be worth: the rack's best
    letters, or (with a Polysemy) any letter at its best.
    """
    held = sorted((value[char] for char in rack.elements()), reverse=True)
    best = [0.0, *itertools.accumulate(held)]
    top_value = max(value.values())
    spans = []
    for length, first, end in table.by_length():
        if wildcard:
            bound = length * top_value
        elif length < len(best):
            bound = best[length]
        else:
            continue  # longer than the letters
        spans.append((bound, first, end))
    spans.sort(key=lambda span: (-span[0], span[1]))
    return spans
