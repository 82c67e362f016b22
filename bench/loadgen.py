"""A load generator of bench/cluster.py: rooms of 4 bot clients over real websockets.

    python bench/loadgen.py '{"ports": [8801, 8802], "rooms": [0, 2, 4], "game": "klepka",
                              "options": {"pairs": 12}, "think": 1.0, "seconds": 30}'

It runs in a process of its own (bench/cluster.py starts one or more), so that the
clients' CPU is neither the server's nor the bench's. It creates its rooms (room
``n`` through the process ``n mod N``, its seats and its start through the others
in turn), connects the 4 clients of each (client ``4n + seat`` to the process of
that number mod N: round-robin, as a proxy without sticky routing spreads them),
each room's people from a loopback address of their own (127.0.x.y), and says on
stdout ``{"ready": …}``. On a line ``go`` on stdin it starts the games and plays
for ``seconds``: each client thinks 0.5 to 1.5 times ``think`` seconds before it
acts, as people do. Then one JSON line on stdout: the latency of every action
(from its send to its update reaching all 4 clients of its room), the actions,
the games over, and what went wrong (refusals, closes, failed requests).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import random
import sys
import time
from typing import Any

import httpx
import websockets

from _common import address
from igroteka.engine import Event
from igroteka.games import entry

CONNECTING = 32
"""Rooms being created or connected at once (each its 5 requests and 4 handshakes)."""


class Trouble:
    """What went wrong, by kind: refusals (``error`` messages, by code), closes (by code),
    requests answered otherwise than 2xx (by status), connections that failed."""

    def __init__(self) -> None:
        self.counts: collections.Counter[str] = collections.Counter()

    def add(self, kind: str) -> None:
        self.counts[kind] += 1


class Room:
    def __init__(self, number: int, room_id: str, creator: str, clients: int = 4) -> None:
        self.number, self.id, self.creator = number, room_id, creator
        self.clients = clients
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.latencies: list[float] = []
        self.actions = 0
        self.finished = False
        self.measuring = False

    def arrived(self, seq: int) -> None:
        count = self.seen.get(seq, 0) + 1
        self.seen[seq] = count
        if count == self.clients:
            del self.seen[seq]
            sent = self.sent.pop(seq, None)
            if not self.measuring:
                return
            self.actions += 1
            if sent is not None:
                self.latencies.append(time.perf_counter() - sent)


class Client:
    """One seat of a room, played by bot:medium over a websocket; it reconnects when closed
    (as the browser does), each close counted."""

    def __init__(
        self, game: str, room: Room, seat: int, token: str, url: str, think: float, trouble: Trouble
    ) -> None:
        self.found = entry(game)
        self.room, self.seat, self.token, self.url = room, seat, token, url
        self.think, self.trouble = think, trouble
        self.bot = self.found.make_bot("medium", seat, seat + 1)
        self.seq = -1
        self.view: dict[str, Any] = {}
        self.random = random.Random(hash((room.id, seat)))
        self.ws: Any = None

    async def connect(self) -> None:
        """Open the websocket and join; back once the welcome has come."""
        for attempt in range(5):
            try:
                self.ws = await websockets.connect(
                    f"{self.url}/ws/{self.room.id}",
                    max_size=None,
                    local_addr=(address(self.room.number), 0),
                    open_timeout=60,
                )
                await self.ws.send(json.dumps({"type": "join", "token": self.token}))
                while True:
                    message = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
                    if message["type"] == "welcome":
                        self._seen(message)
                        return
                    self._judge(message)
            except (OSError, TimeoutError, websockets.WebSocketException) as error:
                self.trouble.add(f"connect failed: {type(error).__name__}")
                await asyncio.sleep(0.2 * (attempt + 1))
        raise RuntimeError(f"room {self.room.id} seat {self.seat}: no connection")

    def _seen(self, message: dict[str, Any]) -> None:
        if message.get("view") is not None:
            self.seq, self.view = message["seq"], message["view"]

    def _judge(self, message: dict[str, Any]) -> None:
        if message["type"] == "error":
            self.trouble.add(f"refused: {message.get('error')}")

    async def run(self, stop: float) -> None:
        pending: asyncio.Task[None] | None = None
        self._maybe_act(pending)
        while time.perf_counter() < stop:
            try:
                text = await asyncio.wait_for(
                    self.ws.recv(), timeout=max(0.01, stop - time.perf_counter())
                )
            except TimeoutError:
                break
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
                self.trouble.add(f"closed: {code}")
                if time.perf_counter() >= stop:
                    break
                await self.connect()  # the welcome has the view of now
                pending = self._maybe_act(pending)
                continue
            message = json.loads(text)
            self._judge(message)
            if message.get("view") is None:
                continue
            if message["type"] == "update":
                self.room.arrived(message["seq"])
                self.bot.observe(
                    [
                        Event(e["kind"], {k: v for k, v in e.items() if k != "kind"})
                        for e in message["events"]
                    ]
                )
            self._seen(message)
            if self.view.get("outcome") is not None:
                self.room.finished = True
                break
            pending = self._maybe_act(pending)
        if pending is not None:
            pending.cancel()
        with contextlib.suppress(Exception):
            await self.ws.close()

    def _maybe_act(self, pending: asyncio.Task[None] | None) -> asyncio.Task[None] | None:
        view = self.view
        if not view or view.get("outcome") is not None:
            return pending
        if self.seat in view.get("awaited", view["actors"]) and (pending is None or pending.done()):
            return asyncio.create_task(self.act())
        return pending

    async def act(self) -> None:
        """Think, then play on the latest view (the game may have moved on meanwhile)."""
        if self.think:  # people think for different times: arrivals spread out
            await asyncio.sleep(self.random.uniform(0.5 * self.think, 1.5 * self.think))
        view, seq = self.view, self.seq
        if view.get("outcome") is not None or self.seat not in view.get("awaited", view["actors"]):
            return
        action = self.found.game.encode_action(self.bot.choose(view))
        self.room.sent[seq + 1] = time.perf_counter()
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(json.dumps({"type": "action", "action": action, "seq": seq}))


async def _asked(
    http: httpx.AsyncClient, trouble: Trouble, url: str, body: dict[str, Any]
) -> dict[str, Any]:
    """A POST answered 2xx (tried again a few times, each other answer counted)."""
    for attempt in range(5):
        try:
            reply = await http.post(url, json=body)
        except httpx.HTTPError as error:
            trouble.add(f"request failed: {type(error).__name__}")
        else:
            if reply.is_success:
                answer: dict[str, Any] = reply.json()
                return answer
            trouble.add(f"HTTP {reply.status_code}: {reply.text[:60]}")
        await asyncio.sleep(0.2 * (attempt + 1))
    raise RuntimeError(f"POST {url}: no answer")


def _to(config: dict[str, Any], room: int, turn: int) -> int:
    """The process a room's request or connection goes to: with ``"sticky"``, the room's own
    (as a proxy hashing on the room's id sends them), else process ``turn`` in turn (as a
    proxy without sticky routing spreads them)."""
    count = len(config["ports"])
    return room % count if config.get("sticky") else turn % count


async def made(
    number: int, config: dict[str, Any], trouble: Trouble, slots: asyncio.Semaphore
) -> tuple[Room, list[Client]]:
    """Room ``number``, its 4 seats taken by people, and their clients connected."""
    urls = [f"http://127.0.0.1:{port}" for port in config["ports"]]
    async with slots:
        transport = httpx.AsyncHTTPTransport(local_address=address(number))
        async with httpx.AsyncClient(timeout=60, transport=transport) as http:
            body = {"game": config["game"], "players": 4, "options": config["options"]}
            reply = await _asked(http, trouble, f"{urls[_to(config, number, number)]}/api/rooms",
                                 {**body, "seed": number})  # fmt: skip
            room = Room(number, reply["id"], reply["creator"])
            tokens = []
            for seat in range(4):
                to = urls[_to(config, number, number + 1 + seat)]
                url = f"{to}/api/rooms/{room.id}/seats/{seat}"
                tokens.append((await _asked(http, trouble, url, {"name": f"p{seat}"}))["token"])
        ws_urls = [url.replace("http", "ws") for url in urls]
        clients = [
            Client(config["game"], room, seat, token,
                   ws_urls[_to(config, number, 4 * number + seat)], config["think"], trouble)
            for seat, token in enumerate(tokens)
        ]  # fmt: skip
        await asyncio.gather(*(client.connect() for client in clients))
    return room, clients


async def start(room: Room, config: dict[str, Any], trouble: Trouble) -> None:
    ports = config["ports"]
    port = ports[_to(config, room.number, room.number + 1)]
    url = f"http://127.0.0.1:{port}/api/rooms/{room.id}/start"
    transport = httpx.AsyncHTTPTransport(local_address=address(room.number))
    async with httpx.AsyncClient(timeout=60, transport=transport) as http:
        await _asked(http, trouble, url, {"token": room.creator})


async def play(config: dict[str, Any]) -> dict[str, Any]:
    trouble = Trouble()
    slots = asyncio.Semaphore(CONNECTING)
    began = time.perf_counter()
    built = await asyncio.gather(*(made(n, config, trouble, slots) for n in config["rooms"]))
    setup = time.perf_counter() - began
    print(json.dumps({"ready": len(built), "setup s": setup}), flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if line.strip() != "go":
        raise SystemExit("no go")
    stop = time.perf_counter() + config["seconds"]
    for room, _ in built:
        room.measuring = True
    tasks = [asyncio.create_task(c.run(stop)) for _, clients in built for c in clients]
    starting = asyncio.Semaphore(CONNECTING)

    async def started(room: Room) -> None:
        async with starting:
            await start(room, config, trouble)

    await asyncio.gather(*(started(room) for room, _ in built))
    await asyncio.gather(*tasks)
    rooms = [room for room, _ in built]
    return {
        "latencies": [x for room in rooms for x in room.latencies],
        "actions": sum(room.actions for room in rooms),
        "games over": sum(room.finished for room in rooms),
        "rooms": len(rooms),
        "still": sum(not room.finished and room.actions == 0 for room in rooms),
        "trouble": dict(trouble.counts),
    }


def main() -> None:
    config = json.loads(sys.argv[1])
    print(json.dumps(asyncio.run(play(config))), flush=True)


if __name__ == "__main__":
    main()
