"""The letters of Ukrainian and Russian words: alphabets, normal form, bad input.

A word typed by a player is put in normal form before it is looked up: Unicode
NFC, lower case, stress marks dropped, every Ukrainian apostrophe (' ’ ʼ) as
the ASCII ``'`` the dictionaries use, and Russian ё as е (the Erudit tile set
has no Ё, and a player may type either)::

    >>> normal("М’ЯСО", "uk")
    "м'ясо"
    >>> normal("Ёлка", "ru")
    'елка'

Input that is not a word at all (empty, digits, Latin letters) raises
:class:`WordInputError` with a sentence for the player; a word written in the
other language's letters is a word that fails the check (see :func:`foreign`).
"""

from __future__ import annotations

import re
import unicodedata
from importlib import resources
from typing import Literal

from igroteka.i18n import Text

__all__ = [
    "ALPHABETS",
    "APOSTROPHES",
    "LANGUAGES",
    "Language",
    "WordInputError",
    "check_language",
    "collation",
    "foreign",
    "normal",
    "word_list",
]

Language = Literal["uk", "ru"]
LANGUAGES: tuple[Language, ...] = ("uk", "ru")

ALPHABETS: dict[str, str] = {
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
}
"""The lower-case letters of each language."""

RANKS: dict[str, dict[str, int]] = {
    lang: {char: rank for rank, char in enumerate(letters)} for lang, letters in ALPHABETS.items()
}
"""Each letter's place in its alphabet (і after и, ґ after г: not the order of code points)."""

_PLAIN = {
    "uk": re.compile("[" + ALPHABETS["uk"] + "']+"),
    "ru": re.compile("[" + ALPHABETS["ru"].replace("ё", "") + "]+"),
}
"""Words already in normal form: lower-case letters of the language (no ё in Russian), and the
ASCII apostrophe in Ukrainian."""

APOSTROPHES = "'\u2019\u02bc"  # ' ’ ʼ: the same letter to a Ukrainian reader
_STRESS = "\u0301\u0300"  # combining acute and grave: stress marks, not letters


class WordInputError(ValueError):
    """Input that is not a word in any language: ``reason`` says why, for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_language(lang: str) -> Language:
    """The language code itself, or :class:`WordInputError` naming the ones there are.

    >>> check_language("uk")
    'uk'
    """
    if lang == "uk":
        return "uk"
    if lang == "ru":
        return "ru"
    raise WordInputError(
        Text("unknown language ‘{lang}’: the dictionaries are uk and ru", lang=lang)
    )


def normal(word: str, lang: str) -> str:
    """The normal form of a word for lookups; :class:`WordInputError` if it is not a word.

    Refused: an empty word, digits, and letters that are not Cyrillic (a Latin
    letter slipped into a Cyrillic word is named). Hyphens and Cyrillic letters
    of the other language pass here: the dictionary check explains those.

    >>> normal("  Ґанок ", "uk")
    'ґанок'
    >>> normal("кoт", "ru")  # the o is Latin
    Traceback (most recent call last):
    ...
    igroteka.lexicon.text.WordInputError: ‘кoт’ mixes Latin letters (o) into a Cyrillic word
    """
    if _PLAIN[check_language(lang)].fullmatch(word):
        return word  # already in normal form: the dictionary's own forms, most lookups
    text = unicodedata.normalize("NFC", word.strip())
    text = "".join(char for char in unicodedata.normalize("NFD", text) if char not in _STRESS)
    text = unicodedata.normalize("NFC", text)
    shown = word.strip()
    if not text:
        raise WordInputError(Text("an empty word: type some letters"))
    digits = sorted({char for char in text if char.isdigit()})
    if digits:
        raise WordInputError(
            Text(
                "‘{word}’ has digits ({digits}): a word is letters",
                word=shown,
                digits="".join(digits),
            )
        )
    latin = sorted({char for char in text if char.isalpha() and _script(char) == "LATIN"})
    cyrillic = any(_script(char) == "CYRILLIC" for char in text)
    if latin and cyrillic:
        raise WordInputError(
            Text(
                "‘{word}’ mixes Latin letters ({letters}) into a Cyrillic word",
                word=shown,
                letters="".join(latin),
            )
        )
    if latin:
        raise WordInputError(
            Text("‘{word}’ is in Latin letters: the dictionaries are Cyrillic", word=shown)
        )
    odd = sorted(
        {
            char
            for char in text
            if not (char.isalpha() and _script(char) == "CYRILLIC")
            and char not in APOSTROPHES
            and char != "-"
        }
    )
    if odd:
        raise WordInputError(
            Text(
                "‘{word}’ has characters that are not letters: {characters}",
                word=shown,
                characters=" ".join(repr(char) for char in odd),
            )
        )
    text = text.lower()
    if lang == "uk":
        for mark in APOSTROPHES[1:]:
            text = text.replace(mark, "'")
    else:
        text = text.replace("ё", "е")
    return text


def foreign(word: str, lang: str) -> str:
    """The characters of a normal-form word that the language does not write words with.

    >>> foreign("ыква", "uk")
    'ы'
    >>> foreign("м'ясо", "ru")
    "'"
    >>> foreign("будь-який", "uk")
    '-'
    """
    allowed = ALPHABETS[lang] + ("'" if lang == "uk" else "")
    return "".join(sorted({char for char in word if char not in allowed}))


def collation(word: str, lang: str) -> tuple[int, ...]:
    """A sort key in the language's alphabetical order, apostrophes aside.

    >>> sorted(["кіт", "ікт", "кит"], key=lambda word: collation(word, "uk"))
    ['ікт', 'кит', 'кіт']
    """
    ranks = RANKS[lang]
    return tuple(ranks[char] for char in word if char in ranks)


def word_list(name: str, lang: str) -> frozenset[str]:
    """A word list shipped in content/lexicon/ (one word a line, # comments), in normal form."""
    text = resources.files("igroteka").joinpath("content", "lexicon", name).read_text("utf-8")
    return frozenset(
        normal(line, lang)
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    )


def _script(char: str) -> str:
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0]
