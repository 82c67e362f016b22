"""Every chain of a hand from a position, memoised: the search for small and sparse hands.

A position is (letter the chain goes on from, words used, Syncopes left); its
value is the best score of the rest of a chain from there. The memo is bounded:
each question may meet at most a budget of new positions (past it the question
is given up, :class:`~igroteka.games.klepka.graph.OverBudget`), and the memo is
emptied before a question when it holds more than :data:`MEMO_LIMIT` positions.
"""

from __future__ import annotations

from igroteka.games.klepka.graph import Graph, OverBudget, Step

__all__ = ["MEMO_LIMIT", "Exhaustive"]

MEMO_LIMIT = 200_000
"""The most positions the memo keeps between questions (about 40 MB at most)."""


class Exhaustive:
    """Every chain from a position, memoised on (letter, words used, Syncopes left).

    Positions are exact once met, so the memo is shared by every question asked.
    The letter ``graph.vertices`` stands for a free start (the first word of a
    chain).

    >>> graph = Graph([("apple", "e"), ("egg", "g"), ("goat", "t")], syncopes=0)
    >>> search = Exhaustive(graph)
    >>> search.value(graph.vertices, 0, 0)
    12
    >>> [graph.word[e] for e, _, _ in search.steps(graph.vertices, 0, 0)]
    [0, 1, 2]
    """

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.places = graph.vertices + 1
        self.kinds = graph.syncopes + 1
        self.starting: list[list[int]] = [[] for _ in range(self.places)]
        for e in range(graph.count):
            self.starting[graph.tail[e]].append(e)
        self.starting[graph.vertices] = list(range(graph.count))
        self.best: dict[int, tuple[int, int, int]] = {}
        """Per position: (score, first word or -1, letter it goes on from; -1 - letter: a jump)."""

    def value(self, c: int, mask: int, k: int, budget: int = -1) -> int | None:
        """The best score from a position, or None past ``budget`` new positions (-1: never)."""
        if len(self.best) > MEMO_LIMIT:
            self.best.clear()
        graph = self.graph
        head, weight, targets = graph.head, graph.weight, graph.targets
        scale = graph.scale
        places, kinds, starting, best = self.places, self.kinds, self.starting, self.best
        left = [budget]

        def value(c: int, mask: int, k: int) -> int:
            key = (mask * places + c) * kinds + k
            known = best.get(key)
            if known is not None:
                return known[0]
            left[0] -= 1
            if left[0] == -1:
                raise OverBudget
            top, step, to = 0, -1, 0
            for e in starting[c]:
                bit = 1 << e
                if mask & bit:
                    continue
                after = mask | bit
                score = weight[e] * scale + value(head[e], after, k)
                if score > top:
                    top, step, to = score, e, head[e]
                if k:
                    for x in targets[e]:
                        score = weight[e] * scale - 1 + value(x, after, k - 1)
                        if score > top:
                            top, step, to = score, e, -1 - x
            best[key] = (top, step, to)
            return top

        try:
            return value(c, mask, k)
        except OverBudget:
            return None

    def steps(self, c: int, mask: int, k: int) -> tuple[Step, ...]:
        """The best chain from a position just valued: (edge, letter after, Syncope) steps."""
        found: list[Step] = []
        while True:
            _, step, to = self.best[(mask * self.places + c) * self.kinds + k]
            if step < 0:
                return tuple(found)
            jump = to < 0
            c = -1 - to if jump else to
            found.append((step, c, int(jump)))
            mask |= 1 << step
            k -= jump

    def chain(self, budget: int = -1) -> list[Step] | None:
        """The best chain of the hand, or None past ``budget`` new positions (-1: never)."""
        start = self.graph.vertices  # the first word: any
        if self.value(start, 0, self.graph.syncopes, budget) is None:
            return None
        return list(self.steps(start, 0, self.graph.syncopes))
