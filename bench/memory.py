"""The memory of a server's processes once its bots have played every word game.

    python bench/memory.py [--games 2] [--level hard] [--before SRC]

Starts ``igroteka serve`` (a temporary SQLite store; the word indexes of the
cache, built first if missing) and, with ``--before SRC``, in turn a server whose
igroteka comes from the folder SRC (another checkout's ``src``): the figures
before and after a change, in the same run. Each time, ``--games`` rooms of each
word game (Klepka letters, the crossword game in Ukrainian and in Russian) are
played out at once by two bots each, so every worker computes for every kind;
then the memory of the server and of every process under it (the workers, and
the forkserver that makes them) is read from ``/proc/PID/smaps_rollup``: RSS
(pages mapped in, shared ones counted whole), PSS (each shared page divided
among the processes that map it: the sum over processes is what they take
together) and USS (pages no other process maps; of it, those written: a copy of
its own, not a page of the cache's files that only it has read so far).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from _common import table

GAMES = (
    ("letters uk", "letters", {}),
    ("crossword uk", "crossword", {"lang": "uk"}),
    ("crossword ru", "crossword", {"lang": "ru"}),
)
MB = 1024 * 1024


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(
    variant: str, src: str | None, folder: Path
) -> Iterator[tuple[subprocess.Popen[bytes], str, float]]:
    """A server process of ``variant`` (its igroteka from ``src``, None: this tree's), its URL
    and the seconds it took to be ready."""
    port = free_port()
    db = folder / f"{variant}.db"
    command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--reveal", "0", "--bot-delay", "0"]
    began = time.perf_counter()
    env = None if src is None else {**os.environ, "PYTHONPATH": src}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                if httpx.get(f"{url}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None:
                raise SystemExit(f"the {variant} server ended ({process.returncode})")
            time.sleep(0.05)
        yield process, url, time.perf_counter() - began
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()


def play(url: str, games: int, level: str) -> float:
    """Start ``games`` bot rooms of each word game and wait until all are finished."""
    rooms: list[str] = []
    began = time.perf_counter()
    with httpx.Client(base_url=url, timeout=60) as client:
        for _ in range(games):
            for _, game, options in GAMES:
                made = client.post(
                    "/api/rooms", json={"game": game, "players": 2, "options": options}
                )
                assert made.status_code == 201, made.text
                room, creator = made.json()["id"], made.json()["creator"]
                for number in range(2):
                    seated = client.post(
                        f"/api/rooms/{room}/seats/{number}/bot",
                        json={"level": level, "token": creator},
                    )
                    assert seated.status_code == 200, seated.text
                started = client.post(f"/api/rooms/{room}/start", json={"token": creator})
                assert started.status_code == 200, started.text
                rooms.append(room)
        waiting = set(rooms)
        while waiting:
            time.sleep(0.5)
            waiting = {r for r in waiting if not client.get(f"/api/rooms/{r}").json()["finished"]}
    return time.perf_counter() - began


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (its workers, and the forkserver that makes them)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *descendants(int(child))]
    return found


def memory(pid: int) -> dict[str, float]:
    """A process's smaps_rollup figures, in MB."""
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        fields[name.rstrip(":")] = int(value) * 1024 / MB
    fields["Uss"] = fields["Private_Clean"] + fields["Private_Dirty"]
    return fields


def measure(
    variant: str, src: str | None, folder: Path, games: int, level: str
) -> list[tuple[object, ...]]:
    with serving(variant, src, folder) as (process, url, ready):
        played = play(url, games, level)
        pids = [("server", process.pid)]
        under = sorted(descendants(process.pid))
        pids += [(f"under it {n}", pid) for n, pid in enumerate(under, 1)]
        rows: list[tuple[object, ...]] = []
        total = {"Rss": 0.0, "Pss": 0.0, "Uss": 0.0, "Private_Dirty": 0.0}
        for name, pid in pids:
            got = memory(pid)
            rows.append((variant, name, got["Rss"], got["Pss"], got["Uss"], got["Private_Dirty"]))
            for key in total:
                total[key] += got[key]
        rows.append((variant, "all", *total.values()))
        print(f"{variant}: ready in {ready:.1f} s, games played in {played:.1f} s", flush=True)
        return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="rooms of each word game")
    parser.add_argument("--level", default="hard", help="the bots' level")
    parser.add_argument("--before", help="another checkout's src: the baseline")
    args = parser.parse_args()
    trees: dict[str, str | None] = {"this tree": None}
    if args.before:
        trees = {"before": args.before, **trees}
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        for variant, src in trees.items():
            rows += measure(variant, src, Path(folder), args.games, args.level)
    headers = ["variant", "process", "RSS MB", "PSS MB", "USS MB", "of it written MB"]
    print(table(headers, rows))


if __name__ == "__main__":
    main()
