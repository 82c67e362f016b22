"""Whole games per second on one core: 4 bot:hard players, 30 pairs.

    python bench/games.py [--games 300] [--pairs 30]

Baselines in the same run: the rules alone (replaying the same action logs, no
bots) and four bot:random players (the cheapest possible decisions). bot:hard's
tables of exact values are built before timing (a one-time start-up cost, shown
apart).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from _common import GAME, bot_game, table
from igroteka.engine import Match, replay


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--pairs", type=int, default=30)
    args = parser.parse_args()
    options: dict[str, Any] = {"pairs": args.pairs, "syncopes": 2, "starter": "random"}
    # bot:hard's tables of exact values are built once per process, on first use: a
    # start-up cost like loading a dictionary, measured apart from the games.
    start = time.perf_counter()
    bot_game(["hard"] * 4, options, 1_000_000)
    warm_up = time.perf_counter() - start
    rows = []
    records = []
    for label, level in (("4 × bot:random", "random"), ("4 × bot:hard", "hard")):
        actions = 0
        start = time.perf_counter()
        for seed in range(args.games):
            match: Match[Any, Any] = bot_game([level] * 4, options, seed)
            actions += len(match.log)
            if level == "hard":
                records.append(match.record())
        elapsed = time.perf_counter() - start
        rows.append(
            (label, args.games, actions / args.games, args.games / elapsed, actions / elapsed)
        )
    start = time.perf_counter()
    actions = 0
    for record in records:
        actions += len(replay(GAME, record).log)
    elapsed = time.perf_counter() - start
    rows.insert(
        0,
        (
            "rules alone (replay of the hard games)",
            len(records),
            actions / len(records),
            len(records) / elapsed,
            actions / elapsed,
        ),
    )
    print(f"Klepka, {args.pairs} pairs, 2 Syncopes, 4 players, one core")
    print(table(["what", "games", "actions/game", "games/s", "actions/s"], rows))
    print(f"(before timing: one game of 4 × bot:hard, building its tables: {warm_up:.2f} s)")


if __name__ == "__main__":
    main()
