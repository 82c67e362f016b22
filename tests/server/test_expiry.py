"""Rooms expire: finished games leave memory, abandoned rooms close, and long after, both
leave the store, a finished game's record still downloadable."""

from __future__ import annotations

from dataclasses import replace

from fastapi.testclient import TestClient

from igroteka.server.limits import Expiry
from igroteka.store import Store
from tests.server.support import (
    FAST,
    bot,
    connected,
    new_room,
    play_through,
    seat,
    server,
    start,
)

NEVER = 10**9


def expiring(**times: float) -> object:
    """Settings whose rooms expire after ``times``; the tests sweep by themselves."""
    return replace(FAST, expiry=replace(Expiry(NEVER, NEVER, NEVER, NEVER), **times))


def sweep(client: TestClient) -> None:
    client.portal.call(client.app.state.rooms.sweep)  # type: ignore[union-attr, attr-defined]


def finished_game(client: TestClient) -> str:
    room = new_room(client, "klepka", 2, pairs=4)
    token = seat(client, room, 0, "Ann")
    bot(client, room, 1, "easy")
    start(client, room)
    play_through(client, room, token, "klepka")
    return room


def test_a_finished_game_with_nobody_here_leaves_memory_and_comes_back_when_asked() -> None:
    with server(settings=expiring(finished_idle=0)) as client:  # type: ignore[arg-type]
        room = finished_game(client)
        record = client.get(f"/api/rooms/{room}/record").text
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        sweep(client)
        assert room not in rooms.rooms
        assert client.get(f"/api/rooms/{room}").json()["finished"]  # rebuilt from the store
        assert client.get(f"/api/rooms/{room}/record").text == record


def test_a_room_with_someone_here_does_not_expire() -> None:
    with server(settings=expiring(abandoned=0)) as client:  # type: ignore[arg-type]
        room = new_room(client, "klepka", 2, pairs=4)
        with connected(client, room) as ws:
            ws.receive_json()
            sweep(client)
            assert client.get(f"/api/rooms/{room}").status_code == 200


def test_a_room_nobody_plays_in_is_closed_and_its_token_stops_working(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/games.db"
    settings = expiring(abandoned=7200)
    with server(url, settings) as client:  # type: ignore[arg-type]
        room = new_room(client, "klepka", 2, pairs=4)
        token = seat(client, room, 0, "Ann")
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        rooms.rooms[room].active -= 7200  # two hours without anyone
        sweep(client)
        answer = client.get(f"/api/rooms/{room}", headers={"Accept-Language": "uk"})
        assert answer.status_code == 410 and answer.json() == {
            "error": "gone",
            "reason": "кімнату закрито: у ній ніхто не грав 2 години",
        }
        refused = client.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"})
        assert refused.status_code == 410
        with connected(client, room, token) as ws:
            assert ws.receive_json()["error"] == "gone"
    with server(url, settings) as client:  # type: ignore[arg-type]
        assert client.get(f"/api/rooms/{room}").json()["error"] == "gone"  # after a restart too


def test_rooms_long_out_of_memory_leave_the_store_and_a_finished_games_record_stays(
    store_url: str,
) -> None:
    settings = expiring(finished_idle=0, abandoned=0, forgotten=0)
    with server(store_url, settings) as client:  # type: ignore[arg-type]
        done = finished_game(client)
        record = client.get(f"/api/rooms/{done}/record").text
        empty = new_room(client, "klepka", 2, pairs=4)
        sweep(client)  # out of memory
        sweep(client)  # and out of the store
        gone = client.get(f"/api/rooms/{done}")
        assert gone.status_code == 410 and "record can be downloaded" in gone.json()["reason"]
        assert client.get(f"/api/rooms/{done}/record").text == record
        assert client.get(f"/api/rooms/{empty}").json()["error"] == "no-room"
    store = Store(store_url)
    assert store.room(done) is None and store.room(empty) is None
    assert [room.id for room in store.rooms()] == []
    store.close()
    with server(store_url, settings) as client:  # type: ignore[arg-type]
        assert client.get(f"/api/rooms/{done}/record").text == record
        assert client.get(f"/api/rooms/{done}").status_code == 410


def test_a_seats_token_of_a_finished_game_stops_working_once_its_room_leaves_the_store() -> None:
    settings = expiring(finished_idle=0, forgotten=0)
    with server(settings=settings) as client:  # type: ignore[arg-type]
        room = new_room(client, "klepka", 2, pairs=4)
        token = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        start(client, room)
        play_through(client, room, token, "klepka")
        with connected(client, room, token) as ws:  # over, the token still holds its seat
            assert ws.receive_json()["seat"] == 0
        sweep(client)  # out of memory
        sweep(client)  # and out of the store
        with connected(client, room, token) as ws:
            refused = ws.receive_json()
        assert refused["type"] == "error" and refused["error"] == "gone"
        assert "record can be downloaded" in refused["reason"]
