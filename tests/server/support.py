"""A server in the test process (TestClient), and a bot that plays through a websocket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from igroteka.engine import Event
from igroteka.games import entry
from igroteka.server import Settings, create_app
from igroteka.server.limits import Limits

ROOMY = Limits(
    message_burst=100_000,
    message_rate=100_000.0,
    connects_per_minute=100_000,
    rooms_per_hour=100_000,
    seats_per_minute=100_000,
    uploads_per_hour=100_000,
)
"""Limits no normal test meets: every test's client is the one address ``testclient``."""
FAST = Settings(reveal=0.0, bot=0.0, chosen_seeds=True, limits=ROOMY)
CREATORS: dict[str, str] = {}
"""The creator token of each room ``new_room`` made, by room id."""


def limited(**limits: Any) -> Settings:
    """The tests' settings (FAST) with some of ROOMY's limits lowered to be met."""
    return replace(FAST, limits=replace(ROOMY, **limits))


@contextmanager
def server(url: str = "sqlite://", settings: Settings = FAST) -> Iterator[TestClient]:
    """A server in this process, once ready (its rooms loaded: /healthz 200)."""
    with TestClient(create_app(url, settings)) as client:
        for _ in range(1000):
            if client.get("/healthz").status_code == 200:
                break
            time.sleep(0.01)
        else:
            raise AssertionError("the server never became ready")
        yield client


def join(ws: Any, token: str | None = None, lang: str | None = None) -> None:
    """Say who a new websocket is, in its first message: a seat's token, or none (a
    spectator). ``ws``: a TestClient's websocket, or a ``websockets`` client (sync)."""
    message: dict[str, Any] = {"type": "join", "token": token}
    if lang is not None:
        message["lang"] = lang
    text = json.dumps(message)
    if isinstance(ws, WebSocketTestSession):
        ws.send_text(text)
    else:
        ws.send(text)


@contextmanager
def connected(
    client: TestClient, room: str, token: str | None = None, lang: str | None = None
) -> Iterator[WebSocketTestSession]:
    """A websocket to a room that has joined (as a seat, or a spectator without a token)."""
    with client.websocket_connect(f"/ws/{room}") as ws:
        join(ws, token, lang)
        yield ws


def room_connections(room: Any, seconds: float = 10) -> tuple[Any, ...]:
    """A live server's room's connections once it has one (waiting up to ``seconds``): a
    client may see the room a moment before the server has counted its socket."""
    deadline = time.monotonic() + seconds
    while not room.connections and time.monotonic() < deadline:
        time.sleep(0.01)
    return tuple(room.connections)


def new_room(
    client: TestClient, game: str, players: int, turn_timer: int | None = None, **options: Any
) -> str:
    """A room of seed 5 (a server of FAST settings takes chosen seeds); its creator token is
    kept in CREATORS."""
    asked = {"game": game, "players": players, "options": options, "seed": 5}
    return created(client.post("/api/rooms", json={**asked, "turn_timer": turn_timer}))


def created(response: Any) -> str:
    """The id of the room a ``POST /api/rooms`` made; its creator token is kept in CREATORS."""
    assert response.status_code == 201, response.text
    room = str(response.json()["id"])
    CREATORS[room] = str(response.json()["creator"])
    return room


def two_players(
    made: str, body: dict[str, Any], seated: str | None = None, started: str | None = None
) -> tuple[str, list[str]]:
    """A room of Ann and Bob over a real server: made by ``made`` (a server's ``/api/rooms``
    address), its seats taken through ``seated`` and started through ``started`` (the same
    server, or another process of the site). Its id and the two tokens."""
    room = created(httpx.post(made, json=body))
    tokens = [
        httpx.post(f"{seated or made}/{room}/seats/{n}", json={"name": name}).json()["token"]
        for n, name in enumerate(["Ann", "Bob"])
    ]
    begun = httpx.post(f"{started or made}/{room}/start", json={"token": CREATORS[room]})
    assert begun.status_code == 200, begun.text
    return room, tokens


def seat(client: TestClient, room: str, number: int, name: str) -> str:
    response = client.post(f"/api/rooms/{room}/seats/{number}", json={"name": name})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def bot(client: TestClient, room: str, number: int, level: str) -> None:
    """The room's creator seats a bot."""
    response = client.post(
        f"/api/rooms/{room}/seats/{number}/bot", json={"level": level, "token": CREATORS[room]}
    )
    assert response.status_code == 200, response.text


