"""Exact play of an abstract, perfect-memory Klepka: what ``bot:hard`` decides with.

The analysis follows the idea of Zwick and Paterson's study of the memory game
(two players with perfect memory; the state is a handful of counts; dynamic
programming gives the optimal move) and Velleman and Warrington's solitaire
optimum, adapted to Klepka's cards: a WORD matches only its PICTURE, two cards of
the same kind start a *search* (the first card stays up, the player keeps
flipping until a card of the other kind turns up), and Syncope prize cards are
taken by whoever turns them up.

**The abstract position.** Every card ever flipped is known to everyone, so a
position between attempts is, up to renaming the cards, four counts:

* ``u``: pairs with both cards unknown;
* ``w``: known WORDs whose PICTURE is still unknown;
* ``p``: known PICTUREs whose WORD is still unknown;
* ``s``: Syncopes still face down (a Syncope is never known face down: whoever
  turns one up takes it).

Known complete pairs are taken at once by the player to move, so they never
appear in a position. In the middle of an attempt, with a WORD or PICTURE face up
whose partner is unknown, the counts are taken *relative to the first card*:

* ``u``: unknown pairs, not counting the first card's pair;
* ``a``: known singles of the first card's kind;
* ``b``: known singles of the other kind;
* ``s``: Syncopes face down;
* ``k``: complete pairs that became known during this attempt (in a search); the
  player to move after the attempt takes them.

By symmetry between words and pictures nothing else matters.

**Values.** :class:`Duel` gives, for two players playing optimally, the expected
number of pairs the player to move collects from here minus the pairs the
opponent collects, a Syncope counting ``sigma`` pairs (0.5 by default) to whoever
takes it. :class:`Solitaire` gives the expected number of *moves* still needed by
one player, a move being a card turned up beside the first card (the second
card, and every card of a search), as in the classic solitaire analysis.

**Decisions.** The player to move chooses

* the first card (:class:`Opening`): an unknown card, or a known single (a
  *stall*: nothing new is revealed by it);
* every later card of the attempt (:class:`Follow`): an unknown card, a known
  card that ends the attempt without revealing anything (one of the other kind;
  after a Syncope, any known card), or a known card of the first card's kind
  (the search goes on and nothing is revealed).

The last choice is never strictly better: it leaves the position exactly as it
was, minus one option, so its value is the best of the other two (the methods
report it as such), and the player may as well make that best choice at once.

**Passing.** Stalling with a known WORD and ending with a known PICTURE (or the
other way round) reveals nothing and changes nothing: a *pass*. If both players
prefer passing, the game never ends (the classic memory game has the same loop:
turning up two known cards that do not match). The model forbids a pass
directly after a pass: the values carry a flag ``passed`` (the previous attempt
was a pass), and then the player must reveal something. So a player who would
lose by acting passes, and the opponent must act: where a pass is possible,
``value(passed=False) = max(A, -A)`` with ``A = value(passed=True)``, the value
of the best attempt that reveals something. Valuing an endless exchange of
passes at 0 instead would give ``max(A, 0)``, and two such players would pass
for ever; the chosen rule keeps every game finite (``bot:hard`` obeys it in
play).

**Computation.** Every attempt that is not a pass turns up a new card or takes
one, so the number ``L`` of unknown cards never grows, and all transitions go to
the same ``L`` (a pass, or ending a search) or to ``L - 1``. The tables are
filled bottom-up, level by level of ``L``, for every position with at most
``pairs`` pairs and ``syncopes`` Syncopes; they grow on demand and are shared,
so after the first call a decision is a few dictionary look-ups. The search
table has the extra dimension ``k``: building the tables for n pairs costs
O(n⁴) steps per Syncope count (about 0.25 s for 30 pairs and 2 Syncopes). In
solitaire a known pair costs exactly one move whoever made it known, so the
search table only records whether one is pending (its card of the other kind can
end the attempt), and the tables cost O(n³).

>>> duel(0.5).value(1, 0, 0, 0)  # one pair left: the player takes it
1.0
>>> round(Solitaire().expected_moves(1), 6)
1.0
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Callable
from typing import Any, Final, TypeVar

SIGMA: Final = 0.5
"""What a Syncope is worth, in pairs, by default."""

EPSILON: Final = 1e-9
"""A choice other than an unknown card must be better by more than this."""

DUEL_BUDGET: Final = 500_000
"""The most search entries a two-player table may hold (about a second to build)."""
SOLITAIRE_BUDGET: Final = 100_000
"""The most positions a solitaire table may hold (about a second to build)."""

Key = tuple[int, int, int, int]
SearchKey = tuple[int, int, int, int, int]


class Opening(enum.Enum):
    """The first card of an attempt."""

    UNKNOWN = "unknown"
    """An unknown card."""
    WORD = "word"
    """A known WORD whose PICTURE is unknown (a stall)."""
    PICTURE = "picture"
    """A known PICTURE whose WORD is unknown (a stall)."""


class Follow(enum.Enum):
    """Every card of an attempt after the first."""

    UNKNOWN = "unknown"
    """An unknown card."""
    END = "end"
    """A known card that ends the attempt and reveals nothing: one of the other kind
    (or, after a Syncope, any known card)."""
    SAME = "same"
    """A known card of the first card's kind: the search goes on, nothing is revealed."""


