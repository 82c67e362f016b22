"""Word chains of Klepka: the rules of a chain, checking a player's chain, the best chain.

At the end of a game of Klepka each player builds a chain from their WORD cards:
each word starts with the last letter of the word before it, and a Syncope card
between two words lets the next word start with *any* letter of the previous one.
The longest chain (in letters) wins::

    >>> best_chain(["apple", "tiger", "rat"]).links
    ('tiger', 'rat')
    >>> best_chain(["apple", "tiger", "rat"], syncopes=1).links
    ('tiger', 'rat', 'SYNCOPE', 'apple')

Letters are compared after normalisation (see :func:`letters`): case does not
matter, Russian ё counts as е, apostrophes and hyphens are not letters.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import combinations, islice
from typing import Literal

from igroteka.i18n import Text

__all__ = [
    "SYNCOPE",
    "Chain",
    "ChainError",
    "ChainRules",
    "best_chain",
    "check_chain",
    "check_word",
    "first_letter",
    "last_letter",
    "letters",
    "word_length",
]

SYNCOPE = "SYNCOPE"
"""The token that stands for a Syncope card in a chain's links."""

_APOSTROPHES = frozenset("'\u2019\u02bc")  # ' ’ ʼ (U+02BC is a letter to str.isalpha)
_SOFT_SIGNS = "ьъ"


@dataclass(frozen=True)
class ChainRules:
    """The options of the chain rules.

    ``soft_sign`` decides what a final soft sign does: with ``"skip"`` (the
    default) a word ending in ь (or ъ) chains on from the letter before it, as in
    the game of towns; with ``"strict"`` ь is the last letter like any other, so
    such a word can only be continued through a Syncope.
    """

    soft_sign: Literal["skip", "strict"] = "skip"

    def __post_init__(self) -> None:
        if self.soft_sign not in ("skip", "strict"):
            raise ValueError(f"soft_sign is 'skip' or 'strict', not {self.soft_sign!r}")


