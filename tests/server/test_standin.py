"""A seat whose player has gone, or whose turn timer runs out, is played by a bot."""

from __future__ import annotations

import time
from typing import Any

import pytest

from igroteka.server import Settings
from tests.server.support import connected, new_room, seat, server, start

QUICK = Settings(reveal=0.0, bot=0.0, away=0.1, chosen_seeds=True)


def wait_for(client: Any, room: str, test: Any, seconds: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found: dict[str, Any] = client.get(f"/api/rooms/{room}").json()
        if test(found):
            return found
        time.sleep(0.05)
    raise AssertionError(f"room {room} never reached the state wanted")


def test_players_who_have_gone_are_played_by_bots_until_the_game_ends() -> None:
    with server(settings=QUICK) as client:
        room = new_room(client, "klepka", 2, pairs=4, chain="auto")
        seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)  # nobody is connected: both have gone
        done = wait_for(client, room, lambda r: r["finished"])
        assert done["seq"] > 8 and not any(s["present"] for s in done["seats"])


def test_players_gone_from_a_table_that_acts_at_once_are_all_played_by_bots() -> None:
    """Associations: the others lay and vote at the same moment; a stand-in plays each seat
    whose player has gone, every step, to the end of the game."""
    with server(settings=QUICK) as client:
        room = new_room(client, "associations", 4, goal=10)
        seat(client, room, 0, "Ann")
        for n, name in enumerate(["Bob", "Cat", "Dan"], 1):
            seat(client, room, n, name)
        start(client, room)
        done = wait_for(client, room, lambda r: r["finished"], seconds=60)
        assert done["seq"] > 8 and not any(s["present"] for s in done["seats"])


@pytest.mark.slow
def test_a_player_who_is_here_is_waited_for_and_the_turn_timer_plays_for_them() -> None:
    with server(settings=QUICK) as client:
        room = new_room(client, "letters", 2, pairs=10, starter=0)
        ann = seat(client, room, 0, "Ann")
        bob = seat(client, room, 1, "Bob")
        start(client, room)
        with (
            connected(client, room, ann),
            connected(client, room, bob),
        ):
            time.sleep(0.5)
            here = client.get(f"/api/rooms/{room}").json()
            assert here["seq"] == 0 and all(s["present"] for s in here["seats"])
    with server(settings=QUICK) as client:
        timed = new_room(client, "letters", 2, turn_timer=1, pairs=10, starter=0)
        ann = seat(client, timed, 0, "Ann")
        bob = seat(client, timed, 1, "Bob")
        start(client, timed)
        with (
            connected(client, timed, ann),
            connected(client, timed, bob),
        ):
            started = time.monotonic()
            moved = wait_for(client, timed, lambda r: r["seq"] >= 1, seconds=5)
            assert time.monotonic() - started >= 0.8 and moved["turn_timer"] == 1


def test_a_turn_timer_out_of_range_is_refused() -> None:
    with server() as client:
        for timer, bound in ((0, "at least 1"), (3601, "at most 3600")):
            body = {"game": "klepka", "players": 2, "turn_timer": timer}
            reply = client.post("/api/rooms", json=body)
            assert reply.status_code == 422 and reply.json()["error"] == "bad-request"
            assert reply.json()["reason"] == f"‘turn_timer’ must be {bound}"
