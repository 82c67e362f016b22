"""Which words a multiset of letters makes, for millions of words at once, as bit sets.

A word's *signature* is its letters in alphabetical order (кіт and тік have
ікт; see :func:`signature`). A :class:`Signatures`
table numbers the distinct signatures of a word list, longest first, and holds
for every letter and every count ``k`` the set of signatures that have the
letter at least ``k`` times, as a bit set over those numbers. Whether a rack
of letters makes a signature is then a question about a few dozen bit sets,
answered for all signatures at once:

- a signature asks for more of a letter than the rack holds exactly when it is
  in the set of that letter at the rack's count plus one;
- the rack makes it alone when it is in none of those sets, and makes it with
  a Polysemy (which stands for every occurrence of one letter) when it is in
  at most one of them: the Polysemy stands for that letter.

Two running bit sets, "over in one letter at least" and "over in two at
least", take a handful of whole-array operations per letter (the counting
trick of a bitwise adder), so a query over three million signatures costs a
few milliseconds and needs no search at all.

Each signature also keeps its words, in alphabetical order, as numbers in a
trie of the word forms (a ``marisa_trie.Trie``, which turns a number back into
its word), so a signature found is spelt out without a search.

>>> import marisa_trie
>>> forms = ["кіт", "тік", "кот", "колоо", "ооо"]
>>> trie = marisa_trie.Trie(forms)
>>> table = Signatures.build(forms, "uk", trie)
>>> [table.signature(n) for n in table.found(table.fits({"к": 1, "і": 1, "т": 1, "о": 1}))]
['ікт', 'кот']
>>> [trie.restore_key(i) for i in table.words(table.found(table.fits({"к": 1, "і": 1, "т": 1}))[0])]
['кіт', 'тік']
>>> fits = table.fits({"к": 1, "л": 1}, wildcard=True)
>>> [(table.signature(n), table.stands_for(n, fits)) for n in table.found(fits)]
[('клооо', 'о'), ('ооо', 'о')]
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from igroteka.lexicon.text import ALPHABETS, RANKS, Language, check_language

__all__ = ["Fits", "Signatures", "signature"]

Writer = Callable[[Path, Callable[[Path], object]], object]
"""How a file is written: ``write(path, how)`` calls ``how`` with a path to write to."""

Bits = npt.NDArray[np.uint64]
"""A bit set over signature numbers: bit ``n % 64`` of word ``n // 64``."""


@dataclass(frozen=True)
class Fits:
    """A rack's answer for every signature of a table.

    ``made``: the signatures the rack makes (alone, or with its Polysemy when it
    holds one); ``alone``: those it makes without a Polysemy; ``over``: for each
    letter the rack holds too few of for some signature, that letter and the set
    of those signatures.
    """

    made: Bits
    alone: Bits
    over: tuple[tuple[str, Bits], ...]


def signature(word: str, lang: str) -> str:
    """The letters of a normal-form word in alphabetical order, apostrophes left out.

    >>> signature("м'ясо", "uk")
    'мося'
    """
    return "".join(sorted((char for char in word if char != "'"), key=RANKS[lang].__getitem__))


