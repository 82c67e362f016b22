"""Hostile websocket frames against a real server process: each one is refused with a reason
(or the socket closed with a code), the connection still answers and still hears the game,
and no traceback reaches the server's log, a client that leaves mid-stream included."""

from __future__ import annotations

import json
import socket
import struct
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.support import free_port, join, running
from tests.server.test_kill import Player, play

DEEP = "[" * 8_000 + "]" * 8_000
"""Nested far past Python's recursion limit, yet under the 16,384 characters a message may be."""

HOSTILE: list[tuple[str | bytes, str]] = [
    (b"\x00\x01binary", "binary"),
    (DEEP, "too-deep"),
    ('{"type": ' + "[" * 40 + "]" * 40 + "}", "too-deep"),
    ('{"type": "\\ud800"}', "bad-text"),
    ('{"\\udfff": 1, "type": "ping"}', "bad-text"),
    ('{"type": "action", "action": {"type": "flip", "position": "\\ud83d"}, "seq": 0}', "bad-text"),
    ('{"type": "lang", "lang": "\\udc00"}', "bad-text"),
    ('{"type": "\\u0000\\u001b[2J"}', "unknown-type"),
    ('{"type": ["ping"]}', "unknown-type"),
    ("{not json", "bad-json"),
    ('{"type": "ping", "x": NaN}', "bad-json"),
    ('{"type": "ping", "x": [-Infinity]}', "bad-json"),
    ('{"type": "action", "action": {"type": "flip", "position": 1e400}, "seq": 0}', "bad-json"),
    ("[1, 2]", "bad-message"),
    ("x" * 20_000, "too-large"),
]

FIRST: list[str | bytes] = [
    DEEP,
    '{"type": "join", "token": "\\ud800"}',
    '{"type": "join", "token": null, "\\udfff": 0}',
    '{"type": "join", "token": null, "x": Infinity}',
    json.dumps(
        {
            "type": "join",
            "token": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
        }
    ),
    b"\x00binary",
]
"""First messages meant to break the join, before the connection knows who it is."""


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    reply = httpx.post(base + path, json=body)
    assert reply.status_code < 300, reply.text
    return reply.json()


def answer(ws: ClientConnection) -> dict[str, Any]:
    """The next message that is not news of who is here."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] != "room":
            return message  # type: ignore[no-any-return]


def listener(port: int, room: str, token: str | None = None) -> ClientConnection:
    """A websocket that has joined and never reads: its messages pile up on the server."""
    ws = connect(f"ws://127.0.0.1:{port}/ws/{room}", legacy=True)
    join(ws, token)
    return ws


def opened(port: int, path: str) -> socket.socket:
    """A websocket handshake by hand, and nothing more: not even a join."""
    raw = socket.create_connection(("127.0.0.1", port))
    raw.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    return raw


def reset(raw: socket.socket | ClientConnection) -> None:
    """Gone with a TCP reset: no close frame, nothing said."""
    if isinstance(raw, ClientConnection):
        raw = raw.socket
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    raw.close()


def vanish(port: int, path: str) -> None:
    reset(opened(port, path))


@pytest.mark.slow
def test_hostile_frames_are_refused_and_the_connection_goes_on_with_no_traceback(
    tmp_path: Path,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running(tmp_path / "games.db", port) as process:
        made = post(
            base,
            "/api/rooms",
            {"game": "klepka", "players": 2, "options": {"pairs": 8, "starter": 0}},
        )
        room = made["id"]
        ann = post(base, f"/api/rooms/{room}/seats/0", {"name": "Ann"})["token"]
        bob = post(base, f"/api/rooms/{room}/seats/1", {"name": "Bob"})["token"]
        post(base, f"/api/rooms/{room}/start", {"token": made["creator"]})
        address = f"ws://127.0.0.1:{port}/ws/{room}"
        with connect(address) as hostile, connect(address) as player:
            join(hostile, bob)
            join(player, ann)
            seq = json.loads(hostile.recv(timeout=10))["seq"]
            json.loads(player.recv(timeout=10))
            for frame, code in HOSTILE:
                hostile.send(frame)
                raw = hostile.recv(timeout=10)
                while json.loads(raw)["type"] == "room":
                    raw = hostile.recv(timeout=10)
                reply = json.loads(raw)
                assert reply["type"] == "error" and reply["error"] == code, (frame[:40], reply)
                assert reply["reason"] and "\\ud" not in raw.lower()  # no surrogate said back
                hostile.send(json.dumps({"type": "ping"}))
                assert answer(hostile) == {"type": "pong"}, frame[:40]
            for _ in range(5):  # clients gone at once while the game's updates go out
                vanish(port, f"/ws/{room}")
                reset(listener(port, room, bob))
            flip = {"type": "action", "action": {"type": "flip", "position": 0}, "seq": seq}
            player.send(json.dumps(flip))
            update = answer(hostile)
            assert update["type"] == "update" and update["seq"] == seq + 1  # still hears the game
        assert httpx.get(f"{base}/api/rooms/{room}").json()["seq"] == seq + 1
        for first in FIRST:  # a hostile join: refused, and the socket closed with a code
            with connect(address) as ws:
                ws.send(first)
                refusal = json.loads(ws.recv(timeout=10))
                assert refusal["error"] == "bad-join" and refusal["reason"], first[:40]
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    logged = process.stderr.read().decode() if process.stderr else ""
    assert "Traceback" not in logged and "Exception" not in logged, logged[-3000:]


@pytest.mark.slow
def test_a_client_that_leaves_while_updates_stream_leaves_no_traceback(tmp_path: Path) -> None:
    """Two people play while spectators who never read come and vanish mid-stream."""
    port = free_port()
    api = f"http://127.0.0.1:{port}/api/rooms"
    with running(tmp_path / "games.db", port) as process:
        options = {"pairs": 12, "starter": 0}
        made = post(api, "", {"game": "klepka", "players": 2, "options": options})
        room = made["id"]
        names = enumerate(("Ann", "Bob"))
        tokens = [post(api, f"/{room}/seats/{n}", {"name": name})["token"] for n, name in names]
        post(api, f"/{room}/start", {"token": made["creator"]})
        players = [Player(port, room, token, "klepka") for token in tokens]
        for rounds in range(1, 9):
            silent = [listener(port, room) for _ in range(4)]
            silent.append(listener(port, room, tokens[rounds % 2]))
            play(players, 3 * rounds)
            for raw in silent:
                reset(raw)
        assert httpx.get(f"{api}/{room}").json()["seq"] >= 3
    logged = process.stderr.read().decode() if process.stderr else ""
    assert "Traceback" not in logged, logged[-3000:]
