"""A sorted list of words, numbered by their place in it, kept in a file as one run of UTF-8.

The index's list of every word form of a language (millions of them) is read far less often
than it is built: a search spells out the words it found by their numbers, a tool lists them.
Made from words already sorted (the scan gives them so), it costs no build at all: the words'
bytes one after another, and where each ends (a NumPy array); a word's number is its place.
Looking a word up is a binary search over the mapped file (a few microseconds).

>>> words = WordList.of(["кит", "кіт", "тік"])
>>> "кіт" in words, words["тік"], words.restore_key(1), len(words)
(True, 2, 'кіт', 3)
>>> list(words.iterkeys("кі"))
['кіт']
"""

from __future__ import annotations

import bisect
import itertools
import mmap
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["WordList"]


class WordList(Mapping[str, int]):
    """Words sorted by code point, each once; a word maps to its place (its number)."""

    def __init__(self, data: Any, ends: npt.NDArray[np.unsignedinteger[Any]]) -> None:
        self._data = data  # bytes or a read-only mmap: the words' UTF-8, one after another
        self._ends = ends  # where each word's bytes end
        self._size = len(ends)
        self._at = np.ascontiguousarray(ends).data  # a memoryview of the numbers
        """The ends as a memoryview: read one by one far faster than from the array."""

    @classmethod
    def of(cls, words: Sequence[str]) -> WordList:
        """The list of ``words`` (sorted by code point, each once: ValueError if not)."""
        if any(a >= b for a, b in itertools.pairwise(words)):
            raise ValueError("the words are not sorted, each once")
        data, ends = _packed(words)
        return cls(data, ends)

    PARTS = ("utf8", "ends.npy")
    """The files of a saved list: its name, a dot, and each of these."""

    @staticmethod
    def save_sorted(words: Sequence[str], paths: Mapping[str, Path], write: Any) -> None:
        """Write sorted ``words`` to ``paths`` (by :attr:`PARTS`), each file by
        ``write(path, how)``, without checking their order (the caller has sorted them)."""
        data, ends = _packed(words)
        write(paths["utf8"], lambda path: Path(path).write_bytes(data))
        write(paths["ends.npy"], lambda path: _save_array(path, ends))

    @classmethod
    def load(cls, paths: Mapping[str, Path]) -> WordList:
        """A saved list, mapped from its files (read as it is used)."""
        ends = np.load(paths["ends.npy"], mmap_mode="r")
        size = paths["utf8"].stat().st_size
        if len(ends) and int(ends[-1]) != size:
            raise ValueError("the word list's files do not match")
        if not size:
            return cls(b"", ends)
        with open(paths["utf8"], "rb") as handle:
            data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        return cls(data, ends)

    def _bytes(self, number: int) -> bytes:
        at = self._at
        return bytes(self._data[at[number - 1] if number else 0 : at[number]])

    def restore_key(self, number: int) -> str:
        """The word of a number."""
        if not 0 <= number < self._size:
            raise KeyError(number)
        return self._bytes(number).decode("utf-8")

    def _place(self, encoded: bytes) -> int:
        return bisect.bisect_left(range(self._size), encoded, key=self._bytes)

    def __getitem__(self, word: str) -> int:
        encoded = word.encode("utf-8")
        place = self._place(encoded)
        if place < self._size and self._bytes(place) == encoded:
            return place
        raise KeyError(word)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        encoded = word.encode("utf-8")
        place = self._place(encoded)
        return place < self._size and self._bytes(place) == encoded

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[str]:
        return self.iterkeys()

    def iterkeys(self, prefix: str = "") -> Iterator[str]:
        """The words that begin with ``prefix``, in order."""
        encoded = prefix.encode("utf-8")
        for number in range(self._place(encoded), self._size):
            word = self._bytes(number)
            if not word.startswith(encoded):
                return
            yield word.decode("utf-8")


def _packed(words: Sequence[str]) -> tuple[bytes, npt.NDArray[np.unsignedinteger[Any]]]:
    """The words' UTF-8 one after another, and where each ends: encoded at once."""
    text = "\n".join(words) + "\n" if words else ""
    if text.count("\n") != len(words):
        raise ValueError("a word has a line end")
    joined = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    lines = np.flatnonzero(joined == 10)
    ends = lines - np.arange(len(lines))
    small = not len(ends) or int(ends[-1]) < 1 << 32  # four bytes a word where they do
    return joined[joined != 10].tobytes(), ends.astype(np.uint32 if small else np.uint64)


def _save_array(path: Path, array: npt.NDArray[Any]) -> None:
    with open(path, "wb") as handle:  # to the path as it is, not one with .npy added
        np.save(handle, array)
