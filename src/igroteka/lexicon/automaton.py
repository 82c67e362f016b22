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
from dataclasses import dataclass
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
    or 63 on a final node, with target 0). A node's letter edges come in the
    order of their symbols' code points (the order of sorted strings), its
    final mark last.

    The keys are never spelt out. A key that splits a word after a prefix ``u``
    reads ``u`` reversed and ◇, then the rest of a word that begins with ``u``:
    after ◇ it goes on as the trie of the words does below ``u``. So the trie of
    the keys up to their ◇ (:func:`_heads`) is joined to the trie of the words
    (:func:`_join`), and the graph minimised (:func:`_minimise`), each step over
    whole arrays.

    >>> build(["ab"], "uk")
    Traceback (most recent call last):
    ...
    ValueError: not letters of uk: ab
    """
    symbols = _symbols(lang)
    given = set(words)
    letters = [word for word in given if word]
    strange = set("".join(letters)) - set(ALPHABETS[check_language(lang)])
    if strange:
        raise ValueError(f"not letters of {lang}: {''.join(sorted(strange))}")
    by_point = "".join(sorted(symbols))  # the order of a node's edges
    written = _Written.of(letters, by_point)
    forward = _trie(written.words(), root_final=False)
    heads, prefixes, diamonds = _heads(written, forward, root_final=END in given)
    graph = _join(heads, diamonds, forward, prefixes)
    codes, members = _minimise(graph)
    label = np.array([0, *(symbols.index(symbol) for symbol in by_point)], dtype=np.uint32)
    return _pack(graph, codes, members, label)


_Ints = npt.NDArray[np.int64]
_Flags = npt.NDArray[np.bool_]
_Ranks = npt.NDArray[np.uint8]
"""Symbols as ranks: 1 + the symbol's place in code-point order."""

_EDGES = _END_LABEL + 1  # more than the labels, and than the edges of a node


@dataclass(frozen=True)
class _Keys:
    """Strings read from ``text``: key ``i`` is its ``length[i]`` symbols from ``start[i]``.

    A node of a trie of keys is final if a key with ``final`` set ends there;
    ``reach`` is the length of the longest key that the key stands for (the
    heights of the trie's nodes count it).
    """

    text: _Ranks
    start: _Ints
    length: _Ints
    final: _Flags
    reach: _Ints

    def taken(self, order: _Ints) -> _Keys:
        """The keys in this order."""
        return _Keys(
            self.text, self.start[order], self.length[order], self.final[order], self.reach[order]
        )


@dataclass(frozen=True)
class _Written:
    """Words written out in symbol ranks, each as its reverse, ◇, itself.

    Each word is then one stretch of ``text``, and so is each of its keys up to
    its ◇; ``middle`` is each word's ◇.
    """

    text: _Ranks
    middle: _Ints
    length: _Ints

    @classmethod
    def of(cls, words: list[str], by_point: str) -> _Written:
        """Words of the symbols ``by_point`` (sorted by code point) written out."""
        text = "".join(word[::-1] + SEPARATOR + word for word in words)
        points = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        rank = np.zeros(ord(by_point[-1]) + 1, dtype=np.uint8)
        rank[[ord(symbol) for symbol in by_point]] = np.arange(1, len(by_point) + 1)
        length = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        middle = np.cumsum(2 * length + 1) - length - 1
        return cls(rank[points], middle, length)

    def words(self) -> _Keys:
        """The words, each just after its ◇, all final."""
        final = np.ones(len(self.length), dtype=np.bool_)
        return _Keys(self.text, self.middle + 1, self.length, final, self.length)


@dataclass(frozen=True)
class _Graph:
    """Nodes whose children are numbered one after another, in the order of their labels.

    Node ``v`` has ``degree[v]`` children from ``first[v]``; ``label`` is a node's
    symbol rank (0 at a root) and ``height`` the length of its longest path down.
    """

    label: _Ranks
    final: _Flags
    height: _Ints
    degree: _Ints
    first: _Ints


@dataclass(frozen=True)
class _Trie(_Graph):
    """The trie of some keys, numbered depth by depth (node 0 the root).

    Also each node's ``depth`` and ``source``, the ``start`` of a key through
    it (-1 at the root), and the node where each key ends (``end``).
    """

    depth: _Ints
    source: _Ints
    end: _Ints


@dataclass(frozen=True)
class _Level:
    """The nodes of a trie at one depth: each one's parent (numbered within the depth
    above), label, final flag, height and source (as in :class:`_Trie`)."""

    parent: _Ints
    label: _Ranks
    final: _Flags
    height: _Ints
    source: _Ints


