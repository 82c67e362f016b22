"""Back-pressure over a real socket: a client that never reads is closed, and comes back."""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import socket
import struct
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from igroteka.games import Entry, register
from igroteka.server.limits import BEHIND
from igroteka.server.sockets import SEND_BUFFER
from tests.games import tiny
from tests.server.support import FAST, ROOMY, join, live, room_connections

QUEUE = 8
SETTINGS = replace(FAST, away=0.0, limits=replace(ROOMY, queue=QUEUE))
"""The one person's seat is played by its stand-in at once: the game plays itself."""


class Bulky(tiny.TakeAway):
    """Take-away whose every view is 400 kB: a few updates fill any socket's buffers."""

    name = "bulky"

    def view(self, state: Any, seat: int | None) -> Any:
        return {**super().view(state, seat), "padding": "x" * 400_000}


@pytest.fixture(autouse=True)
def bulky() -> Any:
    unregister = register(
        Entry(Bulky(), tiny.make_bot, dataclasses.replace(tiny.DECLARATION, name="bulky"))
    )
    yield
    unregister()


def bot_game(url: str) -> tuple[str, str]:
    """A room of 4 (one person, never here, and three bots): its id and its creator's token."""
    with httpx.Client(base_url=url) as http:
        made = {"game": "bulky", "players": 4, "options": {"stones": 40, "take": 2}}
        room = http.post("/api/rooms", json=made).json()
        room_id, creator = room["id"], room["creator"]
        http.post(f"/api/rooms/{room_id}/seats/0", json={"name": "Ann"})
        for number in (1, 2, 3):
            bot = {"level": "random", "token": creator}
            http.post(f"/api/rooms/{room_id}/seats/{number}/bot", json=bot)
    return room_id, creator


def deaf_spectator(url: str, room: str) -> socket.socket:
    """A websocket handshake by hand, with a tiny receive buffer; then nothing is ever read."""
    host, port = url.removeprefix("http://").split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws/{room} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    raw.sendall(masked(json.dumps({"type": "join"}).encode()))  # a spectator
    return raw


def masked(payload: bytes) -> bytes:
    """A client's text frame (a client masks what it sends)."""
    mask = os.urandom(4)
    head = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else b""
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def close_code(raw: socket.socket) -> int | None:
    """Read the frames the server sent until its close frame: its code."""
    raw.settimeout(30)

    def exactly(count: int) -> bytes:
        data = b""
        while len(data) < count:
            chunk = raw.recv(count - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    while True:
        first, second = exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", exactly(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", exactly(8))[0]
        payload = exactly(length)
        if first & 0x0F == 0x8:
            return int(struct.unpack("!H", payload[:2])[0])


def watched_game(url: str, app: Any) -> tuple[str, socket.socket, Any, Any]:
    """A game of bots, started, watched by a client that reads nothing: the room's id, the
    client's socket, the room and the client's connection."""
    room_id, token = bot_game(url)
    raw = deaf_spectator(url, room_id)
    room = app.state.rooms.get(room_id)
    (connection,) = room_connections(room)
    httpx.post(f"{url}/api/rooms/{room_id}/start", json={"token": token})
    return room_id, raw, room, connection


def fall_behind(url: str, app: Any) -> tuple[str, socket.socket, int, Any]:
    """Start a game watched by a client that reads nothing, until the server closes it:
    the room, the client's socket, the longest its queue was, and its connection."""
    room_id, raw, room, connection = watched_game(url, app)
    longest = 0
    while connection in room.connections:
        longest = max(longest, len(connection.queue))
        assert room.outcome() is None, "the game ended before the client fell behind"
        time.sleep(0.001)
    return room_id, raw, longest, connection


def test_a_client_that_never_reads_is_closed_with_its_code_and_its_queue_stays_bounded() -> None:
    with live(SETTINGS) as (url, app):
        _, raw, longest, connection = fall_behind(url, app)
        assert longest <= QUEUE and connection.closing == BEHIND
        assert close_code(raw) == BEHIND
        raw.close()


STALLED = replace(FAST, away=0.0, limits=replace(ROOMY, stalled=1.0))
"""A socket that takes nothing for a second is closed; the queue is the default's (128)."""


def send_queue(server: int, client: int) -> int | None:
    """The bytes the kernel holds unread in the server's socket to a client (``tx_queue`` of
    /proc/net/tcp), by the two ports; None once that socket has gone."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        here, there = (int(end.split(":")[1], 16) for end in fields[1:3])
        if (here, there) == (server, client):
            return int(fields[4].split(":")[0], 16)
    return None


def test_a_client_that_never_reads_holds_a_small_buffer_and_is_closed_within_seconds() -> None:
    """Rule: the kernel's send buffer of a connection is fixed, not left to grow to 4 MB, and a
    connection whose socket takes nothing for ``stalled`` seconds is closed, however short its
    queue (the game's updates may stop: a spectator of a finished game)."""
    with live(STALLED) as (url, app):
        _, raw, room, connection = watched_game(url, app)
        ports = (int(url.rsplit(":", 1)[1]), raw.getsockname()[1])
        began, held, longest = time.monotonic(), 0, 0
        while connection in room.connections:
            held = max(held, send_queue(*ports) or 0)
            longest = max(longest, len(connection.queue))
            assert time.monotonic() - began < 15, "still open"
            time.sleep(0.005)
        assert connection.closing == BEHIND and longest < ROOMY.queue
        assert 0 < held <= 2 * SEND_BUFFER  # Linux books twice what is asked
        raw.close()


def test_a_client_closed_for_falling_behind_reconnects_and_gets_the_view_of_now() -> None:
    with live(SETTINGS) as (url, app):
        room_id, raw, _, _ = fall_behind(url, app)
        assert close_code(raw) == BEHIND
        raw.close()
        with connect(f"{url.replace('http', 'ws')}/ws/{room_id}", max_size=None) as ws:
            join(ws)
            welcome: dict[str, Any] = json.loads(ws.recv())
            assert welcome["type"] == "welcome" and welcome["seq"] > 0 and welcome["view"]
            if welcome["context"]["outcome"] is None:  # the updates follow on from that view
                following = json.loads(ws.recv())
                assert following["type"] == "update"
                assert following["seq"] == welcome["seq"] + 1


def test_a_message_too_large_to_hold_closes_the_connection_before_it_is_read_whole() -> None:
    with live() as (url, _):
        room_id, _ = bot_game(url)
        with connect(f"{url.replace('http', 'ws')}/ws/{room_id}", max_size=None) as ws:
            join(ws)
            json.loads(ws.recv())  # the welcome
            ws.send("x" * 20_000)  # over 16,384 characters: refused, the connection goes on
            assert json.loads(ws.recv())["error"] == "too-large"
            ws.send("x" * 100_000)  # over what the server reads at all
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
