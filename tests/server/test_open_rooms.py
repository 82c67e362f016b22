"""The lobby's list of open rooms (``GET /api/rooms``), and the rematch of a finished game:
the same game, options and seats, each person's seat kept for the token that held it."""

from __future__ import annotations

from typing import Any

from tests.server.support import CREATORS, bot, created, new_room, play_through, seat, server, start


def listed(client: Any) -> list[str]:
    reply = client.get("/api/rooms")
    assert reply.status_code == 200
    return [room["id"] for room in reply.json()]


def test_a_room_with_an_open_seat_is_listed_newest_first_without_names_or_tokens() -> None:
    with server() as client:
        older = new_room(client, "klepka", 2, pairs=4)
        newer = new_room(client, "klepka", 3, pairs=4)
        seat(client, newer, 0, "Ann")
        rooms = client.get("/api/rooms").json()
        assert [room["id"] for room in rooms] == [newer, older]
        assert rooms[0]["taken"] == 1 and rooms[0]["players"] == 3
        assert rooms[0]["invite"] == f"/r/{newer}" and rooms[0]["game"] == "klepka"
        text = client.get("/api/rooms").text
        assert "Ann" not in text and CREATORS[newer] not in text and "token" not in text


def test_a_private_room_is_never_listed_but_is_reachable_by_its_link() -> None:
    with server() as client:
        asked = {"game": "klepka", "players": 2, "options": {"pairs": 4}, "private": True}
        room = created(client.post("/api/rooms", json=asked))
        assert room not in listed(client)
        found = client.get(f"/api/rooms/{room}").json()
        assert found["private"] is True
        seat(client, room, 0, "Ann")


def test_a_started_room_and_a_full_one_are_not_listed() -> None:
    with server() as client:
        full = new_room(client, "klepka", 2, pairs=4)
        seat(client, full, 0, "Ann")
        bot(client, full, 1, "easy")
        assert full not in listed(client)
        started = new_room(client, "klepka", 2, pairs=4)
        seat(client, started, 0, "Bob")
        bot(client, started, 1, "easy")
        start(client, started)
        assert listed(client) == []


def finished_game(client: Any) -> tuple[str, str]:
    """A finished Klepka game of Ann (seat 0) against an easy bot: its room and Ann's token."""
    room = new_room(client, "klepka", 2, pairs=3)
    ann = seat(client, room, 0, "Ann")
    bot(client, room, 1, "easy")
    start(client, room)
    play_through(client, room, ann, "klepka")
    return room, ann


def test_a_rematch_keeps_the_game_its_options_and_its_seats_and_the_old_room_names_it() -> None:
    with server() as client:
        old, ann = finished_game(client)
        reply = client.post(f"/api/rooms/{old}/rematch", json={"token": ann})
        assert reply.status_code == 201, reply.text
        new = reply.json()
        assert new["creator"] and new["rematch_of"] == old and not new["started"]
        assert new["options"] == client.get(f"/api/rooms/{old}").json()["options"]
        assert [(s["kind"], s["name"]) for s in new["seats"]] == [
            ("person", "Ann"),
            ("bot", "bot:easy"),
        ]
        assert client.get(f"/api/rooms/{old}").json()["next"] == new["id"]
        again = client.post(f"/api/rooms/{old}/rematch", json={"token": ann}).json()
        assert again["id"] == new["id"] and "creator" not in again  # made once


def test_only_the_old_seats_token_claims_its_seat_of_the_rematch_and_only_once() -> None:
    with server() as client:
        old, ann = finished_game(client)
        new = client.post(f"/api/rooms/{old}/rematch", json={"token": ann}).json()["id"]
        path = f"/api/rooms/{new}/seats/0/rematch"
        for wrong in ("", "made-up", CREATORS[old]):
            refused = client.post(path, json={"token": wrong})
            assert (refused.status_code, refused.json()["error"]) == (403, "bad-token")
        assert (
            client.post(f"/api/rooms/{new}/seats/1/rematch", json={"token": ann}).status_code == 403
        )
        fresh = client.post(path, json={"token": ann})
        assert fresh.status_code == 200 and fresh.json()["token"] != ann
        assert client.post(path, json={"token": ann}).status_code == 403  # spent
        with client.websocket_connect(f"/ws/{new}") as ws:  # the old token acts nowhere new
            ws.send_json({"type": "join", "token": ann})
            assert ws.receive_json()["error"] == "bad-token"


def test_a_rematch_is_refused_before_the_end_and_to_a_stranger() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        start(client, room)
        early = client.post(f"/api/rooms/{room}/rematch", json={"token": ann})
        assert (early.status_code, early.json()["error"]) == (409, "not-over")
        old, _ = finished_game(client)
        stranger = client.post(f"/api/rooms/{old}/rematch", json={"token": "nobody"})
        assert (stranger.status_code, stranger.json()["error"]) == (403, "bad-token")
