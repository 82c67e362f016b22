"""The branch and bound over chains, word by word, bounded by the flow relaxation.

A node is (letter, words used, words kept for a Syncope, Syncopes left). Its
bound comes from the flow relaxation (:mod:`igroteka.games.klepka.flow`) with
Syncopes priced in the Lagrangian way; the flow's potentials ``p`` also bound
every child cheaply: a chain scores sum(w * scale - p(exit of first letter) +
p(entry of next letter)) + p(c) - p(end), so the sum of the positive terms
(with the k best Syncope gains) bounds it for any p. When the flow is itself
one chain (connected, with at most k Syncopes), that chain is the best one from
the node. At the root, when the priced flow uses another number of Syncopes
than k, flows with k jumps fixed (jumps as good as any other use of their word
at that price) are tried as chains too: a chain that scores the bound makes
only such jumps.

Nodes with at most :data:`EXACT_SYNCOPES` Syncopes left are first searched
exhaustively (:class:`~igroteka.games.klepka.exhaustive.Exhaustive`, its memo
shared by the whole search) within a small budget of positions: deep in the
search few chains are left, and trying them all is cheaper than bounding them.

The search. From the bound down: look for a chain scoring the bound; if there
is none the search proves a lower bound, and so on (each round keeps the
relaxations solved). Canonical choices keep it from trying the same chain in
many orders, each safe by an exchange argument (an optimal chain that is first
in the order of the edges meets them all): of parallel words (same first and
last letter) the heaviest unused one is taken, unless heavier ones are kept to
be used with a Syncope later (and only so; at most as many as Syncopes are
left); a word used with a Syncope is the heaviest unused one with the same
letters; with no Syncope left, the loops at the current letter are taken at
once.

The search has a budget of work (see ``Graph.work``): past it, it gives up
(:class:`~igroteka.games.klepka.graph.OverBudget`) and leaves its best chain
so far in :attr:`BranchAndBound.incumbent`, and its memory is bounded with it.
"""

from __future__ import annotations

from itertools import combinations, islice
from typing import NamedTuple

from igroteka.games.klepka.exhaustive import Exhaustive
from igroteka.games.klepka.flow import JumpNetwork, PlainFlow, plain_chain, plain_flow
from igroteka.games.klepka.graph import FAR, Graph, OverBudget, Step

__all__ = ["EXACT_SYNCOPES", "BranchAndBound"]

ROOT_ROUNDS = 6  # prices of a Syncope tried at the root (a bisection)
NODE_ROUNDS = 2  # and at the other nodes, from the parent's price
KEEP = 50_000  # nodes whose relaxation is kept for the next round of the search
TRIES = 40  # choices of k jumps tried as chains at the root
EXACT_SYNCOPES = 2  # nodes with at most this many Syncopes left are first searched
NODE_BUDGET = (300, 300, 300)  # exhaustively, within this budget of positions (by Syncopes left)


class _Dual(NamedTuple):
    """What the potentials of a flow say of a node's chains (see :meth:`BranchAndBound.dual`)."""

    bound: int
    total: int
    """The sum of the positive plain terms."""
    slack: list[int]
    """How much each word's use takes off ``total``."""
    gains: list[tuple[int, int]]
    """The Syncope gains (negated, sorted), with their words."""
    lowest: int
    """The lowest potential an end can have."""


class _Node(NamedTuple):
    """A node bounded and not settled: its best chain so far and what bounds its children."""

    best: int
    steps: tuple[Step, ...]
    price: int
    pot: list[int]
    dual: _Dual


class _Relaxed(NamedTuple):
    """A node's bound after pricing its Syncopes, and the best chain its flows gave."""

    bound: int
    best: int
    steps: tuple[Step, ...]
    price: int
    pot: list[int] | None
    """The potentials of the flow that gave the bound (None: the plain flow's)."""


