"""What a game computes once per state, however many seats ask.

A game's state is an immutable value, and the server asks for the view of every
seat after every action: the parts of a view that every seat sees alike (the
board, the scores, the history of turns) are the same for each of them. A
function wrapped in :func:`per_state` computes them once for a state and hands
the same answer to the next seats, while the state is among the last few asked
about. The answer is shared, so it is never to be changed by whoever gets it.

>>> calls = []
>>> @per_state
... def total(state: tuple[int, ...]) -> int:
...     calls.append(state)
...     return sum(state)
>>> state = (1, 2, 3)
>>> total(state), total(state), len(calls)
(6, 6, 1)
>>> total((1, 2, 3)), len(calls)  # an equal state, not the same one: computed again
(6, 2)
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

__all__ = ["KEPT", "per_state"]

KEPT = 64
"""How many states a :func:`per_state` function remembers (the most recently asked)."""

_S = TypeVar("_S")
_T = TypeVar("_T")


def per_state(function: Callable[[_S], _T]) -> Callable[[_S], _T]:
    """``function`` of a state, computed once per state object (by identity, not equality:
    comparing two states costs more than the function saves) among the last :data:`KEPT`.

    The state itself is kept beside its answer, so its identity cannot be reused by another
    object while the answer is remembered.
    """
    kept: OrderedDict[int, tuple[_S, _T]] = OrderedDict()
    lock = threading.Lock()  # the server's threads and its bots may ask at once

    @functools.wraps(function)
    def once(state: _S) -> _T:
        key = id(state)
        with lock:
            found = kept.get(key)
            if found is not None and found[0] is state:
                kept.move_to_end(key)
                return found[1]
        answer = function(state)
        with lock:
            kept[key] = (state, answer)
            kept.move_to_end(key)
            while len(kept) > KEPT:
                kept.popitem(last=False)
        return answer

    return once
