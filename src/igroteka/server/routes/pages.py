"""The pages: the lobby, a room's (its invite link) and a finished game's replay. Their
headers (a Content-Security-Policy) are the edge's, for every HTML answer (guard.py)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from igroteka.server.routes.served import Served

__all__ = ["router"]


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    page = served.page
    api = APIRouter()

    @api.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return HTMLResponse(page)

    @api.get("/r/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> HTMLResponse:
        """The invite link: the client finds the room itself."""
        return HTMLResponse(page)

    @api.get("/r/{room_id}/replay", include_in_schema=False)
    async def replay_page(room_id: str) -> HTMLResponse:
        return HTMLResponse(page)

    return api
