"""A game in progress: its options, seed, players, current state and action log.

>>> from igroteka.games import game_names, get_game
>>> match = Match.start(get_game(game_names()[0]), ["Ann", "Bob"], {}, seed=1)
>>> match.actors() <= {0, 1}, match.log
(True, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from igroteka.engine.bot import Agent
from igroteka.engine.game import (
    Event,
    Game,
    IllegalAction,
    OptionsError,
    Outcome,
    events_for,
    players_wanted,
)
from igroteka.engine.record import GameRecord, LoggedAction
from igroteka.engine.schedule import next_step, offered_seats

S = TypeVar("S")
A = TypeVar("A")


@dataclass
class Match(Generic[S, A]):
    """The one mutable wrapper: a pure game plus the log of accepted actions."""

    game: Game[S, A]
    options: dict[str, Any]
    players: tuple[str, ...]
    seed: int
    state: S
    log: list[LoggedAction] = field(default_factory=list)
    versions: Mapping[str, Any] = field(default_factory=dict)
    """What the match is played with (``rules``, ``lexicon``): kept in its record."""

    @classmethod
    def start(
        cls,
        game: Game[S, A],
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        versions: Mapping[str, Any] | None = None,
    ) -> Match[S, A]:
        """A new match; :class:`OptionsError` for bad options or a bad player count.

        ``versions`` defaults to the game's rules version alone; the registry's
        :func:`igroteka.games.versions` adds the lexicon's for games that ask it.
        """
        if not game.min_players <= len(players) <= game.max_players:
            raise OptionsError(players_wanted(game, len(players)))
        parsed = game.parse_options(options)
        state = game.setup(parsed, len(players), seed)
        kept = dict(versions) if versions is not None else {"rules": game.version}
        return cls(game, parsed, tuple(players), seed, state, versions=kept)

    def actors(self) -> frozenset[int]:
        return self.game.actors(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def automatic(self) -> tuple[int, A] | None:
        return self.game.automatic(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def play(
        self,
        seat: int,
        action: A,
    ) -> tuple[Event, ...]:
        """Apply an action and log it; :class:`IllegalAction` leaves everything as it was."""
        state, events = self.game.apply(self.state, seat, action)
        self.adopt(state, LoggedAction(seat, self.game.encode_action(action)))
        return events

    def adopt(self, state: S, logged: LoggedAction) -> None:
        """Move on to ``state``, the game's answer to ``logged``, applied elsewhere.

        A room applies an action in a worker and stores it before it adopts the
        answer, so that nothing is acknowledged that is not stored.
        """
        self.state = state
        self.log.append(logged)

    def record(self) -> GameRecord:
        return GameRecord(
            self.game.name,
            self.options,
            self.seed,
            self.players,
            tuple(self.log),
            dict(self.versions),
        )


def replay_steps(
    game: Game[S, A], record: GameRecord, versions: Mapping[str, Any] | None = None
) -> Iterator[tuple[Match[S, A], tuple[Event, ...]]]:
    """The match after each step of a record, from the first state on (with no events).

    The match is the same object each time, one action further: copy what you
    keep (its state is an immutable value). Raises :class:`RecordError` as
    :func:`replay` does, at the step that cannot be replayed.
    """
    from igroteka.engine.record import RecordError

    if record.game != game.name:
        raise RecordError(f"the record is a game of {record.game}, not {game.name}")
    try:
        match = Match.start(game, record.players, record.options, record.seed, versions)
    except OptionsError as error:
        raise RecordError(f"the record's options cannot start a game: {error}") from None
    yield match, ()
    for number, logged in enumerate(record.actions, start=1):
        try:
            events = match.play(logged.seat, game.decode_action(logged.action))
        except IllegalAction as error:
            raise RecordError(
                f"action {number} of the record (seat {logged.seat + 1}) is illegal: {error.reason}"
                + _played_with(record, match)
            ) from None
        yield match, events


def _played_with(record: GameRecord, match: Match[Any, Any]) -> str:
    """Why a record may not replay: the versions it was played with, where they differ."""
    changed = [
        f"{name} {record.versions.get(name, '?')} (now {now})"
        for name, now in match.versions.items()
        if record.versions.get(name) != now
    ]
    return f"; it was played with {', '.join(changed)}" if changed else ""


def replay(
    game: Game[S, A], record: GameRecord, versions: Mapping[str, Any] | None = None
) -> Match[S, A]:
    """Rebuild a match from its record, checking every action again.

    Raises :class:`~igroteka.engine.record.RecordError` when the record names
    another game or holds an action the rules refuse (then it says which
    versions the record was played with, where they differ from ``versions``).
    """
    steps = replay_steps(game, record, versions)
    match, _ = next(steps)
    for _ in steps:  # each step moves the same match on
        pass
    return match


def _offer(
    match: Match[S, A], agents: Mapping[int, Agent[A]], declined: set[int]
) -> tuple[Event, ...] | None:
    """Offer each actor the game does not wait for the chance to act: the first that does."""
    game, state = match.game, match.state
    for seat in offered_seats(game, state):
        if seat in declined:
            continue
        offered = agents[seat].offer(game.view(state, seat))
        if offered is None:
            continue
        try:
            return match.play(seat, offered)
        except IllegalAction as error:
            agents[seat].refused(error.reason)
            declined.add(seat)
    return None


def play_out(
    match: Match[S, A],
    agents: Mapping[int, Agent[A]],
    on_events: Callable[[tuple[Event, ...]], None] | None = None,
    before_automatic: Callable[[int], None] | None = None,
    max_actions: int = 1_000_000,
) -> Outcome:
    """Let agents play until the game ends; each sees only its own seat's events.

    This is the simplest room. Before each step the game waits for, every
    actor it does not wait for (a player holding a card that may be played out
    of turn) is offered the chance to act, lowest seat first; an offered action
    is applied at once and the offers start again. Then the game's automatic
    step is taken, after ``before_automatic(seat)`` returns (a terminal waits
    there for Enter or a delay; a simulation at once), or else the lowest
    awaited seat is asked. The order among concurrent actions is the room's
    decision, not the rules'. An agent whose action is refused is told why:
    asked again when awaited, not offered again before the next step otherwise.
    """
    game = match.game
    declined: set[int] = set()
    for _ in range(max_actions):
        state = match.state
        events = _offer(match, agents, declined)
        if events is None:
            declined.clear()
            step = next_step(game, state)
            if step.kind == "over":
                outcome = game.outcome(state)
                assert outcome is not None
                return outcome
            seat = step.seats[0]
            if step.kind == "automatic":
                if before_automatic is not None:
                    before_automatic(seat)
                events = match.play(seat, step.action)
            else:
                agent = agents[seat]
                try:
                    events = match.play(seat, agent.choose(game.view(state, seat)))
                except IllegalAction as error:
                    agent.refused(error.reason)
                    continue
        for other, agent in agents.items():
            visible = events_for(events, other)
            if visible:
                agent.observe(visible)
        if on_events is not None:
            on_events(events)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