class BranchAndBound:
    """The exact best chain of a hand, by branch and bound within a budget of work.

    >>> graph = Graph([("tiger", "r"), ("rat", "t"), ("apple", "e")], syncopes=1)
    >>> search = BranchAndBound(graph, Exhaustive(graph), budget=1000)
    >>> [(graph.word[e], jump) for e, _, jump in search.chain()]
    [(0, 0), (1, 1), (2, 0)]
    """

    def __init__(self, graph: Graph, every: Exhaustive, budget: int) -> None:
        self.graph = graph
        self.every = every
        self.limit = graph.work + budget
        self.exact: dict[int, tuple[int, tuple[Step, ...], bool, int]] = {}
        """Per node settled: (score, its first steps, whether they end the chain, next node)."""
        self.upper: dict[int, int] = {}
        """Per node: an upper bound on its score."""
        self.evaluated: dict[int, _Node] = {}  # a node's bound and chains, for later rounds
        self.incumbent = 0
        """The best score of a whole chain found so far."""
        self.incumbent_steps: tuple[Step, ...] = ()
        self.count = graph.count
        self.places = graph.vertices + 1
        self.kinds = graph.syncopes + 1
        self.out = graph.vertices + 2
        self.omega = graph.vertices

    def key(self, c: int, mask: int, k: int, held: int) -> int:
        """A node's number: (words used, words kept for a Syncope, letter, Syncopes left)."""
        c = c if c >= 0 else self.graph.vertices
        return (((mask << self.count) | held) * self.places + c) * self.kinds + k

    def chain(self) -> list[Step]:
        """The best chain, or raise :class:`OverBudget` past the budget of work."""
        graph = self.graph
        if graph.count == 0:
            return []
        # Look for a chain as good as the bound; when there is none, the search proves a
        # lower bound, and so on down to the best chain seen so far.
        need = self.search(-1, 0, graph.syncopes, FAR) - 1
        while True:
            found = self.search(-1, 0, graph.syncopes, need)
            if found > need:
                break
            need = max(found - 1, self.incumbent - 1)
        path: list[Step] = []
        key = self.key(-1, 0, graph.syncopes, 0)
        while True:
            _, steps, final, key = self.exact[key]
            path.extend(steps)
            if final:
                return path

    def search(self, c: int, mask: int, k: int, need: int, hint: int = -1, held: int = 0) -> int:
        """The best score from here if it beats ``need``, else an upper bound <= ``need``.

        ``hint`` is the parent's price of a Syncope (-1: none); ``held`` are the
        words kept to be used with a Syncope later.
        """
        key = self.key(c, mask, k, held)
        known = self.exact.get(key)
        if known is not None:
            return known[0]
        ub = self.upper.get(key)
        if ub is not None and ub <= need:
            return ub
        node = self.evaluated.get(key)
        if node is None:
            node = self.evaluate(c, mask, k, need, key, ub, hint)
            if node is None:
                known = self.exact.get(key)
                return known[0] if known is not None else self.upper[key]
            if len(self.evaluated) >= KEEP:  # a cache: bound its memory
                self.evaluated.clear()
            self.evaluated[key] = node  # for a later round (with a lower need)
        return self.expand(c, mask, k, need, key, node, held)

    def expand(self, c: int, mask: int, k: int, need: int, key: int, node: _Node, held: int) -> int:
        """Search the moves from a node, best bound first (after the node's own chains)."""
        graph, scale = self.graph, self.graph.scale
        best, steps = node.best, node.steps
        final = True
        nxt = -1
        soft = 0
        for estimate, e, x, jump, keep in self.moves(c, mask, k, node, held):
            floor = need if need > best else best
            if -estimate <= floor:
                soft = max(soft, -estimate)
                break
            gain = graph.weight[e] * scale - jump
            threshold = floor - gain
            after = mask | graph.bit[e]
            child = self.key(x, after, k - jump, keep)
            if self.upper.get(child, FAR) > -estimate - gain:
                self.upper[child] = -estimate - gain
            result = self.search(x, after, k - jump, threshold, node.price, keep)
            if result > threshold:
                best = gain + result
                steps = ((e, x, jump),)
                final = False
                nxt = child
            elif gain + result > soft:
                soft = gain + result
        if best > need:
            self.exact[key] = (best, steps, final, nxt)
            if c < 0 and best > self.incumbent:
                self.incumbent = best
            return best
        result = best if best > soft else soft
        self.upper[key] = result
        return result

    def moves(
        self, c: int, mask: int, k: int, node: _Node, held: int
    ) -> list[tuple[int, int, int, int, int]]:
        """The moves from a node, best estimate first: (-estimate, edge, letter, jump, kept)."""
        graph = self.graph
        moves: list[tuple[int, int, int, int, int]] = []
        starts = [c] if c >= 0 else [u for u in range(graph.vertices) if graph.out_mask[u]]
        for u in starts:
            if not k and c >= 0:
                # With no Syncope left, the loops at the letter here are best taken now.
                mine = [e for e in graph.loops_at[u] if not mask & graph.bit[e]]
                if mine:
                    e = mine[0]
                    dual, pot = node.dual, node.pot
                    guess = graph.weight[e] * graph.scale + dual.total - dual.slack[e]
                    moves.append((-(guess + pot[u] - dual.lowest), e, u, 0, held))
                    break
            self.plain_moves(u, mask, k, node, held, moves)
            if k:
                self.jump_moves(u, mask, k, node, held, moves)
        moves.sort()
        return moves

    def plain_moves(
        self,
        u: int,
        mask: int,
        k: int,
        node: _Node,
        held: int,
        moves: list[tuple[int, int, int, int, int]],
    ) -> None:
        """The moves by a word from ``u`` without a Syncope.

        Of a group of parallel words the heaviest unused one, unless the
        heavier ones are kept for later use with a Syncope (and then only so):
        at most k kept, each with letters to jump to and none the twin of the
        word taken.
        """
        graph, out, scale = self.graph, self.out, self.graph.scale
        pot, total, slack, gains, lowest = node.pot, *node.dual[1:]
        kept = held.bit_count()
        for group in graph.groups[u]:
            skipped: list[int] = []
            keep = held
            for e in group:
                if (mask | held) & graph.bit[e]:
                    continue
                if graph.twin[e] not in skipped:
                    v = graph.head[e]
                    after = mask | graph.bit[e]
                    if graph.out_mask[v] & ~after:
                        stop = min(pot[out + v], pot[v])
                        guess = graph.weight[e] * scale + total - slack[e] + pot[v]
                        guess -= lowest if lowest < stop else stop
                        guess -= sum(islice((g for g, f in gains if f != e), k))
                    else:
                        guess = graph.weight[e] * scale
                    moves.append((-guess, e, v, 0, keep))
                if kept + len(skipped) >= k or not graph.targets[e]:
                    break
                skipped.append(graph.twin[e])
                keep |= graph.bit[e]

    def jump_moves(
        self,
        u: int,
        mask: int,
        k: int,
        node: _Node,
        held: int,
        moves: list[tuple[int, int, int, int, int]],
    ) -> None:
        """The moves by a word from ``u`` and a Syncope: the heaviest word of each class."""
        graph, out, scale = self.graph, self.out, self.graph.scale
        pot, total, slack, gains, lowest = node.pot, *node.dual[1:]
        kept = held.bit_count()
        for kind in graph.classes[u]:
            for e in kind:
                if mask & graph.bit[e]:
                    continue
                if kept - (held >> e & 1) > k - 1:
                    break  # a word kept for a Syncope would be left without one
                after = mask | graph.bit[e]
                rest = graph.weight[e] * scale - 1 + total - slack[e]
                rest -= sum(islice((g for g, f in gains if f != e), k - 1))
                for x in graph.targets[e]:
                    if graph.out_mask[x] & ~after:
                        stop = min(pot[out + x], pot[x])
                        guess = rest + pot[x] - (lowest if lowest < stop else stop)
                        moves.append((-guess, e, x, 1, held & ~graph.bit[e]))
                break

    def settle(self, key: int, score: int, steps: tuple[Step, ...], c: int) -> None:
        """Record a node's exact score and best chain (a whole chain at the root)."""
        self.exact[key] = (score, steps, True, -1)
        if c < 0 and score > self.incumbent:
            self.incumbent, self.incumbent_steps = score, steps

    def evaluate(
        self, c: int, mask: int, k: int, need: int, key: int, ub: int | None, hint: int
    ) -> _Node | None:
        """Bound a node and find the chains its relaxations give.

        Returns what the search of its moves needs, or None when the node is
        settled (its exact score, or a bound <= ``need``, is recorded).
        """
        graph = self.graph
        if graph.work > self.limit:
            raise OverBudget
        free = graph.reach(c, mask, k)
        if not free:
            self.exact[key] = (0, (), True, -1)
            return None
        if c >= 0 and k <= EXACT_SYNCOPES:
            # Deep in the search few chains are left: try them all (within a budget).
            score = self.every.value(c, mask, k, NODE_BUDGET[k])
            if score is not None:
                self.exact[key] = (score, self.every.steps(c, mask, k), True, -1)
                return None
        edges = []
        tails = 0
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            e = low.bit_length() - 1
            edges.append(e)
            tails |= 1 << graph.tail[e]
        plain = plain_flow(graph, c, edges)
        pot = [x * graph.scale for x in plain.pi]
        dual = self.dual(pot, edges, tails, c, k)
        bound = dual.bound if ub is None or ub >= dual.bound else ub
        if bound <= need:
            self.upper[key] = bound
            return None
        best = 0
        steps: tuple[Step, ...] = ()
        # The relaxation may be a chain already: the best one if it reaches the bound.
        trail = plain_chain(graph, plain.first, plain.used, plain.took, free)
        if trail is not None:
            best = graph.score(trail)
            steps = tuple(trail)
            if best >= bound:
                self.settle(key, best, steps, c)
                return None
        price = hint
        if k:
            relaxed = self.price(c, k, need, hint, edges, tails, free, plain, bound, dual, best)
            bound, best, price = relaxed.bound, relaxed.best, relaxed.price
            steps = relaxed.steps or steps
            if bound <= need:
                self.upper[key] = bound
                return None
            if best >= bound:
                self.settle(key, best, steps, c)
                return None
            if relaxed.pot is not None:
                again = self.dual(relaxed.pot, edges, tails, c, k)
                if again.bound <= bound:
                    dual, pot = again, relaxed.pot
        if c < 0 and best > self.incumbent:
            self.incumbent, self.incumbent_steps = best, steps
        return _Node(best, steps, price, pot, dual)

    def price(
        self,
        c: int,
        k: int,
        need: int,
        hint: int,
        edges: list[int],
        tails: int,
        free: int,
        plain: PlainFlow,
        bound: int,
        dual: _Dual,
        best: int,
    ) -> _Relaxed:
        """Price the Syncopes so that the flow uses k of them: a bisection on how many it uses.

        Starts from the parent's price ``hint`` (-1: none, at the root).
        """
        gains = dual.gains
        low_mu, high_mu = 0, -gains[0][0] if gains else 0
        mu = hint if hint >= 0 else (-gains[k][0] if len(gains) > k else 0)
        steps: tuple[Step, ...] = ()
        flow_pot: list[int] | None = None
        tight_pot: list[int] | None = None
        lowest_flow = FAR
        tight_mu = 0
        price = hint
        seen_jumps: list[tuple[int, int]] = []
        for _ in range(ROOT_ROUNDS if hint < 0 else NODE_ROUNDS):
            mu = min(max(mu, low_mu), high_mu)
            flow = JumpNetwork(self.graph, c, edges, mu, plain).solve(k, free)
            seen_jumps.extend(jump for jump in flow.jumps if jump not in seen_jumps)
            if flow.bound < lowest_flow:
                lowest_flow, tight_pot, tight_mu = flow.bound, flow.pot, mu
            if flow.bound < bound:
                bound, flow_pot, price = flow.bound, flow.pot, mu
            if flow.trail is not None:
                score = self.chain_score(flow.trail)
                if score > best:
                    best, steps = score, tuple(flow.trail)
            if bound <= need or best >= bound or flow.jumped == k:
                break
            if flow.jumped > k:
                low_mu = mu + 1
            else:
                high_mu = mu - 1
            if low_mu > high_mu:
                break
            mu = (low_mu + high_mu) // 2
        if bound > need and c < 0 and best < bound and tight_pot is not None:
            choice = self.tight(tight_pot, edges, tails, tight_mu)
            choice += [jump for jump in seen_jumps if jump not in choice]
            found = self.fixed_jumps(c, edges, free, k, choice, best, bound)
            if found is not None:
                best, steps = found
        return _Relaxed(bound, best, steps, price, flow_pot)

    def fixed_jumps(
        self,
        c: int,
        edges: list[int],
        free: int,
        k: int,
        choice: list[tuple[int, int]],
        best: int,
        bound: int,
    ) -> tuple[int, tuple[Step, ...]] | None:
        """Chains with k jumps fixed, the other words going on as usual: the best if better.

        The flows want more Syncopes than there are, or fewer. A chain that
        scores the bound only makes jumps that the priced flow finds as good as
        any other use of their words: try k of them (and of those the flows made).
        """
        graph = self.graph
        better: tuple[int, tuple[Step, ...]] | None = None
        for some in islice(combinations(choice, k), TRIES):
            hd = graph.head[:]
            for e, x in some:
                hd[e] = x
            fixed = plain_flow(graph, c, edges, hd)
            found = plain_chain(graph, fixed.first, fixed.used, fixed.took, free, hd)
            if found is not None:
                score = self.chain_score(found)
                if score > best:
                    best = score
                    better = (score, tuple(found))
                    if best >= bound:
                        break
        return better

    def tight(self, pot: list[int], edges: list[int], tails: int, mu: int) -> list[tuple[int, int]]:
        """The jumps (word, letter) that are as good as the best use of their word at ``mu``."""
        graph, out, omega, scale = self.graph, self.out, self.omega, self.graph.scale
        found: list[tuple[int, int, int]] = []
        for e in edges:
            u, v = graph.tail[e], graph.head[e]
            leave = min(pot[out + u], pot[u])
            if graph.loop[e]:
                here = 0
                base = -1 - leave
            else:
                there = pot[v] if tails >> v & 1 else pot[omega]
                here = max(0, graph.weight[e] * scale - leave + there)
                base = graph.weight[e] * scale - 1 - leave
            for x in graph.targets[e]:
                if tails >> x & 1:
                    value = base + pot[x] - mu
                    if value >= here and value >= 0:
                        found.append((-value, e, x))
        found.sort()
        return [(e, x) for _, e, x in found]

    def chain_score(self, trail: list[Step]) -> int:
        """The score of a chain found by a relaxation (no Syncope after its last word)."""
        if trail and trail[-1][2]:
            e = trail[-1][0]
            trail[-1] = (e, self.graph.head[e], 0)
        return self.graph.score(trail)

    def dual(self, pot: list[int], edges: list[int], tails: int, c: int, k: int) -> _Dual:
        """The bound from potentials ``pot`` on a chain from ``c`` (-1: anywhere) on ``edges``."""
        graph, out, omega, scale = self.graph, self.out, self.omega, self.graph.scale
        tail, head, weight, loop = graph.tail, graph.head, graph.weight, graph.loop
        slack = [0] * self.count
        total = 0
        gains: list[tuple[int, int]] = []
        lowest = pot[omega]
        loops: dict[int, int] = {}
        for e in edges:
            if loop[e]:
                loops[tail[e]] = loops.get(tail[e], 0) + weight[e]
        drop: dict[int, int] = {}
        for v, size in loops.items():
            drop[v] = pot[v] - min(pot[out + v], pot[v])
            total += max(0, size * scale - drop[v])
        if c >= 0:
            lowest = min(lowest, pot[out + c], pot[c])
        for e in edges:
            u = tail[e]
            leave = min(pot[out + u], pot[u])
            if loop[e]:
                before = loops[u] * scale - drop[u]
                after = before - weight[e] * scale
                slack[e] = max(0, before) - max(0, after)
                base = -1 - leave
                here = 0
            else:
                v = head[e]
                if tails >> v & 1:
                    there = pot[v]
                    lowest = min(lowest, pot[out + v], there)
                else:
                    there = pot[omega]
                base = weight[e] * scale - leave
                here = base + there
                if here > 0:
                    total += here
                    slack[e] = here
                else:
                    here = 0
                base -= 1
            if k:
                jump = max((pot[x] for x in graph.targets[e] if tails >> x & 1), default=-FAR)
                if base + jump > here:
                    gains.append((here - base - jump, e))
        gains.sort()
        top = pot[c] if c >= 0 else max(pot[u] for u in range(graph.vertices) if tails >> u & 1)
        bound = total + top - lowest
        for g, _ in gains[:k]:
            bound -= g
        return _Dual(bound, total, slack, gains, lowest)
