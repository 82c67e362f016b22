"""Hands where every word fits: a chain of all the words with the fewest Syncopes, cheaply.

Without Syncopes the words of a hand fall into trails (each word starting with
the last letter of the one before); the fewest trails that hold every word,
``T``, is known at once: in each connected piece of the graph of letters, the
number of times a letter is left more often than entered, summed (or 1 if
there is none). A chain of all the words is ``T`` trails joined by ``T - 1``
Syncopes at least, so with ``k >= T - 1`` Syncopes no chain scores more than
all the words with ``T - 1`` Syncopes (a chain without some word is at least
one letter shorter, and a letter is worth more than all the Syncopes).

:func:`every_word` builds ``T`` such trails (an Euler circuit of each piece,
with a hidden letter joined to where the piece is unbalanced, cut at the hidden
letter) and looks, within a budget, for an order in which each trail starts
with a letter of the last word of the one before; failing that, for a chain of
every word with ``T - 1`` Syncopes word by word (other trails may be needed).
When it finds one that chain is the best chain; when not, the hand is left to
the other searches.
"""

from __future__ import annotations

from igroteka.games.klepka.graph import Graph, OverBudget, Step

__all__ = ["BUDGET", "every_word", "trails_needed"]

BUDGET = 2_000
"""How many orders of trails :func:`every_word` may try."""


def _pieces(graph: Graph) -> list[list[int]]:
    """The edges of each connected piece of the graph of letters (direction ignored)."""
    parent = list(range(graph.vertices))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in range(graph.count):
        parent[root(graph.tail[e])] = root(graph.head[e])
    pieces: dict[int, list[int]] = {}
    for e in range(graph.count):
        pieces.setdefault(root(graph.tail[e]), []).append(e)
    return list(pieces.values())


def _surplus(graph: Graph, edges: list[int]) -> dict[int, int]:
    """Per letter of a piece: how many more times it is left than entered."""
    surplus: dict[int, int] = {}
    for e in edges:
        surplus[graph.tail[e]] = surplus.get(graph.tail[e], 0) + 1
        surplus[graph.head[e]] = surplus.get(graph.head[e], 0) - 1
    return surplus


def trails_needed(graph: Graph) -> int:
    """The fewest trails without Syncopes that hold every word of the hand.

    >>> trails_needed(Graph([("apple", "e"), ("egg", "g"), ("tiger", "r")], 0))
    2
    """
    total = 0
    for edges in _pieces(graph):
        total += max(1, sum(s for s in _surplus(graph, edges).values() if s > 0))
    return total


def _trails(graph: Graph, edges: list[int]) -> list[list[int]]:
    """The fewest trails that hold the edges of a piece: an Euler circuit through a hidden letter.

    The hidden letter is entered from every letter left more often than
    entered, and leads to every letter entered more often (to the first word's
    letter in a balanced piece); the circuit is cut where it passes it.
    """
    hidden = graph.vertices
    leaving: dict[int, list[tuple[int, int]]] = {}  # letter: (edge or -1, letter it leads to)
    for e in sorted(edges, reverse=True):
        leaving.setdefault(graph.tail[e], []).append((e, graph.head[e]))
    surplus = _surplus(graph, edges)
    if not any(s > 0 for s in surplus.values()):
        first = graph.tail[min(edges)]
        leaving.setdefault(hidden, []).append((-1, first))
        leaving.setdefault(first, []).append((-1, hidden))
    else:
        for v, s in sorted(surplus.items()):
            for _ in range(abs(s)):
                if s > 0:
                    leaving.setdefault(hidden, []).append((-1, v))
                else:
                    leaving.setdefault(v, []).append((-1, hidden))
    stack: list[tuple[int, int]] = [(-1, hidden)]
    circuit: list[int] = []
    while stack:
        left = leaving.get(stack[-1][1])
        if left:
            stack.append(left.pop())
        else:
            circuit.append(stack.pop()[0])
    circuit.reverse()
    trails: list[list[int]] = [[]]
    for e in circuit:
        if e < 0:
            if trails[-1]:
                trails.append([])
        else:
            trails[-1].append(e)
    return [trail for trail in trails if trail]


