"""Dictionaries of Ukrainian and Russian with morphology, and the word rules games pick.

>>> from igroteka.lexicon import check
>>> check("м’ясо", "uk").ok
True
>>> print(check("ПОЛКАН", "ru", "nouns").reason)
‘ПОЛКАН’ is a first name or a nickname

See docs/lexicon.md for the sources, their licences and every decision.
"""

from igroteka.lexicon.index import version
from igroteka.lexicon.morph import Analysis, analyses
from igroteka.lexicon.rules import RULES, Rule, Verdict, check, famous_surnames
from igroteka.lexicon.text import LANGUAGES, Language, WordInputError, normal

__all__ = [
    "LANGUAGES",
    "RULES",
    "Analysis",
    "Language",
    "Rule",
    "Verdict",
    "WordInputError",
    "analyses",
    "check",
    "famous_surnames",
    "normal",
    "version",
]