def _check(*counts: int) -> None:
    if any(count < 0 for count in counts):
        raise ValueError(f"counts cannot be negative: {counts}")


Choice = TypeVar("Choice", Opening, Follow)


def _best(values: dict[Choice, float], unknown: Choice, *, low: bool = False) -> Choice:
    """The best choice (the highest value, or the lowest if ``low``); ``unknown`` wins ties."""
    sign = -1.0 if low else 1.0
    best_choice, best = unknown, sign * values[unknown]
    for choice, value in values.items():
        if sign * value > best + EPSILON:
            best_choice, best = choice, sign * value
    return best_choice


# ---------------------------------------------------------------- two players


class Duel:
    """Optimal two-player values: my expected pairs minus my opponent's, from here.

    Use :func:`duel` for the shared, cached instance of a Syncope value.
    """

    def __init__(self, sigma: float = SIGMA) -> None:
        self.sigma = sigma
        self.pairs = -1
        """Positions with at most this many pairs are in the tables."""
        self.syncopes = -1
        """Positions with at most this many Syncopes are in the tables."""
        self._acting: dict[Key, float] = {}
        self._free: dict[Key, float] = {}
        self._search: dict[Key, list[float]] = {}
        """Search values by ``(u, a, b, s)``, a list over ``k``."""
        self._syncope: dict[Key, float] = {}
        self._best: dict[tuple[object, ...], Any] = {}
        """Best choices already worked out (a bot asks for the same positions again and again)."""

    def _remembered(self, key: tuple[object, ...], work: Callable[[], Choice]) -> Choice:
        """``work()``, worked out once per ``key``."""
        if key in self._best:
            known: Choice = self._best[key]
            return known
        found = self._best[key] = work()
        return found

    @staticmethod
    @functools.lru_cache(maxsize=1024)
    def affordable(pairs: int, syncopes: int) -> bool:
        """Whether tables this big build in about a second (see :data:`DUEL_BUDGET`).

        Bigger tables work too, but cost O(pairs⁴ · syncopes) time and memory.
        """
        return math.comb(pairs + 3, 4) * (syncopes + 1) <= DUEL_BUDGET

    def ensure(self, pairs: int, syncopes: int) -> None:
        """Make sure the tables hold every position up to these sizes."""
        if pairs <= self.pairs and syncopes <= self.syncopes:
            return
        pairs, syncopes = max(pairs, self.pairs, 0), max(syncopes, self.syncopes, 0)
        self._free, self._acting, self._search, self._syncope = _build_duel(
            pairs, syncopes, self.sigma
        )
        self.pairs, self.syncopes = pairs, syncopes

    # -- values

    def value(self, u: int, w: int, p: int, s: int, *, passed: bool = False) -> float:
        """The value of a position between attempts, for the player to move.

        ``passed``: the previous attempt was a pass, so this one may not be.
        """
        _check(u, w, p, s)
        self.ensure(u + w + p, s)
        return (self._acting if passed else self._free)[(u, w, p, s)]

    def search_value(self, u: int, a: int, b: int, s: int, k: int = 0) -> float:
        """The value once a card with an unknown partner is up (not after a stall)."""
        _check(u, a, b, s, k)
        self.ensure(u + a + b + k + 1, s)
        return self._search[(u, a, b, s)][k]

    def _reveal(self, u: int, a: int, b: int, s: int, k: int) -> float:
        """The value of turning up an unknown card beside the first card."""
        return _duel_reveal(
            u, a, b, s, k, self.sigma, self._free, self._search, 1 + 2 * u + a + b + s
        )

    def opening_values(
        self, u: int, w: int, p: int, s: int, *, passed: bool = False
    ) -> dict[Opening, float]:
        """The value of each possible first card (a stall is valued with best play after it)."""
        _check(u, w, p, s)
        cards = 2 * u + w + p + s
        if cards == 0:
            return {}
        self.ensure(u + w + p, s)
        free, search = self._free, self._search
        total = 0.0
        if u:
            total += u * (search[(u - 1, w, p, s)][0] + search[(u - 1, p, w, s)][0])
        if w:
            total += w * (1.0 + free[(u, w - 1, p, s)])
        if p:
            total += p * (1.0 + free[(u, w, p - 1, s)])
        if s:
            total += s * (self.sigma + self._syncope[(u, w, p, s - 1)])
        values = {Opening.UNKNOWN: total / cards}
        can_pass = w > 0 and p > 0 and not passed
        pass_value = -self._acting[(u, w, p, s)]
        if w:
            reveal = self._reveal(u, w - 1, p, s, 0)
            values[Opening.WORD] = max(reveal, pass_value) if can_pass else reveal
        if p:
            reveal = self._reveal(u, p - 1, w, s, 0)
            values[Opening.PICTURE] = max(reveal, pass_value) if can_pass else reveal
        return values

    def opening(self, u: int, w: int, p: int, s: int, *, passed: bool = False) -> Opening:
        """The best first card; an unknown card unless something else is strictly better."""

        def work() -> Opening:
            values = self.opening_values(u, w, p, s, passed=passed)
            return _best(values, Opening.UNKNOWN) if values else Opening.UNKNOWN

        return self._remembered((Opening, u, w, p, s, passed), work)

    def follow_values(
        self,
        u: int,
        a: int,
        b: int,
        s: int,
        k: int = 0,
        *,
        pure: bool = False,
        passed: bool = False,
    ) -> dict[Follow, float]:
        """The value of each possible next card, with a WORD or PICTURE up.

        The first card's partner is unknown (a known partner is simply taken).
        ``pure``: nothing new has been revealed in this attempt (it began with a
        stall), so ending it now is a pass, which is allowed unless ``passed``.
        """
        _check(u, a, b, s, k)
        if pure and k:
            raise ValueError("an attempt that revealed nothing cannot have made a pair known")
        self.ensure(u + a + b + k + 1, s)
        values = {Follow.UNKNOWN: self._reveal(u, a, b, s, k)}
        if pure:
            if b and not passed:
                values[Follow.END] = -self._acting[(u, a + 1, b, s)]
        elif b or k:
            values[Follow.END] = -(k + self._free[(u, a + 1, b, s)])
        if a or k:
            values[Follow.SAME] = max(values.values())
        return values

    def follow(
        self,
        u: int,
        a: int,
        b: int,
        s: int,
        k: int = 0,
        *,
        pure: bool = False,
        passed: bool = False,
    ) -> Follow:
        """The best next card with a WORD or PICTURE up; never :attr:`Follow.SAME`."""

        def work() -> Follow:
            values = self.follow_values(u, a, b, s, k, pure=pure, passed=passed)
            return _best(values, Follow.UNKNOWN)

        return self._remembered((Follow, u, a, b, s, k, pure, passed), work)

    def after_syncope_values(self, u: int, w: int, p: int, s: int) -> dict[Follow, float]:
        """The second card after a Syncope first (already taken; ``s`` does not count it)."""
        _check(u, w, p, s)
        self.ensure(u + w + p, s)
        return _duel_after_syncope(u, w, p, s, self.sigma, self._free)

    def after_syncope(self, u: int, w: int, p: int, s: int) -> Follow:
        """The best second card after a Syncope first."""

        def work() -> Follow:
            values = self.after_syncope_values(u, w, p, s)
            return _best(values, Follow.UNKNOWN) if values else Follow.UNKNOWN

        return self._remembered((Duel.after_syncope, u, w, p, s), work)


