"""The server: rooms, seats held by tokens, games over websockets, rooms back after a restart."""

from __future__ import annotations

import pytest

from igroteka.engine import GameRecord, replay
from igroteka.games import get_game
from tests.server.support import bot, connected, new_room, play_through, seat, server, start


def test_the_server_answers_health_and_describes_its_api() -> None:
    with server() as client:
        assert client.get("/healthz").json() == {"ok": True}
        paths = client.get("/openapi.json").json()["paths"]
        assert {"/api/rooms", "/api/rooms/{room_id}/seats/{seat}", "/api/games"} <= set(paths)
        games = {g["name"]: g for g in client.get("/api/games").json()}
        assert {"klepka", "letters"} <= set(games) and games["letters"]["bot_levels"]


def test_a_person_and_a_bot_play_klepka_to_the_end_and_the_record_replays() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=5)
        token = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        start(client, room)
        messages = play_through(client, room, token, "klepka")
        outcome = messages[-1]["view"]["outcome"]
        assert outcome is not None and outcome["winners"]
        text = client.get(f"/api/rooms/{room}/record").text
        replayed = replay(get_game("klepka"), GameRecord.from_json(text))
        assert list(replayed.outcome().scores) == outcome["scores"]  # type: ignore[union-attr]


def test_two_people_play_klepka_letters_with_a_bot() -> None:
    with server() as client:
        room = new_room(client, "letters", 3, pairs=12)
        ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
        bot(client, room, 2, "medium")
        start(client, room)
        import threading

        results: dict[str, list[dict[str, object]]] = {}
        other = threading.Thread(
            target=lambda: results.__setitem__("bob", play_through(client, room, bob, "letters"))
        )
        other.start()
        results["ann"] = play_through(client, room, ann, "letters")
        other.join(timeout=120)
        for name in ("ann", "bob"):
            assert results[name][-1]["view"]["outcome"] is not None


@pytest.mark.slow
def test_a_room_comes_back_exactly_after_a_restart(store_url: str) -> None:
    url = store_url
    with server(url) as client:
        room = new_room(client, "letters", 2, pairs=10)
        token = seat(client, room, 0, "Ann")
        bot(client, room, 1, "hard")
        start(client, room)
        messages = play_through(client, room, token, "letters", most=12)
        before = client.get(f"/api/rooms/{room}").json()
        with connected(client, room, token) as ws:
            view = ws.receive_json()["view"]
    assert messages and before["started"]
    with server(url) as client:
        after = client.get(f"/api/rooms/{room}").json()
        with connected(client, room, token) as ws:
            welcome = ws.receive_json()
        assert after["seq"] >= before["seq"]
        if after["seq"] == before["seq"]:
            assert welcome["view"] == view
        assert welcome["seat"] == 0
        finished = play_through(client, room, token, "letters")
        assert finished[-1]["view"]["outcome"] is not None


def test_a_finished_game_is_replayed_step_by_step_as_a_spectator_saw_it() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        token = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        start(client, room)
        assert client.get(f"/api/rooms/{room}/replay/0").status_code == 409  # not over yet
        messages = play_through(client, room, token, "klepka")
        first = client.get(f"/api/rooms/{room}/replay/0").json()
        last = client.get(f"/api/rooms/{room}/replay/{first['steps']}").json()
        assert first["view"]["seat"] is None and first["events"] == []
        assert last["view"]["outcome"] == messages[-1]["view"]["outcome"]
        assert client.get(f"/api/rooms/{room}/replay/{first['steps'] + 1}").status_code == 404
