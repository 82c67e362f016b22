"""The web server: an HTTP API for the lobby and one websocket per player for the game.

    app = create_app("sqlite:///games.db")
    uvicorn.run(app, port=8000)

The HTTP API is described at ``/openapi.json``; the websocket messages are in
docs/protocol.md. The server knows no game's rules: it creates games through
the registry and lets each room speak the kernel's protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import sys
import time
import traceback
from collections.abc import AsyncIterator, Callable
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from igroteka.games import entry, game_names
from igroteka.i18n import negotiate
from igroteka.server.api import detail, game_listing, invalid, options_description, refusals_in
from igroteka.server.builders import LexiconIndexes
from igroteka.server.cluster import Cluster
from igroteka.server.committer import Committer
from igroteka.server.console import Console
from igroteka.server.dictionaries import Dictionaries
from igroteka.server.errors import RoomError, TooMany, refused_for, status
from igroteka.server.guard import install
from igroteka.server.limits import FRAME_BYTES, Guard
from igroteka.server.pacing import Settings
from igroteka.server.readiness import NotBeforeReady, Readiness, WordIndexes, word_languages
from igroteka.server.rooms import Rooms
from igroteka.server.routes import ROUTERS, Served
from igroteka.server.sockets import ServerSend
from igroteka.server.tunnel import Tunnel, TunnelMiddleware
from igroteka.server.workers import Workers
from igroteka.store import Store, StoreError

_T = TypeVar("_T")

__all__ = ["UVICORN", "create_app", "hide_tokens"]

UVICORN: dict[str, Any] = {
    "log_level": "warning",
    "ws": "websockets-sansio",
    "ws_per_message_deflate": False,
    "ws_max_size": FRAME_BYTES,
}
"""How uvicorn runs the app. No permessage-deflate: compressing every message for every
client was 10% of the server's CPU at 200 rooms, and turning it off cut the CPU of an
action by 16% (bench/server.py, cases ``load`` and ``plain``); a view is a few kB. A
client's message is read whole only up to ``FRAME_BYTES`` (limits.py), not uvicorn's
16 MB. uvicorn's sans-I/O websockets (``websockets-sansio``), whose protocol a message can be
written into at once, without the ASGI layers (sockets.py, ``_direct``). ``igroteka serve``
runs with them."""


_TOKEN = re.compile(r"(?<=[?&]token=)[^&#\s\"']+")


class _HideTokens(logging.Filter):
    """Cut the value of a ``token=`` out of the addresses a log record names."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub("…", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub("…", arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


def hide_tokens() -> None:
    """Keep tokens out of uvicorn's logs, once it has set them up.

    A token never travels in an address (it comes in the websocket's join), but a client of
    before the join sends ``/ws/{room}?token=…``; it is refused (``token-in-url``), and
    uvicorn writes every address it is asked for, at level info, before the app sees it."""
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(_HideTokens())


def create_app(
    store_url: str,
    settings: Settings | None = None,
    *,
    indexes: WordIndexes | None = None,
    say: Callable[[str], object] | None = None,
    workers: Workers | None = None,
    synchronous: str = "FULL",
    redis: str | None = None,
) -> FastAPI:
    """The ASGI app over a store; the rooms in it come back as they were.

    It answers at once: the games of no words are played from the start, and
    every stored game that goes on is adopted. The word index of each language the
    word games ask for (``indexes``: the lexicon's, in its cache directory, each built
    in a process of its own) is prepared meanwhile (server/dictionaries.py): what
    needs a language waits for it, and its stored games are adopted once it is
    ready. Its progress is shown on the console (a bar per language on a terminal),
    or its lines given to ``say`` (a test's). The rules and
    the bots compute in ``workers`` (processes, forked here: before the server
    opens its socket or starts a thread). ``synchronous``: SQLite's (store/sql.py).
    ``redis``: the URL of the Redis through which this process shares the store's rooms with
    others (server/cluster.py); without it, this process holds its store alone.
    """
    workers = workers or Workers()
    workers.start()
    store = Store(store_url, synchronous)
    cluster = Cluster(redis) if redis else None
    try:
        if cluster is None:
            store.hold_alone()  # after the fork: a worker must not inherit the lock
    except StoreError:
        store.close()
        workers.close()
        raise
    committer = Committer(store)
    settings = settings or Settings()
    langs = word_languages()
    dictionaries = Dictionaries(indexes if indexes is not None else LexiconIndexes(), langs)
    waited = [lang for lang in langs if not dictionaries.ready(lang)]
    dictionaries.show = Console(waited, say=say).show
    rooms = Rooms(store, settings, workers, committer, cluster, dictionaries.check)
    guard = Guard(settings.limits)
    readiness = Readiness()

    async def begin() -> None:
        """Mark the finished games, then adopt those that go on: off the event loop."""
        try:
            await asyncio.to_thread(store.mark_finished_idle, time.time())
            readiness.done()
            await rooms.adopt()  # the games that go on: their bots and timers go on too
        except Exception as error:  # the server answers why it will not be ready
            readiness.fail(f"{type(error).__name__}: {error}")
            traceback.print_exc(file=sys.stderr)
            return
        await rooms.keep_sweeping()  # rooms nobody uses expire (limits.py Expiry)

    async def ready(lang: str) -> None:
        """A language became ready: the stored games that waited for it are adopted (their
        bots load it in their workers when first asked); once every language is, new workers
        are made, which share what their parent loads of each (the lexicon's own indexes)."""
        if readiness.ready:
            await rooms.adopt()
        real = isinstance(dictionaries.indexes, LexiconIndexes)
        if real and dictionaries.all_ready and dictionaries.built_late:
            workers.renew()

    dictionaries.on_ready(ready)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start()
        tasks = [asyncio.create_task(begin()), asyncio.create_task(dictionaries.prepare())]
        yield
        await asyncio.to_thread(dictionaries.close)  # its builders end now (a moment)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        try:
            await rooms.close()
            await committer.close()
            if cluster is not None:  # its rooms' leases let go: the others take them at once
                await cluster.close()
        finally:
            workers.close(wait=True)
            store.close()

    # no /docs nor /redoc: their pages run scripts from a CDN on this origin, where the
    # seats' tokens are kept; the API is described at /openapi.json
    app = FastAPI(
        title="Igroteka", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None
    )
    app.state.rooms = rooms
    app.state.readiness = readiness
    app.state.dictionaries = dictionaries
    app.state.guard = guard
    app.add_middleware(ServerSend)

    app.add_middleware(NotBeforeReady, readiness=readiness)

    describe(app, settings.chosen_seeds)
    refuse_in_words(app)

    # a page at the public address may play here even when a proxy changes the Host
    public = (settings.public_url,) if settings.public_url else ()
    install(app, (*settings.origins, *public))
    if cluster is not None:  # the outermost: a room held elsewhere is carried there
        app.add_middleware(TunnelMiddleware, tunnel=Tunnel(cluster, app))

    page = serve_static(app)
    served = Served(rooms, store, settings, guard, readiness, dictionaries, cluster, page)
    for part in ROUTERS:
        app.include_router(part.router(served))
    return app


