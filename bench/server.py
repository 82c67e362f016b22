"""The web server under load: N rooms of 4 bot clients over real websockets.

    python bench/server.py [--rooms 200] [--seconds 30] [--think 1.0] [--game klepka,letters]
                           [--cases base,load,slow,plain,flood,deaf,normal,create,silent,commits]
                           [--repeat 1] [--profile]

A server process (``igroteka serve``, SQLite store in a temporary folder, no
pacing of its own) and this load process share the machine's 2 cores. Each
room has 4 seats taken by clients that play like bot:medium over their
websockets: when the view says it is their turn, they think for 0.5 to 1.5
times --think seconds (as people do, not all at once), choose, and send the
action. Measured, for every action a client sends: the latency from sending it
to the moment its update has reached all 4 clients of the room. Meanwhile
``/healthz`` is asked every 0.1 s, from a process of its own, from the moment the
clients connect (through every room's joins and starts at once) to the end, and its slowest
answer is reported.

The cases, each a fresh server and store:

- ``base``: one room, where nothing queues: the baseline of the same run;
- ``load``: ``--rooms`` rooms;
- ``plain``: the ``load`` case with clients that do not offer permessage-deflate
  (what a server that refuses it would give: browsers offer it);
- ``flood``: the ``load`` case beside one client, in a process of its own, that sends
  action messages as fast as it can and reads nothing, reconnecting whenever it is
  closed (its sends, connections and close codes are reported);
- ``deaf``: the ``load`` case beside one client that sends pings as fast as it can over a
  socket with a 4 kB receive buffer and never reads (the server's RSS is reported);
- ``normal``: the ``load`` case with the server's SQLite at ``synchronous=NORMAL`` (the
  server's default is ``FULL``: docs/security.md);
- ``create``: one address creating rooms as fast as it can for ``--seconds``;
- ``silent``: 20 spectators that never read (a 4 kB receive buffer) of one room of the first
  ``--game`` whose two bots play on, for ``--seconds``: the bytes the server's kernel holds for
  them at the most (their sockets' send queues, from /proc/net/tcp), and how many the server
  closed;
- ``commits``: an action's commit by the store alone, SQLite ``synchronous=NORMAL``
  against ``FULL``, one action a transaction and ten (as group commits make them);
- ``slow``: the same rooms plus one more whose three bots (server-side) each
  compute for 3 s of CPU before every move, holding the GIL as a search in pure
  Python does (a game the benchmark's server registers, ``slow``: Klepka with a
  bot that burns ``--slow`` seconds of its thread's CPU, then plays as
  bot:medium). Its room is not measured: the figures are the other rooms'.

``--start N`` times instead how long the server takes to be ready over a store
holding one finished Klepka game of N words, and to answer the first request
for its room.

``--before SRC`` runs every case also with a server whose igroteka comes from
the folder SRC (another checkout's ``src``), in turn with this one's: the
figures before and after a change, in the same run.

``processes`` (``python bench/server.py processes [--rooms 200,1000] …``) measures
instead 1, 2 and 4 server processes over Redis and PostgreSQL beside one process
alone, the clients in load generators of their own processes: bench/cluster.py
says how, and takes the options.

The crossword's clients (``SCRIPTED`` in _common.py) replay games that bot:easy played
beforehand at tables of the rooms' seeds, rather than search for their moves: the searches of
800 clients would take the load process's core, and set the latencies measured. A room whose
replayed action the server refuses (a ``--before`` tree with other rules) goes on with its
bots, and the number of such rooms is reported.

``--profile`` runs the server of the ``load`` case under cProfile and prints
where its time goes per action (the store's commit, websocket compression,
JSON encoding, the rules and bots).
Reported: actions per second (all actions, the server's timed steps included),
and p50/p99/max latency; the server's CPU per action, of its event loop's thread
alone, of its process (the loop and the store's commit thread) and with its
worker children (the bots); the load process's own CPU (its 800 clients: when it
nears 100% its clients, not the server, set the latency); with ``--repeat`` each
case is run that many times in turn and the medians are shown. Every room's clients
connect from an address of their own (127.0.x.y: loopback answers on all of 127/8),
as people do, so that the per-address limits (server/limits.py) meet only the flooder, one address.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import contextlib
import cProfile
import dataclasses
import itertools
import json
import os
import pstats
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import websockets

from _common import OPTIONS, SCRIPTED, Script, address, scripts, table
from igroteka.engine import Agent, Event
from igroteka.games import Entry, entry, register
from igroteka.games.klepka.rules import KlepkaGame

SLOW = "slow"
"""The benchmark's own game: Klepka whose bots compute for a while before every move."""


class SlowBot:
    """bot:medium of Klepka that first burns ``seconds`` of its thread's CPU (GIL held)."""

    def __init__(self, inner: Agent[Any], seconds: float) -> None:
        self.inner, self.seconds = inner, seconds

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)

    def choose(self, view: dict[str, Any]) -> Any:
        _burn(self.seconds)
        return self.inner.choose(view)

    def offer(self, view: dict[str, Any]) -> Any:
        return self.inner.offer(view)

    def refused(self, reason: str) -> None:
        self.inner.refused(reason)


