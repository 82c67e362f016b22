"""Bot levels measured: win rates between levels, and bot:hard alone against the optimum.

    python bench/bot_levels.py [--games 1000] [--pairs 12]

1. Head to head: every pair of levels plays --games two-player games (seats
   alternate); a tie counts half a win to each.
2. All four levels at one table, seats rotating, --games games: each level's share of wins.
3. Solitaire: bot:hard alone with n pairs and no Syncope, the mean number of
   moves (a move turns up a second card beside the first, as in the classic
   game), beside the classic solitaire optimum (3 - 2 ln 2) n + 7/8 - 2 ln 2
   of Velleman and Warrington, measured in the same run with bot:medium as a
   second reference.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from _common import bot_game, four_levels, head_to_head, table
from igroteka.engine import Match
from igroteka.games.klepka.rules import Flip, Phase
from igroteka.games.klepka.strategy import solitaire


def solitaire_moves(level: str, pairs: int, games: int) -> float:
    options = {"pairs": pairs, "syncopes": 0, "chain": "auto"}
    total = 0
    for seed in range(games):
        match: Match[Any, Any] = bot_game([level], options, seed)
        # replay to count moves: flips that turn up a card beside a first card
        again: Match[Any, Any] = Match.start(match.game, match.players, match.options, seed)
        for logged in match.log:
            action = match.game.decode_action(logged.action)
            if isinstance(action, Flip) and again.state.phase in (Phase.SECOND, Phase.SEARCH):
                total += 1
            again.play(logged.seat, action)
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--pairs", type=int, default=12)
    parser.add_argument("--solitaire-games", type=int, default=400)
    args = parser.parse_args()
    options: dict[str, Any] = {"pairs": args.pairs, "syncopes": 2, "starter": "random"}
    print(f"1. Head to head, 2 players, {args.pairs} pairs, 2 Syncopes")
    print(
        table(
            ["levels", "games", "first wins %", "second wins %"],
            head_to_head(args.games, options, "klepka"),
        )
    )
    print()
    print(f"2. All four levels at one table, {args.pairs} pairs, 2 Syncopes")
    print(table(["level", "games", "win share %"], four_levels(args.games, options, "klepka")))
    print()
    print("3. Solitaire, no Syncope: mean moves to clear the table")
    rows = []
    for pairs in (4, 8, 12, 20, 30, 40):
        optimum = (3 - 2 * math.log(2)) * pairs + 7 / 8 - 2 * math.log(2)
        klepka = solitaire().expected_moves(pairs)
        hard = solitaire_moves("hard", pairs, args.solitaire_games)
        medium = solitaire_moves("medium", pairs, args.solitaire_games)
        rows.append((pairs, optimum, klepka, hard, medium, hard / klepka))
    headers = ["pairs n", "classic optimum", "Klepka optimum", "bot:hard", "bot:medium"]
    print(table([*headers, "hard / Klepka optimum"], rows))


if __name__ == "__main__":
    main()
