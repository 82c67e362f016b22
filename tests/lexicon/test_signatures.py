"""The bit-set table behind best words: what a rack makes, for every word at once (sheet 002)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import marisa_trie
from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.lexicon.signatures import Signatures, signature
from igroteka.lexicon.text import collation

LETTERS = "абвгґіїо'"
words_strategy = st.lists(
    st.text(alphabet=LETTERS, min_size=1, max_size=9).filter(
        lambda word: word.strip("'") == word and any(char != "'" for char in word)
    ),
    min_size=1,
    max_size=200,
    unique=True,
)
racks = st.dictionaries(st.sampled_from(LETTERS.replace("'", "")), st.integers(0, 4))


Made = dict[str, str | None]  # each word made, and the letter a Polysemy stands for (or None)


def made_by_counting(words: list[str], rack: dict[str, int], wildcard: bool) -> Made:
    """Each word the rack makes, letter by letter, with the letter a Polysemy stands for."""
    made: Made = {}
    for word in words:
        need = Counter(char for char in word if char != "'")
        short = sorted(char for char, count in need.items() if rack.get(char, 0) < count)
        if not short:
            made[word] = None
        elif wildcard and len(short) == 1:
            made[word] = short[0]
    return made


def made_by_table(
    table: Signatures, trie: marisa_trie.Trie, rack: dict[str, int], wildcard: bool
) -> Made:
    fits = table.fits(rack, wildcard)
    return {
        trie.restore_key(word): table.stands_for(int(number), fits)
        for number in table.found(fits)
        for word in table.words(int(number))
    }


@settings(max_examples=150, deadline=None)
@given(words_strategy, racks, st.booleans())
def test_the_table_makes_exactly_the_words_counting_letters_makes(
    words: list[str], rack: dict[str, int], wildcard: bool
) -> None:
    trie = marisa_trie.Trie(words)
    table = Signatures.build(words, "uk", trie)
    assert made_by_table(table, trie, rack, wildcard) == made_by_counting(words, rack, wildcard)


@settings(max_examples=100, deadline=None)
@given(words_strategy, racks, st.booleans(), st.lists(st.integers(1, 10), min_size=8, max_size=8))
def test_a_signature_made_is_worth_its_letters_points_summed(
    words: list[str], rack: dict[str, int], wildcard: bool, points: list[int]
) -> None:
    """What a word scores before it is spelt (the search ranks by it): each of its letters'
    points, as many times as the word has the letter, with or without a Polysemy."""
    trie = marisa_trie.Trie(words)
    table = Signatures.build(words, "uk", trie)
    value = dict(zip(LETTERS.replace("'", ""), map(float, points), strict=True))
    numbers = table.found(table.fits(rack, wildcard))
    worth = table.worth(numbers, value, None if wildcard else rack)
    for number, found in zip(numbers.tolist(), worth.tolist(), strict=True):
        assert found == sum(value[char] for char in table.signature(number))


@settings(max_examples=30, deadline=None)
@given(words_strategy)
def test_signatures_are_longest_first_and_keep_their_words_in_order(words: list[str]) -> None:
    trie = marisa_trie.Trie(words)
    table = Signatures.build(words, "uk", trie)
    numbers = list(range(len(table)))
    sigs = [table.signature(number) for number in numbers]
    assert sorted({signature(word, "uk") for word in words}) == sorted(sigs)
    assert [len(sig) for sig in sigs] == sorted((len(sig) for sig in sigs), reverse=True)
    for number, sig in zip(numbers, sigs, strict=True):
        spelt = [trie.restore_key(word) for word in table.words(number)]
        assert all(signature(word, "uk") == sig for word in spelt)
        assert spelt == sorted(spelt, key=lambda word: collation(word, "uk"))
    assert sum(len(table.words(number)) for number in numbers) == len(words)


def test_a_saved_table_loads_back_the_same(tmp_path: Path) -> None:
    words = ["кіт", "тік", "кот", "молоко", "м'ясо"]
    trie = marisa_trie.Trie(words)
    table = Signatures.build(words, "uk", trie)
    paths = {part: tmp_path / f"t.{part}" for part in Signatures.PARTS}
    table.save(paths, lambda path, how: how(path))
    loaded = Signatures.load(paths)
    rack = {"к": 1, "і": 1, "т": 1, "м": 1, "л": 1}
    for wildcard in (False, True):
        again = made_by_table(loaded, trie, rack, wildcard)
        assert again == made_by_table(table, trie, rack, wildcard)
    assert "мося" in loaded and "ікт" in loaded and "кіт" not in loaded


def test_a_letter_no_signature_has_is_not_in_any_signature() -> None:
    words = ["елка", "еж"]  # Russian lists spell ё as е
    table = Signatures.build(words, "ru", marisa_trie.Trie(words))
    assert "еж" in table and "ёж" not in table and "жё" not in table
