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

__all__ = ["FAR", "Graph", "OverBudget", "Step"]

FAR = 1 << 60
"""Larger than any score: an infinite distance or bound."""

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
        self.work = 0
        """The work the searches of this hand have done: nodes settled by the flows and
        positions met by the exhaustive search. A budget of work bounds a search's time
        and memory, and does not depend on the machine."""
        self.scale = self.syncopes + 1
        self.bit = [1 << e for e in range(count)]
        self.loop = [self.tail[e] == self.head[e] for e in range(count)]
        self.out_mask = [0] * self.vertices
        """Per letter, the edges leaving it, as a bit set."""
        for e in range(count):
            self.out_mask[self.tail[e]] |= self.bit[e]
        self.loops_at: list[list[int]] = [[] for _ in range(self.vertices)]
        for e in range(count):
            if self.loop[e]:
                self.loops_at[self.tail[e]].append(e)
        self.plain_step = [1 << self.head[e] for e in range(count)]
        """Per edge, the letters it leads to without a Syncope (a bit set), and with one:"""
        self.jump_step = [
            self.plain_step[e] | sum(1 << x for x in self.targets[e]) for e in range(count)
        ]
        self._parallel()

    def _parallel(self) -> None:
        """Group the parallel edges (same first and last letter), heaviest first.

        ``groups[u]`` are the groups of edges leaving ``u``; ``classes[u]`` the
        edges with the same letters and the same targets (used with a Syncope the
        heaviest comes first); ``twin[e]`` numbers the edges that cannot be told
        apart (same letters, weight and targets).
        """
        tail, head, weight, targets = self.tail, self.head, self.weight, self.targets
        self.groups: list[list[list[int]]] = [[] for _ in range(self.vertices)]
        self.classes: list[list[list[int]]] = [[] for _ in range(self.vertices)]
        group_of: dict[tuple[int, int], list[int]] = {}
        class_of: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
        twins: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        self.twin = [
            twins.setdefault((tail[e], head[e], weight[e], targets[e]), len(twins))
            for e in range(self.count)
        ]
        for e in range(self.count):
            group = group_of.get((tail[e], head[e]))
            if group is None:
                group = group_of[(tail[e], head[e])] = []
                self.groups[tail[e]].append(group)
            group.append(e)
            if targets[e]:
                kind = class_of.get((tail[e], head[e], targets[e]))
                if kind is None:
                    kind = class_of[(tail[e], head[e], targets[e])] = []
                    self.classes[tail[e]].append(kind)
                kind.append(e)

    def links(self) -> float:
        """How many words can follow a word without a Syncope, on average."""
        starting = Counter(self.tail)
        return sum(starting[v] for v in self.head) / max(1, self.count)

    def score(self, steps: Sequence[Step]) -> int:
        """The score of a chain given as steps."""
        return sum(self.weight[e] * self.scale - jump for e, _, jump in steps)

    def reach(self, c: int, mask: int, k: int) -> int:
        """The unused edges a chain from letter ``c`` could still use (all of them if ``c`` < 0).

        With ``k`` Syncopes left a word leads to any of its letters, else to its last.
        """
        free = ~mask
        if c < 0:
            return ((1 << self.count) - 1) & free
        step = self.jump_step if k else self.plain_step
        out_mask = self.out_mask
        seen = 1 << c
        todo = seen
        edges = 0
        while todo:
            low = todo & -todo
            todo ^= low
            mine = out_mask[low.bit_length() - 1] & free
            if not mine:
                continue
            edges |= mine
            new = 0
            while mine:
                low = mine & -mine
                mine ^= low
                new |= step[low.bit_length() - 1]
            new &= ~seen
            seen |= new
            todo |= new
        return edges
