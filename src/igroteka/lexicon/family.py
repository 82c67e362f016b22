"""Words a family would not want to see at the table, and the interjections the dictionary lacks.

Game-free judgements on curated lists (``content/lexicon/*-uk.list``, ``*-ru.list``
and ``vulgar-en.list``, their sources in their headers and in docs/lexicon.md):

- :func:`vulgar`: a vulgar or coarse word, or a slur: the form, or the lemma of a
  dictionary reading, is listed, or the lemma begins with a root of the mat (хуй,
  пизд, бляд, їб/єб, еб/ёб); but a form that is itself the dictionary form of a word
  not listed is that word (сук, a bough, though суки is also of сука), and a form read
  as words both listed and not is the commoner word's (гімну is of гімн, a hymn, more
  than of гімно; суки is of сука more than of сук);
- :func:`obscure`: a form the dictionary keeps that a family would not know as
  a word (ньоро, іо, шо, аум; a rare loan, a letter's name, nursery babble);
- :func:`unfit`: why a word is kept off the family table (one of the two above),
  as a sentence for the player, or ``None``;
- :func:`card_unfit`: why the word of a card in a teacher's own deck (English,
  Ukrainian or Russian, one word or several) is kept off the family table: any of its
  words vulgar; the words of a deck are chosen, so an obscure one is the teacher's;
- :func:`interjection`: a common interjection (ой, ох, ах, ура), a word of the
  language that the Ukrainian dictionary does not have.

Ukrainian and Russian have every list but the interjections (Ukrainian only: the
Russian dictionary has its own); English, which has no dictionary here, only the
vulgar one, for the words of decks. A word's frequency decides only which of a
form's words it is; a rare word is still a word (see :mod:`igroteka.lexicon.frequency`
for what bots make of it).

>>> vulgar("дупою", "uk"), vulgar("дуб", "uk"), vulgar("хохлы", "ru")
(True, False, True)
>>> obscure("ньоро", "uk"), obscure("кіт", "uk"), obscure("аум", "ru")
(True, False, True)
>>> print(unfit("сси", "uk"))
‘сси’ is a vulgar word: the family table does not take it
>>> print(card_unfit("Bull-shit", "en"))
‘Bull-shit’ is a vulgar word and cannot be on a card: decks are for the whole family
>>> interjection("Ой", "uk"), interjection("кіт", "uk")
(True, False)
"""

from __future__ import annotations

import functools
import re
import unicodedata
from importlib import resources

from igroteka.i18n import Text
from igroteka.lexicon.frequency import zipf
from igroteka.lexicon.morph import analyses
from igroteka.lexicon.text import APOSTROPHES, WordInputError, check_language, normal, word_list

__all__ = ["card_unfit", "interjection", "interjections", "obscure", "unfit", "vulgar"]

MAT_ROOTS: dict[str, tuple[str, ...]] = {
    "uk": (
        "хуй", "хуя", "хує", "хуї", "пизд", "бляд", "їба", "їбу", "їбл", "єба", "єбу", "йоба",
        "заїб", "уїб", "виїб", "доїб", "наїбат", "наїбал", "наїбн", "проїб", "розїб", "з'їб",
        "під'їб", "від'їб",
    ),
    # ё is е in normal form: ёб is еб, хуё is хуе
    "ru": (
        "хуй", "хуя", "хуе", "хуи", "пизд", "бляд", "блят", "еба", "ебу", "ебл", "ебн", "ебё",
        "заеб", "уеб", "выеб", "доеб", "наеб", "поеб", "проеб", "разъеб", "съеб", "отъеб",
        "перееб", "объеб", "подъеб", "въеб", "взъеб", "изъеб", "недоеб", "остоеб", "приеб",
    ),
    "en": ("fuck", "motherfuck", "cunt"),
}  # fmt: skip
"""Beginnings of a lemma (for English, of a word) that make a word of the mat, whatever
its suffix. Only beginnings: хлебать, небо and колебаться hold еб and are words; наїб
(a naib, Shamil's deputy) is a word, наїбати is not."""

