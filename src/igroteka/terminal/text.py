"""Terminal input and output: a console that can be scripted, and display widths."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from typing import TextIO


class Quit(Exception):
    """The person closed the input (Ctrl-D) or interrupted the game (Ctrl-C)."""


class Console:
    """Where prompts go and answers come from; tests give it scripted streams."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def say(self, text: str) -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except KeyboardInterrupt:
            raise Quit from None
        if not line:
            raise Quit
        return line.rstrip("\n")


def number(answer: str) -> int | None:
    """A whole number typed in ASCII digits (``"12"``), or ``None`` (``"x"``, ``"²"``, ``"-1"``)."""
    answer = answer.strip()
    return int(answer) if answer.isascii() and answer.isdigit() else None


def display_width(text: str) -> int:
    """Columns a string takes in a terminal: emoji and CJK take two, marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or char in "\u200d\ufe0f\ufe0e":
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def pad(text: str, width: int) -> str:
    """Left-aligned text padded with spaces to a display width."""
    return text + " " * max(0, width - display_width(text))


def grid(cells: list[str], columns: int, width: int) -> str:
    """Cells in rows of ``columns``, each padded to a display width, one space apart."""
    rows = [cells[i : i + columns] for i in range(0, len(cells), columns)]
    return "\n".join(" ".join(pad(cell, width) for cell in row).rstrip() for row in rows)


def winners_line(winners: Sequence[int], names: Sequence[str]) -> str:
    """Who won, as the results end: ``Ann wins!`` or ``Ann and Bob share the victory!``."""
    said = [names[seat] for seat in winners]
    verb = "wins" if len(said) == 1 else "share the victory"
    return f"{' and '.join(said)} {verb}!"
