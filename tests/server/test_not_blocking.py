"""Nothing blocks the server: while one room's bot thinks, the other rooms play on."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from igroteka.engine import Agent, Event
from igroteka.games import Entry, entry, register
from tests.server.support import bot, connected, new_room, seat, server, start

GATED = "gated"


class GatedBot:
    """bot:medium of Klepka that, before each move, waits until a file is there (a slow step:
    the file is the test's say-so, seen from whatever process the bot thinks in)."""

    def __init__(self, inner: Agent[Any], gate: Path) -> None:
        self.inner, self.gate = inner, gate

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)

    def choose(self, view: dict[str, Any]) -> Any:
        deadline = time.monotonic() + 30
        while not self.gate.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.inner.choose(view)

    def offer(self, view: dict[str, Any]) -> Any:
        return self.inner.offer(view)

    def refused(self, reason: str) -> None:
        self.inner.refused(reason)


class GatedGame(type(entry("klepka").game)):  # type: ignore[misc]
    name = GATED


@pytest.fixture
def gate(tmp_path: Path) -> Iterator[Path]:
    """The file that lets the gated bots move; the game is registered while the test runs."""
    door = tmp_path / "open"
    klepka = entry("klepka")

    def make_bot(level: str, seat: int, seed: int) -> Agent[Any]:
        return GatedBot(klepka.make_bot("medium", seat, seed), door)

    declaration = dataclasses.replace(klepka.declaration, name=GATED)
    unregister = register(Entry(GatedGame(), make_bot, declaration))
    yield door
    unregister()


def test_another_room_plays_on_while_a_bot_thinks_and_healthz_answers(gate: Path) -> None:
    with server() as client:
        slow = new_room(client, GATED, 2, pairs=3)
        seat(client, slow, 0, "Ann")
        bot(client, slow, 1, "medium")
        start(client, slow)  # the London question: the bot thinks about it, and waits
        fast = new_room(client, "klepka", 2, pairs=3)
        bob = seat(client, fast, 0, "Bob")
        cyd = seat(client, fast, 1, "Cyd")
        start(client, fast)
        with (
            connected(client, fast, bob) as ws,
            connected(client, fast, cyd),
        ):
            welcome = ws.receive_json()
            assert welcome["seat"] == 0 and 0 in welcome["view"]["actors"]
            klepka = entry("klepka")
            chosen = klepka.make_bot("medium", 0, 1).choose(welcome["view"])
            action = klepka.game.encode_action(chosen)
            ws.send_json({"type": "action", "action": action, "seq": welcome["seq"]})
            while (message := ws.receive_json())["type"] != "update":
                pass
            assert message["seq"] == welcome["seq"] + 1  # answered, the bot still thinking
            assert client.get("/healthz").json() == {"ok": True}
            assert client.get(f"/api/rooms/{slow}").json()["seq"] == 0
        gate.touch()
        deadline = time.monotonic() + 20
        while client.get(f"/api/rooms/{slow}").json()["seq"] == 0:
            assert time.monotonic() < deadline, "the bot never moved"
            time.sleep(0.02)
