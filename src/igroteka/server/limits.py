"""Every limit of the server in one table, and the rate limiters that keep them.

    limits = Limits()                       # the defaults below; Settings(limits=...) changes them
    rooms = RateLimit(limits.rooms, HOUR)   # per address
    wait = rooms.check("203.0.113.7")       # 0.0: allowed (and counted); else seconds to wait

A server shares its memory and its event loop among every room: whatever a
client can ask for without a bound, one client can ask for until the others
wait. Each limit here is far above what a person (clicking fast, playing in
several tabs, a class behind one address) or a well-behaved script meets, and
each refusal says why, in the client's language, with a code (docs/protocol.md).

An *address* is ``request.client.host`` (of a websocket: its handshake's). Behind a
reverse proxy that is the proxy's address, and every client shares its limits, unless
uvicorn trusts the proxy's ``X-Forwarded-For``: ``igroteka serve`` trusts the
addresses in ``$FORWARDED_ALLOW_IPS`` (uvicorn's default: 127.0.0.1 and ::1, a proxy on
the same machine); set it to the proxy's address, or raise the per-address limits.
"""

from __future__ import annotations

import collections
import contextlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from igroteka.i18n import Text
from igroteka.server.errors import RoomError, TooMany

__all__ = [
    "BEHIND",
    "FRAME_BYTES",
    "HOUR",
    "MINUTE",
    "REFUSED_TOKENS",
    "TOO_FAST",
    "TOO_MANY",
    "Expiry",
    "Guard",
    "Limits",
    "MessageRate",
    "RateLimit",
]

MINUTE: Final = 60.0
HOUR: Final = 3600.0

# -- the table (each a field of Limits below, so that a test or a server can change it)

MESSAGE_BURST: Final = 60
"""Messages a connection may send at once (a burst), before its rate applies."""
MESSAGE_RATE: Final = 30.0
"""Messages a connection may send each second, on average (a person clicks 10 at most)."""
MESSAGE_STRIKES: Final = 60
"""Messages refused as ``too-fast`` before the connection is closed (:data:`TOO_MANY`): a
client that goes on sending while refused is far over the rate, not a person."""
QUEUE: Final = 128
"""Messages waiting to be sent to one connection; one more and it is closed (:data:`BEHIND`).
A message is a whole update (one encoded text per seat and language, shared by the
connections of that seat and language: a few kB), so the bound is by messages, not bytes:
at most 128 views held for a client that stopped reading."""
STALLED: Final = 10.0
"""Seconds a connection's socket may stay full (the kernel's send buffer and the server's
over it: ``SEND_BUFFER`` and ``WRITE_BUFFER`` in server/sockets.py): then it is closed
(:data:`BEHIND`), however short its queue and however quiet its room."""
CONNECTIONS_PER_ADDRESS: Final = 256
"""Websockets open at once from one address (a class behind one address, a tab a seat)."""
CONNECTS_PER_MINUTE: Final = 240
"""Websockets opened from one address in a minute (a client closed for flooding comes back)."""
ROOMS_PER_HOUR: Final = 400
"""New rooms created from one address in an hour (a class of 40 behind one address, each
pupil starting ten games an hour; a rematch is not a new room: :data:`REMATCHES_PER_HOUR`)."""
REMATCHES_PER_HOUR: Final = 1200
"""Rematches made from one address in an hour (30 a pupil of a class of 40): asked for with
a token of a finished game, so never a stranger's, but each is a room all the same."""
SEATS_PER_MINUTE: Final = 120
"""A stranger's seat requests from one address in a minute: a person takes a seat or claims
one with a code, and every request whose token or code is refused."""
HELD_PER_MINUTE: Final = 600
"""Requests from one address in a minute that hold a room's token and are not refused for
it: its creator seats a bot or frees a seat, a person leaves, moves or claims a rematch's
seat (a class of 40 seating four bots each at once is 160)."""
UPLOADS_PER_HOUR: Final = 200
"""Pictures uploaded from one address in an hour (two full decks)."""
CONNECTIONS_PER_ROOM: Final = 256
"""Websockets open at once in one room, players' and spectators'."""
SPECTATORS_PER_ROOM: Final = 200
"""Spectators' websockets open at once in one room."""
REACTION_EVERY: Final = 2.0
"""Seconds between two reactions of one seat (one sooner is refused: ``too-many-reactions``)."""
MOVE_CODE_LASTS: Final = 10 * MINUTE
"""Seconds a code that moves a seat to another device lasts (it is spent by its first use)."""
OPEN_ROOMS_LISTED: Final = 50
"""Rooms ``GET /api/rooms`` lists at most: the newest open ones."""
FRAME_BYTES: Final = 65_536
"""The largest websocket message uvicorn reads (``ws_max_size``): a message of more than
16,384 characters is refused as ``too-large`` up to this size, and a larger one closes the
connection (1009) before it is held whole in memory."""

