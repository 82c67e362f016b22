"""The websocket of a player or a spectator: who it is, what it hears, what it says.

A connection opens at ``/ws/{room}`` and says who it is in its first message,
a join (``{"type": "join", "token": …, "lang": "uk"}``), never in the address:
an address is written in the server's access log and in any proxy's. One
connection per socket (:class:`~igroteka.server.authority.Connection`): a
writer sends its queued messages in order, and the reader judges every message
the client sends (docs/protocol.md lists them and their refusals).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from fastapi import WebSocket, WebSocketDisconnect
from websockets.exceptions import InvalidState
from websockets.server import ServerProtocol

from igroteka.engine import codec
from igroteka.i18n import LANGUAGES, Text, negotiate, translate
from igroteka.server.authority import Connection
from igroteka.server.errors import RoomError, refused_for, status
from igroteka.server.frames import MAX_MESSAGE, decode, printable
from igroteka.server.limits import BEHIND, TOO_FAST, TOO_MANY, Guard, MessageRate, too_fast
from igroteka.server.readiness import Readiness
from igroteka.server.rooms import LiveRoom, Rooms

__all__ = ["CLOSE", "MAX_MESSAGE", "SERVER_SEND", "Join", "ServerSend", "read_join", "serve_socket"]

CLOSE = {400: 4400, 404: 4404, 408: 4408, 410: 4404, 429: TOO_MANY, 503: 4503}
"""The close code of a connection refused before its welcome, by the HTTP status of the
refusal's code (:data:`~igroteka.server.errors.STATUS`); 4403 for any other."""


class Join(NamedTuple):
    """Who a connection says it is: a seat's token (None: a spectator), and its language."""

    token: str | None
    lang: str | None


async def serve_socket(
    websocket: WebSocket, rooms: Rooms, readiness: Readiness, guard: Guard, room_id: str
) -> None:
    """A connection from its join to its end: refused with a code, or played."""
    _small_buffers(websocket)
    await websocket.accept()
    query = websocket.query_params  # an old client's ``?lang=`` says why it is refused
    spoken = negotiate(query.get("lang") or websocket.headers.get("accept-language"))
    address = websocket.client.host if websocket.client else ""
    try:
        guard.socket_from(address)  # counted before its join: a silent socket counts too
    except RoomError as error:
        await _refuse(websocket, error, spoken)
        return
    try:
        await _joined(websocket, rooms, readiness, room_id, spoken)
    finally:
        guard.socket_gone(address)


async def _joined(
    websocket: WebSocket, rooms: Rooms, readiness: Readiness, room_id: str, spoken: str
) -> None:
    try:
        join = await _join(websocket, rooms.settings.join)
        spoken = join.lang or spoken
        if readiness.reason is not None:
            raise RoomError(readiness.reason, readiness.code)
        room = await rooms.find(room_id)
        rooms.gate(room.stored.game, room.stored.options)  # its dictionary is ready
        seat = room.seat_of(join.token)
        room.admit(seat)
    except WebSocketDisconnect:  # gone before it joined
        return
    except RoomError as error:
        await _refuse(websocket, error, spoken)
        return
    limits = rooms.settings.limits
    connection = Connection(seat, spoken, limits.queue)
    connection.direct = _direct(websocket, connection, limits.stalled)
    await _play(websocket, room, connection, limits.stalled)


async def _refuse(websocket: WebSocket, error: RoomError, lang: str) -> None:
    """One ``error`` message, and the close code of its refusal (:data:`CLOSE`)."""
    refusal = refused_for(error.code, error.reason, lang, error.details())
    await websocket.send_json({"type": "error", **refusal})
    await websocket.close(code=CLOSE.get(status(error.code), 4403))


