"""Sentences for people, said again in their language.

The rules refuse in English, with a :class:`Text`: a ``str`` (so it reads as
English everywhere) that keeps its template and values, so that the server can
say it again in the player's language from a catalogue: each English template beside
its translation, the sentences the games share in ``content/messages/{lang}.json`` and
each game's own in its package (``games/<name>/messages/{lang}.json``).

>>> reason = Text("card {number} is already face up", number=3)
>>> reason
'card 3 is already face up'
>>> translate(reason, "uk")
'картка 3 вже лежить лицем догори'
>>> translate(reason, "ru")
'карточка 3 уже лежит лицом вверх'

A field whose format spec has forms separated by ``|`` picks the plural form of
its number: two forms in English (one, other), three in Ukrainian and Russian
(one, few, many).

>>> Text("{count} {count:card|cards} left", count=1)
'1 card left'
>>> Text("{count} {count:card|cards} left", count=3)
'3 cards left'

A value that is itself a :class:`Text` is translated too; a template missing
from a catalogue stays English.
"""

from __future__ import annotations

import functools
import json
import string
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

__all__ = ["DEFAULT", "LANGUAGES", "Text", "catalogue", "negotiate", "translate"]

LANGUAGES: Final = ("en", "uk", "ru")
"""The languages people are spoken to in."""
DEFAULT: Final = "en"


class Text(str):
    """A sentence in English that remembers how it was made, to be translated.

    >>> reason = Text("‘{word}’ is not in the dictionary", word="фывап")
    >>> reason.template, dict(reason.values)
    ('‘{word}’ is not in the dictionary', {'word': 'фывап'})
    >>> reason == "‘фывап’ is not in the dictionary"
    True
    """

    template: str
    values: Mapping[str, Any]
    _said: dict[str, str]
    """The sentence said in each language so far, by language (see :func:`translate`)."""

    def __new__(cls, template: str, /, **values: Any) -> Text:
        text = super().__new__(cls, _render(template, values, DEFAULT))
        text.template = template
        text.values = MappingProxyType(values)
        text._said = {}
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.template, dict(self.values)))

    def but(self, **values: Any) -> Text:
        """The same sentence with some values changed.

        >>> Text("‘{word}’ is too short", word="кіт").but(word="КІТ")
        '‘КІТ’ is too short'
        """
        return Text(self.template, **{**self.values, **values})


def _rebuild(template: str, values: dict[str, Any]) -> Text:
    return Text(template, **values)


def translate(text: str, lang: str) -> str:
    """``text`` in ``lang``; English when it is no :class:`Text` or has no translation.

    A Text remembers what it was said as in each language (it is immutable, and so are the
    catalogues), so that a sentence told to many readers is translated once per language:

    >>> card = Text("card {number} is already face up", number=3)
    >>> translate(card, "uk"), translate(card, "ru"), translate(card, "uk")
    ('картка 3 вже лежить лицем догори', 'карточка 3 уже лежит лицом вверх', \
'картка 3 вже лежить лицем догори')
    """
    if isinstance(text, Text):
        said = text._said.get(lang)
        if said is None:
            template = catalogue(lang).get(text.template)
            said = str(text) if template is None else _render(template, text.values, lang)
            text._said[lang] = said
        return said
    return str(text)


@functools.cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The translations into ``lang``: English template to template. The shared catalogue
    and every game package's own are one (a template is in one of them: a test checks)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return MappingProxyType({})
    package = resources.files("igroteka")
    paths = [package.joinpath("content", "messages", f"{lang}.json")]
    for folder in sorted(package.joinpath("games").iterdir(), key=lambda found: found.name):
        own = folder.joinpath("messages", f"{lang}.json")
        if own.is_file():
            paths.append(own)
    entries: dict[str, str] = {}
    for path in paths:
        entries.update(json.loads(path.read_text("utf-8")))
    return MappingProxyType(entries)


def negotiate(accept: str | None) -> str:
    """The language to answer in, from an Accept-Language header (or a bare code).

    >>> negotiate("ru-RU,ru;q=0.9,en;q=0.8")
    'ru'
    >>> negotiate("de, uk;q=0.5, en;q=0.4")
    'uk'
    >>> negotiate(None)
    'en'
    """
    best: tuple[float, int, str] | None = None
    for index, part in enumerate((accept or "").split(",")):
        code, _, params = part.strip().partition(";")
        lang = code.strip().lower().split("-")[0]
        if lang not in LANGUAGES:
            continue
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                continue
        candidate = (-weight, index, lang)
        if weight > 0 and (best is None or candidate < best):
            best = candidate
    return best[2] if best else DEFAULT


def plural(lang: str, count: int, forms: int) -> int:
    """Which of a word's plural forms goes with ``count``.

    >>> [plural("uk", n, 3) for n in (1, 2, 5, 11, 21, 22, 25)]
    [0, 1, 2, 2, 0, 1, 2]
    >>> [plural("en", n, 2) for n in (0, 1, 2)]
    [1, 0, 1]
    """
    if forms < 3:
        return 0 if count == 1 else min(1, forms - 1)
    tens, units = count % 100, count % 10
    if units == 1 and tens != 11:
        return 0
    if 2 <= units <= 4 and not 12 <= tens <= 14:
        return 1
    return 2


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            forms = format_spec.split("|")
            return forms[plural(self.lang, int(value), len(forms))]
        if isinstance(value, Text):
            return translate(value, self.lang)
        return str(super().format_field(value, format_spec))


@functools.cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


_Piece = tuple[str, str | None, tuple[str, ...] | None]
"""A template's literal text, then the name of the field after it (None: the end) and that
field's plural forms (None: no forms)."""


@functools.lru_cache(maxsize=4096)
def _pieces(template: str) -> tuple[_Piece, ...] | None:
    """A template cut into its literals and fields once, or None when it has a field that
    only the formatter says (an index, an attribute, a conversion or a format spec)."""
    pieces: list[_Piece] = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            pieces.append((literal, None, None))
            continue
        plain = not spec or ("|" in spec and "{" not in spec)
        if not name.isidentifier() or conversion is not None or not plain:
            return None
        pieces.append((literal, name, tuple(spec.split("|")) if spec else None))
    return tuple(pieces)


def _render(template: str, values: Mapping[str, Any], lang: str) -> str:
    """The template with its values, as :class:`_Formatter` says it (the common templates,
    of named fields alone, without its machinery: a sentence is said for every reader)."""
    pieces = _pieces(template)
    if pieces is None:
        return _formatter(lang).vformat(template, (), values)
    said: list[str] = []
    for literal, name, forms in pieces:
        said.append(literal)
        if name is None:
            continue
        value = values[name]
        if forms is not None:
            said.append(forms[plural(lang, int(value), len(forms))])
        elif isinstance(value, Text):
            said.append(translate(value, lang))
        else:
            said.append(format(value, ""))
    return "".join(said)
