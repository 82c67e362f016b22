"""The exact longest chain of a hand: which search answers, within what bound.

:func:`solve` is what :func:`igroteka.games.klepka.chain.best_chain` calls. In
order, the first that answers wins (each is exact when it answers):

1. a small hand (up to :data:`SMALL` words) is searched exhaustively;
2. a hand whose Syncopes can join every word decides it cheaply
   (:mod:`igroteka.games.klepka.cover`);
3. a sparse hand is searched exhaustively within a budget of positions;
4. with :data:`MANY` Syncopes or more, the integer program
   (:mod:`igroteka.games.klepka.program`, HiGHS): there the branch and bound
   meets too many nodes;
5. the branch and bound (:mod:`igroteka.games.klepka.bound`) within a budget
   of work (:data:`WORK`);
6. past that budget, the integer program, starting from the branch and
   bound's best chain.

Every search's memory is bounded by its budget. See docs/chain-solver.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from igroteka.games.klepka import cover, program
from igroteka.games.klepka.bound import BranchAndBound
from igroteka.games.klepka.exhaustive import Exhaustive
from igroteka.games.klepka.graph import Graph, OverBudget, Step

__all__ = ["SMALL", "solve"]

SMALL = 10  # hands of up to this many words are searched exhaustively
SPARSE = 24  # and bigger ones up to this size, or any size without Syncopes when
SPARSE_LINKS = 3  # at most this many words follow a word on average, until
BUDGET = 4_000  # the search has met this many positions; then branch and bound
MANY = 4  # with this many Syncopes the integer program answers (after the cheap searches)
WORK = 8_000  # the branch and bound's budget of work (Graph.work) before the program answers


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
    if graph.syncopes >= MANY:
        return program.chain(graph)
    search = BranchAndBound(graph, every, WORK)
    try:
        return search.chain()
    except OverBudget:
        return program.chain(graph, list(search.incumbent_steps))
