"""The crossword bots measured: their turns' time, whole games per second, wins by level.

    python bench/crossword_bots.py [--games 40] [--pairs hard-medium hard-easy …]
                                   [--before 0] [--lang ru] [--turns 60] [--jobs 2]
                                   [--only 1 2 3 4]

1. Time of a turn (median, 90th percentile and worst, ms) of each level on the
   positions of bot games, the hard bot's multi-word search included; beside it, in
   the same run, the move generator alone on the same positions (the baseline every
   level pays).
2. Whole two-player games of bots per second, by level.
3. Head to head: every pair of levels (or those of --pairs, written ``a-b``) plays
   --games games (40 by default, an even number). Game ``g`` deals the tiles of
   seed ``g // 2`` and the seat that plays first is seat 0 (option ``starter``):
   the even game seats the pair one way, the odd game the other, so each level plays
   each deal once first and once second and the first move's advantage cancels.
   Per level: wins, draws, the win share (a draw counts half) with its 95 % Wilson
   interval, the mean final score and the mean margin (its score less the
   other's), and the time of its moves in these games (median and 90th
   percentile, ms), and apart those of the endgame: the bag holding 7 tiles or
   fewer, when the hard bot weighs the reply. A last table sums each level over its pairs.
4. The hard bot before and after its endgame change (issue 27), with --before games
   (4 uses 200 if not given): ``before`` is the hard bot whose endgame took the
   first seven unseen tiles in alphabetical order for the opponent's rack (a level
   --pairs knows too: ``hard-before``). Each plays
   medium on the same deals and seats (paired seeds); the games are alike until the
   bag runs low. Per version: win share, mean margin, the time of its endgame moves;
   and the paired difference after − before of the win (1, ½, 0) and of the margin,
   with 95 % intervals (mean ± 1.96 standard errors of the per-game differences).

Games run in --jobs worker processes (at most 2 by default); the figures other than
times do not depend on their number: every bot's randomness comes from the game's seed.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from _common import bot_game, paired, table, wilson
from igroteka.engine import Match, play_out
from igroteka.engine.game import Event, JsonObject
from igroteka.games import entry
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import Board, tile_set
from igroteka.games.crossword.bots import LEVELS, CrosswordBot, Turn, make_bot
from igroteka.games.crossword.rules import Action
from igroteka.lexicon.text import Language

GAME = "crossword"
BEFORE = "before"
"""The hard bot as it was before issue 27 (part 4; a level of --pairs too)."""
T = TypeVar("T")
R = TypeVar("R")


class HardBefore(CrosswordBot):
    """bot:hard before issue 27: near the end, the opponent's rack was taken to be the first
    seven unseen tiles in alphabetical order, and the 8 best candidates by score were weighed."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(LEVELS["hard"], seat, seed)

    def _looked_ahead(
        self,
        view: JsonObject,
        board: Board,
        rack: str,
        lang: Language,
        rules: dict[str, bool],
        candidates: list[Turn],
        worth: Callable[[Turn], float],
    ) -> list[Turn]:
        unseen = "".join(tile for tile, count in view["unseen"].items() for _ in range(count))
        if not unseen or len(unseen) > 2 * tile_set(lang).rack or view["players"] != 2:
            return candidates
        top = sorted(candidates, key=lambda c: -c[0])[:8]
        weighed: list[Turn] = []
        for score, tiles in top:
            replies = movegen.plays(board.place(tiles), unseen[:7], lang, **rules)
            reply = max((play.score for play in replies), default=0)
            weighed.append((score - reply // 2, tiles))
        return weighed


def bot(level: str, seat: int, seed: int) -> CrosswordBot:
    return HardBefore(seat, seed) if level == BEFORE else make_bot(level, seat, seed)


@dataclass
class Timed:
    """A bot whose every choice is timed, with the bag's size when it chose."""

    inner: CrosswordBot
    moves: list[tuple[float, int]] = field(default_factory=list)
    """(milliseconds, tiles in the bag) of each choice."""

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)

    def offer(self, view: JsonObject) -> Action | None:
        return self.inner.offer(view)

    def refused(self, reason: str) -> None:
        self.inner.refused(reason)

    def choose(self, view: JsonObject) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(view)
        self.moves.append((1000 * (time.perf_counter() - start), int(view["bag"])))
        return action


@dataclass(frozen=True)
class Played:
    """One game of part 3 or 4, from the pair's first level's side (``a``)."""

    a: str
    b: str
    game: int
    score: tuple[int, int]
    """The final scores of ``a`` and ``b``."""
    win: float
    """``a``'s share of the win: 1, ½ (a draw) or 0."""
    times: tuple[list[tuple[float, int]], list[tuple[float, int]]]
    """Each one's moves: (milliseconds, tiles in the bag)."""


def seated(a: str, b: str, game: int) -> tuple[str, str]:
    """The levels by seat in game ``game`` of the pair: swapped in every odd game."""
    return (a, b) if game % 2 == 0 else (b, a)


def play_pair(case: tuple[str, str, int, str]) -> Played:
    """Game ``game`` of the pair ``a``–``b``: the deal of seed ``game // 2``, seat 0 first."""
    a, b, number, lang = case
    levels = seated(a, b, number)
    seed = number // 2
    options = {"lang": lang, "starter": 0}
    found = entry(GAME)
    match: Match[Any, Any] = Match.start(found.game, [f"bot:{x}" for x in levels], options, seed)
    agents = {seat: Timed(bot(level, seat, seed)) for seat, level in enumerate(levels)}
    outcome = play_out(match, agents)
    mine = 0 if levels[0] == a else 1
    scores = (outcome.scores[mine], outcome.scores[1 - mine])
    win = (mine in outcome.winners) / len(outcome.winners)
    times = (agents[mine].moves, agents[1 - mine].moves)
    return Played(a, b, number, scores, win, times)


def percentile(values: Sequence[float], share: float) -> float:
    if len(values) < 2:
        return values[0] if values else math.nan
    return statistics.quantiles(values, n=100, method="inclusive")[round(100 * share) - 1]


@dataclass
class Tally:
    """A level's games in part 3: wins, draws, scores, margins and move times."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    endgame: list[float] = field(default_factory=list)

    def add(self, win: float, score: int, other: int, moves: list[tuple[float, int]]) -> None:
        self.games += 1
        self.wins += win == 1
        self.draws += win == 0.5
        self.scores.append(score)
        self.margins.append(score - other)
        self.times.extend(ms for ms, _ in moves)
        self.endgame.extend(ms for ms, bag in moves if bag <= LEVELS["hard"].lookahead)

    def row(self, *head: object) -> tuple[object, ...]:
        share = (self.wins + self.draws / 2) / self.games
        low, high = wilson(self.wins + self.draws / 2, self.games)
        return (
            *head,
            self.games,
            self.wins,
            self.draws,
            f"{100 * share:.1f} ({100 * low:.1f}–{100 * high:.1f})",
            f"{statistics.fmean(self.scores):.1f}",
            f"{statistics.fmean(self.margins):+.1f}",
            _ms(self.times),
            _ms(self.endgame),
        )


def _ms(values: Sequence[float]) -> str:
    if not values:
        return "–"
    return f"{statistics.median(values):.0f} / {percentile(values, 0.9):.0f} ({len(values)})"


TALLY_HEADERS = [
    "games",
    "wins",
    "draws",
    "win % (95 % CI)",
    "mean score",
    "mean margin",
    "move ms: median / 90 % (moves)",
    "bag ≤ 7: median / 90 % (moves)",
]


def parallel(jobs: int, work: Callable[[T], R], cases: Sequence[T]) -> list[R]:
    """``work`` of every case, in order, in ``jobs`` processes (one: in this one)."""
    if jobs <= 1:
        return [work(case) for case in cases]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(work, cases, chunksize=max(1, len(cases) // (8 * jobs))))


def head_to_head(
    pairs: Sequence[tuple[str, str]], games: int, lang: str, jobs: int
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Part 3: a row per level of each pair, and a row per level over all its pairs."""
    cases = [(a, b, number, lang) for a, b in pairs for number in range(games)]
    played = parallel(jobs, play_pair, cases)
    by_pair: dict[tuple[str, str, str], Tally] = {}
    overall: dict[str, Tally] = {}
    for game in played:
        for side, level in enumerate((game.a, game.b)):
            win = game.win if side == 0 else 1 - game.win
            score, against = game.score[side], game.score[1 - side]
            for tally in (
                by_pair.setdefault((game.a, game.b, level), Tally()),
                overall.setdefault(level, Tally()),
            ):
                tally.add(win, score, against, game.times[side])
    pair_rows = [tally.row(f"{a} vs {b}", level) for (a, b, level), tally in by_pair.items()]
    level_rows = [overall[level].row(level) for level in known_levels() if level in overall]
    return pair_rows, level_rows


def before_after(games: int, lang: str, jobs: int) -> tuple[list[tuple[object, ...]], list[str]]:
    """Part 4: the hard bot after and before its endgame change, each against medium on the
    same deals and seats; rows per version and the paired differences."""
    versions = ("hard", BEFORE)
    cases = [(level, "medium", number, lang) for level in versions for number in range(games)]
    played = parallel(jobs, play_pair, cases)
    results = {level: [g for g in played if g.a == level] for level in versions}
    rows: list[tuple[object, ...]] = []
    for level in versions:
        tally = Tally()
        for game in results[level]:
            tally.add(game.win, game.score[0], game.score[1], game.times[0])
        rows.append(tally.row(level, "medium"))
    after, before = results["hard"], results[BEFORE]
    wins = [x.win - y.win for x, y in zip(after, before, strict=True)]
    margins = [
        (x.score[0] - x.score[1]) - (y.score[0] - y.score[1])
        for x, y in zip(after, before, strict=True)
    ]
    changed = sum(x.score != y.score for x, y in zip(after, before, strict=True))
    lines = [
        f"games whose result differs: {changed} of {games}",
        f"win (1, ½, 0), after − before: {paired(wins)}",
        f"margin (points), after − before: {paired(margins)}",
    ]
    return rows, lines


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
        rows.append(
            (name, len(times), statistics.median(times), percentile(times, 0.9), max(times))
        )
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


def known_levels() -> list[str]:
    """The bots' levels, strongest first, and the hard bot of before issue 27."""
    return [*reversed(entry(GAME).bot_levels), BEFORE]


def parse_pairs(written: Sequence[str] | None) -> list[tuple[str, str]]:
    """The pairs written ``a-b``; every pair of the bots' levels, strongest first, if none."""
    known = known_levels()
    if not written:
        return list(itertools.combinations(known[:-1], 2))
    pairs = []
    for text in written:
        a, _, b = text.partition("-")
        if a not in known or b not in known or a == b:
            raise SystemExit(f"--pairs: {text!r} is not two levels a-b of {', '.join(known)}")
        pairs.append((a, b))
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games a pair (3.), even")
    parser.add_argument("--pairs", nargs="+", help="pairs of levels a-b (3.), all by default")
    parser.add_argument("--before", type=int, default=0, help="games of part 4 (200 if 0)")
    parser.add_argument("--lang", choices=["ru", "uk"], default="ru")
    parser.add_argument("--turns", type=int, default=60, help="positions timed (1.)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--only", nargs="+", default=["1", "2", "3"], help="parts to run")
    args = parser.parse_args()
    if args.games % 2:
        parser.error("--games must be even: each deal is played both ways")
    started = time.perf_counter()
    if "1" in args.only:
        print(f"1. A turn, {args.turns} positions of medium-bot games ({args.lang}), ms\n")
        headers = ["chooser", "turns", "median ms", "90 % ms", "worst ms"]
        print(table(headers, turn_times(args.lang, args.turns)))
        print()
    if "2" in args.only:
        print("2. Whole games of two bots of a level\n")
        rows = games_per_second(args.lang, max(2, args.games // 4))
        print(table(["game", "games", "turns a game", "games / s"], rows))
        print()
    if "3" in args.only:
        pairs = parse_pairs(args.pairs)
        print(
            f"3. Head to head, 2 players, {args.games} games a pair ({args.lang}); "
            "each deal played both ways, seat 0 first\n"
        )
        pair_rows, level_rows = head_to_head(pairs, args.games, args.lang, args.jobs)
        print(table(["pair", "level", *TALLY_HEADERS], pair_rows))
        print("\nEach level over its pairs\n")
        print(table(["level", *TALLY_HEADERS], level_rows))
        print()
    if "4" in args.only:
        games = args.before or 200
        print(
            f"4. bot:hard after and before its endgame change, {games} games each against "
            f"bot:medium on the same deals and seats ({args.lang})\n"
        )
        rows, lines = before_after(games, args.lang, args.jobs)
        print(table(["version", "against", *TALLY_HEADERS], rows))
        print()
        print("\n".join(lines))
        print()
    print(f"({time.perf_counter() - started:.0f} s, {args.jobs} processes)")


if __name__ == "__main__":
    main()
