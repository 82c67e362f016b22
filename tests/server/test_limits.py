"""Limits: what one client may ask of the server, and the readable refusal when it asks more."""

from __future__ import annotations

import contextlib
import json

import pytest
from starlette.websockets import WebSocketDisconnect

from igroteka.server.authority import Connection
from igroteka.server.limits import BEHIND, TOO_MANY, MessageRate
from tests.server.support import connected, limited, new_room, seat, server, start


def refused_close(ws: object) -> int:
    """The close code the server ends the socket with (after any messages still to read)."""
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(1000):
            ws.receive_json()  # type: ignore[attr-defined]
    return int(closed.value.code)


def test_messages_over_the_rate_are_refused_and_a_client_that_goes_on_is_closed() -> None:
    settings = limited(message_burst=3, message_rate=2.0, message_strikes=2)
    with server(settings=settings) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        with connected(client, room) as ws:
            ws.receive_json()  # the welcome
            for _ in range(6):
                ws.send_text(json.dumps({"type": "ping"}))
            answers = [ws.receive_json() for _ in range(5)]
            assert [a.get("error", a["type"]) for a in answers] == [
                "pong",
                "pong",
                "pong",
                "too-fast",
                "pong",  # read once the rate allows it again
            ]
            assert answers[3]["reason"] == "too many messages: at most 2 a second; wait a moment"
            assert refused_close(ws) == TOO_MANY


def test_a_person_clicking_fast_never_meets_the_default_rate() -> None:
    rate = MessageRate(burst=60, rate=30.0, strikes=60, now=0.0)
    clicks = [rate.take(now=i * 0.1) for i in range(600)]  # ten a second for a minute
    assert not any(clicks) and not rate.over


def test_spectators_beyond_the_room_limit_are_refused_with_a_reason_and_a_code() -> None:
    with server(settings=limited(spectators_per_room=2)) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        token = seat(client, room, 0, "Ann")
        with (
            connected(client, room) as one,
            connected(client, room) as two,
        ):
            one.receive_json(), two.receive_json()
            with connected(client, room, lang="uk") as ws:
                refusal = ws.receive_json()
                assert refusal["error"] == "too-many-spectators"
                assert refusal["reason"] == (
                    "у кімнаті вже стільки глядачів, скільки вона вміщує (2): спробуйте пізніше"
                )
                assert refused_close(ws) == TOO_MANY
            with connected(client, room, token) as player:
                assert player.receive_json()["type"] == "welcome"  # a player still comes in


def test_connections_beyond_the_room_limit_are_refused() -> None:
    with server(settings=limited(connections_per_room=1)) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        token = seat(client, room, 0, "Ann")
        with connected(client, room) as ws:
            ws.receive_json()
            with connected(client, room, token) as player:
                assert player.receive_json()["error"] == "room-full"
                assert refused_close(player) == TOO_MANY


def test_one_address_may_hold_only_so_many_websockets_at_once() -> None:
    with server(settings=limited(connections_per_address=2)) as client:
        rooms = [new_room(client, "klepka", 2, pairs=4) for _ in range(3)]
        with connected(client, rooms[0]) as one:
            one.receive_json()
            with connected(client, rooms[1]) as two:
                two.receive_json()
                with connected(client, rooms[2]) as three:
                    assert three.receive_json()["error"] == "too-many-connections"
                    assert refused_close(three) == TOO_MANY
        with connected(client, rooms[2]) as again:  # the others closed
            assert again.receive_json()["type"] == "welcome"


def test_too_many_rooms_from_one_address_are_refused_in_the_language_asked() -> None:
    with server(settings=limited(rooms_per_hour=2)) as client:
        new_room(client, "klepka", 2, pairs=4)
        new_room(client, "klepka", 2, pairs=4)
        refused = client.post(
            "/api/rooms",
            json={"game": "klepka", "players": 2},
            headers={"Accept-Language": "ru"},
        )
        assert refused.status_code == 429
        assert refused.json() == {
            "error": "too-many-rooms",
            "reason": "слишком много комнат с одного адреса: не больше 2 в час; "
            "попробуйте снова через 60 минут",
        }
        assert 3500 < int(refused.headers["retry-after"]) <= 3600


def test_too_many_seat_requests_from_one_address_are_refused() -> None:
    with server(settings=limited(seats_per_minute=2)) as client:
        room = new_room(client, "klepka", 4, pairs=4)
        seat(client, room, 0, "Ann")
        seat(client, room, 1, "Cid")
        refused = client.post(f"/api/rooms/{room}/seats/2", json={"name": "Bob"})
        assert refused.status_code == 429 and refused.json()["error"] == "too-many-seat-requests"
        assert refused.headers["retry-after"].isdigit()
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert seats[2]["kind"] == "open"  # nothing changed


def test_a_connection_that_falls_too_far_behind_is_closed_and_its_queue_stays_bounded() -> None:
    connection = Connection(None, limit=4)
    for number in range(10_000):
        connection.send(f"update {number}")
        assert len(connection.queue) <= 4
    assert connection.closing == BEHIND and not connection.queue


def test_a_player_coming_back_sends_the_spectators_who_is_here_but_no_view() -> None:
    with server() as client, contextlib.ExitStack() as stack:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        spectators = [stack.enter_context(connected(client, room)) for _ in range(20)]
        for spectator in spectators:
            spectator.receive_json()  # its welcome
        with connected(client, room, ann) as ws:
            welcome = ws.receive_json()
            assert welcome["view"] is not None and welcome["room"]["seats"][0]["present"]
        for spectator in spectators:
            came, went = spectator.receive_json(), spectator.receive_json()
            assert came["type"] == went["type"] == "room"
            assert "view" not in came and "view" not in went
            assert came["room"]["seats"][0]["present"] and not went["room"]["seats"][0]["present"]
