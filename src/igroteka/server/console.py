"""The dictionaries' preparation on the console: a bar per language on a terminal, else lines.

On a terminal (``igroteka serve``, ``igroteka words prepare``) each language has a line of
its own, drawn again in place as it goes:

    uk dictionary  [██████████··········]  50%
    ru dictionary  ready in 95 s

Elsewhere (a log, a pipe) a line every tenth of the way, and one when it is ready or cannot be:

    preparing the ru dictionary… 40%
    the ru dictionary is ready in 95 s

It is told from the threads that wait for the builders: :meth:`Console.show` is
thread-safe. The command line speaks English.
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Callable, Iterable
from typing import TextIO

from igroteka.server.dictionaries import Dictionary

__all__ = ["Console", "line_of"]

WIDTH = 20
"""The bar's width in characters."""
STEP = 0.1
"""How far a language goes between two of its lines when the console is no terminal."""


def line_of(found: Dictionary) -> str:
    """What a language's one line says when the console is no terminal.

    >>> line_of(Dictionary("ru", "preparing", 0.4))
    'preparing the ru dictionary… 40%'
    >>> line_of(Dictionary("ru", "ready", 1.0, took=12.3))
    'the ru dictionary is ready in 12 s'
    """
    if found.state == "failed":
        return f"the {found.lang} dictionary cannot be prepared: {found.reason}"
    if found.state == "ready":
        return f"the {found.lang} dictionary is ready{_took(found)}"
    return f"preparing the {found.lang} dictionary… {found.percent}%"


def bar_of(found: Dictionary) -> str:
    """A language's line on a terminal.

    >>> bar_of(Dictionary("uk", "preparing", 0.5))
    'uk dictionary  [██████████··········]  50%'
    """
    if found.state == "failed":
        return f"{found.lang} dictionary  cannot be prepared: {found.reason}"
    if found.state == "ready":
        return f"{found.lang} dictionary  ready{_took(found)}"
    filled = int(found.progress * WIDTH)
    bar = "█" * filled + "·" * (WIDTH - filled)
    return f"{found.lang} dictionary  [{bar}] {found.percent:3d}%"


class Console:
    """The preparation shown on ``out`` (a bar per language on a terminal, else lines), or
    its lines given to ``say`` (a test's list), each without its end of line."""

    def __init__(
        self,
        langs: Iterable[str],
        out: TextIO | None = None,
        say: Callable[[str], object] | None = None,
    ) -> None:
        self.out = out or sys.stdout
        self.say = say
        self.bars = say is None and self.out.isatty()
        self.shown: dict[str, Dictionary] = {lang: Dictionary(lang) for lang in langs}
        """The languages drawn (on a terminal), in the order of their lines."""
        self._drawn = 0
        """How many lines are drawn now (the cursor goes back up over them)."""
        self._said: dict[str, tuple[str, int]] = {}
        """Each language's last line: its state, and its tenth of the way."""
        self._lock = threading.Lock()

    def show(self, found: Dictionary) -> None:
        with self._lock:
            if self.bars:
                self._draw(found)
            else:
                self._line(found)

    def _line(self, found: Dictionary) -> None:
        step = int(found.progress / STEP + 1e-9)
        before = self._said.get(found.lang)
        going = found.state in ("waiting", "preparing")
        if going and (before == ("preparing", step) or found.progress >= 1.0):
            return  # (all the way: the line that it is ready follows)
        if found.state not in ("waiting", "preparing") and before and before[0] == found.state:
            return  # said once
        self._said[found.lang] = ("preparing" if found.state == "waiting" else found.state, step)
        if self.say is not None:
            self.say(line_of(found))
        else:
            self._write(line_of(found) + "\n")

    def _draw(self, found: Dictionary) -> None:
        """Every language's line again, in place (the cursor back up over those drawn)."""
        before = self.shown.get(found.lang)
        if self._drawn and before is not None and bar_of(before) == bar_of(found):
            return
        self.shown[found.lang] = dataclasses.replace(found)  # its state now, not as it goes
        text = f"\x1b[{self._drawn}F" if self._drawn else ""
        for shown in self.shown.values():
            text += "\x1b[2K" + bar_of(shown) + "\n"
        self._drawn = len(self.shown)
        self._write(text)

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()


def _took(found: Dictionary) -> str:
    """How long a ready language took, said after it (nothing if it was ready at start)."""
    return f" in {found.took:.0f} s" if found.took is not None else ""
