"""Reading a DAWG file whole with NumPy: every key with a payload, without a Python string each.

pymorphy3 keeps a dictionary's forms in the file format of dawgdic (the DAWG2 library's): keys
of bytes, here a form, ``\\x01`` and its payload (a reading, in base64, and a line end). Asking
the library for its keys makes a Python string of each, millions of them (Ukrainian 6.5 million
readings of 3.7 million forms): seconds, and gigabytes to hold. This module walks the file's
arrays instead, a level at a time for every node at once, and gives the forms as one buffer of
bytes and each form's payloads as rows of a table.

The file holds two arrays, each after its length as a 32-bit number: the *units* (a node's
offset to its children, the label that leads to it, whether a key ends there) and the *guide*
(for each node, the label of its first child and that of its next sibling; 0 for none). A
node's child by a label is ``node ^ offset(node) ^ label``. The keys come out sorted by byte,
as the library would give them.

Sorted by byte is sorted by code point: кот (о, U+043E) before кіт (і, U+0456).

A DAWG shares equal tails: the forms of a word that have the same readings lead to one node
after ``\\x01``, so each distinct set of payloads is read once, not once per form.

>>> import dawg, pathlib, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = pathlib.Path(folder) / "k.dawg"
...     dawg.BytesDAWG([("кіт", b"ab"), ("кот", b"cd"), ("кіт", b"ef")]).save(str(path))
...     keys = read(path, payload=5)
>>> keys.forms()
['кот', 'кіт']
>>> keys.payloads[keys.payload_of].tobytes()
b'Y2Q=\\nYWI=\\nZWY=\\n'
>>> keys.form_of.tolist()
[0, 1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["Keys", "read"]

Indices = npt.NDArray[np.int32]
"""Node numbers, places and counts: 32 bits are enough (a dictionary has a few million
nodes) and half the memory to touch."""
SEPARATOR = 1
"""The label between a key's form and its payload (``\\x01``)."""


@dataclass(frozen=True)
class Keys:
    """A DAWG's keys, a form and a payload each, sorted by byte.

    ``text``: the forms, each once and sorted, each followed by a line end (``\\n``), in
    UTF-8; ``starts``: where each form begins in ``text``, and ``sizes`` its length in bytes;
    ``payloads``: the payloads (what follows a form's ``\\x01``), a row of bytes each, each
    once or a few times; ``payload_of``: each key's payload, by its row, in the keys' order;
    ``form_of``: each key's form, by its number (ascending: a form's keys are next to each
    other).
    """

    text: bytes
    starts: Indices
    sizes: Indices
    payloads: npt.NDArray[np.uint8]
    payload_of: Indices
    form_of: Indices

    def forms(self) -> list[str]:
        """The forms as strings, in order."""
        return self.text.decode("utf-8").split("\n")[:-1]

    def written_in(self, characters: str, chunk: int = 1 << 18) -> npt.NDArray[np.bool_]:
        """Whether each form is written in ``characters`` alone (and is not empty): each
        character of the forms looked up in a table, ``chunk`` forms at a time.

        >>> Keys.of(["ab\x01x", "a-b\x01x", "b\x01x"], 1).written_in("ab").tolist()
        [True, False, True]
        """
        table = np.zeros(max(map(ord, characters)) + 2, dtype=bool)  # one more: any beyond
        table[[ord(character) for character in characters]] = True
        table[ord("\n")] = True
        found = np.empty(len(self.starts), dtype=bool)
        for first in range(0, len(self.starts), chunk):
            last = min(first + chunk, len(self.starts))
            end = int(self.starts[last - 1] + self.sizes[last - 1] + 1)
            text = self.text[int(self.starts[first]) : end].decode("utf-8")
            codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
            ends = np.flatnonzero(codes == ord("\n"))  # where each form ends
            valid = np.diff(ends, prepend=-1) > 1
            valid[
                np.searchsorted(ends, np.flatnonzero(~table[np.minimum(codes, len(table) - 1)]))
            ] = False
            found[first:last] = valid
        return found

    @classmethod
    def of(cls, keys: Sequence[str], payload: int) -> Keys:
        """The same from the keys themselves (``form \\x01 payload``, sorted by byte), as the
        DAWG library gives them: for a few keys (tests read a handful of words)."""
        forms: list[str] = []
        rows: list[bytes] = []
        form_of: list[int] = []
        for key in keys:
            form, _, tail = key.partition("\x01")
            if not forms or forms[-1] != form:
                forms.append(form)
            form_of.append(len(forms) - 1)
            rows.append(tail.encode())
        encoded = [form.encode() for form in forms]
        sizes = np.array([len(form) for form in encoded], dtype=np.int32)
        starts = np.cumsum(sizes + 1) - (sizes + 1)
        text = b"".join(form + b"\n" for form in encoded)
        table = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(-1, payload)
        numbers = np.arange(len(rows), dtype=np.int32)
        return cls(text, starts, sizes, table, numbers, np.array(form_of, dtype=np.int32))


