"""Rooms: one game each, its seats and connections; the authority that applies actions.

A room knows no game's rules: it speaks the kernel's protocol (``actors``,
``awaited``, ``automatic``, ``apply``, ``view``) through the game registry.
Every accepted action is committed to the store *before* anyone hears of it;
then each connection gets its own seat's view and the events it may see.
Bots and timed steps (cards turned back after everyone had a look) run as
one background task per room, which takes the room's lock for each step.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from igroteka.engine import (
    Agent,
    Event,
    IllegalAction,
    Match,
    OptionsError,
    events_for,
    players_wanted,
)
from igroteka.engine.bot import check_level
from igroteka.engine.record import LoggedAction
from igroteka.games import Entry, entry
from igroteka.i18n import DEFAULT, Text
from igroteka.store import Room as StoredRoom
from igroteka.store import Seat, Store

__all__ = ["Connection", "LiveRoom", "RoomError", "Rooms", "Settings"]


class RoomError(Exception):
    """A request the room refuses: ``reason`` is for the person, ``status`` for HTTP."""

    def __init__(self, reason: str, status: int = 400, code: str = "refused") -> None:
        super().__init__(reason)
        self.reason, self.status, self.code = reason, status, code


@dataclass(frozen=True)
class Settings:
    """How a server paces its rooms (seconds)."""

    reveal: float = 2.0
    """How long revealed cards stay up before the room turns them back."""
    bot: float = 0.6
    """How long a bot waits before each of its actions, so that people can follow."""
    away: float = 30.0
    """How long a player may be gone (no connection) before a bot plays for them."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Connection:
    """One websocket: the seat it plays (None: a spectator), the language its person reads,
    and its outgoing messages."""

    seat: int | None
    lang: str = DEFAULT
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)

    def send(self, message: dict[str, Any]) -> None:
        self.queue.put_nowait(message)