class _Order:
    """An order of trails where each starts with a letter of the last word before it."""

    def __init__(self, graph: Graph, trails: list[list[int]], budget: int) -> None:
        self.graph = graph
        self.left = budget
        # A closed trail (a circuit) may start at any of its words.
        self.ways: list[list[list[int]]] = []
        for trail in trails:
            closed = graph.tail[trail[0]] == graph.head[trail[-1]]
            turns = range(len(trail)) if closed else range(1)
            self.ways.append([trail[i:] + trail[:i] for i in turns])
        firsts = [{graph.tail[way[0]] for way in ways} for ways in self.ways]
        lasts = [0] * len(trails)
        for t, ways in enumerate(self.ways):
            for way in ways:
                lasts[t] |= graph.jump_step[way[-1]]
        # Hardest to enter first: from how many other trails this one can follow.
        self.ease = [
            sum(1 for s in range(len(trails)) if s != t and any(lasts[s] >> v & 1 for v in mine))
            for t, mine in enumerate(firsts)
        ]
        self.used = [False] * len(trails)
        self.path: list[list[int]] = []

    def find(self) -> list[list[int]] | None:
        """The trails in such an order, or None if none was found within the budget."""
        try:
            if self.extend(-1):
                return self.path
        except OverBudget:
            pass
        return None

    def extend(self, last: int) -> bool:
        if len(self.path) == len(self.ways):
            return True
        self.left -= 1
        if self.left < 0:
            raise OverBudget
        graph = self.graph
        reach = graph.jump_step[last] if last >= 0 else -1
        options = [
            (self.ease[t], -graph.jump_step[way[-1]].bit_count(), t, way)
            for t in range(len(self.ways))
            if not self.used[t]
            for way in self.ways[t]
            if reach >> graph.tail[way[0]] & 1
        ]
        options.sort()
        for _, _, t, way in options:
            self.used[t] = True
            self.path.append(way)
            if self.extend(way[-1]):
                return True
            self.path.pop()
            self.used[t] = False
        return False


class _Words:
    """A chain of every word with at most ``jumps`` Syncopes, word by word, within a budget.

    From each word: first the words that go on without a Syncope, then the
    others (while Syncopes are left); among them, the hardest to enter first
    (whose first letter is in the fewest words left).
    """

    def __init__(self, graph: Graph, jumps: int, budget: int) -> None:
        self.graph = graph
        self.jumps = jumps
        self.left = budget
        self.entries = [0] * graph.vertices  # per letter: words left that hold it
        for e in range(graph.count):
            for x in {graph.head[e], *graph.targets[e], graph.tail[e]}:
                self.entries[x] += 1
        self.used = [False] * graph.count
        self.path: list[Step] = []

    def find(self) -> list[Step] | None:
        try:
            if self.extend(-1, self.jumps):
                return self.path
        except OverBudget:
            pass
        return None

    def extend(self, last: int, jumps: int) -> bool:
        graph = self.graph
        if len(self.path) == graph.count:
            return True
        self.left -= 1
        if self.left < 0:
            raise OverBudget
        options: list[tuple[int, int, int]] = []  # (Syncope, ease, word)
        for e in range(graph.count):
            if self.used[e]:
                continue
            start = graph.tail[e]
            if last < 0 or start == graph.head[last]:
                options.append((0, self.entries[start], e))
            elif jumps and graph.jump_step[last] >> start & 1:
                options.append((1, self.entries[start], e))
        options.sort()
        for jump, _, e in options:
            if last >= 0:
                self.path[-1] = (last, graph.tail[e], jump)
            self.take(e, 1)
            self.path.append((e, graph.head[e], 0))
            if self.extend(e, jumps - jump):
                return True
            self.path.pop()
            self.take(e, -1)
        if last >= 0:
            self.path[-1] = (last, graph.head[last], 0)
        return False

    def take(self, e: int, sign: int) -> None:
        """Mark a word used (sign 1) or unused again (-1)."""
        graph = self.graph
        self.used[e] = sign > 0
        for x in {graph.head[e], *graph.targets[e], graph.tail[e]}:
            self.entries[x] -= sign


def every_word(graph: Graph, budget: int = BUDGET) -> list[Step] | None:
    """The best chain when it holds every word with the fewest Syncopes; None if not found.

    >>> graph = Graph([("tiger", "r"), ("rat", "t"), ("apple", "e")], syncopes=2)
    >>> [(graph.word[e], jump) for e, _, jump in every_word(graph)]
    [(0, 0), (1, 1), (2, 0)]
    """
    if graph.count == 0:
        return None
    needed = trails_needed(graph)
    if needed - 1 > graph.syncopes:
        return None
    trails = [trail for edges in _pieces(graph) for trail in _trails(graph, edges)]
    order = _Order(graph, trails, budget).find()
    if order is None:
        return _Words(graph, needed - 1, budget).find()
    steps: list[Step] = []
    for index, trail in enumerate(order):
        steps.extend((e, graph.head[e], 0) for e in trail)
        if index + 1 < len(order):
            e, after = trail[-1], graph.tail[order[index + 1][0]]
            steps[-1] = (e, after, int(after != graph.head[e]))
    return steps
