"""The longest chain as an integer program, solved by HiGHS: the solver of the big hands.

:mod:`igroteka.games.klepka.solver` hands it every hand that the project's own
searches do not settle at once (hands over 10 words that are not sparse and
whose Syncopes cannot join every word).

The model. A column per way to use a word: the plain arc from its first letter
to its last, and with Syncopes one arc per other letter of the word (a jump,
which scores one less); a start column and an end column per letter. Each word
is used once at most, at most k jumps, one start and one end, and every letter
is entered as often as it is left (the start left once more, the end entered
once more). A word that starts and ends with the same letter is used only if
the chain comes to that letter another way. That much allows cycles apart from
the chain: each time the solution falls apart, every piece without the start
gets a cut (its words are used only if an arc enters it) and the model is
solved again, until the solution is one chain.

Most hands are settled by the linear program alone (the model relaxed), whose
solution is integral more often than not; only when it is not does HiGHS
branch (see :func:`_relaxed`).

This model is written apart from the test's (tests/games/klepka/chain_ilp.py),
which states the same problem in its own words and checks the solver; the two
share HiGHS and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np
from highspy._core import _Highs

from igroteka.games.klepka.graph import Graph, Step

__all__ = ["chain"]

LP_ROUNDS = 10
"""How many times the linear program is cut and solved again before the integer program."""

_EPS = 1e-6

Arc = tuple[int, int, int, int]
"""A column of the model that uses a word: (edge, from letter, to letter, jump)."""


class _Model:
    """The integer program of one hand, with its rows added as they are found."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        arcs: list[Arc] = []
        starting = [0] * graph.vertices
        for e in range(graph.count):
            starting[graph.tail[e]] += 1
        for e in range(graph.count):
            arcs.append((e, graph.tail[e], graph.head[e], 0))
            if graph.syncopes:
                # A jump only pays if another word goes on from there.
                arcs.extend(
                    (e, graph.tail[e], x, 1)
                    for x in graph.targets[e]
                    if starting[x] > (x == graph.tail[e])
                )
        self.arcs = arcs
        letters = graph.vertices
        self.start = len(arcs)  # the column of letter v's start is start + v
        self.end = self.start + letters
        columns = self.end + letters
        # The solver itself, not highspy's wrapper class: the wrapper's set-up of its callbacks
        # prints HiGHS's banner on the process's stdout (once), which would break the chain
        # tool's --json output and end up in the server's log. Nothing here needs callbacks.
        self.highs = _Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("mip_rel_gap", 0.0)
        # The model is small and tight already: HiGHS's presolve costs more than it saves
        # (measured on the benchmark's hands: about half the time without it).
        self.highs.setOptionValue("presolve", "off")
        cost = np.zeros(columns)
        for a, (e, _, _, jump) in enumerate(arcs):
            cost[a] = jump - graph.weight[e] * graph.scale  # HiGHS minimises
        self.highs.addVars(columns, np.zeros(columns), np.ones(columns))
        everything = np.arange(columns, dtype=np.int32)
        self.highs.changeColsCost(columns, everything, cost)
        self.highs.changeColsIntegrality(columns, everything, np.ones(columns, dtype=np.uint8))
        self.columns = columns
        self.rows: list[tuple[dict[int, float], float, float]] = []
        self._rows()
        self.flush()

    def _rows(self) -> None:
        """Once a word, at most k jumps, one start and end, balance, loops only on the way."""
        graph, arcs, letters = self.graph, self.arcs, self.graph.vertices
        by_word: list[dict[int, float]] = [{} for _ in range(graph.count)]
        balance: list[dict[int, float]] = [
            {self.start + v: 1.0, self.end + v: -1.0} for v in range(letters)
        ]
        into: list[dict[int, float]] = [{self.start + v: 1.0} for v in range(letters)]
        jumps: dict[int, float] = {}
        for a, (e, u, v, jump) in enumerate(arcs):
            by_word[e][a] = 1.0
            balance[u][a] = balance[u].get(a, 0.0) - 1.0
            balance[v][a] = balance[v].get(a, 0.0) + 1.0
            if u != v:
                into[v][a] = 1.0
            if jump:
                jumps[a] = 1.0
        for row in balance:
            for a in [a for a, value in row.items() if not value]:
                del row[a]  # a loop's own letter: left and entered
        self.rows.extend((row, 0.0, 1.0) for row in by_word)
        if jumps:
            self.rows.append((jumps, 0.0, float(graph.syncopes)))
        self.rows.append(({self.start + v: 1.0 for v in range(letters)}, 1.0, 1.0))
        self.rows.append(({self.end + v: 1.0 for v in range(letters)}, 1.0, 1.0))
        self.rows.extend((row, 0.0, 0.0) for row in balance)
        for a, (_, u, v, _) in enumerate(arcs):
            if u == v:  # a loop: the chain must come to its letter
                self.rows.append(({**into[u], a: -1.0}, 0.0, highspy.kHighsInf))

    def flush(self) -> None:
        """Add the rows found since the last call to the model."""
        if not self.rows:
            return
        starts: list[int] = []
        indices: list[int] = []
        values: list[float] = []
        lower: list[float] = []
        upper: list[float] = []
        for row, low, high in self.rows:
            starts.append(len(indices))
            indices.extend(row)
            values.extend(row.values())
            lower.append(low)
            upper.append(high)
        self.highs.addRows(
            len(self.rows),
            np.array(lower),
            np.array(upper),
            len(indices),
            np.array(starts, dtype=np.int32),
            np.array(indices, dtype=np.int32),
            np.array(values),
        )
        self.rows.clear()

    def solve(self) -> list[int]:
        """The arcs of the integer program's best solution (pieces and all)."""
        if self.highs.run() == highspy.HighsStatus.kError:
            raise RuntimeError("HiGHS could not solve the chain's integer program")
        status = self.highs.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise RuntimeError(f"HiGHS ended the chain's integer program with {status}")
        chosen = self.highs.getSolution().col_value
        return [a for a in range(self.start) if chosen[a] > 0.5]

    def integral(self, integral: bool) -> None:
        """Make every column integral, or relax the model to its linear program."""
        kind = np.ones if integral else np.zeros
        everything = np.arange(self.columns, dtype=np.int32)
        self.highs.changeColsIntegrality(
            self.columns, everything, kind(self.columns, dtype=np.uint8)
        )

    def relaxation(self) -> np.ndarray | None:
        """The solution of the linear program (the model relaxed), or None if it has none."""
        self.integral(False)
        try:
            self.highs.run()
            if self.highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                return None
            return np.array(self.highs.getSolution().col_value)
        finally:
            self.integral(True)

    def begin(self, used: Sequence[int]) -> int:
        """The start letter of the current solution."""
        chosen = self.highs.getSolution().col_value
        return max(range(self.graph.vertices), key=lambda v: chosen[self.start + v])

    def cut(self, piece: set[int]) -> None:
        """The words inside a piece without the start are used only if an arc enters it."""
        entering = {self.start + v: 1.0 for v in piece}
        inside: dict[int, dict[int, float]] = {}
        for a, (e, u, v, _) in enumerate(self.arcs):
            if v in piece:
                if u in piece:
                    inside.setdefault(e, {})[a] = -1.0
                else:
                    entering[a] = 1.0
        self.rows.extend(({**entering, **row}, 0.0, highspy.kHighsInf) for row in inside.values())


