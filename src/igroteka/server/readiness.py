"""Readiness: what the server still does before it answers ``/healthz`` ready.

On start the server builds every missing word index of the games that ask the
lexicon (about three minutes each, once per version of the dictionaries), then
loads the stored rooms. Both run in a thread, off the event loop, so that
``/healthz`` answers meanwhile: 503 with what it is doing, then 200. A line on
the console says what takes long:

    building the uk word index (once; about three minutes)… done in 160 s

>>> ready = Readiness()
>>> ready.reason
'the server is starting'
>>> ready.doing(Text("building the word index"))
>>> ready.reason
'the server is starting: building the word index'
>>> ready.done()
>>> ready.reason is None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from igroteka.games import entry, game_names
from igroteka.i18n import Text, negotiate
from igroteka.server.errors import refused_for

__all__ = [
    "LexiconIndexes",
    "NotBeforeReady",
    "Readiness",
    "WordIndexes",
    "build_missing",
    "word_languages",
]


class WordIndexes(Protocol):
    """The compiled word indexes: which are built, and building one (slow)."""

    def is_built(self, lang: str) -> bool: ...

    def build(self, lang: str) -> None: ...


class LexiconIndexes:
    """The lexicon's own indexes, in its cache directory (``$IGROTEKA_CACHE``)."""

    def is_built(self, lang: str) -> bool:
        from igroteka.lexicon.index import is_built

        return is_built(lang)

    def build(self, lang: str) -> None:
        from igroteka.lexicon.index import index

        index(lang)


def word_languages(names: Iterable[str] | None = None) -> tuple[str, ...]:
    """The languages whose word index the games ask for.

    A game that asks the lexicon (its declaration says ``lexicon``) is played in
    the languages of its ``lang`` option when it has one, else in Ukrainian (so far the one
    language of every word game with no language to choose).
    """
    wanted: list[str] = []
    for name in game_names() if names is None else names:
        declaration = entry(name).declaration
        if not declaration.lexicon:
            continue
        langs = [option for option in declaration.options if option.key == "lang"]
        choices = [choice.value for choice in langs[0].choices] if langs else ["uk"]
        wanted += [lang for lang in choices if lang not in wanted]
    return tuple(wanted)


class Readiness:
    """What the server is doing before it is ready, or why it never will be."""

    def __init__(self) -> None:
        self.step: Text | None = None
        """What it is doing now (None before it has begun)."""
        self.failed: str | None = None
        self._ready = False

    def doing(self, step: Text) -> None:
        self.step = step

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
        if self.step is None:
            return Text("the server is starting")
        return Text("the server is starting: {step}", step=self.step)


def build_missing(
    indexes: WordIndexes,
    langs: Iterable[str],
    readiness: Readiness,
    say: Callable[[str], None],
) -> None:
    """Build every index of ``langs`` that is not built yet, saying so (slow: in a thread)."""
    for lang in langs:
        if indexes.is_built(lang):
            continue
        readiness.doing(Text("building the {lang} word index", lang=lang))
        say(f"building the {lang} word index (once; about three minutes)… ")
        began = time.monotonic()
        indexes.build(lang)
        say(f"done in {time.monotonic() - began:.0f} s\n")


class NotBeforeReady:
    """ASGI middleware: until the server is ready, the API (``/api/…``) answers 503 with what
    the server is doing, in the language the request accepts; the pages, ``/healthz`` and the
    websockets (which say so in their own way) pass. A plain ASGI middleware, not Starlette's
    ``BaseHTTPMiddleware``, which costs every request a task group and a stream."""

    def __init__(self, app: Any, readiness: Readiness) -> None:
        self.app = app
        self.readiness = readiness

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        reason = self.readiness.reason
        if reason is not None and scope["type"] == "http" and scope["path"].startswith("/api/"):
            lang = negotiate(Headers(scope=scope).get("accept-language"))
            answer = JSONResponse(refused_for(self.readiness.code, reason, lang), 503)
            await answer(scope, receive, send)
            return
        await self.app(scope, receive, send)