_CARD_LANGUAGES = ("en", "uk", "ru")
_WORD_SEPARATORS = re.compile(r"[\s\-\u2010]+")


@functools.cache
def _listed(kind: str, lang: str) -> frozenset[str]:
    name = f"{kind}-{lang}.list"
    if not resources.files("igroteka").joinpath("content", "lexicon", name).is_file():
        return frozenset()
    if lang == "en":
        return _english_list(name)
    return word_list(name, lang)


def _english_list(name: str) -> frozenset[str]:
    """An English list (Latin letters, which :func:`normal` refuses): case folded."""
    text = resources.files("igroteka").joinpath("content", "lexicon", name).read_text("utf-8")
    return frozenset(
        _english(line) for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def _english(word: str) -> str:
    """An English word for the list: NFC, case folded, every apostrophe as ``'``."""
    text = unicodedata.normalize("NFC", word.strip()).casefold()
    for mark in APOSTROPHES[1:]:
        text = text.replace(mark, "'")
    return text


@functools.lru_cache(maxsize=16384)
def vulgar(word: str, lang: str) -> bool:
    """Whether ``word`` is vulgar or coarse, or a slur: its form listed or mat, or the lemma
    of a reading, unless the form is itself the dictionary form of a word not listed, or a
    form of a word not listed that is commoner (by Zipf frequency) than every listed one.

    >>> vulgar("гімну", "uk"), vulgar("суки", "uk"), vulgar("серу", "uk")
    (False, True, False)
    """
    language = check_language(lang)
    form = normal(word, language)
    listed = _listed("vulgar", language)
    roots = MAT_ROOTS.get(language, ())

    def bad(lemma: str) -> bool:
        return lemma in listed or lemma.startswith(roots)

    if bad(form):
        return True
    lemmas = {normal(a.lemma, language) for a in analyses(form, language)}
    if form in lemmas:  # сук is a bough first: its other reading (of сука) does not count
        return False
    worst = [lemma for lemma in lemmas if bad(lemma)]
    if not worst:
        return False
    plain = [lemma for lemma in lemmas if not bad(lemma)]
    # гімну is of гімн (a hymn) and of гімно: the commoner word is the one a family reads
    commonest = max((zipf(lemma, language) for lemma in plain), default=0.0)
    return commonest <= max(zipf(lemma, language) for lemma in worst)


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


def _vulgar_english(word: str) -> bool:
    """Whether an English word is listed or mat, as it is or without a plural's ending."""
    listed = _listed("vulgar", "en")
    stems = {word, word.removesuffix("'s")}
    if word.endswith("s"):
        stems |= {word[:-1], word[:-2] if word.endswith("es") else word}
    return any(stem in listed or stem.startswith(MAT_ROOTS["en"]) for stem in stems)


def card_unfit(word: str, lang: str) -> Text | None:
    """Why the word of a card (``en``, ``uk`` or ``ru``; one word or several, with spaces
    or hyphens) is kept off the family table: one of its words is vulgar; or ``None``.

    Only the vulgar list counts (a deck's words are chosen by a teacher: a rare one is
    theirs to teach), and a language without lists, or a word that is no word of its
    language (its deck says why), is judged fit.

    >>> card_unfit("морська свинка", "uk") is None, card_unfit("Shitake", "en") is None
    (True, True)
    >>> print(card_unfit("Хохлы", "ru"))
    ‘Хохлы’ is a vulgar word and cannot be on a card: decks are for the whole family
    """
    shown = word.strip()
    if lang not in _CARD_LANGUAGES:
        return None
    for part in _WORD_SEPARATORS.split(shown):
        if not part:
            continue
        if lang == "en":
            found = _vulgar_english(_english(part))
        else:
            try:
                found = vulgar(part, lang)
            except WordInputError:  # not a word of the language: the deck's checks say why
                found = False
        if found:
            return Text(
                "‘{word}’ is a vulgar word and cannot be on a card: decks are for the whole family",
                word=shown,
            )
    return None


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
