"""Shared helpers of the benchmarks: playing bot games, printing tables, and the server
benches' rooms (their options, their people's addresses)."""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from igroteka.engine import Match, play_out
from igroteka.games import entry

GAME = entry("klepka").game

OPTIONS: dict[str, dict[str, Any]] = {
    "klepka": {"pairs": 12},
    "letters": {"pairs": 30},
    "crossword": {},
    "associations": {},
}
"""The options of the benchmark's rooms, by game."""


def address(number: int) -> str:
    """The loopback address of the ``number``-th room's people (127.0.0.1 is the bench's)."""
    return f"127.0.{number // 250 + 1}.{number % 250 + 2}"


def bot_game(
    levels: Sequence[str], options: dict[str, Any], seed: int, game: str = "klepka"
) -> Match[Any, Any]:
    """Play one game (Klepka unless named) between bots of the given levels (one per seat)."""
    found = entry(game)
    players = [f"bot:{level}" for level in levels]
    match: Match[Any, Any] = Match.start(found.game, players, options, seed)
    play_out(match, {seat: found.make_bot(level, seat, seed) for seat, level in enumerate(levels)})
    return match


SCRIPTED = frozenset({"crossword"})
"""The games whose benchmark clients replay games played beforehand (:func:`scripts`) instead of
choosing their moves: the crossword's bots search for milliseconds a move, which the load
process would pay for its 800 clients, so the latencies measured would be the clients'."""


def scripts(game: str, options: dict[str, Any], seeds: Sequence[int]) -> dict[int, Script]:
    """The game of each seed played beforehand by bot:easy at 4 seats, in 2 processes: by seed,
    each seq's action (encoded) and the seat that took it. A room made with that seed (a
    server that takes chosen seeds) is the same game, so its clients can replay it."""
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        played = pool.map(_script, itertools.repeat(game), itertools.repeat(options), seeds)
        return dict(zip(seeds, played, strict=True))


Script = dict[int, tuple[int, dict[str, Any]]]
"""By seq: the seat that acts on that seq's view, and its action (encoded)."""


def _script(game: str, options: dict[str, Any], seed: int) -> Script:
    match = bot_game(["easy"] * 4, options, seed, game)
    return {seq: (logged.seat, logged.action) for seq, logged in enumerate(match.log)}


def best_of(repeat: int, run: Callable[[], int]) -> tuple[int, float, float]:
    """Run ``repeat`` times: (actions of a run, best CPU seconds, best wall seconds)."""
    cpu = wall = float("inf")
    actions = 0
    for _ in range(repeat):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        actions = run()
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start_wall)
    return actions, cpu, wall


def head_to_head(games: int, options: dict[str, Any], game: str) -> list[tuple[object, ...]]:
    """Every pair of bot levels, two-player games with seats alternating; a tie is half a win."""
    rows: list[tuple[object, ...]] = []
    for a, b in itertools.combinations(entry(game).bot_levels, 2):
        score = 0.0
        for seed in range(games):
            levels = [a, b] if seed % 2 == 0 else [b, a]
            outcome = bot_game(levels, options, seed, game).outcome()
            assert outcome is not None
            if levels.index(a) in outcome.winners:
                score += 1.0 / len(outcome.winners)
        rows.append((f"{a} vs {b}", games, 100 * score / games, 100 - 100 * score / games))
    return rows


def four_levels(games: int, options: dict[str, Any], game: str) -> list[tuple[object, ...]]:
    """All the levels at one table, seats rotating: each level's share of wins."""
    levels = list(entry(game).bot_levels)
    wins = dict.fromkeys(levels, 0.0)
    for seed in range(games):
        shift = seed % len(levels)
        seated = levels[shift:] + levels[:shift]
        outcome = bot_game(seated, options, seed, game).outcome()
        assert outcome is not None
        for seat in outcome.winners:
            wins[seated[seat]] += 1.0 / len(outcome.winners)
    return [(level, games, 100 * wins[level] / games) for level in levels]


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table with right-aligned numbers."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for index, row in enumerate(cells):
        lines.append(
            "  ".join(
                cell.rjust(w) if index else cell.ljust(w)
                for cell, w in zip(row, widths, strict=True)
            )
        )
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 100 else f"{value:,.1f}"
    return str(value)


def wilson(hits: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share (``hits`` of ``total``), within 0 and 1."""
    if not total:
        return 0.0, 1.0
    share = hits / total
    middle = share + z * z / (2 * total)
    spread = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale)


def paired(diffs: Sequence[float]) -> str:
    """The mean of paired differences ± 1.96 standard errors (its 95 % interval)."""
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return f"{mean:+.3f} ± {half:.3f}"
