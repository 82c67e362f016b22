"""The GADDAG's keys and its packed automaton: built from words, and unpacked into dicts.

The builder of the compiled index (:mod:`igroteka.lexicon.index`) and the move generator
(:mod:`igroteka.lexicon.gaddag`, which loads the array from the index) both use this module;
it reads no index itself, so neither imports the other through it.

>>> root = unpack(build(["кіт", "кит"], "uk"), "uk")
>>> sorted(root)
['и', 'к', 'т', 'і']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from igroteka.lexicon.text import ALPHABETS, check_language

__all__ = ["END", "SEPARATOR", "Node", "build", "gaddag_keys", "unpack"]

SEPARATOR = "◇"
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
