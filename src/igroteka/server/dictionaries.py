"""The dictionaries of the word games: each language prepared from the start, and what waits.

Every language the word games are played in (:func:`~igroteka.server.readiness.word_languages`)
is prepared at once, side by side, by the server's :class:`~igroteka.server.readiness.WordIndexes`
(processes of their own, :mod:`igroteka.server.builders`); a thread of the server waits for each
and keeps its state here:

- ``waiting``: not begun yet;
- ``preparing``: being built (``progress`` from 0 to 1), by this server or by another on the
  same cache (the lexicon's lock: this one waits and sees its progress);
- ``ready``: built; its word judge is then loaded (:meth:`Dictionaries.prepare`), off the loop;
- ``failed``: it cannot be (``reason``: one sentence, the cache folder not writable, a full disk).

Only what needs a language waits for it, decided from the game's declaration alone
(:func:`~igroteka.server.readiness.language_of`): :meth:`Dictionaries.check` refuses it with
:class:`~igroteka.server.errors.Preparing` (503) and a sentence that names the game:

>>> words = Dictionaries(Built(), ["uk", "ru"])
>>> words.state("ru").state, words.ready("ru")
('ready', True)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from igroteka.engine.declaration import Labels
from igroteka.games import entry, game_names
from igroteka.i18n import Text, translate
from igroteka.lexicon.index import PrepareError
from igroteka.server.builders import Stopped
from igroteka.server.errors import Preparing
from igroteka.server.readiness import WordIndexes, language_of, languages_of

__all__ = ["Built", "Dictionaries", "Dictionary", "State", "Title", "game_languages"]

State = Literal["waiting", "preparing", "ready", "failed"]

LANGUAGE_NAMES = {"uk": Text("in Ukrainian"), "ru": Text("in Russian"), "en": Text("in English")}
"""A language said after a game's title (``Erudit in Russian``): every language of words."""


@dataclass
class Dictionary:
    """One language's word index as the server knows it (changed by its thread, read by the
    loop: each field is written whole)."""

    lang: str
    state: State = "waiting"
    progress: float = 0.0
    reason: Text | None = None
    """Why it cannot be prepared (``failed``)."""
    began: float | None = None
    took: float | None = None
    """Seconds it took to prepare (None: it was ready at start, or is not yet)."""

    def said(self) -> Text:
        """Its state, for a person (failed: the one sentence of why)."""
        if self.state == "failed" and self.reason is not None:
            return self.reason
        if self.state == "ready":
            return Text("its dictionary is ready")
        if self.state == "waiting":
            return Text("its dictionary is waiting to be prepared")
        return Text("preparing its dictionary, {percent}%", percent=self.percent)

    @property
    def percent(self) -> int:
        return int(self.progress * 100)


class Title(Text):
    """A game's title, said in each language as its declaration gives it: a value of a
    sentence that is translated with it."""

    labels: Labels

    def __new__(cls, labels: Labels) -> Title:
        title = cast(Title, super().__new__(cls, "{title}", title=labels["en"]))
        title.labels = labels
        title._said.update(labels)
        return title

    def __reduce__(self) -> tuple[Any, ...]:
        return (Title, (dict(self.labels),))


class Built:
    """Word indexes that are all built (a server of no word games, a doctest)."""

    def is_built(self, lang: str) -> bool:
        return True

    def prepare(self, lang: str, progress: Callable[[float], object]) -> None:
        progress(1.0)


Shown = Callable[[Dictionary], object]
"""Told of a language's every change (the console), from the thread that prepares it."""