def _trie(keys: _Keys, root_final: bool) -> _Trie:
    """The trie of the keys (and of the empty key if ``root_final``), depth by depth."""
    order = _stable_order(keys.length.max(initial=0) - keys.length)
    keys = keys.taken(order)  # longest first: the keys that reach a depth come first
    reaching = len(order) - np.cumsum(np.bincount(keys.length))  # longer than each depth
    node = np.zeros(len(order), dtype=np.int64)  # each key's node, numbered within its depth
    end = np.zeros(len(order), dtype=np.int64)
    root = _Level(
        parent=np.zeros(0, dtype=np.int64),
        label=np.zeros(1, dtype=np.uint8),
        final=np.array([root_final]),
        height=np.array([int(keys.reach.max(initial=0))]),
        source=np.array([-1]),
    )
    levels = [root]
    made = 1
    for depth in range(1, len(reaching)):
        taking, ending = int(reaching[depth - 1]), int(reaching[depth])
        level, numbers = _level(keys, node[:taking], depth, ending)
        node[:taking] = numbers
        end[order[ending:taking]] = made + numbers[ending:]
        made += len(level.label)
        levels.append(level)
    return _stacked(levels, end)


def _level(keys: _Keys, above: _Ints, depth: int, ending: int) -> tuple[_Level, _Ints]:
    """The nodes at ``depth`` of the keys that reach it (the first ones, at the nodes
    ``above``), and each of these keys' node; the keys from ``ending`` on end there.

    A node is a distinct pair (parent, label): numbered in the order of these
    pairs, the children of a node come one after another, in label order.
    """
    taking = len(above)
    symbol = keys.text[keys.start[:taking] + depth - 1]
    numbers, firsts = _numbered(above * _EDGES + symbol)
    height = np.zeros(len(firsts), dtype=np.int64)
    np.maximum.at(height, numbers, keys.reach[:taking])
    final = np.zeros(len(firsts), dtype=np.bool_)
    final[numbers[ending:][keys.final[ending:taking]]] = True
    level = _Level(above[firsts], symbol[firsts], final, height - depth, keys.start[firsts])
    return level, numbers


def _stacked(levels: list[_Level], end: _Ints) -> _Trie:
    """The trie of its levels (root first), numbered one level after another."""
    sizes = [len(level.label) for level in levels]
    below = zip(levels[1:], sizes[:-1], strict=True)
    degrees = [np.bincount(level.parent, minlength=size) for level, size in below]
    degree = np.concatenate([*degrees, np.zeros(sizes[-1], dtype=np.int64)])
    first = np.ones(len(degree), dtype=np.int64)
    np.cumsum(degree[:-1], out=first[1:])
    first[1:] += 1
    return _Trie(
        np.concatenate([level.label for level in levels]),
        np.concatenate([level.final for level in levels]),
        np.concatenate([level.height for level in levels]),
        degree,
        first,
        np.repeat(np.arange(len(sizes)), sizes),
        np.concatenate([level.source for level in levels]),
        end,
    )


def _heads(written: _Written, forward: _Trie, root_final: bool) -> tuple[_Trie, _Ints, _Ints]:
    """The trie of the keys up to their ◇; the nodes of ``forward`` (the words' trie) that
    a ◇ comes after, and the ◇ nodes of the keys' trie, one for each.

    A prefix ``u`` of a word (a node of ``forward`` with children) makes the key
    ``u`` reversed and ◇ (it ends just before the word), to go on below ``u``;
    each word, reversed, is a final key.
    """
    prefixes = np.flatnonzero((forward.degree > 0) & (forward.depth > 0))
    depth = forward.depth[prefixes]
    keys = _Keys(
        written.text,
        np.concatenate([forward.source[prefixes] - 1 - depth, written.middle - written.length]),
        np.concatenate([depth + 1, written.length]),
        np.arange(len(prefixes) + len(written.length)) >= len(prefixes),
        np.concatenate([depth + 1 + forward.height[prefixes], written.length]),
    )
    heads = _trie(keys, root_final)
    return heads, prefixes, heads.end[: len(prefixes)]


def _join(heads: _Trie, diamonds: _Ints, forward: _Trie, prefixes: _Ints) -> _Graph:
    """The graph of all the keys: ``heads``, each ◇ node given the children of its
    prefix in ``forward``, then ``forward`` from its second level on (its root and
    first letters are never reached).
    """
    cut = 1 + int(forward.degree[0])
    shift = len(heads.label) - cut
    degree = np.concatenate([heads.degree, forward.degree[cut:]])
    first = np.concatenate([heads.first, forward.first[cut:] + shift])
    degree[diamonds] = forward.degree[prefixes]
    first[diamonds] = forward.first[prefixes] + shift
    return _Graph(
        np.concatenate([heads.label, forward.label[cut:]]),
        np.concatenate([heads.final, forward.final[cut:]]),
        np.concatenate([heads.height, forward.height[cut:]]),
        degree,
        first,
    )


