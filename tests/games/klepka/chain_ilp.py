"""The longest chain as an integer program (HiGHS), to check the solver against.

A chain is a trail in the multigraph of letters whose edges are words; a word
followed by a Syncope is an edge from its first letter to another of its
letters. The program chooses, for each word, at most one of its edges (plain,
or one jump per other letter), at most ``syncopes`` jumps, a start letter and
an end letter, with every letter entered as often as it is left (the start
left once more, the end entered once more). That much allows cycles apart from
the trail; each time the solution falls apart into pieces, cuts are added
(a piece can only be used if the trail starts in it or an edge crosses into or
out of it) and the program is solved again, until the solution is one trail.

The score is ``letters * (syncopes + 1) - jumps``, as the solver's: a longer
chain wins, then fewer Syncopes. Nothing here is shared with the solver but the
letter rules (:func:`letters`, :func:`first_letter`, :func:`last_letter`).
"""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np

from igroteka.games.klepka.chain import ChainRules, first_letter, last_letter, letters

DEFAULT_RULES = ChainRules()


def longest_chain(
    words: Sequence[str], syncopes: int, rules: ChainRules = DEFAULT_RULES
) -> tuple[int, int]:
    """The longest chain of a hand: (its length in letters, the Syncopes it uses)."""
    if not words:
        return 0, 0
    scale = syncopes + 1
    found = [letters(word) for word in words]
    ends = [(first_letter(word), last_letter(word, rules)) for word in words]
    alphabet = sorted({char for word in found for char in word})
    vertex = {char: index for index, char in enumerate(alphabet)}
    # Arcs: (word, from letter, to letter, jump).
    arcs: list[tuple[int, int, int, int]] = []
    for i, (first, last) in enumerate(ends):
        arcs.append((i, vertex[first], vertex[last], 0))
        if syncopes:
            for char in sorted(set(found[i]) - {last}):
                arcs.append((i, vertex[first], vertex[char], 1))
    n_arcs, n_letters = len(arcs), len(alphabet)
    start, end = n_arcs, n_arcs + n_letters  # the columns of s_v and e_v
    columns = n_arcs + 2 * n_letters

    model = highspy.Highs()
    model.setOptionValue("output_flag", False)
    model.setOptionValue("mip_rel_gap", 0.0)
    cost = np.zeros(columns)
    for a, (i, _, _, jump) in enumerate(arcs):
        cost[a] = -(len(found[i]) * scale - jump)  # HiGHS minimises
    model.addVars(columns, np.zeros(columns), np.ones(columns))
    everything = np.arange(columns, dtype=np.int32)
    model.changeColsCost(columns, everything, cost)
    model.changeColsIntegrality(columns, everything, np.ones(columns, dtype=np.uint8))

    def row(coefficients: dict[int, float], low: float, high: float) -> None:
        index = np.array(list(coefficients), dtype=np.int32)
        value = np.array(list(coefficients.values()), dtype=np.float64)
        model.addRow(low, high, len(index), index, value)

    for i in range(len(words)):  # a word is used once at most
        row({a: 1 for a, arc in enumerate(arcs) if arc[0] == i}, 0, 1)
    if syncopes:
        row({a: 1 for a, arc in enumerate(arcs) if arc[3]}, 0, syncopes)
    starts = {start + v: 1.0 for v in range(n_letters)}
    row(starts, 0, 1)  # one start at most, and as many ends
    row({**starts, **{end + v: -1.0 for v in range(n_letters)}}, 0, 0)
    for v in range(n_letters):  # entered as often as left
        balance: dict[int, float] = {start + v: 1, end + v: -1}
        for a, (_, tail, head, _) in enumerate(arcs):
            if head == v:
                balance[a] = balance.get(a, 0) + 1
            if tail == v:
                balance[a] = balance.get(a, 0) - 1
        row(balance, 0, 0)

    while True:
        model.run()
        chosen = model.getSolution().col_value
        used = [a for a in range(n_arcs) if chosen[a] > 0.5]
        pieces = _pieces(n_letters, [(arcs[a][1], arcs[a][2]) for a in used])
        if len(pieces) <= 1:
            return sum(len(found[arcs[a][0]]) for a in used), sum(arcs[a][3] for a in used)
        for piece in pieces:
            crossing = [a for a, arc in enumerate(arcs) if (arc[1] in piece) != (arc[2] in piece)]
            for g, arc in enumerate(arcs):
                if arc[1] in piece and arc[2] in piece:
                    cut: dict[int, float] = {a: 1 for a in crossing}
                    for v in piece:
                        cut[start + v] = 1
                    cut[g] = cut.get(g, 0) - 1
                    row(cut, 0, highspy.kHighsInf)


def _pieces(vertices: int, edges: Sequence[tuple[int, int]]) -> list[set[int]]:
    """The letters of each connected piece of the used edges (direction ignored)."""
    parent = list(range(vertices))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v in edges:
        parent[root(u)] = root(v)
    pieces: dict[int, set[int]] = {}
    for u, v in edges:
        pieces.setdefault(root(u), set()).update((u, v))
    return list(pieces.values())
