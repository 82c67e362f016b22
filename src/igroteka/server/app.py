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
from collections.abc import AsyncIterator, Callable, Sequence
from importlib import resources
from typing import Annotated, Any, TypeVar

from fastapi import FastAPI, Path, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, BeforeValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from igroteka.engine.record import GameRecord
from igroteka.games import entry, game_names
from igroteka.guides import has_guide, steps
from igroteka.i18n import LANGUAGES, Text, negotiate
from igroteka.server.cluster import NO_REDIS, Cluster
from igroteka.server.committer import Committer
from igroteka.server.errors import STATUS, RoomError, TooMany, refused_for, status
from igroteka.server.frames import printable, scrub, surrogate_at
from igroteka.server.guard import PAGE_HEADERS, install, origin_of
from igroteka.server.images import MAX_BYTES, clean, is_image_id, new_id, too_large
from igroteka.server.invites import MAX_LINK, here_only, invite_base, invite_qr
from igroteka.server.limits import FRAME_BYTES, Guard
from igroteka.server.pacing import Settings
from igroteka.server.people import move_link, qr_svg
from igroteka.server.readiness import (
    LexiconIndexes,
    NotBeforeReady,
    Readiness,
    WordIndexes,
    build_missing,
    word_languages,
)
from igroteka.server.rooms import NEXT, Rooms
from igroteka.server.sockets import ServerSend, serve_socket
from igroteka.server.tunnel import Tunnel, TunnelMiddleware
from igroteka.server.workers import Workers
from igroteka.store import Store, StoredImage, StoreError

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


MAX_SEATS = 64
"""The most seats a request may name (each game allows far fewer, and says so)."""
MAX_STEP = 1_000_000
"""The furthest replay step a request may name."""
MAX_SEED = 2**53 - 1
"""The largest seed: one every JSON reader holds exactly (a JavaScript number; a bound of
2**63 - 1 became a float on the way through JSON Schema tools), and well inside the store's
signed 64-bit column. The seeds the server draws have 48 bits."""


def _json_number(value: Any) -> Any:
    """A whole number as JSON has it: a number (``2`` or ``2.0``), never ``true`` nor ``"2"``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


Whole = Annotated[int, BeforeValidator(_json_number)]


class Body(BaseModel):
    """A request's JSON body. No string in it, a key included, may hold a lone surrogate
    (``"\\ud800"``): it could never be stored nor said back as UTF-8."""

    @model_validator(mode="before")
    @classmethod
    def unicode_only(cls, data: Any) -> Any:
        where = surrogate_at(data)
        if where is not None:
            raise PydanticCustomError(
                "lone_surrogate", "a lone surrogate in {field}", {"field": where}
            )
        return data


class NewRoom(Body):
    game: str = Field(description="the game's name, as GET /api/games lists them")
    players: Whole = Field(ge=1, le=MAX_SEATS, description="how many seats")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seed: Annotated[int, Field(ge=0, le=MAX_SEED), BeforeValidator(_json_number)] | None = Field(
        default=None,
        description="a chosen seed: refused unless the server allows them (serve --chosen-seeds)",
    )
    turn_timer: Annotated[int, Field(ge=1, le=3600), BeforeValidator(_json_number)] | None = Field(
        default=None, description="seconds a player has for each action, then a bot plays it"
    )
    private: bool = Field(
        default=False,
        description="reachable only by its link: not listed by GET /api/rooms",
    )


class TakeSeat(Body):
    name: str = Field(description="the player's name, as the others will see it")
    avatar: str = Field(
        default="", description="one of the room's `avatars` (empty: the seat's default)"
    )


class HeldSeat(Body):
    token: str = Field(default="", description="the seat's token")


class Rematch(Body):
    token: str = Field(
        default="", description="a seat's token of the finished game, or its creator token"
    )


class ClaimSeat(Body):
    code: str = Field(description="the one-time code POST …/move answered the seat's holder")


class BotSeat(Body):
    level: str = Field(description="one of the game's bot levels")
    token: str = Field(default="", description="the room's creator token")


class Start(Body):
    token: str = Field(default="", description="the room's creator token")


class NewOptions(Body):
    token: str = Field(default="", description="the room's creator token")
    options: dict[str, Any] = Field(description="the game's options, as when the room was made")


class LeaveSeat(Body):
    token: str = Field(
        default="",
        description="the seat's token (leave it), or the room's creator token (free it)",
    )


class Refusal(BaseModel):
    """A refused request: nothing changed."""

    error: str = Field(description="the refusal's code (docs/protocol.md lists them)")
    reason: str = Field(description="why, in the language of Accept-Language")


def refusals(*codes: str) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI answers of a route that may refuse with ``codes``: each status once, with
    its codes, in the one :class:`Refusal` schema. Every API route may answer ``starting``
    (503) and ``internal`` (500)."""
    by_status: dict[int, list[str]] = {}
    for code in (*codes, "starting", "internal"):
        by_status.setdefault(STATUS[code], []).append(code)
    return {
        number: {"model": Refusal, "description": "refused: " + ", ".join(found)}
        for number, found in sorted(by_status.items())
    }


