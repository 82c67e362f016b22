"""The people of a room: avatars chosen from a list, reactions (a few emoji, one per seat every
two seconds, from seated players only), and a seat moved to another device by a one-time code."""

from __future__ import annotations

from typing import Any

import pytest

from igroteka.server import Settings
from igroteka.server.errors import RoomError
from igroteka.server.limits import Limits
from igroteka.server.people import AVATARS, MoveCodes
from tests.server.support import ROOMY, connected, new_room, seat, server


def seats(client: Any, room: str) -> list[dict[str, Any]]:
    return list(client.get(f"/api/rooms/{room}").json()["seats"])


def test_a_seat_keeps_the_avatar_chosen_and_a_seat_without_one_gets_its_own() -> None:
    with server() as client:
        room = new_room(client, "klepka", 3, pairs=4)
        client.post(f"/api/rooms/{room}/seats/0", json={"name": "Ann", "avatar": "🐙"})
        seat(client, room, 1, "Bob")
        shown = seats(client, room)
        assert [s["avatar"] for s in shown] == ["🐙", AVATARS[1], ""]


def test_an_avatar_not_in_the_list_is_refused_and_the_seat_stays_open() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        for wrong in ("💩", "<b>", "🦊🦊"):
            refused = client.post(
                f"/api/rooms/{room}/seats/0", json={"name": "Ann", "avatar": wrong}
            )
            assert (refused.status_code, refused.json()["error"]) == (400, "avatar")
        assert seats(client, room)[0]["kind"] == "open"


def test_a_reaction_is_told_to_everyone_and_a_second_within_two_seconds_is_refused() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        with connected(client, room, ann, "en") as mine, connected(client, room) as watcher:
            mine.receive_json(), watcher.receive_json()
            mine.send_json({"type": "react", "emoji": "🎉"})
            assert watcher.receive_json() == {"type": "reaction", "seat": 0, "emoji": "🎉"}
            assert mine.receive_json()["type"] == "reaction"
            mine.send_json({"type": "react", "emoji": "👍"})
            refused = mine.receive_json()
            assert refused["error"] == "too-many-reactions"
            assert refused["reason"] == "one reaction every 2 seconds: wait a moment"


def test_a_reaction_not_in_the_list_and_a_spectators_are_refused() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        with connected(client, room, ann) as mine:
            mine.receive_json()
            mine.send_json({"type": "react", "emoji": "you are silly"})
            assert mine.receive_json()["error"] == "reaction"
        with connected(client, room) as watcher:
            watcher.receive_json()
            watcher.send_json({"type": "react", "emoji": "👍"})
            assert watcher.receive_json()["error"] == "spectator"


def test_a_moved_seat_is_held_by_the_new_token_and_the_old_page_is_told() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        with connected(client, room, ann, "uk") as old:
            old.receive_json()
            code = client.post(f"/api/rooms/{room}/seats/0/move", json={"token": ann}).json()[
                "code"
            ]
            claimed = client.post(f"/api/rooms/{room}/seats/0/claim", json={"code": code})
            assert claimed.status_code == 200
            told = old.receive_json()
            assert told["error"] == "bad-token"
            assert told["reason"] == "це місце перейшло на інший пристрій"
        new = claimed.json()["token"]
        with connected(client, room, new) as moved:
            assert moved.receive_json()["seat"] == 0
        with connected(client, room, ann, "en") as stale:
            refused = stale.receive_json()
            assert refused["error"] == "bad-token"
            assert refused["reason"] == "this seat moved to another device"


def test_a_move_code_is_used_once_and_only_its_holder_gets_one() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        bob = seat(client, room, 1, "Bob")
        stolen = client.post(f"/api/rooms/{room}/seats/0/move", json={"token": bob})
        assert (stolen.status_code, stolen.json()["error"]) == (403, "bad-token")
        code = client.post(f"/api/rooms/{room}/seats/0/move", json={"token": ann}).json()["code"]
        assert (
            client.post(f"/api/rooms/{room}/seats/1/claim", json={"code": code}).status_code == 403
        )
        assert (
            client.post(f"/api/rooms/{room}/seats/0/claim", json={"code": code}).status_code == 200
        )
        again = client.post(f"/api/rooms/{room}/seats/0/claim", json={"code": code})
        assert (again.status_code, again.json()["error"]) == (403, "bad-code")


def test_a_move_code_expires() -> None:
    moves = MoveCodes(lasts=600.0)
    code = moves.issue(0, now=100.0)
    with pytest.raises(RoomError, match="expired"):
        moves.use(0, code, now=700.0)
    moves.use(0, moves.issue(0, now=100.0), now=699.0)  # within its 10 minutes: it moves
    short = Settings(
        reveal=0.0,
        bot=0.0,
        chosen_seeds=True,
        limits=Limits(**{**vars(ROOMY), "move_code_lasts": 0.0}),
    )
    with server(settings=short) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        code = client.post(f"/api/rooms/{room}/seats/0/move", json={"token": ann}).json()["code"]
        late = client.post(f"/api/rooms/{room}/seats/0/claim", json={"code": code})
        assert (late.status_code, late.json()["error"]) == (403, "bad-code")


def test_the_move_link_is_on_the_pages_origin_with_its_code_in_the_fragment_and_a_qr_code() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        answer = client.post(
            f"/api/rooms/{room}/seats/0/move",
            json={"token": ann},
            headers={"Origin": "http://testserver"},
        ).json()
        assert answer["link"] == f"http://testserver/r/{room}#move=0.{answer['code']}"
        assert answer["qr"].startswith("<svg") and "<script" not in answer["qr"]
        plain = client.post(f"/api/rooms/{room}/seats/0/move", json={"token": ann}).json()
        assert plain["link"] is None and plain["qr"] is None  # no origin: the page makes the link