def _burn(seconds: float) -> None:
    deadline = time.thread_time() + seconds
    while time.thread_time() < deadline:
        sum(range(2_000))  # pure work: no I/O, no release of the GIL


class SlowGame(KlepkaGame):
    """Klepka's rules under another name, whose last action computes for ``seconds`` more (as
    the chain solve of a large hand does at the end of a game)."""

    name = SLOW
    seconds = 3.0

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        after, events = super().apply(state, seat, action)
        if self.outcome(after) is not None:
            _burn(self.seconds)
        return after, events


def slow_entry(seconds: float) -> Entry:
    """The ``slow`` game: Klepka's rules under another name, with slow bots."""
    klepka = entry("klepka")
    SlowGame.seconds = seconds

    def make_bot(level: str, seat: int, seed: int) -> Agent[Any]:
        return SlowBot(klepka.make_bot("medium", seat, seed), seconds)

    declaration = dataclasses.replace(klepka.declaration, name=SLOW)
    return Entry(SlowGame(), make_bot, declaration)


SCRIPTS: dict[str, dict[int, Script]] = {}
"""By game, the games its rooms' clients replay, by the room's seed (``SCRIPTED`` games)."""
LEVELS = {"crossword": "easy"}
"""The bot level that plays for the clients of a game (else medium): the crossword's medium
bot searches for milliseconds a move, which the load process would pay for 800 clients."""


class Client:
    """One seat of a room, played by a bot over a websocket.

    It reads whose move it is from the context (``awaited``, else ``actors``) and acts when
    its seat is awaited and no action of its own waits for an answer (several seats act at
    once in the association game). Each action carries an id: its ``ack`` says which seq it
    became, and that seq's update reaching all of the room's clients ends its latency.
    """

    def __init__(
        self,
        game: str,
        room: Room,
        seat: int,
        token: str,
        think: float,
        deflate: bool,
        address: str = "127.0.0.1",
        script: Script | None = None,
    ) -> None:
        self.found = entry("klepka" if game == SLOW else game)
        self.room, self.seat, self.token, self.think = room, seat, token, think
        self.deflate = deflate
        self.address = address
        self.script = script
        """The game played beforehand that this room replays (:func:`_common.scripts`), until
        the server refuses one of its actions; None: the bot chooses every move."""
        self.bot = self.found.make_bot(LEVELS.get(game, "medium"), seat, seat + 1)
        self.seq = -1
        self.view: dict[str, Any] = {}
        self.told: dict[str, Any] = {}
        """The context of the latest view (a server's older messages: the view)."""
        self.asked: dict[str, float] = {}
        """When the action still unanswered was sent, by its id (one at most)."""
        self.numbers = itertools.count()
        self.random = random.Random(hash((room.id, seat)))

    def awaited(self) -> bool:
        told = self.told
        return self.seat in told.get("awaited", told.get("actors", ()))

    async def run(self, url: str, stop: float) -> None:
        async with websockets.connect(
            f"{url}/ws/{self.room.id}",
            max_size=None,
            compression="deflate" if self.deflate else None,
            local_addr=(self.address, 0),
        ) as ws:
            await ws.send(json.dumps({"type": "join", "token": self.token}))
            pending: asyncio.Task[None] | None = None
            while time.perf_counter() < stop:
                try:
                    text = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.01, stop - time.perf_counter())
                    )
                except (TimeoutError, websockets.ConnectionClosed):
                    break
                message = json.loads(text)
                if message["type"] == "ack" and message.get("id") in self.asked:
                    self.room.acked(message["seq"], self.asked.pop(message["id"]))
                elif message["type"] == "error":  # a refusal (it names no id): of our action
                    self.asked.clear()
                    if self.script is not None:  # not the game replayed: the bot plays on
                        self.script = None
                        self.room.unscripted += 1
                elif message.get("view") is None:
                    continue
                else:
                    self.seq, self.view = message["seq"], message["view"]
                    self.told = message.get("context") or self.view
                    if message["type"] == "update":
                        self.room.arrived(self.seq, self.seat)
                    if message["type"] == "update" and self.script is None:
                        self.bot.observe(
                            [
                                Event(e["kind"], {k: v for k, v in e.items() if k != "kind"})
                                for e in message["events"]
                            ]
                        )
                if self.told.get("outcome") is not None:
                    self.room.finished = True
                    break
                if self.awaited() and not self.asked and (pending is None or pending.done()):
                    pending = asyncio.create_task(self.act(ws))
            if pending is not None:
                pending.cancel()

    async def act(self, ws: Any) -> None:
        """Think, then play on the latest view (the game may have moved on meanwhile)."""
        if self.think:  # people think for different times: arrivals spread out
            await asyncio.sleep(self.random.uniform(0.5 * self.think, 1.5 * self.think))
        view, seq = self.view, self.seq
        if self.told.get("outcome") is not None or not self.awaited():
            return
        planned = self.script.get(seq) if self.script is not None else None
        if planned is not None and planned[0] == self.seat:
            action = planned[1]
        else:
            action = self.found.game.encode_action(self.bot.choose(view))
        action_id = f"{self.seat}-{next(self.numbers)}"
        self.asked[action_id] = time.perf_counter()
        message = {"type": "action", "action": action, "seq": seq, "id": action_id}
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(json.dumps(message))


