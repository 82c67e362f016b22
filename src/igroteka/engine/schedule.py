"""Who acts next: the one order of steps that every room follows.

A game says who *may* act (``actors``), whom it *waits for* (``awaited``) and
which step it takes by itself (``automatic``). Before each step a room offers
the actors it does not wait for the chance to act (a card that may be played
during another's turn), lowest seat first; then it takes the automatic step if
one is due, or else the game waits for its awaited seats. ``play_out`` asks an
agent at once; a web room waits for a person, or lets a bot act after a delay.

>>> from igroteka.games import game_names, get_game
>>> game = get_game(game_names()[0])
>>> state = game.setup(game.parse_options({}), 2, seed=1)
>>> step = next_step(game, state)
>>> step.kind, set(step.seats) == game.awaited(state), step.action
('await', True, None)
>>> offered_seats(game, state)
()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from igroteka.engine.game import Game

__all__ = ["Step", "next_step", "offered_seats"]


@dataclass(frozen=True, slots=True)
class Step:
    """The next step of a match.

    - ``over``: the game has ended.
    - ``automatic``: the room takes ``action`` for ``seats[0]`` by itself (after its delay).
    - ``await``: the game waits for one of ``seats`` (lowest first when one is asked).
    """

    kind: Literal["over", "automatic", "await"]
    seats: tuple[int, ...] = ()
    action: Any = None


def offered_seats(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """The actors the game does not wait for, lowest first: each is offered the chance to act."""
    return tuple(sorted(game.actors(state) - game.awaited(state)))


def next_step(game: Game[Any, Any], state: Any) -> Step:
    """The step the game takes next, once every offer has been declined."""
    if game.outcome(state) is not None:
        return Step("over")
    automatic = game.automatic(state)
    if automatic is not None:
        seat, action = automatic
        return Step("automatic", (seat,), action)
    awaited = game.awaited(state)
    if not awaited:
        raise RuntimeError(f"{game.name} waits for nobody and takes no step: a bug in its rules")
    return Step("await", tuple(sorted(awaited)))
