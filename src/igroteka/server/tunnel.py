"""The tunnel: a request for a room held by another process, carried there and back.

Behind a proxy that routes any request to any process, a room's HTTP calls and
websockets land anywhere. :class:`Tunnel` (ASGI middleware, the outermost) looks
at the room a request names (``/api/rooms/{id}…``, ``/ws/{id}``) and takes its
lease (:meth:`Cluster.take`). Held here: the request goes on into the app as
usual. Held by another process: it is carried there through Redis, as the
messages the ASGI protocol itself is made of, and run there by that process's
app, whose answer comes back the same way:

- an HTTP request: ``http`` (its scope and body) → ``http-answer`` (status,
  headers, body), within :data:`ANSWER_WITHIN` seconds, else 503;
- a websocket: ``ws-open`` (its scope), then ``ws-in`` for each frame from the
  client and ``ws-gone`` when it goes; from the holder ``ws-out`` for each ASGI
  message its app sends (accept, a frame, the close).

So the holder's app judges everything (limits, Origin, tokens) as if the client
were its own, and no game's rules are known here. A tunnel whose other end has
gone (its process stopped saying it is alive, or gave the room up) is closed
with :data:`MOVED_CLOSE`: the client reconnects, and whoever holds the room now
welcomes it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from igroteka.i18n import negotiate
from igroteka.server.cluster import Cluster
from igroteka.server.errors import Moved, RoomError, refused_for, status
from igroteka.server.limits import BEHIND, QUEUE
from igroteka.server.rooms import MOVED_CLOSE
from igroteka.server.sockets import CLOSE

__all__ = ["ANSWER_WITHIN", "FORWARDED", "Tunnel", "TunnelMiddleware", "room_of"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

FORWARDED = "igroteka.forwarded"
"""The scope's key of a request carried from another process (it is not carried again)."""
ANSWER_WITHIN = 10.0
"""Seconds a process waits for the holder's answer to an HTTP request."""
WATCH = 1.0
"""How often (seconds) each end of a websocket's tunnel checks that the other is there."""
_ROOM = re.compile(r"^/(?:api/rooms|ws)/([A-Za-z0-9_-]{1,64})(?:/|$)")
_CARRIED = ("type", "http_version", "method", "scheme", "path", "raw_path", "query_string")


def room_of(path: str) -> str | None:
    """The room a request's path names, if any.

    >>> room_of("/api/rooms/abc/seats/0"), room_of("/ws/abc"), room_of("/api/rooms")
    ('abc', 'abc', None)
    """
    found = _ROOM.match(path)
    return found.group(1) if found else None


def _scope_json(scope: Scope) -> dict[str, Any]:
    carried = {key: scope[key] for key in _CARRIED if key in scope}
    carried["raw_path"] = (scope.get("raw_path") or b"").decode("latin-1")
    carried["query_string"] = scope.get("query_string", b"").decode("latin-1")
    carried["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]]
    carried["client"] = list(scope["client"]) if scope.get("client") else None
    carried["server"] = list(scope["server"]) if scope.get("server") else None
    return carried


def _scope_of(carried: dict[str, Any]) -> Scope:
    scope: Scope = {**carried, "asgi": {"version": "3.0"}, FORWARDED: True}
    scope["raw_path"] = carried["raw_path"].encode("latin-1")
    scope["query_string"] = carried["query_string"].encode("latin-1")
    scope["headers"] = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in carried["headers"]]
    scope["client"] = tuple(carried["client"]) if carried["client"] else None
    scope["server"] = tuple(carried["server"]) if carried["server"] else None
    scope["root_path"] = ""
    if scope["type"] == "websocket":
        scope["subprotocols"] = []
    return scope


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


