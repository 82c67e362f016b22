"""The server's edge: the headers of every answer, the Origin of every websocket, and the
refusals of what no route answers.

    app.add_middleware(Guard, origins=("https://games.example.org",))

Every HTTP answer says ``nosniff``, may not be framed, sends the referrer only
to this server, and has a Content-Security-Policy: every HTML answer the pages'
(:data:`PAGE_POLICY`: scripts, styles and fonts from this server only, pictures
from it or ``data:``), whatever route answers it; any other answer, unless it sets
its own, :data:`OTHER_POLICY`, which runs and loads nothing.
A websocket opened by a page of another origin is refused (a browser sends
``Origin``; a program that sends none is let in): a page elsewhere cannot play
with a visitor's seat. A bug of the server is answered 500 ``internal`` with a
reason and logged, and the connection stays open for the next request; a
client that leaves mid-conversation ends it quietly.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI, Request, WebSocketDisconnect
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from igroteka.i18n import Text, negotiate
from igroteka.server.errors import refused_for, status

__all__ = [
    "HEADERS",
    "MAX_BODY",
    "ORIGIN_CLOSE",
    "OTHER_POLICY",
    "PAGE_POLICY",
    "Guard",
    "install",
    "origin_of",
]

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
"""The headers of every HTTP answer (an answer that sets one keeps its own)."""

PAGE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The policy of every HTML answer (the client's pages: ``/``, ``/r/{id}``, its replay): no
inline script or style attribute runs; the favicon is a ``data:`` picture; ``'self'`` covers
the websocket. Any other answer that sets no policy of its own gets :data:`OTHER_POLICY`."""
OTHER_POLICY = "default-src 'none'; frame-ancestors 'none'"
"""The policy of an answer that is no page (JSON, a script, a picture): opened by itself in
a browser, it runs nothing and loads nothing."""

MAX_BODY = 4_000_000
"""The largest request body (bytes): a deck typed in the lobby is at most 1 MB of UTF-8,
which JSON may spell longer (``\\n``, ``\\u0457``); a picture has its own, smaller limit."""

ORIGIN_CLOSE = 4403
"""The close code of a websocket refused for its Origin."""


