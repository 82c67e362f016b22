"""The protocol of anything that chooses actions for a seat: bots and people alike.

An agent sees exactly what its seat sees: the events visible to it, as they
happen, and a view when it is asked to act. It never sees the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from igroteka.engine.game import Event, JsonObject, OptionsError
from igroteka.i18n import Text

A_co = TypeVar("A_co", covariant=True)


def check_level(level: str, levels: Iterable[str]) -> None:
    """Refuse a bot level that is not one of ``levels`` (:class:`OptionsError` names them).

    >>> check_level("genius", ["easy", "hard"])
    Traceback (most recent call last):
    ...
    igroteka.engine.game.OptionsError: unknown bot level ‘genius’ (choose easy, hard)
    """
    names = list(levels)
    if level not in names:
        raise OptionsError(
            Text(
                "unknown bot level ‘{level}’ (choose {choices})",
                level=level,
                choices=", ".join(names),
            )
        )


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
