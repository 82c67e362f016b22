"""The dictionaries' preparation on the console: a bar per language on a terminal, else a
line every tenth of the way."""

from __future__ import annotations

import io

from igroteka.i18n import Text
from igroteka.server.console import Console
from igroteka.server.dictionaries import Dictionary


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_off_a_terminal_a_line_is_said_every_tenth_of_the_way_and_once_at_the_end() -> None:
    said: list[str] = []
    console = Console(["ru"], say=said.append)
    found = Dictionary("ru", "preparing")
    for hundredth in range(0, 101, 2):
        found.progress = hundredth / 100
        console.show(found)
    found.state, found.took = "ready", 95.4
    console.show(found)
    console.show(found)
    tenths = [f"preparing the ru dictionary… {n}%" for n in range(0, 100, 10)]
    assert said == [
        *tenths,
        "the ru dictionary is ready in 95 s",
    ]


def test_a_dictionary_that_cannot_be_prepared_is_said_once() -> None:
    said: list[str] = []
    console = Console(["uk"], say=said.append)
    found = Dictionary("uk", "failed", reason=Text("the disk is full"))
    console.show(found)
    console.show(found)
    assert said == ["the uk dictionary cannot be prepared: the disk is full"]


def test_on_a_terminal_each_language_has_a_bar_drawn_again_in_place() -> None:
    out = Terminal()
    console = Console(["uk", "ru"], out=out)
    console.show(Dictionary("uk", "preparing", 0.5))
    console.show(Dictionary("ru", "preparing", 0.25))
    console.show(Dictionary("ru", "preparing", 0.25))  # the same: nothing drawn
    console.show(Dictionary("uk", "ready", 1.0, took=3.0))
    frames = out.getvalue().split("\x1b[2F")
    assert len(frames) == 3  # drawn three times, each over the one before
    last = [line.removeprefix("\x1b[2K") for line in frames[-1].splitlines()]
    assert last == ["uk dictionary  ready in 3 s", "ru dictionary  [█████···············]  25%"]
