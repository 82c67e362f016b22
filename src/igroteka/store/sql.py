"""The store: rooms, seats and action logs in a relational database.

SQLite (the default, a file in the user's data directory) is opened in WAL
mode with ``synchronous=FULL`` (``Store(url, synchronous="NORMAL")`` to change
it): a committed action survives the process being killed at any moment, and a
power loss too (see :data:`SYNCHRONOUS`). PostgreSQL is chosen by a
``postgresql://`` URL.
Every action is committed before the server tells anyone of it: one at a time
(:meth:`Store.append_action`), or the actions of many rooms in one transaction
(:meth:`Store.append_actions`, a group commit: one commit's cost for them all).
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

__all__ = [
    "ActionConflict",
    "Appended",
    "Room",
    "Seat",
    "Store",
    "StoreError",
    "StoredImage",
    "default_url",
]


class StoreError(Exception):
    """The store cannot be opened or used (a bad URL, a database that is not there)."""


class ActionConflict(StoreError):
    """An action with this number is in the log already: nothing was written."""


@dataclass
class Seat:
    """Who holds a seat: nobody yet (``open``), a ``person`` (by token), or a ``bot``."""

    seat: int
    kind: str = "open"
    name: str = ""
    level: str = ""
    token_digest: str = ""


@dataclass
class Room:
    """A room as stored: what makes its game, its seats, and its log of actions."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    created: float
    settings: dict[str, Any] = field(default_factory=dict)
    started: bool = False
    seats: list[Seat] = field(default_factory=list)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """(seat, action) in the order accepted."""
    finished: bool = False
    """Its game is over (known without replaying its log)."""
    idle_since: float | None = None
    """Since when (epoch seconds) the room has been out of memory, idle; None: in use."""
    closed: bool = False
    """The room was closed: nobody played in it for long (server/limits.py ``ABANDONED``)."""


@dataclass(frozen=True)
class Appended:
    """One action to append to a room's log: its number (counted from 0), seat and JSON form."""

    room: str
    number: int
    seat: int
    action: Mapping[str, Any]
    ends: bool = False
    """The action ends the game: the room is marked finished in the same transaction."""


