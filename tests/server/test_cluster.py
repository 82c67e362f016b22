"""Several server processes over one Redis and one PostgreSQL: any process serves any room,
and the SIGKILL of the one that holds a room loses no acknowledged action."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from websockets.sync.client import connect

from igroteka.server.rooms import MOVED_CLOSE
from tests.server.support import created, free_port, join, running, two_players
from tests.server.test_kill import Player, play

OPTIONS = {
    "klepka": {"pairs": 6},
    "letters": {"pairs": 10},
    "crossword": {"lang": "ru"},
    "associations": {"cards": 42, "goal": 10},
}


@contextlib.contextmanager
def processes(count: int, store: str, redis: str) -> Iterator[list[tuple[int, Any]]]:
    """``count`` server processes on one store and one Redis: (port, process) each."""
    with contextlib.ExitStack() as stack:
        started = []
        for _ in range(count):
            port = free_port()
            process = stack.enter_context(running(store, port, chosen_seeds=True, redis=redis))
            started.append((port, process))
        yield started


def api(port: int) -> str:
    return f"http://127.0.0.1:{port}/api/rooms"


def synced(players: list[Player], port: int, room: str) -> list[tuple[int, Any]]:
    """Every update has come to every player: what each has seen."""
    for _ in range(200):
        stored = httpx.get(f"{api(port)}/{room}").json()["seq"]
        for player in players:
            player.drain(0.05)
        if all(player.seq == stored for player in players):
            return [(player.seq, player.view) for player in players]
    raise AssertionError("the updates never all came")


def settled(players: list[Player], port: int, room: str) -> list[tuple[int, Any]]:
    """What each player has seen once no step is left to the clock (a reveal being shown is
    turned over by the server after its pause, which may fall while the room is taken over)."""
    for _ in range(100):
        seen = synced(players, port, room)
        view = seen[0][1]
        if view["actors"] or view.get("outcome") is not None:
            return seen
        time.sleep(0.1)
    raise AssertionError("the clock never handed the turn back to a player")


def closed_within(player: Player, seconds: float) -> int | None:
    """The close code of a player's websocket, once its server side has closed it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            player.ws.recv(timeout=0.2)
        except TimeoutError:
            continue
        except Exception:  # closed: the code says by whom
            return player.ws.close_code
    raise AssertionError("the websocket stayed open")


@pytest.mark.parametrize("game", list(OPTIONS))
def test_a_room_played_through_three_processes_survives_the_sigkill_of_its_holder(
    game: str, postgres_url: str, redis_url: str
) -> None:
    """The room is made on the first process (which holds it), its seats taken through the
    second, its players connected to the first and the third. The first is killed: within a
    few seconds the relayed websocket is closed to reconnect, the room is taken over, and
    both players come back to the views they had and play on."""
    with processes(3, postgres_url, redis_url) as servers:
        (first, holder), (second, _), (third, _) = servers
        body = {"game": game, "players": 2, "options": OPTIONS[game], "seed": 4}
        room, tokens = two_players(api(first), body, api(second), api(third))
        players = [Player(first, room, tokens[0], game), Player(third, room, tokens[1], game)]
        play(players, 8)
        seen = settled(players, second, room)
        assert seen[0][0] >= 8
        os.kill(holder.pid, signal.SIGKILL)
        assert closed_within(players[1], 15) == MOVED_CLOSE  # relayed through the third: told
        again = [Player(second, room, tokens[0], game), Player(third, room, tokens[1], game)]
        assert [(p.seq, p.view) for p in again] == seen
        for old, new in zip(players, again, strict=True):
            new.agent = old.agent  # the same people, with what they remember
        play(again, seen[0][0] + 8)
        after = synced(again, third, room)
        assert after[0][0] >= seen[0][0] + 8 or after[0][1].get("outcome") is not None


def test_every_process_lists_the_same_open_rooms_and_refuses_alike(
    postgres_url: str, redis_url: str
) -> None:
    with processes(2, postgres_url, redis_url) as servers:
        (first, _), (second, _) = servers
        body = {"game": "klepka", "players": 2, "options": {"pairs": 4}}
        room = created(httpx.post(api(first), json=body))
        listed = [[r["id"] for r in httpx.get(api(port)).json()] for port in (first, second)]
        assert listed == [[room], [room]]
        refused = httpx.post(
            f"{api(second)}/{room}/start",
            json={"token": "nobody"},
            headers={"Accept-Language": "uk"},
        )
        assert refused.status_code == 403
        assert refused.json()["error"] == "not-creator"
        with connect(f"ws://127.0.0.1:{second}/ws/{room}") as ws:  # a spectator, relayed
            join(ws)
            welcome = json.loads(ws.recv(timeout=10))
            assert welcome["type"] == "welcome" and welcome["room"]["id"] == room


@contextlib.contextmanager
def own_redis(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A Redis server of this test's own (it is killed and started again)."""
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1"]
    process = subprocess.Popen(
        [*command, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL
    )
    try:
        for _ in range(100):
            with contextlib.suppress(redis.RedisError):
                if redis.Redis(port=port).ping():
                    break
            time.sleep(0.05)
        yield process
    finally:
        process.kill()
        process.wait()


def until(check: Any, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.1)


def test_a_redis_that_goes_away_is_said_healthz_is_503_and_no_acknowledged_action_is_lost(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    """Redis killed mid-game: a line on the console, /healthz 503 until it is back; once a
    new, empty Redis answers, the room's player reconnects and finds every action it had."""
    redis_port, port = free_port(), free_port()
    own = f"redis://127.0.0.1:{redis_port}/0"
    log = tmp_path / "server.log"
    with (
        own_redis(redis_port) as first_redis,
        running(postgres_url, port, chosen_seeds=True, redis=own, output=log),
    ):
        body = {"game": "klepka", "players": 2, "options": {"pairs": 6}, "seed": 4}
        room, tokens = two_players(api(port), body)
        players = [Player(port, room, token, "klepka") for token in tokens]
        play(players, 6)
        seen = synced(players, port, room)
        first_redis.kill()
        first_redis.wait()
        until(lambda: httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 503)
        answer = httpx.get(f"http://127.0.0.1:{port}/healthz").json()
        assert answer["error"] == "no-redis"
        assert "does not answer" in log.read_text()
        with own_redis(redis_port):
            until(lambda: httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200)
            assert "answers again" in log.read_text()
            again = None
            for _ in range(50):  # its lease is gone with the old Redis: the room is taken anew
                with contextlib.suppress(Exception):
                    again = [Player(port, room, token, "klepka") for token in tokens]
                    break
                time.sleep(0.2)
            assert again is not None
            assert [(p.seq, p.view) for p in again] == seen
            for old, new in zip(players, again, strict=True):
                new.agent = old.agent
            play(again, 10_000)
            assert again[0].view["outcome"] is not None
