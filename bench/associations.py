"""The association game's bots measured: guessing the bank, telling, winning, and time.

    python bench/associations.py [--trials 3] [--games 500] [--wins 400] [--lang uk ru en]
                                 [--players 3 4 5 6] [--tells 200] [--jobs 2] [--only 1 2 3 4 5]

1. Guesser accuracy per level on the clue bank (games/associations/data/clues-LANG.txt,
   120 clues a language, 40 of each style): for each written clue, the true card
   among N-1 other random built-in cards (N = 4 and 6), --trials draws per clue;
   the share of picks that are right, with a 95 % Wilson interval, in each
   language, in each style and overall, beside chance (1/N).
2. The storyteller's aim: --games games of medium bots at each table size of
   --players (3 to 6); at each of their tells, every level in turn tells from that
   seat and hand, and the medium guessers of that game lay and vote. Per level, the share of
   those rounds in which some but not all of them found its card, with a 95 %
   Wilson interval; the shares where all and where nobody did; and the paired
   difference from the level before it (vs previous), over the same rounds, with
   its 95 % interval.
3. The levels' win shares at one table of four (one bot of each level, seats
   rotating), --wins full games, with 95 % Wilson intervals (a shared win counts
   its share).
4. The time of one tell per level (the first clue of --tells fresh games of four,
   in the first --lang): median and 90th percentile, in milliseconds.
5. How well the hard storyteller foresees the band: at each tell without a form of
   --games games of four medium bots (the first --lang), up to 10 of the clues it
   weighs, drawn at random, and the one it chooses are each told to the medium
   guessers. By fifth of the worth the storyteller gave them (the share of rounds it
   expects in the band), and for the clues it chose: the share that landed in the band,
   with its 95 % Wilson interval.

Games run in --jobs worker processes (default: one a core); the figures do not
depend on their number. --only runs some of the five parts.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from _common import paired, table, wilson
from igroteka.engine import Match, play_out
from igroteka.games.associations.bots import (
    LEVELS,
    STYLES,
    AssociationsBot,
    clue_bank,
    make_bot,
)
from igroteka.games.associations.deck import LANGUAGES, builtin_deck
from igroteka.games.associations.rules import AssociationsGame, AssociationsState, Phase, Tell

GAME = AssociationsGame()
T = TypeVar("T")
R = TypeVar("R")


def accuracy(
    level: str, lang: str, cards: int, trials: int, seed: int = 0
) -> dict[str, tuple[int, int]]:
    """(right picks, picks) of a level's guesser on the bank, by the clues' style, the true
    card among ``cards``."""
    ids = [card.id for card in builtin_deck()]
    draw = random.Random(f"{seed}:{cards}:{lang}")
    counts = {style: [0, 0] for style in STYLES}
    for number, (card, style, clue) in enumerate(clue_bank(lang)):
        for trial in range(trials):
            bot = make_bot(level, seat=1, seed=seed * 1000 + number * 10 + trial)
            table_cards = [card, *draw.sample([c for c in ids if c != card], cards - 1)]
            draw.shuffle(table_cards)
            counts[style][0] += bot.guess(clue, table_cards, lang) == card
            counts[style][1] += 1
    return {style: (hits, total) for style, (hits, total) in counts.items()}


SCOPES = (*LANGUAGES, *STYLES, "all")


def guessing(trials: int, jobs: int) -> list[tuple[object, ...]]:
    """A row per table size and level: the share of right picks in each language, in each
    style (the three languages together) and overall, with its 95 % interval."""
    cases = [(lang, cards, level) for lang in LANGUAGES for cards in (4, 6) for level in LEVELS]
    counts = parallel(jobs, _accuracy_of, [(*case, trials) for case in cases])
    tally: dict[tuple[int, str, str], list[int]] = {}
    for (lang, cards, level), by_style in zip(cases, counts, strict=True):
        for style, (hits, total) in by_style.items():
            for scope in (lang, style, "all"):
                sums = tally.setdefault((cards, level, scope), [0, 0])
                sums[0] += hits
                sums[1] += total
    rows: list[tuple[object, ...]] = []
    for cards in (4, 6):
        for level in LEVELS:
            shares = []
            for scope in SCOPES:
                hits, total = tally[cards, level, scope]
                low, high = wilson(hits, total)
                shares.append(f"{hits / total:.3f} ({low:.2f}–{high:.2f})")
            total = tally[cards, level, "all"][1]
            rows.append((cards, f"{1 / cards:.3f}", level, total, *shares))
    return rows


def _accuracy_of(case: tuple[str, int, str, int]) -> dict[str, tuple[int, int]]:
    lang, cards, level, trials = case
    return accuracy(level, lang, cards, trials)


def play(levels: list[str], seed: int, lang: str) -> Match[Any, Any]:
    """A full game of bots of ``levels``, one a seat."""
    players = [f"bot:{level}" for level in levels]
    match: Match[Any, Any] = Match.start(GAME, players, {"lang": lang}, seed)
    play_out(match, {seat: make_bot(level, seat, seed) for seat, level in enumerate(levels)})
    return match


def _rounds(case: tuple[str, int, int]) -> list[tuple[int, ...]]:
    """A game of ``players`` medium bots; at each of its tells, every level in turn tells from
    the storyteller's seat and hand, and the medium guessers lay and vote: per tell, how many
    of them found each level's card."""
    lang, players, seed = case
    state = GAME.setup(GAME.parse_options({"lang": lang}), players, seed)
    seats = range(players)
    agents = {seat: make_bot("medium", seat, seed) for seat in seats}
    tellers = {(level, seat): make_bot(level, seat, seed) for level in LEVELS for seat in seats}
    guessers = {level: {seat: make_bot("medium", seat, seed) for seat in seats} for level in LEVELS}
    found: list[tuple[int, ...]] = []
    while state.phase != Phase.OVER:
        if state.phase == Phase.TELL:
            teller = state.storyteller
            found.append(
                tuple(_round(state, tellers[level, teller], guessers[level]) for level in LEVELS)
            )
        seat = min(GAME.awaited(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME.view(state, seat)))
    return found


