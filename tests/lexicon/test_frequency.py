"""How common a word is (lexicon/frequency.py): the Zipf frequency ``wordfreq`` gives, read at
once from its list for a word of letters alone."""

from __future__ import annotations

import pytest

from igroteka.lexicon.frequency import _listed, zipf
from igroteka.lexicon.text import ALPHABETS, Language, normal


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_listed_word_has_the_zipf_frequency_wordfreq_gives_it(lang: Language) -> None:
    """Rule: a word's frequency is wordfreq's own, whether read from its list or asked of it,
    over the whole range of the list (every 97th word of letters alone in normal form, the
    commonest to the rarest), and 0 for a word it never saw."""
    from wordfreq import zipf_frequency

    letters = set(ALPHABETS[lang])  # in normal form (Russian ё is read as е)
    every = list(_listed(lang))[::97]
    sample = [w for w in every if set(w) <= letters and normal(w, lang) == w]
    assert len(sample) > 1000
    for word in sample:
        assert zipf(word, lang) == zipf_frequency(word, lang, wordlist="large"), word
    assert zipf("пфальцграфинях", lang) == zipf_frequency("пфальцграфинях", lang) == 0.0


def test_a_word_of_more_than_letters_is_asked_of_wordfreq() -> None:
    """Rule: an apostrophe (м'яч, м’яч) makes no difference to a word's frequency."""
    assert zipf("м’яч", "uk") == zipf("м'яч", "uk") > 3