# -- how long rooms stay

FINISHED_IDLE: Final = 10 * MINUTE
"""A finished game with no connection for this long leaves memory (rebuilt when asked for)."""
ABANDONED: Final = 24 * HOUR
"""A room that never started, or whose game nobody has played (no person connected, no
action) for this long, is closed: it leaves memory and its seats' tokens stop working."""
FORGOTTEN: Final = 30 * 24 * HOUR
"""A room untouched for this long is removed from the store: its seats and its log; the
record of a finished game is kept, still downloadable."""
SWEEP: Final = MINUTE
"""How often the server looks for rooms to expire."""

# -- close codes (docs/protocol.md)

BEHIND: Final = 4008
"""The connection fell too far behind (its queue was full): reconnect to get the view now."""
TOO_MANY: Final = 4429
"""A limit was met: too many connections (the address's, the room's, its spectators'), or
messages sent far over the rate. The ``error`` message before the close says which."""
TOO_FAST: Final = TOO_MANY


@dataclass(frozen=True)
class Limits:
    """The limits of a server: the table above, one field each (see each constant)."""

    message_burst: int = MESSAGE_BURST
    message_rate: float = MESSAGE_RATE
    message_strikes: int = MESSAGE_STRIKES
    queue: int = QUEUE
    stalled: float = STALLED
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    connects_per_minute: int = CONNECTS_PER_MINUTE
    rooms_per_hour: int = ROOMS_PER_HOUR
    rematches_per_hour: int = REMATCHES_PER_HOUR
    seats_per_minute: int = SEATS_PER_MINUTE
    held_per_minute: int = HELD_PER_MINUTE
    uploads_per_hour: int = UPLOADS_PER_HOUR
    connections_per_room: int = CONNECTIONS_PER_ROOM
    spectators_per_room: int = SPECTATORS_PER_ROOM
    reaction_every: float = REACTION_EVERY
    move_code_lasts: float = MOVE_CODE_LASTS
    open_rooms_listed: int = OPEN_ROOMS_LISTED


@dataclass(frozen=True)
class Expiry:
    """How long rooms stay (seconds): see :data:`FINISHED_IDLE`, :data:`ABANDONED`,
    :data:`FORGOTTEN` and :data:`SWEEP`."""

    finished_idle: float = FINISHED_IDLE
    abandoned: float = ABANDONED
    forgotten: float = FORGOTTEN
    sweep: float = SWEEP


