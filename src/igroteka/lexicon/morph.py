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

__all__ = ["PROPER_MARKS", "VOWELS", "Analysis", "abbreviation", "analyses", "analyzer"]

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


_lock = threading.Lock()


@functools.cache
def analyzer(lang: Language) -> Any:
    """The pymorphy3 analyser of a language, loaded once (about 0.1-0.2 s)."""
    with _lock:
        import pymorphy3  # imported here: the games that need no words start faster

        return pymorphy3.MorphAnalyzer(lang=lang)


@functools.lru_cache(maxsize=65536)
def analyses(form: str, lang: str) -> tuple[Analysis, ...]:
    """The readings of a normal-form word (see :func:`igroteka.lexicon.text.normal`).

    Empty when the dictionary does not know the word.

    >>> [(a.lemma, a.case, a.number) for a in analyses("столы", "ru")][:1]
    [('стол', 'accusative', 'plural')]
    """
    language = check_language(lang)
    parses = [
        parse
        for parse in analyzer(language).parse(form)
        if parse.is_known and "Dist" not in parse.tag.grammemes
    ]
    abbreviated = {parse.normal_form for parse in parses if "Abbr" in parse.tag.grammemes}
    function_word = any(parse.tag.POS in _FUNCTION for parse in parses)
    found: list[Analysis] = []
    seen: set[Analysis] = set()
    for parse in parses:
        tag = parse.tag
        grammemes = tag.grammemes
        pos = _POS.get(str(tag.POS)) if tag.POS else None
        if tag.POS == "NOUN" and "Fixd" in grammemes and function_word:
            continue  # до, по, ли as indeclinable nouns: artefacts of the dictionary
        if "plur" in grammemes:
            number: str | None = "plural"
        elif "sing" in grammemes or (language == "uk" and pos == "noun"):
            number = "singular"
        else:
            number = None
        proper = next((name for mark, name in _PROPER if mark in grammemes), None)
        case = _CASES.get(str(tag.case)) if tag.case else None
        if case is None and language == "uk" and pos == "noun":
            case = "nominative"  # dict_uk's nominative sometimes comes without its tag
        analysis = Analysis(
            form=form,
            lemma=parse.normal_form,
            pos=pos,
            case=case,
            number=number,
            proper=proper,
            abbreviation=abbreviation(form, parse.normal_form, tag, abbreviated),
            plural_only="Pltm" in grammemes,
            indeclinable="Fixd" in grammemes,
            gender={"masc": "masculine", "femn": "feminine", "neut": "neuter"}.get(str(tag.gender)),
        )
        if analysis not in seen:
            seen.add(analysis)
            found.append(analysis)
    return tuple(found)