class Tunnel:
    """A room's requests go to the process that holds the room (see the module).

    ``whole`` is the whole app: a carried request enters it from the top, marked
    :data:`FORWARDED`, and :class:`TunnelMiddleware` lets it by."""

    def __init__(self, cluster: Cluster, whole: Any = None) -> None:
        self.whole = whole
        self.cluster = cluster
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.relayed: dict[str, asyncio.Queue[dict[str, Any]]] = {}
        """The websockets relayed from here, by tunnel id: what their holder sends."""
        self.served: dict[str, asyncio.Queue[Message]] = {}
        """The websockets served here for another process, by tunnel id: what comes in."""
        cluster.handle = self.handle

    async def route(self, scope: Scope, receive: Receive, send: Send, app: Any) -> None:
        """A request to this process: on into ``app`` (the rest of the middleware and the
        routes), or to the process that holds its room."""
        room_id = room_of(scope.get("path", "")) if scope["type"] in ("http", "websocket") else None
        if room_id is None or scope.get(FORWARDED):
            await app(scope, receive, send)
            return
        try:
            holder = await self.cluster.take(room_id)
        except RoomError as error:
            await _refuse(scope, receive, send, error)
            return
        if holder is None:
            await app(scope, receive, send)
        elif scope["type"] == "http":
            await self._carry_http(holder, scope, receive, send)
        else:
            await self._relay_socket(holder, room_id, scope, receive, send)

    # -- this end: a request carried to the holder

    async def _carry_http(self, holder: str, scope: Scope, receive: Receive, send: Send) -> None:
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        asked = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[asked] = future
        self.cluster.send(
            holder,
            {
                "kind": "http",
                "id": asked,
                "from": self.cluster.me,
                "scope": _scope_json(scope),
                "body": _b64(bytes(body)),
            },
        )
        try:
            answer = await self._answer(holder, future)
        except TimeoutError:
            await _refuse(scope, receive, send, Moved())
            return
        except RoomError as error:  # Redis did not answer whether the holder is alive
            await _refuse(scope, receive, send, error)
            return
        finally:
            self.answers.pop(asked, None)
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in answer["headers"]]
        await send({"type": "http.response.start", "status": answer["status"], "headers": headers})
        await send({"type": "http.response.body", "body": base64.b64decode(answer["body"])})

    async def _answer(self, holder: str, future: asyncio.Future[dict[str, Any]]) -> dict[str, Any]:
        """The holder's answer, within :data:`ANSWER_WITHIN`; TimeoutError sooner once the
        holder is no longer alive (it died: the room is soon another's, the client retries)."""
        deadline = time.monotonic() + ANSWER_WITHIN
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError()
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(asyncio.shield(future), min(WATCH, left))
            if not await self.cluster.alive(holder):
                raise TimeoutError()

    async def _relay_socket(
        self, holder: str, room_id: str, scope: Scope, receive: Receive, send: Send
    ) -> None:
        tunnel = secrets.token_hex(8)
        out: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.relayed[tunnel] = out
        first = await receive()  # websocket.connect
        if first["type"] != "websocket.connect":
            return
        self.cluster.send(
            holder,
            {"kind": "ws-open", "id": tunnel, "from": self.cluster.me, "scope": _scope_json(scope)},
        )
        tasks = [
            asyncio.create_task(self._client_to_holder(holder, tunnel, receive)),
            asyncio.create_task(self._holder_to_client(out, send)),
            asyncio.create_task(self._watch_holder(holder, room_id)),
        ]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            moved = tasks[2] in done
        finally:
            self.relayed.pop(tunnel, None)
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.cluster.send(holder, {"kind": "ws-gone", "id": tunnel, "code": 1001})
        if moved:
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": MOVED_CLOSE})

    async def _client_to_holder(self, holder: str, tunnel: str, receive: Receive) -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            carried: dict[str, Any] = {"kind": "ws-in", "id": tunnel}
            if message.get("text") is not None:
                carried["text"] = message["text"]
            else:
                carried["bytes"] = _b64(message.get("bytes") or b"")
            self.cluster.send(holder, carried)

    async def _holder_to_client(self, out: asyncio.Queue[dict[str, Any]], send: Send) -> None:
        while True:
            message = await out.get()
            if message.get("type") == "websocket.send" and "bytes" in message:
                message["bytes"] = base64.b64decode(message["bytes"])
            await send(message)
            if message.get("type") == "websocket.close":
                return

    async def _watch_holder(self, holder: str, room_id: str) -> None:
        """Returns once the room's holder has gone, or given it up (the client reconnects)."""
        while True:
            await asyncio.sleep(WATCH)
            try:
                if await self.cluster.holder(room_id) != holder:
                    return
            except RoomError:  # Redis does not answer: the holder may not either
                return

    # -- the holder's end: a request carried here from another process

    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "http-answer":
            future = self.answers.get(message["id"])
            if future is not None and not future.done():
                future.set_result(message)
        elif kind == "ws-out":
            relayed = self.relayed.get(message["id"])
            if relayed is not None and relayed.qsize() < 2 * QUEUE:
                relayed.put_nowait(message["message"])
            elif relayed is not None:  # a client far behind: it reconnects to the view of now
                relayed.put_nowait({"type": "websocket.close", "code": BEHIND})
        elif kind == "http":
            asyncio.get_running_loop().create_task(self._serve_http(message))
        elif kind == "ws-open":
            self.served[message["id"]] = asyncio.Queue(QUEUE)
            asyncio.get_running_loop().create_task(self._serve_socket(message))
        elif kind in ("ws-in", "ws-gone"):
            queue = self.served.get(message["id"])
            if queue is None:
                return
            if kind == "ws-gone":
                asgi: Message = {"type": "websocket.disconnect", "code": message["code"]}
            elif "text" in message:
                asgi = {"type": "websocket.receive", "text": message["text"]}
            else:
                asgi = {"type": "websocket.receive", "bytes": base64.b64decode(message["bytes"])}
            if queue.full():  # a reader far behind its client: the connection ends
                asgi = {"type": "websocket.disconnect", "code": 1008}
                while not queue.empty():
                    queue.get_nowait()
            queue.put_nowait(asgi)

    async def _serve_http(self, message: dict[str, Any]) -> None:
        scope = _scope_of(message["scope"])
        body = base64.b64decode(message["body"])
        answer: dict[str, Any] = {"kind": "http-answer", "id": message["id"], "headers": []}
        chunks: list[bytes] = []
        sent = False

        async def receive() -> Message:
            nonlocal sent
            if sent:
                await asyncio.Event().wait()  # nothing more comes: the request was whole
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(part: Message) -> None:
            if part["type"] == "http.response.start":
                answer["status"] = part["status"]
                answer["headers"] = [
                    [k.decode("latin-1"), v.decode("latin-1")] for k, v in part.get("headers", [])
                ]
            elif part["type"] == "http.response.body":
                chunks.append(part.get("body", b""))

        await self.whole(scope, receive, send)
        answer["body"] = _b64(b"".join(chunks))
        self.cluster.send(message["from"], answer)

    async def _serve_socket(self, message: dict[str, Any]) -> None:
        tunnel, relay = message["id"], message["from"]
        queue = self.served[tunnel]
        queue.put_nowait({"type": "websocket.connect"})
        scope = _scope_of(message["scope"])

        async def send(part: Message) -> None:
            carried = dict(part)
            if isinstance(carried.get("bytes"), bytes):
                carried["bytes"] = _b64(carried["bytes"])
            carried.pop("headers", None)
            self.cluster.send(relay, {"kind": "ws-out", "id": tunnel, "message": carried})

        watch = asyncio.create_task(self._watch_relay(relay, queue))
        try:
            await self.whole(scope, queue.get, send)
        finally:
            watch.cancel()
            self.served.pop(tunnel, None)

    async def _watch_relay(self, relay: str, queue: asyncio.Queue[Message]) -> None:
        """The relaying process has gone: its client with it."""
        while True:
            await asyncio.sleep(WATCH)
            with contextlib.suppress(RoomError):
                if not await self.cluster.alive(relay):
                    while not queue.empty():
                        queue.get_nowait()
                    queue.put_nowait({"type": "websocket.disconnect", "code": 1001})
                    return


class TunnelMiddleware:
    """ASGI middleware, the outermost: every request passes :meth:`Tunnel.route`."""

    def __init__(self, app: Any, tunnel: Tunnel) -> None:
        self.app, self.tunnel = app, tunnel

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.tunnel.route(scope, receive, send, self.app)


async def _refuse(scope: Scope, receive: Receive, send: Send, error: RoomError) -> None:
    """A refusal before the request reaches the app: Redis does not answer, or the holder."""
    accepted = dict(scope.get("headers", [])).get(b"accept-language", b"")
    lang = negotiate(accepted.decode("latin-1") or None)
    refusal = refused_for(error.code, error.reason, lang)
    if scope["type"] == "http":
        body = json.dumps(refusal, ensure_ascii=False).encode()
        start = {
            "type": "http.response.start",
            "status": status(error.code),
            "headers": [(b"content-type", b"application/json"), (b"retry-after", b"2")],
        }
        await send(start)
        await send({"type": "http.response.body", "body": body})
        return
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps({"type": "error", **refusal})})
    await send({"type": "websocket.close", "code": CLOSE.get(status(error.code), 4403)})
