"""A websocket says who it is in its first message, a join, never in its address: an address is
written in the server's access log and in any proxy's, and a token in it would hold the seat for
whoever reads the log."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from tests.server.support import (
    FAST,
    connected,
    free_port,
    join,
    new_room,
    running,
    seat,
    server,
    start,
)


def refused_and_closed(ws: Any) -> tuple[dict[str, Any], int]:
    """The refusal a connection is sent, and the code it is closed with."""
    refusal: dict[str, Any] = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return refusal, closed.value.code


def started_room(client: TestClient) -> tuple[str, str, str]:
    room = new_room(client, "klepka", 2, pairs=4, starter=0)
    ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
    start(client, room)
    return room, ann, bob


def present(client: TestClient, room: str) -> list[bool]:
    return [s["present"] for s in client.get(f"/api/rooms/{room}").json()["seats"]]


def test_a_seat_joins_with_its_token_in_the_first_message_and_a_spectator_without() -> None:
    with server() as client:
        room, ann, _ = started_room(client)
        with connected(client, room, ann) as ws:
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["seat"] == 0
            assert welcome["view"] is not None and present(client, room) == [True, False]
        with client.websocket_connect(f"/ws/{room}") as ws:
            ws.send_json({"type": "join"})  # no token at all: a spectator
            assert ws.receive_json()["seat"] is None


def test_a_token_in_the_address_is_refused_and_never_used() -> None:
    with server() as client:
        room, ann, _ = started_room(client)
        with client.websocket_connect(f"/ws/{room}?token={ann}&lang=uk") as ws:
            refusal, code = refused_and_closed(ws)
        assert refusal["error"] == "token-in-url" and code == 4400
        assert refusal["reason"] == (  # an old client says why, in its language
            "ключ ніколи не передають в адресі: перезавантажте сторінку, щоб під’єднатися знову"
        )
        assert present(client, room) == [False, False]  # the seat was not taken up
        with client.websocket_connect(f"/ws/{room}?token={ann}") as ws:
            join(ws, ann)  # a join does not make the address good
            refusal, code = refused_and_closed(ws)
        assert refusal["error"] == "token-in-url" and code == 4400


@pytest.mark.parametrize(
    "first",
    [
        json.dumps({"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0}),
        json.dumps({"type": "ping"}),
        "{not json",
        "[1, 2]",
        json.dumps({"type": "join", "token": "x" * 20_000}),
        json.dumps({"type": "join", "token": 42}),
    ],
)
def test_a_first_message_that_is_not_a_join_is_refused_and_closed(first: str) -> None:
    with server() as client:
        room, _, _ = started_room(client)
        with client.websocket_connect(f"/ws/{room}") as ws:
            ws.send_text(first)
            refusal, code = refused_and_closed(ws)
        assert refusal["error"] == "bad-join" and refusal["reason"] and code == 4400
        assert client.get(f"/api/rooms/{room}").json()["seq"] == 0  # nothing was played


def test_a_first_message_of_bytes_is_not_a_join() -> None:
    with server() as client:
        room, ann, _ = started_room(client)
        with client.websocket_connect(f"/ws/{room}") as ws:
            ws.send_bytes(json.dumps({"type": "join", "token": ann}).encode())
            refusal, code = refused_and_closed(ws)
        assert refusal["error"] == "bad-join" and code == 4400


def test_a_join_names_a_language_there_is() -> None:
    with server() as client:
        room, ann, _ = started_room(client)
        with connected(client, room, ann, "klingon") as ws:
            refusal, code = refused_and_closed(ws)
        assert refusal["error"] == "bad-lang" and code == 4400
        with connected(client, room, "forged", "ru") as ws:
            refusal, code = refused_and_closed(ws)
        assert refusal["error"] == "bad-token" and code == 4403
        assert refusal["reason"] == "этот ключ не держит ни одного места в этой комнате"


def test_a_connection_that_never_joins_is_closed() -> None:
    with server(settings=dataclasses.replace(FAST, join=0.05)) as client:
        room, _, _ = started_room(client)
        with client.websocket_connect(f"/ws/{room}") as ws:
            refusal, code = refused_and_closed(ws)  # it said nothing
        assert refusal["error"] == "no-join" and code == 4408
        assert "join" in refusal["reason"]


@pytest.mark.slow
def test_no_token_is_written_in_what_the_server_logs(tmp_path: Path) -> None:
    """A server in production may run with uvicorn's access log on (level info): a game played,
    and an old client that still sends its token in the address, leave no token in it."""
    port, log = free_port(), tmp_path / "server.log"
    with running(tmp_path / "games.db", port, log_level="info", output=log):
        api = f"http://127.0.0.1:{port}/api/rooms"
        options = {"pairs": 4, "starter": 0}
        room = httpx.post(api, json={"game": "klepka", "players": 2, "options": options}).json()
        tokens = [
            httpx.post(f"{api}/{room['id']}/seats/{n}", json={"name": name}).json()["token"]
            for n, name in enumerate(["Ann", "Bob"])
        ]
        httpx.post(f"{api}/{room['id']}/start", json={"token": room["creator"]})
        with connect(f"ws://127.0.0.1:{port}/ws/{room['id']}") as ann:
            join(ann, tokens[0])
            assert json.loads(ann.recv(timeout=10))["seat"] == 0
            for seq, position in enumerate((0, 1)):
                action = {"type": "flip", "position": position}
                ann.send(json.dumps({"type": "action", "action": action, "seq": seq}))
                while json.loads(ann.recv(timeout=10))["type"] != "ack":
                    pass
        with connect(f"ws://127.0.0.1:{port}/ws/{room['id']}?token={tokens[1]}") as old:
            assert json.loads(old.recv(timeout=10))["error"] == "token-in-url"
        assert httpx.get(f"{api}/{room['id']}").json()["seq"] >= 2
    written = log.read_text("utf-8")
    assert f"POST /api/rooms/{room['id']}/start" in written  # the access log was on
    assert f"WebSocket /ws/{room['id']}?token=" in written  # and heard the old client
    for token in [*tokens, room["creator"]]:
        assert token not in written
