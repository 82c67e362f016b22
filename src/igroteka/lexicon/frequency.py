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

from igroteka.lexicon.text import check_language, normal

__all__ = ["zipf"]


@functools.lru_cache(maxsize=65536)
def zipf(word: str, lang: str) -> float:
    """The Zipf frequency of a word (0 when unknown), in its normal form."""
    from wordfreq import zipf_frequency  # a second to load: only when asked

    language = check_language(lang)
    return float(zipf_frequency(normal(word, language), language, wordlist="large"))
