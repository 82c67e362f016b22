"""Rooms: one game each, its seats and its connections; and every room of a server.

A :class:`LiveRoom` puts together the parts of a room, each in its module:

- :mod:`~igroteka.server.lobby`: the seats, who holds each by token, who is here;
- :mod:`~igroteka.server.authority`: the started game, the one path of every
  action (apply → store → tell), freshness per seat, what each connection hears;
- :mod:`~igroteka.server.pacing`: the bots, the stand-ins, the timed steps.

A room knows no game's rules: it speaks the kernel's protocol through the
registry. :class:`Rooms` loads every stored room at start by replaying its
log; a room whose log no longer replays (the rules or the dictionary changed
under it) is kept as far as it replays and is over, "stopped by an update".

Rooms expire (:class:`~igroteka.server.limits.Expiry`): a finished game with no
connection for a while leaves memory (it is rebuilt from the store when asked
for), a room nobody plays in is closed, and long after either leaves the store
too, a finished game's record kept downloadable.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import re
import secrets
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from igroteka.engine import (
    GameRecord,
    LoggedAction,
    Match,
    OptionsError,
    Outcome,
    codec,
    players_wanted,
)
from igroteka.engine.declaration import pictures_named
from igroteka.engine.narration import bot_name
from igroteka.games import Entry, entry, game_names, versions
from igroteka.i18n import Text, translate
from igroteka.server.authority import Authority, Connection, outcome_json
from igroteka.server.chronicle import Chronicle, log_json
from igroteka.server.committer import Committer
from igroteka.server.errors import Moved, RoomError, TooMany, refused_for
from igroteka.server.leases import Alone, Leases
from igroteka.server.limits import HOUR, MINUTE
from igroteka.server.lobby import CREATOR, Lobby, digest, reserved
from igroteka.server.pacing import Pacing, Settings
from igroteka.server.people import AVATARS, REACTIONS, MoveCodes, Reactions
from igroteka.server.workers import Workers
from igroteka.store import Room as StoredRoom
from igroteka.store import Seat, Store

__all__ = ["CHOSEN_SEED", "LiveRoom", "Rooms", "stopped", "stored_record"]

CHOSEN_SEED = "chosen_seed"
"""The key in a stored room's settings of a room made with a chosen seed (then true)."""
PRIVATE = "private"
"""The key in a stored room's settings of a room reachable only by its link (then true)."""
NEXT = "next"
"""The key in a stored room's settings of the id of its rematch, once one is made."""
REMATCH_OF = "rematch_of"
"""The key in a stored room's settings of the room whose rematch it is."""
CHOSEN = "chosen"
"""The key in a stored room's settings of its options as they were asked for, without a typed
deck (the room's page shows them in words: the game's own form of them may differ)."""


