"""The family table in the crossword: its short words, and what the filter costs the bots.

    python bench/family.py [--lang ru] [--positions 12] [--repeats 5] [--list]

Two measures:

- the crossword's two- and three-letter nouns of a language (the words the Russian
  obscure list was chosen from, each read beside its wordfreq frequency), how many
  there are and how many the family table refuses; ``--list`` prints each of them with
  its frequency and its verdict, to read the list again;
- the cost of the filter in the move generator: ``movegen.plays`` with the family
  table off and famous surnames on (the GADDAG's plays as they are: what it did before
  the filter) against the default (every word judged), on the positions of a seeded
  game of greedy plays, each rack's plays listed ``--repeats`` times, the two interleaved;
  medians in milliseconds, the first call (the per-word cache empty, the board's tables
  made) and later calls apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from _common import table
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import Board, tile_set
from igroteka.games.crossword.movegen import plays
from igroteka.lexicon.family import obscure, unfit, vulgar
from igroteka.lexicon.frequency import zipf
from igroteka.lexicon.index import index
from igroteka.lexicon.text import Language


def short_nouns(lang: Language, show: bool) -> list[list[object]]:
    """Per length (2, 3): the crossword's nouns, and how many are refused and why."""
    rows: list[list[object]] = []
    nouns = index(lang).nouns
    for length in (2, 3):
        found = sorted(word for word in nouns if len(word) == length)
        rude = [word for word in found if vulgar(word, lang)]
        rare = [word for word in found if obscure(word, lang)]
        refused = len(set(rare) | set(rude))
        rows.append([lang, length, len(found), len(rare), len(rude), len(found) - refused])
        if show:
            for word in found:
                verdict = "obscure" if word in rare else "vulgar" if word in rude else ""
                print(f"{word}\t{zipf(word, lang):.2f}\t{verdict}")
    return rows


def positions(lang: Language, count: int, seed: int = 1) -> list[tuple[Board, str]]:
    """The positions of a seeded game of greedy plays (family off), each with its rack."""
    rng = random.Random(seed)
    bag = tile_set(lang).bag()
    rng.shuffle(bag)
    board, rack, seen = Board.empty(), [bag.pop() for _ in range(7)], []
    for _ in range(count):
        seen.append((board, "".join(rack)))
        found = plays(board, "".join(rack), lang, family=False)
        if not found:
            break
        best = max(found, key=lambda play: (play.score, [t.cell for t in play.tiles]))
        for tile in best.tiles:
            rack.remove(tile.rack_tile)
        board = board.place(best.tiles)
        while len(rack) < 7 and bag:
            rack.append(bag.pop())
    return seen


def timing(lang: Language, count: int, repeats: int) -> list[list[object]]:
    """Median milliseconds of a rack's plays, unfiltered and filtered (first call, later)."""
    seen = positions(lang, count)
    plays(Board.empty(), "кот" if lang == "ru" else "кіт", lang)  # load what every call uses
    unfit("кот", lang)
    before, first, later, offered, dropped = [], [], [], 0, 0
    for board, rack in seen:
        plays(board, rack, lang, family=False)  # the board's tables, made once for both
        movegen._accepted.cache_clear()
        start = time.perf_counter()
        kept = plays(board, rack, lang)
        first.append(time.perf_counter() - start)
        for _ in range(repeats):  # interleaved, so that the machine's load weighs on both
            start = time.perf_counter()
            plain = plays(board, rack, lang, family=False)
            before.append(time.perf_counter() - start)
            start = time.perf_counter()
            kept = plays(board, rack, lang)
            later.append(time.perf_counter() - start)
        offered += len(plain)
        dropped += len(plain) - len(kept)

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.2f}"

    ratio = statistics.median(first) / statistics.median(before)
    warm = statistics.median(later) / statistics.median(before)
    return [
        [
            lang,
            len(seen),
            offered,
            dropped,
            ms(before),
            ms(first),
            ms(later),
            f"{ratio:.2f}",
            f"{warm:.2f}",
        ]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("ru", "uk"), default="ru")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--list", action="store_true", help="print every short noun")
    args = parser.parse_args()
    lang: Language = "uk" if args.lang == "uk" else "ru"
    print(
        table(
            ["lang", "letters", "nouns", "obscure", "vulgar", "left"],
            short_nouns(lang, args.list),
        )
    )
    print()
    print(
        table(
            [
                "lang",
                "positions",
                "plays",
                "dropped",
                "before ms",
                "first ms",
                "later ms",
                "first ×",
                "later ×",
            ],
            timing(lang, args.positions, args.repeats),
        )
    )


if __name__ == "__main__":
    main()
