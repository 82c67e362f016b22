"""Crossword move generation: the GADDAG of the crossword list, and the moves along one line.

A GADDAG (Gordon 1994) files every word of the crossword list once per letter
it could be built from: for кіт, the keys ``к◇іт``, ``ік◇т`` and ``тік`` (the
letters up to the split reversed, then ◇ and the rest; the key that splits
after the last letter needs no ◇). A move is then built outward from one
*anchor* square: leftward from the anchor by reading a key's reversed part,
then, after ◇, rightward; only paths some key starts with are followed.
Apostrophes are not tiles, so м'ясо is laid as мясо.

The keys are compiled into a minimal automaton (:func:`build`, by Daciuk's
incremental algorithm over the sorted keys), saved in the compiled index as
one array (see :mod:`igroteka.lexicon.index`), and loaded on first use as
nested dicts (:func:`automaton`): a node maps each letter, and ◇, to the next
node, and holds :data:`END` when the path to it spells a whole key, so one
step is one dict lookup. ``is_word`` reads a word's last key::

    >>> is_word("кіт", "uk"), is_word("кт", "uk")
    (True, False)

A line is a sequence of squares: a letter already on the board, or None. For
each empty square the caller may give the letters a perpendicular word allows
there (*cross-checks*; None: any letter). :func:`line_moves` lists every move
along the line that lays at least one tile, touches an anchor, and makes a
word of the list (the board-level generator is
:mod:`igroteka.games.crossword.movegen`)::

    >>> moves = line_moves([None, "о", "л", None, None], "пкаб", "ru")
    >>> sorted({move.word for move in moves})
    ['бол', 'бола', 'кол', 'кола', 'колба', 'пол', 'пола', 'полба', 'полк', 'полка']
"""

from __future__ import annotations

import functools
import gc
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from igroteka.lexicon.index import index
from igroteka.lexicon.search import letters_of
from igroteka.lexicon.text import ALPHABETS, check_language

__all__ = [
    "BLANK",
    "END",
    "SEPARATOR",
    "Move",
    "Node",
    "automaton",
    "build",
    "gaddag_keys",
    "is_word",
    "line_moves",
]

SEPARATOR = "◇"
BLANK = "*"
"""A blank tile in a rack: it stands for any one letter."""
END = ""
"""The key of a node whose path spells a whole GADDAG key (its value is unused)."""

Node = dict[str, Any]
"""A node of the loaded automaton: letter (or ◇) to the next node, and :data:`END`."""

_LABEL_BITS = 6
_END_LABEL = (1 << _LABEL_BITS) - 1  # an edge with this label marks a node as final


def _symbols(lang: str) -> str:
    """The edge labels of a language's automaton, by number: its letters, then ◇."""
    symbols = ALPHABETS[check_language(lang)] + SEPARATOR
    assert len(symbols) < _END_LABEL
    return symbols


@dataclass(frozen=True)
class Move:
    """A word laid along a line: where it starts, the word, and the tiles laid (square, letter).

    ``blanks`` are the squares where a blank tile stands for the letter.
    """

    start: int
    word: str
    tiles: tuple[tuple[int, str], ...]
    blanks: tuple[int, ...] = ()


def gaddag_keys(word: str) -> list[str]:
    """The GADDAG keys of a word (letters only).

    >>> gaddag_keys("кіт")
    ['к◇іт', 'ік◇т', 'тік']
    """
    size = len(word)
    keys = [word[:split][::-1] + SEPARATOR + word[split:] for split in range(1, size)]
    return [*keys, word[::-1]]


