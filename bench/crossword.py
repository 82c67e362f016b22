"""The crossword move generator measured: ms per rack for every single-line play.

    python bench/crossword.py [--games 6] [--turns 12] [--racks 4] [--baseline 1] [--langs ru uk]

Positions: --games seeded games (bag shuffled by the seed) played by the greedy
best play for up to --turns turns; every position from the third turn on is
taken, with the rack the player held there and --racks more racks drawn (seeded)
from the tiles unseen. Per rack, the time of :func:`plays` with the board's
cross-checks worked out anew ("cold"; "warm": the same racks again, the board's
tables kept), median and worst, in the same run as:

- the plain baseline: every word of the list tried at every place and direction
  (on the first --baseline racks only: it takes about 100 s a rack), which must find
  the same plays;
- a Python peer, Netskrafl's move generator (Appel & Jacobson over a packed
  DAWG, mideind/Netskrafl, CC BY-NC 4.0), given the same positions and racks
  and a DAWG of the same Russian word list. It is not part of the repository:
  bench/peers.md says how to fetch it; set ``IGROTEKA_PEER_NETSKRAFL`` to its
  folder. Its count of plays is checked against ours: Netskrafl lays a blank
  only for a letter the rack lacks and finds a one-tile play once per word it
  makes, so the plays are compared as sets of (cell, letter), blank or not. It
  is timed generating alone and generating and scoring (on its own board's
  premiums, which are not Erudit's: the scores are not compared).

The bots (their turns' time beside the generator's, whole games per second, win
rates by level) are measured by bench/crossword_bots.py.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import time
import types
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from _common import table
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import BLANK, CENTRE, SIZE, Board, Tile, tile_set
from igroteka.lexicon.gaddag import automaton, is_word
from igroteka.lexicon.index import index

Position = tuple[Board, str]
PEER = "IGROTEKA_PEER_NETSKRAFL"


def greedy(found: list[movegen.Play]) -> movegen.Play:
    """The best play, ties broken by its tiles (so a game is the same on every run)."""
    return max(found, key=lambda play: (play.score, [(t.row, t.col, t.letter) for t in play.tiles]))


def positions(lang: str, games: int, turns: int, racks: int) -> list[Position]:
    """Mid-game positions of seeded greedy games, each with its player's rack and more."""
    tiles = tile_set(lang)  # type: ignore[arg-type]
    found: list[Position] = []
    for seed in range(games):
        rng = random.Random(seed)
        bag = tiles.bag()
        rng.shuffle(bag)
        board = Board.empty()
        hands = [[bag.pop() for _ in range(7)] for _ in range(2)]
        for turn in range(turns):
            hand = hands[turn % 2]
            if turn >= 2:
                found.append((board, "".join(hand)))
                unseen = list(
                    (
                        tiles.unseen(c for r in board.rows for c in r.lower() if c != ".")
                        - Counter(hand)
                    ).elements()
                )
                for _ in range(racks):
                    found.append((board, "".join(rng.sample(unseen, min(7, len(unseen))))))
            made = movegen.plays(board, "".join(hand), lang)
            if not made:
                break
            best = greedy(made)
            for tile in best.tiles:
                hand.remove(tile.rack_tile)
            board = board.place(best.tiles)
            while len(hand) < 7 and bag:
                hand.append(bag.pop())
    return found


def timed(run: Callable[[Board, str], object], cases: list[Position]) -> list[float]:
    times = []
    for board, rack in cases:
        start = time.perf_counter()
        run(board, rack)
        times.append(1000 * (time.perf_counter() - start))
    return times


def ours_cold(lang: str) -> Callable[[Board, str], list[movegen.Play]]:
    def run(board: Board, rack: str) -> list[movegen.Play]:
        movegen._tables.cache_clear()
        return movegen.plays(board, rack, lang)

    return run


def key(tiles: Any) -> tuple[tuple[int, int, str], ...]:
    return tuple(sorted((t[0], t[1], t[2]) for t in tiles))


# The plain baseline ---------------------------------------------------------------------------


def baseline(board: Board, rack: str, lang: str) -> set[tuple[Tile, ...]]:
    """Every word of the list at every place and direction, every way the rack fills it."""
    words = {w.replace("'", "") for w in index(lang).nouns}
    have = Counter(rack)
    blanks = have[BLANK]
    empty = board.is_empty()
    found: set[tuple[Tile, ...]] = set()
    grid = [[board.letter(r, c) for c in range(SIZE)] for r in range(SIZE)]
    for across in (True, False):
        for line in range(SIZE):
            squares = [grid[line][i] if across else grid[i][line] for i in range(SIZE)]
            for word in words:
                size = len(word)
                for start in range(SIZE - size + 1):
                    if (start and squares[start - 1]) or (
                        start + size < SIZE and squares[start + size]
                    ):
                        continue
                    new = []
                    short = 0
                    for i, letter in enumerate(word):
                        there = squares[start + i]
                        if there is None:
                            new.append(
                                (line, start + i, letter) if across else (start + i, line, letter)
                            )
                        elif there != letter:
                            break
                    else:
                        lacking = Counter(letter for _, _, letter in new) - have
                        short = sum(lacking.values())
                        if new and len(new) <= len(rack) and short <= blanks:
                            for tiles in fillings(new, have):
                                if legal(board, grid, tiles, across, empty, lang):
                                    found.add(tuple(sorted(tiles, key=lambda t: t.cell)))
    return found


