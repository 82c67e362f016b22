"""A small seeded random number generator that lives inside the game state.

The generator is an immutable value: every draw returns the value *and* the
next generator, so a state that holds an :class:`Rng` stays a pure value and
the same seed always gives the same game.

>>> rng = Rng.from_seed(42)
>>> value, rng = rng.below(6)
>>> 0 <= value < 6
True
>>> items, rng = rng.shuffled(["a", "b", "c"])
>>> sorted(items)
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """The SplitMix64 finaliser: a bijective scramble of 64 bits."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """SplitMix64 as a value: ``state`` advances by a constant at every draw."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a seed (any integer; only its low 64 bits matter)."""
        return cls(_mix(seed & _MASK))

    def bits64(self) -> tuple[int, Rng]:
        """64 random bits and the next generator."""
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (without modulo bias) and the next generator."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.bits64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item chosen uniformly and the next generator."""
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[list[T], Rng]:
        """A uniformly shuffled copy (Fisher–Yates) and the next generator."""
        return self.sample(items, len(items))

    def sample(self, items: Sequence[T], k: int) -> tuple[list[T], Rng]:
        """``k`` distinct items in random order (a partial Fisher–Yates) and the next generator.

        >>> picked, _ = Rng.from_seed(1).sample(range(100), 3)
        >>> len(set(picked))
        3
        """
        result = list(items)
        n = len(result)
        if not 0 <= k <= n:
            raise ValueError("sample() needs 0 <= k <= len(items)")
        state = self.state
        for i in range(min(k, n - 1)):
            bound = n - i
            limit = (1 << 64) - ((1 << 64) % bound)
            while True:  # an unbiased draw below `bound`, as in below()
                state = (state + _GAMMA) & _MASK
                value = _mix(state)
                if value < limit:
                    break
            j = i + value % bound
            result[i], result[j] = result[j], result[i]
        return result[:k], Rng(state)