def _duel_reveal(
    u: int,
    a: int,
    b: int,
    s: int,
    k: int,
    sigma: float,
    free: dict[Key, float],
    search: dict[Key, list[float]],
    cards: int,
) -> float:
    """Turning up an unknown card in a search: ``cards`` unknown cards, one of them the match."""
    here = free[(u, a, b, s)]
    total = 1.0 + k + here  # the match: the pair and the pending pairs, and play on
    total -= a * (k + 1.0 + here)  # the partner of a known single: the next player's pair
    if u:
        total -= u * (k + free[(u - 1, a + 1, b + 1, s)])  # a new card of the other kind
        total += u * search[(u - 1, a + 1, b, s)][k]  # a new card of the same kind
    if b:
        total += b * search[(u, a, b - 1, s)][k + 1]  # a pair becomes known; search on
    if s:
        total += s * (sigma - k - free[(u, a + 1, b, s - 1)])
    return total / cards


def _duel_after_syncope(
    u: int, w: int, p: int, s: int, sigma: float, free: dict[Key, float]
) -> dict[Follow, float]:
    cards = 2 * u + w + p + s
    values: dict[Follow, float] = {}
    if cards == 0:
        return values
    if w or p:
        values[Follow.END] = -free[(u, w, p, s)]
    total = 0.0
    if u:
        total -= u * (free[(u - 1, w + 1, p, s)] + free[(u - 1, w, p + 1, s)])
    if w:
        total -= w * (1.0 + free[(u, w - 1, p, s)])
    if p:
        total -= p * (1.0 + free[(u, w, p - 1, s)])
    if s:
        total += s * (sigma - free[(u, w, p, s - 1)])
    values[Follow.UNKNOWN] = total / cards
    return values


