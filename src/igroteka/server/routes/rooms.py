"""A room's API: the room, its invite, its options and start, its rematch, its record and
replay, and the websocket its players and spectators play through."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import Response

from igroteka.engine.record import GameRecord
from igroteka.i18n import Text, negotiate
from igroteka.server.api import (
    FINISHED,
    HELD,
    ROOM,
    Invite,
    NewOptions,
    Rematch,
    Start,
    Step,
    address,
    refusals,
)
from igroteka.server.errors import RoomError
from igroteka.server.guard import origin_of
from igroteka.server.invites import MAX_LINK, here_only, invite_base, invite_qr
from igroteka.server.routes.served import Served
from igroteka.server.sockets import serve_socket

__all__ = ["router"]


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    rooms, guard, settings, readiness = (
        served.rooms,
        served.guard,
        served.settings,
        served.readiness,
    )
    api = APIRouter()

    @api.get("/api/rooms/{room_id}", responses=refusals(*ROOM))
    async def get_room(room_id: str) -> dict[str, Any]:
        return (await rooms.find(room_id)).public()

    @api.get("/api/rooms/{room_id}/invite", responses=refusals(*ROOM, "bad-request"))
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

    @api.post(
        "/api/rooms/{room_id}/rematch",
        status_code=201,
        responses=refusals(*ROOM, "bad-request", "bad-token", "not-over", "too-many-rooms", *HELD),
    )
    async def rematch(room_id: str, body: Rematch, request: Request) -> dict[str, Any]:
        """A finished game's rematch: the same game, options and seats. The first player to
        ask makes it (and is answered its creator token); the room's JSON says ``next``."""
        with guard.holding(address(request)):
            guard.rematch_from(address(request))
            old = await rooms.find(room_id)
            room, creator = await rooms.rematch(old, body.token)
        made = {**room.public(), "invite": f"/r/{room.id}"}
        return {**made, "creator": creator} if creator else made

    @api.post(
        "/api/rooms/{room_id}/options",
        responses=refusals(*ROOM, "bad-request", "options", "not-creator", "started", *HELD),
    )
    async def change_options(room_id: str, body: NewOptions, request: Request) -> dict[str, Any]:
        """The room's creator changes the options before the start: checked as a new room's
        (off the event loop, as there)."""
        with guard.holding(address(request)):
            room = await rooms.find(room_id)
            room.check_options(body.token)
        parsed = await asyncio.to_thread(
            rooms.checked_options, room.entry, body.options, room.stored.players
        )
        room.set_options(body.token, parsed, body.options)
        return room.public()

    @api.post(
        "/api/rooms/{room_id}/start",
        responses=refusals(*ROOM, "bad-request", "not-creator", "started", "open-seats", *HELD),
    )
    async def start(room_id: str, body: Start, request: Request) -> dict[str, Any]:
        """The room's creator starts the game once every seat is held (a person or a bot),
        and the dictionary of its language is ready (``preparing``: how far it is)."""
        with guard.holding(address(request)):
            room = await rooms.find(room_id)
            rooms.gate(room.stored.game, room.stored.options)
            room.start(body.token)
        return room.public()

    @api.get(
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

    @api.get(
        "/api/rooms/{room_id}/replay/{step}",
        responses=refusals(*FINISHED, "bad-request", "no-step"),
    )
    async def replay_step(room_id: str, step: Step, request: Request) -> dict[str, Any]:
        """A finished game step by step: the spectator's view after ``step`` actions, the
        step's sentences (``log``) and the ``banner`` then, in the language of
        Accept-Language."""
        lang = negotiate(request.headers.get("accept-language"))
        return await (await rooms.find(room_id)).replay_step(step, lang)

    @api.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str) -> None:
        """A player's or a spectator's websocket: the token comes in its first message."""
        await serve_socket(websocket, rooms, readiness, guard, room_id)

    return api
