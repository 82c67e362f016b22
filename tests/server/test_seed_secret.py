"""A room's seed gives its whole layout, so nobody is told it before the game is over: no view,
event, context or room message to any seat or spectator carries it, nor does the room's HTTP
answer; the record, with its seed, is given once the game has ended."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.support import CREATORS, connected, created, play_through, seat, server, start

SEEDS = st.integers(2**40, 2**48 - 1)
"""Seeds of 13 digits and more: one found in a message's text is the seed, not chance."""
GAMES = [
    ("klepka", {"pairs": 5}),
    ("letters", {"pairs": 10}),
    ("crossword", {}),
    ("associations", {"goal": 10}),
]


def keys(value: Any) -> Iterator[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from keys(inner)


def tells(message: Any, seed: int) -> bool:
    """Whether a message names the seed: its number anywhere (in text too), or a key ``seed``."""
    return str(seed) in json.dumps(message) or "seed" in keys(message)


def before_the_end(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages sent while the game had not ended yet."""
    told = []
    for message in messages:
        if (message.get("context") or {}).get("outcome") is not None:
            break
        told.append(message)
    return told


def spectate(client: Any, room: str, into: list[dict[str, Any]]) -> None:
    with connected(client, room) as ws:
        while True:
            message = ws.receive_json()
            into.append(message)
            if (message.get("context") or {}).get("outcome") is not None:
                return


@pytest.mark.parametrize(("game", "options"), GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
@pytest.mark.slow
def test_no_message_to_a_seat_or_a_spectator_tells_the_seed_before_the_game_ends(
    game: str, options: dict[str, Any], seed: int
) -> None:
    with server() as client:
        made = client.post(
            "/api/rooms", json={"game": game, "players": 2, "options": options, "seed": seed}
        )
        room = created(made)
        answers = [made.json()]
        ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
        received: dict[int | None, list[dict[str, Any]]] = {None: []}
        watcher = threading.Thread(target=spectate, args=(client, room, received[None]))
        watcher.start()
        start(client, room)
        answers.append(client.get(f"/api/rooms/{room}").json())
        other = threading.Thread(
            target=lambda: received.__setitem__(1, play_through(client, room, bob, game, "easy"))
        )
        other.start()
        received[0] = play_through(client, room, ann, game, "easy")
        other.join(timeout=120)
        watcher.join(timeout=120)
        record = client.get(f"/api/rooms/{room}/record").json()
    assert set(received) == {None, 0, 1}  # every seat played to the end, and the spectator saw it
    for who, messages in received.items():
        told = before_the_end(messages)
        assert told and len(told) < len(messages), who  # the game ended while it was watched
        assert [m for m in told if tells(m, seed)] == [], who
    assert [answer for answer in answers if tells(answer, seed)] == []
    assert record["seed"] == seed  # once the game is over, the record has it


def test_the_record_and_its_seed_are_given_only_once_the_game_is_over() -> None:
    with server() as client:
        room = created(
            client.post(
                "/api/rooms",
                json={"game": "klepka", "players": 2, "options": {"pairs": 3}, "seed": 2**45},
            )
        )
        refused = client.get(f"/api/rooms/{room}/record")
        assert refused.status_code == 409 and refused.json()["error"] == "not-started"
        ann = seat(client, room, 0, "Ann")
        client.post(
            f"/api/rooms/{room}/seats/1/bot", json={"level": "easy", "token": CREATORS[room]}
        )
        start(client, room)
        refused = client.get(f"/api/rooms/{room}/record")
        assert refused.status_code == 409 and refused.json()["error"] == "not-over"
        assert str(2**45) not in refused.text
        play_through(client, room, ann, "klepka")
        assert client.get(f"/api/rooms/{room}/record").json()["seed"] == 2**45
