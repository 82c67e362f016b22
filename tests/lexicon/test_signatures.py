"""The bit-set table behind best words: what a rack makes, for every word at once (sheet 002)."""

from __future__ import annotations

import itertools
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

import marisa_trie
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.lexicon.signatures import Bits, Signatures, signature
from igroteka.lexicon.text import ALPHABETS, check_language, collation

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


def build_word_by_word(forms: Iterable[str], lang: str, trie: Mapping[str, int]) -> Signatures:
    """The table as :meth:`Signatures.build` made it before it handled all words at once: a
    string key per word, sorted by Python (the reference its arrays must equal)."""
    language = check_language(lang)
    alphabet = ALPHABETS[language]
    code: dict[int, str | None] = {ord(c): chr(place) for place, c in enumerate(alphabet)}
    code[ord("'")] = None
    entries = sorted(
        (chr(0xFFFF - len(sig)) + sig.translate(code) + word.translate(code), trie[word])
        for word in set(forms)
        for sig in (signature(word, language),)
    )
    ordered: list[str] = []
    first: list[int] = []
    more: list[tuple[int, int]] = []
    for key, number in entries:
        sig = key[: 1 + 0xFFFF - ord(key[0])]
        if ordered and ordered[-1] == sig:
            more.append((len(ordered) - 1, number))
        else:
            ordered.append(sig)
            first.append(number)
    size = len(ordered)
    counts = np.zeros((size, len(alphabet)), dtype=np.uint8)
    starts: dict[str, tuple[int, int]] = {}
    start = 0
    for _, group in itertools.groupby(ordered, key=lambda coded: coded[0]):
        block = [coded[1:] for coded in group]
        length, end = len(block[0]), start + len(block)
        starts[str(length)] = (start, end)
        places = np.frombuffer("".join(block).encode("latin-1"), dtype=np.uint8)
        grid = places.reshape(end - start, length)
        for place in np.unique(grid).tolist():
            counts[start:end, place] = (grid == place).sum(axis=1)
        start = end
    padded = -(-size // 64) * 64
    rows: dict[str, int] = {}
    most: dict[str, int] = {}
    sets: list[Bits] = []
    for place, char in enumerate(alphabet):
        column = counts[:, place]
        most[char] = int(column.max(initial=0))
        rows[char] = len(sets)
        for times in range(1, most[char] + 1):
            flags = np.zeros(padded, dtype=bool)
            flags[:size] = column >= times
            sets.append(np.packbits(flags, bitorder="little").view(np.uint64))
    bits = np.stack(sets) if sets else np.zeros((0, padded // 64), dtype=np.uint64)
    numbering = {"lang": language, "rows": rows, "most": most, "lengths": starts}
    pairs = np.array(more, dtype=np.uint32).reshape(-1, 2)
    return Signatures(language, bits, np.array(first, dtype=np.uint32), pairs, numbering)


def saved(table: Signatures) -> dict[str, bytes]:
    """The bytes of each file :meth:`Signatures.save` writes."""
    with tempfile.TemporaryDirectory() as folder:
        paths = {part: Path(folder, f"t.{part}") for part in Signatures.PARTS}
        table.save(paths, lambda path, how: how(path))
        return {part: path.read_bytes() for part, path in paths.items()}


@st.composite
def word_lists(draw: st.DrawFn, lang: str) -> list[str]:
    """Words of a language's letters and apostrophes, with anagrams (words sharing a
    signature) and the same words with an apostrophe put in (words sharing a key)."""
    letters = st.sampled_from(ALPHABETS[lang] + "'")
    words = draw(st.lists(st.text(alphabet=letters, max_size=12), max_size=60))
    more: list[str] = []
    for word in words:
        if draw(st.booleans()):
            more.append("".join(draw(st.permutations(word))))
        if draw(st.booleans()):
            at = draw(st.integers(0, len(word)))
            more.append(word[:at] + "'" + word[at:])
    return words + more


@st.composite
def numbered_lists(draw: st.DrawFn) -> tuple[list[str], str, Mapping[str, int]]:
    """A language, a word list (duplicates and all) and the words numbered: by a marisa trie
    of them and maybe other words, or by a dict of numbers in no particular order."""
    lang = draw(st.sampled_from(["uk", "ru"]))
    forms = draw(word_lists(lang))
    others = draw(word_lists(lang)) if draw(st.booleans()) else []
    keys = sorted({*forms, *others})
    if draw(st.booleans()):
        return forms, lang, marisa_trie.Trie(keys)
    numbers = draw(st.permutations(range(len(keys))))
    return forms, lang, {key: 7 * number + 3 for key, number in zip(keys, numbers, strict=True)}


@settings(max_examples=300, deadline=None)
@given(numbered_lists(), st.booleans())
def test_the_table_built_at_once_is_byte_for_byte_the_table_built_word_by_word(
    numbered: tuple[list[str], str, Mapping[str, int]], as_set: bool
) -> None:
    forms, lang, trie = numbered
    table = Signatures.build(set(forms) if as_set else forms, lang, trie)
    expected = build_word_by_word(forms, lang, trie)
    assert saved(table) == saved(expected)
    assert (table.rows, table.most, table.lengths) == (
        expected.rows,
        expected.most,
        expected.lengths,
    )


@pytest.mark.parametrize("word", ["cat", "эму", "кіт\n", "ґава\U0001f600", "\ud800"])
def test_a_word_with_a_letter_outside_the_alphabet_is_refused(word: str) -> None:
    with pytest.raises(ValueError, match="outside the uk alphabet"):
        Signatures.build(["кіт", word], "uk", {"кіт": 0, word: 1})


def test_a_word_the_trie_lacks_is_refused() -> None:
    with pytest.raises(KeyError, match="тік"):
        Signatures.build(["кіт", "тік"], "uk", marisa_trie.Trie(["кіт", "кот"]))