class ChainError(ValueError):
    """A chain (or a word) the rules refuse. ``reason`` is a sentence for the player.

    It is a :class:`~igroteka.i18n.Text`, to be said in the player's language.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Chain:
    """A valid chain: its links in order and its length in letters.

    ``links`` holds the words as spelt on the player's cards, with
    :data:`SYNCOPE` where a Syncope card stands, e.g.
    ``("apple", "egg", "SYNCOPE", "goat")``.
    """

    links: tuple[str, ...]
    length: int

    @property
    def words(self) -> tuple[str, ...]:
        """The words of the chain, in order, without the Syncopes."""
        return tuple(link for link in self.links if link != SYNCOPE)

    @property
    def syncopes(self) -> int:
        """How many Syncope cards the chain uses."""
        return sum(1 for link in self.links if link == SYNCOPE)


# -- letters -------------------------------------------------------------------


def _fold(char: str) -> str:
    """One character, case-folded without changing the number of characters; ё is е."""
    folded = char.casefold()
    if len(folded) != 1:  # ß -> ss, İ -> i̇: keep one character per letter
        folded = char.lower()
        if len(folded) != 1:
            folded = char
    return "е" if folded == "ё" else folded


@functools.lru_cache(maxsize=8192)
def letters(word: str) -> str:
    """The normalised letters of a word, the ones that count and chain.

    Case-folded one character at a time, ё as е; apostrophes (' ’ ʼ), hyphens
    and anything else that is not a letter are left out. The word is put in
    Unicode NFC first, so a letter typed as a base and a combining mark (й as
    и + ◌̆) is still one letter.

    >>> letters("М’ясо")
    'мясо'
    >>> letters("Ёлка-палка")
    'елкапалка'
    """
    return "".join(
        _fold(char)
        for char in unicodedata.normalize("NFC", word)
        if char.isalpha() and char not in _APOSTROPHES
    )


def word_length(word: str) -> int:
    """The number of letters of a word (a soft sign counts, apostrophes do not).

    >>> word_length("сім’я")
    4
    """
    return len(letters(word))


def check_word(word: str) -> None:
    """Raise :class:`ChainError` if a word has no letters and so cannot be in a chain.

    >>> check_word("кіт")
    >>> try:
    ...     check_word("’-’")
    ... except ChainError as error:
    ...     print(error.reason)
    ‘’-’’ has no letters
    """
    if not letters(word):
        raise ChainError(Text("‘{word}’ has no letters", word=word))


def _letters_of(word: str) -> str:
    found = letters(word)
    if not found:
        raise ChainError(Text("‘{word}’ has no letters", word=word))
    return found


def _last(found: str, rules: ChainRules) -> str:
    if rules.soft_sign == "skip":
        kept = found.rstrip(_SOFT_SIGNS)
        if kept:
            return kept[-1]
    return found[-1]


def first_letter(word: str) -> str:
    """The letter the word starts with, normalised.

    >>> first_letter("’Apple")
    'a'
    """
    return _letters_of(word)[0]


def last_letter(word: str, rules: ChainRules = ChainRules()) -> str:
    """The letter the next word must start with (without a Syncope), normalised.

    >>> last_letter("сіль")
    'л'
    >>> last_letter("сіль", ChainRules(soft_sign="strict"))
    'ь'
    """
    return _last(_letters_of(word), rules)


# -- checking a chain a player built ---------------------------------------------


def _match_key(word: str) -> str:
    """What a typed word and a card must share to match: case and apostrophes forgiven."""
    return "".join(
        "'" if char in _APOSTROPHES else _fold(char)
        for char in unicodedata.normalize("NFC", word.strip())
    )


def _resolve(typed: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The card each typed word stands for, exact spellings first, then forgiving ones."""
    left = Counter(hand)
    by_key: dict[str, list[str]] = {}
    for card in hand:
        by_key.setdefault(_match_key(card), []).append(card)
    cards: list[str | None] = [None] * len(typed)
    for index, word in enumerate(typed):
        if left[word] > 0:
            left[word] -= 1
            cards[index] = word
    for index, word in enumerate(typed):
        if cards[index] is not None:
            continue
        key = _match_key(word)
        for card in by_key.get(key, ()):
            if left[card] > 0:
                left[card] -= 1
                cards[index] = card
                break
        else:
            if key not in by_key:
                raise ChainError(Text("‘{word}’ is not one of your words", word=word))
            used = sum(1 for other in typed if _match_key(other) == key)  # more than held
            held = len(by_key[key])
            card = by_key[key][0]
            if held > 1:
                raise ChainError(
                    Text(
                        "‘{card}’ is used {count} {count:time|times}, but you hold only {held}",
                        card=card,
                        count=used,
                        held=held,
                    )
                )
            if used == 2:
                raise ChainError(Text("‘{card}’ is used twice", card=card))
            raise ChainError(
                Text("‘{card}’ is used {count} {count:time|times}", card=card, count=used)
            )
    return [card for card in cards if card is not None]


def check_chain(
    links: Sequence[str],
    words: Sequence[str],
    syncopes: int,
    rules: ChainRules = ChainRules(),
) -> Chain:
    """Check a chain a player built from their hand and return it, or raise :class:`ChainError`.

    ``words`` are the WORD cards the player holds and ``syncopes`` how many
    Syncope cards. A typed word matches a card whatever its case and apostrophe
    variant (' ’ ʼ); the chain returned spells the words as the cards do.

    >>> check_chain(["apple", "egg"], ["Egg", "apple", "tiger"], 0)
    Chain(links=('apple', 'Egg'), length=8)
    >>> try:
    ...     check_chain(["apple", "tiger"], ["apple", "tiger"], 0)
    ... except ChainError as error:
    ...     print(error.reason)
    ‘apple’ ends with e, ‘tiger’ starts with t
    """
    if syncopes < 0:
        raise ValueError(f"a player holds 0 or more Syncopes, not {syncopes}")
    links = list(links)
    for index, link in enumerate(links):
        if link == SYNCOPE and (
            index == 0 or index == len(links) - 1 or links[index - 1] == SYNCOPE
        ):
            raise ChainError(Text("a Syncope stands only between two words"))
    used = sum(1 for link in links if link == SYNCOPE)
    if used > syncopes:
        raise ChainError(
            Text("you hold {count} {count:Syncope|Syncopes}, not {used}", count=syncopes, used=used)
        )
    typed = [link for link in links if link != SYNCOPE]
    for word in typed:
        check_word(word)
    cards = iter(_resolve(typed, words))
    resolved = [SYNCOPE if link == SYNCOPE else next(cards) for link in links]
    previous: str | None = None
    after_syncope = False
    for link in resolved:
        if link == SYNCOPE:
            after_syncope = True
            continue
        if previous is not None:
            start = first_letter(link)
            if after_syncope:
                if start not in letters(previous):
                    shown = ", ".join(dict.fromkeys(letters(previous)))
                    raise ChainError(
                        Text(
                            "‘{word}’ must start with a letter of ‘{previous}’ ({letters})",
                            word=link,
                            previous=previous,
                            letters=shown,
                        )
                    )
            else:
                end = last_letter(previous, rules)
                if start != end:
                    raise ChainError(
                        Text(
                            "‘{previous}’ ends with {end}, ‘{word}’ starts with {start}",
                            previous=previous,
                            end=end,
                            word=link,
                            start=start,
                        )
                    )
        previous = link
        after_syncope = False
    return Chain(tuple(resolved), sum(word_length(link) for link in typed))


# -- the best chain ---------------------------------------------------------------


def best_chain(words: Sequence[str], syncopes: int = 0, rules: ChainRules = ChainRules()) -> Chain:
    """The longest chain (in letters) a player can build from a hand, exactly.

    Among equally long chains the one with fewer Syncopes is chosen; a Syncope is
    never put between two words that chain without it. The same hand gives the
    same chain whatever the order of ``words`` (the hand is sorted first).

    How: a longest trail in a multigraph whose vertices are letters and whose
    edges are words; a word followed by a Syncope is an edge to another of its
    letters. Small hands, and sparse ones (few words chain on from each), are
    searched exhaustively with memoisation; when that meets too many positions,
    a depth-first branch and bound over chains, word by word, with
    memoisation on (letter, words used, Syncopes left); parallel words are used
    heaviest first. Its bound is a min-cost-flow relaxation with Syncopes priced
    in the Lagrangian way, whose potentials bound each move cheaply; when the
    relaxation's solution is itself a chain (it is connected), the search stops
    there. Time grows steeply with the size of the hand: a hand of 40 words is a
    matter of milliseconds to about a second.

    >>> best_chain(["сіль", "лимон", "ніс", "м’ясо"]).links
    ('лимон', 'ніс', 'сіль')
    >>> chain = best_chain(["apple", "tiger", "rat"], syncopes=1)
    >>> chain.links, chain.length, chain.syncopes
    (('tiger', 'rat', 'SYNCOPE', 'apple'), 13, 1)
    """
    if syncopes < 0:
        raise ValueError(f"a player holds 0 or more Syncopes, not {syncopes}")
    found = [_letters_of(word) for word in words]
    order = sorted(range(len(words)), key=lambda i: (found[i], words[i]))
    hand = [words[i] for i in order]
    solver = _Solver([found[i] for i in order], syncopes, rules)
    path = None
    if len(words) <= _SMALL:
        path = solver.exhaustive()
    elif len(words) <= _SPARSE or (syncopes == 0 and solver.links() <= _SPARSE_LINKS):
        path = solver.exhaustive(_BUDGET)  # fast when few words chain on (a hand of nouns)
    if path is None:
        path = solver.solve()
    links: list[str] = []
    for index, syncope in path:
        links.append(hand[index])
        if syncope:
            links.append(SYNCOPE)
    return Chain(tuple(links), sum(len(found[order[index]]) for index, _ in path))


_FAR = 1 << 60
_SMALL = 10  # hands of up to this many words are searched exhaustively
_SPARSE = 24  # and bigger ones up to this size, or any size without Syncopes when
_SPARSE_LINKS = 3  # at most this many words follow a word on average, until
_BUDGET = 4_000  # the search has met this many positions; then branch and bound
_ROOT_ROUNDS = 6  # prices of a Syncope tried at the root (a bisection)
_NODE_ROUNDS = 2  # and at the other nodes, from the parent's price
_KEEP = 50_000  # nodes whose relaxation is kept for the next round of the search
_TRIES = 40  # choices of k jumps tried as chains at the root
_EXACT_SYNCOPES = 2  # nodes with at most this many Syncopes left are first searched
_NODE_BUDGET = (300, 300, 300)  # exhaustively, within this budget of positions (by Syncopes left)

_Step = tuple[int, int, int]
"""One word of a chain as the solver sees it: (edge, letter the chain goes on from, Syncope)."""


class _OverBudget(Exception):
    """The exhaustive search met more positions than it may."""


class _Exhaustive:
    """Every chain from a position, memoised on (letter, words used, Syncopes left).

    Positions are exact once met, so the memo is shared by every question asked
    (the branch and bound asks it about the positions deep in its search). The
    letter ``vertices`` stands for a free start (the first word of a chain).
    """

    def __init__(self, solver: _Solver) -> None:
        self.solver = solver
        count = len(solver.word)
        self.places = solver.vertices + 1
        self.kinds = solver.syncopes + 1
        self.starting: list[list[int]] = [[] for _ in range(self.places)]
        for e in range(count):
            self.starting[solver.tail[e]].append(e)
        self.starting[solver.vertices] = list(range(count))
        self.best: dict[int, tuple[int, int, int]] = {}
        """Per position: (score, first word or -1, letter it goes on from; -1 - letter: a jump)."""

    def value(self, c: int, mask: int, k: int, budget: int = -1) -> int | None:
        """The best score from a position, or None past ``budget`` new positions (-1: never)."""
        solver = self.solver
        head, weight, targets = solver.head, solver.weight, solver.targets
        scale = solver.syncopes + 1
        places, kinds, starting, best = self.places, self.kinds, self.starting, self.best
        left = [budget]

        def value(c: int, mask: int, k: int) -> int:
            key = (mask * places + c) * kinds + k
            known = best.get(key)
            if known is not None:
                return known[0]
            left[0] -= 1
            if left[0] == -1:
                raise _OverBudget
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
        except _OverBudget:
            return None

    def steps(self, c: int, mask: int, k: int) -> tuple[_Step, ...]:
        """The best chain from a position already valued: (edge, letter after, Syncope)."""
        found: list[_Step] = []
        while True:
            _, step, to = self.best[(mask * self.places + c) * self.kinds + k]
            if step < 0:
                return tuple(found)
            jump = to < 0
            c = -1 - to if jump else to
            found.append((step, c, int(jump)))
            mask |= 1 << step
            k -= jump


class _Solver:
    """The longest chain: a longest trail in a multigraph of letters whose edges are words.

    A word is an edge from its first letter to its last (weight: its letters); a
    word followed by a Syncope is an edge from its first letter to another of its
    letters. The score of a chain is ``letters * (k + 1) - Syncopes``, so that a
    longer chain always wins and fewer Syncopes break ties.

    The search is a depth-first branch and bound over chains, word by word, with
    memoisation on (letter, words used, Syncopes left) and a bound from a flow
    relaxation (see :meth:`solve`).
    """

    def __init__(self, found: Sequence[str], syncopes: int, rules: ChainRules) -> None:
        count = len(found)
        # Edges are numbered heaviest first (ties in hand order): edge e is word[e].
        self.word = sorted(range(count), key=lambda i: (-len(found[i]), i))
        alphabet = sorted({char for word in found for char in word})
        vertex = {char: index for index, char in enumerate(alphabet)}
        self.vertices = len(alphabet)
        self.tail = [vertex[found[i][0]] for i in self.word]
        self.head = [vertex[_last(found[i], rules)] for i in self.word]
        self.weight = [len(found[i]) for i in self.word]
        # Where a Syncope after the word may lead: its other letters.
        self.targets = [
            tuple(sorted({vertex[char] for char in found[i]} - {self.head[e]}))
            for e, i in enumerate(self.word)
        ]
        self.syncopes = min(syncopes, max(count - 1, 0))
        self.every = _Exhaustive(self)
        """The exhaustive search's memo, shared by :meth:`exhaustive` and :meth:`solve`: a
        budgeted search that gives up leaves its finished positions to the branch and bound."""

    def links(self) -> float:
        """How many words can follow a word without a Syncope, on average."""
        starting = Counter(self.tail)
        return sum(starting[v] for v in self.head) / max(1, len(self.head))

    def exhaustive(self, budget: int = -1) -> list[tuple[int, bool]] | None:
        """The best chain by plain memoised search (as :meth:`solve`), or None past ``budget``.

        Every chain is tried, with memoisation on (letter, words used, Syncopes
        left): for a small or sparse hand this is faster than bounding. The search
        gives up (None) when it has met more than ``budget`` positions (-1: never).
        """
        search = self.every
        start = self.vertices  # the first word: any
        if search.value(start, 0, self.syncopes, budget) is None:
            return None
        return [(self.word[e], bool(jump)) for e, _, jump in search.steps(start, 0, self.syncopes)]

    def solve(self) -> list[tuple[int, bool]]:
        """The best chain as (index in ``found``, followed by a Syncope) pairs.

        The bound. Relax a chain from letter c to: a set of words where every
        letter is left as often as it is entered, except that c is left once more
        and the end entered once more (a path plus cycles that need not touch
        it), and where a word followed by a Syncope enters another of its letters
        at a price mu + 1 in score (mu prices the budget of k Syncopes, in the
        Lagrangian way). That is a min-cost flow, solved by successive shortest
        paths (Dijkstra with potentials). A word that starts and ends with the
        same letter (a loop) only counts if the chain passes that letter: each
        letter is split into an entry and an exit, joined by a free arc and by
        one arc worth all its loops. The flow's value + k * mu bounds the score.
        Its potentials p also bound every child cheaply: a chain scores
        sum(w * scale - p(exit of first letter) + p(entry of next letter)) +
        p(c) - p(end), so the sum of the positive terms (with the k best Syncope
        gains) bounds it for any p. And when the flow is itself one chain (it is
        connected, with at most k Syncopes), that chain is the best one from here.
        At the root, when the priced flow uses another number of Syncopes than k,
        flows with k jumps fixed (jumps as good as any other use of their word at
        that price) are tried as chains too: a chain that scores the bound makes
        only such jumps.

        Nodes with at most two Syncopes left are first searched exhaustively
        (:class:`_Exhaustive`, its memo shared by the whole search) within a small
        budget of positions: deep in the search few chains are left, and trying
        them all is cheaper than bounding them.

        The search. From the bound down: look for a chain scoring the bound; if
        there is none the search proves a lower bound, and so on (each round
        keeps the relaxations solved). Canonical choices keep it from trying the
        same chain in many orders, each safe by an exchange argument (an optimal
        chain that is first in the order of the edges meets them all): of
        parallel words (same first and last letter) the heaviest unused one is
        taken, unless heavier ones are kept to be used with a Syncope later (and
        only so; at most as many as Syncopes are left); a word used with a
        Syncope is the heaviest unused one with the same letters; with no Syncope
        left, the loops at the current letter are taken at once.
        """
        count = len(self.word)
        if count == 0:
            return []
        tail, head, weight, targets = self.tail, self.head, self.weight, self.targets
        vertices = self.vertices
        omega = vertices  # the end of the chain, in the flow relaxation
        sigma = vertices + 1  # where the chain starts, when the start is free
        out = vertices + 2  # the exit of letter v is out + v (its entry is v)
        split = 2 * vertices + 2  # the node of word e in the flow with Syncopes is split + e
        syncopes = self.syncopes
        scale = syncopes + 1
        kinds = syncopes + 1
        places = vertices + 1
        bit = [1 << e for e in range(count)]
        loop = [tail[e] == head[e] for e in range(count)]
        out_mask = [0] * vertices
        for e in range(count):
            out_mask[tail[e]] |= bit[e]
        plain_step = [1 << head[e] for e in range(count)]
        jump_step = [plain_step[e] | sum(1 << x for x in targets[e]) for e in range(count)]
        loops_at: list[list[int]] = [[] for _ in range(vertices)]
        for e in range(count):
            if loop[e]:
                loops_at[tail[e]].append(e)

        # Parallel edges (same first and last letter) are used heaviest first; so are the
        # edges used with a Syncope that also have the same letters to jump to.
        groups: list[list[list[int]]] = [[] for _ in range(vertices)]
        classes: list[list[list[int]]] = [[] for _ in range(vertices)]
        group_of: dict[tuple[int, int], list[int]] = {}
        class_of: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
        twins: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        twin = [
            twins.setdefault((tail[e], head[e], weight[e], targets[e]), len(twins))
            for e in range(count)
        ]
        for e in range(count):
            group = group_of.get((tail[e], head[e]))
            if group is None:
                group = group_of[(tail[e], head[e])] = []
                groups[tail[e]].append(group)
            group.append(e)
            if targets[e]:
                kind = class_of.get((tail[e], head[e], targets[e]))
                if kind is None:
                    kind = class_of[(tail[e], head[e], targets[e])] = []
                    classes[tail[e]].append(kind)
                kind.append(e)

        def reach(c: int, mask: int, k: int) -> int:
            """The unused edges a chain from ``c`` could still use (all of them at the root)."""
            free = ~mask
            if c < 0:
                return ((1 << count) - 1) & free
            step = jump_step if k else plain_step
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

        def plain_flow(
            c: int, edges: list[int], hd: list[int] = head
        ) -> tuple[list[int], int, set[int], dict[int, int], int, int, int]:
            """The flow relaxation without Syncopes, from ``c`` (-1: from anywhere).

            Before the flow, the words no chain from c can use are left out (those
            from letters nothing enters but c), and the words into dead ends (letters
            nothing leaves) become ways to end. Returns the potentials (in letters),
            the words used (loops aside), the letters whose loops are used, the
            passes through each letter, the start, the end letter and the dead-end
            word the flow ends with (-1: none). ``hd`` may send some words elsewhere
            than their last letter (as if followed by a Syncope).
            """
            outs: dict[int, list[int]] = {}
            loops: dict[int, int] = {}
            indegree: dict[int, int] = {}
            for e in edges:
                u = tail[e]
                if hd[e] == u:
                    loops[u] = loops.get(u, 0) + weight[e]
                    continue
                if u in outs:
                    outs[u].append(e)
                else:
                    outs[u] = [e]
                v = hd[e]
                indegree[v] = indegree.get(v, 0) + 1
            has = set(outs)
            has.update(loops)
            peeled: list[int] = []
            if c >= 0:
                stack = [u for u in has if u != c and u not in indegree]
                while stack:
                    u = stack.pop()
                    peeled.append(u)
                    for e in outs.get(u, ()):
                        v = hd[e]
                        indegree[v] -= 1
                        if not indegree[v] and v != c and v in has:
                            stack.append(v)
            gone = set(peeled)
            live = [u for u in has if u not in gone]
            gain = dict.fromkeys(live, 0)  # the heaviest word into a dead end, per letter
            last = dict.fromkeys(live, -1)
            need: dict[int, int] = {}
            for u in live:
                need[u] = 0
                need[out + u] = 0
            if c >= 0:
                need[c] += 1
            near: dict[int, list[int]] = {x: [] for x in need}
            saturated = 0
            for u in live:
                for e in outs.get(u, ()):
                    v = hd[e]
                    if v not in has:
                        if weight[e] > gain[u]:
                            gain[u] = weight[e]
                            last[u] = e
                    else:
                        need[out + u] -= 1
                        need[v] += 1
                        near[out + u].append(e)
                        near[v].append(e)
                        saturated |= bit[e]
            bonus: dict[int, int] = {}
            for u in live:
                if u in loops:
                    bonus[u] = loops[u]
                    need[u] -= 1
                    need[out + u] += 1
            took = set(bonus)
            passes = dict.fromkeys(live, 0)
            pi = [0] * split
            pi[omega] = -max(gain.values(), default=0)
            need[omega] = -1
            if c < 0:
                need[sigma] = 1
            nodes = list(need)
            end = -1
            start = -1
            while True:
                sources = [x for x in nodes if need[x] > 0]
                if not sources:
                    break
                dist = [_FAR] * split
                prev = [-1] * split
                how = [0] * split
                heap = []
                for x in sources:
                    dist[x] = 0
                    heap.append((0, x))
                settled: list[int] = []
                target = -1
                while heap:
                    d, x = heappop(heap)
                    if d > dist[x]:
                        continue
                    settled.append(x)
                    if need[x] < 0:
                        target = x
                        break
                    base = d + pi[x]
                    if x == omega:
                        if end >= 0:
                            y = out + end
                            nd = base + gain[end] - pi[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = -2
                                heappush(heap, (nd, y))
                    elif x == sigma:
                        for y in live:
                            if y != start:
                                nd = base - pi[y]
                                if nd < dist[y]:
                                    dist[y] = nd
                                    prev[y] = x
                                    how[y] = -3
                                    heappush(heap, (nd, y))
                    elif x >= out:
                        u = x - out
                        for e in near[x]:
                            if not saturated & bit[e]:
                                y = hd[e]
                                nd = base - weight[e] - pi[y]
                                if nd < dist[y]:
                                    dist[y] = nd
                                    prev[y] = x
                                    how[y] = e
                                    heappush(heap, (nd, y))
                        if passes[u]:
                            nd = base - pi[u]
                            if nd < dist[u]:
                                dist[u] = nd
                                prev[u] = x
                                how[u] = -6
                                heappush(heap, (nd, u))
                        if u in took:
                            nd = base + bonus[u] - pi[u]
                            if nd < dist[u]:
                                dist[u] = nd
                                prev[u] = x
                                how[u] = -7
                                heappush(heap, (nd, u))
                        if end != u:
                            nd = base - gain[u] - pi[omega]
                            if nd < dist[omega]:
                                dist[omega] = nd
                                prev[omega] = x
                                how[omega] = -2
                                heappush(heap, (nd, omega))
                    else:
                        for e in near[x]:
                            if saturated & bit[e]:
                                y = out + tail[e]
                                nd = base + weight[e] - pi[y]
                                if nd < dist[y]:
                                    dist[y] = nd
                                    prev[y] = x
                                    how[y] = e
                                    heappush(heap, (nd, y))
                        y = out + x
                        nd = base - pi[y]
                        if nd < dist[y]:
                            dist[y] = nd
                            prev[y] = x
                            how[y] = -4
                            heappush(heap, (nd, y))
                        if x in bonus and x not in took:
                            nd = base - bonus[x] - pi[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = -5
                                heappush(heap, (nd, y))
                        if x == start:
                            nd = base - pi[sigma]
                            if nd < dist[sigma]:
                                dist[sigma] = nd
                                prev[sigma] = x
                                how[sigma] = -3
                                heappush(heap, (nd, sigma))
                if target < 0:  # cannot happen: leaving out every word is always possible
                    break
                y = target
                while prev[y] >= 0:
                    x = prev[y]
                    code = how[y]
                    if code >= 0:
                        saturated ^= bit[code]
                    elif code == -2:
                        if y == omega:
                            end = x - out
                        elif end == y - out:
                            end = -1
                    elif code == -3:
                        if y == sigma:
                            if start == x:
                                start = -1
                        else:
                            start = y
                    elif code == -4:
                        passes[x] += 1
                    elif code == -6:
                        passes[y] -= 1
                    elif code == -5:
                        took.add(x)
                    else:
                        took.discard(y)
                    y = x
                need[y] -= 1
                need[target] += 1
                far = dist[target]
                for x in settled:
                    pi[x] -= far - dist[x]
            for v in indegree:
                if v not in has:
                    pi[v] = pi[out + v] = pi[omega]
            for u in reversed(peeled):
                pi[out + u] = max(
                    pi[omega], max((weight[e] + pi[hd[e]] for e in outs.get(u, ())), default=0)
                )
                pi[u] = pi[out + u] + loops.get(u, 0)
            final = -1
            if end >= 0 and last[end] >= 0:
                final = last[end]
                saturated |= bit[final]
            return pi, saturated, took, passes, (c if c >= 0 else start), end, final

        def unroll(
            start: int, arcs: dict[int, list[tuple[int, int, int, int]]], total: int
        ) -> list[_Step] | None:
            """One trail through all the arcs (Hierholzer), or None if they are not connected.

            ``arcs`` maps a node to its arcs (to node, edge or -1, letter next, Syncope);
            an arc with edge -2 - v stands for the loops at letter v.
            """
            for outgoing in arcs.values():
                outgoing.reverse()  # pop the heaviest first
            stack: list[tuple[int, int, int, int]] = [(start, -1, -1, 0)]
            trail: list[_Step] = []
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
                        for f in reversed(loops_at[v]):
                            if f in pending:
                                trail.append((f, v, 0))
            if used != total:
                return None
            trail.reverse()
            return trail

        pending: set[int] = set()  # the loops a trail built by unroll may take

        def plain_chain(
            start: int, used: int, took: set[int], free: int, hd: list[int] = head
        ) -> list[_Step] | None:
            """The flow without Syncopes as a chain from ``start``, if it is one."""
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
            pending.clear()
            pending.update(f for v in took for f in loops_at[v] if free & bit[f] and hd[f] == v)
            return unroll(start, arcs, total)

        def jump_flow(
            c: int,
            edges: list[int],
            k: int,
            mu: int,
            pi: list[int],
            used: int,
            took0: set[int],
            passes0: dict[int, int],
            first: int,
            end: int,
            final: int,
            free: int,
        ) -> tuple[int, int, list[_Step] | None, list[int], list[tuple[int, int]]]:
            """The flow relaxation with Syncopes priced at ``mu``, warm-started from the plain one.

            Each word is a node entered from its first letter's exit and left to
            its last letter's entry (or the end, for a dead end), or, at a price
            1 + mu, to another of its letters' entries. A loop is only left that
            way (its letters count in its letter's loop arc). Returns the bound
            (flow value + k * mu), the Syncopes the flow uses, the flow as a chain
            if it is one, the potentials and the words the flow jumps from (with the
            letters they jump to).
            """
            s = scale
            pot = [0] * (split + count)
            for y in range(split):
                pot[y] = pi[y] * s
            outs: dict[int, list[int]] = {}
            loops: dict[int, int] = {}
            for e in edges:
                u = tail[e]
                if u in outs:
                    outs[u].append(e)
                else:
                    outs[u] = [e]
                if loop[e]:
                    loops[u] = loops.get(u, 0) + weight[e]
            into: dict[int, list[int]] = {y: [] for y in outs}
            into[omega] = []
            exits: dict[int, list[int]] = {}
            flows: dict[int, list[int]] = {}
            entered: dict[int, bool] = {}
            excess: dict[int, int] = {}
            took = set(took0)
            passes = {u: passes0.get(u, 0) for u in outs}
            starts = {first} if c < 0 and first >= 0 else set()
            endflow: set[int] = {end} if end >= 0 and final < 0 else set()
            for e in edges:
                u, v = tail[e], head[e]
                jumps = [x for x in targets[e] if x in outs]
                node = split + e
                if loop[e]:
                    exits[e] = [-1, *jumps]
                    entered[e] = False
                    flows[e] = []
                    pot[node] = pot[out + u]
                    continue
                normal = v if v in outs else omega
                exits[e] = [normal, *jumps]
                if used & bit[e]:
                    entered[e] = True
                    flows[e] = [normal]
                    into[normal].append(e)
                    pot[node] = pot[normal]
                else:
                    entered[e] = False
                    flows[e] = []
                    pot[node] = pot[out + u] - weight[e] * s
            if final >= 0:
                # The flow ends with a dead-end word: no other way to end may look cheaper.
                low = min(pot[out + y] for y in outs)
                for e in edges:
                    if not entered[e] and exits[e][0] == omega and pot[split + e] < low:
                        low = pot[split + e]
                if low < pot[omega]:
                    pot[omega] = low
                pot[split + final] = pot[omega]
            for e in edges:
                jumps = exits[e][1:]
                if not jumps:
                    continue
                node = split + e
                best = max(jumps, key=pot.__getitem__)
                if 1 + mu + pot[node] - pot[best] >= 0:
                    continue
                if entered[e]:
                    normal = exits[e][0]
                    into[normal].remove(e)
                    excess[normal] = excess.get(normal, 0) - 1
                else:
                    entered[e] = True
                    excess[out + tail[e]] = excess.get(out + tail[e], 0) - 1
                flows[e] = [best]
                into[best].append(e)
                excess[best] = excess.get(best, 0) + 1
                pot[node] = pot[best] - 1 - mu
            letters_ = list(outs)
            size = split + count
            cost_jump = 1 + mu
            while True:
                sources = [x for x, ex in excess.items() if ex > 0]
                if not sources:
                    break
                dist = [_FAR] * size
                prev = [-1] * size
                how = [0] * size
                heap = []
                for x in sources:
                    dist[x] = 0
                    heap.append((0, x))
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
                    if x >= split:
                        e = x - split
                        if entered[e]:
                            y = out + tail[e]
                            nd = base + (0 if loop[e] else weight[e] * s) - pot[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = 2
                                heappush(heap, (nd, y))
                        taken = flows[e]
                        ways = exits[e]
                        normal = ways[0]
                        for y in ways:
                            if y >= 0 and y not in taken:
                                nd = base + (0 if y == normal else cost_jump) - pot[y]
                                if nd < dist[y]:
                                    dist[y] = nd
                                    prev[y] = x
                                    how[y] = 3
                                    heappush(heap, (nd, y))
                    elif x >= out:
                        u = x - out
                        for e in outs[u]:
                            if not entered[e]:
                                y = split + e
                                nd = base - (0 if loop[e] else weight[e] * s) - pot[y]
                                if nd < dist[y]:
                                    dist[y] = nd
                                    prev[y] = x
                                    how[y] = 0
                                    heappush(heap, (nd, y))
                        if passes[u]:
                            nd = base - pot[u]
                            if nd < dist[u]:
                                dist[u] = nd
                                prev[u] = x
                                how[u] = 10
                                heappush(heap, (nd, u))
                        if u in took:
                            nd = base + loops[u] * s - pot[u]
                            if nd < dist[u]:
                                dist[u] = nd
                                prev[u] = x
                                how[u] = 12
                                heappush(heap, (nd, u))
                        if u not in endflow:
                            nd = base - pot[omega]
                            if nd < dist[omega]:
                                dist[omega] = nd
                                prev[omega] = x
                                how[omega] = 4
                                heappush(heap, (nd, omega))
                    elif x == omega:
                        for e in into[omega]:
                            y = split + e
                            nd = base - pot[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = 5
                                heappush(heap, (nd, y))
                        for u in endflow:
                            y = out + u
                            nd = base - pot[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = 6
                                heappush(heap, (nd, y))
                    elif x == sigma:
                        for y in letters_:
                            if y not in starts:
                                nd = base - pot[y]
                                if nd < dist[y]:
                                    dist[y] = nd
                                    prev[y] = x
                                    how[y] = 7
                                    heappush(heap, (nd, y))
                    else:
                        for e in into[x]:
                            y = split + e
                            nd = base - (0 if exits[e][0] == x else cost_jump) - pot[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = 1
                                heappush(heap, (nd, y))
                        y = out + x
                        nd = base - pot[y]
                        if nd < dist[y]:
                            dist[y] = nd
                            prev[y] = x
                            how[y] = 9
                            heappush(heap, (nd, y))
                        if x in loops and x not in took:
                            nd = base - loops[x] * s - pot[y]
                            if nd < dist[y]:
                                dist[y] = nd
                                prev[y] = x
                                how[y] = 11
                                heappush(heap, (nd, y))
                        if x in starts:
                            nd = base - pot[sigma]
                            if nd < dist[sigma]:
                                dist[sigma] = nd
                                prev[sigma] = x
                                how[sigma] = 8
                                heappush(heap, (nd, sigma))
                if target < 0:
                    return _FAR, 0, None, pot, []
                y = target
                while prev[y] >= 0:
                    x = prev[y]
                    code = how[y]
                    if code == 0:
                        entered[y - split] = True
                    elif code == 1:
                        flows[y - split].remove(x)
                        into[x].remove(y - split)
                    elif code == 2:
                        entered[x - split] = False
                    elif code == 3:
                        flows[x - split].append(y)
                        into[y].append(x - split)
                    elif code == 4:
                        endflow.add(x - out)
                    elif code == 5:
                        flows[y - split].remove(omega)
                        into[omega].remove(y - split)
                    elif code == 6:
                        endflow.discard(y - out)
                    elif code == 7:
                        starts.add(y)
                    elif code == 8:
                        starts.discard(x)
                    elif code == 9:
                        passes[x] += 1
                    elif code == 10:
                        passes[y] -= 1
                    elif code == 11:
                        took.add(x)
                    else:
                        took.discard(y)
                    y = x
                excess[y] -= 1
                excess[target] += 1
                far = dist[target]
                for x in settled:
                    pot[x] -= far - dist[x]
            value = sum(loops[u] for u in took) * s
            jumped = 0
            jumps_at: list[tuple[int, int]] = []
            arcs_at: dict[int, list[tuple[int, int, int, int]]] = {}
            arrivals: dict[int, int] = {}
            total = 0
            for e in edges:
                if not entered[e]:
                    continue
                y = flows[e][0]
                if y == omega:
                    y = head[e]
                jump = 0 if y == head[e] else 1
                jumped += jump
                if jump:
                    jumps_at.append((e, y))
                if not loop[e]:
                    value += weight[e] * s
                value -= jump
                arcs_at.setdefault(out + tail[e], []).append((y, e, y, jump))
                arrivals[y] = arrivals.get(y, 0) + 1
                total += 1
            bound = value - jumped * mu + k * mu
            if jumped > k:
                return bound, jumped, None, pot, jumps_at
            begin = c if c >= 0 else (min(starts) if starts else -1)
            arrivals[begin] = arrivals.get(begin, 0) + 1
            for v, n in arrivals.items():
                extra = 1 if v in took else 0
                if n < extra:
                    return bound, jumped, None, pot, jumps_at
                items = arcs_at.setdefault(v, [])
                items.extend((out + v, -1, v, 0) for _ in range(n - extra))
                if extra:
                    items.append((out + v, -2 - v, v, 0))
                total += n
            if any(v not in arrivals for v in took):
                return bound, jumped, None, pot, jumps_at
            pending.clear()
            pending.update(
                f for v in took for f in loops_at[v] if free & bit[f] and not entered.get(f, False)
            )
            trail = unroll(begin, arcs_at, total)
            return bound, jumped, trail, pot, jumps_at

        def dual(
            pot: list[int], edges: list[int], tails: int, c: int, k: int
        ) -> tuple[int, int, list[int], list[tuple[int, int]], int]:
            """The bound from potentials ``pot`` on a chain from ``c`` (-1: anywhere) on ``edges``.

            Returns the bound, the sum of the plain terms, how much each word's use
            takes off that sum, the Syncope gains (negated, sorted) and the lowest
            potential an end can have.
            """
            slack = [0] * count
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
                here = size * scale - drop[v]
                if here > 0:
                    total += here
            if c >= 0:
                exit_c = min(pot[out + c], pot[c])
                if exit_c < lowest:
                    lowest = exit_c
            for e in edges:
                u = tail[e]
                leave = min(pot[out + u], pot[u])
                if loop[e]:
                    before = loops[u] * scale - drop[u]
                    after = before - weight[e] * scale
                    slack[e] = (before if before > 0 else 0) - (after if after > 0 else 0)
                    base = -1 - leave
                    here = 0
                else:
                    v = head[e]
                    if tails >> v & 1:
                        there = pot[v]
                        stop = min(pot[out + v], there)
                        if stop < lowest:
                            lowest = stop
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
                    jump = -_FAR
                    for x in targets[e]:
                        if tails >> x & 1 and pot[x] > jump:
                            jump = pot[x]
                    if base + jump > here:
                        gains.append((here - base - jump, e))
            gains.sort()
            top = pot[c] if c >= 0 else max(pot[u] for u in range(vertices) if tails >> u & 1)
            bound = total + top - lowest
            for g, _ in gains[:k]:
                bound -= g
            return bound, total, slack, gains, lowest

        # A node's key: (words used, words kept for a Syncope, letter, Syncopes left).
        exact: dict[int, tuple[int, tuple[_Step, ...], bool, int]] = {}
        every = self.every
        upper: dict[int, int] = {}
        root_best = [0]
        Node = tuple[
            int, tuple[_Step, ...], int, list[int], int, list[int], list[tuple[int, int]], int
        ]
        evaluated: dict[int, Node] = {}  # a node's bound and chains, kept for later rounds

        def search(c: int, mask: int, k: int, need: int, hint: int = -1, held: int = 0) -> int:
            """The best score from here if it beats ``need``, else an upper bound <= ``need``.

            ``hint`` is the parent's price of a Syncope (-1: none).
            """
            key = (((mask << count) | held) * places + (c if c >= 0 else vertices)) * kinds + k
            known = exact.get(key)
            if known is not None:
                return known[0]
            ub = upper.get(key)
            if ub is not None and ub <= need:
                return ub
            node = evaluated.get(key)
            if node is None:
                node = evaluate(c, mask, k, need, key, ub, hint)
                if node is None:
                    known = exact.get(key)
                    return known[0] if known is not None else upper[key]
                if len(evaluated) >= _KEEP:  # a cache: bound its memory
                    evaluated.clear()
                evaluated[key] = node  # for a later round (with a lower need)
            return expand(c, mask, k, need, key, node, held)

        def evaluate(
            c: int, mask: int, k: int, need: int, key: int, ub: int | None, hint: int
        ) -> Node | None:
            """Bound a node and find the chains its relaxations give.

            Returns what the search of its moves needs, or None when the node is
            settled (its exact score, or a bound <= ``need``, is recorded).
            """
            free = reach(c, mask, k)
            if not free:
                exact[key] = (0, (), True, -1)
                return None
            if c >= 0 and k <= _EXACT_SYNCOPES:
                # Deep in the search few chains are left: try them all (within a budget).
                score = every.value(c, mask, k, _NODE_BUDGET[k])
                if score is not None:
                    exact[key] = (score, every.steps(c, mask, k), True, -1)
                    return None
            edges = []
            tails = 0
            rest = free
            while rest:
                low = rest & -rest
                rest ^= low
                e = low.bit_length() - 1
                edges.append(e)
                tails |= 1 << tail[e]
            pi, used, took, passes, first, end, final_edge = plain_flow(c, edges)
            pot = [x * scale for x in pi]
            bound, total, slack, gains, lowest = dual(pot, edges, tails, c, k)
            if ub is not None and ub < bound:
                bound = ub
            if bound <= need:
                upper[key] = bound
                return None
            best = 0
            price = hint
            steps: tuple[_Step, ...] = ()
            # The relaxation may be a chain already: the best one if it reaches the bound.
            trail = plain_chain(first, used, took, free)
            if trail is not None:
                best = sum(weight[e] for e, _, _ in trail) * scale
                steps = tuple(trail)
                if best >= bound:
                    exact[key] = (best, steps, True, -1)
                    return None
            if k:
                # Price the Syncopes so that the flow uses k of them: a bisection on how
                # many it uses, from the parent's price.
                low_mu, high_mu = 0, -gains[0][0] if gains else 0
                mu = hint if hint >= 0 else (-gains[k][0] if len(gains) > k else 0)
                flow_pot: list[int] | None = None
                tight_pot: list[int] | None = None
                lowest_flow = _FAR
                tight_mu = 0
                seen_jumps: list[tuple[int, int]] = []
                for _ in range(_ROOT_ROUNDS if hint < 0 else _NODE_ROUNDS):
                    mu = min(max(mu, low_mu), high_mu)
                    tighter, jumped, flow_trail, flow_at, flow_jumps = jump_flow(
                        c, edges, k, mu, pi, used, took, passes, first, end, final_edge, free
                    )
                    for jump_at in flow_jumps:
                        if jump_at not in seen_jumps:
                            seen_jumps.append(jump_at)
                    if tighter < lowest_flow:
                        lowest_flow = tighter
                        tight_pot = flow_at
                        tight_mu = mu
                    if tighter < bound:
                        bound = tighter
                        flow_pot = flow_at
                        price = mu
                    if flow_trail is not None:
                        score = chain_score(flow_trail)
                        if score > best:
                            best = score
                            steps = tuple(flow_trail)
                    if bound <= need or best >= bound or jumped == k:
                        break
                    if jumped > k:
                        low_mu = mu + 1
                    else:
                        high_mu = mu - 1
                    if low_mu > high_mu:
                        break
                    mu = (low_mu + high_mu) // 2
                if bound <= need:
                    upper[key] = bound
                    return None
                if c < 0 and best < bound and tight_pot is not None:
                    # The flows want more Syncopes than there are, or fewer. A chain that
                    # scores the bound only makes jumps that the priced flow finds as
                    # good as any other use of their words: try k of them (and of those
                    # the flows made), the other words going on as usual.
                    choice = tight(tight_pot, edges, tails, tight_mu)
                    choice += [jump_at for jump_at in seen_jumps if jump_at not in choice]
                    for some in islice(combinations(choice, k), _TRIES):
                        hd = head[:]
                        for e, x in some:
                            hd[e] = x
                        fixed = plain_flow(c, edges, hd)
                        found = plain_chain(fixed[4], fixed[1], fixed[2], free, hd)
                        if found is not None:
                            score = chain_score(found)
                            if score > best:
                                best = score
                                steps = tuple(found)
                                if best >= bound:
                                    break
                if best >= bound:
                    exact[key] = (best, steps, True, -1)
                    return None
                if flow_pot is not None:
                    again = dual(flow_pot, edges, tails, c, k)
                    if again[0] <= bound:
                        bound, total, slack, gains, lowest = again
                        pot = flow_pot
            if c < 0 and best > root_best[0]:
                root_best[0] = best
            return best, steps, price, pot, total, slack, gains, lowest

        def tight(pot: list[int], edges: list[int], tails: int, mu: int) -> list[tuple[int, int]]:
            """The jumps (word, letter) that are as good as the best use of their word at ``mu``."""
            found: list[tuple[int, int, int]] = []
            for e in edges:
                u, v = tail[e], head[e]
                leave = min(pot[out + u], pot[u])
                if loop[e]:
                    here = 0
                    base = -1 - leave
                else:
                    there = pot[v] if tails >> v & 1 else pot[omega]
                    here = max(0, weight[e] * scale - leave + there)
                    base = weight[e] * scale - 1 - leave
                for x in targets[e]:
                    if tails >> x & 1:
                        value = base + pot[x] - mu
                        if value >= here and value >= 0:
                            found.append((-value, e, x))
            found.sort()
            return [(e, x) for _, e, x in found]

        def chain_score(trail: list[_Step]) -> int:
            """The score of a chain found by a relaxation (no Syncope after its last word)."""
            if trail and trail[-1][2]:
                e = trail[-1][0]
                trail[-1] = (e, head[e], 0)
            return sum(weight[e] * scale - jump for e, _, jump in trail)

        def expand(c: int, mask: int, k: int, need: int, key: int, node: Node, held: int) -> int:
            """Search the moves from a node, best bound first (after the node's own chains).

            ``held`` are the words kept to be used with a Syncope later (see below).
            """
            best, steps, price, pot, total, slack, gains, lowest = node
            final = True
            nxt = -1
            moves: list[tuple[int, int, int, int, int]] = []
            kept = held.bit_count()
            starts = [c] if c >= 0 else [u for u in range(vertices) if out_mask[u]]
            for u in starts:
                if not k and c >= 0:
                    # With no Syncope left, the loops at the letter here are best taken now.
                    mine = [e for e in loops_at[u] if not mask & bit[e]]
                    if mine:
                        e = mine[0]
                        guess = weight[e] * scale + total - slack[e] + pot[u] - lowest
                        moves.append((-guess, e, u, 0, held))
                        break
                for group in groups[u]:
                    # The heaviest unused edge of the group, unless the heavier ones are kept
                    # for later use with a Syncope (and then only so): at most k kept, each
                    # with letters to jump to and none the twin of the edge taken.
                    skipped: list[int] = []
                    keep = held
                    for e in group:
                        if (mask | held) & bit[e]:
                            continue
                        if twin[e] not in skipped:
                            v = head[e]
                            after = mask | bit[e]
                            if out_mask[v] & ~after:
                                stop = min(pot[out + v], pot[v])
                                guess = weight[e] * scale + total - slack[e] + pot[v]
                                guess -= lowest if lowest < stop else stop
                                taken = 0
                                for g, f in gains:
                                    if taken == k:
                                        break
                                    if f != e:
                                        guess -= g
                                        taken += 1
                            else:
                                guess = weight[e] * scale
                            moves.append((-guess, e, v, 0, keep))
                        if kept + len(skipped) >= k or not targets[e]:
                            break
                        skipped.append(twin[e])
                        keep |= bit[e]
                if not k:
                    continue
                for kind in classes[u]:
                    for e in kind:
                        if mask & bit[e]:
                            continue
                        if kept - (held >> e & 1) > k - 1:
                            break  # a word kept for a Syncope would be left without one
                        after = mask | bit[e]
                        rest = weight[e] * scale - 1 + total - slack[e]
                        taken = 0
                        for g, f in gains:
                            if taken == k - 1:
                                break
                            if f != e:
                                rest -= g
                                taken += 1
                        for x in targets[e]:
                            if out_mask[x] & ~after:
                                stop = min(pot[out + x], pot[x])
                                guess = rest + pot[x] - (lowest if lowest < stop else stop)
                                moves.append((-guess, e, x, 1, held & ~bit[e]))
                        break
            moves.sort()
            soft = 0
            for estimate, e, x, jump, keep in moves:
                floor = need if need > best else best
                if -estimate <= floor:
                    if -estimate > soft:
                        soft = -estimate
                    break
                gain = weight[e] * scale - jump
                threshold = floor - gain
                after = mask | bit[e]
                child = (((after << count) | keep) * places + x) * kinds + k - jump
                if upper.get(child, _FAR) > -estimate - gain:
                    upper[child] = -estimate - gain
                result = search(x, after, k - jump, threshold, price, keep)
                if result > threshold:
                    best = gain + result
                    steps = ((e, x, jump),)
                    final = False
                    nxt = child
                elif gain + result > soft:
                    soft = gain + result
            if best > need:
                exact[key] = (best, steps, final, nxt)
                return best
            result = best if best > soft else soft
            upper[key] = result
            return result

        # Look for a chain as good as the bound; when there is none, the search proves a
        # lower bound, and so on down to the best chain seen so far.
        need = search(-1, 0, syncopes, _FAR) - 1
        while True:
            found = search(-1, 0, syncopes, need)
            if found > need:
                break
            need = max(found - 1, root_best[0] - 1)
        path: list[tuple[int, bool]] = []
        key = vertices * kinds + syncopes
        while True:
            _, steps, final, key = exact[key]
            path.extend((self.word[e], bool(jump)) for e, _, jump in steps)
            if final:
                return path