class Room:
    def __init__(self, room_id: str, clients: int) -> None:
        self.id = room_id
        self.clients = clients
        self.sent: dict[int, float] = {}
        """When the action that became each seq was sent (known from its ack)."""
        self.reached: dict[int, float] = {}
        """When each seq's update had reached all of the room's clients."""
        self.seen: dict[int, int] = {}
        self.latencies: list[float] = []
        self.actions = 0
        self.finished = False
        self.unscripted = 0
        """Clients that stopped replaying their script (the server refused an action of it)."""

    def acked(self, seq: int, sent: float) -> None:
        """The action sent at ``sent`` became ``seq`` (its update may have come already)."""
        reached = self.reached.pop(seq, None)
        if reached is None:
            self.sent[seq] = sent
        else:
            self.latencies.append(reached - sent)

    def arrived(self, seq: int, seat: int) -> None:
        count = self.seen.get(seq, 0) + 1
        self.seen[seq] = count
        if count == self.clients:
            self.actions += 1
            del self.seen[seq]
            now = time.perf_counter()
            sent = self.sent.pop(seq, None)
            if sent is not None:
                self.latencies.append(now - sent)
            elif len(self.reached) < 1000:  # its ack is still to come (a timed step has none)
                self.reached[seq] = now


async def _new_room(
    http: httpx.AsyncClient, game: str, options: dict[str, Any], seed: int, people: int
) -> tuple[str, list[str], str]:
    """A room of 4 seats: ``people`` taken by persons (their tokens), the rest by bots (seated
    by the room's creator, whose token comes last)."""
    reply = await http.post(
        "/api/rooms", json={"game": game, "players": 4, "options": options, "seed": seed}
    )
    room = reply.json()["id"]
    creator = reply.json().get("creator", "")  # a server before creator tokens has none
    tokens = []
    for seat in range(4):
        if seat < people:
            taken = await http.post(f"/api/rooms/{room}/seats/{seat}", json={"name": f"p{seat}"})
            tokens.append(taken.json()["token"])
        else:
            bot = {"level": "medium", "token": creator}
            await http.post(f"/api/rooms/{room}/seats/{seat}/bot", json=bot)
    return room, tokens, creator or tokens[0]


async def _memory(stop: float, pid: int, rss: list[float]) -> None:
    """Read the server's RSS every 0.1 s until ``stop``."""
    while time.perf_counter() < stop:
        rss.append(rss_mb(pid))
        await asyncio.sleep(0.1)


def health(url: str, seconds: float) -> dict[str, Any]:
    """Ask /healthz every 0.1 s for ``seconds`` (in a process of its own, so that the clients'
    own work does not delay its answers): the slowest answer, and how many were not 200."""
    slowest, asked, refused = 0.0, 0, 0
    stop = time.perf_counter() + seconds
    with httpx.Client(base_url=url, timeout=60) as http:
        while time.perf_counter() < stop:
            began = time.perf_counter()
            try:
                refused += http.get("/healthz").status_code != 200
            except httpx.HTTPError:
                refused += 1
            slowest = max(slowest, time.perf_counter() - began)
            asked += 1
            time.sleep(max(0.0, 0.1 - (time.perf_counter() - began)))
    return {"slowest ms": 1000 * slowest, "asked": asked, "not 200": refused}


