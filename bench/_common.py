"""Shared helpers of the benchmarks: playing bot games and printing tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from igroteka.engine import Match, play_out
from igroteka.games import entry

GAME = entry("klepka").game


def bot_game(
    levels: Sequence[str], options: dict[str, Any], seed: int, game: str = "klepka"
) -> Match[Any, Any]:
    """Play one game (Klepka unless named) between bots of the given levels (one per seat)."""
    found = entry(game)
    players = [f"bot:{level}" for level in levels]
    match: Match[Any, Any] = Match.start(found.game, players, options, seed)
    play_out(match, {seat: found.make_bot(level, seat, seed) for seat, level in enumerate(levels)})
    return match


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
