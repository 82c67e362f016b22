"""The exact longest chain of a hand: which search answers, within what bound.

:func:`solve` is what :func:`igroteka.games.klepka.chain.best_chain` calls. In
order, the first that answers wins (each is exact when it answers):

1. a small hand (up to :data:`SMALL` words) is searched exhaustively
   (:mod:`igroteka.games.klepka.exhaustive`; its memo holds at most
   2**SMALL positions per letter and Syncopes left);
2. a hand whose Syncopes can join every word is decided by counting trails
   (:mod:`igroteka.games.klepka.cover`), within a budget of tries;
3. a sparse hand (few words follow a word) is searched exhaustively within a
   budget of :data:`BUDGET` positions;
4. every other hand is solved by the linear program, cut until its solution is
   one chain, and by the integer program when it is fractional
   (:mod:`igroteka.games.klepka.program`, HiGHS).

See docs/chain-solver.md for the measures that chose this order.
"""

from __future__ import annotations

from collections.abc import Sequence

from igroteka.games.klepka import cover, program
from igroteka.games.klepka.exhaustive import Exhaustive
from igroteka.games.klepka.graph import Graph, Step

__all__ = ["SMALL", "solve", "steps"]

SMALL = 10  # hands of up to this many words are searched exhaustively
SPARSE = 24  # and bigger ones up to this size, or any size without Syncopes when
SPARSE_LINKS = 3  # at most this many words follow a word on average, until
BUDGET = 4_000  # the search has met this many positions; then the program


def solve(hand: Sequence[tuple[str, str]], syncopes: int) -> list[tuple[int, bool]]:
    """The best chain as (index in ``hand``, followed by a Syncope) pairs.

    ``hand`` holds each word's letters and the letter the next word must start
    with (without a Syncope). Among equally long chains, the one with fewer
    Syncopes; no Syncope after the last word.

    >>> solve([("apple", "e"), ("tiger", "r"), ("rat", "t")], 1)
    [(1, False), (2, True), (0, False)]
    """
    graph = Graph(hand, syncopes)
    return [(graph.word[e], bool(jump)) for e, _, jump in steps(graph)]


def steps(graph: Graph) -> list[Step]:
    """The best chain of a graph as steps, by the first search that answers."""
    if graph.count == 0:
        return []
    every = Exhaustive(graph)
    if graph.count <= SMALL:
        found = every.chain()
        assert found is not None
        return found
    whole = cover.every_word(graph)
    if whole is not None:
        return whole
    if graph.count <= SPARSE or (graph.syncopes == 0 and graph.links() <= SPARSE_LINKS):
        found = every.chain(BUDGET)  # fast when few words chain on (a hand of nouns)
        if found is not None:
            return found
    return program.chain(graph)