def fillings(new: list[tuple[int, int, str]], have: Counter[str]) -> list[list[Tile]]:
    """Each way the rack's tiles (a blank for any letter) lay the new letters."""
    ways: list[list[Tile]] = [[]]
    for r, c, letter in new:
        more = []
        for way in ways:
            used = Counter(t.rack_tile for t in way)
            if used[letter] < have[letter]:
                more.append([*way, Tile(r, c, letter)])
            if used[BLANK] < have[BLANK]:
                more.append([*way, Tile(r, c, letter, True)])
        ways = more
    return ways


def legal(
    board: Board,
    grid: list[list[str | None]],
    tiles: list[Tile],
    across: bool,
    empty: bool,
    lang: str,
) -> bool:
    """Whether tiles laid along a word cover the centre, or touch letters and make words across."""
    cells = {t.cell for t in tiles}
    if empty:
        return CENTRE in cells
    touches = False
    for tile in tiles:
        r, c = tile.cell
        dr, dc = (1, 0) if across else (0, 1)
        up, down = [], []
        rr, cc = r - dr, c - dc
        while board.letter(rr, cc) is not None:
            up.append(grid[rr][cc])
            rr, cc = rr - dr, cc - dc
        rr, cc = r + dr, c + dc
        while board.letter(rr, cc) is not None:
            down.append(grid[rr][cc])
            rr, cc = rr + dr, cc + dc
        if up or down:
            touches = True
            if not is_word("".join(reversed(up)) + tile.letter + "".join(down), lang):
                return False
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if board.letter(rr, cc) is not None:
                touches = True
    return touches


# The peer: Netskrafl --------------------------------------------------------------------------

RU = "абвгдежзийклмнопрстуфхцчшщъыьэюя"


def netskrafl(folder: Path) -> Any:
    """Netskrafl's modules beside ours: its config, languages and wordbase stood in for."""
    sys.path.insert(0, str(folder))
    import alphabets  # type: ignore[import-not-found]

    class Russian(alphabets.Alphabet):  # type: ignore[misc]
        order = RU
        upper = RU.upper()
        full_order = order
        full_upper = upper

    russian = Russian()
    points = tile_set("ru").points

    class Tiles:
        alphabet = russian
        scores: ClassVar = {("?" if t == BLANK else t): p for t, p in points.items()}
        bag_tiles: ClassVar = [
            ("?" if t == BLANK else t, n) for t, n in tile_set("ru").counts.items()
        ]

        @classmethod
        def full_bag(cls) -> str:
            return "".join(tile * count for tile, count in cls.bag_tiles)

    config = types.ModuleType("config")
    config.DEFAULT_LOCALE = "ru_RU"  # type: ignore[attr-defined]
    config.Error = type("Error", (), {})  # type: ignore[attr-defined]
    config.BoardType = dict  # type: ignore[attr-defined]
    config.BoardTypes = str  # type: ignore[attr-defined]
    config.NETSKRAFL = False  # type: ignore[attr-defined]
    languages = types.ModuleType("languages")
    languages.Alphabet = alphabets.Alphabet  # type: ignore[attr-defined]
    languages.TileSet = Tiles  # type: ignore[attr-defined]
    languages.current_alphabet = lambda: russian  # type: ignore[attr-defined]
    languages.alphabet_for_locale = lambda locale: russian  # type: ignore[attr-defined]
    languages.vocabulary_for_locale = lambda locale: "igroteka-ru"  # type: ignore[attr-defined]
    sys.modules["config"] = config
    sys.modules["languages"] = languages
    import dawgdictionary  # type: ignore[import-not-found]

    dawg_file = folder / "igroteka-ru.bin.dawg"
    if not dawg_file.exists():
        build_dawg(folder, russian)
    dawg = dawgdictionary.PackedDawgDictionary(russian)
    dawg.load(str(dawg_file))
    wordbase = types.ModuleType("wordbase")
    wordbase.Wordbase = type(  # type: ignore[attr-defined]
        "Wordbase", (), {"dawg": staticmethod(lambda: dawg)}
    )
    sys.modules["wordbase"] = wordbase
    import skraflmechanics  # type: ignore[import-not-found]
    import skraflplayer  # type: ignore[import-not-found]

    return types.SimpleNamespace(mechanics=skraflmechanics, player=skraflplayer, tiles=Tiles)


