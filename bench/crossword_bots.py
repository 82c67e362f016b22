"""The crossword bots measured: their turns' time, whole games per second, win rates by level.

    python bench/crossword_bots.py [--games 40] [--lang ru] [--turns 60]

1. Time of a turn (median and worst, ms) of each level on the positions of bot
   games, the hard bot's multi-word search included; beside it, in the same run,
   the move generator alone on the same positions (the baseline every level pays).
2. Whole two-player games of bots per second, by level.
3. Head to head: every pair of levels plays --games games (seats alternate); a tie
   counts half a win to each. The levels are ordered by these rates.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from _common import bot_game, head_to_head, table
from igroteka.engine import Match
from igroteka.games import entry
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import Board

GAME = "crossword"


def positions(lang: str, count: int) -> list[tuple[int, dict[str, Any]]]:
    """Views of the seat to act, from seeded games of medium bots, until ``count`` are taken."""
    found: list[tuple[int, dict[str, Any]]] = []
    seed = 0
    while len(found) < count:
        match = bot_game(["medium", "medium"], {"lang": lang}, seed, GAME)
        again: Match[Any, Any] = Match.start(match.game, match.players, match.options, seed)
        for logged in match.log:
            found.append((logged.seat, again.view(logged.seat)))
            again.play(logged.seat, match.game.decode_action(logged.action))
        seed += 1
    return found[:count]


def turn_times(lang: str, turns: int) -> list[tuple[object, ...]]:
    views = positions(lang, turns)
    rows: list[tuple[object, ...]] = []

    def generate(view: dict[str, Any]) -> object:
        return movegen.plays(Board(tuple(view["board"])), "".join(view["rack"]), lang)

    choosers = [("move generator alone (baseline)", generate)]
    for level in entry(GAME).bot_levels:
        choosers.append((f"bot:{level}", entry(GAME).make_bot(level, 0, 1).choose))
    for name, choose in choosers:
        times = []
        for _, view in views:
            start = time.perf_counter()
            choose(view)
            times.append(1000 * (time.perf_counter() - start))
        rows.append((name, len(times), statistics.median(times), max(times)))
    return rows


def games_per_second(lang: str, games: int) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for level in entry(GAME).bot_levels:
        start = time.perf_counter()
        turns = 0
        for seed in range(games):
            turns += len(bot_game([level, level], {"lang": lang}, seed, GAME).log)
        spent = time.perf_counter() - start
        rows.append((f"bot:{level} × 2", games, turns / games, games / spent))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lang", choices=["ru", "uk"], default="ru")
    parser.add_argument("--turns", type=int, default=60)
    args = parser.parse_args()
    print(f"1. A turn, {args.turns} positions of medium-bot games ({args.lang}), ms")
    print(table(["chooser", "turns", "median ms", "worst ms"], turn_times(args.lang, args.turns)))
    print()
    print("2. Whole games of two bots of a level")
    print(
        table(
            ["game", "games", "turns a game", "games / s"],
            games_per_second(args.lang, max(2, args.games // 4)),
        )
    )
    print()
    print(f"3. Head to head, 2 players, {args.games} games a pair ({args.lang})")
    print(
        table(
            ["levels", "games", "first wins %", "second wins %"],
            head_to_head(args.games, {"lang": args.lang}, GAME),
        )
    )


if __name__ == "__main__":
    main()