def _round(
    state: AssociationsState, teller: AssociationsBot, guessers: dict[int, AssociationsBot]
) -> int:
    """How many of the others find the card ``teller`` tells from ``state``."""
    return _told(state, teller.choose(GAME.view(state, state.storyteller)), guessers)


def _told(state: AssociationsState, tell: Tell, guessers: dict[int, AssociationsBot]) -> int:
    """How many of the others find the card of the storyteller's ``tell``."""
    seat = state.storyteller
    state, _ = GAME.apply(state, seat, tell)
    while True:
        other = min(GAME.awaited(state))
        state, events = GAME.apply(state, other, guessers[other].choose(GAME.view(state, other)))
        for event in events:
            if event.kind == "reveal":
                story = event.data["owners"].index(seat) + 1
                votes = event.data["votes"]
                return sum(1 for n, cast in enumerate(votes) if n != seat and cast[:1] == [story])


def telling(games: int, lang: str, players: int, jobs: int) -> list[tuple[object, ...]]:
    cases = [(lang, players, seed) for seed in range(games)]
    found = [row for rows in parallel(jobs, _rounds, cases) for row in rows]
    rounds = len(found)
    everybody = players - 1
    rows: list[tuple[object, ...]] = []
    below: list[bool] = []
    for number, level in enumerate(LEVELS):
        some = [0 < row[number] < everybody for row in found]
        hits = sum(some)
        low, high = wilson(hits, rounds)
        everyone = sum(row[number] == everybody for row in found) / rounds
        nobody = sum(row[number] == 0 for row in found) / rounds
        gap = _difference(some, below) if below else ""
        rows.append((lang, players, level, rounds, hits / rounds, low, high, everyone, nobody, gap))
        below = some
    return rows


def _difference(these: Sequence[bool], those: Sequence[bool]) -> str:
    """The paired difference of two shares over the same rounds, with its 95 % interval."""
    return paired([int(a) - int(b) for a, b in zip(these, those, strict=True)])


def _won(case: tuple[str, int]) -> dict[str, float]:
    lang, seed = case
    levels = list(LEVELS)
    shift = seed % len(levels)
    seated = levels[shift:] + levels[:shift]
    match = play(seated, seed, lang)
    outcome = match.outcome()
    assert outcome is not None
    wins = dict.fromkeys(levels, 0.0)
    for seat in outcome.winners:
        wins[seated[seat]] += 1.0 / len(outcome.winners)
    return wins


def winning(games: int, lang: str, jobs: int) -> list[tuple[object, ...]]:
    results = parallel(jobs, _won, [(lang, seed) for seed in range(games)])
    rows: list[tuple[object, ...]] = []
    for level in LEVELS:
        wins = sum(result[level] for result in results)
        low, high = wilson(wins, games)
        rows.append((lang, level, games, 100 * wins / games, 100 * low, 100 * high))
    return rows


def tell_times(tells: int, lang: str) -> list[tuple[object, ...]]:
    """Milliseconds of one tell per level: the first clue of fresh games of four."""
    rows: list[tuple[object, ...]] = []
    for level in LEVELS:
        times = []
        for seed in range(tells):
            options = GAME.parse_options({"starter": 0, "lang": lang})
            state = GAME.setup(options, 4, seed)
            view = GAME.view(state, 0)
            bot = make_bot(level, 0, seed)
            start = time.perf_counter()
            bot.choose(view)
            times.append(1000 * (time.perf_counter() - start))
        high = statistics.quantiles(times, n=10)[-1]
        rows.append((lang, level, tells, statistics.median(times), high))
    return rows


