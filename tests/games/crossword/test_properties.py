"""Properties of the crossword game over many positions and whole games of bots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from igroteka.engine import IllegalAction, Match, play_out, replay
from igroteka.engine.codec import dumps
from igroteka.games.crossword.board import SIZE, Board, Tile, premiums, tile_set
from igroteka.games.crossword.bots import make_bot
from igroteka.games.crossword.entry import redeal
from igroteka.games.crossword.rules import CrosswordState, Play
from igroteka.games.crossword.score import words
from tests.games.crossword.support import GAME

# ---------------------------------------------------------------- the scorer, checked


def scored_by_scanning(
    before: Board, tiles: tuple[Tile, ...], every: bool
) -> list[tuple[str, int]]:
    """An independent scorer: scan every row, then every column, for runs of two or more
    letters holding a new tile (not the code under test, which walks out from each tile)."""
    grid = [list(row) for row in before.rows]
    new = {(t.row, t.col) for t in tiles}
    for t in tiles:
        grid[t.row][t.col] = t.letter if t.blank else t.letter.upper()
    layout = premiums()
    points = tile_set("ru").points
    found = []
    for across in (True, False):
        for k in range(SIZE):
            cells = [(k, i) if across else (i, k) for i in range(SIZE)]
            run: list[tuple[int, int]] = []
            for cell in [*cells, None]:
                if cell is not None and grid[cell[0]][cell[1]] != ".":
                    run.append(cell)
                    continue
                if len(run) >= 2 and new & set(run):
                    letters = "".join(grid[r][c] for r, c in run)
                    total, times = 0, 1
                    for r, c in run:
                        char = grid[r][c]
                        value = 0 if char.islower() else points[char.lower()]
                        if every or (r, c) in new:
                            value *= layout.letter[r][c]
                            times *= layout.word[r][c]
                        total += value
                    found.append((letters.lower(), total * times))
                run = []
    return found


@pytest.mark.parametrize("seed", range(300))
def test_the_scorer_agrees_with_an_independent_scorer_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    letters = [letter for letter in tile_set("ru").points if letter != "*"]
    grid = [["."] * SIZE for _ in range(SIZE)]
    for _ in range(rng.randint(0, 40)):
        r, c = rng.randrange(SIZE), rng.randrange(SIZE)
        char = rng.choice(letters)
        grid[r][c] = char if rng.random() < 0.1 else char.upper()
    before = Board(tuple("".join(row) for row in grid))
    empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if grid[r][c] == "."]
    cells = rng.sample(empty, rng.randint(1, 7))
    tiles = tuple(Tile(r, c, rng.choice(letters), rng.random() < 0.15) for r, c in cells)
    every = rng.random() < 0.7
    ours = [
        (w.text, w.score) for w in words(before, tiles, tile_set("ru"), premiums(), every=every)
    ]
    assert sorted(ours) == sorted(scored_by_scanning(before, tiles, every))


# ---------------------------------------------------------------- whole games


def bot_match(seed: int, levels: tuple[str, ...], lang: str = "ru") -> Match[object, object]:
    players = [f"bot:{level}" for level in levels]
    match: Match[object, object] = Match.start(GAME, players, {"lang": lang}, seed)
    bots = {seat: make_bot(level, seat, seed) for seat, level in enumerate(levels)}
    play_out(match, bots, max_actions=2000)
    return match


GAMES = [
    (1, ("random", "easy"), "ru"),
    (2, ("medium", "random", "easy"), "uk"),
    (3, ("hard", "medium"), "ru"),
]


@pytest.mark.parametrize(("seed", "levels", "lang"), GAMES)
def test_games_end_and_replay_exactly(seed: int, levels: tuple[str, ...], lang: str) -> None:
    match = bot_match(seed, levels, lang)
    outcome = match.outcome()
    assert outcome is not None
    state = match.state
    assert isinstance(state, CrosswordState)
    turns = Counter(turn.seat for turn in state.turns)
    assert len(set(turns.values())) == 1  # every player had the same number of turns
    again = replay(GAME, match.record())
    assert again.outcome() == outcome
    assert GAME.encode_state(again.state) == GAME.encode_state(state)


SECRET_GAMES = [
    *GAMES,
    (4, ("random", "random", "random", "random"), "ru"),
    (5, ("easy", "hard", "random"), "uk"),
    (6, ("random", "medium"), "uk"),
]


@pytest.mark.parametrize(("seed", "levels", "lang"), SECRET_GAMES)
def test_no_view_or_event_shows_a_rack_to_another_seat_or_the_bags_order(
    seed: int, levels: tuple[str, ...], lang: str
) -> None:
    played = bot_match(seed, levels, lang)
    match: Match[object, object] = Match.start(GAME, played.players, {"lang": lang}, seed)
    seats = range(len(levels))
    for step, logged in enumerate(played.log):
        state = match.state
        assert isinstance(state, CrosswordState)
        for seat in [None, *seats]:
            view = GAME.view(state, seat)
            assert view == GAME.view(redeal(state, step, seat), seat)
            if len(state.bag) >= 6:
                assert "".join(state.bag) not in dumps(view)
        events = match.play(logged.seat, GAME.decode_action(logged.action))
        for event in events:
            if event.kind in ("drew", "exchanged"):
                assert event.to == {logged.seat}


@pytest.mark.parametrize("seed", range(5))
def test_a_refused_play_changes_nothing(seed: int) -> None:
    match = bot_match(seed, ("random", "random"))
    rng = random.Random(seed)
    again: Match[object, object] = Match.start(GAME, match.players, {}, seed)
    for logged in match.log[:20]:
        state = again.state
        assert isinstance(state, CrosswordState)
        before = GAME.encode_state(state)
        rack = state.racks[state.turn] or "а"
        tiles = tuple(
            Tile(rng.randrange(SIZE), rng.randrange(SIZE), rng.choice(rack).replace("*", "а"))
            for _ in range(rng.randint(1, 3))
        )
        try:
            GAME.apply(state, state.turn, Play(tiles))
        except IllegalAction as refused:
            assert refused.reason
        assert GAME.encode_state(state) == before
        again.play(logged.seat, GAME.decode_action(logged.action))