def rss_mb(pid: int) -> float:
    """The resident memory of the server's process (not its workers'), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> tuple[float, float, float]:
    """The CPU time the server has used so far: its event loop's thread alone, its process
    (the loop and the threads beside it: the store's commits), and with its children (the
    workers, that run the bots)."""
    loop = own = total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for stat in [*Path("/proc").glob("[0-9]*/stat"), Path(f"/proc/{pid}/task/{pid}/stat")]:
        with contextlib.suppress(OSError):
            values = stat.read_text().rsplit(")", 1)[1].split()
            seconds = (int(values[11]) + int(values[12])) / ticks
            if stat.parent.parent.name == "task":  # the main thread: the event loop's
                loop = seconds
            elif int(stat.parent.name) == pid or int(values[1]) == pid:  # values[1]: the parent
                total += seconds
                if int(stat.parent.name) == pid:
                    own += seconds
    return loop, own, total


async def load(
    url: str,
    pid: int,
    rooms: int,
    seconds: float,
    think: float,
    game: str,
    slow: bool,
    deflate: bool,
    beside: str | None = None,
) -> dict[str, float]:
    """The rooms played, measured; ``beside``: ``flood`` or ``deaf``, a client of that kind
    in a process of its own meanwhile."""
    options = OPTIONS[game]
    played = SCRIPTS.get(game, {})
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        made: list[tuple[Room, list[Client]]] = []
        starters: list[tuple[str, str]] = []  # (room, its creator token)
        for number in range(rooms):
            transport = httpx.AsyncHTTPTransport(local_address=address(number))
            async with httpx.AsyncClient(base_url=url, timeout=60, transport=transport) as maker:
                room_id, tokens, creator = await _new_room(maker, game, options, number, 4)
            room = Room(room_id, 4)
            clients = [
                Client(game, room, seat, token, think, deflate, address(number), played.get(number))
                for seat, token in enumerate(tokens)
            ]
            made.append((room, clients))
            starters.append((room_id, creator))
        others: list[Client] = []
        if slow:  # one person (a client like the others, not measured) and three slow bots
            slow_id, tokens, creator = await _new_room(http, SLOW, {"pairs": 12}, rooms, 1)
            others.append(Client(SLOW, Room(slow_id, 1), 0, tokens[0], think, deflate))
            starters.insert(0, (slow_id, creator))
        stop = time.perf_counter() + seconds
        asking = _beside("health", url, seconds + 0.5)  # through the joins and the starts
        ws_url = url.replace("http", "ws")
        clients = [c for _, cs in made for c in cs] + others
        tasks = [asyncio.create_task(c.run(ws_url, stop)) for c in clients]
        await asyncio.sleep(0.5)  # every client connected before the games start
        start, (loop, own, cpu) = time.perf_counter(), cpu_seconds(pid)
        clients_cpu = time.process_time()
        rss = [rss_mb(pid)]
        before = rss[0]
        tasks.append(asyncio.create_task(_memory(stop, pid, rss)))
        for room_id, token in starters:
            await http.post(f"/api/rooms/{room_id}/start", json={"token": token})
        other = _beside(beside, url, stop - time.perf_counter()) if beside else None
        await asyncio.gather(*tasks)
        elapsed, spent = time.perf_counter() - start, cpu_seconds(pid)
        loop, own, cpu = spent[0] - loop, spent[1] - own, spent[2] - cpu
        clients_cpu = time.process_time() - clients_cpu
    asked = _answer(asking)
    latencies = sorted(x for room, _ in made for x in room.latencies)
    actions = sum(room.actions for room, _ in made)
    if not latencies:  # the server never answered in time: no figure, not a crash
        latencies = [float("nan")]
    measured = {
        "actions": actions,
        "actions/s": actions / elapsed,
        "measured": len(latencies),
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "max ms": 1000 * latencies[-1],
        "healthz max ms": asked["slowest ms"],
        "loop thread CPU µs/action": 1e6 * loop / max(actions, 1),
        "loop process CPU µs/action": 1e6 * own / max(actions, 1),
        "server CPU µs/action": 1e6 * cpu / max(actions, 1),
        "clients' CPU %": 100 * clients_cpu / elapsed,
        "games over": sum(room.finished for room, _ in made),
        "RSS MB before": before,
        "RSS MB max": max(rss),
    }
    if other is not None:
        print(f"  {beside}: {json.dumps(_answer(other))}", file=sys.stderr)
    if played:  # a script's action refused: that room's clients choose their moves again
        unscripted = sum(room.unscripted > 0 for room, _ in made)
        print(f"  {game}: {unscripted} of {rooms} rooms left their script", file=sys.stderr)
    if asked["not 200"]:
        print(f"  /healthz: {asked['not 200']} of {asked['asked']} not 200", file=sys.stderr)
    return measured


def _answer(process: subprocess.Popen[bytes]) -> dict[str, Any]:
    """What a process of :func:`_beside` printed: its one line of JSON."""
    out, _ = process.communicate(timeout=120)
    answer: dict[str, Any] = json.loads(out)
    return answer


def _beside(kind: str, url: str, seconds: float) -> subprocess.Popen[bytes]:
    """The flooding or deaf client, or the /healthz asker, in a process of its own."""
    command = [sys.executable, __file__, f"--{kind}", url, "--seconds", str(seconds)]
    return subprocess.Popen(command, stdout=subprocess.PIPE)


async def flood(url: str, seconds: float) -> dict[str, Any]:
    """One client sending action messages as fast as it can, reading nothing (its socket's
    library reads 1 message ahead, then stops), reconnecting whenever it is closed."""
    stop = time.perf_counter() + seconds
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        room, tokens, creator = await _new_room(http, "klepka", {"pairs": 12}, 1, 1)
        await http.post(f"/api/rooms/{room}/start", json={"token": creator})
    action = {"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0}
    message = json.dumps(action)
    sent, connections, closes = 0, 0, collections.Counter[str]()
    ws_url = f"{url.replace('http', 'ws')}/ws/{room}"
    joining = json.dumps({"type": "join", "token": tokens[0]})
    while time.perf_counter() < stop:
        try:
            async with websockets.connect(ws_url, compression=None, max_queue=1) as ws:
                await ws.send(joining)
                connections += 1
                while time.perf_counter() < stop:
                    await ws.send(message)
                    sent += 1
        except websockets.ConnectionClosed as closed:
            closes[str(closed.rcvd.code if closed.rcvd else None)] += 1
        except (OSError, websockets.InvalidStatus, TimeoutError):
            closes["refused"] += 1
            await asyncio.sleep(0.01)
    return {"sent": sent, "sent/s": round(sent / seconds), "connections": connections,
            "closes": dict(closes)}  # fmt: skip


def deaf(url: str, seconds: float) -> dict[str, Any]:
    """One spectator sending pings as fast as it can over a socket with a 4 kB receive
    buffer, never reading, reconnecting whenever the server ends it."""
    stop = time.perf_counter() + seconds
    with httpx.Client(base_url=url, timeout=60) as http:
        room = http.post("/api/rooms", json={"game": "klepka", "players": 2}).json()["id"]
    frame = _masked(b'{"type": "ping"}')
    sent = connections = 0
    while time.perf_counter() < stop:
        raw = socket.socket()
        try:
            _silent_spectator(raw, url, room)
            connections += 1
            raw.settimeout(0.5)
            while time.perf_counter() < stop:
                with contextlib.suppress(TimeoutError):
                    raw.sendall(frame)
                    sent += 1
        except OSError:
            time.sleep(0.01)
        finally:
            raw.close()
    return {"sent": sent, "sent/s": round(sent / seconds), "connections": connections}


def _silent_spectator(raw: socket.socket, url: str, room: str) -> None:
    """A spectator's websocket on ``raw``, by hand, with a 4 kB receive buffer: the handshake
    and the join read, then nothing is ever read."""
    host, port = url.removeprefix("http://").split(":")
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET /ws/{room} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    raw.sendall(_masked(b'{"type": "join"}'))  # a spectator


def server_socket(port: int, client: int) -> tuple[int, bool] | None:
    """The server's socket to a client, from /proc/net/tcp by the two ports: the bytes its
    kernel holds unread (``tx_queue``), and whether it is still established; None: gone."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        here, there = (int(end.split(":")[1], 16) for end in fields[1:3])
        if (here, there) == (port, client):
            return int(fields[4].split(":")[0], 16), fields[3] == "01"
    return None


