"""The index's list of every word form: a word is found exactly when it is listed, by its
number, and the words of a prefix in order; as written to files and mapped back."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igroteka.lexicon.wordlist import WordList

LETTERS = "абвгґіїоя'"
lists = st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=6), max_size=40, unique=True)


def saved(words: list[str], folder: Path) -> WordList:
    """The list of ``words`` written to files in ``folder`` and mapped back."""
    paths = {part: folder / f"words.{part}" for part in WordList.PARTS}

    def write(path: Path, how: object) -> None:
        assert callable(how)
        how(path)

    WordList.save_sorted(words, paths, write)
    return WordList.load(paths)


@given(lists, st.text(alphabet=LETTERS, max_size=3))
def test_a_word_is_found_exactly_when_listed_and_its_number_is_its_place(
    words: list[str], other: str
) -> None:
    ordered = sorted(words)
    listed = WordList.of(ordered)
    assert len(listed) == len(ordered)
    for number, word in enumerate(ordered):
        assert word in listed and listed[word] == number
        assert listed.restore_key(number) == word
    assert (other in listed) == (other in words)
    assert list(listed.iterkeys(other)) == [word for word in ordered if word.startswith(other)]


@pytest.mark.parametrize("words", [[], ["кіт"], ["кит", "кіт", "м'ясо", "тік"]])
def test_a_list_written_to_files_reads_back_the_same(words: list[str], tmp_path: Path) -> None:
    listed = saved(words, tmp_path)
    assert list(listed) == words
    assert "кот" not in listed
    with pytest.raises(KeyError):
        listed.restore_key(len(words))


def test_words_out_of_order_or_twice_are_refused() -> None:
    with pytest.raises(ValueError, match="sorted"):
        WordList.of(["тік", "кіт"])
    with pytest.raises(ValueError, match="sorted"):
        WordList.of(["кіт", "кіт"])
