"""Readiness: what the server does before it answers, and which games wait for a dictionary.

The server answers at once. Before its API opens it only marks the finished games of its
store (a fraction of a second: ``/healthz`` says 503 ``starting`` meanwhile); the stored
games that go on are then adopted. The word index of each language the word games are
played in (:func:`word_languages`) is prepared meanwhile, in processes of its own
(:mod:`igroteka.server.builders`, :mod:`igroteka.server.dictionaries`): only what needs
a language that is not ready waits for it (:func:`language_of` says which, from the game's
declaration alone).

>>> ready = Readiness()
>>> ready.reason
'the server is starting'
>>> ready.done()
>>> ready.reason is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from igroteka.engine.declaration import Declaration
from igroteka.games import entry, game_names
from igroteka.i18n import Text, negotiate
from igroteka.server.errors import refused_for

__all__ = [
    "NotBeforeReady",
    "Readiness",
    "WordIndexes",
    "language_of",
    "languages_of",
    "word_languages",
]

DEFAULT_LANGUAGE = "uk"
"""The language of a word game that says none (so far the one of every such game)."""


class WordIndexes(Protocol):
    """The word indexes: whether one is built, and preparing one (slow: minutes).

    The server's own is :class:`igroteka.server.builders.LexiconIndexes` (each language
    built in a process of its own); a test gives a fake that is slow or fails at will.
    ``prepare`` is called in a thread of the server, tells ``progress`` (0 to 1) as it goes
    and raises :class:`igroteka.lexicon.index.PrepareError` when it cannot. An object may
    also have ``warm(lang)`` (load what the rules ask first, once ready) and ``stop()``
    (end its preparations: the server is ending)."""

    def is_built(self, lang: str) -> bool: ...

    def prepare(self, lang: str, progress: Callable[[float], object]) -> None: ...


def languages_of(declaration: Declaration) -> tuple[str, ...]:
    """Every language whose word index a game may ask for: none for a game of no words,
    its language option's choices when it has one, else its own languages (else Ukrainian).

    >>> from igroteka.engine.declaration import labels
    >>> named = labels("Words", "Слова", "Слова"), labels("", "", "")
    >>> languages_of(Declaration("w", *named, lexicon=True)), languages_of(Declaration("c", *named))
    (('uk',), ())
    """
    if not declaration.lexicon:
        return ()
    chooser = declaration.language_option
    if chooser is not None:
        return tuple(c.lang for c in chooser.choices if c.lang is not None)
    return declaration.languages or (DEFAULT_LANGUAGE,)


def language_of(declaration: Declaration, options: Mapping[str, Any]) -> str | None:
    """The language whose word index a room of this game with these options needs: the
    value of its language option (else that option's default), else its one language;
    None for a game of no words (or a value that is no language: the rules refuse it).

    >>> from igroteka.engine.declaration import Option, labels
    >>> lang = Option.choice("lang", labels("Language", "Мова", "Язык"),
    ...     ("ru", labels("ru", "ru", "ru")), ("uk", labels("uk", "uk", "uk")), languages=True)
    >>> named = labels("Words", "Слова", "Слова"), labels("", "", "")
    >>> words = Declaration("words", *named, options=(lang,), lexicon=True)
    >>> language_of(words, {"lang": "uk"}), language_of(words, {})
    ('uk', 'ru')
    >>> language_of(Declaration("cards", *named, options=(lang,)), {"lang": "ru"}) is None
    True
    """
    langs = languages_of(declaration)
    if not langs:
        return None
    chooser = declaration.language_option
    if chooser is None:
        return langs[0]
    value = options.get(chooser.key, chooser.default)
    chosen = next((c.lang for c in chooser.choices if c.value == value), None)
    return chosen if chosen in langs else None


def word_languages(names: Iterable[str] | None = None) -> tuple[str, ...]:
    """The languages whose word index the games ask for (:func:`languages_of`), each once."""
    wanted: list[str] = []
    for name in game_names() if names is None else names:
        wanted += [lang for lang in languages_of(entry(name).declaration) if lang not in wanted]
    return tuple(wanted)


class Readiness:
    """Whether the server has begun to serve, or why it never will."""

    def __init__(self) -> None:
        self.failed: str | None = None
        self._ready = False

    def done(self) -> None:
        self._ready = True

    def fail(self, why: str) -> None:
        self.failed = why

    @property
    def ready(self) -> bool:
        return self._ready and self.failed is None

    @property
    def code(self) -> str:
        """The refusal's code while not ready: ``starting``, or ``failed`` for good."""
        return "failed" if self.failed is not None else "starting"

    @property
    def reason(self) -> Text | None:
        """Why the server is not ready, for a person; None once it is."""
        if self.failed is not None:
            return Text("the server could not start: {why}", why=self.failed)
        if self._ready:
            return None
        return Text("the server is starting")


class NotBeforeReady:
    """ASGI middleware: until the server is ready, the API (``/api/…``) answers 503 with what
    the server is doing, in the language the request accepts; the pages, ``/healthz`` and the
    websockets (which say so in their own way) pass. A plain ASGI middleware, not Starlette's
    ``BaseHTTPMiddleware``, which costs every request a task group and a stream. The lobby's
    ``/api/games`` and ``/api/dictionaries`` pass too: they need nothing the start does."""

    FREE = ("/api/games", "/api/dictionaries")

    def __init__(self, app: Any, readiness: Readiness) -> None:
        self.app = app
        self.readiness = readiness

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        reason = self.readiness.reason
        if reason is not None and scope["type"] == "http" and _waits(scope["path"]):
            lang = negotiate(Headers(scope=scope).get("accept-language"))
            answer = JSONResponse(refused_for(self.readiness.code, reason, lang), 503)
            await answer(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _waits(path: str) -> bool:
    return path.startswith("/api/") and not path.startswith(NotBeforeReady.FREE)