class RateLimit:
    """At most ``count`` events per key in any ``seconds`` (a sliding window), in memory.

    It remembers the ``keys`` most recent keys; an older one starts afresh.

    >>> limit = RateLimit(2, 60.0)
    >>> [limit.allow("a", now=t) for t in (0.0, 1.0, 2.0, 61.0)]
    [True, True, False, True]
    >>> limit.check("a", now=62.0), limit.check("a", now=63.0)  # allowed; then 58 s to wait
    (0.0, 58.0)
    >>> limit.wait("a", now=64.0)  # asked without counting one
    57.0
    """

    def __init__(self, count: int, seconds: float, keys: int = 10_000) -> None:
        self.count, self.seconds, self.keys = count, seconds, keys
        self.times: collections.OrderedDict[str, collections.deque[float]] = (
            collections.OrderedDict()
        )

    def _window(self, key: str, now: float) -> collections.deque[float]:
        """The times of ``key``'s events within the window before ``now``."""
        times = self.times.pop(key, None) or collections.deque()
        while times and times[0] <= now - self.seconds:
            times.popleft()
        self.times[key] = times  # the most recent key last: the oldest is forgotten first
        while len(self.times) > self.keys:
            self.times.popitem(last=False)
        return times

    def wait(self, key: str, now: float | None = None) -> float:
        """0.0 when one more event for ``key`` would be allowed now (nothing is counted);
        else how many seconds until it would be."""
        now = time.monotonic() if now is None else now
        times = self._window(key, now)
        return max(times[0] + self.seconds - now, 0.001) if len(times) >= self.count else 0.0

    def check(self, key: str, now: float | None = None) -> float:
        """0.0 when one more event for ``key`` is allowed now (it is counted); else how many
        seconds until it would be."""
        now = time.monotonic() if now is None else now
        wait = self.wait(key, now)
        if not wait:
            self.times[key].append(now)
        return wait

    def allow(self, key: str, now: float | None = None) -> bool:
        """Whether one more event for ``key`` is allowed now (and if so, it is counted)."""
        return self.check(key, now) == 0.0


class MessageRate:
    """The messages of one connection: a token bucket of ``burst`` refilled at ``rate`` a
    second, and the refusals (strikes) that close a connection far over it.

    :meth:`take` answers 0.0 for a message within the rate; else the seconds until the
    next would be, and the message is refused (a strike). Strikes are forgiven once the
    bucket is full again (the client was calm for ``burst / rate`` seconds).

    >>> rate = MessageRate(burst=2, rate=1.0, strikes=2, now=0.0)
    >>> [rate.take(now=0.0) for _ in range(3)], rate.over
    ([0.0, 0.0, 1.0], False)
    >>> rate.take(now=0.5), rate.over
    (0.5, True)
    """

    def __init__(self, burst: int, rate: float, strikes: int, now: float | None = None) -> None:
        self.burst, self.rate, self.strikes = burst, rate, strikes
        self.tokens = float(burst)
        self.struck = 0
        self.since = time.monotonic() if now is None else now

    @property
    def over(self) -> bool:
        """Whether the connection has been refused ``strikes`` times: it is to be closed."""
        return self.struck >= self.strikes

    def take(self, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.since) * self.rate)
        self.since = now
        if self.tokens >= self.burst:
            self.struck = 0
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        self.struck += 1
        return (1.0 - self.tokens) / self.rate


REFUSED_TOKENS: Final = frozenset({"bad-token", "bad-code", "not-creator", "not-held"})
"""The refusals of a token or a code: each counts as a stranger's seat request."""


