"""What every command of the command line is made of: its parser, its usage error and the
values of its flags. The command line (:mod:`igroteka.cli`) and each game's own tools
(``games/<name>/tools.py``, added by the game's :attr:`~igroteka.engine.entry.Entry.tools`
hook) share them, so a bad argument anywhere is one line on stderr and exit code 2.

>>> whole("--top", 1)("3")
3
>>> whole("--top", 1)("0")
Traceback (most recent call last):
...
igroteka.clitypes.UsageError: --top is a whole number from 1, not 0
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeAlias

__all__ = [
    "MAX_SECONDS",
    "Parser",
    "Subcommands",
    "UsageError",
    "choice_or_seat",
    "seconds",
    "text_file",
    "whole",
]

MAX_SECONDS = 60.0
"""The longest pause a flag may ask for: longer is a typo, not a pace."""


class UsageError(Exception):
    """Bad input on the command line: the message is printed as it is."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""The subparsers a game's ``tools`` hook adds its ``igroteka <game>`` parser to."""


# ---------------------------------------------------------------- the values of flags
# Each is an argparse ``type``: a bad value is refused with the flag's name and what it takes.


def whole(
    flag: str, low: int | None = None, high: int | None = None, high_shown: str = ""
) -> Callable[[str], int]:
    """A flag that is a whole number, from ``low`` and up to ``high`` when they are given."""
    if low is not None and high is not None:
        wanted = f"a whole number from {low} to {high_shown or high}"
    elif low is not None:
        wanted = f"a whole number from {low}"
    else:
        wanted = "a whole number"

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise UsageError(f"{flag} is {wanted}, not ‘{text}’") from None
        if (low is not None and value < low) or (high is not None and value > high):
            raise UsageError(f"{flag} is {wanted}, not {value}")
        return value

    return parse


def seconds(flag: str) -> Callable[[str], float]:
    """A flag that is a pause in seconds: a number from 0 to :data:`MAX_SECONDS`."""
    wanted = f"a number of seconds from 0 to {MAX_SECONDS:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise UsageError(f"{flag} is {wanted}, not ‘{text}’") from None
        if not (math.isfinite(value) and 0 <= value <= MAX_SECONDS):
            raise UsageError(f"{flag} is {wanted}, not {text.strip()}")
        return value

    return parse


def choice_or_seat(flag: str, choices: Sequence[str]) -> Callable[[str], str | int]:
    """One of ``choices``, or a seat counted from 1 (the rules count seats from 0)."""

    def parse(text: str) -> str | int:
        if text in choices:
            return text
        if text.isascii() and text.isdigit() and int(text) >= 1:
            return int(text) - 1
        wanted = ", ".join(choices)
        raise UsageError(f"{flag} is {wanted} or a seat number from 1, not ‘{text}’")

    return parse


def text_file(flag: str) -> Callable[[str], str]:
    """A flag naming a file; the path is kept, and read when the options are made."""

    def parse(text: str) -> str:
        if not text:
            raise UsageError(f"{flag} needs the name of a file")
        return text

    return parse
