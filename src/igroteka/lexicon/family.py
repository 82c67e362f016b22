"""Words a family would not want to see at the table, and the interjections the dictionary lacks.

Game-free judgements on curated lists (``content/lexicon/*-uk.list``, their
sources in their headers and in docs/lexicon.md):

- :func:`vulgar`: a vulgar or coarse word: the form, or the lemma of any of its
  dictionary readings, is listed, or the lemma begins with a root of the mat
  (хуй, пизд, бляд, їб/єб);
- :func:`obscure`: a form the dictionary keeps that a family would not know as
  a word (ньоро, іо, шо; a rare loan, a letter's name, nursery babble);
- :func:`unfit`: why a word is kept off the family table (one of the two above),
  as a sentence for the player, or ``None``;
- :func:`interjection`: a common interjection (ой, ох, ах, ура), a word of the
  language that the Ukrainian dictionary does not have.

The lists exist for Ukrainian; for another language nothing is listed.
A word's frequency is no part of these judgements: a rare word is still a word
(see :mod:`igroteka.lexicon.frequency` for what bots make of it).

>>> vulgar("дупою", "uk"), vulgar("дуб", "uk")
(True, False)
>>> obscure("ньоро", "uk"), obscure("кіт", "uk")
(True, False)
>>> print(unfit("сси", "uk"))
‘сси’ is a vulgar word: the family table does not take it
>>> interjection("Ой", "uk"), interjection("кіт", "uk")
(True, False)
"""

from __future__ import annotations

import functools
from importlib import resources

from igroteka.i18n import Text
from igroteka.lexicon.morph import analyses
from igroteka.lexicon.text import check_language, normal, word_list

__all__ = ["interjection", "interjections", "obscure", "unfit", "vulgar"]

MAT_ROOTS: dict[str, tuple[str, ...]] = {
    "uk": (
        "хуй", "хуя", "хує", "хуї", "пизд", "бляд", "їба", "їбу", "їбл", "єба", "єбу", "йоба",
        "заїб", "уїб", "виїб", "доїб", "наїб", "проїб", "розїб", "з'їб", "під'їб", "від'їб",
    ),
}  # fmt: skip
"""Beginnings of a lemma that make a word of the mat, whatever its suffix."""


@functools.cache
def _listed(kind: str, lang: str) -> frozenset[str]:
    name = f"{kind}-{lang}.list"
    if not resources.files("igroteka").joinpath("content", "lexicon", name).is_file():
        return frozenset()
    return word_list(name, lang)


@functools.lru_cache(maxsize=16384)
def vulgar(word: str, lang: str) -> bool:
    """Whether ``word`` is vulgar or coarse (its form, or a reading's lemma, listed or mat)."""
    language = check_language(lang)
    form = normal(word, language)
    listed = _listed("vulgar", language)
    roots = MAT_ROOTS.get(language, ())
    lemmas = {form, *(normal(a.lemma, language) for a in analyses(form, language))}
    return any(lemma in listed or lemma.startswith(roots) for lemma in lemmas)


def obscure(word: str, lang: str) -> bool:
    """Whether ``word`` is a form a family would not know as a word (listed)."""
    language = check_language(lang)
    return normal(word, language) in _listed("obscure", language)


def interjection(word: str, lang: str) -> bool:
    """Whether ``word`` is a common interjection of the curated list (ой, ох, ах, ура)."""
    language = check_language(lang)
    return normal(word, language) in _listed("interjections", language)


def interjections(lang: str) -> frozenset[str]:
    """The common interjections of the curated list (normal form)."""
    return _listed("interjections", check_language(lang))


def unfit(word: str, lang: str) -> Text | None:
    """Why ``word`` is kept off the family table, or ``None`` when it is fit."""
    shown = word.strip()
    if vulgar(word, lang):
        return Text("‘{word}’ is a vulgar word: the family table does not take it", word=shown)
    if obscure(word, lang):
        return Text(
            "‘{word}’ is an obscure form few would know: the family table does not take it",
            word=shown,
        )
    return None
