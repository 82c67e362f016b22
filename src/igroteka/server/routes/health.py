"""Whether the server is ready: ``/healthz``."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from igroteka.i18n import negotiate
from igroteka.server.cluster import NO_REDIS
from igroteka.server.errors import refused_for
from igroteka.server.routes.served import Served

__all__ = ["router"]


def router(served: Served) -> APIRouter:
    """The routes, over the server's parts."""
    readiness, cluster = served.readiness, served.cluster
    api = APIRouter()

    @api.get("/healthz", response_model=None)
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

    return api