class _Dawg:
    """The two arrays of a DAWG file, as what a walk needs of each node."""

    def __init__(self, path: Path) -> None:
        raw = np.fromfile(path, dtype=np.uint8)
        count = _size_at(raw, 0)
        guide_at = 4 + 4 * count
        if count < 0 or _size_at(raw, guide_at) != count or len(raw) != guide_at + 4 + 2 * count:
            raise ValueError(f"{path}: not a DAWG file with a guide")
        units = raw[4:guide_at].view("<u4").astype(np.int64)
        guide = raw[guide_at + 4 :]
        offsets = ((units >> 10) << ((units & (1 << 9)) >> 6)) & 0xFFFFFFFF
        if count >= 2**31 or offsets.max(initial=0) >= 2**31:
            raise ValueError(f"{path}: too large a DAWG")
        self.offsets = offsets.astype(np.int32)
        self.ends = (units & (1 << 8)) != 0
        """Whether a key ends at each node."""
        self.first = guide[0::2].astype(np.int32)
        self.sibling = guide[1::2].astype(np.int32)

    def children(self, nodes: Indices) -> tuple[Indices, Indices, Indices, Indices]:
        """Every child of each of ``nodes``: its parent (a place in ``nodes``), its label, its
        node; sorted by parent, then label. And where each parent's children begin."""
        label = self.first[nodes]
        active = np.flatnonzero(label)
        base = nodes[active] ^ self.offsets[nodes[active]]
        label = label[active]
        rounds = []  # the first child of each node, then the second...
        while active.size:
            child = base ^ label
            rounds.append((active, label, child))
            label = self.sibling[child]
            more = np.flatnonzero(label)
            active, base, label = active[more], base[more], label[more]
        counts = np.zeros(len(nodes), dtype=np.int32)
        for active, _, _ in rounds:
            counts[active] += 1
        begins = np.cumsum(counts, dtype=np.int32) - counts
        size = int(counts.sum())
        parent, labels, child = (np.empty(size, dtype=np.int32) for _ in range(3))
        for number, (active, label, node) in enumerate(rounds):
            places = begins[active] + number
            parent[places], labels[places], child[places] = active, label, node
        return parent, labels, child, begins


def _size_at(raw: npt.NDArray[np.uint8], place: int) -> int:
    """The 32-bit size at ``place`` of a file's bytes (-1 where the file is too short)."""
    if len(raw) < place + 4:
        return -1
    return int(raw[place : place + 4].view("<u4")[0])


@dataclass
class _Level:
    """The nodes at one depth of the walk to the forms' ends: the kept ones (a form goes on)
    and, for each, how many forms lie beyond it."""

    parent: Indices
    labels: Indices
    nodes: Indices
    ends: npt.NDArray[np.bool_]
    begins: Indices
    beyond: Indices | None = None
    ranks: Indices | None = None
    """The number of each form that ends here, among the sorted forms."""


def read(path: Path | str, payload: int) -> Keys:
    """Every key of the DAWG file at ``path`` whose keys are a form, ``\\x01`` and a payload
    of ``payload`` bytes. Raises ValueError if the file is not such a DAWG."""
    dawg = _Dawg(Path(path))
    levels = _walk_forms(dawg)
    text, starts, sizes, tails = _forms(levels)
    seen = np.zeros(len(dawg.ends), dtype=bool)
    seen[tails] = True  # each distinct tail once, by node number
    distinct = np.flatnonzero(seen).astype(np.int32)
    tail_of = (np.cumsum(seen, dtype=np.int32) - 1)[tails]
    payloads, owner = _payloads(dawg, distinct, payload)
    count = np.bincount(owner, minlength=len(distinct))
    first = np.cumsum(count) - count
    per_form = count[tail_of]
    form_of = np.repeat(np.arange(len(starts), dtype=np.int32), per_form)
    ordinal = np.arange(len(form_of), dtype=np.int32) - np.repeat(
        np.cumsum(per_form) - per_form, per_form
    )
    rows = first[tail_of][form_of] + ordinal
    return Keys(text, starts, sizes, payloads, rows, form_of)


def _walk_forms(dawg: _Dawg) -> list[_Level]:
    """The nodes of the forms, depth by depth from the root, each depth sorted; a node reached
    by ``\\x01`` ends a form there."""
    levels: list[_Level] = []
    frontier = np.zeros(1, dtype=np.int32)
    while frontier.size:
        if len(levels) > _LONGEST:
            raise ValueError(f"a key of the DAWG is longer than {_LONGEST} bytes")
        if dawg.ends[frontier].any():
            raise ValueError("a key of the DAWG has no payload")
        parent, labels, nodes, begins = dawg.children(frontier)
        ends = labels == SEPARATOR
        levels.append(_Level(parent, labels, nodes, ends, begins))
        frontier = nodes[~ends]
    return levels


