"""Word chains of Klepka: the rules of a chain, checking a player's chain, the best chain.

At the end of a game of Klepka each player builds a chain from their WORD cards:
each word starts with the last letter of the word before it, and a Syncope card
between two words lets the next word start with *any* letter of the previous one.
The longest chain (in letters) wins::

    >>> best_chain(["tiger", "apple", "egg"]).links
    ('apple', 'egg')
    >>> best_chain(["tiger", "apple", "egg"], syncopes=1).links
    ('apple', 'SYNCOPE', 'tiger')

Letters are compared after normalisation (see :func:`letters`): case does not
matter, Russian ё counts as е, apostrophes and hyphens are not letters.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

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
    """A chain (or a word) the rules refuse. ``reason`` is a sentence for the player."""

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
    >>> check_word("’-’")
    Traceback (most recent call last):
    ...
    igroteka.games.klepka.chain.ChainError: ‘’-’’ has no letters
    """
    if not letters(word):
        raise ChainError(f"‘{word}’ has no letters")


def _letters_of(word: str) -> str:
    found = letters(word)
    if not found:
        raise ChainError(f"‘{word}’ has no letters")
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


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _syncopes_text(count: int) -> str:
    return f"{count} Syncope" if count == 1 else f"{count} Syncopes"


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
                raise ChainError(f"‘{word}’ is not one of your words")
            used = sum(1 for other in typed if _match_key(other) == key)
            held = len(by_key[key])
            if held == 1:
                raise ChainError(f"‘{word}’ is used {_times(used)}")
            raise ChainError(f"‘{word}’ is used {_times(used)}, but you hold only {held}")
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
    >>> check_chain(["apple", "SYNCOPE", "tiger"], ["apple", "tiger"], 0)
    Traceback (most recent call last):
    ...
    igroteka.games.klepka.chain.ChainError: you hold 0 Syncopes, not 1
    >>> check_chain(["apple", "tiger"], ["apple", "tiger"], 0)
    Traceback (most recent call last):
    ...
    igroteka.games.klepka.chain.ChainError: ‘apple’ ends with e, ‘tiger’ starts with t
    """
    if syncopes < 0:
        raise ValueError(f"a player holds 0 or more Syncopes, not {syncopes}")
    links = list(links)
    for index, link in enumerate(links):
        if link == SYNCOPE and (
            index == 0 or index == len(links) - 1 or links[index - 1] == SYNCOPE
        ):
            raise ChainError("a Syncope stands only between two words")
    used = sum(1 for link in links if link == SYNCOPE)
    if used > syncopes:
        raise ChainError(f"you hold {_syncopes_text(syncopes)}, not {used}")
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
                    raise ChainError(f"‘{link}’ must start with a letter of ‘{previous}’ ({shown})")
            else:
                end = last_letter(previous, rules)
                if start != end:
                    raise ChainError(f"‘{previous}’ ends with {end}, ‘{link}’ starts with {start}")
        previous = link
        after_syncope = False
    return Chain(tuple(resolved), sum(word_length(link) for link in typed))


# -- the best chain ---------------------------------------------------------------


def best_chain(words: Sequence[str], syncopes: int = 0, rules: ChainRules = ChainRules()) -> Chain:
    """The longest chain (in letters) a player can build from a hand, exactly.

    Among equally long chains the one with fewer Syncopes is chosen; a Syncope is
    never put between two words that chain without it. The same hand gives the
    same chain whatever the order of ``words``.

    >>> best_chain(["сіль", "лимон", "ніс", "м’ясо"]).links
    ('сіль', 'лимон', 'ніс')
    >>> chain = best_chain(["apple", "tiger", "rat"], syncopes=1)
    >>> chain.links, chain.length
    (('apple', 'SYNCOPE', 'tiger', 'rat'), 13)
    """
    if syncopes < 0:
        raise ValueError(f"a player holds 0 or more Syncopes, not {syncopes}")
    found = [_letters_of(word) for word in words]
    order = sorted(range(len(words)), key=lambda i: (found[i], words[i]))
    hand = [words[i] for i in order]
    path = _Solver([found[i] for i in order], syncopes, rules).solve()
    links: list[str] = []
    for index, syncope in path:
        links.append(hand[index])
        if syncope:
            links.append(SYNCOPE)
    return Chain(tuple(links), sum(len(found[order[index]]) for index, _ in path))


class _Solver:
    """The longest trail in a multigraph of letters whose edges are words.

    A word is an edge from its first letter to its last (weight: its letters); a
    word followed by a Syncope is an edge from its first letter to any other of
    its letters. See :func:`best_chain` and the module's notes on the search.
    """

    def __init__(self, found: Sequence[str], syncopes: int, rules: ChainRules) -> None:
        count = len(found)
        # Edges are numbered heaviest first, so that a group's lightest edge has the highest bit.
        self.word = sorted(range(count), key=lambda i: (-len(found[i]), i))
        alphabet = sorted({char for word in found for char in word})
        vertex = {char: index for index, char in enumerate(alphabet)}
        self.vertices = len(alphabet)
        self.tail = [vertex[found[i][0]] for i in self.word]
        self.head = [vertex[_last(found[i], rules)] for i in self.word]
        self.weight = [len(found[i]) for i in self.word]
        self.targets = [
            tuple(sorted({vertex[char] for char in found[i]} - {self.head[e]}))
            for e, i in enumerate(self.word)
        ]
        self.syncopes = min(syncopes, max(count - 1, 0))

    def solve(self) -> list[tuple[int, bool]]:
        """The best chain as (index in ``found``, followed by a Syncope) pairs."""
        count = len(self.word)
        if count == 0:
            return []
        tail, head, weight, targets = self.tail, self.head, self.weight, self.targets
        vertices = self.vertices
        syncopes = self.syncopes
        scale = syncopes + 1  # score = letters * scale - Syncopes used
        kinds = syncopes + 1
        score = [w * scale for w in weight]
        bit = [1 << e for e in range(count)]
        out_mask = [0] * vertices
        for e in range(count):
            out_mask[tail[e]] |= bit[e]
        # Parallel edges (same first and last letter) are used heaviest first; so are the
        # edges used with a Syncope that also have the same letters to jump to.
        groups: list[list[list[int]]] = [[] for _ in range(vertices)]
        classes: list[list[list[int]]] = [[] for _ in range(vertices)]
        group_of: dict[tuple[int, int], list[int]] = {}
        class_of: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
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
        twins: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        twin = [
            twins.setdefault((tail[e], head[e], weight[e], targets[e]), len(twins))
            for e in range(count)
        ]
        plain_step = [1 << head[e] for e in range(count)]
        jump_step = [plain_step[e] | sum(1 << x for x in targets[e]) for e in range(count)]
        out_edges = [[e for e in range(count) if tail[e] == u] for u in range(vertices)]

        def bound(c: int, mask: int, k: int) -> int:
            """An upper bound on the letters of a trail from ``c`` on the unused edges."""
            free = ~mask
            step = jump_step if k else plain_step
            seen = 1 << c
            todo = seen
            edges = 0
            while todo:
                low = todo & -todo
                todo ^= low
                u = low.bit_length() - 1
                mine = out_mask[u] & free
                if not mine:
                    continue
                edges |= mine
                reach = 0
                for e in out_edges[u]:
                    if mine & bit[e]:
                        reach |= step[e]
                new = reach & ~seen
                seen |= new
                todo |= new
            if not edges:
                return 0
            outs: dict[int, list[int]] = {}
            ins: dict[int, list[int]] = {}
            while edges:
                low = edges & -edges
                edges ^= low
                e = low.bit_length() - 1
                w = weight[e]
                if tail[e] in outs:
                    outs[tail[e]].append(w)
                else:
                    outs[tail[e]] = [w]
                if head[e] in ins:
                    ins[head[e]].append(w)
                else:
                    ins[head[e]] = [w]
            # By tails: a trail leaves u at most as often as it enters it (+1 at the start).
            by_tail = 0
            spare: list[int] = []
            for u, ws in outs.items():
                cap = len(ins.get(u, ())) + (u == c)
                if cap >= len(ws):
                    by_tail += sum(ws)
                else:
                    by_tail += sum(ws[:cap])
                    spare += ws[cap:]
            if k and spare:
                spare.sort(reverse=True)
                by_tail += sum(spare[:k])
            # By heads: a trail enters v at most as often as it leaves it (+1 at the end).
            by_head = 0
            spare = []
            for v, ws in ins.items():
                cap = len(outs.get(v, ())) - (v == c)
                if cap >= len(ws):
                    by_head += sum(ws)
                else:
                    by_head += sum(ws[:cap])
                    spare += ws[cap:]
            if spare:
                spare.sort(reverse=True)
                by_head += sum(spare[: k + 1])
            return by_tail if by_tail < by_head else by_head

        exact: dict[int, tuple[int, tuple[int, int, int] | None]] = {}
        upper: dict[int, int] = {}

        def peek(c: int, mask: int, k: int) -> int:
            key = (mask * vertices + c) * kinds + k
            known = exact.get(key)
            if known is not None:
                return known[0]
            ub = upper.get(key)
            if ub is None:
                ub = upper[key] = bound(c, mask, k) * scale
            return ub

        def search(c: int, mask: int, k: int, need: int) -> int:
            """The best score from here if it beats ``need``, else an upper bound <= ``need``."""
            key = (mask * vertices + c) * kinds + k
            known = exact.get(key)
            if known is not None:
                return known[0]
            ub = upper.get(key)
            if ub is None:
                ub = upper[key] = bound(c, mask, k) * scale
            if ub <= need:
                return ub
            moves: list[tuple[int, int, int, int]] = []
            for group in groups[c]:
                # The heaviest unused edge of the group, unless the heavier ones are kept
                # for later use with a Syncope: skip at most k of them, each with letters
                # to jump to and none the twin of the edge taken.
                skipped: list[int] = []
                for e in group:
                    if mask & bit[e]:
                        continue
                    if twin[e] not in skipped:
                        v = head[e]
                        moves.append((-(score[e] + peek(v, mask | bit[e], k)), e, v, 0))
                    if len(skipped) == k or not targets[e]:
                        break
                    skipped.append(twin[e])
            if k:
                for kind in classes[c]:
                    for e in kind:
                        if not mask & bit[e]:
                            after = mask | bit[e]
                            for x in targets[e]:
                                if out_mask[x] & ~after:
                                    moves.append((-(score[e] - 1 + peek(x, after, k - 1)), e, x, 1))
                            break
            moves.sort()
            best = 0
            soft = 0
            move: tuple[int, int, int] | None = None
            for estimate, e, x, jump in moves:
                floor = need if need > best else best
                if -estimate <= floor:
                    if -estimate > soft:
                        soft = -estimate
                    break
                gain = score[e] - jump
                threshold = floor - gain
                result = search(x, mask | bit[e], k - jump, threshold)
                if result > threshold:
                    best = gain + result
                    move = (e, x, jump)
                elif gain + result > soft:
                    soft = gain + result
            if best > need:
                exact[key] = (best, move)
                return best
            result = best if best > soft else soft
            upper[key] = result
            return result

        starts = sorted((-peek(u, 0, syncopes), u) for u in range(vertices) if out_mask[u])
        best = max(score) - 1
        start = -1
        for estimate, u in starts:
            if -estimate <= best:
                break
            result = search(u, 0, syncopes, best)
            if result > best:
                best = result
                start = u
        path: list[tuple[int, bool]] = []
        c, mask, k = start, 0, syncopes
        while True:
            known = exact[(mask * vertices + c) * kinds + k]
            if known[1] is None:
                break
            e, x, jump = known[1]
            path.append((self.word[e], bool(jump)))
            c, mask, k = x, mask | bit[e], k - jump
        return path
