"""Positions for the crossword tests: boards drawn as text, states with chosen racks and bags."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from igroteka.games.crossword.board import SIZE, Board, Tile
from igroteka.games.crossword.rules import Action, CrosswordGame, CrosswordState

GAME = CrosswordGame()


def board(*placed: tuple[str, int, int, bool]) -> Board:
    """A board with words on it: (word, row, col, across); upper case tiles."""
    grid = [["."] * SIZE for _ in range(SIZE)]
    for word, row, col, across in placed:
        for i, char in enumerate(word):
            r, c = (row, col + i) if across else (row + i, col)
            grid[r][c] = char
    return Board(tuple("".join(line) for line in grid))


def word_tiles(
    word: str, row: int, col: int, across: bool = True, on: Board | None = None
) -> tuple[Tile, ...]:
    """The tiles a word needs at a place: its letters not already on the board (``*x``: blank)."""
    tiles = []
    blank = False
    i = 0
    for char in word:
        if char == "*":
            blank = True
            continue
        r, c = (row, col + i) if across else (row + i, col)
        if on is None or on.letter(r, c) is None:
            tiles.append(Tile(r, c, char.lower(), blank))
        blank = False
        i += 1
    return tuple(tiles)


def new(players: int = 2, seed: int = 1, **options: object) -> CrosswordState:
    return GAME.setup(GAME.parse_options({"starter": 0, **options}), players, seed)


def position(
    state: CrosswordState,
    *,
    on: Board | None = None,
    racks: Sequence[str] | None = None,
    bag: str | None = None,
    turn: int | None = None,
) -> CrosswordState:
    """The same game with a chosen board, racks, bag or turn."""
    changes: dict[str, object] = {}
    if on is not None:
        changes["board"] = on
    if racks is not None:
        changes["racks"] = tuple(racks)
    if bag is not None:
        changes["bag"] = tuple(bag)
    if turn is not None:
        changes["turn"] = turn
    return dataclasses.replace(state, **changes)


def play(state: CrosswordState, seat: int, action: Action) -> CrosswordState:
    after, _ = GAME.apply(state, seat, action)
    return after
