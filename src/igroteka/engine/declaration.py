"""A game's declaration: what the lobby, the command line and the API know of it.

One declaration per game, beside its rules (``games/<name>/declaration.py``):
its titles and one-line summary in every language of the UI, its bot levels
and the level that stands in for a player who has gone, and the schema of its
options. The lobby form, ``GET /api/games``, the flags of ``igroteka play
GAME`` and the OpenAPI description are all made from it; the game's own
``parse_options`` stays the judge of a value (and must agree with the schema:
the contract test of every game checks it).

>>> pairs = Option.number("pairs", {"en": "Pairs", "uk": "Пари", "ru": "Пары"}, 12, 1, 40)
>>> pairs.to_json()["kind"], pairs.flag
('number', '--pairs')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from igroteka.engine.game import JsonObject
from igroteka.engine.narration import PLAIN, Narrator

__all__ = ["LANGUAGES", "Choice", "Declaration", "Labels", "Option", "labels"]

LANGUAGES = ("en", "uk", "ru")
"""The languages every label is given in."""

Labels = Mapping[str, str]
"""A text in every language of the UI: ``{"en": …, "uk": …, "ru": …}``."""

Kind = Literal["number", "choice", "flag", "text"]


def labels(en: str, uk: str, ru: str) -> Labels:
    """A text in every language of the UI, in the order of :data:`LANGUAGES`."""
    return {"en": en, "uk": uk, "ru": ru}


@dataclass(frozen=True)
class Choice:
    """One value a choice option may take, and its name in every language.

    ``lang``: the language the choice is in (a deck of words), when it has one. The
    lobby then makes the choice in the page's language the default of its form, and
    the option's own ``default`` stands only when no choice is in that language.

    >>> Choice("uk", labels("Ukrainian", "Українська", "Украинский"), lang="uk").to_json()["lang"]
    'uk'
    """

    value: str
    label: Labels
    lang: str | None = None

    def __post_init__(self) -> None:
        if self.lang is not None and self.lang not in LANGUAGES:
            raise ValueError(f"a choice's lang is one of {LANGUAGES}, not {self.lang!r}")

    def to_json(self) -> JsonObject:
        """The choice as ``GET /api/games`` lists it."""
        data: JsonObject = {"value": self.value, "label": dict(self.label)}
        if self.lang is not None:
            data["lang"] = self.lang
        return data


_PICTURE_LINE = re.compile(r"\s*picture:?\s+([A-Za-z0-9_-]+)", re.IGNORECASE)


def pictures_named(text: str) -> list[tuple[int, str]]:
    """The uploaded pictures a ``pictures`` text option names, by its lines ``picture <id>``,
    with the number of each line (from 1).

    >>> pictures_named("name: Class\\npicture Xk2m9dQ4vT0aLs7bRw1e3g : our classroom")
    [(2, 'Xk2m9dQ4vT0aLs7bRw1e3g')]
    """
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _PICTURE_LINE.match(line)
        if match is not None:
            found.append((number, match[1]))
    return found


@dataclass(frozen=True)
class Option:
    """One option of a game, as a form field, a command-line flag and an API field.

    - ``number``: a whole number from ``low`` to ``high``.
    - ``choice``: one of ``choices``; with ``seat``, a seat number too (counted
      from 1 where people type it, from 0 in the options' JSON).
    - ``flag``: on or off.
    - ``text``: free text (a teacher's deck); ``file``: the command line reads it
      from a file; ``pictures``: the text may name pictures uploaded to the server
      (``POST /api/images``), and the lobby offers to upload some, writing a line
      ``picture <id> : `` for each. ``shown_when`` ``(key, value)``: asked only while that other
      option has that value (the lobby shows the field; the API takes it anyway).

    ``house`` options are house rules: the lobby folds them away.
    """

    key: str
    kind: Kind
    label: Labels
    default: Any = None
    low: int | None = None
    high: int | None = None
    choices: tuple[Choice, ...] = ()
    seat: bool = False
    house: bool = False
    file: bool = False
    pictures: bool = False
    shown_when: tuple[str, str] | None = None
    cli: str | None = None
    """The command-line flag's name without dashes, when it is not the key's."""
    hint: Labels | None = None
    """An example of a text option's value, shown in its empty field."""
    read: Callable[[str], Mapping[str, Any]] | None = field(default=None, compare=False)
    """For a ``file`` option: the options a file named on the command line stands for
    (:class:`OptionsError` when it cannot be read); by default ``{key: its text}``."""
    brief: Callable[[str], Mapping[str, Any]] | None = field(default=None, compare=False)
    """For a ``text`` option: what a room's public JSON shows in place of the text (a deck
    by its name and size); by default ``{"size": its length in characters}``."""

    @classmethod
    def number(cls, key: str, label: Labels, default: int, low: int, high: int) -> Option:
        return cls(key, "number", label, default, low, high)

    @classmethod
    def choice(
        cls,
        key: str,
        label: Labels,
        *choices: tuple[str, Labels],
        default: str | None = None,
        house: bool = True,
        languages: bool = False,
    ) -> Option:
        """One of ``choices`` (value, label); by default the first. ``languages``: the option
        chooses the game's language, and a choice whose value is a language code is in that
        language (:attr:`Choice.lang`), so the lobby starts with the page's.

        >>> Option.choice("ties", labels("Ties", "Нічия", "Ничья"),
        ...     ("draw", labels("a draw", "нічия", "ничья")), ("furthest", labels("f", "f", "f"))
        ... ).default
        'draw'
        """
        return cls(
            key,
            "choice",
            label,
            default=choices[0][0] if default is None else default,
            choices=tuple(
                Choice(value, named, value if languages and value in LANGUAGES else None)
                for value, named in choices
            ),
            house=house,
        )

    @classmethod
    def starter(cls, label: Labels) -> Option:
        """Who starts: drawn by lot, or a seat (a house rule)."""
        return cls(
            "starter",
            "choice",
            label,
            default="random",
            choices=(Choice("random", labels("drawn by lot", "жереб", "жребий")),),
            seat=True,
            house=True,
        )

    def default_for(self, lang: str) -> Any:
        """The option's default on a page in ``lang``: its choice in that language, if any.

        >>> deck = Option("deck", "choice", labels("Deck", "Колода", "Колода"), default="en",
        ...     choices=(Choice("en", labels("en", "en", "en"), lang="en"),
        ...              Choice("uk", labels("uk", "uk", "uk"), lang="uk")))
        >>> deck.default_for("uk"), deck.default_for("ru")
        ('uk', 'en')
        """
        return next((c.value for c in self.choices if c.lang == lang), self.default)

    @property
    def flag(self) -> str:
        """The command-line flag: ``--min-length`` for ``min_length``."""
        return "--" + (self.cli or self.key).replace("_", "-")

    def to_json(self) -> JsonObject:
        """The option as ``GET /api/games`` lists it."""
        data: JsonObject = {"key": self.key, "kind": self.kind, "label": dict(self.label)}
        data["default"] = self.default
        if self.kind == "number":
            data.update(low=self.low, high=self.high)
        if self.choices:
            data["choices"] = [choice.to_json() for choice in self.choices]
        if self.seat:
            data["seat"] = True
        if self.hint is not None:
            data["hint"] = dict(self.hint)
        if self.pictures:
            data["pictures"] = True
        if self.shown_when is not None:
            data["shown_when"] = {"key": self.shown_when[0], "value": self.shown_when[1]}
        data["house"] = self.house
        return data


@dataclass(frozen=True)
class Declaration:
    """Everything the platform says about a game besides its rules."""

    name: str
    title: Labels
    summary: Labels
    """One line: what the game is, for the lobby and ``--help``."""
    icon: str = ""
    """The game's picture in the lobby: an emoji (none: the lobby draws a die)."""
    options: tuple[Option, ...] = ()
    bot_levels: tuple[str, ...] = ()
    standin: str = ""
    """The bot level that plays for a player who has gone, or whose turn timer ran out."""
    lexicon: bool = False
    """Whether the game asks the lexicon (so its word index is built before serving)."""
    narrator: Narrator = field(default=PLAIN, compare=False)
    """The game's sentences: one for each event, the banner above the table, the rules
    explained the first time they are met (``engine/narration.py``)."""
    languages: tuple[str, ...] = ()
    """The languages of the game's words when no option chooses among them (a game of
    Ukrainian words alone: ``("uk",)``). A game whose option chooses its language
    (:attr:`language_option`) is played in that option's; a game of no words, in none."""

    def __post_init__(self) -> None:
        for lang in self.languages:
            if lang not in LANGUAGES:
                raise ValueError(f"a game's language is one of {LANGUAGES}, not {lang!r}")

    @property
    def language_option(self) -> Option | None:
        """The option that chooses the game's language: a choice whose choices carry one.

        >>> tiles = Option("tiles", "choice", labels("Tiles", "Фішки", "Фишки"), default="uk",
        ...     choices=(Choice("ru", labels("ru", "ru", "ru"), lang="ru"),
        ...              Choice("uk", labels("uk", "uk", "uk"), lang="uk")))
        >>> words = Declaration("words", labels("Words", "Слова", "Слова"), labels("", "", ""),
        ...     options=(tiles,))
        >>> words.language_option.key
        'tiles'
        """
        return next(
            (o for o in self.options if o.kind == "choice" and any(c.lang for c in o.choices)),
            None,
        )

    @property
    def words_in(self) -> tuple[str, ...]:
        """Every language the game may be played in, as the lobby says on its card.

        >>> tiles = Option("tiles", "choice", labels("Tiles", "Фішки", "Фишки"), default="uk",
        ...     choices=(Choice("ru", labels("ru", "ru", "ru"), lang="ru"),
        ...              Choice("uk", labels("uk", "uk", "uk"), lang="uk")))
        >>> words = Declaration("words", labels("Words", "Слова", "Слова"), labels("", "", ""),
        ...     options=(tiles,))
        >>> uk = Declaration("uk", labels("Uk", "Uk", "Uk"), labels("", "", ""), languages=("uk",))
        >>> words.words_in, uk.words_in
        (('ru', 'uk'), ('uk',))
        """
        chooser = self.language_option
        if chooser is None:
            return self.languages
        return tuple(c.lang for c in chooser.choices if c.lang is not None)

    def option(self, key: str) -> Option:
        return next(option for option in self.options if option.key == key)

    def public_options(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The options as anyone may read them: a text option (a teacher's deck, up to a
        megabyte) in brief, not its whole text.

        >>> game = Declaration("g", labels("G", "Г", "Г"), labels("", "", ""),
        ...     options=(Option("deck", "text", labels("D", "Д", "Д")),))
        >>> game.public_options({"deck": "name: A\\nlang: en", "goal": 3})
        {'deck': {'size': 16}, 'goal': 3}
        """
        texts = {option.key: option for option in self.options if option.kind == "text"}
        shown = dict(values)
        for key, option in texts.items():
            value = shown.get(key)
            if isinstance(value, str) and value:
                shown[key] = dict(option.brief(value)) if option.brief else {"size": len(value)}
        return shown

    def to_json(self) -> JsonObject:
        """The declaration as ``GET /api/games`` lists it (without the game's seats)."""
        return {
            "name": self.name,
            "title": dict(self.title),
            "summary": dict(self.summary),
            "icon": self.icon,
            "bot_levels": list(self.bot_levels),
            "standin": self.standin,
            "options": [option.to_json() for option in self.options],
            "languages": list(self.words_in),
            "language_option": chooser.key if (chooser := self.language_option) else None,
        }
