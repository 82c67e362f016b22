"""Benchmark of a first start: how soon after ``igroteka serve`` a family can play, from an
empty cache and an empty data folder (issue 39).

    python bench/first_start.py [--port 8765] [--limit 300]

A new server process starts with empty ``XDG_CACHE_HOME`` and ``XDG_DATA_HOME`` folders (no
word index, no store). From the moment it is launched, the bench measures when

- the lobby answers (``GET /api/games``);
- a Klepka room is made, its two seats given to bots, and started (the issue's target: 10 s);
- the Russian dictionary is ready (``GET /api/dictionaries``);
- an Erudit room in Russian is made, seated with two bots and started (target: 45 s, this
  machine idle);
- the Ukrainian dictionary is ready, and a Klepka letters room (Ukrainian) is started.

Beside it, in the same run, the baseline the lexicon's figures are ratios of: a new process
loading pymorphy3's analyser (median of 5). Only 127.0.0.1 is asked.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import table

LOAD = """
import time
start = time.perf_counter()
import pymorphy3
pymorphy3.MorphAnalyzer(lang={lang!r})
print(time.perf_counter() - start)
"""


def analyser_load(lang: str) -> float:
    """Median of 5 new processes loading pymorphy3's analyser, wall seconds."""
    runs = []
    for _ in range(5):
        code = LOAD.format(lang=lang)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        runs.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(runs)


def until(check: Callable[[], bool], limit: float) -> None:
    deadline = time.monotonic() + limit
    while True:
        try:
            if check():
                return
        except httpx.HTTPError:
            pass  # not listening yet
        if time.monotonic() > deadline:
            raise TimeoutError("never happened")
        time.sleep(0.05)


def room_started(base: str, game: str, options: dict[str, Any]) -> bool:
    """Make a room of two bots and start it; whether the server took all of it."""
    made = httpx.post(f"{base}/api/rooms", json={"game": game, "players": 2, "options": options})
    if made.status_code != 201:
        return False
    room, token = made.json()["id"], made.json()["creator"]
    for seat in (0, 1):
        seated = httpx.post(
            f"{base}/api/rooms/{room}/seats/{seat}/bot", json={"level": "easy", "token": token}
        )
        if seated.status_code != 200:
            return False
    return httpx.post(f"{base}/api/rooms/{room}/start", json={"token": token}).status_code == 200


def ready(base: str, lang: str) -> bool:
    answer = httpx.get(f"{base}/api/dictionaries").json()
    return bool(answer["languages"][lang]["state"] == "ready")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds to wait at most")
    args = parser.parse_args(argv)
    base = f"http://127.0.0.1:{args.port}"
    loads = {lang: analyser_load(lang) for lang in ("uk", "ru")}
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "XDG_CACHE_HOME": f"{folder}/cache", "XDG_DATA_HOME": f"{folder}/d"}
        env.pop("IGROTEKA_CACHE", None)
        command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(args.port)]
        began = time.monotonic()
        server = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        marks: list[tuple[str, float, str]] = []

        def mark(what: str, check: Callable[[], bool], target: str = "") -> None:
            until(check, args.limit)
            marks.append((what, time.monotonic() - began, target))

        try:
            mark("lobby answers", lambda: httpx.get(f"{base}/api/games").status_code == 200)
            mark("Klepka room started", lambda: room_started(base, "klepka", {}), "10 s")
            mark("Russian dictionary ready", lambda: ready(base, "ru"))
            mark(
                "Erudit (ru) room started",
                lambda: room_started(base, "crossword", {"lang": "ru"}),
                "45 s",
            )
            mark("Ukrainian dictionary ready", lambda: ready(base, "uk"))
            mark("Klepka letters room started", lambda: room_started(base, "letters", {}))
        finally:
            server.terminate()
            server.wait(30)
    print("First start, empty cache and data folder: seconds after `igroteka serve`")
    print(table(["moment", "seconds", "target"], marks))
    print(
        "\npymorphy3's analyser loads in "
        + ", ".join(f"{lang} {load:.3f} s" for lang, load in loads.items())
        + " (median of 5 new processes, the same run)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
