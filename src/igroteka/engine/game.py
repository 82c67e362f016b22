"""The protocol every game implements, and the value types it speaks in.

A game is a set of pure functions over an immutable state::

    state = game.setup(options, players=3, seed=7)
    while game.outcome(state) is None:
        seat = min(game.actors(state))          # the room picks among concurrent actors
        action = ...                            # from a person or a bot, built from a view
        state, events = game.apply(state, seat, action)

``apply`` checks the action first and raises :class:`IllegalAction` with a
reason a player can read, leaving nothing changed (the state is immutable).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, TypeVar

from igroteka.i18n import Text

JsonObject = dict[str, Any]
"""A JSON object: what views, events, options and encoded actions are made of."""

S = TypeVar("S")
A = TypeVar("A")


class IllegalAction(Exception):
    """An action the rules refuse. ``reason`` is a sentence for the player.

    ``detail``: JSON a screen may use to place the reason (a chain of words names the link
    that breaks it: ``{"link": 2}``); the server passes it on without reading it.
    """

    def __init__(self, reason: str, detail: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail

    def __reduce__(self) -> tuple[Any, ...]:  # the detail too, back from a worker process
        return (type(self), (self.reason, self.detail))


class OptionsError(ValueError):
    """Game options (or a player count) that cannot start a game. ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def known_options(raw: Mapping[str, Any], known: set[str]) -> None:
    """Refuse options a game does not have, naming them all.

    >>> known_options({"pairs": 8, "colour": 1}, {"pairs"})
    Traceback (most recent call last):
    ...
    igroteka.engine.game.OptionsError: unknown option colour
    """
    unknown = sorted(set(raw) - known)
    if unknown:
        raise OptionsError(
            Text(
                "unknown {count:option|options} {options}",
                count=len(unknown),
                options=", ".join(unknown),
            )
        )