class Signatures:
    """The signatures of one word list, numbered longest first, their letter bit sets and words."""

    def __init__(
        self,
        lang: Language,
        bits: Bits,
        first: npt.NDArray[np.uint32],
        more: npt.NDArray[np.uint32],
        numbering: Mapping[str, Any],
    ) -> None:
        self.lang = lang
        self.bits = bits
        self.first = first  # each signature's first word (a number in the trie of forms)
        self.more = more  # [signature, word] pairs, by signature: the words after the first
        self.rows: dict[str, int] = dict(numbering["rows"])  # a letter's row for "once"; on: more
        self.most: dict[str, int] = dict(numbering["most"])  # the most times a letter is in one
        self.lengths = {  # a length: the numbers of its signatures, [first, end)
            int(length): (int(span[0]), int(span[1]))
            for length, span in numbering["lengths"].items()
        }
        self.size = max((end for _, end in self.lengths.values()), default=0)
        self._alphabet = [char for char in ALPHABETS[lang] if self.most.get(char)]

    @classmethod
    def build(cls, forms: Iterable[str], lang: str, trie: Mapping[str, int]) -> Signatures:
        """A table of the words ``forms`` (normal form), whose numbers ``trie`` gives."""
        language = check_language(lang)
        alphabet = ALPHABETS[language]
        # Letters as the characters of their places in the alphabet, after a character that
        # puts longer signatures first: then plain string order is the table's order, and
        # the words of a signature, coded the same way after it, come in alphabetical order.
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
            try:
                places = np.frombuffer("".join(block).encode("latin-1"), dtype=np.uint8)
            except UnicodeEncodeError:
                places = None  # a character the code left as it was: not a letter
            if places is None or places.max(initial=0) >= len(alphabet):
                raise ValueError(f"a word has a letter outside the {lang} alphabet")
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
        return cls(language, bits, np.array(first, dtype=np.uint32), pairs, numbering)

    PARTS = ("bits.npy", "first.npy", "more.npy", "json")
    """The files of a saved table: its name, a dot, and each of these."""

    def save(self, paths: Mapping[str, Path], write: Writer) -> None:
        """Write each part of :attr:`PARTS` to its path in ``paths``, by ``write(path, how)``."""
        arrays: dict[str, npt.NDArray[Any]] = {"bits.npy": self.bits, "first.npy": self.first}
        arrays["more.npy"] = self.more
        for part, array in arrays.items():
            write(paths[part], functools.partial(_save_array, array))
        lengths = {str(length): span for length, span in self.lengths.items()}
        numbering = {"lang": self.lang, "rows": self.rows, "most": self.most, "lengths": lengths}
        text = json.dumps(numbering, ensure_ascii=False)
        write(paths["json"], lambda path: path.write_text(text, encoding="utf-8"))

    @classmethod
    def load(cls, paths: Mapping[str, Path]) -> Signatures:
        """A saved table; its arrays are mapped from their files, read as they are used."""
        numbering = json.loads(paths["json"].read_text(encoding="utf-8"))
        bits, first, more = (np.load(paths[part], mmap_mode="r") for part in cls.PARTS[:3])
        return cls(check_language(numbering["lang"]), bits, first, more, numbering)

    def __len__(self) -> int:
        return self.size

    def __contains__(self, sig: object) -> bool:
        """Whether ``sig`` is a signature of the list: some word's letters, in alphabetical order.

        >>> import marisa_trie
        >>> table = Signatures.build(["кіт"], "uk", marisa_trie.Trie(["кіт"]))
        >>> "ікт" in table, "кіт" in table, "ік" in table
        (True, False, False)
        """
        if not isinstance(sig, str) or any(not self.most.get(char) for char in sig):
            return False  # a letter no signature has (Russian ё: the lists spell it е)
        if sig != signature(sig, self.lang):
            return False  # not in alphabetical order
        rack = {char: sig.count(char) for char in set(sig)}
        return bool(self.found(self.fits(rack), len(sig)).size)  # as long as the rack: all of it

    def fits(self, rack: Mapping[str, int], wildcard: bool = False) -> Fits:
        """Which signatures ``rack`` (a letter: how many) makes, alone or with a Polysemy."""
        words = self.bits.shape[1]
        once = np.zeros(words, dtype=np.uint64)
        twice = np.zeros(words, dtype=np.uint64)
        both = np.empty(words, dtype=np.uint64)
        over: list[tuple[str, Bits]] = []
        for char in self._alphabet:
            held = rack.get(char, 0)
            if held >= self.most[char]:
                continue
            more = self.bits[self.rows[char] + held]  # has the letter more than held
            over.append((char, more))
            if wildcard:
                np.bitwise_and(once, more, out=both)
                np.bitwise_or(twice, both, out=twice)
            np.bitwise_or(once, more, out=once)
        alone = np.invert(once)
        made = np.invert(twice) if wildcard else alone
        return Fits(made, alone, tuple(over))

    def found(self, fits: Fits, length: int | None = None) -> npt.NDArray[np.int64]:
        """The numbers of the signatures made (of one ``length``, or all), in order."""
        if length is None:
            spans = sorted(self.lengths.values())
        else:
            spans = [self.lengths[length]] if length in self.lengths else []
        parts = [self.members(fits.made, first, end) for first, end in spans]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)

    def by_length(self) -> Iterator[tuple[int, int, int]]:
        """Each length of the list, longest first, with its numbers ``[first, end)``."""
        for length in sorted(self.lengths, reverse=True):
            first, end = self.lengths[length]
            yield length, first, end

    @staticmethod
    def members(bits: Bits, first: int, end: int) -> npt.NDArray[np.int64]:
        """The numbers in ``[first, end)`` that a bit set holds, in order."""
        low, high = first // 64, -(-end // 64)
        chunk = np.ascontiguousarray(bits[low:high])
        if not chunk.any():
            return np.zeros(0, dtype=np.int64)
        flags = np.unpackbits(chunk.view(np.uint8), bitorder="little")
        numbers = np.flatnonzero(flags).astype(np.int64) + low * 64
        return numbers[(numbers >= first) & (numbers < end)]

    def counts(self, numbers: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """How many of each letter (rows, in alphabetical order) each signature has (columns)."""
        words, shifts = numbers // 64, (numbers % 64).astype(np.uint64)
        held = (self.bits[:, words] >> shifts) & np.uint64(1)
        counts = np.zeros((len(self._alphabet), numbers.size), dtype=np.int64)
        for place, char in enumerate(self._alphabet):
            row = self.rows[char]
            counts[place] = held[row : row + self.most[char]].sum(axis=0)
        return counts

    def worth(
        self,
        numbers: npt.NDArray[np.int64],
        value: Mapping[str, float],
        rack: Mapping[str, int] | None = None,
    ) -> npt.NDArray[np.float64]:
        """What each signature is worth, the ``value`` of each of its letters summed: what
        ``value`` (in the rows of :meth:`counts`) times :meth:`counts` gives, 4x faster, without
        counting each letter apart. Given the ``rack`` that made them (no Polysemy), the rows
        of more of a letter than it holds are left out: no signature has them set."""
        rows: list[int] = []
        weights: list[float] = []
        for char in self._alphabet:
            most = self.most[char] if rack is None else min(self.most[char], rack.get(char, 0))
            rows += range(self.rows[char], self.rows[char] + most)
            weights += [value[char]] * most
        words, shifts = numbers // 64, (numbers % 64).astype(np.uint64)
        planes = np.asarray(rows, dtype=np.int64)[:, None]
        held = (self.bits[planes, words] >> shifts) & np.uint64(1)
        return np.asarray(weights, dtype=np.float64) @ held.astype(np.float64)

    @property
    def alphabet(self) -> list[str]:
        """The letters the signatures use, in alphabetical order (the rows of :meth:`counts`)."""
        return list(self._alphabet)

    def signature(self, number: int) -> str:
        """The letters of signature ``number``, in alphabetical order."""
        return self.letters(self.counts(np.array([number], dtype=np.int64))[:, 0])

    def letters(self, column: npt.NDArray[np.int64]) -> str:
        """A signature from a column of :meth:`counts`."""
        pairs = zip(self._alphabet, column.tolist(), strict=True)
        return "".join(char * times for char, times in pairs)

    def words(self, number: int) -> list[int]:
        """The words of signature ``number``, in alphabetical order, as numbers in the trie."""
        column = self.more[:, 0]
        low = int(np.searchsorted(column, number, side="left"))
        high = int(np.searchsorted(column, number, side="right"))
        return [int(self.first[number]), *self.more[low:high, 1].tolist()]

    def stands_for(self, number: int, fits: Fits) -> str | None:
        """The letter the Polysemy stands for in a signature made (None: made alone)."""
        word, bit = divmod(number, 64)
        mask = np.uint64(1 << bit)
        if fits.alone[word] & mask:
            return None
        return next((char for char, more in fits.over if more[word] & mask), None)


def _save_array(array: npt.NDArray[Any], path: Path) -> None:
    with open(path, "wb") as handle:
        np.save(handle, array)