def _stable_order(values: _Ints) -> _Ints:
    """The stable argsort of small integers, not negative (a radix sort for 8 or 16 bits)."""
    small = values.astype(np.min_scalar_type(int(values.max(initial=0))))
    return np.argsort(small, kind="stable").astype(np.int64)


def _minimise(graph: _Graph) -> tuple[_Ints, _Ints]:
    """Each node's class in the minimal automaton, as an edge code ``class * 64 + label``,
    and a node of each class.

    Nodes of one class (they spell the same keys below them) have the same
    height, so the classes are numbered height by height, from the leaves up
    (:func:`_classify`). The root, alone at the greatest height, has the last.
    """
    codes = np.zeros(len(graph.label), dtype=np.int64)
    members: list[_Ints] = []
    by_height = _stable_order(graph.height)
    bounds = np.flatnonzero(np.diff(graph.height[by_height])) + 1
    for nodes in np.split(by_height, bounds):
        members.append(_classify(graph, nodes, codes, sum(map(len, members))))
    return codes, np.concatenate(members)


def _classify(graph: _Graph, nodes: _Ints, codes: _Ints, known: int) -> _Ints:
    """Number the classes of nodes of one height from ``known``, setting their edge codes;
    a node of each class, in their order.

    The children's codes are set (their classes are below ``known``). A node is
    its final flag and its list of (label, child's class): its state starts as
    its final flag and its number of children, then takes in its children one
    by one, in label order. Each time, the nodes with that many children number
    their distinct pairs (state, the child's edge code) anew, after all the
    states so far, so that equal nodes end in equal states, and only they do.
    """
    nodes = nodes[_stable_order(_EDGES - graph.degree[nodes])]  # most children first
    degree = graph.degree[nodes]
    first = graph.first[nodes]
    state = graph.final[nodes] + 2 * degree
    states = 2 * int(degree[0]) + 2 if len(nodes) else 0
    taking = len(nodes) - np.cumsum(np.bincount(degree))  # how many have more than so many
    for place, count in enumerate(taking[:-1].tolist()):
        held = state[:count] * (_EDGES * known) + codes[first[:count] + place]
        numbers, firsts = _numbered(held)
        state[:count] = states + numbers
        states += len(firsts)
    seen = np.zeros(states, dtype=np.bool_)
    seen[state] = True
    numbering = np.cumsum(seen) - 1
    classes = numbering[state]
    codes[nodes] = (known + classes) * _EDGES + graph.label[nodes]
    members = np.empty(int(numbering[-1]) + 1 if states else 0, dtype=np.int64)
    members[classes] = nodes  # any node of a class stands for it
    return members


def _numbered(values: _Ints) -> tuple[_Ints, _Ints]:
    """Each value's number among the distinct values (in their order), and the first place of each.

    The values (not negative) are sorted with their places in their low bits
    when they fit in 63 bits (NumPy sorts plain integers faster than it argsorts).
    """
    size = len(values)
    shift = max(size - 1, 0).bit_length()
    if size and int(values.max()).bit_length() + shift <= 63:
        ordered = values << shift
        ordered |= np.arange(size)
        ordered.sort()
        order = ordered & ((1 << shift) - 1)
        ordered >>= shift
    else:
        order = np.argsort(values, kind="stable")
        ordered = values[order]
    new = np.zeros(size, dtype=np.bool_)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    numbers = np.empty(size, dtype=np.int64)
    numbers[order] = np.cumsum(new, dtype=np.int32)  # counting from 0
    new[:1] = True
    return numbers, order[new]


def _places(counts: _Ints) -> _Ints:
    """``0, 1, …, count - 1`` for each count, one after another."""
    starts = np.cumsum(counts) - counts
    return np.arange(int(counts.sum())) - np.repeat(starts, counts)


def _pack(
    graph: _Graph, codes: _Ints, members: _Ints, label: npt.NDArray[np.uint32]
) -> npt.NDArray[np.uint32]:
    """The packed automaton (see :func:`build`) of the graph's classes, the root's (the last) first.

    Class ``c`` is node ``count - 1 - c``, with the edges of its member;
    ``label`` turns a symbol's rank into its label.
    """
    classes = codes >> _LABEL_BITS
    count = len(members)
    nodes = members[::-1]
    degree = graph.degree[nodes]
    final = graph.final[nodes]
    first = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(degree + final, out=first[1:])
    edges = np.full(int(first[-1]), _END_LABEL, dtype=np.uint32)  # the final marks stay
    children = np.repeat(graph.first[nodes], degree) + _places(degree)
    targets = (count - 1 - classes[children]).astype(np.uint32)
    edges[np.repeat(first[:-1], degree) + _places(degree)] = (
        targets << _LABEL_BITS | label[graph.label[children]]
    )
    head = np.array([count, len(edges)], dtype=np.int64)
    return np.concatenate([head, first, edges]).astype(np.uint32)


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
