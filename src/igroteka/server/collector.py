"""The cyclic garbage collector of a server process, set for a server's life.

Python's collector runs a young collection every 700 allocations that are not yet
freed, and a full one (every object in the process) now and then. A server with
200 rooms holds about half a million objects (the rooms' states, logs and move
logs, each connection's tasks), and most of what an update allocates dies at once
(the views, the messages) or within seconds (a turn's futures and timers). At the
default, those seconds-old objects reach the oldest generation and bring on full
collections: every few seconds a pause of 100 to 180 ms in which no room is told
anything, the slowest 1% of updates (bench/server.py, 200 rooms of its default game: p99
84 ms, of which these pauses are most).

:func:`tune` sets the youngest generation's threshold to :data:`YOUNG`: a young
collection every ~1.5 s at that load, after which little survives, and a full
collection rarely. Measured beside the default in the same run: p99 15 ms instead
of 84, the collector's time 0.13 s instead of 0.51 s in 32 s, a young collection's
pause about 4 ms. Garbage in cycles waits a little longer to be freed: at most
:data:`YOUNG` objects.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG", "tune"]

YOUNG = 20_000
"""The allocations (net of those freed) between two young collections (Python's: 700)."""


def tune() -> None:
    """Set this process's collector for a server (the older generations as Python's).

    >>> before = gc.get_threshold()
    >>> tune()
    >>> gc.get_threshold()[0] == YOUNG
    True
    >>> gc.set_threshold(*before)
    """
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