async def _play(
    websocket: WebSocket, room: LiveRoom, connection: Connection, stalled: float
) -> None:
    """The connection in its room: a writer and a reader, until the client goes or the
    connection is closed (too far behind, or far over the rate of messages)."""
    room.connect(connection)  # its welcome first
    writer = asyncio.create_task(_write(websocket, connection, stalled))
    reader = asyncio.create_task(_read(websocket, room, connection))
    closing = asyncio.create_task(_closing(connection))
    try:
        await asyncio.wait({writer, reader, closing}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        room.disconnect(connection)
        for task in (writer, reader, closing):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await task
    if connection.closing is not None:  # its close frame, unless its client reads nothing
        with contextlib.suppress(RuntimeError, WebSocketDisconnect, TimeoutError):
            frame = websocket.close(connection.closing, CLOSE_REASONS.get(connection.closing))
            await asyncio.wait_for(frame, GRACE)
        _hush(websocket)


SERVER_SEND = "igroteka.server_send"
"""The scope's key of the ASGI server's own ``send`` (:class:`ServerSend` puts it there)."""
GRACE = 2.0
"""Seconds a connection closed by the server has to read its close frame, then it ends."""


class ServerSend:
    """ASGI middleware that keeps the server's own ``send`` of a websocket in its scope, so
    that :func:`_hush` can reach uvicorn's transport (nothing else is done with it)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope[SERVER_SEND] = send
        await self.app(scope, receive, send)


RECEIVE_BUFFER = 65_536
"""The kernel's receive buffer of a websocket (bytes; Linux keeps twice as much for its
books). Left to grow by itself it reaches megabytes on a client that sends faster than the
server reads (a flooder held to its rate), and the kernel compacting a queue of that many tiny
frames delays every other connection's packets."""
SEND_BUFFER = 65_536
"""The kernel's send buffer of a websocket (bytes, doubled as above). Left to grow by itself
it reaches 4 MB on a client that never reads: twenty such spectators held 73.5 MB of the
host's memory. A view is a few kB, so this is dozens of updates in flight."""
WRITE_BUFFER = 16_384
"""What the server itself holds for a websocket over its kernel's buffer (bytes; asyncio's
own high-water mark is 64 kB) before the socket counts as full: then messages wait in the
connection's queue, and a socket full for :data:`~igroteka.server.limits.STALLED` seconds is
closed."""


def _protocol(websocket: WebSocket) -> Any:
    """uvicorn's protocol object of a connection, reached through the server's own ``send``
    (:class:`ServerSend`), or None under another server."""
    return getattr(websocket.scope.get(SERVER_SEND), "__self__", None)


def _transport(websocket: WebSocket) -> Any:
    """uvicorn's transport of a connection, or None under another server."""
    return getattr(_protocol(websocket), "transport", None)


def _writable(websocket: WebSocket) -> asyncio.Event | None:
    """uvicorn's event of a connection whose socket can take more (cleared while its buffer
    is over its high-water mark), or None under another server."""
    writable = getattr(_protocol(websocket), "writable", None)
    return writable if isinstance(writable, asyncio.Event) else None


async def _drains(writable: asyncio.Event, connection: Connection, stalled: float) -> None:
    """Close the connection (:data:`BEHIND`) unless its socket takes more within ``stalled``
    seconds: its buffers are full of what its client does not read."""
    try:
        await asyncio.wait_for(writable.wait(), stalled)
    except TimeoutError:
        connection.close(BEHIND)