def start(client: TestClient, room: str) -> None:
    """The room's creator starts the game."""
    response = client.post(f"/api/rooms/{room}/start", json={"token": CREATORS[room]})
    assert response.status_code == 200, response.text


def play_through(
    client: TestClient,
    room: str,
    token: str,
    game: str,
    level: str = "medium",
    most: int = 100_000,
    lang: str | None = None,
) -> list[dict[str, Any]]:
    """Play a seat with a bot over the websocket until the game ends (or ``most`` messages),
    told in ``lang``."""
    found = entry(game)
    messages: list[dict[str, Any]] = []
    with connected(client, room, token, lang) as ws:
        welcome = ws.receive_json()
        messages.append(welcome)
        me = welcome["seat"]
        agent = found.make_bot(level, me, 1)
        view, seq, context = welcome["view"], welcome["seq"], welcome["context"]
        waiting = False  # for the answer to the action sent: one action at a time
        for _ in range(most):
            if context["outcome"] is not None:
                break
            if me in context["awaited"] and not waiting:
                action = found.game.encode_action(agent.choose(view))
                ws.send_json({"type": "action", "action": action, "seq": seq, "id": f"{me}-{seq}"})
                waiting = True
            message = ws.receive_json()
            messages.append(message)
            if message["type"] in ("ack", "error"):
                waiting = False
            if message["type"] == "error" and message["error"] != "stale":
                raise AssertionError(message)  # stale: a bot's Chaos came first, choose again
            if message["type"] == "update":
                agent.observe(
                    [
                        Event(e["kind"], {k: v for k, v in e.items() if k != "kind"})
                        for e in message["events"]
                    ]
                )
            if message.get("context") is not None:
                view, seq, context = message["view"], message["seq"], message["context"]
    return messages


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running(
    db: Path | str,
    port: int,
    reveal: float = 0.0,
    bot: float = 0.0,
    *,
    log_level: str | None = None,
    output: Path | None = None,
    chosen_seeds: bool = False,
    redis: str | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    """A real server process (``igroteka serve``), killed with SIGKILL when the block ends.

    ``db``: a SQLite file, or a store's URL. ``log_level``: uvicorn's (``info`` writes its
    access log, as a server in production may); ``output``: a file that gets everything
    the server writes, stdout and stderr (else stdout is dropped and stderr piped).
    ``redis``: the URL of the Redis it shares the store's rooms through with others."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(port), "--db", url]
    command += ["--reveal", str(reveal), "--bot-delay", str(bot)]
    if log_level is not None:
        command += ["--log-level", log_level]
    if chosen_seeds:
        command += ["--chosen-seeds"]
    if redis is not None:
        command += ["--redis", redis]
    written = open(output, "wb") if output is not None else None  # noqa: SIM115
    process = subprocess.Popen(
        command,
        stdout=written or subprocess.DEVNULL,
        stderr=subprocess.STDOUT if written else subprocess.PIPE,
    )
    try:
        for _ in range(200):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not start")
        yield process
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        if written is not None:
            written.close()


@contextmanager
def live(settings: Settings = FAST, url: str = "sqlite://") -> Iterator[tuple[str, Any]]:
    """A real uvicorn server in a thread of this process (its app at hand): its URL and app
    (``app.state.loop``: the server's event loop, to call into with ``call_soon_threadsafe``).
    ``url``: the store's (default: a new one in memory)."""
    app = create_app(url, settings)
    with serving(app, free_port(), ready=lambda answer: answer.status_code == 200) as base:
        yield base, app


@contextmanager
def serving(
    app: Any, port: int, ready: Callable[[httpx.Response], bool] = lambda _: True
) -> Iterator[str]:
    """``app`` served by uvicorn in a thread of this process at ``port`` until the block ends
    (``app.state.loop``: its event loop): its address, once ``ready`` takes what its
    ``/healthz`` answers (by default any answer: a server still starting says 503)."""
    import threading

    import uvicorn

    from igroteka.server.app import UVICORN

    config = uvicorn.Config(app, host="127.0.0.1", port=port, **UVICORN)

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            app.state.loop = asyncio.get_running_loop()  # for a test to call into it
            await super().startup(sockets)

    running_server = Server(config)
    thread = threading.Thread(target=running_server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1000):
            with contextlib.suppress(httpx.TransportError):
                if ready(httpx.get(f"{base}/healthz")):
                    break
            time.sleep(0.02)
        else:
            raise AssertionError(f"the server at {base} never became ready")
        yield base
    finally:
        running_server.should_exit = True
        thread.join(timeout=30)
