"""A room's seats: taking one, moving it to another device, a rematch's, a bot's, leaving."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from igroteka.server.api import (
    HELD,
    ROOM,
    SEAT,
    BotSeat,
    ClaimSeat,
    HeldSeat,
    LeaveSeat,
    MoveCode,
    Seat,
    SeatToken,
    TakeSeat,
    address,
    refusals,
)
from igroteka.server.invites import invite_base
from igroteka.server.people import move_link, qr_svg
from igroteka.server.routes.served import Served

__all__ = ["router"]


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    rooms, guard, settings = served.rooms, served.guard, served.settings
    api = APIRouter()

    @api.post("/api/rooms/{room_id}/seats/{seat}", responses=refusals(*SEAT, "no-name", "bad-name"))
    async def take_seat(room_id: str, seat: Seat, body: TakeSeat, request: Request) -> SeatToken:
        """Take an open seat (seats are numbered from 0)."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        return SeatToken(seat=seat, token=room.take_seat(seat, body.name, body.avatar))

    @api.post(
        "/api/rooms/{room_id}/seats/{seat}/move",
        responses=refusals(*ROOM, "bad-request", "bad-token", *HELD),
    )
    async def move_seat(room_id: str, seat: Seat, body: HeldSeat, request: Request) -> MoveCode:
        """A seat's holder asks for a one-time code that moves the seat to another device
        (it lasts 10 minutes; a new one replaces it). The link the page shows carries it in
        its fragment (``/r/{id}#move=…``), which a browser never sends to a server."""
        with guard.holding(address(request)):
            room = await rooms.find(room_id)
            code = room.move_code(seat, body.token)
        origin = request.headers.get("origin")
        base = invite_base(origin, settings.public_url, settings.addresses) if origin else None
        link = move_link(base or settings.public_url, room.id, seat, code)
        qr = await asyncio.to_thread(qr_svg, link) if link else None
        return MoveCode(seat=seat, code=code, expires=round(room.moves.lasts), link=link, qr=qr)

    @api.post(
        "/api/rooms/{room_id}/seats/{seat}/claim",
        responses=refusals(*ROOM, "bad-request", "no-seat", "bad-code", "too-many-seat-requests"),
    )
    async def claim_seat(room_id: str, seat: Seat, body: ClaimSeat, request: Request) -> SeatToken:
        """Another device claims a seat with its one-time code: a fresh token holds the seat,
        and the token before holds nothing (its pages are told: ``bad-token``)."""
        guard.seat_from(address(request))
        room = await rooms.find(room_id)
        return SeatToken(seat=seat, token=room.claim(seat, body.code))

    @api.post(
        "/api/rooms/{room_id}/seats/{seat}/rematch",
        responses=refusals(*ROOM, "bad-request", "no-seat", "bad-token", *HELD),
    )
    async def claim_rematch(
        room_id: str, seat: Seat, body: HeldSeat, request: Request
    ) -> SeatToken:
        """A player of the game before takes their seat of its rematch with the token of
        their seat then: a fresh token (once)."""
        with guard.holding(address(request)):
            room = await rooms.find(room_id)
            return SeatToken(seat=seat, token=room.claim_rematch(seat, body.token))

    @api.post(
        "/api/rooms/{room_id}/seats/{seat}/bot",
        responses=refusals(*SEAT, "level", "not-creator"),
    )
    async def bot_seat(room_id: str, seat: Seat, body: BotSeat, request: Request) -> dict[str, Any]:
        """The room's creator gives an open seat (or a bot's) to a bot of a level."""
        with guard.holding(address(request)):
            room = await rooms.find(room_id)
            room.set_bot(seat, body.level, body.token)
        return room.public()

    @api.post(
        "/api/rooms/{room_id}/seats/{seat}/leave",
        responses=refusals(*SEAT, "not-held", "present", "not-creator"),
    )
    async def leave_seat(
        room_id: str, seat: Seat, body: LeaveSeat, request: Request
    ) -> dict[str, Any]:
        """Before the start: a person leaves their seat (its token), or the creator frees a
        seat (a bot's, or a person's who has no connection now)."""
        with guard.holding(address(request)):
            room = await rooms.find(room_id)
            room.free_seat(seat, body.token)
        return room.public()

    return api
