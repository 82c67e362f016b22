"""The association game's bots measured: guessing the bank, telling, and winning.

    python bench/associations.py [--trials 3] [--games 40] [--lang uk]

1. Guesser accuracy per level on the clue bank (content/associations/clues-LANG.txt):
   for each written case, the true card among N-1 other random built-in cards
   (N = 4 and 6), --trials draws per case; the share of picks that are right,
   with a 95 % Wilson interval, beside chance (1/N). Every language.
2. The storyteller's aim: per level, the share of its rounds in which some but
   not all of the others found its card, at tables of four (the storyteller of
   the level, three medium guessers), over --games full games with seats
   rotating; the shares of rounds where all and where nobody found it too.
3. The levels' win shares at one table of four (one bot of each level, seats
   rotating), --games full games.
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from _common import table
from igroteka.engine import Match, play_out
from igroteka.engine.game import Event
from igroteka.games.associations.bots import LEVELS, clue_bank, make_bot
from igroteka.games.associations.deck import LANGUAGES, builtin_deck
from igroteka.games.associations.rules import AssociationsGame

GAME = AssociationsGame()


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share."""
    if not total:
        return 0.0, 1.0
    share = hits / total
    middle = share + z * z / (2 * total)
    spread = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return (middle - spread) / scale, (middle + spread) / scale


def accuracy(level: str, lang: str, cards: int, trials: int, seed: int = 0) -> tuple[int, int]:
    """(right picks, picks) of a level's guesser on the bank, the true card among ``cards``."""
    ids = [card.id for card in builtin_deck()]
    draw = random.Random(f"{seed}:{cards}:{lang}")
    hits = total = 0
    for number, (card, clue) in enumerate(clue_bank(lang)):
        for trial in range(trials):
            bot = make_bot(level, seat=1, seed=seed * 1000 + number * 10 + trial)
            table_cards = [card, *draw.sample([c for c in ids if c != card], cards - 1)]
            draw.shuffle(table_cards)
            hits += bot.guess(clue, table_cards, lang) == card
            total += 1
    return hits, total


def guessing(trials: int) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for lang in LANGUAGES:
        for cards in (4, 6):
            for level in LEVELS:
                hits, total = accuracy(level, lang, cards, trials)
                low, high = wilson(hits, total)
                rows.append((lang, cards, level, total, hits / total, low, high, 1 / cards))
    return rows


def play(levels: list[str], seed: int, lang: str) -> tuple[Match[Any, Any], list[Event]]:
    players = [f"bot:{level}" for level in levels]
    match: Match[Any, Any] = Match.start(GAME, players, {"lang": lang}, seed)
    agents = {seat: make_bot(level, seat, seed) for seat, level in enumerate(levels)}
    reveals: list[Event] = []

    def seen(events: tuple[Event, ...]) -> None:
        reveals.extend(event for event in events if event.kind == "reveal")

    play_out(match, agents, on_events=seen)
    return match, reveals


def telling(games: int, lang: str) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for level in LEVELS:
        some = everyone = nobody = rounds = 0
        for seed in range(games):
            seat = seed % 4
            levels = ["medium"] * 4
            levels[seat] = level
            _, reveals = play(levels, seed, lang)
            for event in reveals:
                data = event.data
                if data["storyteller"] != seat:
                    continue
                story = data["owners"].index(seat)
                found = sum(
                    1
                    for other, votes in enumerate(data["votes"])
                    if other != seat and votes and votes[0] == story + 1
                )
                rounds += 1
                if found == 0:
                    nobody += 1
                elif found == 3:
                    everyone += 1
                else:
                    some += 1
        low, high = wilson(some, rounds)
        rows.append((level, rounds, some / rounds, low, high, everyone / rounds, nobody / rounds))
    return rows


def winning(games: int, lang: str) -> list[tuple[object, ...]]:
    levels = list(LEVELS)
    wins = dict.fromkeys(levels, 0.0)
    for seed in range(games):
        shift = seed % len(levels)
        seated = levels[shift:] + levels[:shift]
        match, _ = play(seated, seed, lang)
        outcome = match.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            wins[seated[seat]] += 1.0 / len(outcome.winners)
    return [(level, games, 100 * wins[level] / games) for level in levels]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lang", default="uk", choices=LANGUAGES)
    args = parser.parse_args()
    print("1. Guesser accuracy on the clue bank (95 % Wilson interval)\n")
    headers = ["lang", "cards", "level", "cases", "right", "low", "high", "chance"]
    print(table(headers, guessing(args.trials)))
    print(f"\n2. Storyteller: some but not all found it (tables of four, {args.lang})\n")
    headers = ["level", "rounds", "some", "low", "high", "all", "nobody"]
    print(table(headers, telling(args.games, args.lang)))
    print(f"\n3. Win shares, one bot of each level at a table of four ({args.lang})\n")
    print(table(["level", "games", "win %"], winning(args.games, args.lang)))


if __name__ == "__main__":
    main()
