"""The crossword game at the terminal: the board with its premiums, the rack, and the prompts.

A play is typed in the notation of :mod:`igroteka.games.crossword.notation`
(``H8 across ПОЛКА``; several words joined by ``;``; ``pass``; ``exchange АБ*``).

>>> view = {"board": ["." * 15] * 15, "premiums": ["3..d...3...d..3"] + ["." * 15] * 14,
...         "last": []}
>>> render_board(view).splitlines()[1][:20]
' 1 3W  ·  · 2L  ·  ·'
>>> render_board(view).splitlines()[8][24:27]
' ★ '
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.engine.game import Event, JsonObject
from igroteka.games.crossword.board import CENTRE, COLUMNS, Board
from igroteka.games.crossword.notation import NotationError, read
from igroteka.games.crossword.rules import Action
from igroteka.terminal import AtKeyboard, GameTerminal
from igroteka.terminal.text import Console, winners_line

PREMIUM = {"3": "3W", "2": "2W", "t": "3L", "d": "2L", ".": " ·"}
HELP = """\
  A word: its first cell, its direction and all its letters, those on the board included:
    H8 across ПОЛКА     G5 down КОТ     a blank: * before its letter, ПО*ЛКА
  Directions: across (a, →, вправо, праворуч) or down (d, ↓, вниз, донизу).
  Several words in one turn: H8 across ПОЛ; J6 down КОТ
  pass = pass;  exchange АБ* = change those tiles (* a blank);  ? = this help.
  On the board: 3W/2W word ×3/×2, 3L/2L letter ×3/×2 (they count for every word
  that uses them); ★ is the centre H8, which the first word covers; a lower-case
  letter is a blank; [Х] marks the last play."""


def render_board(view: Mapping[str, Any]) -> str:
    """The board: column letters, row numbers, tiles, premiums on empty cells."""
    last = {(tile[0], tile[1]) for tile in view["last"]}
    lines = ["   " + "".join(f" {column} " for column in COLUMNS)]
    for row, (cells, marks) in enumerate(zip(view["board"], view["premiums"], strict=True)):
        shown = []
        for col, (char, mark) in enumerate(zip(cells, marks, strict=True)):
            if char == "." and (row, col) == CENTRE:
                shown.append(" ★ ")
            elif char == ".":
                shown.append(f"{PREMIUM[mark]} ")
            elif (row, col) in last:
                shown.append(f"[{char}]")
            else:
                shown.append(f" {char} ")
        lines.append(f"{row + 1:>2} " + "".join(shown).rstrip())
    return "\n".join(lines)


def render_rack(view: Mapping[str, Any]) -> str:
    points = view["points"]
    return "  ".join(
        "*" if tile == "*" else f"{tile.upper()}{points[tile]}" for tile in view["rack"]
    )


def render_scores(view: Mapping[str, Any], names: Sequence[str]) -> str:
    parts = [f"{names[seat]} {score}" for seat, score in enumerate(view["scores"])]
    return f"  Round {view['round']}. Scores: {', '.join(parts)}. Tiles in the bag: {view['bag']}."


def _words(words: Sequence[Sequence[Any]]) -> str:
    return ", ".join(f"{word.upper()} {score}" for word, score in words)


class Narrator:
    """Tells the people at the terminal what happens (public events only), one line each."""

    def __init__(self, console: Console, names: Sequence[str], delay: float = 0.0) -> None:
        self.console = console
        self.names = names
        self.delay = delay

    def __call__(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.to is not None:
                continue  # a rack's tiles are its seat's alone
            data: dict[str, Any] = dict(event.data)
            name = self.names[data["seat"]] if "seat" in data else ""
            if event.kind == "play":
                bonus = f" with a bonus of {data['bonus']}" if data["bonus"] else ""
                self.console.say(
                    f"{name} plays {_words(data['words'])}: {data['score']} points{bonus}."
                )
            elif event.kind == "exchange":
                count = data["count"]
                self.console.say(f"{name} passes and changes {count} tile{'s' * (count > 1)}.")
            elif event.kind == "pass":
                self.console.say(f"{name} passes.")


class Person(AtKeyboard):
    """A person at this terminal playing one seat of the crossword game."""

    def choose(self, view: JsonObject) -> Action:
        console = self.console
        self.hand_over()
        console.say("")
        console.say(render_board(view))
        console.say(render_scores(view, self.names))
        console.say(f"  {self.name}, your tiles: {render_rack(view)}")
        board = Board(tuple(view["board"]))
        while True:
            answer = console.ask("  Your play (H8 across ПОЛКА; pass; exchange АБ; ? help): ")
            if answer.strip() == "?":
                console.say(HELP)
                continue
            try:
                return read(answer, board)
            except NotationError as error:
                self.refused(error.reason)


def intro(options: Mapping[str, Any], seed: int) -> str:
    tiles = "Ukrainian tiles (103)" if options["lang"] == "uk" else "Russian Erudit tiles (131)"
    premiums = (
        "premium cells count for every word that uses them"
        if options["premiums"] == "every"
        else "premium cells count only under new tiles"
    )
    return (
        f"Erudit crossword — {tiles}; {premiums}. Seed {seed}.\n"
        "Lay words crossword-wise through the centre H8, then clinging to the words on the\n"
        "board; any number of words in one turn. Type ? for how to write a play."
    )


def render_results(outcome: JsonObject, names: Sequence[str]) -> str:
    lines = ["", "Results:"]
    for seat, name in enumerate(names):
        left = outcome["racks"][seat].upper() or "none"
        lines.append(
            f"  {name}: {outcome['scores'][seat]} points "
            f"({outcome['played'][seat]} played, tiles left {left} worth {outcome['left'][seat]})"
        )
    lines.append(winners_line(outcome["winners"], names))
    return "\n".join(lines)


TERMINAL: GameTerminal[Action] = GameTerminal(intro, Narrator, Person, render_results)