class LiveRoom:
    """A room in memory: its stored description, its match once started, its bots."""

    def __init__(self, stored: StoredRoom, store: Store, settings: Settings) -> None:
        self.stored = stored
        self.store = store
        self.settings = settings
        self.entry: Entry = entry(stored.game)
        self.match: Match[Any, Any] | None = None
        self.bots: dict[int, Agent[Any]] = {}
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._poked = asyncio.Event()
        self._replayed: list[tuple[Any, tuple[Event, ...]]] | None = None
        self.standins: dict[int, Agent[Any]] = {}
        """A bot for every person's seat, told everything that seat sees, ready to stand in."""
        self.present: dict[int, int] = {}
        """How many connections each seat has now."""
        self.gone_since: dict[int, float] = {}
        """Since when (monotonic) each person's seat has had no connection."""
        self.turn_since = time.monotonic()
        """When the last action was taken: the turn timer counts from there."""

    # -- what anyone may know of the room

    @property
    def id(self) -> str:
        return self.stored.id

    def public(self) -> dict[str, Any]:
        match = self.match
        outcome = match.outcome() if match else None
        return {
            "id": self.id,
            "game": self.stored.game,
            "options": self.stored.options,
            "players": self.stored.players,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "level": s.level,
                    "present": s.kind != "person" or self.present.get(s.seat, 0) > 0,
                }
                for s in self.stored.seats
            ],
            "started": self.stored.started,
            "seq": len(match.log) if match else 0,
            "finished": outcome is not None,
            "bot_levels": list(self.entry.bot_levels),
            "turn_timer": self.stored.settings.get("turn_timer"),
            "away": self.settings.away,
        }

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, or None (a spectator); a wrong token is refused."""
        if not token:
            return None
        wanted = digest(token)
        for seat in self.stored.seats:
            if seat.kind == "person" and secrets.compare_digest(seat.token_digest, wanted):
                return seat.seat
        raise RoomError(Text("this token holds no seat in this room"), 403, "bad-token")

    # -- before the game

    def _open_seat(self, number: int) -> Seat:
        if self.stored.started:
            raise RoomError(Text("the game has started: seats are taken"), 409, "started")
        if not 0 <= number < self.stored.players:
            raise RoomError(
                Text("there is no seat {number} in this room", number=number + 1), 404, "no-seat"
            )
        return self.stored.seats[number]

    def take_seat(self, number: int, name: str) -> str:
        """A person takes an open seat: the token that will hold it."""
        seat = self._open_seat(number)
        if seat.kind != "open":
            raise RoomError(Text("seat {number} is taken", number=number + 1), 409, "taken")
        name = " ".join(name.split())[:32]
        if not name:
            raise RoomError(Text("a player needs a name"), 400, "no-name")
        token = secrets.token_urlsafe(24)
        self._seat(Seat(number, "person", name, "", digest(token)))
        return token

    def set_bot(self, number: int, level: str) -> None:
        """An open seat (or another bot's) is given to a bot of a level."""
        seat = self._open_seat(number)
        if seat.kind == "person":
            raise RoomError(
                Text("seat {number} is held by {name}", number=number + 1, name=seat.name),
                409,
                "taken",
            )
        try:
            check_level(level, self.entry.bot_levels)
        except OptionsError as error:
            raise RoomError(error.reason, 400, "level") from None
        self._seat(Seat(number, "bot", f"bot:{level}", level, ""))

    def _seat(self, changed: Seat) -> None:
        """Store who holds a seat now, and tell everyone in the room."""
        self.store.set_seat(self.id, changed)
        self.stored.seats[changed.seat] = changed
        self._lobby_changed()

    def start(self, token: str | None) -> None:
        """Start the game: every seat must be held, and the starter must hold one."""
        if self.stored.started:
            raise RoomError(Text("the game has started already"), 409, "started")
        if self.seat_of(token) is None:
            raise RoomError(Text("take a seat before starting the game"), 403, "no-seat")
        empty = [s.seat + 1 for s in self.stored.seats if s.kind == "open"]
        if empty:
            listed = ", ".join(map(str, empty))
            raise RoomError(
                Text(
                    "{count:seat|seats} {listed} {count:is|are} still open: a person or a bot",
                    count=len(empty),
                    listed=listed,
                ),
                409,
                "open-seats",
            )
        self.store.start_room(self.id)
        self.stored.started = True
        self._begin()
        self._lobby_changed()
        self.wake()

    def _begin(self) -> None:
        stored = self.stored
        names = [seat.name for seat in stored.seats]
        self.match = Match.start(self.entry.game, names, stored.options, stored.seed)
        self.bots = {
            seat.seat: self.entry.make_bot(seat.level, seat.seat, stored.seed)
            for seat in stored.seats
            if seat.kind == "bot"
        }
        self.standins = {
            seat.seat: self.entry.make_bot(
                self.entry.declaration.standin, seat.seat, stored.seed + 1
            )
            for seat in stored.seats
            if seat.kind == "person"
        }
        now = time.monotonic()
        self.gone_since = {seat: now for seat in self.standins if self.present.get(seat, 0) == 0}
        self.turn_since = now

    def restore(self) -> None:
        """Rebuild the game from the stored log (after a restart), bots' memories included."""
        if not self.stored.started:
            return
        self._begin()
        assert self.match is not None
        game = self.match.game
        for seat, data in self.stored.actions:
            events = self.match.play(seat, game.decode_action(data))
            self._tell_bots(events)
        self.stored.actions = []  # the match's log holds them from now on

    # -- the replay of a finished game

    def replay_step(self, step: int) -> dict[str, Any]:
        """A spectator's view after ``step`` actions of a finished game, and that step's events."""
        match = self.match
        if match is None or match.outcome() is None:
            raise RoomError(Text("a game can be replayed once it is over"), 409, "not-over")
        if self._replayed is None:
            again = Match.start(match.game, match.players, match.options, match.seed)
            steps: list[tuple[Any, tuple[Event, ...]]] = [(again.state, ())]
            for logged in match.log:
                events = again.play(logged.seat, match.game.decode_action(logged.action))
                steps.append((again.state, events))
            self._replayed = steps
        if not 0 <= step < len(self._replayed):
            raise RoomError(
                Text("the game has steps 0 to {last}", last=len(self._replayed) - 1), 404, "no-step"
            )
        state, events = self._replayed[step]
        return {
            "step": step,
            "steps": len(self._replayed) - 1,
            "seat": match.log[step - 1].seat if step else None,
            "view": match.game.view(state, None),
            "events": [event.to_json() for event in events_for(events, None)],
        }

    # -- the game

    def view(self, seat: int | None) -> dict[str, Any] | None:
        return self.match.view(seat) if self.match else None

    def welcome(self, connection: Connection) -> dict[str, Any]:
        return {
            "type": "welcome",
            "room": self.public(),
            "seat": connection.seat,
            "seq": len(self.match.log) if self.match else 0,
            "view": self.view(connection.seat),
        }

    async def act(self, seat: int, data: Any, seq: Any) -> None:
        """A person's action for their seat; RoomError (nothing changed) when refused."""
        async with self.lock:
            match = self.match
            if match is None:
                raise RoomError(Text("the game has not started yet"), 409, "not-started")
            if match.outcome() is not None:
                raise RoomError(Text("the game is over"), 409, "over")
            if seq != len(match.log):
                raise RoomError(
                    Text("the game has moved on since you chose: look again"), 409, "stale"
                )
            if seat not in match.actors():
                raise RoomError(Text("it is not your turn"), 409, "not-your-turn")
            try:
                action = match.game.decode_action(data)
                self._commit(seat, action)
            except IllegalAction as error:
                raise RoomError(error.reason, 400, "illegal") from None
        self.wake()

    def _commit(self, seat: int, action: Any) -> None:
        """Apply, store, then tell: the one path of every action (lock held)."""
        assert self.match is not None
        events = self.match.play(seat, action, commit=self._store)
        self._tell_bots(events)
        self._broadcast(events)

    def _store(self, number: int, logged: LoggedAction) -> None:
        self.store.append_action(self.id, number, logged.seat, logged.action)

    def _tell_bots(self, events: tuple[Event, ...]) -> None:
        self.turn_since = time.monotonic()
        for agents in (self.bots, self.standins):
            for seat, bot in agents.items():
                visible = events_for(events, seat)
                if visible:
                    bot.observe(visible)

    # -- who is here

    def connect(self, connection: Connection) -> None:
        self.connections.add(connection)
        if connection.seat is not None:
            self.present[connection.seat] = self.present.get(connection.seat, 0) + 1
            self.gone_since.pop(connection.seat, None)
            self._lobby_changed()
        self.wake()

    def disconnect(self, connection: Connection) -> None:
        self.connections.discard(connection)
        seat = connection.seat
        if seat is not None:
            self.present[seat] = self.present.get(seat, 1) - 1
            if self.present[seat] <= 0 and seat in self.standins:
                self.gone_since[seat] = time.monotonic()
            self._lobby_changed()
        self.wake()

    def _deadline(self, seat: int) -> float | None:
        """When a bot stands in for a person's awaited seat: they have gone, or their time is up."""
        times = []
        if seat in self.gone_since:
            times.append(self.gone_since[seat] + self.settings.away)
        timer = self.stored.settings.get("turn_timer")
        if timer:
            times.append(self.turn_since + float(timer))
        return min(times) if times else None

    def _broadcast(self, events: tuple[Event, ...]) -> None:
        match = self.match
        assert match is not None
        seq = len(match.log)
        views: dict[int | None, dict[str, Any]] = {}
        for connection in self.connections:
            seat = connection.seat
            if seat not in views:
                views[seat] = match.view(seat)
            connection.send(
                {
                    "type": "update",
                    "seq": seq,
                    "view": views[seat],
                    "events": [event.to_json() for event in events_for(events, seat)],
                }
            )

    def _lobby_changed(self) -> None:
        """Tell every connection of the room's new seats (and the first view, once started)."""
        room = self.public()
        for connection in self.connections:
            message: dict[str, Any] = {"type": "room", "room": room}
            if self.match is not None:
                message.update(seq=len(self.match.log), view=self.match.view(connection.seat))
            connection.send(message)

    # -- bots and timed steps

    def wake(self) -> None:
        """Make sure the room's background task looks for a bot's move or a timed step."""
        if self.match is None:
            return
        if self._task is not None and not self._task.done():
            self._poked.set()
            return
        self._task = asyncio.get_running_loop().create_task(self._run())

    def _offers(self) -> bool:
        """Offer each bot that may act but is not awaited the chance; True if one acted."""
        match = self.match
        assert match is not None
        game, state = match.game, match.state
        for seat in sorted(game.actors(state) - game.awaited(state)):
            bot = self.bots.get(seat)
            if bot is None:
                continue
            offered = bot.offer(game.view(state, seat))
            if offered is not None and self._bot_commit(seat, offered, self.bots):
                return True
        return False

    def _bot_commit(self, seat: int, action: Any, agents: dict[int, Agent[Any]]) -> bool:
        try:
            self._commit(seat, action)
            return True
        except IllegalAction as error:
            agents[seat].refused(error.reason)  # a bot's illegal action is a bug: it raises
            return False

    def _waiting(self) -> float | None:
        """How long until the next step no person takes (a timed step, a bot's move, a bot
        standing in for a person), if any."""
        match = self.match
        assert match is not None
        game, state = match.game, match.state
        if game.automatic(state) is not None:
            return self.settings.reveal
        awaited = game.awaited(state)
        if awaited & self.bots.keys():
            return self.settings.bot
        deadlines = [d for seat in awaited if (d := self._deadline(seat)) is not None]
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - time.monotonic())

    def _take_step(self) -> None:
        match = self.match
        assert match is not None
        game, state = match.game, match.state
        automatic = game.automatic(state)
        if automatic is not None:
            self._commit(*automatic)
            return
        awaited = game.awaited(state)
        if awaited & self.bots.keys():
            seat = min(awaited & self.bots.keys())
            self._bot_commit(seat, self.bots[seat].choose(game.view(state, seat)), self.bots)
            return
        now = time.monotonic()
        for seat in sorted(awaited):
            deadline = self._deadline(seat)
            if deadline is not None and deadline <= now and seat in self.standins:
                chosen = self.standins[seat].choose(game.view(state, seat))
                self._bot_commit(seat, chosen, self.standins)
                return

    async def _run(self) -> None:
        while True:
            async with self.lock:
                match = self.match
                if match is None or match.outcome() is not None:
                    return
                if self._offers():
                    continue
                delay = self._waiting()
                if delay is None:
                    return
                seq = len(match.log)
                self._poked.clear()
            with contextlib.suppress(TimeoutError):  # a poke: someone came or went, think again
                await asyncio.wait_for(self._poked.wait(), delay)
                continue
            async with self.lock:
                if len(match.log) == seq and match.outcome() is None:
                    self._take_step()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class Rooms:
    """Every room of a server, loaded from the store at start."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.rooms: dict[str, LiveRoom] = {}
        self.broken: dict[str, Text] = {}
        """Rooms whose stored log the rules refuse (edited by hand?): why, by id."""

    def load(self) -> None:
        """Bring back every stored room exactly as it was, and set its bots going again."""
        for stored in self.store.rooms():
            room = LiveRoom(stored, self.store, self.settings)
            try:
                room.restore()
            except (IllegalAction, OptionsError) as error:  # a log the rules refuse: left out
                self.broken[room.id] = Text(
                    "this room's game cannot be rebuilt: {reason}", reason=error.reason
                )
                continue
            self.rooms[room.id] = room

    def wake_all(self) -> None:
        for room in self.rooms.values():
            room.wake()

    def get(self, room_id: str) -> LiveRoom:
        room = self.rooms.get(room_id)
        if room is None and room_id in self.broken:
            raise RoomError(self.broken[room_id], 410, "broken")
        if room is None:
            raise RoomError(Text("there is no room ‘{room}’", room=room_id[:64]), 404, "no-room")
        return room

    def create(
        self,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int | None = None,
        turn_timer: int | None = None,
    ) -> LiveRoom:
        try:
            found = entry(game)
        except OptionsError as error:
            raise RoomError(error.reason, 400, "options") from None
        try:
            parsed = found.game.parse_options(options)
            found.game.setup(parsed, players, 0)  # options that cannot start a game are refused now
        except OptionsError as error:  # the game's own words first: it names itself
            raise RoomError(error.reason, 400, "options") from None
        if not found.game.min_players <= players <= found.game.max_players:
            raise RoomError(players_wanted(found.game, players), 400, "options")
        if turn_timer is not None and not 1 <= turn_timer <= 3600:
            raise RoomError(Text("a turn timer is 1 to 3600 seconds"), 400, "options")
        stored = StoredRoom(
            id=secrets.token_urlsafe(9),
            settings={"turn_timer": turn_timer},
            game=game,
            options=parsed,
            seed=seed if seed is not None else secrets.randbits(48),
            players=players,
            created=time.time(),
            seats=[Seat(n) for n in range(players)],
        )
        self.store.create_room(stored)
        room = LiveRoom(stored, self.store, self.settings)
        self.rooms[room.id] = room
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
