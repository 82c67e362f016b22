"""The word rules, with the reason a word is refused. A game picks the rule its words
follow; a rule says what words it takes, never which game asks.

Two rules:

- ``any``: any word of the dictionary, in any form (case, gender, number), that is
  not an abbreviation or a proper name;
- ``nouns``: common nouns in the nominative singular, nouns that have no singular
  in the nominative plural (штаны, ножницы), place names in the nominative, and
  surnames of famous people (a curated list, option ``famous``); not first names
  or nicknames (ПОЛКАН), not diminutives.

>>> check("прополка", "ru", "nouns").ok
True
>>> print(check("полкан", "ru", "nouns").reason)
‘полкан’ is a first name or a nickname
>>> print(check("столы", "ru", "nouns").reason)
‘столы’ is plural: write the nominative singular (стол)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from igroteka.i18n import Text
from igroteka.lexicon.diminutive import base_of
from igroteka.lexicon.morph import Analysis, analyses
from igroteka.lexicon.text import Language, check_language, foreign, normal, word_list

__all__ = ["RULES", "Rule", "Verdict", "check", "famous_surnames"]

Rule = Literal["any", "nouns"]
RULES: tuple[Rule, ...] = ("any", "nouns")


@dataclass(frozen=True)
class Verdict:
    """Whether a word passes a rule, and if not, why (a sentence for the player)."""

    word: str
    ok: bool
    reason: str = ""
    """Why the word is refused: a :class:`~igroteka.i18n.Text`, or empty when it passes."""


@functools.cache
def famous_surnames(lang: Language) -> frozenset[str]:
    """The surnames of famous people the rule ``nouns`` accepts (normal form)."""
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
        raise ValueError(f"unknown rule {rule!r}: the rules are any and nouns")
    form = normal(word, language)
    shown = word.strip()
    odd = foreign(form, language)
    if odd:
        if odd == "-":
            return Verdict(
                shown,
                False,
                Text("‘{shown}’ has a hyphen: the games take single words", shown=shown),
            )
        letters = " ".join(odd.replace("-", ""))
        if language == "uk":
            why = Text(
                "‘{shown}’ has letters the Ukrainian alphabet has not: {letters}",
                shown=shown,
                letters=letters,
            )
        else:
            why = Text(
                "‘{shown}’ has letters the Russian alphabet has not: {letters}",
                shown=shown,
                letters=letters,
            )
        return Verdict(shown, False, why)
    if form.startswith("'") or form.endswith("'"):
        why = Text("‘{shown}’: an apostrophe stands between letters", shown=shown)
        return Verdict(shown, False, why)
    readings = [a for a in analyses(form, language) if not a.abbreviation]
    if not readings:
        if analyses(form, language):
            return Verdict(shown, False, Text("‘{shown}’ is an abbreviation", shown=shown))
        if language == "uk":
            why = Text("‘{shown}’ is not in the Ukrainian dictionary", shown=shown)
        else:
            why = Text("‘{shown}’ is not in the Russian dictionary", shown=shown)
        return Verdict(shown, False, why)
    if rule == "any":
        if any(a.proper is None for a in readings):
            return Verdict(shown, True)
        return Verdict(shown, False, _name(shown, readings[0].proper))
    return _nouns(shown, form, language, readings, famous)


def _nouns(
    shown: str, form: str, lang: Language, readings: list[Analysis], famous: bool
) -> Verdict:
    nouns = [a for a in readings if a.pos == "noun"]
    if not nouns:
        kinds = sorted({a.pos or "word" for a in readings})
        why = Text("‘{shown}’ is not a noun (it is {kinds})", shown=shown, kinds=_parts(kinds))
        return Verdict(shown, False, why)
    surnames = famous_surnames(lang) if famous else frozenset()
    failures: list[tuple[int, Callable[[], Text]]] = []
    for reading in nouns:
        problem = _problem(shown, form, lang, reading, surnames)
        if problem is None:
            return Verdict(shown, True)
        failures.append(problem)
    # The reading nearest to passing explains best (a name before a case, say).
    failures.sort(key=lambda failure: failure[0])
    return Verdict(shown, False, failures[0][1]())


_PARTS = {
    "adjective": Text("an adjective"),
    "adverb": Text("an adverb"),
    "comparative": Text("a comparative"),
    "conjunction": Text("a conjunction"),
    "gerund": Text("a gerund"),
    "interjection": Text("an interjection"),
    "numeral": Text("a numeral"),
    "participle": Text("a participle"),
    "particle": Text("a particle"),
    "predicative": Text("a predicative"),
    "preposition": Text("a preposition"),
    "pronoun": Text("a pronoun"),
    "verb": Text("a verb"),
    "word": Text("a word of another kind"),
}
"""The parts of speech (as :mod:`igroteka.lexicon.morph` names them), to be said."""


def _parts(kinds: list[str]) -> Text:
    """The parts of speech of a word that is not a noun, said: "a verb or an adjective"."""
    first = _PARTS.get(kinds[0], _PARTS["word"])
    if len(kinds) == 1:
        return first
    return Text("{kind} or {others}", kind=first, others=_parts(kinds[1:]))


def _name(shown: str, proper: str | None) -> Text:
    """Why a word that is only a proper name is no word."""
    if proper == "first name":
        return Text("‘{shown}’ is a first name: names are not words", shown=shown)
    if proper == "surname":
        return Text("‘{shown}’ is a surname: names are not words", shown=shown)
    if proper == "patronymic":
        return Text("‘{shown}’ is a patronymic: names are not words", shown=shown)
    if proper == "place":
        return Text("‘{shown}’ is a place name: names are not words", shown=shown)
    if proper == "organisation":
        return Text("‘{shown}’ is the name of an organisation: names are not words", shown=shown)
    return Text("‘{shown}’ is the name of a brand: names are not words", shown=shown)


def _problem(
    shown: str, form: str, lang: Language, reading: Analysis, surnames: frozenset[str]
) -> tuple[int, Callable[[], Text]] | None:
    """Why one reading fails the rule ``nouns`` (rank, the sentence to be made), or None if it
    passes.

    The rank puts the readings nearest to passing first: one in the nominative
    singular (иванов as a surname) explains better than another form (иванов as
    the genitive plural of a first name).
    """
    rank = 0
    if reading.case != "nominative":
        rank += 20
    if reading.number == "plural" and not reading.plural_only:
        rank += 10
    if reading.proper == "first name":
        return rank, lambda: Text("‘{shown}’ is a first name or a nickname", shown=shown)
    if reading.proper == "patronymic":
        return rank, lambda: Text("‘{shown}’ is a patronymic", shown=shown)
    if reading.proper == "surname" and not (
        form in surnames or normal(reading.lemma, lang) in surnames
    ):
        return rank + 3, lambda: Text(
            "‘{shown}’ is a surname, and not one on the list of famous people", shown=shown
        )
    if reading.proper == "organisation":
        return rank + 3, lambda: Text("‘{shown}’ is the name of an organisation", shown=shown)
    if reading.proper == "trademark":
        return rank + 3, lambda: Text("‘{shown}’ is the name of a brand", shown=shown)
    lemma = reading.lemma
    if reading.case != "nominative":
        return rank, lambda: Text(
            "‘{shown}’ is not in the nominative: write {lemma}",
            shown=shown,
            lemma=lemma,
        )
    if reading.number == "plural" and not reading.plural_only:
        return rank, lambda: Text(
            "‘{shown}’ is plural: write the nominative singular ({lemma})",
            shown=shown,
            lemma=lemma,
        )
    if reading.proper is None:
        base = base_of(form, lang)
        if base is not None:
            return rank + 2, lambda: Text(
                "‘{shown}’ is a diminutive (of {base}): diminutives are not taken",
                shown=shown,
                base=base,
            )
    return None
