"""Klepka letters measured: whole games per second, bot:hard's thinking time, win rates, decks.

    python bench/letters.py [--games 40] [--pairs 64] [--levels-games 100] [--repeat 2]
    python bench/letters.py --decks-only [--decks-games 40]

1. Speed, one core (CPU time, best of --repeat): --games games of four bot:hard
   players, beside two baselines in the same run: the rules alone (replaying the
   same action logs, no bots) and four bot:random players. The bots remember the
   lexicon's answers for the hands they weigh (as a long-running server would):
   "cold" forgets them before each run, "warm" plays the same games again.
2. bot:hard's decision time per turn: the time its choose() and offer() calls
   take within each turn of its own (median, 90th percentile, worst), measured
   in the four-bot:hard games.
3. Win rates: every pair of levels plays --levels-games two-player games (seats
   alternate; a tie counts half a win to each), and the four levels at one table
   with seats rotating.
4. The words composed: how many a game, their mean points, the share worth double.
5. The decks compared in the same run (``--decks-games`` games, seeds 0, 1, …, of
   each): the classic deck (50 pairs, a colour per letter: the default of rules
   version 2) and the default deck (64 pairs, a colour per pair), both under the
   rules of now. For four bot:hard players: the share of words worth double, the
   mean letters of a word, the share of two-letter words, points per word, words
   and actions per game; and for the four levels at one table (seats rotating),
   each level's share of wins.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from _common import best_of, bot_game, four_levels, head_to_head, table
from igroteka.engine import Match, play_out, replay
from igroteka.games import entry
from igroteka.games.letters import bots
from igroteka.games.letters.bots import LEVELS, LettersBot, make_bot
from igroteka.lexicon.index import index

ENTRY = entry("letters")


class Timed:
    """A bot whose thinking time is added up per turn of its own (by the view's turn count)."""

    def __init__(self, bot: LettersBot, turns: dict[int, float]) -> None:
        self.bot, self.turns = bot, turns

    def observe(self, events: Any) -> None:
        self.bot.observe(events)

    def refused(self, reason: str) -> None:
        self.bot.refused(reason)

    def _timed(self, method: Callable[[Any], Any], view: Any) -> Any:
        start = time.process_time()
        action = method(view)
        if view["turn"] == self.bot.seat:
            key = view["turns"]
            self.turns[key] = self.turns.get(key, 0.0) + time.process_time() - start
        return action

    def choose(self, view: Any) -> Any:
        return self._timed(self.bot.choose, view)

    def offer(self, view: Any) -> Any:
        return self._timed(self.bot.offer, view)


def games_of(level: str, games: int, options: dict[str, Any], cold: bool) -> Callable[[], int]:
    """Play the games; ``cold``: with the bots' remembered lexicon answers forgotten first."""

    def run() -> int:
        if cold:
            bots._best.cache_clear()
        return sum(
            len(bot_game([level] * 4, options, seed, "letters").log) for seed in range(games)
        )

    return run


def speed(games: int, options: dict[str, Any], repeat: int) -> list[tuple[object, ...]]:
    records = [bot_game(["hard"] * 4, options, seed, "letters").record() for seed in range(games)]
    rows = []
    runs: list[tuple[str, Callable[[], int]]] = [
        ("4 bot:hard, whole games, cold", games_of("hard", games, options, cold=True)),
        ("4 bot:hard, whole games, warm", games_of("hard", games, options, cold=False)),
        ("4 bot:random, whole games, cold", games_of("random", games, options, cold=True)),
        (
            "rules alone (replaying the hard games)",
            lambda: sum(len(replay(ENTRY.game, record).log) for record in records),
        ),
    ]
    for name, run in runs:
        actions, cpu, wall = best_of(repeat, run)
        rows.append((name, games / cpu, actions / cpu, 1000 * cpu / games, games / wall))
    return rows


def thinking(games: int, options: dict[str, Any]) -> list[tuple[object, ...]]:
    bots._best.cache_clear()  # each game's first thoughts are cold, as in a new process
    per_turn: list[float] = []
    for seed in range(games):
        match: Match[Any, Any] = Match.start(ENTRY.game, ["bot:hard"] * 4, options, seed)
        turns: list[dict[int, float]] = [{} for _ in range(4)]
        agents = {seat: Timed(make_bot("hard", seat, seed), turns[seat]) for seat in range(4)}
        play_out(match, agents)
        per_turn.extend(t for seat in turns for t in seat.values())
    per_turn.sort()
    ms = [1000 * t for t in per_turn]
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return [("bot:hard, per turn", len(ms), statistics.median(ms), p90, ms[-1])]


def words(games: int, options: dict[str, Any]) -> list[tuple[object, ...]]:
    rows = []
    for level in LEVELS:
        composed = []
        for seed in range(games):
            outcome = bot_game([level] * 4, options, seed, "letters").outcome()
            assert outcome is not None
            composed.extend(word for sheet in outcome.details["words"] for word in sheet)
        doubles = sum(1 for word in composed if word["double"])
        mean = statistics.mean(w["points"] for w in composed) if composed else 0.0
        polysemy = sum(1 for word in composed if word["polysemy"])
        rows.append(
            (
                f"4 bot:{level}",
                len(composed) / games,
                mean,
                100 * doubles / max(1, len(composed)),
                polysemy / games,
            )
        )
    return rows


DECKS = (
    ("classic: 50 pairs, a colour a letter", {"pairs": 50, "classic_deck": True}),
    ("default: 64 pairs, a colour a pair", {}),
)


def decks(games: int) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """The words of four bot:hard players and the levels' win shares, for each deck."""
    words_rows: list[tuple[object, ...]] = []
    wins_rows: list[tuple[object, ...]] = []
    for name, options in DECKS:
        composed: list[dict[str, Any]] = []
        actions = []
        for seed in range(games):
            match = bot_game(["hard"] * 4, options, seed, "letters")
            outcome = match.outcome()
            assert outcome is not None
            composed.extend(word for sheet in outcome.details["words"] for word in sheet)
            actions.append(len(match.log))
        size = [len(word["word"].replace("'", "")) for word in composed]
        words_rows.append(
            (
                name,
                100 * sum(1 for word in composed if word["double"]) / len(composed),
                statistics.mean(size),
                100 * sum(1 for n in size if n == 2) / len(composed),
                statistics.mean(word["points"] for word in composed),
                len(composed) / games,
                statistics.median(actions),
            )
        )
        shares = four_levels(games, options, "letters")
        wins_rows.append((name, *(share for _, _, share in shares)))
    return words_rows, wins_rows


def print_decks(games: int) -> None:
    words_rows, wins_rows = decks(games)
    headers = ["deck (4 bot:hard)", "double %", "letters", "2-letter %", "points"]
    print(table([*headers, "words/game", "actions"], words_rows))
    print()
    print(table(["deck (4 levels)", *(f"{level} wins %" for level in LEVELS)], wins_rows))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--levels-games", type=int, default=100, dest="levels_games")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--decks-games", type=int, default=40, dest="decks_games")
    parser.add_argument("--decks-only", action="store_true", dest="decks_only")
    args = parser.parse_args()
    options = {"pairs": args.pairs}
    index("uk")  # the lexicon is loaded (or built) before timing
    if args.decks_only:
        print_decks(args.decks_games)
        return
    print(f"Klepka letters, {args.pairs} pairs and 2 of each prize card.\n")
    print(
        table(
            ["speed (one core)", "games/s", "actions/s", "ms/game", "games/s wall"],
            speed(args.games, options, args.repeat),
        )
    )
    print()
    print(
        table(
            ["decision time", "turns", "median ms", "p90 ms", "worst ms"],
            thinking(args.games, options),
        )
    )
    print()
    print(
        table(
            ["head to head", "games", "first %", "second %"],
            head_to_head(args.levels_games, options, "letters"),
        )
    )
    print()
    print(
        table(
            ["all four at one table", "games", "wins %"],
            four_levels(args.levels_games, options, "letters"),
        )
    )
    print()
    print(
        table(
            ["words", "a game", "mean points", "double %", "Polysemy a game"],
            words(max(10, args.games // 2), options),
        )
    )
    print()
    print_decks(args.decks_games)


if __name__ == "__main__":
    main()