ROOM = ("no-room", "gone")
"""The refusals of any route that names a room."""
SEAT = (*ROOM, "bad-request", "no-seat", "taken", "started", "too-many-seat-requests")
"""... and a seat in it."""
FINISHED = (*ROOM, "not-started", "not-over")
"""... and its finished game."""


def _refusals_in(schema: dict[str, Any]) -> None:
    """FastAPI's own 422 of a route with parameters, described as the refusal it is."""
    framework = {"$ref": "#/components/schemas/HTTPValidationError"}
    refusal = {"$ref": "#/components/schemas/Refusal"}
    for operation in (op for path in schema["paths"].values() for op in path.values()):
        answer = operation["responses"].get("422")
        if answer and answer["content"]["application/json"]["schema"] == framework:
            answer["description"] = "refused: bad-request"
            answer["content"]["application/json"]["schema"] = refusal
    for unused in ("HTTPValidationError", "ValidationError"):
        schema["components"]["schemas"].pop(unused, None)


Seat = Annotated[int, Path(ge=0, le=MAX_SEATS - 1, description="the seat, numbered from 0")]
Step = Annotated[int, Path(ge=0, le=MAX_STEP, description="how many actions in")]


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="keep it: it holds the seat, and nobody acts without it")


class MoveCode(BaseModel):
    seat: int
    code: str = Field(description="one-time: the other device claims the seat with it")
    expires: int = Field(description="seconds it lasts")
    link: str | None = Field(description="the link to open there (on the request's Origin)")
    qr: str | None = Field(description="the link as a QR code, an SVG document")


class Invite(BaseModel):
    link: str = Field(
        description="the room's link to hand out: on the server's public address "
        "(serve --public-url), else on the page's own, or on this machine's network address "
        "when only this machine can open the page's (127.0.0.1)"
    )
    qr: str = Field(description="the link as a QR code, an SVG document")
    here_only: bool = Field(
        description="only this machine can open the link (localhost, 127.x, ::1): nobody "
        "else can join by it"
    )


class OpenRoom(BaseModel):
    id: str
    game: str
    players: int = Field(description="how many seats")
    taken: int = Field(description="how many are held (a person or a bot)")
    age: int = Field(description="seconds since it was made")
    turn_timer: int | None
    invite: str


