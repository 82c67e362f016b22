"""Bad input to the server gets an error message, changes nothing, and the server keeps serving."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.support import bot, new_room, seat, server, start


def welcome_and_errors(client: Any, room: str, token: str | None, sends: list[str]) -> list[Any]:
    query = f"?token={token}" if token else ""
    with client.websocket_connect(f"/ws/{room}{query}") as ws:
        replies = [ws.receive_json()]
        for text in sends:
            ws.send_text(text)
            reply = ws.receive_json()
            while reply["type"] == "room":  # who is here: not an answer
                reply = ws.receive_json()
            replies.append(reply)
    return replies


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{not json", "bad-json"),
        ("[1, 2]", "bad-message"),
        (json.dumps({"type": "dance"}), "unknown-type"),
        ("x" * 20_000, "too-large"),
        (json.dumps({"type": "action", "action": {"type": "flip"}, "seq": 0}), "illegal"),
        (
            json.dumps({"type": "action", "action": {"type": "flip", "position": 0}, "seq": 7}),
            "stale",
        ),
        (json.dumps({"type": "action", "action": "flip", "seq": 0}), "illegal"),
    ],
)
def test_malformed_or_stale_messages_are_answered_and_change_nothing(text: str, error: str) -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        token = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room, token)
        welcome, reply = welcome_and_errors(client, room, token, [text])
        assert reply["type"] == "error" and reply["error"] == error and reply["reason"]
        assert client.get(f"/api/rooms/{room}").json()["seq"] == welcome["seq"] == 0
        ping = welcome_and_errors(client, room, token, [json.dumps({"type": "ping"})])
        assert ping[-1] == {"type": "pong"}  # still serving


def test_nobody_acts_for_another_seat_or_as_a_spectator() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann = seat(client, room, 0, "Ann")
        bob = seat(client, room, 1, "Bob")
        start(client, room, ann)
        flip = json.dumps({"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0})
        assert welcome_and_errors(client, room, bob, [flip])[-1]["error"] == "not-your-turn"
        assert welcome_and_errors(client, room, None, [flip])[-1]["error"] == "spectator"
        with client.websocket_connect(f"/ws/{room}?token=forged") as ws:
            assert ws.receive_json()["error"] == "bad-token"
        assert client.get(f"/api/rooms/{room}").json()["seq"] == 0


def test_unknown_rooms_seats_and_levels_are_refused_with_reasons() -> None:
    with server() as client:
        assert client.get("/api/rooms/nowhere").json()["error"] == "no-room"
        with client.websocket_connect("/ws/nowhere") as ws:
            assert ws.receive_json()["error"] == "no-room"
        room = new_room(client, "letters", 2)
        reply = client.post(f"/api/rooms/{room}/seats/5", json={"name": "Ann"})
        assert reply.status_code == 404 and "no seat 6" in reply.json()["reason"]
        reply = client.post(f"/api/rooms/{room}/seats/0/bot", json={"level": "genius"})
        assert reply.status_code == 400 and "genius" in reply.json()["reason"]
        token = seat(client, room, 0, "Ann")
        assert client.post(f"/api/rooms/{room}/seats/0", json={"name": "Bob"}).status_code == 409
        reply = client.post(f"/api/rooms/{room}/start", json={"token": token})
        assert reply.status_code == 409 and "seat 2 is still open" in reply.json()["reason"]
        bot(client, room, 1, "easy")
        reply = client.post(
            "/api/rooms", json={"game": "letters", "players": 2, "options": {"pairs": 3}}
        )
        assert reply.status_code == 400 and "between 10 and 120" in reply.json()["reason"]
        reply = client.post("/api/rooms", json={"game": "letters", "players": 9})
        assert reply.status_code == 400 and "1 to 6" in reply.json()["reason"]
