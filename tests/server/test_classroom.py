"""A class behind one address: a school's pupils share its one public address, and the
per-address limits (server/limits.py) must let them all play, while a stranger's requests
stay bounded. Each test names the rule of ``Guard`` it checks."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from igroteka.server.limits import Limits
from tests.server.support import CREATORS, FAST, bot, limited, new_room, seat, server

PUPILS = 40
ROUNDS = 16
"""A morning of four hours, a game every quarter of an hour."""
EVERY = 15 * 60.0
SETTINGS = replace(FAST, away=0.0, limits=Limits())
"""The default limits; a seat whose person is not here is played by its stand-in at once,
so that a pupil's game plays itself to its end."""


class Clock:
    """The guard's clock, moved on by the test: a morning in seconds of the test's time."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def post(client: Any, path: str, body: dict[str, Any], said: Counter[str]) -> dict[str, Any]:
    """A request of a pupil's; its answer's code counted in ``said``."""
    reply = client.post(path, json=body)
    said[str(reply.status_code) if reply.status_code < 400 else reply.json()["error"]] += 1
    return dict(reply.json()) if reply.status_code < 400 else {}


def new_game(client: Any, pupil: int, said: Counter[str]) -> tuple[str, str]:
    """A pupil's room of five: four bots, the pupil, started. Its id and the pupil's token."""
    made = {"game": "klepka", "players": 5, "options": {"pairs": 3}}
    room = post(client, "/api/rooms", made, said)
    path, creator = f"/api/rooms/{room['id']}", room["creator"]
    for number in (1, 2, 3, 4):
        post(client, f"{path}/seats/{number}/bot", {"level": "easy", "token": creator}, said)
    token = post(client, f"{path}/seats/0", {"name": f"Pupil {pupil}"}, said)["token"]
    post(client, f"{path}/start", {"token": creator}, said)
    return room["id"], token


def rematch(client: Any, old: str, token: str, said: Counter[str]) -> tuple[str, str]:
    """The pupil's rematch of a finished game: asked for, the seat claimed, started."""
    room = post(client, f"/api/rooms/{old}/rematch", {"token": token}, said)
    path = f"/api/rooms/{room['id']}"
    mine = post(client, f"{path}/seats/0/rematch", {"token": token}, said)["token"]
    post(client, f"{path}/start", {"token": room["creator"]}, said)
    return room["id"], mine


def finished(client: Any, rooms: list[str]) -> None:
    for room in rooms:
        for _ in range(2000):
            if client.get(f"/api/rooms/{room}").json()["finished"]:
                break
            time.sleep(0.005)
        else:
            raise AssertionError(f"the game of room {room} never ended")


@pytest.mark.slow
def test_a_class_of_forty_behind_one_address_plays_all_morning_with_the_default_limits() -> None:
    """Rule: seating bots by a room's creator and rematches are not a stranger's requests;
    forty pupils each play a new game or a rematch every quarter of an hour for four hours."""
    clock, said = Clock(), Counter[str]()
    with server(settings=SETTINGS) as client:
        client.app.state.guard.clock = clock  # type: ignore[attr-defined]
        games: list[tuple[str, str]] = []
        for number in range(ROUNDS):
            if number % 2 == 0:
                games = [new_game(client, pupil, said) for pupil in range(PUPILS)]
            else:
                games = [rematch(client, room, token, said) for room, token in games]
            finished(client, [room for room, _ in games])
            clock.now += EVERY
    requests = PUPILS * ROUNDS // 2 * (7 + 3)
    assert said == Counter({"200": requests - PUPILS * ROUNDS, "201": PUPILS * ROUNDS})


def test_the_creator_seating_bots_is_not_a_strangers_seat_request() -> None:
    """Rule: a stranger's seat requests are limited by address; a creator's are apart."""
    with server(settings=limited(seats_per_minute=1)) as client:
        room = new_room(client, "klepka", 5, pairs=4)
        for number in (1, 2, 3, 4):
            bot(client, room, number, "easy")
        seat(client, room, 0, "Ann")
        other = new_room(client, "klepka", 2)
        refused = client.post(f"/api/rooms/{other}/seats/0", json={"name": "Bob"})
        assert refused.status_code == 429 and refused.json()["error"] == "too-many-seat-requests"


def test_a_refused_token_counts_as_a_strangers_request_and_stops_a_guesser() -> None:
    """Rule: each refused token counts against its address; once over, even a right one
    waits (a guesser of tokens makes at most ``seats_per_minute`` guesses a minute)."""
    with server(settings=limited(seats_per_minute=2)) as client:
        room = new_room(client, "klepka", 3, pairs=4)
        path = f"/api/rooms/{room}/seats/1/bot"
        for guess in ("a", "b"):
            wrong = client.post(path, json={"level": "easy", "token": guess})
            assert wrong.status_code == 403 and wrong.json()["error"] == "not-creator"
        right = client.post(path, json={"level": "easy", "token": CREATORS[room]})
        assert right.status_code == 429 and right.json()["error"] == "too-many-seat-requests"
        assert client.get(f"/api/rooms/{room}").json()["seats"][1]["kind"] == "open"


def test_a_rematch_is_not_a_new_room_of_the_address() -> None:
    """Rule: rooms made from one address are limited; a rematch has its own, larger bound."""
    with server(settings=replace(limited(rooms_per_hour=1), away=0.0)) as client:
        said: Counter[str] = Counter()
        room, token = new_game(client, 0, said)
        finished(client, [room])
        again, _ = rematch(client, room, token, said)
        assert again and said["201"] == 2 and sum(said.values()) == said["200"] + 2
        refused = client.post("/api/rooms", json={"game": "klepka", "players": 2})
        assert refused.status_code == 429 and refused.json()["error"] == "too-many-rooms"