def silent_case(url: str, seconds: float, game: str, listeners: int) -> tuple[object, ...]:
    """``listeners`` spectators that never read, of one room whose two bots play on: the
    bytes the server's kernel holds for them all (their send queues summed) at the most, and
    how many the server has closed after ``seconds``."""
    with httpx.Client(base_url=url, timeout=60) as http:
        body = {"game": game, "players": 2, "options": OPTIONS[game]}
        made = http.post("/api/rooms", json=body).json()
        room, creator = made["id"], made["creator"]
        for number in (0, 1):
            bot = {"level": "easy", "token": creator}
            http.post(f"/api/rooms/{room}/seats/{number}/bot", json=bot).raise_for_status()
        sockets = [socket.socket() for _ in range(listeners)]
        for raw in sockets:
            _silent_spectator(raw, url, room)
        http.post(f"/api/rooms/{room}/start", json={"token": creator}).raise_for_status()
    port, most = int(url.rsplit(":", 1)[1]), 0
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop:
        found = [server_socket(port, raw.getsockname()[1]) for raw in sockets]
        most = max(most, sum(held for held, _ in filter(None, found)))
        time.sleep(0.25)
    closed = sum(
        1 for raw in sockets if (server_socket(port, raw.getsockname()[1]) or (0, 0))[1] == 0
    )
    for raw in sockets:
        raw.close()
    return round(most / 2**20, 2), f"{closed} of {listeners}"


def _masked(payload: bytes) -> bytes:
    """A client's text frame of under 126 bytes (a client masks what it sends)."""
    mask = os.urandom(4)
    return (
        bytes([0x81, 0x80 | len(payload)])
        + mask
        + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    )


def create_case(url: str, seconds: float) -> list[tuple[object, ...]]:
    """One address creating rooms as fast as it can: how many are made, how many refused."""
    made = refused = 0
    first: float | None = None
    began = time.perf_counter()
    with httpx.Client(base_url=url, timeout=60) as http:
        while time.perf_counter() - began < seconds:
            answer = http.post("/api/rooms", json={"game": "klepka", "players": 2})
            if answer.status_code == 201:
                made += 1
            else:
                assert answer.status_code == 429, answer.text
                refused += 1
                first = first if first is not None else time.perf_counter() - began
    elapsed = time.perf_counter() - began
    return [("one address", made, refused, (made + refused) / elapsed, first or float("nan"))]


