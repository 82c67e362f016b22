"""How long revealed cards stay up in a room: the room's own reveal time, unless the server
is told one for every room (Game.pause, server/pacing.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from igroteka.server import Settings
from tests.server.support import ROOMY, connected, new_room, seat, server, start

ROOMS_CHOOSE = Settings(reveal=None, bot=0.0, chosen_seeds=True, limits=ROOMY)
"""A server that leaves the reveal time to each room, as one for players does."""


def seconds_cards_stay_up(settings: Settings, **options: Any) -> float:
    """Flip cards in a room of one player until two go back face down: the seconds from the
    update that shows them to the one that turns them back."""
    with server(settings=settings) as client:
        room = new_room(client, "klepka", 1, pairs=4, syncopes=0, **options)
        token = seat(client, room, 0, "Ann")
        start(client, room)
        with connected(client, room, token) as ws:
            message = ws.receive_json()
            flipped = 0
            while message["context"]["phase"] != "reveal":
                down = [i for i, place in enumerate(message["view"]["table"]) if place == "down"]
                ws.send_json(
                    {
                        "type": "action",
                        "action": {"type": "flip", "position": down[flipped % len(down)]},
                        "seq": message["seq"],
                        "id": str(flipped),
                    }
                )
                flipped += 1
                message = next_update(ws)
            shown = time.monotonic()
            message = next_update(ws)
            assert message["context"]["phase"] != "reveal"
            return time.monotonic() - shown


def next_update(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "error":
            raise AssertionError(message)
        if message["type"] == "update":
            return message


@pytest.mark.slow
def test_revealed_cards_stay_up_for_the_seconds_the_room_chose() -> None:
    quick = seconds_cards_stay_up(ROOMS_CHOOSE, reveal=1)
    slow = seconds_cards_stay_up(ROOMS_CHOOSE, reveal=3)
    assert 0.9 <= quick < 2.5
    assert 2.9 <= slow < 5.0


@pytest.mark.slow
def test_a_room_that_chooses_nothing_shows_revealed_cards_for_3_seconds() -> None:
    assert 2.9 <= seconds_cards_stay_up(ROOMS_CHOOSE) < 5.0


def test_a_servers_own_reveal_time_is_every_rooms() -> None:
    assert (
        seconds_cards_stay_up(Settings(reveal=0.0, chosen_seeds=True, limits=ROOMY), reveal=10)
        < 1.5
    )
