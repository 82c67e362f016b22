"""Pictures for a teacher's own deck: kept once uploaded, given to whoever has the id."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import Response

from igroteka.i18n import Text
from igroteka.server.api import address, refusals
from igroteka.server.errors import RoomError
from igroteka.server.images import MAX_BYTES, clean, is_image_id, new_id, too_large
from igroteka.server.routes.served import Served
from igroteka.store import StoredImage

_T = TypeVar("_T")

__all__ = ["router"]

_BINARY = {"schema": {"type": "string", "format": "binary"}}
_PICTURE_BODY = {
    "requestBody": {
        "required": True,
        "description": "the picture's file itself (not a form)",
        "content": {kind: _BINARY for kind in ("image/png", "image/jpeg", "image/webp")},
    }
}
"""The upload's body in the API's description: the file itself, of a kind a page sends."""
_WEBP = {"content": {"image/webp": _BINARY}, "description": "the picture"}


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    store, guard = served.store, served.guard
    api = APIRouter()

    async def stored(call: Callable[..., _T], *args: Any) -> _T:
        """A call of the store, in a thread unless every user shares its one connection."""
        if store.shared_connection:
            return call(*args)
        return await asyncio.to_thread(call, *args)

    @api.post(
        "/api/images",
        status_code=201,
        openapi_extra=_PICTURE_BODY,
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

    @api.get("/api/images/{image_id}", responses={200: _WEBP, **refusals("no-image")})
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

    return api