def _foresight(case: tuple[str, int]) -> list[tuple[float, bool, bool]]:
    """A game of four medium bots; at each tell without a form, (worth, in the band, chosen)
    for 10 clues the hard storyteller weighs, drawn at random, and for its choice."""
    lang, seed = case
    state = GAME.setup(GAME.parse_options({"lang": lang}), 4, seed)
    agents = {seat: make_bot("medium", seat, seed) for seat in range(4)}
    guessers = {seat: make_bot("medium", seat, seed) for seat in range(4)}
    draw = random.Random(seed)
    rows: list[tuple[float, bool, bool]] = []
    while state.phase != Phase.OVER:
        view = GAME.view(state, state.storyteller) if state.phase == Phase.TELL else {}
        if view and not view["form"]:
            clues = make_bot("hard", state.storyteller, seed).clues(view, lang)
            best = max(range(len(clues)), key=lambda k: clues[k][2], default=None)
            drawn = draw.sample(range(len(clues)), min(10, len(clues)))
            for k in [*drawn, *([best] if best is not None else [])]:
                card, text, worth = clues[k]
                found = _told(state, Tell(card, text[:1].upper() + text[1:]), guessers)
                rows.append((worth, 0 < found < 3, k == best))
        seat = min(GAME.awaited(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME.view(state, seat)))
    return rows


def foresight(games: int, lang: str, jobs: int) -> list[tuple[object, ...]]:
    rows = [
        row
        for rows in parallel(jobs, _foresight, [(lang, s) for s in range(games)])
        for row in rows
    ]
    drawn = sorted((worth, band) for worth, band, chosen in rows if not chosen)
    fifths = [drawn[n * len(drawn) // 5 : (n + 1) * len(drawn) // 5] for n in range(5)]
    chosen = sorted((worth, band) for worth, band, pick in rows if pick)
    named = [(f"drawn {n + 1}/5", part) for n, part in enumerate(fifths)]
    return [_landed(name, part) for name, part in [*named, ("chosen", chosen)]]


def _landed(name: str, told: Sequence[tuple[float, bool]]) -> tuple[object, ...]:
    """A row of part 5: clues sorted by worth, its range, and the share in the band."""
    hits = sum(band for _, band in told)
    low, high = wilson(hits, len(told))
    return (name, len(told), told[0][0], told[-1][0], hits / len(told), low, high)


def parallel(jobs: int, work: Callable[[T], R], cases: Sequence[T]) -> list[R]:
    """``work`` of every case, in order, in ``jobs`` processes (one: in this one)."""
    if jobs <= 1:
        return [work(case) for case in cases]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(work, cases, chunksize=max(1, len(cases) // (8 * jobs))))


def _languages(names: Iterable[str]) -> list[str]:
    return [lang for lang in LANGUAGES if lang in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3, help="draws per bank case (1.)")
    parser.add_argument("--games", type=int, default=500, help="games of medium bots (2.)")
    parser.add_argument("--wins", type=int, default=400, help="games of the four levels (3.)")
    parser.add_argument("--tells", type=int, default=200, help="tells timed per level (4.)")
    parser.add_argument("--lang", nargs="+", default=list(LANGUAGES), choices=LANGUAGES)
    parser.add_argument(
        "--players", nargs="+", type=int, default=[3, 4, 5, 6], help="table sizes (2.)"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--only", nargs="+", default=["1", "2", "3", "4", "5"], help="parts to run")
    args = parser.parse_args()
    langs = _languages(args.lang)
    if "1" in args.only:
        print("1. Guesser accuracy on the clue bank (95 % Wilson interval)\n")
        headers = ["cards", "chance", "level", "picks", *SCOPES]
        print(table(headers, guessing(args.trials, args.jobs)))
    if "2" in args.only:
        print(f"\n2. Storyteller: some but not all found it (the tells of {args.games} games)\n")
        headers = ["lang", "players", "level", "rounds", "some", "low", "high", "all", "nobody"]
        rows = [
            row
            for lang in langs
            for players in args.players
            for row in telling(args.games, lang, players, args.jobs)
        ]
        print(table([*headers, "vs previous"], rows))
    if "3" in args.only:
        print(f"\n3. Win shares, one bot of each level at a table of four ({args.wins} games)\n")
        headers = ["lang", "level", "games", "win %", "low", "high"]
        print(
            table(headers, [row for lang in langs for row in winning(args.wins, lang, args.jobs)])
        )
    if "4" in args.only:
        print(f"\n4. One tell, milliseconds (the first clue of {args.tells} games of four)\n")
        headers = ["lang", "level", "tells", "median", "90 %"]
        print(table(headers, tell_times(args.tells, langs[0])))
    if "5" in args.only:
        print(f"\n5. The hard storyteller's foresight ({args.games} games of four, {langs[0]})\n")
        headers = ["clues", "told", "worth from", "to", "in the band", "low", "high"]
        print(table(headers, foresight(args.games, langs[0], args.jobs)))


if __name__ == "__main__":
    main()
