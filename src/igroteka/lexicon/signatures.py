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

import contextlib
import functools
import gc
import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import sliding_window_view

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
    def build(
        cls, forms: Iterable[str] | None, lang: str, trie: Mapping[str, int] | None
    ) -> Signatures:
        """A table of the words ``forms`` (normal form; None: every word of ``trie``), whose
        numbers ``trie`` gives (None: their places in ``forms``, each once).

        The words are handled all at once, as arrays: a word becomes the places of its letters
        in the alphabet, and its signature those places sorted. The signatures are numbered
        longest first, then in alphabetical order; a signature's words come in alphabetical
        order (apostrophes left out), and words that differ only by an apostrophe in the order
        of their numbers. A letter outside the alphabet raises ValueError; a form the trie
        lacks, KeyError.
        """
        language = check_language(lang)
        alphabet = ALPHABETS[language]
        words, numbers = _numbered(forms, trie)
        places, starts, lengths = _places(words, alphabet, language)
        del words  # millions of strings: gone before the arrays grow
        parts = {
            length: _Length.of(places, starts[rows], length, numbers[rows])
            for length, rows in _by_length(lengths)
        }
        spans, first, more = _one_after_another(parts)
        counts = _counts([part.sigs for part in parts.values()], len(alphabet))
        bits, rows, most = _letter_sets(counts, alphabet)
        numbering = {"lang": language, "rows": rows, "most": most, "lengths": spans}
        return cls(language, bits, first, more, numbering)

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


def _numbered(
    forms: Iterable[str] | None, trie: Mapping[str, int] | None
) -> tuple[list[str], npt.NDArray[np.int64]]:
    """The distinct words of ``forms`` and their numbers in ``trie``, in the trie's own order.

    One walk over the trie's items (for a marisa trie, one pass in C++) takes a fraction of
    the time of a lookup per word: millions of lookups in no particular order miss the
    processor's cache at nearly every step. A form the trie lacks raises KeyError, as its
    lookup would. ``forms`` None: every word of the trie; ``trie`` None: the forms are
    numbered by their places (each once).
    """
    if trie is None:
        listed = list(forms or ())
        return listed, np.arange(len(listed), dtype=np.int64)
    with collector_paused():  # and the tuples gone before it runs again
        pairs = list(trie.items())
        words = list(map(itemgetter(0), pairs))
        numbers = np.fromiter(map(itemgetter(1), pairs), dtype=np.int64, count=len(pairs))
        del pairs
    if forms is None:
        return words, numbers
    wanted = forms if isinstance(forms, set | frozenset) else set(forms)
    if len(wanted) == len(words) and wanted.issuperset(words):
        return words, numbers  # the forms are the trie's words: the usual case
    kept = np.fromiter(map(wanted.__contains__, words), dtype=bool, count=len(words))
    if int(kept.sum()) < len(wanted):
        raise KeyError(next(word for word in wanted if word not in trie))
    return list(itertools.compress(words, kept)), numbers[kept]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for a while: millions of new tuples would set it
    walking them over and over, doubling the time they take to make."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_END = 254
"""A word's end, in the places of :func:`_places`."""

_FOREIGN = 255
"""A character not of the alphabet, in the places of :func:`_places`."""


