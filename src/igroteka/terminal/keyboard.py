"""What every game's terminal is made of: the person at the keyboard, and the parts that
the command line asks of a game's terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from igroteka.engine.bot import Agent
from igroteka.engine.game import Event, JsonObject
from igroteka.terminal.text import Console

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


class Person(Agent[A_co], Protocol[A_co]):
    """A person at this keyboard playing one seat: an agent that also looks at revealed cards."""

    def look(self, view: JsonObject) -> None:
        """Cards this person revealed stay up until they press Enter."""
        ...


@dataclass(frozen=True)
class GameTerminal(Generic[A]):
    """What the command line needs to play one game at a terminal."""

    intro: Callable[[Mapping[str, Any], int], str]
    """``intro(options, seed)``: the first lines, naming the deck, the options and the seed."""
    narrator: Callable[[Console, Sequence[str], float], Callable[[Sequence[Event]], None]]
    """``narrator(console, names, delay)``: tells every event, one line each."""
    person: Callable[[str, int, Console, Sequence[str]], Person[A]]
    """``person(name, seat, console, names)``: the agent of a person at this keyboard."""
    render_results: Callable[[JsonObject, Sequence[str]], str]
    """``render_results(outcome, names)``: the scores and who won."""


class AtKeyboard:
    """What every game's person at this keyboard shares: who they are, how a refusal is said,
    and the hand-over when several people share the keyboard. Games override what differs."""

    def __init__(self, name: str, seat: int, console: Console, names: Sequence[str]) -> None:
        self.name = name
        self.seat = seat
        self.console = console
        self.names = names
        self.shared = sum(not other.startswith("bot:") for other in names) > 1
        """Several people share this keyboard: a hand is shown only once its owner has it."""

    def observe(self, events: Sequence[Event]) -> None:
        """The game's narrator tells everything public; nothing more to do."""

    def offer(self, view: JsonObject) -> Any:
        """Nothing to play out of turn (games that have something override this)."""
        return None

    def refused(self, reason: str) -> None:
        self.console.say(f"  ✗ {reason[:1].upper()}{reason[1:]}.")

    def look(self, view: JsonObject) -> None:
        """Nothing stays revealed for a while (games that reveal override this)."""

    def hand_over(self) -> None:
        """At a shared keyboard, wait until this person has it."""
        if self.shared:
            self.console.ask(f"\nPass the keyboard to {self.name}, then press Enter. ")
