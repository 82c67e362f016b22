"""The packed GADDAG automaton: it knows exactly the keys of the words, no two of its nodes
are alike (so it is minimal), and each node lists its letters in code-point order, then ◇,
then its end: the order the move generator's dicts keep.

The builder works over whole arrays; the incremental construction it replaced (Daciuk and
others, for sorted keys) stays here as the reference it must match, edge for edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import pairwise

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.lexicon.automaton import _END_LABEL as END_LABEL
from igroteka.lexicon.automaton import _LABEL_BITS as LABEL_BITS
from igroteka.lexicon.automaton import END, Node, build, gaddag_keys, unpack
from igroteka.lexicon.automaton import _symbols as symbols

# Letters whose alphabet order is not their code-point order: Ukrainian ґ є і ї follow г е и
# in the alphabet but я by code point, and so does Russian ё, which follows е.
LETTERS = {"uk": "гґеєиіїк", "ru": "еёжияъ"}


def word_lists(lang: str) -> st.SearchStrategy[list[str]]:
    """Small lists of short words (the empty word too) over a few letters of a language."""
    return st.lists(st.text(alphabet=LETTERS[lang], max_size=6), max_size=12)


Packed = npt.NDArray[np.uint32]


def reference_build(words: Iterable[str], lang: str) -> Packed:
    """The automaton as the incremental construction for sorted keys builds it (the former
    :func:`igroteka.lexicon.automaton.build`): each key added in turn, the path of the one
    before it minimised as far as the two share no prefix, equal nodes found in a register."""
    code = {symbol: number for number, symbol in enumerate(symbols(lang))}
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
        packed.extend(number[target] << LABEL_BITS | code[label] for label, target in out.items())
        if final[old]:
            packed.append(END_LABEL)
        first.append(len(packed))
    return np.array([len(order), len(packed), *first, *packed], dtype=np.uint32)


Edges = tuple[tuple[int, int], ...]


def nodes_of(packed: Packed) -> list[Edges]:
    """Each node's edges (label, target) in their order, the final mark too (63, 0)."""
    size, count = int(packed[0]), int(packed[1])
    assert len(packed) == size + 3 + count
    first = packed[2 : size + 3].tolist()
    edges = packed[size + 3 :].tolist()
    return [
        tuple((edge & END_LABEL, edge >> LABEL_BITS) for edge in edges[start:end])
        for start, end in pairwise(first)
    ]


def canonical(packed: Packed) -> list[Edges]:
    """The nodes renumbered as met from the root, edges in their order: equal for two
    automata exactly when they are the same graph with the same order of edges."""
    nodes = nodes_of(packed)
    number = {0: 0}
    met = [0]
    for node in met:
        for label, target in nodes[node]:
            if label != END_LABEL and target not in number:
                number[target] = len(met)
                met.append(target)
    assert len(met) == len(nodes), "every node is reached from the root"
    return [
        tuple((label, number[target] if label != END_LABEL else 0) for label, target in nodes[node])
        for node in met
    ]


def spelt(node: Node, prefix: str = "") -> Iterator[str]:
    """The keys an unpacked automaton knows, from a node down."""
    for label, child in node.items():
        if label == END:
            yield prefix
        else:
            yield from spelt(child, prefix + label)


def every_node(root: Node) -> Iterator[Node]:
    """Each node of an unpacked automaton once."""
    seen = {id(root)}
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        for label, child in node.items():
            if label != END and id(child) not in seen:
                seen.add(id(child))
                stack.append(child)


@pytest.mark.parametrize("lang", ["uk", "ru"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_the_packed_automaton_knows_exactly_the_keys_of_the_words(
    lang: str, data: st.DataObject
) -> None:
    words = data.draw(word_lists(lang))
    root = unpack(build(words, lang), lang)
    keys = list(spelt(root))
    assert sorted(keys) == sorted({key for word in words for key in gaddag_keys(word)})


@pytest.mark.parametrize("lang", ["uk", "ru"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_no_two_nodes_are_alike_so_the_automaton_is_minimal(lang: str, data: st.DataObject) -> None:
    # In an acyclic automaton whose every node is reached and leads to an end, two nodes
    # that know the same keys below them have the same edges to the same nodes (by
    # induction on their height): if no two nodes are alike, no two know the same keys.
    packed = build(data.draw(word_lists(lang)), lang)
    canonical(packed)  # asserts that every node is reached from the root
    nodes = nodes_of(packed)
    assert all(edges for edges in nodes[1:]), "every node but the root leads on or ends"
    assert len(set(nodes)) == len(nodes)


@pytest.mark.parametrize("lang", ["uk", "ru"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_each_node_lists_its_letters_in_code_point_order_then_its_end(
    lang: str, data: st.DataObject
) -> None:
    root = unpack(build(data.draw(word_lists(lang)), lang), lang)
    for node in every_node(root):
        labels = list(node)
        symbols_first = [label for label in labels if label != END]
        assert symbols_first == sorted(symbols_first)  # ◇ (U+25C7) after every letter
        assert END not in labels[:-1]


@pytest.mark.parametrize("lang", ["uk", "ru"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_it_is_the_automaton_of_the_incremental_construction_edge_for_edge(
    lang: str, data: st.DataObject
) -> None:
    words = data.draw(word_lists(lang))
    assert canonical(build(words, lang)) == canonical(reference_build(words, lang))


def test_a_node_lists_letters_by_code_point_then_the_separator_then_its_end() -> None:
    root = unpack(build(["ґі", "і", "ік", "єі"], "uk"), "uk")
    assert list(root) == ["к", "є", "і", "ґ"]  # not the alphabet's г ґ … є … і order
    assert list(root["і"]) == ["є", "ґ", "◇", END]
    assert list(unpack(build(["ёж", "еж", "яж"], "ru"), "ru")) == ["е", "ж", "я", "ё"]


def test_no_words_make_a_root_alone_and_the_empty_word_a_final_root() -> None:
    assert build([], "uk").tolist() == [1, 0, 0, 0]
    assert build([""], "uk").tolist() == [1, 1, 0, 1, END_LABEL]


def test_a_word_of_other_letters_is_refused() -> None:
    with pytest.raises(ValueError, match="not letters of ru: і"):
        build(["кіт"], "ru")