def _direct(
    websocket: WebSocket, connection: Connection, stalled: float
) -> Callable[[str], bool] | None:
    """A writer of a message straight into uvicorn's sans-I/O websocket protocol
    (``ws="websockets-sansio"``), as its own ``send`` writes it, without the ASGI layers
    between: True once written; False, writing nothing, while the socket cannot take it
    (its buffer is over its high-water mark, or it is closing). None under another server,
    whose messages all go through the writer. A message that fills the socket's buffers
    starts the watch of :func:`_drains`."""
    protocol = _protocol(websocket)
    conn = getattr(protocol, "conn", None)
    transport = getattr(protocol, "transport", None)
    writable = _writable(websocket)
    if not isinstance(conn, ServerProtocol) or writable is None or transport is None:
        return None
    watch: set[asyncio.Task[None]] = set()  # held here, or the loop may drop it

    def write(text: str) -> bool:
        if not writable.is_set() or transport.is_closing() or protocol.close_sent:
            return False
        try:
            conn.send_text(text.encode())
        except InvalidState:  # closing: the writer finds it gone
            return False
        transport.write(b"".join(conn.data_to_send()))
        if not writable.is_set() and not watch:
            task = asyncio.get_running_loop().create_task(_drains(writable, connection, stalled))
            watch.add(task)
            task.add_done_callback(watch.discard)
        return True

    return write


def _small_buffers(websocket: WebSocket) -> None:
    """Fix the connection's kernel buffers at :data:`RECEIVE_BUFFER` and :data:`SEND_BUFFER`,
    and the server's own over them at :data:`WRITE_BUFFER` (uvicorn only, as :func:`_hush`;
    under another server this does nothing)."""
    transport = _transport(websocket)
    raw = transport.get_extra_info("socket") if transport is not None else None
    if raw is not None:
        with contextlib.suppress(OSError):
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        transport.set_write_buffer_limits(high=WRITE_BUFFER)


def _hush(websocket: WebSocket) -> None:
    """Read nothing more from a connection the server closed, and end it after
    :data:`GRACE` seconds even if its client reads nothing.

    After its close frame, uvicorn reads (and parses, and throws away) whatever the
    client sends until the client answers the close, for 10 seconds: a flooder's
    backlog of megabytes, which stalls every room. A client that never reads would
    keep its socket open as long as it likes. Only uvicorn's transport is reached
    (through the server's ``send``); under another server this does nothing.
    """
    transport = _transport(websocket)
    if transport is None or not hasattr(transport, "pause_reading"):
        return
    with contextlib.suppress(RuntimeError):
        transport.pause_reading()
    asyncio.get_running_loop().call_later(GRACE, transport.abort)


CLOSE_REASONS = {BEHIND: "too far behind: reconnect", TOO_FAST: "too many messages"}
"""The reason a close frame carries (in English: a close frame has 123 bytes)."""


async def _closing(connection: Connection) -> None:
    """Returns once the connection is to be closed (its queue overflowed, or its reader
    found it far over the rate): the writer may be stuck on a client that reads nothing."""
    await connection.closed.wait()


async def _join(websocket: WebSocket, within: float) -> Join:
    """The connection's join, its first message, sent within ``within`` seconds.

    A token in the address is refused and never used: the address has been written in
    the logs already, and an old client is told why it cannot connect."""
    if "token" in websocket.query_params:
        raise RoomError(
            Text("a token never goes in the address: reload the page to connect again"),
            "token-in-url",
        )
    try:
        message = await asyncio.wait_for(websocket.receive(), within)
    except TimeoutError:
        raise RoomError(
            Text(
                "a connection must say who it is (a join message) "
                "within {seconds} {seconds:second|seconds}",
                seconds=round(within),
            ),
            "no-join",
        ) from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return read_join(message.get("text"))


def read_join(text: str | None) -> Join:
    """A join message read, or refused (``bad-join``, ``bad-lang``); None: not text.

    >>> read_join('{"type": "join", "token": "abc", "lang": "uk"}')
    Join(token='abc', lang='uk')
    >>> read_join('{"type": "join"}')
    Join(token=None, lang=None)
    """
    try:
        message = decode({"text": text})
    except RoomError as refused:  # binary, too long or deep, not JSON, a lone surrogate
        raise RoomError(refused.reason, "bad-join") from None
    if message.get("type") != "join":
        raise RoomError(
            Text("the first message must be a join, with the seat’s token (none: a spectator)"),
            "bad-join",
        )
    token, lang = message.get("token"), message.get("lang")
    if token is not None and not isinstance(token, str):
        raise RoomError(Text("a join’s token must be text, or null for a spectator"), "bad-join")
    if lang is not None and lang not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        raise RoomError(Text("the languages are {choices}", choices=choices), "bad-lang")
    return Join(token or None, lang)


