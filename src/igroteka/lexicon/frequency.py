"""How common a word is in running text: the Zipf frequency of the ``wordfreq`` package.

``wordfreq`` (Apache-2.0; its data CC BY-SA 4.0, from Wikipedia, subtitles,
news, books, web text and social media: docs/lexicon.md, NOTICE) gives each
word of Ukrainian and Russian its frequency on the Zipf scale: log10 of the
occurrences per billion words, 7 for the commonest words (на, та), 3 for a
word met once in a million words, 0 for a word it never saw. The bots of the
word games use it to play words a person knows (an easy bot, common words
only); it is never a reason to refuse a person's word.

>>> zipf("кіт", "uk") > 4 > zipf("пфальцграфинях", "uk")
True
>>> zipf("м’яч", "uk") == zipf("м'яч", "uk") > 0
True
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping

from igroteka.lexicon.morph import analyses
from igroteka.lexicon.text import ALPHABETS, WordInputError, check_language, normal

__all__ = ["first_nouns", "frequent_nouns", "zipf"]


@functools.lru_cache(maxsize=65536)
def zipf(word: str, lang: str) -> float:
    """The Zipf frequency of a word (0 when unknown), in its normal form."""
    from wordfreq import zipf_frequency  # a second to load: only when asked

    language = check_language(lang)
    form = normal(word, language)
    if _LETTERS[language].fullmatch(form):  # one token, itself: read from the list at once
        listed = _listed(language).get(form)
        return 0.0 if listed is None else _as_zipf(listed)  # most of a dictionary's: unseen
    return float(zipf_frequency(form, language, wordlist="large"))


def _as_zipf(frequency: float) -> float:
    """A listed word's frequency on the Zipf scale, worked out as ``wordfreq`` does for a word
    of one token (tests/lexicon/test_frequency.py checks the two agree): the frequency to
    three significant digits, then its Zipf value to two decimals."""
    combined = 1.0 / (1.0 / frequency)  # one token's share of a phrase, as wordfreq sums them
    unrounded = max(combined, 1e-9)  # the frequency of Zipf 0, the least it gives
    rounded = round(unrounded, math.floor(-math.log(unrounded, 10)) + 3)
    return round(math.log(rounded, 10) + 9, 2)


_LETTERS = {lang: re.compile(f"[{ALPHABETS[lang]}]+") for lang in ("uk", "ru")}
"""A word of letters alone, which wordfreq reads as one token, itself."""


@functools.cache
def _listed(lang: str) -> Mapping[str, float]:
    """The words of wordfreq's list of a language, with their frequencies (read whole once,
    a fraction of a second): a word not among them has the frequency 0."""
    from wordfreq import get_frequency_dict

    listed: Mapping[str, float] = get_frequency_dict(lang, wordlist="large")
    return listed


def frequent_nouns(lang: str, top: int, skip: int = 0) -> list[str]:
    """The common nouns in the nominative singular that are their own lemma (the forms the
    diminutive judge is asked about), among wordfreq's ``top`` most frequent words
    after the ``skip`` most frequent, in that order, each once (normal form)."""
    from wordfreq import top_n_list

    language = check_language(lang)
    found: dict[str, None] = {}
    for word in top_n_list(language, skip + top)[skip:]:
        form = _noun(word, language)
        if form is not None and form not in found:
            found[form] = None
    return list(found)


def first_nouns(lang: str, count: int, skip: int = 0) -> tuple[list[str], int]:
    """The ``count`` most frequent nouns after the ``skip`` most frequent (nouns as
    :func:`frequent_nouns` takes them, in wordfreq's order), and how many of its words
    were walked to find them (fewer nouns if its list ends first)."""
    from wordfreq import top_n_list

    language = check_language(lang)
    found: dict[str, None] = {}
    words = top_n_list(language, 10**7)
    depth = len(words)
    for rank, word in enumerate(words, start=1):
        form = _noun(word, language)
        if form is not None and form not in found:
            found[form] = None
            if len(found) == skip + count:
                depth = rank
                break
    return list(found)[skip:], depth


def _noun(word: str, language: str) -> str | None:
    """The normal form of ``word`` if it is a common noun in the nominative singular that
    is its own lemma, else None."""
    try:
        form = normal(word, language)
    except WordInputError:
        return None  # Latin letters, digits
    if not form.replace("'", "").isalpha():
        return None
    if any(
        a.pos == "noun"
        and a.proper is None
        and a.case == "nominative"
        and a.number == "singular"
        and not a.abbreviation
        and normal(a.lemma, language) == form
        for a in analyses(form, language)
    ):
        return form
    return None