def build_dawg(folder: Path, russian: Any) -> None:
    """Netskrafl's DAWG of our Russian crossword list, by its own builder."""
    import dawgbuilder  # type: ignore[import-not-found]

    words = sorted({w.replace("'", "") for w in index("ru").nouns}, key=russian.sortkey)
    (folder / "igroteka-ru.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    dawgbuilder.set_current_alphabet(russian)
    dawgbuilder.DawgBuilder(encoding=russian.order).build(
        ["igroteka-ru.txt"], "igroteka-ru", str(folder)
    )


def peer_run(peer: Any, score: bool) -> Callable[[Board, str], list[Any]]:
    def run(board: Board, rack: str) -> list[Any]:
        state = peer.mechanics.State(tileset=peer.tiles, drawtiles=False, locale="ru_RU")
        theirs = state.board()
        for r, c in board.filled():
            letter = board.letter(r, c)
            theirs.set_letter(r, c, letter)
            theirs.set_tile(r, c, "?" if board.is_blank(r, c) else letter)
        state.player_rack().set_tiles(rack.replace(BLANK, "?"))
        player = peer.player.AutoPlayer(0, state)
        if score:
            return [move for move, _ in player.generate_best_moves()]
        player._generate_candidates()
        return list(player.candidates())

    return run


# The tables -----------------------------------------------------------------------------------


def summary(name: str, times: list[float], plays: int, base: float | None) -> tuple[object, ...]:
    median = statistics.median(times)
    ratio = f"{median / base:.2f}" if base else "1.00"
    return (name, len(times), plays / len(times), median, max(times), ratio)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--racks", type=int, default=4)
    parser.add_argument("--baseline", type=int, default=1)
    parser.add_argument("--langs", nargs="+", default=["ru", "uk"])
    args = parser.parse_args()
    headers = ["generator", "racks", "plays/rack", "median ms", "worst ms", "× ours"]
    for lang in args.langs:
        start = time.perf_counter()
        automaton(lang)
        load = time.perf_counter() - start
        cases = positions(lang, args.games, args.turns, args.racks)
        print(
            f"\n{lang}: {len(cases)} racks on {len({b for b, _ in cases})} positions "
            f"(automaton loaded in {load:.2f} s)\n"
        )
        rows = []
        counts = [len(movegen.plays(b, r, lang)) for b, r in cases]
        cold = timed(ours_cold(lang), cases)
        ours = statistics.median(cold)
        rows.append(summary("ours, cold (cross-checks anew)", cold, sum(counts), None))
        warm = timed(functools.partial(movegen.plays, lang=lang), cases)
        rows.append(summary("ours, warm (board's tables kept)", warm, sum(counts), ours))
        few = cases[: args.baseline]
        if few:
            plain = timed(functools.partial(baseline, lang=lang), few)
            mine = statistics.median(timed(ours_cold(lang), few))
            rows.append(
                summary(f"plain baseline ({len(few)} racks)", plain, sum(counts[: len(few)]), mine)
            )
            for board, rack in few:
                mine = {p.tiles for p in movegen.plays(board, rack, lang)}
                assert mine == baseline(board, rack, lang), (board, rack)
        folder = os.environ.get(PEER)
        if lang != "ru":
            print("peer: Netskrafl is run on Russian only (one DAWG built)\n")
        elif not folder or not Path(folder, "skraflplayer.py").exists():
            print(f"peer not found: set {PEER} to Netskrafl's folder (bench/peers.md)\n")
        else:
            peer = netskrafl(Path(folder))
            differ = 0
            for board, rack in cases:
                theirs = {
                    key((c.row, c.col, c.letter) for c in move.covers())
                    for move in peer_run(peer, False)(board, rack)
                }
                mine = {
                    key((t.row, t.col, t.letter) for t in p.tiles)
                    for p in movegen.plays(board, rack, lang)
                }
                differ += theirs != mine
            found = sum(len(peer_run(peer, False)(b, r)) for b, r in cases)
            alone = timed(peer_run(peer, False), cases)
            rows.append(summary("Netskrafl, generating", alone, found, ours))
            scored = timed(peer_run(peer, True), cases)
            rows.append(summary("Netskrafl, generating and scoring", scored, found, ours))
            print(
                f"Netskrafl and ours find the same plays (cells and letters) on "
                f"{len(cases) - differ} of {len(cases)} racks\n"
            )
        print(table(headers, rows))


if __name__ == "__main__":
    main()