def build(words: Iterable[str], lang: str) -> npt.NDArray[np.uint32]:
    """The minimal automaton of the words' GADDAG keys, packed in one array.

    The array holds the number of nodes ``n`` and of edges ``e``, then each
    node's first edge (``n + 1`` offsets; node 0 is the root), then the edges,
    each ``target << 6 | label`` (label: a letter's place in :func:`_symbols`,
    or 63 on a final node, with target 0).
    """
    code = {symbol: number for number, symbol in enumerate(_symbols(lang))}
    keys = sorted({key for word in words for key in gaddag_keys(word)})
    edges: list[dict[str, int] | None] = [{}]
    final = [False]
    register: dict[tuple[bool, tuple[tuple[str, int], ...]], int] = {}
    unchecked: list[tuple[int, str, int]] = []  # the last key's path: (parent, label, child)

    def minimise(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, label, child = unchecked.pop()
            out = edges[child]
            assert out is not None
            signature = (final[child], tuple(sorted(out.items())))
            same = register.get(signature)
            if same is None:
                register[signature] = child
            else:
                above = edges[parent]
                assert above is not None
                above[label] = same
                edges[child] = None

    previous = ""
    for key in keys:
        common = 0
        limit = min(len(key), len(previous))
        while common < limit and key[common] == previous[common]:
            common += 1
        minimise(common)
        node = unchecked[-1][2] if unchecked else 0
        for label in key[common:]:
            child = len(edges)
            edges.append({})
            final.append(False)
            out = edges[node]
            assert out is not None
            out[label] = child
            unchecked.append((node, label, child))
            node = child
        final[node] = True
        previous = key
    minimise(0)
    order = [old for old, out in enumerate(edges) if out is not None]  # the root first
    number = {old: new for new, old in enumerate(order)}
    first = [0]
    packed: list[int] = []
    for old in order:
        out = edges[old]
        assert out is not None
        packed.extend(number[target] << _LABEL_BITS | code[label] for label, target in out.items())
        if final[old]:
            packed.append(_END_LABEL)
        first.append(len(packed))
    return np.array([len(order), len(packed), *first, *packed], dtype=np.uint32)


def unpack(packed: npt.NDArray[np.uint32], lang: str) -> Node:
    """The automaton of :func:`build` as nested dicts: its root."""
    symbols = _symbols(lang)
    size, count = int(packed[0]), int(packed[1])
    first = packed[2 : size + 3].tolist()
    labels = (packed[size + 3 : size + 3 + count] & _END_LABEL).tolist()
    targets = (packed[size + 3 : size + 3 + count] >> _LABEL_BITS).tolist()
    names = [*symbols, *[END] * (_END_LABEL + 1 - len(symbols))]
    nodes: list[Node] = [{} for _ in range(size)]
    start = first[0]
    for node, end in zip(nodes, first[1:], strict=True):
        for label, target in zip(labels[start:end], targets[start:end], strict=True):
            node[names[label]] = nodes[target]
        start = end
    return nodes[0] if nodes else {}


@functools.cache
def automaton(lang: str) -> Node:
    """The root of a language's GADDAG, loaded from the compiled index on first use."""
    language = check_language(lang)
    root = unpack(index(language).gaddag, language)
    # Hundreds of thousands of dicts that live as long as the process: left to the cyclic
    # collector, each full collection would walk them all (tens of milliseconds), so the
    # objects alive now are moved out of its sight.
    gc.freeze()
    return root


def is_word(letters: str, lang: str) -> bool:
    """Whether letters (lower case, no apostrophe) spell a word of the crossword list."""
    node = automaton(lang)
    for letter in reversed(letters):
        step = node.get(letter)
        if step is None:
            return False
        node = step
    return len(letters) > 0 and END in node


def line_moves(
    line: Sequence[str | None],
    rack: str | Iterable[str],
    lang: str,
    *,
    cross: Sequence[frozenset[str] | None] | None = None,
    anchors: Iterable[int] | None = None,
) -> list[Move]:
    """Every move along a line that lays at least one tile and makes a crossword word.

    ``rack``: the player's tiles (``*`` for a blank). ``cross``: per square, the
    letters a perpendicular word allows there (None: any). ``anchors``: the
    squares a move must touch; by default every empty square next to a letter
    on the line, and every square with a cross-check (it touches a word across).
    """
    language = check_language(lang)
    text = rack if isinstance(rack, str) else "".join(rack)
    blanks = text.count(BLANK)
    tiles = letters_of(text.replace(BLANK, ""), language) if text.replace(BLANK, "") else Counter()
    size = len(line)
    squares = [None if square is None else square.lower() for square in line]
    checks = list(cross) if cross is not None else [None] * size
    if len(checks) != size:
        raise ValueError("cross needs one entry per square of the line")
    if anchors is None:
        anchors = [
            i
            for i in range(size)
            if squares[i] is None
            and (
                (i > 0 and squares[i - 1] is not None)
                or (i + 1 < size and squares[i + 1] is not None)
                or checks[i] is not None
            )
        ]
    root = automaton(language)
    alphabet = ALPHABETS[language]
    found: dict[tuple[int, str, tuple[tuple[int, str], ...]], Move] = {}
    rack_left = tiles.copy()
    blanks_left = [blanks]
    laid: list[tuple[int, str, bool]] = []

    def record(start: int, word: str) -> None:
        placed = tuple(sorted((square, letter) for square, letter, _ in laid))
        if placed:
            marks = tuple(sorted(square for square, _, blank in laid if blank))
            found.setdefault((start, word, placed), Move(start, word, placed, marks))

    def options(square: int) -> list[tuple[str, bool]]:
        """(letter, from a blank) that may be laid on an empty square."""
        allowed = checks[square]
        ways = [
            (letter, False)
            for letter in rack_left
            if rack_left[letter] and (allowed is None or letter in allowed)
        ]
        if blanks_left[0]:
            ways += [(letter, True) for letter in alphabet if allowed is None or letter in allowed]
        return ways

    def tries(square: int, node: Node) -> Iterator[tuple[str, Node]]:
        """(letter, next node) for each letter the square can hold that some key allows.

        A letter from the rack is laid on an empty square while its branch is walked.
        """
        occupied = squares[square]
        ways = [(occupied, False)] if occupied is not None else options(square)
        for letter, blank in ways:
            step = node.get(letter)
            if step is None:
                continue
            if occupied is None:
                if blank:
                    blanks_left[0] -= 1
                else:
                    rack_left[letter] -= 1
                laid.append((square, letter, blank))
            yield letter, step
            if occupied is None:
                laid.pop()
                if blank:
                    blanks_left[0] += 1
                else:
                    rack_left[letter] += 1

    def leftward(square: int, node: Node, word: str, anchor: int) -> None:
        if square < 0:
            return
        for letter, step in tries(square, node):
            spelt = letter + word
            if square == 0 or squares[square - 1] is None:
                # The word may begin here: turn round and go right of the anchor.
                if END in step and (anchor + 1 == size or squares[anchor + 1] is None):
                    record(square, spelt)
                turned = step.get(SEPARATOR)
                if turned is not None:
                    rightward(anchor + 1, turned, square, spelt)
            leftward(square - 1, step, spelt, anchor)

    def rightward(square: int, node: Node, start: int, word: str) -> None:
        if square >= size:
            return
        for letter, step in tries(square, node):
            if (square + 1 == size or squares[square + 1] is None) and END in step:
                record(start, word + letter)
            rightward(square + 1, step, start, word + letter)

    for anchor in sorted(set(anchors)):
        if not 0 <= anchor < size:
            raise ValueError(f"anchor {anchor} is off the line")
        leftward(anchor, root, "", anchor)
    return sorted(found.values(), key=lambda move: (move.start, move.word, move.tiles))
