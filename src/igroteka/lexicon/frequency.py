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

from igroteka.lexicon.morph import analyses
from igroteka.lexicon.text import WordInputError, check_language, normal

__all__ = ["frequent_nouns", "zipf"]


@functools.lru_cache(maxsize=65536)
def zipf(word: str, lang: str) -> float:
    """The Zipf frequency of a word (0 when unknown), in its normal form."""
    from wordfreq import zipf_frequency  # a second to load: only when asked

    language = check_language(lang)
    return float(zipf_frequency(normal(word, language), language, wordlist="large"))


def frequent_nouns(lang: str, top: int, skip: int = 0) -> list[str]:
    """The common nouns in the nominative singular that are their own lemma (the forms the
    diminutive judge is asked about), among wordfreq's ``top`` most frequent words
    after the ``skip`` most frequent, in that order, each once (normal form)."""
    from wordfreq import top_n_list

    language = check_language(lang)
    found: dict[str, None] = {}
    for word in top_n_list(language, skip + top)[skip:]:
        try:
            form = normal(word, language)
        except WordInputError:
            continue  # Latin letters, digits
        if form in found or not form.replace("'", "").isalpha():
            continue
        if any(
            a.pos == "noun"
            and a.proper is None
            and a.case == "nominative"
            and a.number == "singular"
            and not a.abbreviation
            and normal(a.lemma, language) == form
            for a in analyses(form, language)
        ):
            found[form] = None
    return list(found)