def commits_case(count: int) -> list[tuple[object, ...]]:
    """An action's commit by the store alone (a file on this machine's disk): SQLite
    ``synchronous=NORMAL`` against ``FULL``, one action a transaction and ten."""
    from igroteka.store import Appended, Store
    from igroteka.store import Room as Stored

    rows: list[tuple[object, ...]] = []
    for synchronous, group in itertools.product(("NORMAL", "FULL"), (1, 10)):
        with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as folder:
            store = Store(f"sqlite:///{Path(folder) / 'commits.db'}", synchronous)
            store.create_room(Stored("r", "klepka", {}, 1, 2, 0.0))
            times: list[float] = []
            began = time.perf_counter()
            for first in range(0, count, group):
                batch = [Appended("r", n, 0, {"type": "flip", "position": n}) for n in
                         range(first, first + group)]  # fmt: skip
                asked = time.perf_counter()
                store.append_actions(batch)
                times.extend([time.perf_counter() - asked] * group)
            elapsed = time.perf_counter() - began
            store.close()
        times.sort()
        rows.append(
            (
                f"{synchronous}, {group} a transaction",
                1e3 * statistics.median(times),
                1e3 * times[int(0.99 * (len(times) - 1))],
                count / elapsed,
            )
        )
    return rows


def _env(src: str | None) -> dict[str, str] | None:
    """The environment of a server whose igroteka comes from ``src`` (None: this one's)."""
    if src is None:
        return None
    bench = str(Path(__file__).parent)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([src, bench])}


def serve(
    port: int,
    folder: str,
    slow: float,
    profile: str | None,
    src: str | None = None,
    synchronous: str | None = None,
) -> subprocess.Popen[bytes]:
    """``igroteka serve`` in a process of its own, with the ``slow`` game registered."""
    command = [sys.executable, __file__, "--serve", "--port", str(port), "--slow", str(slow)]
    command += ["--db", f"sqlite:///{Path(folder) / 'bench.db'}"]
    if synchronous:
        command += ["--synchronous", synchronous]
    if profile:
        command += ["--profile-to", profile]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=_env(src))
    for _ in range(1200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return process
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise SystemExit("the server did not start")


def finished_store(url: str, pairs: int) -> tuple[str, int]:
    """A store holding one finished one-player game of ``pairs`` words, of the ``slow`` game:
    its last action computes for ``--slow`` seconds when replayed, as a chain solve of a 40-word
    hand did (the built-in decks' hands solve at once). Its room id, and the replay's seconds."""
    from _common import bot_game
    from igroteka.engine import replay
    from igroteka.store import Room as Stored
    from igroteka.store import Seat, Store

    match = bot_game(["medium"], {"pairs": pairs, "syncopes": 0}, seed=1)
    store = Store(url)
    store.create_room(Stored("done", SLOW, match.options, 1, 1, 0.0, {"turn_timer": None}))
    store.set_seat("done", Seat(0, "person", "Ann", "", "ab" * 32))
    store.start_room("done")
    for number, logged in enumerate(match.log):
        store.append_action("done", number, logged.seat, logged.action)
    if hasattr(store, "finish_room"):  # a store that knows a finished game as such
        store.finish_room("done")
    store.close()
    began = time.perf_counter()
    replay(match.game, match.record())
    return "done", int(time.perf_counter() - began)


def start_case(
    port: int, pairs: int, repeat: int, trees: dict[str, str | None]
) -> list[tuple[object, ...]]:
    """How long a server takes to be ready over a store with one finished game, and to answer
    the first request for that game's room; medians of ``repeat`` starts."""
    ready: dict[str, list[float]] = {tree: [] for tree in trees}
    first: dict[str, list[float]] = {tree: [] for tree in trees}
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        room, _ = finished_store(url, pairs)
        for _, (tree, src) in itertools.product(range(repeat), trees.items()):
            began = time.perf_counter()
            command = [sys.executable, __file__, "--serve", "--port", str(port), "--db", url]
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=_env(src))
            try:
                while True:
                    with contextlib.suppress(httpx.TransportError):
                        if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                            break
                    time.sleep(0.01)
                ready[tree].append(time.perf_counter() - began)
                asked = time.perf_counter()
                reply = httpx.get(f"http://127.0.0.1:{port}/api/rooms/{room}", timeout=120)
                assert reply.json()["finished"], reply.text
                first[tree].append(time.perf_counter() - asked)
            finally:
                os.kill(process.pid, signal.SIGTERM)
                process.wait()
    words = f"one finished game of {pairs} words"
    return [
        (f"{tree}{words}", statistics.median(ready[tree]), statistics.median(first[tree]), repeat)
        for tree in trees
    ]


def _takes_chosen_seeds() -> bool:
    """Whether the igroteka run (``--before SRC`` may be an older one) has ``--chosen-seeds``;
    a server before it took every seed it was given."""
    from igroteka.server import Settings

    return "chosen_seeds" in Settings.__dataclass_fields__


