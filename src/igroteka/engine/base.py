"""A base for games: the :class:`~igroteka.engine.game.Game` protocol's defaults, and the
helpers every rules file needs.

A game that subclasses :class:`BaseGame` writes only what is its own: its options, setup,
who it waits for, how an action is checked and applied, the views, and the actions' JSON.
What most games share is here:

- a state that is a frozen dataclass with ``phase`` and ``result`` (:class:`Played`) gives
  :meth:`BaseGame.phase` and :meth:`BaseGame.outcome`, and :meth:`BaseGame.encode_state`;
- the seats that may act are the seats awaited, there is no automatic step or pause, the
  legal actions are not listed, and a choice rests on the seat's whole view, unless the game
  says otherwise;
- :func:`replacer` makes a state's ``replace`` without ``dataclasses.replace``'s cost per
  call; :func:`game_over` is the one event every game ends with; :func:`action_object`
  is the first check of every action's JSON.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Tally:
...     phase: str
...     count: int
...     result: Outcome | None = None
>>> replace = replacer(Tally)
>>> replace(Tally("count", 1), count=2)
Tally(phase='count', count=2, result=None)
>>> game_over(Outcome((3, 5), frozenset({1})), rounds=2).data
{'scores': [3, 5], 'winners': [1], 'rounds': 2}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from igroteka.engine import codec
from igroteka.engine.game import Event, IllegalAction, JsonObject, Outcome
from igroteka.i18n import Text

__all__ = ["BaseGame", "Played", "action_object", "game_over", "replacer"]


class Played(Protocol):
    """The state the defaults read: the phase's name, and the outcome once the game ends."""

    @property
    def phase(self) -> str: ...

    @property
    def result(self) -> Outcome | None: ...


S = TypeVar("S", bound=Played)
A = TypeVar("A")
T = TypeVar("T")


class BaseGame(Generic[S, A]):
    """The defaults of the Game protocol; a game overrides what its rules make otherwise.

    A subclass must write :meth:`awaited` (or :meth:`actors` and :meth:`awaited` both),
    and ``parse_options``, ``setup``, ``apply``, ``view``, ``decode_action`` and
    ``encode_action``.
    """

    name: str
    version: int
    min_players: int
    max_players: int

    def phase(self, state: S) -> str:
        """The state's own ``phase``."""
        return state.phase

    def outcome(self, state: S) -> Outcome | None:
        """The state's own ``result``."""
        return state.result

    def awaited(self, state: S) -> frozenset[int]:
        raise NotImplementedError(f"{type(self).__name__} does not say whom it waits for")

    def actors(self, state: S) -> frozenset[int]:
        """The seats awaited: nobody acts out of turn unless the game says so."""
        return self.awaited(state)

    def automatic(self, state: S) -> tuple[int, A] | None:
        """No step the room takes by itself."""
        return None

    def pause(self, state: S) -> float | None:
        """The server's own delay before an automatic step."""
        return None

    def legal_actions(self, state: S, seat: int) -> Sequence[A] | None:
        """Not listed: too many, or not worth listing."""
        return None

    def basis(self, state: S, seat: int, action: A) -> Hashable:
        """The seat's whole view: the safe answer (any change to it refuses a stale choice)."""
        return codec.dumps(self.view(state, seat))

    def check(self, state: S, seat: int, action: A) -> None:
        """Legal when :meth:`apply` takes it (its result is thrown away)."""
        self.apply(state, seat, action)

    def apply(self, state: S, seat: int, action: A) -> tuple[S, tuple[Event, ...]]:
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> JsonObject:
        raise NotImplementedError

    def encode_state(self, state: S) -> JsonObject:
        """The whole state as plain JSON (:func:`igroteka.engine.codec.plain`)."""
        data: JsonObject = codec.plain(state)
        return data


def replacer(kind: type[T]) -> Callable[..., T]:
    """``dataclasses.replace`` for a frozen dataclass with slots, at a third of its cost per
    call (a game's hot path makes a new state for every flip): every field is set through its
    slot, as the dataclass's own ``__init__`` does, with no checks but the fields' names."""
    names = tuple(field.name for field in dataclasses.fields(kind))  # type: ignore[arg-type]
    slots = tuple((name, getattr(kind, name).__set__) for name in names)
    known = frozenset(names)
    new = object.__new__

    def replace(state: T, **changes: Any) -> T:
        if not changes.keys() <= known:
            raise TypeError(f"no such field: {sorted(changes.keys() - known)}")
        made = new(kind)
        for name, put in slots:
            put(made, changes[name] if name in changes else getattr(state, name))
        return made

    return replace


def game_over(outcome: Outcome, **details: Any) -> Event:
    """The public event a game ends with: the scores, the winners, and the game's details."""
    return Event(
        "game_over",
        {"scores": list(outcome.scores), "winners": sorted(outcome.winners), **details},
    )


def action_object(data: Any) -> Mapping[str, Any]:
    """An action's JSON, once it is an object (the first check of ``decode_action``).

    >>> action_object([1, 2])
    Traceback (most recent call last):
    ...
    igroteka.engine.game.IllegalAction: an action must be a JSON object
    """
    if not isinstance(data, Mapping):
        raise IllegalAction(Text("an action must be a JSON object"))
    return data