_metadata = sa.MetaData()
_rooms = sa.Table(
    "rooms",
    _metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("started", sa.Boolean, nullable=False, default=False),
)
_seats = sa.Table(
    "seats",
    _metadata,
    sa.Column("room", sa.String(64), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("level", sa.String(16), nullable=False),
    sa.Column("token_digest", sa.String(64), nullable=False),
)
_actions = sa.Table(
    "actions",
    _metadata,
    sa.Column("room", sa.String(64), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
)


_finished = sa.Table(  # a table of its own: a store made before it gets it without a migration
    "finished",
    _metadata,
    sa.Column("room", sa.String(64), sa.ForeignKey("rooms.id"), primary_key=True),
)


_idle = sa.Table(  # rooms out of memory: since when, and whether closed (abandoned)
    "idle",
    _metadata,
    sa.Column("room", sa.String(64), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("since", sa.Float, nullable=False),
    sa.Column("closed", sa.Boolean, nullable=False),
)


_records = sa.Table(  # the records of finished games whose rooms were removed from the store
    "records",
    _metadata,
    sa.Column("room", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("kept", sa.Float, nullable=False),
)


_images = sa.Table(  # pictures uploaded for own decks (server/images.py); nothing refers to them
    "images",
    _metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("media_type", sa.String(32), nullable=False),
    sa.Column("data", sa.LargeBinary, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class StoredImage:
    """An uploaded picture as stored: its bytes and their media type."""

    id: str
    media_type: str
    data: bytes


SYNCHRONOUS = ("NORMAL", "FULL")
"""SQLite's ``synchronous`` settings a store may run with. In WAL mode ``NORMAL`` syncs the
log at checkpoints only: a commit survives the process being killed, but the last commits
before a power loss or an OS crash may be lost (never the database's consistency).
``FULL`` syncs the log at every commit, which keeps them through a power loss as well, at
the cost bench/server.py's cases ``commits`` and ``load`` against ``normal`` measure: with the group
commits of the server, one sync serves every action of that moment, and the cost is
not seen in a room's latency. So ``FULL`` is the default (docs/security.md)."""


ALONE = 0x1607_0E4A
"""The key of the advisory lock a PostgreSQL store is held by, one server alone on it."""


def default_url() -> str:
    """The embedded store: a SQLite file in the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    folder = Path(base) / "igroteka"
    return f"sqlite:///{folder / 'igroteka.db'}"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class Store:
    """Rooms in a database given by URL (``sqlite:///path``, ``sqlite://`` in memory,
    ``postgresql://user@host/db``); the tables are made when missing."""

    def __init__(self, url: str, synchronous: str = "FULL") -> None:
        if synchronous not in SYNCHRONOUS:
            raise StoreError(f"synchronous is one of {', '.join(SYNCHRONOUS)}, not {synchronous}")
        self.url = url
        self._held: Any = None
        try:
            self.engine = self._engine(url, synchronous)
            _metadata.create_all(self.engine)
        except (sa.exc.SQLAlchemyError, ValueError, OSError) as error:
            raise StoreError(f"cannot open the store {url}: {error}") from None

    @staticmethod
    def _engine(url: str, synchronous: str) -> Engine:
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        if url.startswith("sqlite"):
            path = sa.engine.make_url(url).database
            if path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            pool = sa.pool.StaticPool if not path else sa.pool.QueuePool
            engine = sa.create_engine(
                url, poolclass=pool, connect_args={"check_same_thread": False}
            )

            @sa.event.listens_for(engine, "connect")
            def _pragmas(connection: Any, _record: Any) -> None:
                cursor = connection.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute(f"PRAGMA synchronous={synchronous}")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

            return engine
        return sa.create_engine(url, pool_pre_ping=True)

    def close(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            held.close()
        self.engine.dispose()

    def hold_alone(self) -> None:
        """Hold the store for this process alone, until it closes (or the process ends, however
        it ends): a second server on the same store would play the same rooms unaware of the
        first, each refusing the other's next action. StoreError says so when another holds it.

        A SQLite file is held by a lock on a file beside it (``….lock``), PostgreSQL by an
        advisory lock of the connection this keeps; an in-memory SQLite is this process's.
        """
        url = sa.engine.make_url(self.engine.url)
        busy = StoreError(
            f"another Igroteka server uses the store {self.url} now: stop it first, or give "
            "this one a store of its own (--db); several servers share one store only "
            "through Redis (--redis)"
        )
        if url.get_backend_name() == "sqlite":
            if url.database in (None, "", ":memory:"):
                return
            holder: Any = open(f"{url.database}.lock", "a")  # noqa: SIM115 (held open)
            try:
                fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder.close()
                raise busy from None
        else:
            holder = self.engine.connect()
            if not holder.execute(sa.select(sa.func.pg_try_advisory_lock(ALONE))).scalar_one():
                holder.close()
                raise busy
            holder.commit()
        self._held = holder

    # -- writing

    def create_room(self, room: Room) -> None:
        with self.engine.begin() as db:
            db.execute(
                _rooms.insert().values(
                    id=room.id,
                    game=room.game,
                    options=_dumps(room.options),
                    seed=room.seed,
                    players=room.players,
                    created=room.created,
                    settings=_dumps(room.settings),
                    started=room.started,
                )
            )
            for seat in room.seats or [Seat(n) for n in range(room.players)]:
                db.execute(_seats.insert().values(room=room.id, **vars(seat)))

    def set_seat(self, room: str, seat: Seat) -> None:
        with self.engine.begin() as db:
            db.execute(
                _seats.update()
                .where(_seats.c.room == room, _seats.c.seat == seat.seat)
                .values(
                    kind=seat.kind, name=seat.name, level=seat.level, token_digest=seat.token_digest
                )
            )

    def set_options(self, room: str, options: Mapping[str, Any]) -> None:
        """Replace the options of a room not started yet (its creator changed them)."""
        with self.engine.begin() as db:
            db.execute(_rooms.update().where(_rooms.c.id == room).values(options=_dumps(options)))

    def set_settings(self, room: str, settings: Mapping[str, Any]) -> None:
        """Replace a room's settings (the avatars chosen, the room of its rematch)."""
        with self.engine.begin() as db:
            db.execute(_rooms.update().where(_rooms.c.id == room).values(settings=_dumps(settings)))

    def start_room(self, room: str, settings: Mapping[str, Any] | None = None) -> None:
        """Mark a room started; ``settings``, when given, replace its settings (a room keeps
        there what it was started with: the versions of the rules and the lexicon)."""
        values: dict[str, Any] = {"started": True}
        if settings is not None:
            values["settings"] = _dumps(settings)
        with self.engine.begin() as db:
            db.execute(_rooms.update().where(_rooms.c.id == room).values(**values))

    def append_action(
        self, room: str, number: int, seat: int, action: Mapping[str, Any], ends: bool = False
    ) -> None:
        """Commit action ``number`` (counted from 0) of a room's log, or raise ActionConflict;
        ``ends``: it ends the game, and the room is marked finished with it."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    _actions.insert().values(
                        room=room, number=number, seat=seat, action=_dumps(action)
                    )
                )
                if ends:
                    db.execute(_finished.insert().values(room=room))
        except sa.exc.IntegrityError:
            raise ActionConflict(f"action {number} of room {room} is stored already") from None

    def append_actions(self, actions: Sequence[Appended]) -> list[StoreError | None]:
        """Commit the actions of many rooms in one transaction (a group commit).

        The answer has one item per action, in order: None once it is committed,
        else why it is not (:class:`ActionConflict`: its number is stored already;
        :class:`StoreError`: the database refused the write). An action that cannot
        be written costs the others nothing: the batch is then committed one action
        at a time. Whatever the answer, the caller may announce exactly the actions
        answered None, and only after this returns.

        >>> store = Store("sqlite://")
        >>> for room in ("a", "b"):
        ...     store.create_room(Room(room, "pile", {}, seed=1, players=2, created=0.0))
        >>> store.append_actions([Appended("a", 0, 0, {"type": "stop"}),
        ...                       Appended("b", 0, 1, {"type": "stop"}),
        ...                       Appended("a", 0, 1, {"type": "again"})])
        [None, None, ActionConflict('action 0 of room a is stored already')]
        """
        if not actions:
            return []
        rows = [
            {"room": a.room, "number": a.number, "seat": a.seat, "action": _dumps(a.action)}
            for a in actions
        ]
        ended = [{"room": a.room} for a in actions if a.ends]
        try:
            with self.engine.begin() as db:
                db.execute(_actions.insert(), rows)
                if ended:
                    db.execute(_finished.insert(), ended)
            return [None] * len(actions)
        except sa.exc.IntegrityError:
            pass  # one of them (at least) is stored already: find which, keep the rest
        except sa.exc.SQLAlchemyError as error:
            return [StoreError(f"the store refused the write: {error}") for _ in actions]
        answers: list[StoreError | None] = []
        for action in actions:
            try:
                self.append_action(
                    action.room, action.number, action.seat, action.action, action.ends
                )
                answers.append(None)
            except StoreError as refused:
                answers.append(refused)
            except sa.exc.SQLAlchemyError as error:
                answers.append(StoreError(f"the store refused the write: {error}"))
        return answers

    @property
    def shared_connection(self) -> bool:
        """Whether every user of the store shares one connection (an in-memory SQLite):
        then it must not be written from two threads at once."""
        return isinstance(self.engine.pool, sa.pool.StaticPool)

    def finish_room(self, room: str) -> None:
        """Mark a room's game over (one stored before the mark was kept, once replayed)."""
        with self.engine.begin() as db:
            marked = db.execute(sa.select(_finished).where(_finished.c.room == room)).first()
            if marked is None:
                db.execute(_finished.insert().values(room=room))

    def add_image(self, image: StoredImage, created: float) -> None:
        """Keep a picture under its id (made by the caller, unguessable)."""
        with self.engine.begin() as db:
            db.execute(
                _images.insert().values(
                    id=image.id, media_type=image.media_type, data=image.data, created=created
                )
            )

    # -- reading

    def image(self, image_id: str) -> StoredImage | None:
        """The picture with this id, or None.

        >>> store = Store("sqlite://")
        >>> store.add_image(StoredImage("p1", "image/webp", b"RIFF"), created=0.0)
        >>> store.image("p1").data, store.image("p2")
        (b'RIFF', None)
        """
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(_images.c.media_type, _images.c.data).where(_images.c.id == image_id)
            ).first()
        if row is None:
            return None
        return StoredImage(image_id, row.media_type, bytes(row.data))

    def kept_images(self, ids: Iterable[str]) -> set[str]:
        """Which of these ids name pictures kept here.

        >>> store = Store("sqlite://")
        >>> store.add_image(StoredImage("p1", "image/webp", b"RIFF"), created=0.0)
        >>> store.kept_images(["p1", "p2"])
        {'p1'}
        """
        wanted = sorted(set(ids))
        if not wanted:
            return set()
        with self.engine.connect() as db:
            rows = db.execute(sa.select(_images.c.id).where(_images.c.id.in_(wanted)))
            return {str(row.id) for row in rows}

    def count_images(self) -> int:
        """How many pictures are kept."""
        with self.engine.connect() as db:
            return int(db.execute(sa.select(sa.func.count()).select_from(_images)).scalar_one())

    def rooms(self) -> Iterator[Room]:
        """Every room with its seats and its log, oldest first (a closed room's without its
        log)."""
        with self.engine.connect() as db:
            finished = {row.room for row in db.execute(sa.select(_finished))}
            idle = {row.room: (row.since, row.closed) for row in db.execute(sa.select(_idle))}
            closed = {room for room, (_, shut) in idle.items() if shut}
            seats: dict[str, list[Seat]] = {}
            for row in db.execute(sa.select(_seats).order_by(_seats.c.room, _seats.c.seat)):
                seats.setdefault(row.room, []).append(
                    Seat(row.seat, row.kind, row.name, row.level, row.token_digest)
                )
            logs: dict[str, list[tuple[int, dict[str, Any]]]] = {}
            query = sa.select(_actions).order_by(_actions.c.room, _actions.c.number)
            for row in db.execute(query):
                if row.room not in closed:
                    logs.setdefault(row.room, []).append((row.seat, json.loads(row.action)))
            for row in db.execute(sa.select(_rooms).order_by(_rooms.c.created, _rooms.c.id)):
                yield self._room(row, seats.get(row.id, []), logs.get(row.id, []), finished, idle)

    @staticmethod
    def _room(
        row: Any,
        seats: list[Seat],
        log: list[tuple[int, dict[str, Any]]],
        finished: set[str],
        idle: Mapping[str, tuple[float, bool]],
    ) -> Room:
        since, closed = idle.get(row.id, (None, False))
        return Room(
            id=row.id,
            game=row.game,
            options=json.loads(row.options),
            seed=row.seed,
            players=row.players,
            created=row.created,
            settings=json.loads(row.settings),
            started=bool(row.started),
            seats=seats,
            actions=log,
            finished=row.id in finished,
            idle_since=since,
            closed=bool(closed),
        )

    def room(self, room_id: str) -> Room | None:
        """One room with its seats and its log, or None."""
        with self.engine.connect() as db:
            row = db.execute(sa.select(_rooms).where(_rooms.c.id == room_id)).first()
            if row is None:
                return None
            seats = [
                Seat(s.seat, s.kind, s.name, s.level, s.token_digest)
                for s in db.execute(
                    sa.select(_seats).where(_seats.c.room == room_id).order_by(_seats.c.seat)
                )
            ]
            query = sa.select(_actions).where(_actions.c.room == room_id)
            log = [
                (a.seat, json.loads(a.action))
                for a in db.execute(query.order_by(_actions.c.number))
            ]
            ended = db.execute(sa.select(_finished).where(_finished.c.room == room_id)).first()
            idle = db.execute(sa.select(_idle).where(_idle.c.room == room_id)).first()
        marks = {room_id: (idle.since, idle.closed)} if idle is not None else {}
        return self._room(row, seats, log, {room_id} if ended else set(), marks)

    def adoptable(self) -> list[str]:
        """The rooms whose game goes on (started, not finished, not closed), oldest first: a
        server loads them to let their bots and timers go on (server/rooms.py ``adopt``)."""
        ended = sa.select(_finished.c.room)
        shut = sa.select(_idle.c.room).where(_idle.c.closed)
        query = (
            sa.select(_rooms.c.id)
            .where(_rooms.c.started, _rooms.c.id.not_in(ended), _rooms.c.id.not_in(shut))
            .order_by(_rooms.c.created, _rooms.c.id)
        )
        with self.engine.connect() as db:
            return [str(row.id) for row in db.execute(query)]

    def waiting_rooms(self, most: int) -> list[Room]:
        """At most ``most`` rooms not started, not closed, with a seat open, newest first,
        with their seats and no log: the lobby's list of open rooms is made of them."""
        shut = sa.select(_idle.c.room).where(_idle.c.closed)
        open_seat = sa.select(_seats.c.room).where(_seats.c.kind == "open")
        query = (
            sa.select(_rooms)
            .where(
                sa.not_(_rooms.c.started),
                _rooms.c.id.not_in(shut),
                _rooms.c.id.in_(open_seat),
            )
            .order_by(_rooms.c.created.desc(), _rooms.c.id)
            .limit(most)
        )
        with self.engine.connect() as db:
            rows = list(db.execute(query))
            ids = [row.id for row in rows]
            seats: dict[str, list[Seat]] = {}
            found = sa.select(_seats).where(_seats.c.room.in_(ids)).order_by(_seats.c.seat)
            for s in db.execute(found):
                seats.setdefault(s.room, []).append(
                    Seat(s.seat, s.kind, s.name, s.level, s.token_digest)
                )
        return [self._room(row, seats.get(row.id, []), [], set(), {}) for row in rows]

    def mark_finished_idle(self, since: float) -> None:
        """Every finished game's room not marked idle yet is idle from ``since`` (at a start:
        it is out of memory until someone asks for it)."""
        marked = sa.select(_idle.c.room)
        with self.engine.begin() as db:
            unmarked = [
                row.room
                for row in db.execute(
                    sa.select(_finished.c.room).where(_finished.c.room.not_in(marked))
                )
            ]
            if unmarked:
                db.execute(
                    _idle.insert(),
                    [{"room": room, "since": since, "closed": False} for room in unmarked],
                )

    # -- expiry

    def mark_idle(self, room: str, since: float, closed: bool) -> None:
        """The room has left memory at ``since`` (epoch seconds); ``closed``: for good."""
        with self.engine.begin() as db:
            db.execute(_idle.delete().where(_idle.c.room == room))
            db.execute(_idle.insert().values(room=room, since=since, closed=closed))

    def idle_before(self, before: float) -> list[tuple[str, bool]]:
        """The rooms out of memory since before ``before``: (id, closed)."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(_idle).where(_idle.c.since < before))
            return [(str(row.room), bool(row.closed)) for row in rows]

    def forget_room(self, room: str, record: tuple[str, str] | None = None) -> None:
        """Remove a room, its seats and its log; ``record`` (its game, its record's JSON):
        kept, for the room's record to stay downloadable."""
        with self.engine.begin() as db:
            if record is not None:
                game, text = record
                db.execute(_records.delete().where(_records.c.room == room))
                db.execute(
                    _records.insert().values(room=room, game=game, record=text, kept=time.time())
                )
            for table in (_actions, _seats, _finished, _idle):
                db.execute(table.delete().where(table.c.room == room))
            db.execute(_rooms.delete().where(_rooms.c.id == room))

    def record(self, room: str) -> str | None:
        """The kept record (JSON) of a finished game whose room was removed, or None."""
        with self.engine.connect() as db:
            row = db.execute(sa.select(_records.c.record).where(_records.c.room == room)).first()
        return None if row is None else str(row.record)

    def recorded(self) -> set[str]:
        """The rooms removed whose records are kept."""
        with self.engine.connect() as db:
            return {str(row.room) for row in db.execute(sa.select(_records.c.room))}
