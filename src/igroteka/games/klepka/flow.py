"""The flow relaxation of a chain, and the one min-cost-flow routine that solves it.

Relax a chain from letter ``c`` to: a set of words where every letter is left
as often as it is entered, except that ``c`` is left once more and the end
entered once more (a path plus cycles that need not touch it). That is a
min-cost flow. Each letter is split into an entry ``v`` and an exit
``out + v``, joined by a free arc and by one arc worth all its loops (a word
that starts and ends with the same letter only counts if the chain passes
that letter). With Syncopes (:class:`JumpNetwork`) each word is a node of its
own, left to its last letter or, at a price ``1 + mu``, to another of its
letters (``mu`` prices the budget of Syncopes in the Lagrangian way).

Both networks are solved by :meth:`Network.run`: successive shortest paths,
Dijkstra on reduced costs with potentials, from a start that uses every word
(so only the imbalance is left to route). The potentials it leaves bound every
chain (see :mod:`igroteka.games.klepka.bound`).

When the flow is connected it is a chain: :func:`unroll` walks it (Hierholzer).
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import NamedTuple

from igroteka.games.klepka.graph import FAR, Graph, Step

__all__ = ["JumpFlow", "JumpNetwork", "Network", "PlainFlow", "plain_chain", "plain_flow"]

Arc = tuple[int, int, int]
"""A residual arc out of a node: (node it leads to, cost, a code saying what pushing does)."""


class Network:
    """A residual network with node excesses, solved by successive shortest paths.

    A subclass lists the residual arcs out of a node (:meth:`arcs`) and says
    what pushing one unit along an arc changes (:meth:`push`); ``pot`` must
    make every residual arc's reduced cost non-negative at the start.
    """

    graph: Graph
    size: int
    pot: list[int]
    excess: dict[int, int]

    def arcs(self, x: int) -> list[Arc]:
        """The residual arcs out of node ``x``."""
        raise NotImplementedError

    def push(self, x: int, y: int, code: int) -> None:
        """Push one unit along the arc from ``x`` to ``y`` that :meth:`arcs` coded ``code``."""
        raise NotImplementedError

    def run(self) -> bool:
        """Route every excess to a deficit at least cost; False if one cannot be routed.

        Each round is a Dijkstra on reduced costs from every node with excess to
        the nearest deficit; one unit is pushed along that path, and the
        distances update the potentials so that no reduced cost is negative.
        """
        pot, excess = self.pot, self.excess
        while True:
            sources = [x for x, ex in excess.items() if ex > 0]
            if not sources:
                return True
            dist: dict[int, int] = dict.fromkeys(sources, 0)
            prev: dict[int, tuple[int, int]] = {}  # node: (node before, code of the arc)
            heap = [(0, x) for x in sources]
            settled: list[int] = []
            target = -1
            while heap:
                d, x = heappop(heap)
                if d > dist[x]:
                    continue
                settled.append(x)
                if excess.get(x, 0) < 0:
                    target = x
                    break
                base = d + pot[x]
                for y, cost, code in self.arcs(x):
                    nd = base + cost - pot[y]
                    if nd < dist.get(y, FAR):
                        dist[y] = nd
                        prev[y] = (x, code)
                        heappush(heap, (nd, y))
            self.graph.work += len(settled)
            if target < 0:
                return False
            y = target
            while y in prev:
                x, code = prev[y]
                self.push(x, y, code)
                y = x
            excess[y] -= 1
            excess[target] += 1
            far = dist[target]
            for x in settled:
                pot[x] -= far - dist[x]


class PlainFlow(NamedTuple):
    """The flow without Syncopes: potentials (in letters), what it uses, where it runs."""

    pi: list[int]
    used: int
    """The words used (loops aside), as a bit set."""
    took: set[int]
    """The letters whose loops are used."""
    passes: dict[int, int]
    """How often the flow passes each letter by its free arc."""
    first: int
    """The letter it starts from."""
    end: int
    """The letter it ends at (-1: none)."""
    final: int
    """The word into a dead end the flow ends with (-1: none)."""


# The codes of the plain network's arcs that are not words (a word's code is its edge).
_END, _START, _PASS, _LOOPS, _UNPASS, _UNLOOPS = -2, -3, -4, -5, -6, -7


class _PlainNetwork(Network):
    """The relaxation without Syncopes, from ``c`` (-1: from anywhere) on ``edges``.

    Before the flow, the words no chain from c can use are left out (those
    from letters nothing enters but c), and the words into dead ends (letters
    nothing leaves) become ways to end. ``hd`` may send some words elsewhere
    than their last letter (as if followed by a Syncope).
    """

    def __init__(self, graph: Graph, c: int, edges: list[int], hd: list[int]) -> None:
        vertices = graph.vertices
        self.graph, self.hd = graph, hd
        self.omega, self.sigma, self.out = vertices, vertices + 1, vertices + 2
        self.size = 2 * vertices + 2
        tail, weight = graph.tail, graph.weight
        self.outs: dict[int, list[int]] = {}
        self.loops: dict[int, int] = {}
        self.indegree: dict[int, int] = {}
        for e in edges:
            u = tail[e]
            if hd[e] == u:
                self.loops[u] = self.loops.get(u, 0) + weight[e]
                continue
            self.outs.setdefault(u, []).append(e)
            self.indegree[hd[e]] = self.indegree.get(hd[e], 0) + 1
        self.has = set(self.outs)
        self.has.update(self.loops)
        self.peeled = self._peel(c)
        gone = set(self.peeled)
        self.live = [u for u in self.has if u not in gone]
        self._saturate(c)

    def _peel(self, c: int) -> list[int]:
        """The letters no chain from c reaches (nothing enters them), in the order found."""
        if c < 0:
            return []
        indegree, hd = dict(self.indegree), self.hd
        stack = [u for u in self.has if u != c and u not in indegree]
        peeled: list[int] = []
        while stack:
            u = stack.pop()
            peeled.append(u)
            for e in self.outs.get(u, ()):
                v = hd[e]
                indegree[v] -= 1
                if not indegree[v] and v != c and v in self.has:
                    stack.append(v)
        return peeled

    def _saturate(self, c: int) -> None:
        """Start from every word used: the excesses left are what the flow routes."""
        out, hd, weight, bit = self.out, self.hd, self.graph.weight, self.graph.bit
        live = self.live
        self.gain = dict.fromkeys(live, 0)  # the heaviest word into a dead end, per letter
        self.last = dict.fromkeys(live, -1)
        need: dict[int, int] = {}
        for u in live:
            need[u] = 0
            need[out + u] = 0
        if c >= 0:
            need[c] += 1
        self.near: dict[int, list[int]] = {x: [] for x in need}
        self.saturated = 0
        for u in live:
            for e in self.outs.get(u, ()):
                v = hd[e]
                if v not in self.has:
                    if weight[e] > self.gain[u]:
                        self.gain[u] = weight[e]
                        self.last[u] = e
                else:
                    need[out + u] -= 1
                    need[v] += 1
                    self.near[out + u].append(e)
                    self.near[v].append(e)
                    self.saturated |= bit[e]
        self.bonus: dict[int, int] = {}
        for u in live:
            if u in self.loops:
                self.bonus[u] = self.loops[u]
                need[u] -= 1
                need[out + u] += 1
        self.took = set(self.bonus)
        # A letter entered and left passes from its entry to its exit, for free: route
        # that much at once (both ends have potential 0, so no reduced cost is negative).
        self.passes = {}
        for u in live:
            through = min(max(need[u], 0), max(-need[out + u], 0))
            self.passes[u] = through
            need[u] -= through
            need[out + u] += through
        self.pot = [0] * self.size
        self.pot[self.omega] = -max(self.gain.values(), default=0)
        need[self.omega] = -1
        if c < 0:
            need[self.sigma] = 1
        self.excess = need
        self.end = -1
        self.start = -1

    def arcs(self, x: int) -> list[Arc]:
        found: list[Arc] = []
        out, omega, hd = self.out, self.omega, self.hd
        weight, bit = self.graph.weight, self.graph.bit
        if x == omega:
            if self.end >= 0:
                found.append((out + self.end, self.gain[self.end], _END))
        elif x == self.sigma:
            found.extend((y, 0, _START) for y in self.live if y != self.start)
        elif x >= out:
            u = x - out
            saturated = self.saturated
            found.extend((hd[e], -weight[e], e) for e in self.near[x] if not saturated & bit[e])
            if self.passes[u]:
                found.append((u, 0, _UNPASS))
            if u in self.took:
                found.append((u, self.bonus[u], _UNLOOPS))
            if self.end != u:
                found.append((omega, -self.gain[u], _END))
        else:
            saturated = self.saturated
            tail = self.graph.tail
            found.extend((out + tail[e], weight[e], e) for e in self.near[x] if saturated & bit[e])
            found.append((out + x, 0, _PASS))
            if x in self.bonus and x not in self.took:
                found.append((out + x, -self.bonus[x], _LOOPS))
            if x == self.start:
                found.append((self.sigma, 0, _START))
        return found

    def push(self, x: int, y: int, code: int) -> None:
        out = self.out
        if code >= 0:
            self.saturated ^= self.graph.bit[code]
        elif code == _END:
            if y == self.omega:
                self.end = x - out
            elif self.end == y - out:
                self.end = -1
        elif code == _START:
            if y == self.sigma:
                if self.start == x:
                    self.start = -1
            else:
                self.start = y
        elif code == _PASS:
            self.passes[x] += 1
        elif code == _UNPASS:
            self.passes[y] -= 1
        elif code == _LOOPS:
            self.took.add(x)
        else:
            self.took.discard(y)

    def result(self, c: int) -> PlainFlow:
        """The flow found, with potentials for the letters left out as well."""
        pi, out, omega, hd, weight = self.pot, self.out, self.omega, self.hd, self.graph.weight
        for v in self.indegree:
            if v not in self.has:
                pi[v] = pi[out + v] = pi[omega]
        for u in reversed(self.peeled):
            pi[out + u] = max(
                pi[omega], max((weight[e] + pi[hd[e]] for e in self.outs.get(u, ())), default=0)
            )
            pi[u] = pi[out + u] + self.loops.get(u, 0)
        final = -1
        used = self.saturated
        if self.end >= 0 and self.last[self.end] >= 0:
            final = self.last[self.end]
            used |= self.graph.bit[final]
        first = c if c >= 0 else self.start
        return PlainFlow(pi, used, self.took, self.passes, first, self.end, final)


def plain_flow(graph: Graph, c: int, edges: list[int], hd: list[int] | None = None) -> PlainFlow:
    """The flow relaxation without Syncopes of a chain from ``c`` (-1: from anywhere).

    ``hd`` may send some words elsewhere than their last letter (as if each
    were followed by a Syncope); by default every word goes to its last letter.
    """
    network = _PlainNetwork(graph, c, edges, graph.head if hd is None else hd)
    network.run()  # cannot fail: leaving out every word is always possible
    return network.result(c)


def unroll(
    graph: Graph,
    start: int,
    arcs: dict[int, list[tuple[int, int, int, int]]],
    total: int,
    pending: set[int],
) -> list[Step] | None:
    """One trail through all the arcs (Hierholzer), or None if they are not connected.

    ``arcs`` maps a node to its arcs (to node, edge or -1, letter next, Syncope);
    an arc with edge -2 - v stands for the loops at letter v that are ``pending``.
    """
    for outgoing in arcs.values():
        outgoing.reverse()  # pop the heaviest first
    stack: list[tuple[int, int, int, int]] = [(start, -1, -1, 0)]
    trail: list[Step] = []
    used = 0
    while stack:
        left = arcs.get(stack[-1][0])
        if left:
            stack.append(left.pop())
            used += 1
        else:
            _, e, y, jump = stack.pop()
            if e >= 0:
                trail.append((e, y, jump))
            elif e <= -2:
                v = -2 - e
                trail.extend((f, v, 0) for f in reversed(graph.loops_at[v]) if f in pending)
    if used != total:
        return None
    trail.reverse()
    return trail


def _close(
    graph: Graph,
    arcs: dict[int, list[tuple[int, int, int, int]]],
    arrivals: dict[int, int],
    took: set[int],
) -> int | None:
    """Add each letter's passes from its entry to its exit; the arcs added, or None.

    A letter whose loops are used must be passed; None when one is not.
    """
    out = graph.vertices + 2
    total = 0
    for v, n in arrivals.items():
        extra = 1 if v in took else 0
        if n < extra:
            return None
        items = arcs.setdefault(v, [])
        items.extend((out + v, -1, v, 0) for _ in range(n - extra))
        if extra:
            items.append((out + v, -2 - v, v, 0))
        total += n
    if any(v not in arrivals for v in took):
        return None
    return total


def plain_chain(
    graph: Graph, start: int, used: int, took: set[int], free: int, hd: list[int] | None = None
) -> list[Step] | None:
    """The flow without Syncopes as a chain from ``start``, if it is one."""
    head, tail, bit = graph.head, graph.tail, graph.bit
    hd = head if hd is None else hd
    out = graph.vertices + 2
    arcs: dict[int, list[tuple[int, int, int, int]]] = {}
    arrivals: dict[int, int] = {start: 1}
    total = 0
    rest = used
    while rest:
        low = rest & -rest
        rest ^= low
        e = low.bit_length() - 1
        v = hd[e]
        arcs.setdefault(out + tail[e], []).append((v, e, v, 0 if v == head[e] else 1))
        arrivals[v] = arrivals.get(v, 0) + 1
        total += 1
    passes = _close(graph, arcs, arrivals, took)
    if passes is None:
        return None
    pending = {f for v in took for f in graph.loops_at[v] if free & bit[f] and hd[f] == v}
    return unroll(graph, start, arcs, total + passes, pending)


class JumpFlow(NamedTuple):
    """The flow with Syncopes priced at ``mu``."""

    bound: int
    """Its value + k * mu: a bound on the score of a chain."""
    jumped: int
    """The Syncopes it uses."""
    trail: list[Step] | None
    """The flow as a chain, if it is one (and uses at most k Syncopes)."""
    pot: list[int]
    jumps: list[tuple[int, int]]
    """The words it jumps from, with the letters they jump to."""


# The codes of the jump network's arcs.
_ENTER, _UNJUMP, _LEAVE, _GO, _STOP, _UNSTOP, _UNEND, _BEGIN, _UNBEGIN = range(9)
_JPASS, _JUNPASS, _JLOOPS, _JUNLOOPS = 9, 10, 11, 12


class JumpNetwork(Network):
    """The relaxation with Syncopes priced at ``mu``, warm-started from the plain one.

    Each word is a node entered from its first letter's exit and left to its
    last letter's entry (or the end, for a dead end), or, at a price 1 + mu, to
    another of its letters' entries. A loop is only left that way (its letters
    count in its letter's loop arc).
    """

    def __init__(self, graph: Graph, c: int, edges: list[int], mu: int, plain: PlainFlow) -> None:
        vertices, count, s = graph.vertices, graph.count, graph.scale
        self.graph, self.c, self.edges, self.mu = graph, c, edges, mu
        self.omega, self.sigma, self.out = vertices, vertices + 1, vertices + 2
        self.split = 2 * vertices + 2
        self.size = self.split + count
        self.cost_jump = 1 + mu
        self.pot = [0] * self.size
        for y in range(self.split):
            self.pot[y] = plain.pi[y] * s
        tail, weight, loop = graph.tail, graph.weight, graph.loop
        self.outs: dict[int, list[int]] = {}
        self.loops: dict[int, int] = {}
        for e in edges:
            u = tail[e]
            self.outs.setdefault(u, []).append(e)
            if loop[e]:
                self.loops[u] = self.loops.get(u, 0) + weight[e]
        self.into: dict[int, list[int]] = {y: [] for y in self.outs}
        self.into[self.omega] = []
        self.exits: dict[int, list[int]] = {}
        self.flows: dict[int, list[int]] = {}
        self.entered: dict[int, bool] = {}
        self.excess = {}
        self.took = set(plain.took)
        self.passes = {u: plain.passes.get(u, 0) for u in self.outs}
        self.starts = {plain.first} if c < 0 and plain.first >= 0 else set()
        self.endflow: set[int] = {plain.end} if plain.end >= 0 and plain.final < 0 else set()
        self._start(plain)

    def _start(self, plain: PlainFlow) -> None:
        """The plain flow as a flow of this network, with the jumps that already pay."""
        graph, pot, s = self.graph, self.pot, self.graph.scale
        tail, head, weight, loop = graph.tail, graph.head, graph.weight, graph.loop
        out, split, omega = self.out, self.split, self.omega
        for e in self.edges:
            u, v = tail[e], head[e]
            jumps = [x for x in graph.targets[e] if x in self.outs]
            node = split + e
            self.entered[e] = False
            self.flows[e] = []
            if loop[e]:
                self.exits[e] = [-1, *jumps]
                pot[node] = pot[out + u]
                continue
            normal = v if v in self.outs else omega
            self.exits[e] = [normal, *jumps]
            if plain.used & graph.bit[e]:
                self.entered[e] = True
                self.flows[e] = [normal]
                self.into[normal].append(e)
                pot[node] = pot[normal]
            else:
                pot[node] = pot[out + u] - weight[e] * s
        if plain.final >= 0:
            # The flow ends with a dead-end word: no other way to end may look cheaper.
            low = min(pot[out + y] for y in self.outs)
            for e in self.edges:
                if not self.entered[e] and self.exits[e][0] == omega and pot[split + e] < low:
                    low = pot[split + e]
            pot[omega] = min(pot[omega], low)
            pot[split + plain.final] = pot[omega]
        excess = self.excess
        for e in self.edges:
            jumps = self.exits[e][1:]
            if not jumps:
                continue
            node = split + e
            best = max(jumps, key=pot.__getitem__)
            if 1 + self.mu + pot[node] - pot[best] >= 0:
                continue
            if self.entered[e]:
                normal = self.exits[e][0]
                self.into[normal].remove(e)
                excess[normal] = excess.get(normal, 0) - 1
            else:
                self.entered[e] = True
                excess[out + tail[e]] = excess.get(out + tail[e], 0) - 1
            self.flows[e] = [best]
            self.into[best].append(e)
            excess[best] = excess.get(best, 0) + 1
            pot[node] = pot[best] - 1 - self.mu

    def arcs(self, x: int) -> list[Arc]:
        found: list[Arc] = []
        graph, s, out, split = self.graph, self.graph.scale, self.out, self.split
        if x >= split:
            e = x - split
            if self.entered[e]:
                found.append(
                    (out + graph.tail[e], 0 if graph.loop[e] else graph.weight[e] * s, _LEAVE)
                )
            taken = self.flows[e]
            ways = self.exits[e]
            normal = ways[0]
            found.extend(
                (y, 0 if y == normal else self.cost_jump, _GO)
                for y in ways
                if y >= 0 and y not in taken
            )
        elif x >= out:
            u = x - out
            loop, weight, entered = graph.loop, graph.weight, self.entered
            found.extend(
                (split + e, -(0 if loop[e] else weight[e] * s), _ENTER)
                for e in self.outs[u]
                if not entered[e]
            )
            if self.passes[u]:
                found.append((u, 0, _JUNPASS))
            if u in self.took:
                found.append((u, self.loops[u] * s, _JUNLOOPS))
            if u not in self.endflow:
                found.append((self.omega, 0, _STOP))
        elif x == self.omega:
            found.extend((split + e, 0, _UNSTOP) for e in self.into[x])
            found.extend((out + u, 0, _UNEND) for u in self.endflow)
        elif x == self.sigma:
            found.extend((y, 0, _BEGIN) for y in self.outs if y not in self.starts)
        else:
            exits, cost_jump = self.exits, self.cost_jump
            found.extend(
                (split + e, -(0 if exits[e][0] == x else cost_jump), _UNJUMP) for e in self.into[x]
            )
            found.append((out + x, 0, _JPASS))
            if x in self.loops and x not in self.took:
                found.append((out + x, -self.loops[x] * s, _JLOOPS))
            if x in self.starts:
                found.append((self.sigma, 0, _UNBEGIN))
        return found

    def push(self, x: int, y: int, code: int) -> None:
        split, out = self.split, self.out
        if code == _ENTER:
            self.entered[y - split] = True
        elif code == _UNJUMP:
            self.flows[y - split].remove(x)
            self.into[x].remove(y - split)
        elif code == _LEAVE:
            self.entered[x - split] = False
        elif code == _GO:
            self.flows[x - split].append(y)
            self.into[y].append(x - split)
        elif code == _STOP:
            self.endflow.add(x - out)
        elif code == _UNSTOP:
            self.flows[y - split].remove(self.omega)
            self.into[self.omega].remove(y - split)
        elif code == _UNEND:
            self.endflow.discard(y - out)
        elif code == _BEGIN:
            self.starts.add(y)
        elif code == _UNBEGIN:
            self.starts.discard(x)
        elif code == _JPASS:
            self.passes[x] += 1
        elif code == _JUNPASS:
            self.passes[y] -= 1
        elif code == _JLOOPS:
            self.took.add(x)
        else:
            self.took.discard(y)

    def solve(self, k: int, free: int) -> JumpFlow:
        """Run the flow, and read it: its bound, its jumps and, if it is one, its chain."""
        if not self.run():
            return JumpFlow(FAR, 0, None, self.pot, [])
        graph, s = self.graph, self.graph.scale
        head, tail, weight, loop = graph.head, graph.tail, graph.weight, graph.loop
        value = sum(self.loops[u] for u in self.took) * s
        jumped = 0
        jumps_at: list[tuple[int, int]] = []
        arcs_at: dict[int, list[tuple[int, int, int, int]]] = {}
        arrivals: dict[int, int] = {}
        total = 0
        for e in self.edges:
            if not self.entered[e]:
                continue
            y = self.flows[e][0]
            if y == self.omega:
                y = head[e]
            jump = 0 if y == head[e] else 1
            jumped += jump
            if jump:
                jumps_at.append((e, y))
            if not loop[e]:
                value += weight[e] * s
            value -= jump
            arcs_at.setdefault(self.out + tail[e], []).append((y, e, y, jump))
            arrivals[y] = arrivals.get(y, 0) + 1
            total += 1
        bound = value - jumped * self.mu + k * self.mu
        if jumped > k:
            return JumpFlow(bound, jumped, None, self.pot, jumps_at)
        c = self.c
        begin = c if c >= 0 else (min(self.starts) if self.starts else -1)
        arrivals[begin] = arrivals.get(begin, 0) + 1
        passes = _close(graph, arcs_at, arrivals, self.took)
        if passes is None:
            return JumpFlow(bound, jumped, None, self.pot, jumps_at)
        pending = {
            f
            for v in self.took
            for f in graph.loops_at[v]
            if free & graph.bit[f] and not self.entered.get(f, False)
        }
        trail = unroll(graph, begin, arcs_at, total + passes, pending)
        return JumpFlow(bound, jumped, trail, self.pot, jumps_at)
