"""Who may change a room before its game: its creator (the token ``POST /api/rooms`` answers)
seats bots, changes the options and starts; a seated person may leave their seat; the creator
frees the seat of a person who has gone. And a seed chosen by whoever made the room is refused,
unless the server allows it, and then everyone is told."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from igroteka.server import Settings
from igroteka.server.lobby import digest
from igroteka.store import Room, Seat, Store
from tests.server.support import CREATORS, FAST, bot, connected, new_room, seat, server, start

PLAIN = Settings(reveal=0.0, bot=0.0)
"""A server as ``igroteka serve`` runs one for others: it draws every seed."""


def post(client: Any, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    reply = client.post(path, json=body)
    return reply.status_code, reply.json()


def seats_of(client: Any, room: str) -> list[tuple[str, str]]:
    return [(s["kind"], s["name"]) for s in client.get(f"/api/rooms/{room}").json()["seats"]]


def test_a_stranger_cannot_seat_a_bot_or_change_a_bots_level() -> None:
    with server() as client:
        room = new_room(client, "klepka", 3, pairs=4)
        ann = seat(client, room, 0, "Ann")
        for token in ("", "made-up", ann):  # nobody's, a wrong one, a seat's
            code, refused = post(
                client, f"/api/rooms/{room}/seats/1/bot", {"level": "easy", "token": token}
            )
            assert (code, refused["error"]) == (403, "not-creator"), token
            assert refused["reason"] == "only the room's creator can seat bots"
        bot(client, room, 2, "easy")
        code, refused = post(client, f"/api/rooms/{room}/seats/2/bot", {"level": "hard"})
        assert (code, refused["error"]) == (403, "not-creator")
        assert seats_of(client, room) == [("person", "Ann"), ("open", ""), ("bot", "bot:easy")]


def test_the_creator_seats_bots_and_changes_their_level() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        token = CREATORS[room]
        assert post(client, f"/api/rooms/{room}/seats/1/bot", {"level": "easy", "token": token})[0]
        code, changed = post(
            client, f"/api/rooms/{room}/seats/1/bot", {"level": "hard", "token": token}
        )
        assert code == 200 and changed["seats"][1]["level"] == "hard"


def test_a_stranger_cannot_start_the_game_and_neither_can_a_seats_token() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        for token in ("", "made-up", ann):
            code, refused = post(client, f"/api/rooms/{room}/start", {"token": token})
            assert (code, refused["error"]) == (403, "not-creator"), token
            assert refused["reason"] == "only the room's creator can start the game"
        code, refused = post(client, f"/api/rooms/{room}/start", {})
        assert (code, refused["error"]) == (403, "not-creator")
        assert client.get(f"/api/rooms/{room}").json()["started"] is False


def test_the_creator_starts_the_game_without_holding_a_seat() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        bot(client, room, 0, "easy")
        bot(client, room, 1, "easy")
        code, started = post(client, f"/api/rooms/{room}/start", {"token": CREATORS[room]})
        assert code == 200 and started["started"] is True


def test_the_creator_token_is_answered_once_and_kept_only_as_its_digest(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url) as client:
        made = client.post("/api/rooms", json={"game": "klepka", "players": 2}).json()
        room, token = made["id"], made["creator"]
        assert len(token) >= 32
        shown = client.get(f"/api/rooms/{room}").json()
        assert "creator" not in shown and shown["seated_creators"] is False
    stored = next(r for r in Store(url).rooms() if r.id == room)
    assert stored.settings["creator"] == digest(token) and token not in str(stored.settings)
    with server(url) as client:  # the creator is the creator after a restart too
        for number in (0, 1):
            body = {"level": "easy", "token": token}
            assert post(client, f"/api/rooms/{room}/seats/{number}/bot", body)[0] == 200
        assert post(client, f"/api/rooms/{room}/start", {"token": token})[0] == 200


def test_a_seated_person_leaves_their_seat_and_their_connection_only_watches() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        with connected(client, room, ann) as ws:
            assert ws.receive_json()["seat"] == 0
            code, left = post(client, f"/api/rooms/{room}/seats/0/leave", {"token": ann})
            assert code == 200 and left["seats"][0]["kind"] == "open"
            told = ws.receive_json()
            while told["room"]["seats"][0]["kind"] != "open":
                told = ws.receive_json()
            bob = seat(client, room, 0, "Bob")  # the seat is open to anyone again
            seat(client, room, 1, "Cat")
            start(client, room)
            while ws.receive_json().get("context") is None:
                pass
            flip = {"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0}
            ws.send_json(flip)  # Ann's old connection: no longer Bob's seat
            refused = ws.receive_json()
            while refused["type"] != "error":
                refused = ws.receive_json()
            assert refused["error"] == "spectator"
        with connected(client, room, ann) as ws:
            assert ws.receive_json()["error"] == "bad-token"  # her token holds nothing now
        assert client.get(f"/api/rooms/{room}").json()["seq"] == 0
        assert bob


def test_nobody_else_makes_a_person_leave_a_seat() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        seat(client, room, 0, "Ann")
        bob = seat(client, room, 1, "Bob")
        for token in ("", "made-up", bob):
            code, refused = post(client, f"/api/rooms/{room}/seats/0/leave", {"token": token})
            assert (code, refused["error"]) == (403, "not-creator"), token
        code, refused = post(client, f"/api/rooms/{room}/seats/1/leave", {"token": bob})
        assert code == 200
        code, refused = post(client, f"/api/rooms/{room}/seats/1/leave", {"token": bob})
        assert (code, refused["error"]) == (409, "not-held")
        assert seats_of(client, room) == [("person", "Ann"), ("open", "")]


def test_the_creator_frees_the_seat_of_a_person_who_has_gone_not_of_one_who_is_here() -> None:
    with server() as client:
        room = new_room(client, "klepka", 3, pairs=4)
        ann, creator = seat(client, room, 0, "Ann"), CREATORS[room]
        seat(client, room, 1, "Bob")  # Bob took the seat and closed the page
        bot(client, room, 2, "easy")
        with connected(client, room, ann) as ws:
            ws.receive_json()
            code, refused = post(client, f"/api/rooms/{room}/seats/0/leave", {"token": creator})
            assert (code, refused["error"]) == (409, "present")
            assert refused["reason"] == "Ann is here: only they can leave seat 1"
            assert post(client, f"/api/rooms/{room}/seats/1/leave", {"token": creator})[0] == 200
            assert post(client, f"/api/rooms/{room}/seats/2/leave", {"token": creator})[0] == 200
        assert seats_of(client, room) == [("person", "Ann"), ("open", ""), ("open", "")]


def test_seats_and_options_stay_as_they_are_once_the_game_has_started() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann, creator = seat(client, room, 0, "Ann"), CREATORS[room]
        bot(client, room, 1, "easy")
        start(client, room)
        for token in (ann, creator):
            code, refused = post(client, f"/api/rooms/{room}/seats/0/leave", {"token": token})
            assert (code, refused["error"]) == (409, "started")
        code, refused = post(
            client, f"/api/rooms/{room}/options", {"token": creator, "options": {"pairs": 6}}
        )
        assert (code, refused["error"]) == (409, "started")
        assert client.get(f"/api/rooms/{room}").json()["options"]["pairs"] == 4


def test_the_creator_changes_the_options_checked_as_when_the_room_was_made() -> None:
    with server() as client:
        room = new_room(client, "letters", 2, pairs=10)
        creator, ann = CREATORS[room], seat(client, room, 0, "Ann")
        path = f"/api/rooms/{room}/options"
        for token in ("", ann):
            code, refused = post(client, path, {"token": token, "options": {"pairs": 12}})
            assert (code, refused["error"]) == (403, "not-creator")
            assert refused["reason"] == "only the room's creator can change the options"
        code, refused = post(client, path, {"token": creator, "options": {"pairs": 3}})
        assert code == 400 and refused["error"] == "options"
        made = client.post(
            "/api/rooms", json={"game": "letters", "players": 2, "options": {"pairs": 3}}
        )
        assert refused["reason"] == made.json()["reason"]  # the very check of a new room
        assert client.get(f"/api/rooms/{room}").json()["options"]["pairs"] == 10
        code, changed = post(client, path, {"token": creator, "options": {"pairs": 12}})
        assert code == 200 and changed["options"]["pairs"] == 12
        assert changed["seats"][0]["name"] == "Ann"  # the seats stay taken


def test_every_change_of_seats_or_options_is_told_to_every_connection() -> None:
    with server() as client:
        room = new_room(client, "klepka", 3, pairs=4)
        creator, ann = CREATORS[room], seat(client, room, 0, "Ann")
        with (
            connected(client, room, ann) as mine,
            connected(client, room) as watching,
        ):
            for ws in (mine, watching):
                ws.receive_json()
            time.sleep(0.1)  # the connections' own news first
            changes: list[tuple[str, dict[str, Any]]] = [
                (f"/api/rooms/{room}/seats/1/bot", {"level": "easy", "token": creator}),
                (f"/api/rooms/{room}/options", {"token": creator, "options": {"pairs": 5}}),
                (f"/api/rooms/{room}/seats/1/leave", {"token": creator}),
            ]
            for path, body in changes:
                code, answered = post(client, path, body)
                assert code == 200
                for ws in (mine, watching):
                    told = ws.receive_json()
                    while told["room"] != answered:
                        told = ws.receive_json()
                    assert told["type"] == "room"


def test_a_chosen_seed_is_refused_by_a_server_for_others() -> None:
    with server(settings=PLAIN) as client:
        code, refused = post(client, "/api/rooms", {"game": "klepka", "players": 2, "seed": 7})
        assert (code, refused["error"]) == (400, "seed")
        assert refused["reason"] == "a room's seed is drawn by the server"
        code, made = post(client, "/api/rooms", {"game": "klepka", "players": 2})
        assert code == 201 and made["chosen_seed"] is False


def test_the_api_description_offers_a_seed_only_where_the_server_takes_one() -> None:
    for settings, offered in ((PLAIN, False), (FAST, True)):
        with server(settings=settings) as client:
            schema = client.get("/openapi.json").json()
            fields = schema["components"]["schemas"]["NewRoom"]["properties"]
            refused = schema["paths"]["/api/rooms"]["post"]["responses"]["400"]["description"]
            assert ("seed" in fields) is offered and ("seed" in refused) is offered
            assert "options" in refused  # the other refusals stay


def test_a_room_made_with_a_chosen_seed_says_so_to_everyone() -> None:
    with server() as client:  # the tests' server takes chosen seeds
        chosen = new_room(client, "klepka", 2)
        drawn = client.post("/api/rooms", json={"game": "klepka", "players": 2}).json()["id"]
        assert client.get(f"/api/rooms/{chosen}").json()["chosen_seed"] is True
        assert client.get(f"/api/rooms/{drawn}").json()["chosen_seed"] is False
        with connected(client, chosen) as ws:
            assert ws.receive_json()["room"]["chosen_seed"] is True


def test_a_room_stored_before_creator_tokens_lets_any_seated_person_act_as_its_creator(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store(url)
    seats = [Seat(0, "person", "Ann", "", digest("ann-token")), Seat(1), Seat(2)]
    store.create_room(Room("old", "klepka", {"pairs": 4}, 9, 3, 0.0, {}, seats=seats))
    store.close()
    with server(url) as client:
        assert client.get("/api/rooms/old").json()["seated_creators"] is True  # pages know it
        code, refused = post(client, "/api/rooms/old/seats/1/bot", {"level": "easy"})
        assert (code, refused["error"]) == (403, "not-creator")  # a stranger still may not
        token = "ann-token"
        assert (
            post(client, "/api/rooms/old/seats/1/bot", {"level": "easy", "token": token})[0] == 200
        )
        bob = seat(client, "old", 2, "Bob")
        assert post(client, "/api/rooms/old/seats/1/leave", {"token": bob})[0] == 200
        assert post(client, "/api/rooms/old/seats/1/bot", {"level": "easy", "token": bob})[0] == 200
        code, started = post(client, "/api/rooms/old/start", {"token": bob})
        assert code == 200 and started["started"] is True


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("x" * 100_000, "имя — не больше 32 символов"),
        ("Ann" + " " * 40 + "x" * 30, "имя — не больше 32 символов"),
        ("Ann\u202egnaG", "имя не может содержать невидимый символ U+202E"),
        ("Ann\x00", "имя не может содержать невидимый символ U+0000"),
        ("Ann\nBob", "имя не может содержать невидимый символ U+000A"),
        ("\u200bAnn", "имя не может содержать невидимый символ U+200B"),
        ("   ", "игроку нужно имя"),
    ],
)
def test_a_name_too_long_or_with_an_invisible_character_is_refused_with_its_reason(
    name: str, reason: str
) -> None:
    """Rule: a name is what the others will read: at most 32 characters, no control character,
    nothing invisible that turns or hides text; refused, never cut or kept silently."""
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        reply = client.post(
            f"/api/rooms/{room}/seats/0", json={"name": name}, headers={"Accept-Language": "ru"}
        )
        assert reply.status_code == 400 and reply.json()["reason"] == reason
        assert reply.json()["error"] == ("no-name" if not name.strip() else "bad-name")
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "open"


@pytest.mark.parametrize(
    "name", ["Олеся Ґудзь", "Пётр", "Мар’яна", "O'Brien", "👨‍👩‍👧 Family", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scots", "x" * 32]
)
def test_a_name_of_any_script_with_emoji_joiners_and_flags_is_taken_as_written(name: str) -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        seat(client, room, 0, name)
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == name