def _places(
    words: list[str], alphabet: str, lang: str
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The words' letters as their places in ``alphabet``, all in one array, each word ended
    by :data:`_END`; and where each word starts in it and how many letters it has.

    Apostrophes are left out. The words are joined into one string, and each of its UTF-16
    code units is looked up in a table of places, all at once.

    >>> places, starts, lengths = _places(["ба", "м'яч"], ALPHABETS["uk"], "uk")
    >>> places.tolist(), starts.tolist(), lengths.tolist()
    ([1, 0, 254, 16, 32, 27, 254], [0, 3], [2, 3])
    """
    text = "\n".join([*words, ""]).replace("'", "")
    table = np.full(1 << 16, _FOREIGN, dtype=np.uint8)
    table[[ord(char) for char in alphabet]] = np.arange(len(alphabet))
    table[ord("\n")] = _END
    places = table[np.frombuffer(text.encode("utf-16-le", "surrogatepass"), dtype=np.uint16)]
    ends = np.flatnonzero(places == _END)
    if len(ends) != len(words) or (places == _FOREIGN).any():  # a foreign letter, or a newline
        raise ValueError(f"a word has a letter outside the {lang} alphabet")
    lengths = np.diff(ends, prepend=-1) - 1
    return places, ends - lengths, lengths


def _by_length(lengths: npt.NDArray[np.intp]) -> Iterator[tuple[int, npt.NDArray[np.intp]]]:
    """Each length of the words, longest first, with the indices of the words that long."""
    tally = np.bincount(lengths)
    longest = len(tally) - 1
    shorter = (longest - lengths).astype(np.min_scalar_type(longest))  # a byte: a radix sort
    order = np.argsort(shorter, kind="stable")
    start = 0
    for length in range(longest, -1, -1):
        end = start + int(tally[length])
        if end > start:
            yield length, order[start:end]
        start = end


@dataclass(frozen=True)
class _Length:
    """The signatures of the words of one length, in order, with their words' numbers."""

    sigs: npt.NDArray[np.uint8]
    """The signatures' letters, as places in the alphabet: a column each, a row per letter."""
    first: npt.NDArray[np.int64]
    """Each signature's first word."""
    more: npt.NDArray[np.int64]
    """The other words: a row of the signature's index here and the word, in order."""

    @classmethod
    def of(
        cls,
        places: npt.NDArray[np.uint8],
        starts: npt.NDArray[np.intp],
        length: int,
        numbers: npt.NDArray[np.int64],
    ) -> _Length:
        """The signatures of the words of ``length`` letters that start at ``starts``."""
        sigs = _letters(places, starts, length)
        _sort_columns(sigs)
        order = np.lexsort(sigs[::-1]) if length else np.arange(len(starts))
        sigs, numbers = np.take(sigs, order, axis=1), numbers[order]
        heads = _heads(sigs)
        group = np.cumsum(heads) - 1  # each word's signature, counted from 0
        rest = ~heads
        sharing = rest.copy()  # a word not first of its signature, or followed by such a word
        sharing[:-1] |= rest[1:]
        shared = np.flatnonzero(sharing)
        if len(shared):  # each signature's words in alphabetical order, then by number
            spelt = _letters(places, starts[order[shared]], length)
            keys = [numbers[shared], *spelt[::-1], group[shared]]
            numbers[shared] = numbers[shared[np.lexsort(keys)]]
        more = np.stack([group[rest], numbers[rest]], axis=1)
        return cls(sigs[:, heads], numbers[heads], more)

    def __len__(self) -> int:
        return len(self.first)


def _one_after_another(
    parts: Mapping[int, _Length],
) -> tuple[dict[str, tuple[int, int]], npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
    """The signatures of all lengths numbered one after another, in the order of ``parts``:
    each length's numbers ``[first, end)``, each signature's first word, and the pairs of
    signature and word of the other words."""
    spans: dict[str, tuple[int, int]] = {}
    first = [np.zeros(0, dtype=np.int64)]
    more = [np.zeros((0, 2), dtype=np.int64)]
    start = 0
    for length, part in parts.items():
        spans[str(length)] = (start, start + len(part))
        first.append(part.first)
        more.append(part.more + np.array([start, 0]))
        start += len(part)
    return spans, np.concatenate(first).astype(np.uint32), np.concatenate(more).astype(np.uint32)


def _letters(
    places: npt.NDArray[np.uint8], starts: npt.NDArray[np.intp], length: int
) -> npt.NDArray[np.uint8]:
    """The places of the words of ``length`` letters that start at ``starts``: a column per word.

    >>> _letters(np.array([5, 6, 7, 8], dtype=np.uint8), np.array([2, 0]), 2).tolist()
    [[7, 5], [8, 6]]
    """
    return np.ascontiguousarray(sliding_window_view(places, length)[starts].T)


def _sort_columns(rows: npt.NDArray[np.uint8]) -> None:
    """Sort each column of ``rows`` in place, all columns at once: each step of a sorting
    network (:func:`_network`) puts two whole rows in order, cell by cell.

    >>> rows = np.array([[3, 1], [2, 2], [1, 3]], dtype=np.uint8)
    >>> _sort_columns(rows)
    >>> rows.tolist()
    [[1, 1], [2, 2], [3, 3]]
    """
    low = np.empty(rows.shape[1:], dtype=rows.dtype)
    for first, second in _network(len(rows)):
        np.minimum(rows[first], rows[second], out=low)
        np.maximum(rows[first], rows[second], out=rows[second])
        rows[first] = low


@functools.cache
def _network(size: int) -> tuple[tuple[int, int], ...]:
    """Batcher's odd-even merge sort for ``size`` items: the pairs of places ``(i, j)``, i < j,
    whose items, put in order pair after pair, end in order. As for the next power of two,
    less the pairs past ``size`` (as if the items past it were larger than any).

    >>> _network(4)
    ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2))
    """
    pairs: list[tuple[int, int]] = []
    merged = 1  # the length of the runs already in order, merged two by two
    while merged < size:
        step = merged
        while step >= 1:
            for start in range(step % merged, size - step, 2 * step):
                for first in range(start, min(start + step, size - step)):
                    if first // (2 * merged) == (first + step) // (2 * merged):
                        pairs.append((first, first + step))
            step //= 2
        merged *= 2
    return tuple(pairs)


def _heads(rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """Which columns of a sorted array differ from the column before (the first one does)."""
    heads = np.zeros(rows.shape[1], dtype=bool)
    heads[:1] = True
    for row in rows:
        heads[1:] |= row[1:] != row[:-1]
    return heads


_CHUNK = 1 << 15
"""How many signatures :func:`_counts` and :func:`_letter_sets` handle at a time: few enough
that the arrays they are making stay in the processor's cache (a multiple of 64)."""


def _counts(blocks: list[npt.NDArray[np.uint8]], letters: int) -> npt.NDArray[np.uint8]:
    """How many times each signature has each letter: a row per letter, a column per
    signature (the columns of the blocks, one after another)."""
    parts = [np.zeros((letters, 0), dtype=np.uint8)]
    for block in blocks:
        for first in range(0, block.shape[1], _CHUNK):
            parts.append(_count(block[:, first : first + _CHUNK], letters))
    return np.concatenate(parts, axis=1)


def _count(sigs: npt.NDArray[np.uint8], letters: int) -> npt.NDArray[np.uint8]:
    """How many times each signature (a column of places) has each letter (a row).

    >>> _count(np.array([[0, 1], [0, 2]], dtype=np.uint8), 3).tolist()
    [[2, 0], [0, 1], [0, 1]]
    """
    size = sigs.shape[1]
    counts = np.zeros(letters * size, dtype=np.uint8)
    columns = np.arange(size)
    for places in sigs:  # each signature once in a row: no cell twice
        counts[places.astype(np.intp) * size + columns] += 1
    return counts.reshape(letters, size)


def _letter_sets(
    counts: npt.NDArray[np.uint8], alphabet: str
) -> tuple[Bits, dict[str, int], dict[str, int]]:
    """The bit sets of ``counts`` (a row per letter): for each letter and each ``k`` up to the
    most a signature has, the signatures with the letter ``k`` times at least; with each
    letter's first row and that most."""
    size = counts.shape[1]
    mosts = counts.max(axis=1, initial=0).tolist()
    bits = np.zeros((sum(mosts), -(-size // 64)), dtype=np.uint64)
    octets = bits.view(np.uint8)  # bit n of a set: bit n % 8 of byte n // 8, as packbits has it
    rows: dict[str, int] = {}
    most: dict[str, int] = {}
    for place, char in enumerate(alphabet):
        rows[char], most[char] = sum(most.values()), mosts[place]
        sets = slice(rows[char], rows[char] + most[char])
        times = np.arange(1, most[char] + 1, dtype=np.uint8)[:, None]
        for first in range(0, size, _CHUNK):
            flags = counts[place, first : first + _CHUNK] >= times
            packed = np.packbits(flags, axis=1, bitorder="little")
            octets[sets, first // 8 : first // 8 + packed.shape[1]] = packed
    return bits, rows, most


def _save_array(array: npt.NDArray[Any], path: Path) -> None:
    with open(path, "wb") as handle:
        np.save(handle, array)