class Dictionaries:
    """The state of every word language's index, and its preparation (:meth:`prepare`).

    A language already built is ready from the start (asked here, before the server
    serves: a fraction of a second)."""

    def __init__(
        self, indexes: WordIndexes, langs: Iterable[str], show: Shown | None = None
    ) -> None:
        self.indexes = indexes
        self.languages = {lang: Dictionary(lang) for lang in langs}
        self.show = show
        self._ready: list[Callable[[str], Awaitable[object]]] = []
        self._threads: concurrent.futures.ThreadPoolExecutor | None = None
        for lang, found in self.languages.items():
            if indexes.is_built(lang):
                found.state, found.progress = "ready", 1.0

    def state(self, lang: str) -> Dictionary:
        return self.languages[lang]

    def ready(self, lang: str) -> bool:
        found = self.languages.get(lang)
        return found is None or found.state == "ready"

    @property
    def all_ready(self) -> bool:
        return all(found.state == "ready" for found in self.languages.values())

    @property
    def built_late(self) -> bool:
        """Whether a language was built after the start (so not loaded by the workers' parent)."""
        return any(found.took is not None for found in self.languages.values())

    def on_ready(self, call: Callable[[str], Awaitable[object]]) -> None:
        """Have ``call(lang)`` awaited on the loop once a language becomes ready."""
        self._ready.append(call)

    # -- what waits

    def refusal(self, game: str, options: Mapping[str, Any]) -> Preparing | None:
        """Why a room of ``game`` with ``options`` cannot be played yet, or None."""
        if game not in game_names():
            return None
        declaration = entry(game).declaration
        lang = language_of(declaration, options)
        if lang is None or self.ready(lang):
            return None
        found = self.languages[lang]
        title = Title(declaration.title)
        language = LANGUAGE_NAMES[lang]
        if found.state == "failed" and found.reason is not None:
            reason = Text(
                "{game} {language} cannot be played: its dictionary cannot be prepared: {why}",
                game=title,
                language=language,
                why=found.reason,
            )
            return Preparing(reason, lang, None)
        reason = Text(
            "{game} {language} can be played once its dictionary is ready: preparing it, "
            "{percent}%",
            game=title,
            language=language,
            percent=found.percent,
        )
        return Preparing(reason, lang, found.progress)

    def check(self, game: str, options: Mapping[str, Any]) -> None:
        """Refuse (:class:`Preparing`) what needs a language that is not ready."""
        refused = self.refusal(game, options)
        if refused is not None:
            raise refused

    # -- what is said of them

    def listing(self, lang: str) -> dict[str, Any]:
        """``GET /api/dictionaries``: every language's state, said in ``lang``, and the games
        that need one (by the option that chooses it, or their fixed languages)."""
        languages: dict[str, Any] = {}
        for code, found in self.languages.items():
            said: dict[str, Any] = {"state": found.state}
            if found.state in ("waiting", "preparing"):
                said["progress"] = round(found.progress, 3)
            if found.state != "ready":
                said["reason"] = translate(found.said(), lang)
            languages[code] = said
        return {"languages": languages, "games": game_languages()}

    def health(self, lang: str) -> dict[str, Any]:
        """What ``/healthz`` adds: the languages still prepared, and those that failed."""
        said: dict[str, Any] = {}
        preparing = {
            code: round(found.progress, 3)
            for code, found in self.languages.items()
            if found.state in ("waiting", "preparing")
        }
        failed = {
            code: translate(found.reason, lang)
            for code, found in self.languages.items()
            if found.state == "failed" and found.reason is not None
        }
        if preparing:
            said["preparing"] = preparing
        if failed:
            said["failed"] = failed
        return said

    # -- the preparation

    async def prepare(self) -> None:
        """Prepare every language not ready, side by side, each in a thread that waits for
        its builder; each ready one's word judge is loaded then, and the ``on_ready`` calls
        awaited (the rooms that waited for it adopted)."""
        waiting = [lang for lang, found in self.languages.items() if found.state != "ready"]
        ready = [lang for lang in self.languages if lang not in waiting]
        if waiting:
            self._threads = concurrent.futures.ThreadPoolExecutor(
                len(waiting), thread_name_prefix="igroteka-dictionary"
            )
        await asyncio.gather(
            *(self._warm(lang) for lang in ready), *(self._one(lang) for lang in waiting)
        )

    async def _one(self, lang: str) -> None:
        found = self.languages[lang]
        loop = asyncio.get_running_loop()
        assert self._threads is not None
        try:
            await loop.run_in_executor(self._threads, self._prepare, found)
        except PrepareError as error:
            found.reason, found.state = error.reason, "failed"
            self._shown(found)
            return
        except Stopped:
            return
        found.took = time.monotonic() - (found.began or time.monotonic())
        found.progress, found.state = 1.0, "ready"
        self._shown(found)
        await self._warm(lang)
        for call in self._ready:
            await call(lang)

    def _prepare(self, found: Dictionary) -> None:
        """In a thread: the preparation of one language, its progress kept and shown."""
        if self.indexes.is_built(found.lang):
            return
        found.began = time.monotonic()

        def progress(done: float) -> None:
            done = max(0.0, min(1.0, float(done)))
            if found.state == "preparing" and abs(done - found.progress) < 0.001:
                return
            found.progress, found.state = done, "preparing"
            self._shown(found)

        found.state = "preparing"
        self._shown(found)
        self.indexes.prepare(found.lang, progress)

    def _shown(self, found: Dictionary) -> None:
        if self.show is not None:
            self.show(found)

    async def _warm(self, lang: str) -> None:
        """Load what the rules ask of a ready language first, in a thread (once, seconds
        at most; the loop would otherwise pay for it on the first word it judges)."""
        warm = getattr(self.indexes, "warm", None)
        if warm is None:
            return
        try:
            await asyncio.to_thread(warm, lang)
        except Exception as error:  # the rules load it themselves when first asked
            print(f"igroteka: the {lang} dictionary was not loaded ahead: {error}", file=sys.stderr)

    def close(self) -> None:
        """End the preparations (the server is ending): quietly, nothing half-built kept."""
        stop = getattr(self.indexes, "stop", None)
        if stop is not None:
            stop()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)


def game_languages() -> dict[str, Any]:
    """The games that need a dictionary: by the option whose value is the language, else
    the languages they are played in (``GET /api/dictionaries``'s ``games``)."""
    games: dict[str, Any] = {}
    for name in game_names():
        declaration = entry(name).declaration
        langs = languages_of(declaration)
        if not langs:
            continue
        chooser = declaration.language_option
        games[name] = (
            {"by_option": chooser.key} if chooser is not None else {"languages": list(langs)}
        )
    return games