def game_listing(name: str) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it: its declaration, its seats and its defaults."""
    found = entry(name)
    return {
        **found.declaration.to_json(),
        "min_players": found.game.min_players,
        "max_players": found.game.max_players,
        "defaults": found.game.parse_options({}),
        "guide": has_guide(name),
    }


def _options_description() -> str:
    """The OpenAPI description of a room's options: every game's, from its declaration."""
    lines = ["The game's options (GET /api/games lists them). By game:"]
    for name in game_names():
        declared = entry(name).declaration
        fields = []
        for option in declared.options:
            if option.kind == "number":
                fields.append(f"{option.key} ({option.low}–{option.high}, {option.default})")
            elif option.kind == "choice":
                values = "|".join(c.value for c in option.choices) + (
                    "|seat" if option.seat else ""
                )
                fields.append(f"{option.key} ({values}, {option.default})")
            else:
                fields.append(f"{option.key} ({option.kind})")
        lines.append(f"{name}: {', '.join(fields) or 'none'}")
    return "\n".join(lines)


def _console(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def create_app(
    store_url: str,
    settings: Settings | None = None,
    *,
    indexes: WordIndexes | None = None,
    say: Callable[[str], None] = _console,
    workers: Workers | None = None,
    synchronous: str = "FULL",
    redis: str | None = None,
) -> FastAPI:
    """The ASGI app over a store; the rooms in it come back as they were.

    It answers at once, but is ready (``/healthz`` 200, the API open) only once
    every missing word index is built (``indexes``: the lexicon's, in its cache
    directory) and every stored room is loaded; both happen in a thread, and
    ``say`` writes the progress of what takes long (the console). The rules and
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
    rooms = Rooms(store, settings, workers, committer, cluster)
    guard = Guard(settings.limits)
    readiness = Readiness()

    async def prepare() -> None:
        """Build the word indexes, then load the rooms: off the event loop."""
        try:
            found = indexes if indexes is not None else LexiconIndexes()
            await asyncio.to_thread(build_missing, found, word_languages(), readiness, say)
            await asyncio.to_thread(store.mark_finished_idle, time.time())
            readiness.done()
            await rooms.adopt()  # the games that go on: their bots and timers go on too
        except Exception as error:  # the server answers why it will not be ready
            readiness.fail(f"{type(error).__name__}: {error}")
            traceback.print_exc(file=sys.stderr)
            return
        await rooms.keep_sweeping()  # rooms nobody uses expire (limits.py Expiry)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start()
        preparing = asyncio.create_task(prepare())
        yield
        preparing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await preparing
        try:
            await rooms.close()
            await committer.close()
            if cluster is not None:  # its rooms' leases let go: the others take them at once
                await cluster.close()
        finally:
            workers.close(wait=True)
            store.close()

    app = FastAPI(title="Igroteka", version="0.1.0", lifespan=lifespan)
    app.state.rooms = rooms
    app.state.readiness = readiness
    app.state.guard = guard
    app.add_middleware(ServerSend)

    app.add_middleware(NotBeforeReady, readiness=readiness)

    def openapi() -> dict[str, Any]:
        """The API's description, with every registered game's options from its declaration."""
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            fields = schema["components"]["schemas"]["NewRoom"]["properties"]
            fields["options"]["description"] = _options_description()
            fields["game"]["enum"] = list(game_names())
            levels = (level for name in game_names() for level in entry(name).bot_levels)
            bot = schema["components"]["schemas"]["BotSeat"]["properties"]["level"]
            bot["enum"] = list(dict.fromkeys(levels))
            _refusals_in(schema)
            schema["x-games"] = [game_listing(name) for name in game_names()]
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

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
            refused_for(error.code, error.reason, lang), status(error.code), headers=headers
        )

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        """A request that does not fit the API: the first problem, said for a person."""
        lang = negotiate(request.headers.get("accept-language"))
        answer = refused_for("bad-request", _invalid(error.errors()), lang)
        return JSONResponse({**answer, "detail": _detail(error.errors())}, 422)

    # a page at the public address may play here even when a proxy changes the Host
    public = (settings.public_url,) if settings.public_url else ()
    install(app, (*settings.origins, *public))
    if cluster is not None:  # the outermost: a room held elsewhere is carried there
        app.add_middleware(TunnelMiddleware, tunnel=Tunnel(cluster, app))

    web = resources.files("igroteka").joinpath("web")
    page = web.joinpath("index.html").read_text("utf-8")
    app.mount("/static", StaticFiles(directory=str(web)), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return HTMLResponse(page, headers=PAGE_HEADERS)

    @app.get("/r/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> HTMLResponse:
        """The invite link: the client finds the room itself."""
        return HTMLResponse(page, headers=PAGE_HEADERS)

    @app.get("/healthz", response_model=None)
    async def healthz(request: Request) -> dict[str, bool] | JSONResponse:
        """200 once the server is ready: every missing word index built, every stored room
        loaded; until then 503, with what it is doing (or why it cannot start)."""
        reason, code = readiness.reason, readiness.code
        if reason is None and cluster is not None and not cluster.answers:
            reason, code = NO_REDIS, "no-redis"
        if reason is None:
            return {"ok": True}
        lang = negotiate(request.headers.get("accept-language"))
        return JSONResponse({"ok": False, **refused_for(code, reason, lang)}, 503)

    @app.get("/api/games", responses=refusals())
    async def games() -> list[dict[str, Any]]:
        """The games as they are declared: titles, summary, seats, bot levels, options."""
        return [game_listing(name) for name in game_names()]

    @app.get("/api/games/{name}/guide", responses=refusals("no-guide"))
    async def game_guide(name: str, request: Request, lang: str = "") -> dict[str, Any]:
        """How to play a game: its illustrated steps (content/<game>/guide.json), in ``lang``
        (en, uk, ru), else in the language the request accepts."""
        if name not in game_names() or not has_guide(name):
            raise RoomError(Text("there is no guide to ‘{name}’", name=name[:40]), "no-guide")
        chosen = lang if lang in LANGUAGES else negotiate(request.headers.get("accept-language"))
        return {"game": name, "lang": chosen, "steps": list(steps(name, chosen))}

    @app.post(
        "/api/rooms",
        status_code=201,
        responses=refusals("options", "seed", "bad-request", "too-many-rooms"),
    )
    async def create_room(body: NewRoom, request: Request) -> dict[str, Any]:
        """A room for a game; its invite link is ``/r/{id}``.

        Off the event loop: the options are checked by starting a game with them, and a deck
        typed in the lobby (up to 1 MB) takes its time to read."""
        guard.room_from(address(request))
        room, creator = await asyncio.to_thread(
            rooms.create,
            body.game,
            body.options,
            body.players,
            body.seed,
            body.turn_timer,
            body.private,
        )
        await rooms.leases.take(room.id)
        return {**room.public(), "invite": f"/r/{room.id}", "creator": creator}

    @app.get("/api/rooms", responses=refusals())
    async def open_rooms() -> list[OpenRoom]:
        """The rooms anyone may join, newest first (at most 50): not private, not started,
        with a seat open. No name and no token: a room's people are seen once in it."""
        return [OpenRoom(**listed) for listed in await rooms.open_rooms()]

    async def stored(call: Callable[..., _T], *args: Any) -> _T:
        """A call of the store, in a thread unless every user shares its one connection."""
        if store.shared_connection:
            return call(*args)
        return await asyncio.to_thread(call, *args)

    binary = {"schema": {"type": "string", "format": "binary"}}
    picture_body = {
        "requestBody": {
            "required": True,
            "description": "the picture's file itself (not a form)",
            "content": {kind: binary for kind in ("image/png", "image/jpeg", "image/webp")},
        }
    }

    @app.post(
        "/api/images",
        status_code=201,
        openapi_extra=picture_body,
        responses=refusals(
            "too-large", "too-many-pixels", "not-image", "bad-image", "too-many-uploads"
        ),
    )
    async def upload_image(request: Request) -> dict[str, Any]:
        """Keep a picture for an own deck: the request's body is the file (PNG, JPEG or WebP,
        at most 2 MB and 25 million pixels). It is drawn again as WebP of at most 512 pixels
        a side, with nothing of the file but its pixels; the answer is its unguessable
        ``id`` and its ``url``. A deck names the picture by its id."""
        guard.upload_from(address(request))
        length = request.headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BYTES:
            raise too_large()
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BYTES:
                raise too_large()
        picture = await asyncio.to_thread(clean, bytes(data))
        image = StoredImage(new_id(), picture.media_type, picture.data)
        await stored(store.add_image, image, time.time())
        return {
            "id": image.id,
            "url": f"/api/images/{image.id}",
            "width": picture.width,
            "height": picture.height,
        }

    webp = {"content": {"image/webp": binary}, "description": "the picture"}

    @app.get("/api/images/{image_id}", responses={200: webp, **refusals("no-image")})
    async def get_image(image_id: str) -> Response:
        """An uploaded picture (WebP), for whoever has its id; it never changes."""
        found = await stored(store.image, image_id) if is_image_id(image_id) else None
        if found is None:
            raise RoomError(Text("there is no such picture"), "no-image")
        headers = {
            "Cache-Control": "public, max-age=31536000, immutable",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'",
        }
        return Response(found.data, media_type=found.media_type, headers=headers)

    @app.get("/api/rooms/{room_id}", responses=refusals(*ROOM))
    async def get_room(room_id: str) -> dict[str, Any]:
        return (await rooms.find(room_id)).public()

    @app.post("/api/rooms/{room_id}/seats/{seat}", responses=refusals(*SEAT, "no-name"))
    async def take_seat(room_id: str, seat: Seat, body: TakeSeat, request: Request) -> SeatToken:
        """Take an open seat (seats are numbered from 0)."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        return SeatToken(seat=seat, token=room.take_seat(seat, body.name, body.avatar))

    @app.post(
        "/api/rooms/{room_id}/seats/{seat}/move",
        responses=refusals(*ROOM, "bad-request", "bad-token", "too-many-seat-requests"),
    )
    async def move_seat(room_id: str, seat: Seat, body: HeldSeat, request: Request) -> MoveCode:
        """A seat's holder asks for a one-time code that moves the seat to another device
        (it lasts 10 minutes; a new one replaces it). The link the page shows carries it in
        its fragment (``/r/{id}#move=…``), which a browser never sends to a server."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        code = room.move_code(seat, body.token)
        origin = request.headers.get("origin")
        base = invite_base(origin, settings.public_url, settings.addresses) if origin else None
        link = move_link(base or settings.public_url, room.id, seat, code)
        qr = await asyncio.to_thread(qr_svg, link) if link else None
        return MoveCode(seat=seat, code=code, expires=round(room.moves.lasts), link=link, qr=qr)

    @app.get("/api/rooms/{room_id}/invite", responses=refusals(*ROOM, "bad-request"))
    async def invite(
        room_id: str,
        request: Request,
        origin: Annotated[
            str, Query(max_length=200, description="the page's own origin (location.origin)")
        ] = "",
    ) -> Invite:
        """The room's invite link, its QR code, and whether only this machine can open it.
        The link is on the server's public address (``serve --public-url``); else on the
        page's own, unless only this machine can open that one (127.0.0.1), and the server
        listens on its networks (``serve --host 0.0.0.0``): then on this machine's address
        there."""
        room = await rooms.find(room_id)
        # an origin that is none (or none given): the address this request came to
        page = origin_of(origin) or str(request.base_url)
        base = invite_base(page, settings.public_url, settings.addresses)
        link = f"{base or ''}/r/{room.id}"
        if len(link) > MAX_LINK:  # a Host header of hundreds of characters
            raise RoomError(Text("this address is too long for an invite link"), "bad-request")
        qr = await asyncio.to_thread(invite_qr, link)  # made once per link, off the loop
        return Invite(link=link, qr=qr, here_only=here_only(link))

    @app.post(
        "/api/rooms/{room_id}/seats/{seat}/claim",
        responses=refusals(*ROOM, "bad-request", "no-seat", "bad-code", "too-many-seat-requests"),
    )
    async def claim_seat(room_id: str, seat: Seat, body: ClaimSeat, request: Request) -> SeatToken:
        """Another device claims a seat with its one-time code: a fresh token holds the seat,
        and the token before holds nothing (its pages are told: ``bad-token``)."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        return SeatToken(seat=seat, token=room.claim(seat, body.code))

    @app.post(
        "/api/rooms/{room_id}/rematch",
        status_code=201,
        responses=refusals(*ROOM, "bad-request", "bad-token", "not-over", "too-many-rooms"),
    )
    async def rematch(room_id: str, body: Rematch, request: Request) -> dict[str, Any]:
        """A finished game's rematch: the same game, options and seats. The first player to
        ask makes it (and is answered its creator token); the room's JSON says ``next``."""
        old = await rooms.find(room_id)
        if not old.stored.settings.get(NEXT):
            guard.room_from(address(request))
        room, creator = await rooms.rematch(old, body.token)
        made = {**room.public(), "invite": f"/r/{room.id}"}
        return {**made, "creator": creator} if creator else made

    @app.post(
        "/api/rooms/{room_id}/seats/{seat}/rematch",
        responses=refusals(*ROOM, "bad-request", "no-seat", "bad-token", "too-many-seat-requests"),
    )
    async def claim_rematch(
        room_id: str, seat: Seat, body: HeldSeat, request: Request
    ) -> SeatToken:
        """A player of the game before takes their seat of its rematch with the token of
        their seat then: a fresh token (once)."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        return SeatToken(seat=seat, token=room.claim_rematch(seat, body.token))

    @app.post(
        "/api/rooms/{room_id}/seats/{seat}/bot", responses=refusals(*SEAT, "level", "not-creator")
    )
    async def bot_seat(room_id: str, seat: Seat, body: BotSeat, request: Request) -> dict[str, Any]:
        """The room's creator gives an open seat (or a bot's) to a bot of a level."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        room.set_bot(seat, body.level, body.token)
        return room.public()

    @app.post(
        "/api/rooms/{room_id}/seats/{seat}/leave",
        responses=refusals(*SEAT, "not-held", "present", "not-creator"),
    )
    async def leave_seat(
        room_id: str, seat: Seat, body: LeaveSeat, request: Request
    ) -> dict[str, Any]:
        """Before the start: a person leaves their seat (its token), or the creator frees a
        seat (a bot's, or a person's who has no connection now)."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        room.free_seat(seat, body.token)
        return room.public()

    @app.post(
        "/api/rooms/{room_id}/options",
        responses=refusals(*ROOM, "bad-request", "options", "not-creator", "started"),
    )
    async def change_options(room_id: str, body: NewOptions) -> dict[str, Any]:
        """The room's creator changes the options before the start: checked as a new room's
        (off the event loop, as there)."""
        room = await rooms.find(room_id)
        room.check_options(body.token)
        parsed = await asyncio.to_thread(
            rooms.checked_options, room.entry, body.options, room.stored.players
        )
        room.set_options(body.token, parsed, body.options)
        return room.public()

    @app.post(
        "/api/rooms/{room_id}/start",
        responses=refusals(*ROOM, "bad-request", "not-creator", "started", "open-seats"),
    )
    async def start(room_id: str, body: Start) -> dict[str, Any]:
        """The room's creator starts the game once every seat is held (a person or a bot)."""
        room = await rooms.find(room_id)
        room.start(body.token)
        return room.public()

    @app.get(
        "/api/rooms/{room_id}/record",
        responses={200: {"description": "the record (JSON)"}, **refusals(*FINISHED)},
    )
    async def record(room_id: str) -> Response:
        """The game record as JSON, as ``igroteka replay`` reads it (once the game is over;
        kept after its room has been removed from the store)."""
        text = await rooms.record_kept(room_id)
        if text is None:
            room = await rooms.find(room_id)
            text = GameRecord.to_json(room.record())
        headers = {"Content-Disposition": f'attachment; filename="igroteka-{room_id}.json"'}
        return Response(text, media_type="application/json", headers=headers)

    @app.get(
        "/api/rooms/{room_id}/replay/{step}",
        responses=refusals(*FINISHED, "bad-request", "no-step"),
    )
    async def replay_step(room_id: str, step: Step, request: Request) -> dict[str, Any]:
        """A finished game step by step: the spectator's view after ``step`` actions, the
        step's sentences (``log``) and the ``banner`` then, in the language of
        Accept-Language."""
        lang = negotiate(request.headers.get("accept-language"))
        return await (await rooms.find(room_id)).replay_step(step, lang)

    @app.get("/r/{room_id}/replay", include_in_schema=False)
    async def replay_page(room_id: str) -> HTMLResponse:
        return HTMLResponse(page)

    @app.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str) -> None:
        """A player's or a spectator's websocket: the token comes in its first message."""
        await serve_socket(websocket, rooms, readiness, guard, room_id)

    return app


def address(request: Request) -> str:
    """Whose request it is, for the per-address limits: the client's host (behind a proxy,
    the proxy's, unless uvicorn is told to trust its X-Forwarded-For: see limits.py)."""
    return request.client.host if request.client else ""


def _invalid(errors: Sequence[Any]) -> Text:
    """What is wrong with a request FastAPI could not read, from the first of its errors."""
    first = errors[0] if errors else {}
    kind = str(first.get("type", ""))
    bounds = first.get("ctx") or {}
    field = ".".join(str(part) for part in first.get("loc", ())[1:])
    if kind == "json_invalid":
        return Text("the request is not valid JSON")
    if kind == "lone_surrogate":
        return _surrogate(bounds.get("field"))
    if not field:
        return Text("the request must be a JSON object")
    if kind == "greater_than_equal":
        return Text("‘{field}’ must be at least {low}", field=field, low=bounds.get("ge"))
    if kind == "less_than_equal":
        return Text("‘{field}’ must be at most {high}", field=field, high=bounds.get("le"))
    if kind == "missing":
        return Text("‘{field}’ is missing", field=field)
    if kind.startswith("int_"):
        return Text("‘{field}’ must be a whole number", field=field)
    if kind.startswith("string_"):
        return Text("‘{field}’ must be text", field=field)
    if kind.startswith(("dict_", "model_")):
        return Text("‘{field}’ must be a JSON object", field=field)
    return Text("‘{field}’ is not valid here", field=field)


def _surrogate(where: Any) -> Text:
    """A body with a lone surrogate: where it is, when that can be quoted back."""
    field = printable(where, 64) if where else None
    if field is None:
        return Text("the request holds a lone surrogate: its text must be Unicode")
    return Text("‘{field}’ holds a lone surrogate: its text must be Unicode", field=field)


def _detail(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """FastAPI's errors, fit to be sent back: without the input they quote (a body of up to
    megabytes, or a lone surrogate that cannot be written as UTF-8)."""
    cleaned = [{k: v for k, v in error.items() if k != "input"} for error in errors]
    return list(scrub(jsonable_encoder(cleaned)))