class Guard:
    """The per-address limits of one server: rooms created, seat requests, uploads, and
    websockets (opened in a minute, open at once). Each ``*_from(address)`` counts one
    and raises :class:`TooMany` (429, with the seconds to wait) when it is over.

    A stranger's requests (a seat taken, a code tried, a token refused) are counted apart
    from those of a room's own people (its creator seating bots, a rematch): a class of
    forty behind one address plays all morning, and a guesser of tokens is held to
    ``seats_per_minute`` guesses. ``clock``: the seconds it counts in (a test's own)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits, self.clock = limits, clock
        self.rooms = RateLimit(limits.rooms_per_hour, HOUR)
        self.rematches = RateLimit(limits.rematches_per_hour, HOUR)
        self.seats = RateLimit(limits.seats_per_minute, MINUTE)
        self.held = RateLimit(limits.held_per_minute, MINUTE)
        self.uploads = RateLimit(limits.uploads_per_hour, HOUR)
        self.connects = RateLimit(limits.connects_per_minute, MINUTE)
        self.open: collections.Counter[str] = collections.Counter()
        """The websockets open now, by address."""

    def room_from(self, address: str) -> None:
        """A new room is made from ``address``."""
        self._rooms(self.rooms, self.limits.rooms_per_hour, address)

    def rematch_from(self, address: str) -> None:
        """A rematch is asked for from ``address`` (with a token: see :meth:`holding`)."""
        self._rooms(self.rematches, self.limits.rematches_per_hour, address)

    def _rooms(self, limit: RateLimit, count: int, address: str) -> None:
        wait = limit.check(address, self.clock())
        if wait:
            minutes = math.ceil(wait / MINUTE)
            raise TooMany(
                Text(
                    "too many rooms made from one address: at most {count} an hour; "
                    "try again in {minutes} {minutes:minute|minutes}",
                    count=count,
                    minutes=minutes,
                ),
                "too-many-rooms",
                wait,
            )

    def seat_from(self, address: str) -> None:
        """A stranger's seat request from ``address``: a seat taken, a code tried."""
        self._seat_requests(self.seats.check(address, self.clock()), self.limits.seats_per_minute)

    @contextlib.contextmanager
    def holding(self, address: str) -> Iterator[None]:
        """A request that holds a room's token, from ``address``: counted apart from a
        stranger's; refused while the address is over its stranger's requests (a guesser),
        and a stranger's request itself once its token is refused (:data:`REFUSED_TOKENS`).
        """
        now = self.clock()
        self._seat_requests(self.seats.wait(address, now), self.limits.seats_per_minute)
        self._seat_requests(self.held.check(address, now), self.limits.held_per_minute)
        try:
            yield
        except RoomError as error:
            if error.code in REFUSED_TOKENS:
                self.seats.check(address, self.clock())
            raise

    def _seat_requests(self, wait: float, count: int) -> None:
        if wait:
            raise TooMany(
                Text(
                    "too many seat requests from one address: at most {count} a minute; "
                    "try again in {seconds} {seconds:second|seconds}",
                    count=count,
                    seconds=math.ceil(wait),
                ),
                "too-many-seat-requests",
                wait,
            )

    def upload_from(self, address: str) -> None:
        wait = self.uploads.check(address, self.clock())
        if wait:
            raise TooMany(
                Text(
                    "too many pictures at once: "
                    "at most {count} in {minutes} {minutes:minute|minutes}",
                    count=self.limits.uploads_per_hour,
                    minutes=int(HOUR // MINUTE),
                ),
                "too-many-uploads",
                wait,
            )

    def socket_from(self, address: str) -> None:
        """A websocket opens from ``address`` (closed: :meth:`socket_gone`), or TooMany."""
        if self.open[address] >= self.limits.connections_per_address:
            raise TooMany(
                Text(
                    "too many connections from one address: at most {count} at once",
                    count=self.limits.connections_per_address,
                ),
                "too-many-connections",
                MINUTE,
            )
        wait = self.connects.check(address, self.clock())
        if wait:
            raise TooMany(
                Text(
                    "too many connections opened from one address: at most {count} a "
                    "minute; try again in {seconds} {seconds:second|seconds}",
                    count=self.limits.connects_per_minute,
                    seconds=math.ceil(wait),
                ),
                "too-many-connections",
                wait,
            )
        self.open[address] += 1

    def socket_gone(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def too_fast(limits: Limits) -> Text:
    """Why a message over the connection's rate is refused (``too-fast``)."""
    return Text(
        "too many messages: at most {count} a second; wait a moment",
        count=round(limits.message_rate),
    )
