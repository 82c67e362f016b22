"""Whole games per second on one core: 4 bot:hard players, 30 pairs.

    python bench/games.py [--games 300] [--pairs 30] [--repeat 3]

Baselines in the same run: the rules alone (replaying the same action logs, no
bots) and four bot:random players (the cheapest possible decisions). bot:hard's
tables of exact values are built before timing (a one-time start-up cost, shown
apart).

Each row is timed ``--repeat`` times and the best run is kept, as ``timeit``
does. Speed is CPU time of this process (one core): on a shared machine the
wall clock also counts time the core spent on others; it is shown beside.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from _common import GAME, best_of, bot_game, table
from igroteka.engine import GameRecord, replay


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    options: dict[str, Any] = {"pairs": args.pairs, "syncopes": 2, "starter": "random"}
    # bot:hard's tables of exact values are built once per process, on first use: a
    # start-up cost like loading a dictionary, measured apart from the games.
    start = time.perf_counter()
    bot_game(["hard"] * 4, options, 1_000_000)
    warm_up = time.perf_counter() - start
    records: list[GameRecord] = [
        bot_game(["hard"] * 4, options, seed).record() for seed in range(args.games)
    ]

    def games(level: str) -> Callable[[], int]:
        def run() -> int:
            return sum(len(bot_game([level] * 4, options, s).log) for s in range(args.games))

        return run

    def rules_alone() -> int:
        return sum(len(replay(GAME, record).log) for record in records)

    rows = []
    for label, run in (
        ("rules alone (replay of the hard games)", rules_alone),
        ("4 × bot:random", games("random")),
        ("4 × bot:hard", games("hard")),
    ):
        actions, cpu, wall = best_of(args.repeat, run)
        n = args.games
        rows.append((label, n, actions / n, n / cpu, actions / cpu, n / wall))
    print(f"Klepka, {args.pairs} pairs, 2 Syncopes, 4 players, one core, best of {args.repeat}")
    print(table(["what", "games", "actions/game", "games/s", "actions/s", "games/s wall"], rows))
    print(f"(before timing: one game of 4 × bot:hard, building its tables: {warm_up:.2f} s)")


if __name__ == "__main__":
    main()