_LONGEST = 4096
"""The most bytes a form may have: a damaged file whose nodes go round in a loop ends here."""


def _forms(levels: list[_Level]) -> tuple[bytes, Indices, Indices, Indices]:
    """The forms' text, where each begins and its size, and the node after each one's
    ``\\x01`` (where its payloads begin), the forms sorted."""
    _count_beyond(levels)
    ranks: list[Indices] = []
    sizes, tails = [], []
    above = np.zeros(1, dtype=np.int32)  # the first form's number beyond each node above
    for depth, level in enumerate(levels):
        assert level.beyond is not None
        before = np.cumsum(level.beyond, dtype=np.int32) - level.beyond  # earlier nodes' forms
        rank = above[level.parent] + before - before[level.begins[level.parent]]
        level.ranks = rank[level.ends]
        ranks.append(level.ranks)
        sizes.append(np.full(len(level.ranks), depth, dtype=np.int32))
        tails.append(level.nodes[level.ends])
        above = rank[~level.ends]
    order = np.empty(sum(map(len, ranks)), dtype=np.int32)
    order[np.concatenate(ranks)] = np.arange(len(order))
    size = np.concatenate(sizes)[order]
    starts = np.zeros(len(order) + 1, dtype=np.int32)
    np.cumsum(size + 1, out=starts[1:], dtype=np.int32)
    return _text(levels, size), starts[:-1], size, np.concatenate(tails)[order]


_PAD = 0xFF
"""A byte no UTF-8 text has: what fills the rest of a form's last word."""


def _text(levels: list[_Level], size: Indices) -> bytes:
    """The forms (of ``size`` bytes each, sorted) as text, each followed by a line end.

    Each form is written eight bytes at a time, as a 64-bit word, into a slot of whole words:
    a node carries the bytes of its word so far, and the word is written to every form beyond
    it once it is full, or at the form's end with the line end and padding; the padding is
    then left out."""
    words = size // 8 + 1
    slots = np.cumsum(words, dtype=np.int64) - words
    out = np.empty(int(words.sum()), dtype="<u8")
    carried = np.zeros(1, dtype=np.uint64)  # each node's bytes of its word so far
    for depth, level in enumerate(levels):
        assert level.beyond is not None and level.ranks is not None
        byte = depth % 8
        shift = np.uint64(8 * byte)
        if byte:
            bytes_so_far = carried[level.parent]
        else:
            bytes_so_far = np.zeros(len(level.parent), dtype=np.uint64)
        last = ord("\n") << 8 * byte | (_PAD * 0x0101010101010101) << 8 * (byte + 1)
        ending = bytes_so_far[level.ends] | np.uint64(last & 0xFFFFFFFFFFFFFFFF)
        out[slots[level.ranks] + depth // 8] = ending
        kept = ~level.ends
        carried = bytes_so_far[kept] | level.labels[kept].astype(np.uint64) << shift
        if byte == 7:
            longer = np.flatnonzero(size > depth)
            out[slots[longer] + depth // 8] = np.repeat(carried, level.beyond[kept])
    return out.tobytes().translate(None, bytes([_PAD]))


def _count_beyond(levels: list[_Level]) -> None:
    """For each node of ``levels``, the number of forms beyond it (1 for a form's end)."""
    below: Indices | None = None
    for depth in range(len(levels) - 1, -1, -1):
        level = levels[depth]
        beyond = np.ones(len(level.parent), dtype=np.int32)
        if below is not None:
            beyond[~level.ends] = below
        level.beyond = beyond
        parents = 1 if depth == 0 else int((~levels[depth - 1].ends).sum())
        below = np.bincount(level.parent, weights=beyond, minlength=parents).astype(np.int32)


def _payloads(dawg: _Dawg, tails: Indices, size: int) -> tuple[npt.NDArray[np.uint8], Indices]:
    """Every payload (``size`` bytes) after each of the nodes ``tails``, as rows of bytes
    sorted by tail, then by byte; and the tail each row is after."""
    frontier = tails
    steps = []
    for _ in range(size):
        if dawg.ends[frontier].any():
            raise ValueError(f"a payload of the DAWG is shorter than {size} bytes")
        parent, labels, frontier, _ = dawg.children(frontier)
        steps.append((parent, labels))
    if not dawg.ends[frontier].all() or dawg.first[frontier].any():
        raise ValueError(f"a payload of the DAWG is not {size} bytes long")
    rows = np.empty((len(frontier), size), dtype=np.uint8)
    place = np.arange(len(frontier), dtype=np.int32)
    for column in range(size - 1, -1, -1):
        parent, labels = steps[column]
        rows[:, column] = labels[place]
        place = parent[place]
    return rows, place
