"""Is a noun a diminutive (котик, домик, будиночок), or does it only look like one (кролик)?

The dictionaries carry no tag for diminutives, so a rule decides: a noun in the
nominative singular is a diminutive when it ends in a diminutive suffix and
taking the suffix away leaves *another noun of the same gender* in the
dictionary: котик is кот + ик, домик is дом + ик, but кролик leaves крол, which
is no word, so кролик stands. The stem may change as it does in the
languages: ч from к, ц or т (ручка from рука), ж from г or з, ш from х or с
(ушко from ухо), a vowel that drops (будиночок from будинок), and in
Ukrainian і where the stem has о or е (котик from кіт).

Some nouns were made that way but mean something else now (молоток is a
hammer, not a small молот; песок is sand, not a small пёс): a short list of
such words stands, whatever the rule says. How often the rule is right is
measured on a labelled list (tests/lexicon/diminutives.tsv; see
docs/lexicon.md).

>>> base_of("котик", "uk")
'кіт'
>>> base_of("кролик", "ru") is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from igroteka.lexicon.morph import analyses
from igroteka.lexicon.text import normal, word_list

__all__ = ["base_of", "lexicalised"]

# Suffix with its ending -> the endings the base may have (its gender must match).
# A masculine base ends in a consonant: котик is кот + ик, but кролик is not кроль + ик.
_HARD = ("",)
_MASC = ("", "ь", "ок", "ек")  # ок: будин-очок from будинок
_FEM = ("а", "я")
_NEUT = ("о", "е", "це")
_SUFFIXES: dict[str, dict[str, tuple[str, ...]]] = {
    "ru": {
        "ик": _HARD,
        "чик": _HARD,
        "ок": _HARD,
        "ек": _MASC,
        "очек": _MASC,
        "ечек": _MASC,
        "ка": _FEM,
        "очка": _FEM,
        "ечка": _FEM,
        "онька": _FEM,
        "енька": _FEM,
        "ушка": _FEM,
        "юшка": _FEM,
        "онка": _FEM,
        "енка": _FEM,
        "ица": _FEM,
        "ко": _NEUT,
        "очко": _NEUT,
        "ечко": _NEUT,
        "ышко": _NEUT,
        "це": _NEUT,
        "цо": _NEUT,
    },
    "uk": {
        "ик": _HARD,
        "чик": _HARD,
        "ок": _HARD,
        "очок": _MASC,
        "ечок": _MASC,
        "чок": _MASC,
        "ка": _FEM,
        "очка": _FEM,
        "ечка": _FEM,
        "онька": _FEM,
        "енька": _FEM,
        "уся": _FEM,
        "ця": _FEM,
        "ко": _NEUT,
        "ечко": _NEUT,
        "ячко": _NEUT,
        "очко": _NEUT,
        "ятко": _NEUT,
        "енько": _NEUT,
        "це": _NEUT,
    },
}
_ALTERNATIONS = {"ч": "кцт", "ж": "гз", "ш": "хс", "щ": "ст"}


@functools.cache
def lexicalised(lang: str) -> frozenset[str]:
    """Nouns that look diminutive but mean a thing of their own (молоток): they stand."""
    return word_list(f"lexicalised-{lang}.txt", lang)


@functools.lru_cache(maxsize=16384)
def base_of(word: str, lang: str) -> str | None:
    """The noun a normal-form noun is the diminutive of, or None if it is not one.

    >>> base_of("домик", "ru")
    'дом'
    >>> base_of("будиночок", "uk")
    'будинок'
    >>> base_of("молоток", "ru") is None  # a hammer: lexicalised
    True
    """
    if word in lexicalised(lang):
        return None
    genders = {
        a.gender
        for a in analyses(word, lang)
        if a.pos == "noun" and a.proper is None and a.case == "nominative"
    }
    if not genders:
        return None
    for base in _bases(word, lang):
        for reading in analyses(base, lang):
            if (
                reading.pos == "noun"
                and reading.proper is None
                and reading.case == "nominative"
                and reading.number == "singular"
                and normal(reading.lemma, lang) == base
                and reading.gender in genders
                and not reading.abbreviation
            ):
                return base
    return None


def _bases(word: str, lang: str) -> Iterator[str]:
    """The words a diminutive could be made from, nearest first."""
    suffixes = _SUFFIXES[lang]
    for suffix in sorted(suffixes, key=len, reverse=True):
        if not word.endswith(suffix) or len(word) - len(suffix) < 2:
            continue
        stem = word[: -len(suffix)]
        for ending in suffixes[suffix]:
            for changed in _stems(stem, lang, closed=ending in ("", "ь")):
                base = changed + ending
                if base != word and len(base) >= 2:
                    yield base


_VOWELS = "аеиіоуюяєїы"


def _stems(stem: str, lang: str, closed: bool) -> Iterator[str]:
    """The stem as the base may have it: consonants and vowels that change."""
    consonants = [stem]
    for other in _ALTERNATIONS.get(stem[-1], ""):
        consonants.append(stem[:-1] + other)  # ручка from рука, ушко from ухо
    for changed in consonants:
        yield changed
        if len(changed) >= 3 and changed[-2] not in _VOWELS and changed[-1] not in _VOWELS:
            for vowel in "ое":  # a vowel that drops: лоб from ... лбик, будинок
                yield changed[:-1] + vowel + changed[-1]
        if len(changed) >= 4 and changed[-2] in "ое" and changed[-3] not in _VOWELS:
            yield changed[:-2] + changed[-1]  # a vowel that is added: віконце from вікно
        if lang == "uk":
            index = max(changed.rfind("о"), changed.rfind("е"), changed.rfind("і"))
            if index >= 0 and changed[index] in "ое" and closed:
                yield changed[:index] + "і" + changed[index + 1 :]  # котик from кіт
            elif index >= 0 and changed[index] == "і" and not closed:
                yield changed[:index] + "о" + changed[index + 1 :]  # ніжка from нога
