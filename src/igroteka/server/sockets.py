"""The websocket of a player or a spectator: who it is, what it hears, what it says.

One connection per socket (:class:`~igroteka.server.authority.Connection`):
a writer sends its queued messages in order, and the reader judges every
message the client sends (docs/protocol.md lists them and their refusals).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from igroteka.i18n import LANGUAGES, Text, negotiate
from igroteka.server.authority import Connection
from igroteka.server.errors import RoomError, refused_for, status
from igroteka.server.readiness import Readiness
from igroteka.server.rooms import LiveRoom, Rooms

__all__ = ["MAX_MESSAGE", "serve_socket"]

MAX_MESSAGE = 16_384
"""The largest websocket message a client may send (characters)."""


async def serve_socket(
    websocket: WebSocket,
    rooms: Rooms,
    readiness: Readiness,
    room_id: str,
    token: str | None,
    lang: str | None,
) -> None:
    """A connection from its handshake to its end: refused with a code, or played."""
    await websocket.accept()
    spoken = negotiate(lang or websocket.headers.get("accept-language"))
    try:
        if readiness.reason is not None:
            raise RoomError(readiness.reason, readiness.code)
        room = await rooms.find(room_id)
        seat = room.seat_of(token)
    except RoomError as error:
        await websocket.send_json(
            {"type": "error", **refused_for(error.code, error.reason, spoken)}
        )
        codes = {404: 4404, 503: 4503}
        await websocket.close(code=codes.get(status(error.code), 4403))
        return
    connection = Connection(seat, spoken)
    connection.send(room.welcome(connection))
    room.connect(connection)
    writer = asyncio.create_task(_write(websocket, connection))
    try:
        await _read(websocket, room, connection)
    except WebSocketDisconnect:
        pass
    finally:
        room.disconnect(connection)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send a connection's messages in order, until the client has gone."""
    try:
        while True:
            message = await connection.queue.get()
            if not isinstance(message, str):  # an update comes encoded once for its seat
                message = json.dumps(message, ensure_ascii=False)
            await websocket.send_text(message)
    except (WebSocketDisconnect, RuntimeError):  # gone: the reader ends the connection
        return


async def _read(websocket: WebSocket, room: LiveRoom, connection: Connection) -> None:
    while True:
        text = await websocket.receive_text()
        reply = await _handle(text, room, connection)
        if reply is not None:
            connection.send(reply)


async def _handle(text: str, room: LiveRoom, connection: Connection) -> dict[str, Any] | None:
    """One message from a client: the reply to its sender, if any (an accepted action's ``ack``;
    an ``error`` when it is refused, and then nothing changed)."""

    def error(code: str, reason: str) -> dict[str, Any]:
        return {"type": "error", **refused_for(code, reason, connection.lang)}

    if len(text) > MAX_MESSAGE:
        return error(
            "too-large", Text("a message is at most {count} characters", count=MAX_MESSAGE)
        )
    try:
        message = json.loads(text)
    except ValueError:
        return error("bad-json", Text("a message must be JSON"))
    if not isinstance(message, dict):
        return error("bad-message", Text("a message must be a JSON object"))
    kind = message.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "lang":
        lang = message.get("lang")
        if lang not in LANGUAGES:
            choices = ", ".join(LANGUAGES)
            return error("bad-lang", Text("the languages are {choices}", choices=choices))
        connection.lang = lang
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
    return error("unknown-type", Text("there is no message type ‘{kind}’", kind=str(kind)[:32]))