def chosen_options(found: Entry, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as asked for that the room's page shows: the declared ones of a plain
    value, never a text (a typed deck may be long, and is not a setting to read)."""
    shown = {o.key for o in found.declaration.options if o.kind != "text"}
    return {
        key: value
        for key, value in options.items()
        if key in shown and isinstance(value, str | int | float | bool)
    }


_T = TypeVar("_T")
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""The shape of a room id (the server makes them by ``secrets.token_urlsafe(9)``): another
is no room's, and is refused without asking the store."""
UNKNOWN_KEPT = 10_000
"""Ids asked for and found in no store, remembered so that asking again costs nothing. An id
is made at random when its room is created, and stored before anyone is told it: an id that
was no room's when asked stays so (unless guessed before it is drawn, one in 2**72)."""
MOVED_CLOSE = 4012
"""The close code of a connection whose room left this process: reconnect."""
_STARTED = Text("The game started")


def stopped(played_with: Mapping[str, Any], now: Mapping[str, Any], replayed: int) -> Outcome:
    """The outcome of a game whose stored log no longer replays after ``replayed`` actions.

    It has no scores and no winners: the kernel knows a game's scores only once
    the game has ended, and the last view shows the table as it stood.
    """
    if dict(played_with) != dict(now):
        reason = Text("this game was stopped by an update")
    else:  # the same versions: the stored log itself was changed
        reason = Text("this game was stopped: its stored log no longer replays")
    details = {"stopped": {"after": replayed, "played_with": dict(played_with), "now": dict(now)}}
    return Outcome((), frozenset(), details, reason)


def stored_record(stored: StoredRoom) -> GameRecord:
    """A stored room's game as a record: as it was started, and its log."""
    return GameRecord(
        stored.game,
        stored.options,
        stored.seed,
        tuple(seat.name for seat in stored.seats),
        tuple(LoggedAction(seat, action) for seat, action in stored.actions),
        stored.settings.get("versions", {}),
    )


def is_open(stored: StoredRoom) -> bool:
    """Whether the lobby lists a room: not private, not started, a seat open."""
    return (
        not stored.settings.get(PRIVATE)
        and not stored.started
        and not stored.closed
        and any(seat.kind == "open" for seat in stored.seats)
    )


def listing(stored: StoredRoom, now: float) -> dict[str, Any]:
    """A room as the lobby's list of open rooms shows it: no name, no token."""
    return {
        "id": stored.id,
        "game": stored.game,
        "players": stored.players,
        "taken": sum(1 for seat in stored.seats if seat.kind != "open"),
        "age": max(0, round(now - stored.created)),
        "turn_timer": stored.settings.get("turn_timer"),
        "invite": f"/r/{stored.id}",
    }


class LiveRoom:
    """A room in memory: its lobby, and once started its authority and its pacing."""

    def __init__(
        self,
        stored: StoredRoom,
        store: Store,
        settings: Settings,
        found: Entry,
        workers: Workers,
        committer: Committer,
    ) -> None:
        self.stored = stored
        self.store = store
        self.settings = settings
        self.workers = workers
        self.committer = committer
        self.entry = found
        self.lobby = Lobby(stored, store, found.bot_levels)
        self.connections: set[Connection] = set()
        self.authority: Authority | None = None
        self.pacing: Pacing | None = None
        self.chronicle = Chronicle(found.declaration.narrator)
        """The move log: the game's events with who acted, and the room's own lines."""
        self.stopped: Outcome | None = None
        """Set when the game was stopped before its first state (its options are refused now)."""
        self.reactions = Reactions(settings.limits.reaction_every)
        self.moves = MoveCodes(settings.limits.move_code_lasts)
        self.active = time.monotonic()
        """When someone last came, went or acted here (or a bot did), for the room's expiry."""
        self._seq_seen = 0
        self.on_conflict: Callable[[str], None] = lambda room_id: None
        """Called when the store holds an action of this room's log that this process did not
        write: another process plays the room now."""

    @property
    def id(self) -> str:
        return self.stored.id

    def outcome(self) -> Outcome | None:
        if self.authority is not None:
            return self.authority.outcome()
        return self.stopped

    def public(self) -> dict[str, Any]:
        """What anyone may know of the room."""
        outcome = self.outcome()
        return {
            "id": self.id,
            "game": self.stored.game,
            "options": self.entry.declaration.public_options(self.stored.options),
            "players": self.stored.players,
            "seats": self.lobby.public(),
            "started": self.stored.started,
            "seq": self.authority.seq if self.authority else 0,
            "finished": outcome is not None,
            "stopped": outcome is not None and "stopped" in outcome.details,
            "bot_levels": list(self.entry.bot_levels),
            "turn_timer": self.stored.settings.get("turn_timer"),
            "away": self.settings.away,
            "chosen_seed": bool(self.stored.settings.get(CHOSEN_SEED)),
            "seated_creators": not self.lobby.has_creator(),
            "private": bool(self.stored.settings.get(PRIVATE)),
            "next": self.stored.settings.get(NEXT),
            "rematch_of": self.stored.settings.get(REMATCH_OF),
            "chosen": self.stored.settings.get(CHOSEN, {}),
            "avatars": list(AVATARS),
            "reactions": list(REACTIONS),
        }

    def is_open(self) -> bool:
        """Whether the lobby lists the room: not private, not started, a seat open."""
        return self.stopped is None and is_open(self.stored)

    def seat_of(self, token: str | None) -> int | None:
        return self.lobby.seat_of(token)

    # -- before the game

    def names(self) -> list[str]:
        """Every seat's name as sentences say it: a person's own, a bot's by its level."""
        return [self._name(seat) for seat in self.stored.seats]

    @staticmethod
    def _name(seat: Seat) -> str:
        return bot_name(seat.level) if seat.kind == "bot" else seat.name

    def take_seat(self, number: int, name: str, avatar: str = "") -> str:
        token = self.lobby.take_seat(number, name, avatar)
        self.moves.forget(number)
        self.seats_changed(self._took(number))
        return token

    def set_bot(self, number: int, level: str, token: str | None) -> None:
        self.lobby.set_bot(number, level, token)
        self.moves.forget(number)
        self.seats_changed(self._took(number))

    def _took(self, number: int) -> Text:
        seat = self.stored.seats[number]
        return Text("{name} took seat {number}", name=self._name(seat), number=number + 1)

    def free_seat(self, number: int, token: str | None) -> None:
        """A seat is open again (see :meth:`Lobby.free`); a connection that held it watches now,
        so that it can never act for whoever takes the seat next."""
        self.lobby.free(number, token)
        self.moves.forget(number)
        for connection in self.connections:
            if connection.seat == number:
                connection.seat = None
        self.seats_changed()

    # -- people

    def react(self, seat: int | None, emoji: object) -> None:
        """A seated player's reaction, told to everyone in the room (refused: RoomError)."""
        if seat is None:
            raise RoomError(Text("a spectator cannot react: take a seat to play"), "spectator")
        allowed = self.reactions.check(seat, emoji)
        text = codec.message({"type": "reaction", "seat": seat, "emoji": allowed})
        for connection in self.connections:
            connection.send(text)

    def move_code(self, number: int, token: str) -> str:
        """A one-time code that moves a person's seat to another device, for its holder."""
        if (
            self.lobby.seat_of(token or None) != number
            or self.stored.seats[number].kind != "person"
        ):
            raise RoomError(Text("only the seat's player can move it"), "bad-token")
        return self.moves.issue(number)

    def claim(self, number: int, code: object) -> str:
        """The seat moves to the device that brings its code: a fresh token; the connections of
        the token before are told (``bad-token``) and watch from now on."""
        if not 0 <= number < self.stored.players:
            raise RoomError(
                Text("there is no seat {number} in this room", number=number + 1), "no-seat"
            )
        self.moves.use(number, code)
        token = self.lobby.give_new_token(number)
        self._seat_moved(number)
        return token

    def claim_rematch(self, number: int, old_token: str) -> str:
        """A person of the game before takes their seat of this rematch (see Lobby)."""
        token = self.lobby.claim_rematch(number, old_token)
        self.seats_changed(self._took(number))
        return token

    def _seat_moved(self, number: int) -> None:
        reason = Text("this seat moved to another device")
        for connection in self.connections:
            if connection.seat == number:
                connection.seat = None
                connection.send(
                    {"type": "error", **refused_for("bad-token", reason, connection.lang)}
                )
        if self.lobby.present.pop(number, 0) and self.pacing is not None:
            self.pacing.gone(number)
        self.seats_changed()

    def check_options(self, token: str | None) -> None:
        """Refuse a change of the options unless the creator asks it before the start."""
        if self.stored.started:
            raise RoomError(Text("the game has started: its options stay"), "started")
        self.lobby.check_creator(token, Text("only the room's creator can change the options"))

    def set_options(
        self, token: str | None, parsed: dict[str, Any], asked: Mapping[str, Any]
    ) -> None:
        """The creator's new options (checked by :func:`checked_options`), stored and told;
        ``asked``: as the creator's form sent them (:func:`chosen_options`)."""
        self.check_options(token)
        self.store.set_options(self.id, parsed)
        self.stored.options = parsed
        self.stored.settings[CHOSEN] = chosen_options(self.entry, asked)
        self.store.set_settings(self.id, self.stored.settings)
        self.seats_changed()

    def start(self, token: str | None) -> None:
        """Start the game: every seat must be held, and the starter must be the creator."""
        self.lobby.check_start(token)
        names = [seat.name for seat in self.stored.seats]
        played_with = versions(self.stored.game)
        match = Match.start(
            self.entry.game, names, self.stored.options, self.stored.seed, played_with
        )
        self.lobby.started(played_with)
        self._play(match)
        self.seats_changed(_STARTED)
        self.wake()

    def _play(self, match: Match[Any, Any]) -> Authority:
        """The game is on: its authority, and the pacing that listens to it."""
        self.chronicle.names = self.names()
        authority = Authority(
            self.id,
            match,
            self.store,
            self.connections,
            self.workers,
            self.committer,
            self.chronicle,
        )
        authority.conflicted = lambda: self.on_conflict(self.id)
        absent = [seat for seat in self.lobby.people() if not self.lobby.is_here(seat)]
        timer = self.stored.settings.get("turn_timer")
        self.pacing = Pacing(
            authority,
            self.entry,
            self.stored.seats,
            self.stored.seed,
            self.settings,
            float(timer) if timer else None,
            absent,
        )
        authority.listener = self.pacing
        self.authority = authority
        return authority

    async def restore(self) -> None:
        """Rebuild the game from the stored log, in a worker (the replay may be long: a Klepka
        game's last action solves every hand's chain), bots' memories included.

        A log that no longer replays is kept as far as it does, and the game is
        over: stopped by an update (see :func:`stopped`). States before the last are
        not kept: an action chosen on a view from before the rebuild is stale.
        """
        stored = self.stored
        if not stored.started:
            return
        played_with, now, record = self._stored_record()
        match, replayed, played = await self.workers.replay(self.entry.game, record, now)
        if match is None:  # its options cannot start a game now
            self.stopped = stopped(played_with, now, 0)
            return
        authority = self._play(match)
        assert self.pacing is not None
        self.chronicle.room(0, _STARTED)
        for seq, by, events in played:
            self.pacing.observe(events)
            self.chronicle.game(seq, by, events)
        if replayed is not None:
            authority.stopped = stopped(played_with, now, replayed)
        stored.actions = []  # the match's log holds them from now on

    def _stored_record(self) -> tuple[dict[str, Any], dict[str, Any], GameRecord]:
        """What the room was started with, what it would be played with now, and its log."""
        stored = self.stored
        return stored.settings.get("versions", {}), versions(stored.game), stored_record(stored)

    # -- the game

    def welcome(self, connection: Connection) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "welcome",
            "room": self.public(),
            "seat": connection.seat,
            "log": log_json(self.chronicle.recent(connection.seat), connection.lang),
        }
        return {**message, **self._told(connection)}

    def retold(self, connection: Connection) -> dict[str, Any]:
        """What a connection that changed its language is told again in it: a ``room`` message
        with the view, the banner and the log's last lines (``history``, in place of those it
        holds)."""
        recent = log_json(self.chronicle.recent(connection.seat), connection.lang)
        return {"type": "room", "room": self.public(), **self._told(connection), "history": recent}

    def _told(self, connection: Connection) -> dict[str, Any]:
        if self.authority is not None:
            return self.authority.told(connection.seat, connection.lang)
        if self.stopped is None:
            return {"seq": 0, "context": None, "view": None, "banner": None}
        nothing: dict[str, Any] = {"seq": 0, "actors": [], "awaited": [], "phase": "over"}
        outcome = outcome_json(self.stopped, connection.lang)
        return {
            "seq": 0,
            "context": {**nothing, "outcome": outcome, "deadline": None},
            "view": None,
            "banner": None,
        }

    async def act(self, seat: int, data: Any, seq: Any, action_id: Any = None) -> dict[str, Any]:
        """A person's action for their seat: the ack; RoomError (nothing changed) when refused."""
        if self.authority is None:
            if self.stopped is not None:
                raise RoomError(self.stopped.reason, "over")
            raise RoomError(Text("the game has not started yet"), "not-started")
        ack = await self.authority.act(seat, data, seq, action_id)
        self.wake()
        return ack

    async def check(self, seat: int, data: Any, check_id: Any) -> dict[str, Any]:
        """A person's question: would this action be accepted now? The ``checked`` answer."""
        if self.authority is None:
            if self.stopped is not None:
                raise RoomError(self.stopped.reason, "over")
            raise RoomError(Text("the game has not started yet"), "not-started")
        return await self.authority.check(seat, data, check_id)

    def record(self) -> GameRecord:
        """The finished game's record (of a stopped game: as far as it replays)."""
        if self.authority is None:
            raise RoomError(Text("the game has not started yet"), "not-started")
        if self.authority.outcome() is None:
            raise RoomError(Text("the record is given once the game is over"), "not-over")
        return self.authority.match.record()

    async def replay_step(self, step: int, lang: str) -> dict[str, Any]:
        if self.authority is None:
            raise RoomError(Text("a game can be replayed once it is over"), "not-over")
        return await self.authority.replay_step(step, lang)

    # -- who is here

    def admit(self, seat: int | None) -> None:
        """Refuse a connection the room has no room for (TooMany): it holds at most
        ``connections_per_room`` at once, ``spectators_per_room`` of them spectators."""
        limits = self.settings.limits
        if len(self.connections) >= limits.connections_per_room:
            raise TooMany(
                Text(
                    "this room is full: at most {count} connections at once",
                    count=limits.connections_per_room,
                ),
                "room-full",
                MINUTE,
            )
        watching = sum(1 for c in self.connections if c.seat is None)
        if seat is None and watching >= limits.spectators_per_room:
            raise TooMany(
                Text(
                    "this room has as many spectators as it takes ({count}): try again later",
                    count=limits.spectators_per_room,
                ),
                "too-many-spectators",
                MINUTE,
            )

    def connect(self, connection: Connection) -> None:
        """A connection comes: it is welcomed with the whole view; the others are told only
        who is here now (a ``room`` message without a view: theirs has not changed)."""
        self.connections.add(connection)
        self.touch()
        back = None
        if connection.seat is not None:
            self.lobby.arrive(connection.seat)
            if self.pacing is not None and self.pacing.arrived(connection.seat):
                back = Text("{name} is back", name=self.names()[connection.seat])
                self.chronicle.room(self._seq(), back)
        connection.send(codec.message(self.welcome(connection)))
        if connection.seat is not None:
            self._presence_changed(connection, back)

    def disconnect(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.touch()
        seat = connection.seat
        if seat is not None:
            if self.lobby.leave(seat) and self.pacing is not None:
                self.pacing.gone(seat)
            self._presence_changed(None)

    def _presence_changed(self, came: Connection | None, line: Text | None = None) -> None:
        """Tell the other connections who is here: the room's seats, one encoding for all (per
        language, with a ``line`` of the log: a player is back)."""
        room = self.public()
        texts: dict[str, str] = {}
        for connection in self.connections:
            if connection is not came:
                lang = connection.lang
                if lang not in texts:
                    message: dict[str, Any] = {"type": "room", "room": room}
                    if line is not None:
                        message["log"] = [{"seq": self._seq(), "text": translate(line, lang)}]
                    texts[lang] = codec.message(message)
                connection.send(texts[lang])

    def _seq(self) -> int:
        return self.authority.seq if self.authority is not None else 0

    def seats_changed(self, line: Text | None = None) -> None:
        """Tell every connection of the room's seats (and the first view, once started), and
        the room's ``line`` of the log (kept in the chronicle): one encoding per seat and
        language."""
        self.touch()
        room = self.public()
        seq = self._seq()
        if line is not None:
            self.chronicle.room(seq, line)
        texts: dict[tuple[int | None, str], str] = {}
        for connection in self.connections:
            seat, lang = connection.seat, connection.lang
            if (seat, lang) not in texts:
                message: dict[str, Any] = {"type": "room", "room": room}
                if self.authority is not None:
                    message.update(self.authority.told(seat, lang))
                if line is not None:
                    message["log"] = [{"seq": seq, "text": translate(line, lang)}]
                texts[seat, lang] = codec.message(message)
            connection.send(texts[seat, lang])

    def touch(self, now: float | None = None) -> None:
        """Someone is here or did something: the room's idle time starts again."""
        self.active = time.monotonic() if now is None else now

    def idle(self, now: float) -> float:
        """How long nobody has been here and nothing has been played (seconds)."""
        seq = self.authority.seq if self.authority is not None else 0
        if self.connections or seq != self._seq_seen:
            self._seq_seen = seq
            self.touch(now)
        return now - self.active

    def wake(self) -> None:
        """Let the room's bots and timed steps think again (someone acted, came or went)."""
        if self.pacing is not None and self.outcome() is None:
            self.pacing.wake()

    async def close(self) -> None:
        if self.pacing is not None:
            await self.pacing.close()


class Rooms:
    """Every room of a server: each loaded from the store when first asked for (or adopted,
    see :meth:`adopt`), and held by its lease (:mod:`~igroteka.server.leases`)."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        workers: Workers,
        committer: Committer,
        leases: Leases | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.workers = workers
        self.committer = committer
        self.leases: Leases = leases or Alone()
        self.leases.on_lost(self.lost)
        self.leases.keeps = lambda room_id: room_id in self.rooms or room_id in self._loading
        self.rooms: dict[str, LiveRoom] = {}
        self.gone: dict[str, Text] = {}
        """Rooms of a game this server no longer has: why, by id."""
        self.closed: dict[str, Text] = {}
        """Rooms closed (nobody played in them for long): why, by id."""
        self.recorded: set[str] = set()
        """Rooms removed from the store, whose game's record is kept."""
        self._loading: dict[str, asyncio.Task[None]] = {}
        self.unknown: collections.OrderedDict[str, None] = collections.OrderedDict()
        """Ids found in no store (:data:`UNKNOWN_KEPT`), the latest last."""

    async def adopt(self, most: int = 4) -> int:
        """Load every room whose game goes on and that no process holds, ``most`` at a time,
        so that its bots and timers go on: at start, and at each sweep (the rooms of a
        process that died). How many were loaded."""
        ids = await self._stored(self.store.adoptable)
        room_ids = [room_id for room_id in ids if room_id not in self.rooms]
        gate = asyncio.Semaphore(most)

        async def one(room_id: str) -> bool:
            async with gate:
                with contextlib.suppress(RoomError):  # held elsewhere ("moved"), or gone
                    await self.find(room_id)
                return room_id in self.rooms

        return sum(await asyncio.gather(*(one(room_id) for room_id in room_ids)))

    async def find(self, room_id: str) -> LiveRoom:
        """The room, loaded from the store first if need be (its log replayed in a worker);
        RoomError when there is none, or it is gone."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if self._maybe_stored(room_id):
            task = self._loading.get(room_id)
            if task is None:
                task = asyncio.get_running_loop().create_task(self._load(room_id))
                self._loading[room_id] = task
            await asyncio.shield(task)
        return self.get(room_id)

    def _maybe_stored(self, room_id: str) -> bool:
        """Whether the store may hold the room: not known to be gone, closed, recorded or
        absent, and shaped as a room id."""
        known = (self.gone, self.closed, self.recorded, self.unknown)
        return ROOM_ID.fullmatch(room_id) is not None and all(room_id not in k for k in known)

    async def _load(self, room_id: str) -> None:
        try:
            holder = await self.leases.take(room_id)
            if holder is not None:
                raise Moved()
            stored = await self._stored(self.store.room, room_id)
            if stored is None or stored.closed:
                if stored is not None:
                    self.closed[room_id] = self._closed_reason()
                elif await self._stored(self.store.record, room_id) is not None:
                    self.recorded.add(room_id)
                else:
                    self._unknown(room_id)
                await self.leases.release(room_id)
                return
            try:
                found = entry(stored.game)
            except OptionsError:
                self.gone[room_id] = Text(
                    "this room's game ‘{game}’ is no longer played here", game=stored.game[:32]
                )
                await self.leases.release(room_id)
                return
            room = self._live(stored, found)
            await room.restore()
            self.rooms[room.id] = room
            over = room.authority is not None and room.authority.match.outcome() is not None
            if over and not stored.finished:  # over before the store kept the mark
                await self._stored(self.store.finish_room, room.id)
            room.wake()
        finally:
            self._loading.pop(room_id, None)

    def _unknown(self, room_id: str) -> None:
        self.unknown[room_id] = None
        while len(self.unknown) > UNKNOWN_KEPT:
            self.unknown.popitem(last=False)

    def _live(self, stored: StoredRoom, found: Entry) -> LiveRoom:
        room = LiveRoom(stored, self.store, self.settings, found, self.workers, self.committer)
        room.on_conflict = self.lost
        return room

    def lost(self, room_id: str) -> None:
        """The room is no longer this process's to play (its lease lapsed, or another process
        stored an action of its log): it leaves memory, and its connections are closed so
        that they reconnect to whoever plays it now."""
        room = self.rooms.pop(room_id, None)
        if room is None:
            return
        for connection in list(room.connections):
            connection.close(MOVED_CLOSE)
        asyncio.get_running_loop().create_task(room.close())

    async def _stored(self, call: Callable[..., _T], *args: Any) -> _T:
        """A call of the store, in a thread unless every user shares its one connection."""
        if self.store.shared_connection:
            return call(*args)
        return await asyncio.to_thread(call, *args)

    # -- expiry

    def _closed_reason(self) -> Text:
        hours = max(1, round(self.settings.expiry.abandoned / HOUR))
        return Text(
            "this room was closed: nobody played in it for {hours} {hours:hour|hours}",
            hours=hours,
        )

    async def keep_sweeping(self) -> None:
        """Sweep every ``expiry.sweep`` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(self.settings.expiry.sweep)
            try:
                await self.sweep()
            except Exception:  # a store that fails now may not later: the server goes on
                traceback.print_exc(file=sys.stderr)

    async def sweep(self) -> None:
        """Let rooms nobody uses leave memory, and rooms long out of memory leave the store.

        A finished game with no connection for ``finished_idle`` leaves memory (it is
        rebuilt when asked for); a room that has not started, or whose game goes on
        with nobody here and nothing played, for ``abandoned`` is closed (refused as
        ``gone`` from now on: its tokens stop working). Once out of memory for
        ``forgotten``, a room is removed from the store, and of a finished game the
        record is kept (``GET /api/rooms/{id}/record`` still gives it).
        """
        expiry, now = self.settings.expiry, time.monotonic()
        for room in list(self.rooms.values()):
            idle = room.idle(now)
            if room.connections:
                continue
            over = room.outcome() is not None
            if over and idle >= expiry.finished_idle:
                await self._rest(room, closed=False)
            elif not over and idle >= expiry.abandoned:
                await self._rest(room, closed=True)
        for room_id, closed in await self._stored(
            self.store.idle_before, time.time() - expiry.forgotten
        ):
            if room_id not in self.rooms and room_id not in self._loading:
                await self._forget(room_id, closed)
        await self.adopt()  # the rooms of a process that has gone

    async def _rest(self, room: LiveRoom, closed: bool) -> None:
        """The room leaves memory: closed for good, or a finished game kept in the store."""
        del self.rooms[room.id]
        if closed:
            self.closed[room.id] = self._closed_reason()
        await room.close()
        await self._stored(self.store.mark_idle, room.id, time.time(), closed)
        await self.leases.release(room.id)

    async def _forget(self, room_id: str, closed: bool) -> None:
        """Remove a room from the store (once no other process plays it); a finished game's
        record is kept."""
        if await self.leases.take(room_id) is not None:
            return
        try:
            recorded = await self._stored(self._forget_stored, room_id, not closed)
        finally:
            await self.leases.release(room_id)
        self.closed.pop(room_id, None)
        if recorded:
            self.recorded.add(room_id)

    def _forget_stored(self, room_id: str, finished: bool) -> bool:
        stored = self.store.room(room_id)
        record = None
        if stored is not None and finished and stored.started:
            record = (stored.game, GameRecord.to_json(stored_record(stored)))
        self.store.forget_room(room_id, record)
        return record is not None

    async def record_kept(self, room_id: str) -> str | None:
        """The record of a finished game whose room was removed from the store, or None."""
        if room_id in self.rooms:
            return None
        return await self._stored(self.store.record, room_id)

    def get(self, room_id: str) -> LiveRoom:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if room_id in self.gone:
            raise RoomError(self.gone[room_id], "gone")
        if room_id in self.closed:
            raise RoomError(self.closed[room_id], "gone")
        if room_id in self.recorded:
            raise RoomError(
                Text("this game is over and its room was removed: its record can be downloaded"),
                "gone",
            )
        raise RoomError(Text("there is no room ‘{room}’", room=room_id[:64]), "no-room")

    def create(
        self,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int | None = None,
        turn_timer: int | None = None,
        private: bool = False,
    ) -> tuple[LiveRoom, str]:
        """A new room, and its creator token (the server keeps only its digest).

        A chosen ``seed`` gives the whole layout to whoever chose it: it is refused
        (``seed``) unless the server allows chosen seeds (tests, local development),
        and a room made with one says so to everyone (``chosen_seed``)."""
        if seed is not None and not self.settings.chosen_seeds:
            raise RoomError(Text("a room's seed is drawn by the server"), "seed")
        try:
            found = entry(game)
        except OptionsError as error:
            raise RoomError(error.reason, "options") from None
        parsed = self.checked_options(found, options, players)
        if turn_timer is not None and not 1 <= turn_timer <= 3600:
            raise RoomError(Text("a turn timer is 1 to 3600 seconds"), "options")
        creator = secrets.token_urlsafe(24)
        settings: dict[str, Any] = {
            "turn_timer": turn_timer,
            CREATOR: digest(creator),
            CHOSEN: chosen_options(found, options),
        }
        if seed is not None:
            settings[CHOSEN_SEED] = True
        if private:
            settings[PRIVATE] = True
        stored = StoredRoom(
            id=secrets.token_urlsafe(9),
            settings=settings,
            game=game,
            options=parsed,
            seed=seed if seed is not None else secrets.randbits(48),
            players=players,
            created=time.time(),
            seats=[Seat(n) for n in range(players)],
        )
        self.store.create_room(stored)
        room = self._live(stored, found)
        self.rooms[room.id] = room
        return room, creator

    async def open_rooms(self) -> list[dict[str, Any]]:
        """The rooms anyone may join from the lobby, newest first (at most ``open_rooms_listed``):
        not private, not started, with a seat open; from the store, so that every process of
        a site lists the same."""
        most = self.settings.limits.open_rooms_listed
        waiting = await self._stored(self.store.waiting_rooms, 4 * most)
        played = game_names()
        found = [stored for stored in waiting if is_open(stored) and stored.game in played]
        now = time.time()
        return [listing(stored, now) for stored in found[:most]]

    async def rematch(self, old: LiveRoom, token: str) -> tuple[LiveRoom, str | None]:
        """The rematch of a finished game: the same game, options and seats, a new seed.

        Asked for by a seat's person of the game (or its creator); the first to ask makes
        it and is its creator (the creator token answered); whoever asks later is answered
        the same room. Its bots come along; each person's seat is reserved for the token
        that held it (see :func:`~igroteka.server.lobby.reserved`)."""
        if not (old.lobby.is_creator(token) or old.lobby.seat_of(token or None) is not None):
            raise RoomError(Text("only a player of this game can ask for a rematch"), "bad-token")
        if old.outcome() is None:
            raise RoomError(Text("a rematch is made once the game is over"), "not-over")
        made = old.stored.settings.get(NEXT)
        if isinstance(made, str):
            return await self.find(made), None
        stored = old.stored
        creator = secrets.token_urlsafe(24)
        settings: dict[str, Any] = {
            "turn_timer": stored.settings.get("turn_timer"),
            CREATOR: digest(creator),
            REMATCH_OF: stored.id,
            CHOSEN: dict(stored.settings.get(CHOSEN, {})),
            "avatars": dict(stored.settings.get("avatars", {})),
        }
        if stored.settings.get(PRIVATE):
            settings[PRIVATE] = True
        seats = [
            Seat(
                s.seat, s.kind, s.name, s.level, reserved(s.token_digest) if s.token_digest else ""
            )
            for s in stored.seats
        ]
        new = StoredRoom(
            id=secrets.token_urlsafe(9),
            settings=settings,
            game=stored.game,
            options=dict(stored.options),
            seed=secrets.randbits(48),
            players=stored.players,
            created=time.time(),
            seats=seats,
        )
        self.store.create_room(new)
        room = self._live(new, old.entry)
        self.rooms[room.id] = room
        stored.settings[NEXT] = room.id
        self.store.set_settings(stored.id, stored.settings)
        old.seats_changed()
        await self.leases.take(room.id)
        return room, creator

    def checked_options(
        self, found: Entry, options: dict[str, Any], players: int
    ) -> dict[str, Any]:
        """A room's options as the game reads them, or RoomError ``options``: the one check of
        a new room's options and of a change of them (slow for a long deck: off the loop)."""
        try:
            parsed = found.game.parse_options(options)
            found.game.setup(parsed, players, 0)  # options that cannot start a game are refused now
        except OptionsError as error:  # the game's own words first: it names itself
            raise RoomError(error.reason, "options") from None
        if not found.game.min_players <= players <= found.game.max_players:
            raise RoomError(players_wanted(found.game, players), "options")
        self._check_pictures(found, options)
        return parsed

    def _check_pictures(self, found: Entry, options: dict[str, Any]) -> None:
        """Every uploaded picture a deck names must be kept here: a card of a lost picture
        would be blank for the whole game."""
        for option in found.declaration.options:
            text = options.get(option.key)
            if not option.pictures or not isinstance(text, str):
                continue
            named = pictures_named(text)
            kept = self.store.kept_images(picture for _, picture in named)
            for line, picture in named:
                if picture not in kept:
                    raise RoomError(
                        Text(
                            "line {line} names a picture this server does not keep "
                            "(‘{picture}’): upload it again",
                            line=line,
                            picture=picture,
                        ),
                        "options",
                    )

    async def close(self) -> None:
        for task in list(self._loading.values()):
            task.cancel()
        for room in list(self.rooms.values()):
            await room.close()
