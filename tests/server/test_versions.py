"""Rooms across versions: a stored room goes on after an update while its log replays, and is
stopped with a clear result when it no longer does; never set aside."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from igroteka.engine import GameRecord
from igroteka.games import versions
from igroteka.i18n import Text, translate
from igroteka.server.lobby import digest
from igroteka.store import Room, Seat, Store
from tests.server.support import connected, new_room, seat, server, start

ANN = "ann-token-that-nobody-guesses"
FLIP_0 = {"type": "flip", "position": 0}
FLIP_1 = {"type": "flip", "position": 1}


def stored_room(
    url: str, room_id: str, actions: list[tuple[int, dict[str, Any]]], settings: dict[str, Any]
) -> None:
    """A started room of Klepka written into the store by hand, as an older server left it."""
    store = Store(url)
    room = Room(room_id, "klepka", {"pairs": 4, "starter": 0}, 1, 2, 0.0, settings, started=True)
    room.seats = [Seat(0, "person", "Ann", "", digest(ANN)), Seat(1, "person", "Bob", "", "y")]
    store.create_room(room)
    for number, (seat_number, action) in enumerate(actions):
        store.append_action(room_id, number, seat_number, action)
    store.close()


def test_a_started_room_keeps_the_versions_it_is_played_with_and_its_record_says_them(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url) as client:
        room = new_room(client, "letters", 1, pairs=10)
        seat(client, room, 0, "Ann")
        start(client, room)
    kept = {stored.id: stored for stored in Store(url).rooms()}[room]
    assert kept.settings["versions"] == versions("letters")
    assert set(versions("letters")) == {"rules", "lexicon"}


def test_a_room_of_an_older_version_whose_log_replays_goes_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    stored_room(url, "older", [(0, FLIP_0)], {"versions": {"rules": 0}})
    with server(url) as client:
        described = client.get("/api/rooms/older").json()
        assert described["seq"] == 1 and not described["finished"] and not described["stopped"]
        with connected(client, "older") as ws:
            welcome = ws.receive_json()
        assert welcome["context"]["outcome"] is None and welcome["context"]["awaited"] == [0]


def test_a_room_whose_log_an_update_refuses_is_stopped_as_far_as_it_replays(
    tmp_path: Path,
) -> None:
    """The second action is no longer legal (seat 1 flips in seat 0's turn): the game stands as
    it was after the first, and is over, "stopped by an update", in each player's language."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    stored_room(url, "older", [(0, FLIP_0), (1, FLIP_1)], {})  # an older server kept no versions
    with server(url) as client:
        reply = client.get("/api/rooms/older")
        assert reply.status_code == 200
        described = reply.json()
        assert described["finished"] and described["stopped"] and described["seq"] == 1
        with connected(client, "older", ANN, "uk") as ws:
            welcome = ws.receive_json()
            outcome = welcome["context"]["outcome"]
            reason = Text("this game was stopped by an update")
            assert outcome["reason"] == translate(reason, "uk") != str(reason)
            assert outcome["winners"] == [] and outcome["stopped"]["after"] == 1
            assert welcome["view"]["table"][0] == "up"  # the table as it stood
            ws.send_json({"type": "action", "action": FLIP_1, "seq": 1})
            refused = ws.receive_json()
            while refused["type"] == "room":
                refused = ws.receive_json()
            assert refused["error"] == "over" and refused["reason"] == translate(reason, "uk")
        record = GameRecord.from_json(client.get("/api/rooms/older/record").text)
        assert len(record.actions) == 1 and record.versions == versions("klepka")
        assert client.get("/api/rooms/older/replay/1").json()["steps"] == 1


def test_a_log_changed_by_hand_stops_the_game_with_its_own_reason(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    stored_room(url, "edited", [(1, FLIP_0)], {"versions": versions("klepka")})
    with server(url) as client:
        with connected(client, "edited") as ws:
            outcome = ws.receive_json()["context"]["outcome"]
        assert outcome["reason"] == "this game was stopped: its stored log no longer replays"
        assert client.get("/api/rooms/edited").json()["seq"] == 0


def test_a_room_whose_options_an_update_refuses_is_stopped_before_its_first_state(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store(url)
    room = Room("odd", "klepka", {"pairs": 400}, 1, 2, 0.0, {}, started=True)
    room.seats = [Seat(0, "person", "Ann", "", "x"), Seat(1, "person", "Bob", "", "y")]
    store.create_room(room)
    store.close()
    with server(url) as client:
        described = client.get("/api/rooms/odd").json()
        assert described["finished"] and described["stopped"]
        with connected(client, "odd") as ws:
            welcome = ws.receive_json()
        assert welcome["view"] is None
        assert welcome["context"]["outcome"]["reason"] == "this game was stopped by an update"