def _pieces(arcs: Sequence[Arc]) -> list[set[int]]:
    """The letters of each connected piece of some arcs (direction ignored)."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for _, u, v, _ in arcs:
        parent[root(u)] = root(v)
    pieces: dict[int, set[int]] = {}
    for _, u, v, _ in arcs:
        pieces.setdefault(root(u), set()).update((u, v))
    return list(pieces.values())


def _trail(arcs: Sequence[Arc], start: int) -> list[Step]:
    """The arcs of a connected solution as one chain from ``start`` (Hierholzer)."""
    leaving: dict[int, list[Arc]] = {}
    for arc in sorted(arcs, reverse=True):
        leaving.setdefault(arc[1], []).append(arc)
    stack: list[Arc] = [(-1, -1, start, 0)]
    trail: list[Step] = []
    while stack:
        left = leaving.get(stack[-1][2])
        if left:
            stack.append(left.pop())
        else:
            e, _, v, jump = stack.pop()
            if e >= 0:
                trail.append((e, v, jump))
    trail.reverse()
    return trail


def _relaxed(model: _Model) -> list[Step] | None:
    """The best chain from the linear program alone, if its solution is one.

    Most hands' linear program has an integral solution (the model is a flow
    but for the budget of Syncopes), found in a fraction of the integer
    program's time. While its solution falls into pieces, each piece with no
    start in it is cut off, and the program solved again; when the solution is
    one chain it is the best one (nothing relaxed scores more). A fractional
    solution whose pieces all hold some start is left to the integer program,
    with the cuts found so far.
    """
    letters = model.graph.vertices
    for _ in range(LP_ROUNDS):
        value = model.relaxation()
        if value is None:
            return None
        used = [a for a in range(model.start) if value[a] > _EPS]
        arcs = [model.arcs[a] for a in used]
        starts = {v for v in range(letters) if value[model.start + v] > _EPS}
        pieces = _pieces(arcs)
        if len(starts) == 1 and np.all(np.abs(value - np.round(value)) < _EPS):
            (start,) = starts
            if len(pieces) == 1 and start in pieces[0]:
                return _trail(arcs, start)
        loose = [piece for piece in pieces if not piece & starts]
        if not loose:
            return None
        for piece in loose:
            model.cut(piece)  # nothing enters it and nothing starts there: violated
        model.flush()
    return None


def chain(graph: Graph) -> list[Step]:
    """The best chain of a hand by the linear program, and the integer program if need be.

    >>> graph = Graph([("tiger", "r"), ("rat", "t"), ("apple", "e")], syncopes=1)
    >>> [(graph.word[e], jump) for e, _, jump in chain(graph)]
    [(0, 0), (1, 1), (2, 0)]
    """
    if graph.count == 0:
        return []
    model = _Model(graph)
    found = _relaxed(model)
    if found is not None:
        return found
    while True:
        used = model.solve()
        arcs = [model.arcs[a] for a in used]
        start = model.begin(used)
        pieces = _pieces(arcs)
        if len(pieces) == 1 and start in pieces[0]:
            return _trail(arcs, start)
        for piece in pieces:
            if start not in piece:
                model.cut(piece)
        model.flush()