async def _write(websocket: WebSocket, connection: Connection, stalled: float) -> None:
    """Send a connection's messages in order, until the client has gone; close it
    (:data:`BEHIND`) when its socket takes none for ``stalled`` seconds: its buffers are
    full of what its client does not read."""
    writable = _writable(websocket)
    try:
        while (message := await connection.next()) is not None:
            if not isinstance(message, str):  # an update comes encoded once for its seat
                message = codec.message(message)
            await asyncio.wait_for(websocket.send_text(message), stalled)
            connection.sent()
            if writable is not None and not writable.is_set():  # however long till the next
                await _drains(writable, connection, stalled)
    except TimeoutError:
        connection.close(BEHIND)
    except (WebSocketDisconnect, RuntimeError):  # gone: the reader ends the connection
        return


async def _read(websocket: WebSocket, room: LiveRoom, connection: Connection) -> None:
    """Judge every frame the client sends, until it has gone (a clean end, never an error),
    at most at the connection's rate: a message over it is refused (``too-fast``) and the
    next is read only once it would be allowed, so that a flood waits in the client's
    socket, not in the server; a client that goes on is closed (:data:`TOO_FAST`)."""
    limits = room.settings.limits
    rate = MessageRate(limits.message_burst, limits.message_rate, limits.message_strikes)
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        wait = rate.take()
        if wait:
            if rate.over:
                connection.close(TOO_FAST)
                return
            refusal = refused_for("too-fast", too_fast(limits), connection.lang)
            connection.send({"type": "error", **refusal})
            await asyncio.sleep(wait)
            continue
        reply = await _handle(frame, room, connection)
        if reply is not None:
            connection.send(reply)


async def _handle(
    frame: Mapping[str, Any], room: LiveRoom, connection: Connection
) -> dict[str, Any] | None:
    """One frame from a client: the reply to its sender, if any (an accepted action's ``ack``;
    an ``error`` when it is refused, and then nothing changed)."""

    def error(code: str, reason: str) -> dict[str, Any]:
        return {"type": "error", **refused_for(code, reason, connection.lang)}

    try:
        message = decode(frame)  # binary, too long or deep, not JSON, a lone surrogate
    except RoomError as refused:
        return error(refused.code, refused.reason)
    kind = message.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "lang":
        lang = message.get("lang")
        if lang not in LANGUAGES:
            choices = ", ".join(LANGUAGES)
            return error("bad-lang", Text("the languages are {choices}", choices=choices))
        connection.lang = lang
        return room.retold(connection)  # the banner and the log, said again in it
    if kind == "react":
        try:
            room.react(connection.seat, message.get("emoji"))
        except RoomError as refused:
            return error(refused.code, refused.reason)
        return None
    if kind == "action":
        if connection.seat is None:
            return error("spectator", Text("a spectator cannot act: take a seat to play"))
        try:
            return await room.act(
                connection.seat, message.get("action"), message.get("seq"), message.get("id")
            )
        except RoomError as refused:
            return error(refused.code, refused.reason)
    if kind == "check":
        if connection.seat is None:
            return error("spectator", Text("a spectator cannot act: take a seat to play"))
        try:
            answer = await room.check(connection.seat, message.get("action"), message.get("id"))
        except RoomError as refused:
            return error(refused.code, refused.reason)
        if not answer["ok"]:
            answer["reason"] = translate(answer["reason"], connection.lang)
        return answer
    quoted = printable(kind)
    if quoted is None:
        return error("unknown-type", Text("there is no such message type"))
    return error("unknown-type", Text("there is no message type ‘{kind}’", kind=quoted))