def origin_of(url: str) -> str | None:
    """An origin as a browser writes it (``scheme://host[:port]``, lower case), or None when
    ``url`` is none (not http or https, no host, or a path, query or fragment).

    >>> origin_of("https://Games.Example.org:8443/"), origin_of("ftp://x")
    ('https://games.example.org:8443', None)
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme.lower()}://{host}" + (f":{port}" if port is not None else "")


class Guard:
    """ASGI middleware at the edge: headers, Origin, a bug answered rather than a reset."""

    def __init__(self, app: ASGIApp, origins: Iterable[str] = ()) -> None:
        self.app = app
        self.origins = frozenset(o for o in map(origin_of, origins) if o is not None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False
        read, over, answered = 0, False, False

        async def bounded() -> Message:
            """The body as it comes, cut once more of it came than :data:`MAX_BODY`: it ends
            in a NUL, which no JSON holds, so the route refuses it and changes nothing."""
            nonlocal read, over
            message = await receive()
            read += len(message.get("body", b""))
            if read > MAX_BODY and message["type"] == "http.request":
                over = True
                return {"type": "http.request", "body": b"\x00", "more_body": False}
            return message

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {name.lower(): value for name, value in message.get("headers", [])}
                page = present.get(b"content-type", b"").startswith(b"text/html")
                policy = PAGE_POLICY if page else OTHER_POLICY
                wanted = {**HEADERS, "Content-Security-Policy": policy}
                extra = [
                    (name.lower().encode(), value.encode())
                    for name, value in wanted.items()
                    if name.lower().encode() not in present
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        async def route_answer(message: Message) -> None:
            """The route's answer; of a cut body, 413 ``too-large`` in its place."""
            nonlocal answered
            if not over:
                await with_headers(message)
            elif not answered:
                answered = True
                await _too_large(scope, receive, with_headers)

        length = _header(scope, b"content-length") or ""
        if length.isdigit() and int(length) > MAX_BODY:
            await _too_large(scope, receive, with_headers)
            return
        try:
            await self.app(scope, bounded, route_answer)
        except Exception:
            if started:  # the answer is half sent: nothing left but to drop it
                raise
            traceback.print_exc(file=sys.stderr)  # a bug of the server's: worth its trace
            reason = Text("the server failed on this request: it is logged, and nothing changed")
            answer = JSONResponse(refused_for("internal", reason, _language(scope)), 500)
            await answer(scope, receive, with_headers)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin = _header(scope, b"origin")
        if origin is not None and not self._allowed(origin, scope):
            await _refuse_origin(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        except (WebSocketDisconnect, OSError):  # the client left while it was answered
            return

    def _allowed(self, origin: str, scope: Scope) -> bool:
        """The server's own origin (its Host, by http or https) and those configured."""
        found = origin_of(origin)
        if found is None:
            return False
        if found in self.origins:
            return True
        host = (_header(scope, b"host") or "").lower()
        return bool(host) and found in (f"http://{host}", f"https://{host}")


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    """413 ``too-large``, said before the body is read (or any more of it)."""
    reason = Text("a request is at most {count} MB", count=MAX_BODY // 1_000_000)
    answer = JSONResponse(refused_for("too-large", reason, _language(scope)), 413)
    await answer(scope, receive, send)


async def _refuse_origin(scope: Scope, receive: Receive, send: Send) -> None:
    """Accept, say why in an ``error`` message, and close with :data:`ORIGIN_CLOSE`."""
    reason = Text("this game’s pages are on its own server: open it there to play")
    message = {"type": "error", **refused_for("origin", reason, _language(scope))}
    try:
        if (await receive())["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps(message, ensure_ascii=False)})
        await send({"type": "websocket.close", "code": ORIGIN_CLOSE})
    except OSError:  # gone already
        return


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _language(scope: Scope) -> str:
    """The language of a request: a websocket's ``?lang=``, else its Accept-Language."""
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    asked = query.get("lang", [None])[0] if scope["type"] == "websocket" else None
    return negotiate(asked or _header(scope, b"accept-language"))


ROUTING = {
    400: ("bad-request", Text("the request is not valid JSON")),
    404: ("no-route", Text("there is nothing at this address")),
    405: ("method", Text("this address does not answer that method")),
}
"""What the framework's own refusals become: a body FastAPI could not parse (invalid
UTF-8, JSON nested past Python's recursion), an address no route has, a method it has not."""
ROUTING_CODES = {code for code, _ in ROUTING.values()}


def install(app: FastAPI, origins: Iterable[str] = ()) -> None:
    """The guard around ``app``, and routing's refusals said as every other refusal is."""
    app.add_middleware(Guard, origins=tuple(origins))

    @app.exception_handler(HTTPException)
    async def routing(request: Request, error: HTTPException) -> JSONResponse:
        """A refusal of the framework's, said as every refusal is: ``{error, reason}``."""
        code, reason = ROUTING.get(
            error.status_code,
            ("refused", Text("the request was refused ({status})", status=error.status_code)),
        )
        answer = refused_for(code, reason, negotiate(request.headers.get("accept-language")))
        known = status(code) if code in ROUTING_CODES else error.status_code
        headers = dict(error.headers or {})
        if error.status_code == 405:  # every method of the address, not only its first route's
            headers["Allow"] = ", ".join(_methods_at(request))
        return JSONResponse(answer, known, headers=headers)


def _methods_at(request: Request) -> list[str]:
    """The methods the routes of a request's address answer (a path may have a route each,
    in any of the app's routers)."""
    found: set[str] = set()
    for route in _every_route(request.app.routes):
        methods = getattr(route, "methods", None)
        if methods and route.matches(request.scope)[0] != Match.NONE:
            found.update(methods)
    return sorted(found)


def _every_route(routes: Iterable[Any]) -> Iterator[Any]:
    """The routes, with those of every router included (FastAPI keeps each one whole)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            yield from _every_route(inner.routes)
        else:
            yield route
