"""Whether the server is ready: ``/healthz``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from igroteka.i18n import negotiate
from igroteka.server.cluster import NO_REDIS
from igroteka.server.errors import refused_for
from igroteka.server.routes.served import Served

__all__ = ["router"]


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    readiness, cluster, dictionaries = served.readiness, served.cluster, served.dictionaries
    api = APIRouter()

    @api.get("/healthz", response_model=None)
    async def healthz(request: Request) -> dict[str, Any] | JSONResponse:
        """200 once the server serves (a moment after its start), with the dictionaries
        still prepared (``preparing``: their progress by language) and those that cannot be
        (``failed``: why): the games of no words are served meanwhile. 503 while the whole
        server cannot serve, with why (it is starting, it could not, Redis does not answer)."""
        reason, code = readiness.reason, readiness.code
        if reason is None and cluster is not None and not cluster.answers:
            reason, code = NO_REDIS, "no-redis"
        lang = negotiate(request.headers.get("accept-language"))
        if reason is None:
            return {"ok": True, **dictionaries.health(lang)}
        return JSONResponse({"ok": False, **refused_for(code, reason, lang)}, 503)

    return api