def serve_static(app: FastAPI) -> str:
    """The client's files, each at ``/static/`` and its path in the package: the page's own
    (``web/``) at ``/static/web/``, and each registered game's (``web/`` in its package) at
    ``/static/games/<name>/web/``, so that a game's modules import the page's by the same
    relative address on disk and in the browser. Answers the page (``web/index.html``)."""
    web = resources.files("igroteka").joinpath("web")
    app.mount("/static/web", StaticFiles(directory=str(web)), name="static")
    for name in game_names():
        folder = game_web(name)
        if folder is not None:
            app.mount(f"/static/games/{name}/web", StaticFiles(directory=str(folder)))
    return web.joinpath("index.html").read_text("utf-8")


def game_web(name: str) -> Traversable | None:
    """A registered game's web part, ``web/`` in its package (``igroteka.games.<name>``); None
    for a game without one (a test's own, from elsewhere, is played with a plain board)."""
    try:
        folder = resources.files(f"igroteka.games.{name}").joinpath("web")
    except ModuleNotFoundError:
        return None
    return folder if folder.is_dir() else None


def describe(app: FastAPI, chosen_seeds: bool) -> None:
    """``/openapi.json`` with every registered game's options and bot levels, from its
    declaration, and FastAPI's 422 said as the refusal it is; a new room's ``seed`` only
    where the server takes one (``serve --chosen-seeds``)."""

    def openapi() -> dict[str, Any]:
        """The API's description, with every registered game's options from its declaration."""
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            fields = schema["components"]["schemas"]["NewRoom"]["properties"]
            fields["options"]["description"] = options_description()
            fields["game"]["enum"] = list(game_names())
            levels = (level for name in game_names() for level in entry(name).bot_levels)
            bot = schema["components"]["schemas"]["BotSeat"]["properties"]["level"]
            bot["enum"] = list(dict.fromkeys(levels))
            refusals_in(schema)
            if not chosen_seeds:
                without_seed(schema)
            schema["x-games"] = [game_listing(name) for name in game_names()]
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def without_seed(schema: dict[str, Any]) -> None:
    """The description of a server that draws every seed: a new room has no ``seed``, and
    its refusal ``seed`` (of a client that sends one all the same) is not offered either."""
    del schema["components"]["schemas"]["NewRoom"]["properties"]["seed"]
    answers = schema["paths"]["/api/rooms"]["post"]["responses"]
    for code, answer in list(answers.items()):
        codes = answer["description"].removeprefix("refused: ").split(", ")
        if "seed" in codes:
            codes.remove("seed")
            if codes:
                answer["description"] = "refused: " + ", ".join(codes)
            else:
                del answers[code]


def refuse_in_words(app: FastAPI) -> None:
    """A refusal, and a request that does not fit the API, answered in the language the
    request accepts."""

    @app.exception_handler(RoomError)
    async def refused(request: Request, error: RoomError) -> JSONResponse:
        """A refusal, in the language the request accepts (Accept-Language)."""
        lang = negotiate(request.headers.get("accept-language"))
        headers = (
            {"Retry-After": str(math.ceil(error.retry_after))}
            if isinstance(error, TooMany)
            else None
        )
        return JSONResponse(
            refused_for(error.code, error.reason, lang, error.details()),
            status(error.code),
            headers=headers,
        )

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        """A request that does not fit the API: the first problem, said for a person."""
        lang = negotiate(request.headers.get("accept-language"))
        answer = refused_for("bad-request", invalid(error.errors()), lang)
        return JSONResponse({**answer, "detail": detail(error.errors())}, 422)
