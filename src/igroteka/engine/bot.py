"""The protocol of anything that chooses actions for a seat: bots and people alike.

An agent sees exactly what its seat sees: the events visible to it, as they
happen, and a view when it is asked to act. It never sees the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from igroteka.engine.game import Event, JsonObject

A_co = TypeVar("A_co", covariant=True)


class Agent(Protocol[A_co]):
    """A person at a terminal, a bot, or later a websocket client."""

    def observe(self, events: Sequence[Event]) -> None:
        """Learn what just happened (only events visible to this agent's seat)."""
        ...

    def choose(self, view: JsonObject) -> A_co:
        """The action to play now, given the seat's view."""
        ...

    def offer(self, view: JsonObject) -> A_co | None:
        """An action to play now though the game does not wait for this seat, or ``None``.

        Asked of an actor the game does not await (a player holding a card that
        may be played during another player's turn) before each awaited step.
        """
        ...

    def refused(self, reason: str) -> None:
        """The last chosen action was refused; :meth:`choose` will be asked again.

        A person reads the reason and tries again; a bot raises, as a bot that
        chooses an illegal action has a bug.
        """
        ...