def _build_duel(
    pairs: int, syncopes: int, sigma: float
) -> tuple[dict[Key, float], dict[Key, float], dict[Key, list[float]], dict[Key, float]]:
    """All two-player tables, bottom-up by the number of unknown cards.

    A search entry ``(u, a, b, s)`` is a list over the pending pairs ``k`` (as many
    as fit in ``pairs``); each list is computed at once from the lists one level down.
    """
    free: dict[Key, float] = {}  # between attempts, a pass allowed
    acting: dict[Key, float] = {}  # between attempts, right after a pass
    search: dict[Key, list[float]] = {}  # a WORD or PICTURE up, its partner unknown
    syncope: dict[Key, float] = {}  # a Syncope taken as the first card
    for level in range(2 * pairs + syncopes + 1):
        reveal: dict[Key, list[float]] = {}
        for s in range(min(syncopes, level) + 1):
            rest = level - s - 1  # 2u + a + b of search positions at this level
            for u in range(rest // 2 + 1 if rest >= 0 else 0):
                ab = rest - 2 * u
                ks = pairs - u - ab  # k = 0 .. ks - 1
                if ks <= 0:
                    continue
                for a in range(ab + 1):
                    b = ab - a
                    # Every outcome but two is a constant plus or minus k (see _duel_reveal).
                    here = free[(u, a, b, s)]
                    constant = 1.0 + here - a * (1.0 + here)
                    slope = 1.0 - a - u - s
                    if s:
                        constant += s * (sigma - free[(u, a + 1, b, s - 1)])
                    row = [constant + slope * k for k in range(ks)]
                    if u:
                        constant = u * free[(u - 1, a + 1, b + 1, s)]
                        same = search[(u - 1, a + 1, b, s)]
                        row = [x - constant + u * y for x, y in zip(row, same, strict=True)]
                    if b:
                        known = search[(u, a, b - 1, s)]
                        row = [x + b * y for x, y in zip(row, known[1:], strict=True)]
                    reveal[(u, a, b, s)] = [x / level for x in row]
        for s in range(min(syncopes, level) + 1):
            rest = level - s  # 2u + w + p
            for u in range(rest // 2 + 1):
                wp = rest - 2 * u
                if u + wp > pairs:
                    continue
                for w in range(wp + 1):
                    p = wp - w
                    key = (u, w, p, s)
                    if level == 0:
                        free[key] = acting[key] = syncope[key] = 0.0
                        continue
                    total = 0.0
                    if u:
                        total += u * (search[(u - 1, w, p, s)][0] + search[(u - 1, p, w, s)][0])
                    if w:
                        total += w * (1.0 + free[(u, w - 1, p, s)])
                    if p:
                        total += p * (1.0 + free[(u, w, p - 1, s)])
                    if s:
                        total += s * (sigma + syncope[(u, w, p, s - 1)])
                    best = total / level
                    if w:
                        best = max(best, reveal[(u, w - 1, p, s)][0])
                    if p:
                        best = max(best, reveal[(u, p - 1, w, s)][0])
                    acting[key] = best
                    here = free[key] = best if best >= 0.0 or not (w and p) else -best
                    # A Syncope taken first, this position left (see _duel_after_syncope).
                    total = 0.0
                    if u:
                        total -= u * (free[(u - 1, w + 1, p, s)] + free[(u - 1, w, p + 1, s)])
                    if w:
                        total -= w * (1.0 + free[(u, w - 1, p, s)])
                    if p:
                        total -= p * (1.0 + free[(u, w, p - 1, s)])
                    if s:
                        total += s * (sigma - free[(u, w, p, s - 1)])
                    total /= level
                    syncope[key] = total if total >= -here or not (w or p) else -here
        for key, row in reveal.items():
            u, a, b, s = key
            end = free[(u, a + 1, b, s)]  # ending the attempt: -(k + end)
            search[key] = [
                x if x >= -k - end or not (b or k) else -k - end for k, x in enumerate(row)
            ]
    return free, acting, search, syncope


@functools.lru_cache(maxsize=8)
def duel(sigma: float = SIGMA) -> Duel:
    """The shared two-player tables for a Syncope value (they grow on demand)."""
    return Duel(sigma)


# ---------------------------------------------------------------- solitaire


class Solitaire:
    """Optimal solitaire: the expected number of moves still needed to clear the table.

    A move is a card turned up beside the first card: the second card, and each
    card of a search. Use :func:`solitaire` for the shared instance.
    """

    def __init__(self) -> None:
        self.pairs = -1
        self.syncopes = -1
        self._moves: dict[Key, float] = {}
        self._search: dict[SearchKey, float] = {}
        self._syncope: dict[Key, float] = {}

    @staticmethod
    def affordable(pairs: int, syncopes: int) -> bool:
        """Whether tables this big build in about a second (see :data:`SOLITAIRE_BUDGET`)."""
        return math.comb(pairs + 3, 3) * (syncopes + 1) <= SOLITAIRE_BUDGET

    def ensure(self, pairs: int, syncopes: int) -> None:
        """Make sure the tables hold every position up to these sizes."""
        if pairs <= self.pairs and syncopes <= self.syncopes:
            return
        pairs, syncopes = max(pairs, self.pairs, 0), max(syncopes, self.syncopes, 0)
        self._moves, self._search, self._syncope = _build_solitaire(pairs, syncopes)
        self.pairs, self.syncopes = pairs, syncopes

    def moves(self, u: int, w: int, p: int, s: int) -> float:
        """Expected moves from a position between attempts, with best play."""
        _check(u, w, p, s)
        self.ensure(u + w + p, s)
        return self._moves[(u, w, p, s)]

    def expected_moves(self, pairs: int, syncopes: int = 0) -> float:
        """Expected moves to clear a fresh table, with best play."""
        return self.moves(pairs, 0, 0, syncopes)

    def opening_values(self, u: int, w: int, p: int, s: int) -> dict[Opening, float]:
        """Expected moves after each possible first card (lower is better)."""
        _check(u, w, p, s)
        cards = 2 * u + w + p + s
        if cards == 0:
            return {}
        self.ensure(u + w + p, s)
        moves, search = self._moves, self._search
        total = 0.0
        if u:
            total += u * (search[(u - 1, w, p, s, 0)] + search[(u - 1, p, w, s, 0)])
        if w:
            total += w * (1.0 + moves[(u, w - 1, p, s)])
        if p:
            total += p * (1.0 + moves[(u, w, p - 1, s)])
        if s:
            total += s * self._syncope[(u, w, p, s - 1)]
        values = {Opening.UNKNOWN: total / cards}
        if w:
            values[Opening.WORD] = self._reveal(u, w - 1, p, s, 0)
        if p:
            values[Opening.PICTURE] = self._reveal(u, p - 1, w, s, 0)
        return values

    def opening(self, u: int, w: int, p: int, s: int) -> Opening:
        """The first card that needs the fewest moves on average."""
        values = self.opening_values(u, w, p, s)
        return _best(values, Opening.UNKNOWN, low=True) if values else Opening.UNKNOWN

    def _reveal(self, u: int, a: int, b: int, s: int, pending: int) -> float:
        return _solitaire_reveal(
            u, a, b, s, pending, self._moves, self._search, 1 + 2 * u + a + b + s
        )

    def follow_values(
        self, u: int, a: int, b: int, s: int, pending: bool = False
    ) -> dict[Follow, float]:
        """Expected moves after each possible next card, with a WORD or PICTURE up.

        ``pending``: a pair became known in this search (its card of the other
        kind can end the attempt).
        """
        _check(u, a, b, s)
        self.ensure(u + a + b + 1 + pending, s)
        values = {Follow.UNKNOWN: self._reveal(u, a, b, s, int(pending))}
        if b or pending:
            values[Follow.END] = 1.0 + self._moves[(u, a + 1, b, s)]
        if a or pending:
            values[Follow.SAME] = min(values.values())
        return values

    def follow(self, u: int, a: int, b: int, s: int, pending: bool = False) -> Follow:
        """The next card that needs the fewest moves on average."""
        return _best(self.follow_values(u, a, b, s, pending), Follow.UNKNOWN, low=True)

    def after_syncope_values(self, u: int, w: int, p: int, s: int) -> dict[Follow, float]:
        """Expected moves after each possible second card, a Syncope first."""
        _check(u, w, p, s)
        self.ensure(u + w + p, s)
        return _solitaire_after_syncope(u, w, p, s, self._moves)

    def after_syncope(self, u: int, w: int, p: int, s: int) -> Follow:
        """The second card after a Syncope that needs the fewest moves on average."""
        values = self.after_syncope_values(u, w, p, s)
        return _best(values, Follow.UNKNOWN, low=True) if values else Follow.UNKNOWN


def _solitaire_reveal(
    u: int,
    a: int,
    b: int,
    s: int,
    pending: int,
    moves: dict[Key, float],
    search: dict[SearchKey, float],
    cards: int,
) -> float:
    """Moves after turning up an unknown card in a search (each known pair costs a move)."""
    here = moves[(u, a, b, s)]
    total = here + a * (1.0 + here)
    if u:
        total += u * (moves[(u - 1, a + 1, b + 1, s)] + search[(u - 1, a + 1, b, s, pending)])
    if b:
        total += b * (1.0 + search[(u, a, b - 1, s, 1)])
    if s:
        total += s * moves[(u, a + 1, b, s - 1)]
    return 1.0 + total / cards


def _solitaire_after_syncope(
    u: int, w: int, p: int, s: int, moves: dict[Key, float]
) -> dict[Follow, float]:
    cards = 2 * u + w + p + s
    values: dict[Follow, float] = {}
    if cards == 0:
        return values  # the Syncope was the last card: no second card
    if w or p:
        values[Follow.END] = 1.0 + moves[(u, w, p, s)]
    total = 0.0
    if u:
        total += u * (moves[(u - 1, w + 1, p, s)] + moves[(u - 1, w, p + 1, s)])
    if w:
        total += w * (1.0 + moves[(u, w - 1, p, s)])
    if p:
        total += p * (1.0 + moves[(u, w, p - 1, s)])
    if s:
        total += s * moves[(u, w, p, s - 1)]
    values[Follow.UNKNOWN] = 1.0 + total / cards
    return values


def _build_solitaire(
    pairs: int, syncopes: int
) -> tuple[dict[Key, float], dict[SearchKey, float], dict[Key, float]]:
    """All solitaire tables, bottom-up; the search key's last field is 1 if a pair is pending."""
    moves: dict[Key, float] = {}
    search: dict[SearchKey, float] = {}
    syncope: dict[Key, float] = {}
    for level in range(2 * pairs + syncopes + 1):
        reveal: dict[SearchKey, float] = {}
        for s in range(min(syncopes, level) + 1):
            rest = level - s - 1
            for u in range(rest // 2 + 1 if rest >= 0 else 0):
                ab = rest - 2 * u
                for pending in range(min(2, pairs - u - ab)):
                    for a in range(ab + 1):
                        reveal[(u, a, ab - a, s, pending)] = _solitaire_reveal(
                            u, a, ab - a, s, pending, moves, search, level
                        )
        for s in range(min(syncopes, level) + 1):
            rest = level - s
            for u in range(rest // 2 + 1):
                wp = rest - 2 * u
                if u + wp > pairs:
                    continue
                for w in range(wp + 1):
                    p = wp - w
                    key = (u, w, p, s)
                    if level == 0:
                        moves[key] = 0.0
                        continue
                    total = 0.0
                    if u:
                        total += u * (search[(u - 1, w, p, s, 0)] + search[(u - 1, p, w, s, 0)])
                    if w:
                        total += w * (1.0 + moves[(u, w - 1, p, s)])
                    if p:
                        total += p * (1.0 + moves[(u, w, p - 1, s)])
                    if s:
                        total += s * syncope[(u, w, p, s - 1)]
                    best = total / level
                    if w:
                        best = min(best, reveal[(u, w - 1, p, s, 0)])
                    if p:
                        best = min(best, reveal[(u, p - 1, w, s, 0)])
                    moves[key] = best
        for key5, value in reveal.items():
            u, a, b, s, pending = key5
            if b or pending:
                value = min(value, 1.0 + moves[(u, a + 1, b, s)])
            search[key5] = value
        for s in range(min(syncopes, level) + 1):
            rest = level - s
            for u in range(rest // 2 + 1):
                wp = rest - 2 * u
                if u + wp > pairs:
                    continue
                for w in range(wp + 1):
                    values = _solitaire_after_syncope(u, w, wp - w, s, moves)
                    syncope[(u, w, wp - w, s)] = min(values.values()) if values else 0.0
    return moves, search, syncope


@functools.lru_cache(maxsize=1)
def solitaire() -> Solitaire:
    """The shared solitaire tables (they grow on demand)."""
    return Solitaire()


__all__ = [
    "SIGMA",
    "Duel",
    "Follow",
    "Opening",
    "Solitaire",
    "duel",
    "solitaire",
]
