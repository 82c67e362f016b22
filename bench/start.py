"""A server's start over a store of many rooms mid-game.

    python bench/start.py [--rooms 1000] [--repeat 3] [--before SRC]

A SQLite store is filled with ``--rooms`` Klepka rooms of 4 people, each stopped halfway through
a game of 12 pairs (the same log in every room). Then ``igroteka serve`` is started over it,
``--repeat`` times, and measured: how long until ``/healthz`` answers 200; how long the first
request for a room then takes; and the slowest ``/healthz`` answer in the 10 s after it is
ready (while the rooms whose games go on are rebuilt in the background). ``--before SRC``
starts, in turn with this tree's, a server whose igroteka comes from the folder SRC (another
checkout's ``src``): the figures before and after a change, in the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from _common import bot_game, table
from igroteka.store import Appended, Room, Seat, Store


def filled(url: str, rooms: int) -> list[str]:
    """The store holds ``rooms`` rooms stopped halfway through one Klepka game: their ids."""
    match = bot_game(["medium"] * 4, {"pairs": 12, "syncopes": 0}, seed=1)
    half = match.log[: len(match.log) // 2]
    store = Store(url)
    ids = [f"room{number:05d}" for number in range(rooms)]
    for number, room in enumerate(ids):
        store.create_room(Room(room, "klepka", match.options, 1, 4, float(number), {}))
        for seat in range(4):
            store.set_seat(room, Seat(seat, "person", f"p{seat}", "", f"{seat:02d}" * 32))
        store.start_room(room)
        store.append_actions(
            [Appended(room, n, logged.seat, logged.action) for n, logged in enumerate(half)]
        )
    store.close()
    return ids


def _env(src: str | None) -> dict[str, str] | None:
    return None if src is None else {**os.environ, "PYTHONPATH": src}


def one_start(url: str, port: int, src: str | None, last: str) -> tuple[float, float, float]:
    """(seconds to /healthz 200, seconds of the first request for a room, slowest /healthz in
    the 10 s after ready)."""
    command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(port), "--db", url]
    began = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=_env(src))
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{base}/healthz", timeout=60).status_code == 200:
                    break
            time.sleep(0.01)
        ready = time.perf_counter() - began
        asked = time.perf_counter()
        reply = httpx.get(f"{base}/api/rooms/{last}", timeout=60)
        assert reply.json()["started"], reply.text
        first = time.perf_counter() - asked
        slowest, until = 0.0, time.perf_counter() + 10
        while time.perf_counter() < until:
            asked = time.perf_counter()
            httpx.get(f"{base}/healthz", timeout=60)
            slowest = max(slowest, time.perf_counter() - asked)
            time.sleep(0.05)
        return ready, first, slowest
    finally:
        os.kill(process.pid, signal.SIGTERM)
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", help="another checkout's src: the baseline")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    trees: dict[str, str | None] = {"this tree": None}
    if args.before:
        trees = {"before": args.before, **trees}
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        ids = filled(url, args.rooms)
        runs: dict[str, list[tuple[float, float, float]]] = {tree: [] for tree in trees}
        for _ in range(args.repeat):
            for tree, src in trees.items():
                runs[tree].append(one_start(url, args.port, src, ids[-1]))
    rows = [
        (
            tree,
            args.rooms,
            statistics.median(r[0] for r in found),
            1000 * statistics.median(r[1] for r in found),
            1000 * statistics.median(r[2] for r in found),
            len(found),
        )
        for tree, found in runs.items()
    ]
    headers = ("server", "rooms", "s to ready", "first room ms", "healthz max ms", "starts")
    print(table(headers, rows))


if __name__ == "__main__":
    main()
