"""The word rules of the games, with the reason a word is refused.

Two rules:

- ``any`` (Klepka letters, sheet 002): any word of the dictionary, in any form
  (case, gender, number), that is not an abbreviation or a proper name;
- ``crossword`` (sheet 003): common nouns in the nominative singular, nouns
  that have no singular in the nominative plural (штаны, ножницы), place names
  in the nominative, and surnames of famous people (a curated list, option
  ``famous``); not first names or nicknames (ПОЛКАН), not diminutives.

>>> check("прополка", "ru", "crossword").ok
True
>>> print(check("полкан", "ru", "crossword").reason)
‘полкан’ is a first name or a nickname
>>> print(check("столы", "ru", "crossword").reason)
‘столы’ is plural: the crossword takes the nominative singular (стол)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from igroteka.lexicon.diminutive import base_of
from igroteka.lexicon.morph import Analysis, analyses
from igroteka.lexicon.text import NAMES, Language, check_language, foreign, normal, word_list

__all__ = ["RULES", "Rule", "Verdict", "check", "famous_surnames"]

Rule = Literal["any", "crossword"]
RULES: tuple[Rule, ...] = ("any", "crossword")


@dataclass(frozen=True)
class Verdict:
    """Whether a word passes a rule, and if not, why (a sentence for the player)."""

    word: str
    ok: bool
    reason: str = ""


@functools.cache
def famous_surnames(lang: Language) -> frozenset[str]:
    """The surnames of famous people the crossword rule accepts (normal form)."""
    return word_list(f"famous-{lang}.txt", lang)


def check(word: str, lang: str, rule: str = "any", *, famous: bool = True) -> Verdict:
    """Does ``word`` pass ``rule`` in ``lang``? Raises WordInputError for input that is no word.

    >>> check("котів", "uk").ok
    True
    >>> print(check("фывап", "ru").reason)
    ‘фывап’ is not in the Russian dictionary
    """
    language = check_language(lang)
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}: the rules are any and crossword")
    form = normal(word, language)
    shown = word.strip()
    odd = foreign(form, language)
    if odd:
        if odd == "-":
            return Verdict(shown, False, f"‘{shown}’ has a hyphen: the games take single words")
        letters = " ".join(odd.replace("-", ""))
        return Verdict(
            shown, False, f"‘{shown}’ has letters the {NAMES[language]} alphabet has not: {letters}"
        )
    if form.startswith("'") or form.endswith("'"):
        return Verdict(shown, False, f"‘{shown}’: an apostrophe stands between letters")
    readings = [a for a in analyses(form, language) if not a.abbreviation]
    if not readings:
        if analyses(form, language):
            return Verdict(shown, False, f"‘{shown}’ is an abbreviation")
        return Verdict(shown, False, f"‘{shown}’ is not in the {NAMES[language]} dictionary")
    if rule == "any":
        if any(a.proper is None for a in readings):
            return Verdict(shown, True)
        return Verdict(shown, False, f"‘{shown}’ is a {readings[0].proper}: names are not words")
    return _crossword(shown, form, language, readings, famous)


def _crossword(
    shown: str, form: str, lang: Language, readings: list[Analysis], famous: bool
) -> Verdict:
    nouns = [a for a in readings if a.pos == "noun"]
    if not nouns:
        kinds = sorted({a.pos or "word" for a in readings})
        article = "an" if kinds[0][0] in "aeiou" else "a"
        return Verdict(
            shown, False, f"‘{shown}’ is not a noun (it is {article} {' or '.join(kinds)})"
        )
    surnames = famous_surnames(lang) if famous else frozenset()
    failures: list[tuple[int, str]] = []
    for reading in nouns:
        problem = _problem(shown, form, lang, reading, surnames)
        if problem is None:
            return Verdict(shown, True)
        failures.append(problem)
    # The reading nearest to passing explains best (a name before a case, say).
    failures.sort(key=lambda failure: failure[0])
    return Verdict(shown, False, failures[0][1])


def _problem(
    shown: str, form: str, lang: Language, reading: Analysis, surnames: frozenset[str]
) -> tuple[int, str] | None:
    """Why one reading fails the crossword rule (rank, sentence), or None if it passes.

    The rank puts the readings nearest to passing first: one in the nominative
    singular (иванов as a surname) explains better than another form (иванов as
    the genitive plural of a first name).
    """
    rank = 0
    if reading.case != "nominative":
        rank += 20
    if reading.number == "plural" and not reading.plural_only:
        rank += 10
    if reading.proper in ("first name", "patronymic"):
        kind = "a first name or a nickname" if reading.proper == "first name" else "a patronymic"
        return rank, f"‘{shown}’ is {kind}"
    if reading.proper == "surname" and not (
        form in surnames or normal(reading.lemma, lang) in surnames
    ):
        return rank + 3, f"‘{shown}’ is a surname, and not one on the list of famous people"
    if reading.proper in ("organisation", "trademark"):
        what = "an organisation" if reading.proper == "organisation" else "a brand"
        return rank + 3, f"‘{shown}’ is the name of {what}"
    lemma = reading.lemma
    if reading.case != "nominative":
        return rank, f"‘{shown}’ is not in the nominative: the crossword takes {lemma}"
    if reading.number == "plural" and not reading.plural_only:
        return rank, f"‘{shown}’ is plural: the crossword takes the nominative singular ({lemma})"
    if reading.proper is None:
        base = base_of(form, lang)
        if base is not None:
            why = f"‘{shown}’ is a diminutive (of {base}): the crossword does not take those"
            return rank + 2, why
    return None
