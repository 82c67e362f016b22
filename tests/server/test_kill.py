"""The server killed with SIGKILL mid-game and started again: the game goes on exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from igroteka.engine import Event
from igroteka.games import entry
from tests.server.support import free_port, join, running, two_players


class Player:
    """A seat played by a bot through its own websocket."""

    def __init__(self, port: int, room: str, token: str, game: str) -> None:
        self.found = entry(game)
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws/{room}", legacy=True)
        join(self.ws, token)
        welcome = json.loads(self.ws.recv())
        self.seat, self.view, self.seq = welcome["seat"], welcome["view"], welcome["seq"]
        self.agent = self.found.make_bot("easy", self.seat, 3)

    def drain(self, wait: float = 0.02) -> None:
        while True:
            try:
                message = json.loads(self.ws.recv(timeout=wait))
            except TimeoutError:
                return
            if message["type"] == "update":
                events = [
                    Event(e["kind"], {k: v for k, v in e.items() if k != "kind"})
                    for e in message["events"]
                ]
                self.agent.observe(events)
                self.view, self.seq = message["view"], message["seq"]

    def act(self) -> None:
        action = self.found.game.encode_action(self.agent.choose(self.view))
        message = {"type": "action", "action": action, "seq": self.seq, "id": f"{self.seq}"}
        self.ws.send(json.dumps(message))  # sent again on the same view: applied once


def play(players: list[Player], actions: int) -> None:
    """Let the seats act in turn until ``actions`` actions are taken or the game ends."""
    for _ in range(actions * 20):
        for player in players:
            player.drain()
        view = players[0].view
        if view.get("outcome") is not None or players[0].seq >= actions:
            return
        for player in players:
            if player.seat in player.view.get("awaited", player.view["actors"]):
                player.act()
                break


def survives_sigkill(store: Path | str) -> None:
    """A game played, the server killed mid-game and started again on the same store: both
    players come back to the views they had and play on to the end."""
    port = free_port()
    with running(store, port, chosen_seeds=True):
        api = f"http://127.0.0.1:{port}/api/rooms"
        body = {"game": "klepka", "players": 2, "options": {"pairs": 6}, "seed": 4}
        room, tokens = two_players(api, body)
        players = [Player(port, room, token, "klepka") for token in tokens]
        play(players, 9)
        stored = -1
        while stored != players[0].seq or stored != players[1].seq:  # every update has come
            stored = httpx.get(f"{api}/{room}").json()["seq"]
            for player in players:
                player.drain(0.2)
        seen: list[Any] = [(p.seq, p.view) for p in players]
    # killed: nothing is said to the players; they come back to a new process
    with running(store, port):
        again = [Player(port, room, token, "klepka") for token in tokens]
        assert [(p.seq, p.view) for p in again] == seen
        for old, new in zip(players, again, strict=True):
            new.agent = old.agent  # the same people, with what they remember
        play(again, 10_000)
        assert again[0].view["outcome"] is not None


@pytest.mark.slow
def test_a_game_survives_sigkill_and_both_players_carry_on(tmp_path: Path) -> None:
    survives_sigkill(tmp_path / "games.db")


@pytest.mark.postgres
def test_a_game_in_postgresql_survives_sigkill_and_both_players_carry_on(
    postgres_url: str,
) -> None:
    """The same with the store in PostgreSQL: the killed server's connections die with it,
    and what it acknowledged is there for the next."""
    survives_sigkill(postgres_url)


@pytest.mark.slow
def test_a_second_server_on_the_same_sqlite_file_refuses_to_start_and_says_why(
    tmp_path: Path,
) -> None:
    """Two servers alone on one store would stall each other's games without a word."""
    store = tmp_path / "games.db"
    with running(store, free_port()):
        command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(free_port())]
        second = subprocess.run(
            [*command, "--db", f"sqlite:///{store}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert second.returncode == 2
    assert "another Igroteka server uses the store" in second.stderr
    assert "Traceback" not in second.stderr
