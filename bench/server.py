"""The web server under load: N rooms of 4 bot clients over real websockets.

    python bench/server.py [--rooms 200] [--seconds 30] [--think 1.0] [--game klepka]

A server process (uvicorn, SQLite store in a temporary folder, no pacing of its
own) and this load process share the machine's 2 cores. Each room has 4 seats
taken by clients that play like bot:medium over their websockets: when the view
says it is their turn, they think for 0.5 to 1.5 times --think seconds (as
people do, not all at once), choose, and send the action. Measured, for every
action a client sends: the latency from sending it to the moment its update
has reached all 4 clients of the room.
Reported: actions per second (all actions, the server's timed steps included),
and p50/p99/max latency. The baseline in the same run is the same load with
one room, where nothing queues.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from _common import table
from igroteka.engine import Event
from igroteka.games import entry


class Client:
    """One seat of a room, played by a bot over a websocket."""

    def __init__(self, game: str, room: Room, seat: int, token: str, think: float) -> None:
        self.found = entry(game)
        self.room, self.seat, self.token, self.think = room, seat, token, think
        self.bot = self.found.make_bot("medium", seat, seat + 1)
        self.seq = -1
        self.view: dict[str, Any] = {}
        self.random = random.Random(hash((room.id, seat)))

    async def run(self, url: str, stop: float) -> None:
        async with websockets.connect(
            f"{url}/ws/{self.room.id}?token={self.token}", max_size=None
        ) as ws:
            pending: asyncio.Task[None] | None = None
            while time.perf_counter() < stop:
                try:
                    text = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.01, stop - time.perf_counter())
                    )
                except TimeoutError:
                    break
                message = json.loads(text)
                if message.get("view") is None:
                    continue
                view, seq = message["view"], message["seq"]
                if message["type"] == "update":
                    self.room.arrived(seq, self.seat)
                    self.bot.observe(
                        [
                            Event(e["kind"], {k: v for k, v in e.items() if k != "kind"})
                            for e in message["events"]
                        ]
                    )
                self.seq, self.view = seq, view
                if view.get("outcome") is not None:
                    self.room.finished = True
                    break
                waiting = view.get("awaited", view["actors"])
                if self.seat in waiting and (pending is None or pending.done()):
                    pending = asyncio.create_task(self.act(ws))
            if pending is not None:
                pending.cancel()

    async def act(self, ws: Any) -> None:
        """Think, then play on the latest view (the game may have moved on meanwhile)."""
        if self.think:  # people think for different times: arrivals spread out
            await asyncio.sleep(self.random.uniform(0.5 * self.think, 1.5 * self.think))
        view, seq = self.view, self.seq
        if view.get("outcome") is not None or self.seat not in view.get("awaited", view["actors"]):
            return
        action = self.found.game.encode_action(self.bot.choose(view))
        self.room.sent[seq + 1] = time.perf_counter()
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(json.dumps({"type": "action", "action": action, "seq": seq}))


class Room:
    def __init__(self, room_id: str, clients: int) -> None:
        self.id = room_id
        self.clients = clients
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.latencies: list[float] = []
        self.actions = 0
        self.finished = False

    def arrived(self, seq: int, seat: int) -> None:
        count = self.seen.get(seq, 0) + 1
        self.seen[seq] = count
        if count == self.clients:
            self.actions += 1
            del self.seen[seq]
            sent = self.sent.pop(seq, None)
            if sent is not None:
                self.latencies.append(time.perf_counter() - sent)


async def load(url: str, rooms: int, seconds: float, think: float, game: str) -> dict[str, float]:
    options = {"pairs": 12} if game == "klepka" else {"pairs": 30}
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        made: list[tuple[Room, list[Client]]] = []
        for number in range(rooms):
            reply = await http.post(
                "/api/rooms", json={"game": game, "players": 4, "options": options, "seed": number}
            )
            room = Room(reply.json()["id"], 4)
            clients = []
            for seat in range(4):
                taken = await http.post(
                    f"/api/rooms/{room.id}/seats/{seat}", json={"name": f"p{seat}"}
                )
                clients.append(Client(game, room, seat, taken.json()["token"], think))
            made.append((room, clients))
        stop = time.perf_counter() + seconds
        tasks = [
            asyncio.create_task(c.run(url.replace("http", "ws"), stop))
            for _, cs in made
            for c in cs
        ]
        await asyncio.sleep(0.5)  # every client connected before the games start
        start = time.perf_counter()
        for room, clients in made:
            await http.post(f"/api/rooms/{room.id}/start", json={"token": clients[0].token})
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - start
    latencies = sorted(x for room, _ in made for x in room.latencies)
    actions = sum(room.actions for room, _ in made)
    if not latencies:
        raise SystemExit("no action was measured: did the server start?")
    return {
        "actions/s": actions / elapsed,
        "measured": len(latencies),
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "max ms": 1000 * latencies[-1],
        "games over": sum(room.finished for room, _ in made),
    }


def serve(port: int, folder: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "igroteka.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{Path(folder) / 'bench.db'}",
            "--reveal",
            "0",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--game", default="klepka", choices=["klepka", "letters"])
    parser.add_argument("--port", type=int, default=8791)
    args = parser.parse_args()
    rows = []
    for rooms in (1, args.rooms):
        with tempfile.TemporaryDirectory() as folder:
            server = serve(args.port, folder)
            try:
                found = asyncio.run(
                    load(
                        f"http://127.0.0.1:{args.port}", rooms, args.seconds, args.think, args.game
                    )
                )
            finally:
                os.kill(server.pid, signal.SIGTERM)
                server.wait()
        rows.append((f"{rooms} room{'s' if rooms > 1 else ''} of 4", *found.values()))
    print(f"{args.game}, think {args.think} s, {args.seconds:g} s a run, on this machine\n")
    print(
        table(["load", "actions/s", "measured", "p50 ms", "p99 ms", "max ms", "games over"], rows)
    )


if __name__ == "__main__":
    main()
