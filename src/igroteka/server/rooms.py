"""Every room of a server: loaded when first asked for, adopted when its game goes on, held
by a lease, and let go when nobody uses it.

A room itself, :class:`~igroteka.server.room.LiveRoom`, is put together from its parts in
:mod:`igroteka.server.room` (seating, presence, timing, restore); this module re-exports it
and the names others read of a stored room.

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

from igroteka.engine import GameRecord, OptionsError, players_wanted
from igroteka.engine.declaration import pictures_named
from igroteka.games import Entry, entry, game_names
from igroteka.i18n import Text
from igroteka.server.committer import Committer
from igroteka.server.errors import Moved, RoomError
from igroteka.server.leases import Alone, Leases
from igroteka.server.limits import HOUR
from igroteka.server.lobby import CREATOR, digest, reserved
from igroteka.server.pacing import Settings
from igroteka.server.room import LiveRoom
from igroteka.server.room.base import CHOSEN, CHOSEN_SEED, NEXT, PRIVATE, REMATCH_OF
from igroteka.server.room.restore import stopped, stored_record
from igroteka.server.room.seating import chosen_options, is_open, listing
from igroteka.server.workers import Workers
from igroteka.store import Room as StoredRoom
from igroteka.store import Seat, Store

__all__ = [
    "CHOSEN_SEED",
    "MOVED_CLOSE",
    "NEXT",
    "LiveRoom",
    "Rooms",
    "stopped",
    "stored_record",
]

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


def _open(game: str, options: Mapping[str, Any]) -> None:
    """Every game can be played (no gate)."""


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
        gate: Callable[[str, Mapping[str, Any]], None] | None = None,
    ) -> None:
        self.store = store
        self.gate = gate or _open
        """Refuses (RoomError) a game with options that cannot be played yet: one whose
        language's dictionary is not ready (server/dictionaries.py)."""
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
        so that its bots and timers go on: at start, at each sweep (the rooms of a process
        that died), and when a language's dictionary becomes ready (its games waited:
        :attr:`gate`). How many were loaded."""
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
            if stored.started:  # replayed now: its rules may ask its dictionary
                try:
                    self.gate(stored.game, stored.options)
                except RoomError:
                    await self.leases.release(room_id)
                    raise
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

    async def create(
        self,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int | None = None,
        turn_timer: int | None = None,
        private: bool = False,
    ) -> tuple[LiveRoom, str]:
        """A new room, and its creator token (the server keeps only its digest).

        Its options are checked off the event loop (by starting a game with them; a deck
        typed in the lobby, up to 1 MB, takes its time to read); the room is stored as every
        write is (:meth:`_stored`) and comes alive on the loop.

        A chosen ``seed`` gives the whole layout to whoever chose it: it is refused
        (``seed``) unless the server allows chosen seeds (tests, local development),
        and a room made with one says so to everyone (``chosen_seed``)."""
        self.gate(game, options)
        made = (game, options, players, seed, turn_timer, private)
        stored, found, creator = await asyncio.to_thread(self._new, *made)
        await self._stored(self.store.create_room, stored)
        room = self._live(stored, found)
        self.rooms[room.id] = room
        return room, creator

    def _new(
        self,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int | None,
        turn_timer: int | None,
        private: bool,
    ) -> tuple[StoredRoom, Entry, str]:
        """A new room's record (not stored yet), its game's entry and its creator token."""
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
        return stored, found, creator

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
