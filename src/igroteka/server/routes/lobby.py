"""The lobby's API: the games, their guides, making a room, the open rooms."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from igroteka.games import game_names
from igroteka.guides import has_guide, steps
from igroteka.i18n import LANGUAGES, Text, negotiate
from igroteka.server.api import WORDS, NewRoom, OpenRoom, address, game_listing, refusals
from igroteka.server.errors import RoomError
from igroteka.server.routes.served import Served

__all__ = ["router"]


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    rooms, guard = served.rooms, served.guard
    api = APIRouter()

    @api.get("/api/games", responses=refusals())
    async def games() -> list[dict[str, Any]]:
        """The games as they are declared: titles, summary, seats, bot levels, options."""
        return [game_listing(name) for name in game_names()]

    @api.get("/api/games/{name}/guide", responses=refusals("no-guide"))
    async def game_guide(name: str, request: Request, lang: str = "") -> dict[str, Any]:
        """How to play a game: its illustrated steps (content/<game>/guide.json), in ``lang``
        (en, uk, ru), else in the language the request accepts."""
        if name not in game_names() or not has_guide(name):
            raise RoomError(Text("there is no guide to ‘{name}’", name=name[:40]), "no-guide")
        chosen = lang if lang in LANGUAGES else negotiate(request.headers.get("accept-language"))
        return {"game": name, "lang": chosen, "steps": list(steps(name, chosen))}

    @api.get("/api/dictionaries", responses=refusals())
    async def dictionaries(request: Request) -> dict[str, Any]:
        """The word games' dictionaries: each language's ``state`` (waiting, preparing,
        ready, failed), its ``progress`` (0 to 1) until it is ready and a ``reason`` in the
        language of Accept-Language; and the games that need one, by the option that
        chooses their language (``by_option``) or by their ``languages``."""
        return served.dictionaries.listing(negotiate(request.headers.get("accept-language")))

    @api.post(
        "/api/rooms",
        status_code=201,
        responses=refusals("options", "seed", "bad-request", "too-many-rooms", *WORDS),
    )
    async def create_room(body: NewRoom, request: Request) -> dict[str, Any]:
        """A room for a game; its invite link is ``/r/{id}``. A word game's waits for the
        dictionary of its language (``preparing``: how far it is)."""
        guard.room_from(address(request))
        room, creator = await rooms.create(
            body.game,
            body.options,
            body.players,
            body.seed,
            body.turn_timer,
            body.private,
        )
        await rooms.leases.take(room.id)
        return {**room.public(), "invite": f"/r/{room.id}", "creator": creator}

    @api.get("/api/rooms", responses=refusals())
    async def open_rooms() -> list[OpenRoom]:
        """The rooms anyone may join, newest first (at most 50): not private, not started,
        with a seat open. No name and no token: a room's people are seen once in it."""
        return [OpenRoom(**listed) for listed in await rooms.open_rooms()]

    return api
