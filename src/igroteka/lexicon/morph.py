"""What a word is: its analyses by pymorphy3, with only known words and no junk.

pymorphy3 (MIT) reads the OpenCorpora dictionary for Russian and a dictionary
derived from dict_uk for Ukrainian (see docs/lexicon.md for the licences). Its
answers are cleaned up here:

- only analyses of words in the dictionary count (pymorphy3 also *guesses*
  analyses of any string, which a game must never take for a word);
- abbreviations are kept but marked: a ``.`` in the form, the ``Abbr`` tag, and
  an indeclinable reading that is another reading of an abbreviation (the
  Ukrainian dictionary tags ввп ``Abbr`` in every case but the nominative, and
  фм too), has no vowel (кк, гш) or no consonant (оае, ооо);
- distorted forms (the ``Dist`` tag: хх, іі) are dropped;
  indeclinable noun readings of prepositions, conjunctions and particles
  (Ukrainian до, Russian по, ли) are dropped: dictionary artefacts, not nouns;
- Ukrainian tags never carry ``sing``: a Ukrainian noun form is singular unless
  it is tagged plural; and a Ukrainian noun reading without a case (котик has
  one) is its nominative, whose tag the converted dictionary lost;
- proper names are named by kind (first name, surname, patronymic, place,
  organisation, trademark).

>>> from igroteka.lexicon.morph import analyses
>>> [a.lemma for a in analyses("полицею", "uk")]
['полиця']
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass
from typing import Any

from igroteka.lexicon.text import Language, check_language

__all__ = [
    "PROPER_MARKS",
    "VOWELS",
    "Analysis",
    "Parse",
    "abbreviation",
    "analyses",
    "analysis_facts",
    "analyzer",
    "known_parses",
    "proper_kind",
]

_POS = {
    "NOUN": "noun",
    "ADJF": "adjective",
    "ADJS": "adjective",
    "COMP": "comparative",
    "VERB": "verb",
    "INFN": "verb",
    "PRTF": "participle",
    "PRTS": "participle",
    "GRND": "gerund",
    "NUMR": "numeral",
    "ADVB": "adverb",
    "NPRO": "pronoun",
    "PRED": "predicative",
    "PREP": "preposition",
    "CONJ": "conjunction",
    "PRCL": "particle",
    "INTJ": "interjection",
}
_CASES = {
    "nomn": "nominative",
    "gent": "genitive",
    "gen2": "genitive",
    "datv": "dative",
    "accs": "accusative",
    "acc2": "accusative",
    "ablt": "instrumental",
    "loct": "locative",
    "loc2": "locative",
    "voct": "vocative",
}
_PROPER = (
    ("Name", "first name"),
    ("Surn", "surname"),
    ("Patr", "patronymic"),
    ("Geox", "place"),
    ("Orgn", "organisation"),
    ("Trad", "trademark"),
)
PROPER_MARKS = frozenset(mark for mark, _ in _PROPER)
_FUNCTION = frozenset({"PREP", "CONJ", "PRCL"})
VOWELS = frozenset("аеєиіїоуюяыэё")


def proper_kind(grammemes: frozenset[str]) -> str | None:
    """The kind of proper name a tag's grammemes make (the first of first name, surname,
    patronymic, place, organisation, trademark it has), or None for a common word."""
    return next((name for mark, name in _PROPER if mark in grammemes), None)


def abbreviation(form: str, lemma: str, tag: Any, abbreviated: frozenset[str] | set[str]) -> bool:
    """Whether a reading is an abbreviation; ``abbreviated``: the lemmas of the form's
    readings tagged ``Abbr``."""
    grammemes = tag.grammemes
    if "Abbr" in grammemes or "." in form:
        return True
    if "Fixd" not in grammemes:
        return False
    letters = {char for char in form if char.isalpha()}
    return lemma in abbreviated or VOWELS.isdisjoint(letters) or letters <= VOWELS


@dataclass(frozen=True)
class Analysis:
    """One reading of a word form.

    ``pos`` is a part of speech in plain English ("noun", "verb", ...), ``case``
    a case name ("nominative", ...) or None, ``number`` "singular", "plural" or
    None (a word that has no number), ``proper`` the kind of proper name or None
    for a common word.
    """

    form: str
    lemma: str
    pos: str | None
    case: str | None
    number: str | None
    proper: str | None
    abbreviation: bool = False
    plural_only: bool = False
    indeclinable: bool = False
    gender: str | None = None


_Facts = tuple[str | None, str | None, str | None, str | None, bool, bool, str | None]
"""What a tag says (:func:`analysis_facts`): part of speech, case, number, proper name, plural only,
indeclinable, gender, as :class:`Analysis` names them."""

_lock = threading.Lock()


@functools.cache
def analyzer(lang: Language) -> Any:
    """The pymorphy3 analyser of a language, loaded once (about 0.1-0.2 s)."""
    with _lock:
        import pymorphy3  # imported here: the games that need no words start faster

        return pymorphy3.MorphAnalyzer(lang=lang)


Parse = tuple[str, Any, str]
"""A reading as the dictionary gives it: the form as spelt there (ё, ґ), its tag and its lemma."""


def known_parses(form: str, lang: Language, *, distorted: bool = False) -> list[Parse]:
    """The dictionary's readings of a lower-case form, in pymorphy3's order, distorted ones
    (``Dist``) left out unless ``distorted``: what ``analyzer(lang).parse(form)`` gives that
    ``is_known``.

    A word of two letters or more is looked up in the dictionary's DAWG at once (Russian е
    also finds ё, Ukrainian г also ґ), skipping the units that guess unknown words; a single
    letter goes through the whole analyser, which also reads it as an initial (а as А.).

    >>> sorted({lemma for _, _, lemma in known_parses("котів", "uk")})
    ['коти', 'котів', 'кіт']
    """
    morph = analyzer(lang)
    if len(form) < 2:
        return [
            (parse.word, parse.tag, parse.normal_form)
            for parse in morph.parse(form)
            if parse.is_known and (distorted or "Dist" not in parse.tag.grammemes)
        ]
    dictionary = morph.dictionary
    spellings = dictionary.words.similar_items(form, morph.char_substitutes)
    if not spellings:
        return []  # most words a search asks about are not there at all
    found = [
        (
            fixed,
            dictionary.build_tag_info(para, idx),
            dictionary.build_normal_form(para, idx, fixed),
        )
        for fixed, pairs in spellings
        for para, idx in pairs
    ]
    if morph.prob_estimator is not None and found:  # Russian: the likeliest reading first
        scored = [(fixed, tag, lemma, 1.0, ()) for fixed, tag, lemma in found]
        found = [parse[:3] for parse in morph.prob_estimator.apply_to_parses(form, form, scored)]
    return found if distorted else [parse for parse in found if "Dist" not in parse[1].grammemes]


@functools.lru_cache(maxsize=8192)
def analysis_facts(tag: Any, lang: Language) -> _Facts:
    """What a tag says of a reading, whatever its form and lemma: a dictionary has a few
    thousand tags, each worked out once."""
    grammemes = tag.grammemes
    pos = _POS.get(str(tag.POS)) if tag.POS else None
    if "plur" in grammemes:
        number: str | None = "plural"
    elif "sing" in grammemes or (lang == "uk" and pos == "noun"):
        number = "singular"
    else:
        number = None
    case = _CASES.get(str(tag.case)) if tag.case else None
    if case is None and lang == "uk" and pos == "noun":
        case = "nominative"  # dict_uk's nominative sometimes comes without its tag
    proper = proper_kind(grammemes)
    gender = {"masc": "masculine", "femn": "feminine", "neut": "neuter"}.get(str(tag.gender))
    return pos, case, number, proper, "Pltm" in grammemes, "Fixd" in grammemes, gender


@functools.lru_cache(maxsize=65536)
def analyses(form: str, lang: str) -> tuple[Analysis, ...]:
    """The readings of a normal-form word (see :func:`igroteka.lexicon.text.normal`).

    Empty when the dictionary does not know the word.

    >>> [(a.lemma, a.case, a.number) for a in analyses("столы", "ru")][:1]
    [('стол', 'accusative', 'plural')]
    """
    language = check_language(lang)
    parses = known_parses(form, language)
    abbreviated = {lemma for _, tag, lemma in parses if "Abbr" in tag.grammemes}
    function_word = any(tag.POS in _FUNCTION for _, tag, _ in parses)
    found: list[Analysis] = []
    seen: set[Analysis] = set()
    for _, tag, lemma in parses:
        pos, case, number, proper, plural_only, indeclinable, gender = analysis_facts(tag, language)
        if pos == "noun" and indeclinable and function_word:
            continue  # до, по, ли as indeclinable nouns: artefacts of the dictionary
        shortened = abbreviation(form, lemma, tag, abbreviated)
        analysis = Analysis(
            form, lemma, pos, case, number, proper, shortened, plural_only, indeclinable, gender
        )
        if analysis not in seen:
            seen.add(analysis)
            found.append(analysis)
    return tuple(found)