def run_server(args: argparse.Namespace) -> None:
    """The server process: ``igroteka serve`` as the command line runs it, plus the slow game."""
    from igroteka.cli import main as cli

    register(slow_entry(args.slow))
    if os.environ.get("BENCH_APPLY_IN_WORKERS"):
        from igroteka.server import workers

        workers.APPLY_IN_WORKERS = True
    argv = ["serve", "--port", str(args.port), "--db", args.db, "--reveal", "0"]
    argv += ["--bot-delay", "0"]
    if _takes_chosen_seeds():  # the rooms' seeds are the benchmark's, the same in every case
        argv += ["--chosen-seeds"]
    if args.synchronous:
        argv += ["--synchronous", args.synchronous]
    if not args.profile_to:
        sys.exit(cli(argv))
    # uvicorn raises SIGTERM again once it has shut down: end by SystemExit, so the profile is kept
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        code = cli(argv)
    finally:
        profiler.disable()
        profiler.dump_stats(args.profile_to)
    sys.exit(code)


SPENT_IN = {
    "store commit (Store.append_actions)": (("store/sql.py", "append_actions"), None),
    "websocket compression (deflate)": (("permessage_deflate.py", "encode"), None),
    "json.dumps of messages (_write)": (
        ("json/__init__.py", "dumps"),
        ("server/sockets.py", "_write"),
    ),
    "the messages' JSON (codec.message)": (("engine/codec.py", "message"), None),
    "the updates (Authority.broadcast)": (("server/authority.py", "broadcast"), None),
    "the action path (Authority.commit: the store and the updates)": (
        ("server/authority.py", "commit"),
        None,
    ),
}
"""The parts of the server's time that the profile reports: (file, function), and the caller
whose calls alone count (None: every call)."""


def profile_report(path: str, measured: dict[str, float]) -> list[tuple[object, ...]]:
    """Where the server's time went: cumulative µs per action of a few functions, and their
    share of the server process's CPU time under load (the profiler's cost is in both)."""
    raw: dict[Any, Any] = pstats.Stats(path).stats  # type: ignore[attr-defined]
    actions = int(measured["actions"])
    total = measured["server CPU µs/action"] * actions / 1e6

    def spent(function: tuple[str, str], caller: tuple[str, str] | None) -> float:
        seconds = 0.0
        for (filename, _, name), (_, _, _, cumulative, callers) in raw.items():
            if not (filename.endswith(function[0]) and name == function[1]):
                continue
            if caller is None:
                seconds += cumulative
                continue
            for (by_file, _, by_name), timing in callers.items():
                if by_file.endswith(caller[0]) and by_name == caller[1]:
                    seconds += timing[3]
        return seconds

    rows: list[tuple[object, ...]] = []
    for label, (function, caller) in SPENT_IN.items():
        seconds = spent(function, caller)
        rows.append((label, 1e6 * seconds / max(actions, 1), 100 * seconds / total))
    rows.append(("the server's CPU under load", 1e6 * total / max(actions, 1), 100.0))
    return rows


def _games(names: str) -> list[str]:
    """The games of ``--game``: one name, or several by commas (each played in turn)."""
    games = names.split(",")
    for game in games:
        if game not in OPTIONS:
            raise argparse.ArgumentTypeError(
                f"no game {game!r}: the games are {', '.join(OPTIONS)}"
            )
    return games


