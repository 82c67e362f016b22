"""A hand of words as the chain solver sees it: a multigraph of letters whose edges are words.

A word is an edge from its first letter to its last (weight: its letters); a
word followed by a Syncope is an edge from its first letter to another of its
letters (its *targets*). The score of a chain is ``letters * (k + 1) - Syncopes``
(``k`` the Syncopes held), so that a longer chain always wins and fewer
Syncopes break ties::

    >>> graph = Graph([("cat", "t"), ("tiger", "r")], syncopes=1)
    >>> graph.count, graph.scale, graph.weight
    (2, 2, [5, 3])

Edges are numbered heaviest first (ties in hand order): edge ``e`` is the
word ``graph.word[e]`` of the hand.

Nothing here knows the chain rules: the caller gives each word's letters and
the letter a chain goes on from (see :mod:`igroteka.games.klepka.chain`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = ["Graph", "OverBudget", "Step"]

Step = tuple[int, int, int]
"""One word of a chain as the solver sees it: (edge, letter the chain goes on from, Syncope)."""


class OverBudget(Exception):
    """A search met more positions than it may (its memo would grow past its bound)."""


class Graph:
    """The letters, the words as edges, and the tables every search of a hand shares.

    ``hand`` holds, per word, its normalised letters and the letter the next
    word must start with (without a Syncope). ``syncopes`` is capped at
    ``words - 1``: no chain uses more.
    """

    def __init__(self, hand: Sequence[tuple[str, str]], syncopes: int) -> None:
        count = self.count = len(hand)
        self.word = sorted(range(count), key=lambda i: (-len(hand[i][0]), i))
        alphabet = sorted({char for found, _ in hand for char in found})
        vertex = {char: index for index, char in enumerate(alphabet)}
        self.vertices = len(alphabet)
        self.tail = [vertex[hand[i][0][0]] for i in self.word]
        self.head = [vertex[hand[i][1]] for i in self.word]
        self.weight = [len(hand[i][0]) for i in self.word]
        self.targets = [
            tuple(sorted({vertex[char] for char in hand[i][0]} - {self.head[e]}))
            for e, i in enumerate(self.word)
        ]
        """Where a Syncope after the word may lead: its other letters."""
        self.syncopes = min(syncopes, max(count - 1, 0))
        self.scale = self.syncopes + 1
        self.jump_step = [
            (1 << self.head[e]) | sum(1 << x for x in self.targets[e]) for e in range(count)
        ]
        """Per edge, the letters the next word may start with after it and a Syncope (bits)."""

    def links(self) -> float:
        """How many words can follow a word without a Syncope, on average."""
        starting = Counter(self.tail)
        return sum(starting[v] for v in self.head) / max(1, self.count)

    def score(self, steps: Sequence[Step]) -> int:
        """The score of a chain given as steps."""
        return sum(self.weight[e] * self.scale - jump for e, _, jump in steps)
