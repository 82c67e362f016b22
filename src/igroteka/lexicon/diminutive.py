"""Is a noun a diminutive (котик, домик, будиночок), or a word of its own (кролик, девушка)?

The dictionaries carry no tag for diminutives, so the judge decides, in this order:

1. A curated list names the diminutives among everyday nouns, each with its base
   (content/lexicon/diminutives-{uk,ru}.txt: домик дом, солнышко солнце); they are refused.
2. A list of nouns that were made that way but mean something else now (молоток is a
   hammer, not a small молот) stands: content/lexicon/lexicalised-{uk,ru}.txt. It holds every
   noun of its own that the rule below refused among the 20,000 most frequent nouns, each
   read by hand (issue 27; tests/lexicon/diminutives-frequent-{uk,ru}.tsv).
3. An *everyday* noun, one at least as frequent as ``EVERYDAY`` in running text
   (:func:`igroteka.lexicon.frequency.zipf`, about once in 300,000 words), stands unless the
   curated list names it: it is a lemma of its own (девушка, страница, река, физика, жінка,
   квиток). The curated list was written by reading every noun this frequent that the rule
   below would refuse, so the everyday words a player types are judged by hand.
4. A rarer noun is a diminutive when it ends in a diminutive suffix and taking the
   suffix away leaves *another noun of the same gender and animacy* in the dictionary:
   котик is кот + ик, зайчик is заяц + чик, but рассказчик is no small рассказ (a person
   from a thing). The stem may change as it does in the languages: ч from к, ц or т
   (ручка from рука), ж from г or з, ш from х or с (ушко from ухо), a vowel that drops
   (будиночок from будинок) or is added (віконце from вікно), in Ukrainian і where the
   stem has о or е (котик from кіт), and -чик after a base in -ец or -ь (пальчик from
   палец, дождик from дождь), but a noun in -ник is no small noun in -ень (квітник, полдник). Of
   the bases found, the most frequent is named, and the
   frequencies must fit: a diminutive is rarer than its base. A noun ``COMMONER`` or more
   above its base on the Zipf scale (three times as frequent) is not its diminutive
   (педагогика, Zipf 3.5, is no small педагогия, unknown to wordfreq); and one made with a
   plain suffix (-ик, -ок, -ка, -ица, -це), which makes words of their own too, must be
   ``RARER`` below it (a third as frequent): плитка is no small плита, but котик is a small кот.

How often the judge is right is measured on the nouns people use and on labelled
lists (bench/diminutives.py, tests/lexicon/diminutives*.tsv; see docs/lexicon.md).

>>> base_of("котик", "uk")
'кіт'
>>> base_of("кролик", "ru") is None
True
>>> base_of("страница", "ru") is None  # an everyday word, not a small страна
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from importlib import resources

from igroteka.lexicon.frequency import zipf
from igroteka.lexicon.morph import analyses, known_parses
from igroteka.lexicon.text import check_language, normal, word_list

__all__ = [
    "COMMONER",
    "EVERYDAY",
    "RARER",
    "base_of",
    "by_suffix",
    "curated",
    "lexicalised",
    "looks_diminutive",
]

EVERYDAY = 3.5
"""The Zipf frequency from which a noun is an everyday word (about once in 300,000 words of
running text): it is a diminutive only where the curated list says so."""

COMMONER = 0.5
"""A rarer noun this much more frequent than its base on the Zipf scale (three times) is not
its diminutive: a diminutive is rarer than the word it is made from."""

RARER = 0.5
"""A rarer noun made with a plain suffix (-ик, -ок, -ка, -ица, -це) is its base's diminutive only
if it is this much rarer on the Zipf scale (a third as frequent): those suffixes make words of
their own too (пачка, станок, плитка), the compound ones (-очка, -ечко, -онька) seldom do."""

_COMPOUND = (
    *("очка", "ечка", "ичка", "инка", "онька", "енька", "ушка", "юшка", "уся"),
    *("очек", "ечек", "очок", "ечок"),
    *("ко", "ятко", "ячко", "ечко", "очко", "ышко", "енько"),
)
"""The endings of the compound diminutive suffixes, and -ко: nouns so made are seldom words of
their own, so they need not be much rarer than their base."""

# Suffix with its ending -> the endings the base may have (its gender must match).
# A masculine base ends in a consonant or ь: котик is кот + ик, дождик is дождь + ик.
_HARD = ("", "ь")
_MASC = ("", "ь", "ок", "ек")  # ок: будин-очок from будинок
_FEM = ("а", "я")
_FEM_KA = ("а", "я", "ка")  # коробочка from коробка, ниточка from нитка
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
        "очка": _FEM_KA,
        "ечка": _FEM_KA,
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
        "очка": _FEM_KA,
        "ечка": _FEM_KA,
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
_ENDINGS = tuple({suffix for table in _SUFFIXES.values() for suffix in table})
"""Every diminutive suffix: a noun that ends in none is no diminutive (no frequency asked)."""
_ALTERNATIONS = {"ч": "кцт", "ж": "гз", "ш": "хс", "щ": "ст"}
_EC = {"ru": ("ец", "яц"), "uk": ("ець", "єць")}  # пальчик from палец, зайчик from заяц


@functools.cache
def lexicalised(lang: str) -> frozenset[str]:
    """Nouns that look diminutive but mean a thing of their own (молоток): they stand."""
    return word_list(f"lexicalised-{lang}.txt", lang)


@functools.cache
def curated(lang: str) -> dict[str, str]:
    """The diminutives among everyday nouns, read by hand: diminutive -> its base."""
    name = f"diminutives-{check_language(lang)}.txt"
    text = resources.files("igroteka").joinpath("content", "lexicon", name).read_text("utf-8")
    found: dict[str, str] = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            word, base = line.split()
            found[normal(word, lang)] = normal(base, lang)
    return found


@functools.lru_cache(maxsize=16384)
def base_of(
    word: str,
    lang: str,
    genders: AbstractSet[str | None] | None = None,
    nouns: frozenset[str] | None = None,
) -> str | None:
    """The noun a normal-form noun is the diminutive of, or None if it is not one.

    A caller that has read the whole dictionary may tell what it knows, to spare look-ups:
    ``genders``, those of the word's common-noun readings in the nominative; ``nouns``, every
    form that has a reading as a common noun in the nominative singular (a base must).

    >>> base_of("домик", "ru")
    'дом'
    >>> base_of("будиночок", "uk")
    'будинок'
    >>> base_of("молоток", "ru") is None  # a hammer: lexicalised
    True
    >>> base_of("рассказчик", "ru") is None  # a person, not a small рассказ
    True
    >>> base_of("пальчик", "ru")
    'палец'
    """
    named = curated(lang).get(word)
    if named is not None:
        return named
    if word in lexicalised(lang):
        return None
    if not word.endswith(_ENDINGS):
        return None
    if zipf(word, lang) >= EVERYDAY:
        return None
    if genders is None:  # the genders of its readings, unless the caller knows them
        genders = _genders(word, lang)
    if not genders:
        return None
    return by_suffix(word, lang, genders, nouns)


def looks_diminutive(word: str, lang: str) -> bool:
    """Whether a noun ends in one of the language's diminutive suffixes (котик, but also
    кролик): the nouns the suffix rule looks at, diminutives or not.

    >>> looks_diminutive("кролик", "ru"), looks_diminutive("кіт", "uk")
    (True, False)
    """
    return word.endswith(tuple(_SUFFIXES[check_language(lang)]))


def by_suffix(
    word: str,
    lang: str,
    genders: AbstractSet[str | None] | None = None,
    nouns: frozenset[str] | None = None,
) -> str | None:
    """Step 4 alone, for any noun however frequent: the base a diminutive suffix leaves.

    >>> by_suffix("страница", "ru")  # what an everyday word is spared from
    'страна'
    """
    if genders is None:
        genders = _genders(word, lang)
    found: list[str] = []
    for base in _bases(word, lang):
        if nouns is not None and base not in nouns:
            continue  # no common noun in the nominative singular: not a base
        if base in found or (word.endswith("ник") and base.endswith("ень")):
            continue  # квітник, полдник: a place or a thing, not a small квітень, полдень
        animacy = _animacy(word, lang)
        for reading in analyses(base, lang):
            if (
                reading.pos == "noun"
                and reading.proper is None
                and reading.case == "nominative"
                and reading.number == "singular"
                and normal(reading.lemma, lang) == base
                and reading.gender in genders
                and not reading.abbreviation
                and _alike(animacy, _animacy(base, lang))
            ):
                found.append(base)
                break
    if not found:
        return None
    best = max(found, key=lambda base: zipf(base, lang))  # the first of the most frequent
    gap = zipf(word, lang) - zipf(best, lang)
    if gap >= COMMONER or (gap > -RARER and not word.endswith(_COMPOUND)):
        return None
    return best


def _genders(word: str, lang: str) -> set[str | None]:
    """The genders of the common-noun readings of ``word`` in the nominative."""
    return {
        a.gender
        for a in analyses(word, lang)
        if a.pos == "noun" and a.proper is None and a.case == "nominative"
    }


def _alike(one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether two nouns may share an animacy (a noun without the mark may be either)."""
    return not one or not other or bool(one & other)


@functools.lru_cache(maxsize=16384)
def _animacy(noun: str, lang: str) -> frozenset[str]:
    """The animacy marks (anim, inan) of the dictionary's lemmas spelled ``noun``."""
    marks: set[str] = set()
    for _, tag, lemma in known_parses(noun, check_language(lang), distorted=True):
        if tag.POS == "NOUN" and normal(lemma, lang) == noun:
            marks |= {mark for mark in ("anim", "inan") if mark in tag.grammemes}
    return frozenset(marks)


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
        if suffix == "чик" and stem[-1] not in _VOWELS:
            plain, iotated = _EC[lang]
            if stem[-1] == "й":
                yield stem[:-1] + iotated  # зайчик from заяц
            else:
                yield stem.removesuffix("ь") + plain  # пальчик from палец, стільчик from стілець
        if stem.endswith("ь") and suffix in ("чик", "ик"):
            yield stem[:-1]  # стульчик from стул


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