def main() -> None:
    if sys.argv[1:2] == ["processes"]:  # several server processes: bench/cluster.py
        del sys.argv[1]
        from cluster import main as processes

        processes()
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument(
        "--game",
        default="klepka",
        type=_games,
        help=f"one or more of {', '.join(OPTIONS)}, by commas",
    )
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument("--cases", default="base,load,slow")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--slow", type=float, default=3.0, help="seconds of a slow bot's move")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--before", help="also run every case with the igroteka of this src folder, in turn"
    )
    parser.add_argument(
        "--start", type=int, default=0, help="only time starts over a finished game of N words"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--profile-to", dest="profile_to", help=argparse.SUPPRESS)
    parser.add_argument("--synchronous", help=argparse.SUPPRESS)
    parser.add_argument("--flood", help=argparse.SUPPRESS)
    parser.add_argument("--deaf", help=argparse.SUPPRESS)
    parser.add_argument("--health", help=argparse.SUPPRESS)
    parser.add_argument("--commits", type=int, default=3000, help="actions of the commits case")
    args = parser.parse_args()
    if args.serve:
        run_server(args)
        return
    if args.flood:
        print(json.dumps(asyncio.run(flood(args.flood, args.seconds))))
        return
    if args.deaf:
        print(json.dumps(deaf(args.deaf, args.seconds)))
        return
    if args.health:
        print(json.dumps(health(args.health, args.seconds)))
        return
    register(slow_entry(args.slow))
    trees: dict[str, str | None] = {"": None}
    if args.before:
        trees = {"before: ": args.before, "after: ": None}
    if args.start:
        rows = start_case(args.port, args.start, args.repeat, trees)
        print(f"starting igroteka serve over a store, median of {args.repeat}, on this machine\n")
        print(table(["store", "s until ready", "s to the room's first answer", "starts"], rows))
        return
    cases = args.cases.split(",")
    if "commits" in cases:
        cases.remove("commits")
        print(f"an action's commit by the store alone, {args.commits} actions, on this disk\n")
        headers = ["SQLite synchronous", "p50 ms", "p99 ms", "actions/s"]
        print(table(headers, commits_case(args.commits)) + "\n")
    if "silent" in cases:
        cases.remove("silent")
        rows = []
        for tree, src in trees.items():
            with tempfile.TemporaryDirectory() as folder:
                server = serve(args.port, folder, args.slow, None, src)
                try:
                    found = silent_case(
                        f"http://127.0.0.1:{args.port}", args.seconds, args.game[0], 20
                    )
                finally:
                    os.kill(server.pid, signal.SIGTERM)
                    server.wait()
            rows.append((tree or "this tree", *found))
        print(f"20 spectators that never read, {args.game[0]} played by bots, {args.seconds:g} s\n")
        headers = ["server", "MB held in their send buffers, most", "closed by the server"]
        print(table(headers, rows) + "\n")
    if "create" in cases:
        cases.remove("create")
        with tempfile.TemporaryDirectory() as folder:
            server = serve(args.port, folder, args.slow, None)
            try:
                rows = create_case(f"http://127.0.0.1:{args.port}", args.seconds)
            finally:
                os.kill(server.pid, signal.SIGTERM)
                server.wait()
        print(f"rooms created by one address as fast as it can, {args.seconds:g} s\n")
        headers = ["who", "made", "refused (429)", "requests/s", "s to the first refusal"]
        print(table(headers, rows) + "\n")
    if not cases:
        return
    games: list[str] = args.game
    for game in SCRIPTED.intersection(games):  # played once, replayed in every case
        began = time.perf_counter()
        SCRIPTS[game] = scripts(game, OPTIONS[game], range(max(args.rooms, 1)))
        took = time.perf_counter() - began
        print(f"{game}: {args.rooms} games played beforehand in {took:.0f} s", file=sys.stderr)
    found: dict[tuple[str, str, str], list[dict[str, float]]] = {
        (game, tree, case): [] for game in games for case in cases for tree in trees
    }
    profiled: list[tuple[object, ...]] = []
    for _ in range(args.repeat):
        for game, case, (tree, src) in itertools.product(games, cases, trees.items()):
            rooms = 1 if case == "base" else args.rooms
            synchronous = "NORMAL" if case == "normal" else None
            with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as folder:  # on disk
                server = serve(args.port, folder, args.slow, None, src, synchronous)
                try:
                    measured = asyncio.run(
                        load(
                            f"http://127.0.0.1:{args.port}",
                            server.pid,
                            rooms,
                            args.seconds,
                            args.think,
                            game,
                            case == "slow",
                            case != "plain",
                            case if case in ("flood", "deaf") else None,
                        )
                    )
                finally:
                    os.kill(server.pid, signal.SIGTERM)
                    server.wait()
            found[game, tree, case].append(measured)
    if args.profile:  # a run of its own: the profiler slows the server down
        with tempfile.TemporaryDirectory() as folder:
            profile = str(Path(folder) / "server.prof")
            server = serve(args.port, folder, args.slow, profile)
            try:
                url = f"http://127.0.0.1:{args.port}"
                measured = asyncio.run(
                    load(
                        url,
                        server.pid,
                        args.rooms,
                        args.seconds,
                        args.think,
                        games[0],
                        False,
                        True,
                    )
                )
            finally:
                os.kill(server.pid, signal.SIGTERM)
                server.wait()
            profiled = profile_report(profile, measured)
    names = {
        "base": "1 room of 4",
        "load": f"{args.rooms} rooms of 4",
        "slow": f"{args.rooms} rooms of 4 + 1 slow ({args.slow:g} s)",
        "plain": f"{args.rooms} rooms of 4, no deflate",
        "flood": f"{args.rooms} rooms of 4 + 1 flooding client",
        "deaf": f"{args.rooms} rooms of 4 + 1 client that never reads",
        "normal": f"{args.rooms} rooms of 4, SQLite synchronous=NORMAL",
    }
    rows, headers = [], ["load"]
    for (game, tree, case), runs in found.items():
        medians = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        del medians["actions"]
        shown = f"{game}, {tree}" if len(games) > 1 else tree
        rows.append((shown + names[case], *medians.values()))
        headers[1:] = medians
    print(
        f"{', '.join(games)}, think {args.think} s, {args.seconds:g} s a run, "
        f"median of {args.repeat}, on this machine\n"
    )
    print(table(headers, rows))
    if profiled:
        print(f"\nwhere the server's time goes (cProfile, {args.rooms} rooms, a run of its own)\n")
        print(table(["part", "µs per action", "% of server"], profiled))


if __name__ == "__main__":
    main()