def whole_option(raw: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    """An option that is a whole number from ``low`` to ``high``; :class:`OptionsError` if not.

    >>> whole_option({"pairs": 8}, "pairs", 12, 1, 40)
    8
    >>> whole_option({}, "pairs", 12, 1, 40)
    12
    >>> whole_option({"pairs": 99}, "pairs", 12, 1, 40)
    Traceback (most recent call last):
    ...
    igroteka.engine.game.OptionsError: pairs must be between 1 and 40, not 99
    """
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionsError(
            Text("{key} must be a whole number, not ‘{value}’", key=key, value=value)
        )
    if not low <= value <= high:
        raise OptionsError(
            Text(
                "{key} must be between {low} and {high}, not {value}",
                key=key,
                low=low,
                high=high,
                value=value,
            )
        )
    return value


def choice_option(raw: Mapping[str, Any], key: str, default: str, choices: Sequence[str]) -> str:
    """An option that is one of ``choices``; :class:`OptionsError` naming them if not.

    >>> choice_option({"ties": "coin"}, "ties", "draw", ("draw", "furthest"))
    Traceback (most recent call last):
    ...
    igroteka.engine.game.OptionsError: ties must be one of draw, furthest, not ‘coin’
    """
    value = raw.get(key, default)
    if value not in choices:
        raise OptionsError(
            Text(
                "{key} must be one of {choices}, not ‘{value}’",
                key=key,
                choices=", ".join(choices),
                value=value,
            )
        )
    return str(value)


def flag_option(raw: Mapping[str, Any], key: str, default: bool) -> bool:
    """An option that is on (true) or off (false); :class:`OptionsError` if not.

    >>> flag_option({}, "special", True)
    True
    """
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise OptionsError(
            Text("{key} is on (true) or off (false), not ‘{value}’", key=key, value=value)
        )
    return value


def starter_option(raw: Mapping[str, Any]) -> str | int:
    """Who starts: ``random`` (the default) or a seat number counted from 0.

    >>> starter_option({}), starter_option({"starter": 1})
    ('random', 1)
    """
    starter: str | int = raw.get("starter", "random")
    if isinstance(starter, bool) or not (starter == "random" or isinstance(starter, int)):
        raise OptionsError(
            Text("starter must be random or a seat number, not ‘{value}’", value=starter)
        )
    check_starter(starter, None)
    return starter


def check_starter(starter: str | int, players: int | None) -> None:
    """Refuse a starting seat that is not at the table (seats are told counted from 1)."""
    if isinstance(starter, int) and (starter < 0 or (players is not None and starter >= players)):
        raise OptionsError(Text("there is no seat {seat} to start", seat=starter + 1))


def players_wanted(game: Game[Any, Any], count: int) -> Text:
    """The refusal of a player count the game is not played by."""
    return Text(
        "{game} is played by {low} to {high} players, not {count}",
        game=game.name,
        low=game.min_players,
        high=game.max_players,
        count=count,
    )


class Event(NamedTuple):
    """Something that happened, as the players learn it.

    ``to`` is ``None`` for a public event (every seat and every spectator sees
    it) or the set of seats that may see it. Games emit a separate public event
    for what the others may know of a private one.

    >>> Event("flip", {"position": 3}).visible_to(None)
    True
    >>> Event("drew", {"tiles": "АБВ"}, to=frozenset({1})).visible_to(0)
    False
    """

    kind: str
    data: Mapping[str, Any] = MappingProxyType({})
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether a seat (``None``: a spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> JsonObject:
        """The event on the wire: its data and its kind in one object; a field of the data can
        never replace the kind (games never name one ``kind``: a contract test checks).

        >>> Event("prize", {"seat": 1, "kind": "chaos"}).to_json()["kind"]
        'prize'
        """
        return {**self.data, "kind": self.kind}


def events_for(events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
    """The events of a sequence that a seat (``None``: a spectator) may see."""
    for event in events:
        if event.to is not None:
            return tuple(event for event in events if event.to is None or seat in event.to)
    return tuple(events)  # all public: the common case, and a tuple is not copied


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a score per seat, the winning seats, why it ended, and details.

    ``reason`` is a sentence for the players (an :class:`~igroteka.i18n.Text`):
    "every pair is found and every chain is built", "nobody can compose a word".

    >>> Outcome((3, 5), frozenset({1}), reason=Text("the table is empty")).to_json()
    {'scores': [3, 5], 'winners': [1], 'reason': 'the table is empty'}
    """

    scores: tuple[int, ...]
    winners: frozenset[int]
    details: Mapping[str, Any] = field(default_factory=dict)
    reason: str = ""

    def to_json(self) -> JsonObject:
        """Scores, winners and reason, then the game's details, as a view shows them."""
        return {
            "scores": list(self.scores),
            "winners": sorted(self.winners),
            "reason": self.reason,
            **self.details,
        }


class Game(Protocol[S, A]):
    """What a game provides to the kernel, the bots, the command line and the server.

    Every method is pure: no I/O, no clock, no global randomness. All chance
    comes from the seed given to :meth:`setup`, carried inside the state.
    """

    name: str
    """The one name that identifies the game everywhere (its package's: ``games/<name>/``)."""
    version: int
    """The version of the rules: raised when a logged action may replay differently."""
    min_players: int
    max_players: int

    def parse_options(self, raw: Mapping[str, Any]) -> JsonObject:
        """Options with every default filled in; :class:`OptionsError` when invalid."""
        ...

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> S:
        """A new game for ``players`` seats; options must come from :meth:`parse_options`."""
        ...

    def actors(self, state: S) -> frozenset[int]:
        """The seats entitled to act now: several at once where the rules allow it."""
        ...

    def awaited(self, state: S) -> frozenset[int]:
        """The actors the game waits for: it moves on only when one of them acts.

        The other actors may act but need not (a Chaos card played during another
        player's turn); a room offers them the chance and goes on without them.
        Empty while an automatic step is due or once the game is over.
        """
        ...

    def phase(self, state: S) -> str:
        """The name of the part of the game being played (``"flip"``, ``"chain"``, ``"over"``)."""
        ...

    def basis(self, state: S, seat: int, action: A) -> Hashable:
        """What a seat's choice of ``action`` rests on, as of ``state``.

        A room compares it between the state the player chose on and the state
        now: if it differs, the table changed under the player in a way that
        matters, and the action is refused ("look again") even if it is legal.
        Actions others may take at the same moment that leave the basis alone
        (two answers to the same question, a vote) are both accepted. The safe
        answer is the seat's whole view; a game returns less where it can.
        """
        ...

    def automatic(self, state: S) -> tuple[int, A] | None:
        """A step the room takes by itself when its time comes, and the seat it is for.

        Timed steps (turning revealed cards back after everyone had a look, a turn
        timer running out) are actions like any other, logged and replayed, but
        no player chooses them: the room issues them after its delay. ``None``
        when the next step is a player's. Such an action is legal for its seat, so
        a room accepts a player's action only from a seat in :meth:`actors`.
        """
        ...

    def pause(self, state: S) -> float | None:
        """How long (seconds) a room waits before the automatic step due now, as the game's
        options chose it (how long revealed cards stay up); ``None``: the server's own setting.

        Asked only while :meth:`automatic` has a step; a pure function of the state.
        """
        ...

    def check(self, state: S, seat: int, action: A) -> None:
        """Raise :class:`IllegalAction` with a readable reason unless the action is legal."""
        ...

    def apply(self, state: S, seat: int, action: A) -> tuple[S, tuple[Event, ...]]:
        """Check the action, then return the next state and what happened."""
        ...

    def legal_actions(self, state: S, seat: int) -> Sequence[A] | None:
        """Every legal action of a seat, or ``None`` where the space is too large to list."""
        ...

    def view(self, state: S, seat: int | None) -> JsonObject:
        """Everything a seat may know (``None``: a spectator), and nothing more."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game has ended, else ``None``."""
        ...

    def decode_action(self, data: Any) -> A:
        """An action from its JSON form; :class:`IllegalAction` when malformed."""
        ...

    def encode_action(self, action: A) -> JsonObject:
        """The JSON form of an action (the inverse of :meth:`decode_action`)."""
        ...

    def encode_state(self, state: S) -> JsonObject:
        """The whole state as JSON, secrets included: for digests, never for players."""
        ...
