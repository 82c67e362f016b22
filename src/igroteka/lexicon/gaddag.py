"""Move generation on a board: the GADDAG of the nouns list, and the moves along one line.

A GADDAG (Gordon 1994) files every word of the list ``nouns`` (the words of the
rule of that name) once per letter it could be built from: for кіт, the keys
``к◇іт``, ``ік◇т`` and ``тік`` (the letters up to the split reversed, then ◇ and
the rest; the key that splits after the last letter needs no ◇). A move is then
built outward from one *anchor* square: leftward from the anchor by reading a
key's reversed part, then, after ◇, rightward; only paths some key starts with
are followed.
Apostrophes are not tiles, so м'ясо is laid as мясо.

The keys are compiled into a minimal automaton (:func:`igroteka.lexicon.automaton.build`,
by Daciuk's incremental algorithm over the sorted keys), saved in the compiled index as
one array (see :mod:`igroteka.lexicon.index`), and loaded on first use as
nested dicts (:func:`automaton`): a node maps each letter, and ◇, to the next
node, and holds :data:`END` when the path to it spells a whole key, so one
step is one dict lookup. ``is_word`` reads a word's last key::

    >>> is_word("кіт", "uk"), is_word("кт", "uk")
    (True, False)

A line is a sequence of squares: a letter already on the board, or None. For
each empty square the caller may give the letters a perpendicular word allows
there (*cross-checks*; None: any letter). :func:`line_moves` lists every move
along the line that lays at least one tile, touches an anchor, and makes a
word of the list (a game's generator for a whole board asks it line by line)::

    >>> moves = line_moves([None, "о", "л", None, None], "пкаб", "ru")
    >>> sorted({move.word for move in moves})
    ['бол', 'бола', 'кол', 'кола', 'колба', 'пол', 'пола', 'полба', 'полк', 'полка']
"""

from __future__ import annotations

import functools
import gc
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from igroteka.lexicon.automaton import END, SEPARATOR, Node, build, gaddag_keys, unpack
from igroteka.lexicon.index import index
from igroteka.lexicon.search import letters_of
from igroteka.lexicon.text import ALPHABETS, check_language

__all__ = [
    "BLANK",
    "END",
    "SEPARATOR",
    "Move",
    "Node",
    "automaton",
    "build",
    "gaddag_keys",
    "is_word",
    "line_moves",
]

BLANK = "*"
"""A blank tile in a rack: it stands for any one letter."""


@dataclass(frozen=True)
class Move:
    """A word laid along a line: where it starts, the word, and the tiles laid (square, letter).

    ``blanks`` are the squares where a blank tile stands for the letter.
    """

    start: int
    word: str
    tiles: tuple[tuple[int, str], ...]
    blanks: tuple[int, ...] = ()


@functools.cache
def automaton(lang: str) -> Node:
    """The root of a language's GADDAG, loaded from the compiled index on first use."""
    language = check_language(lang)
    root = unpack(index(language).gaddag, language)
    # Hundreds of thousands of dicts that live as long as the process: left to the cyclic
    # collector, each full collection would walk them all (tens of milliseconds), so the
    # objects alive now are moved out of its sight.
    gc.freeze()
    return root


def is_word(letters: str, lang: str) -> bool:
    """Whether letters (lower case, no apostrophe) spell a word of the nouns list."""
    node = automaton(lang)
    for letter in reversed(letters):
        step = node.get(letter)
        if step is None:
            return False
        node = step
    return len(letters) > 0 and END in node


def line_moves(
    line: Sequence[str | None],
    rack: str | Iterable[str],
    lang: str,
    *,
    cross: Sequence[frozenset[str] | None] | None = None,
    anchors: Iterable[int] | None = None,
) -> list[Move]:
    """Every move along a line that lays at least one tile and makes a word of the list.

    ``rack``: the player's tiles (``*`` for a blank). ``cross``: per square, the
    letters a perpendicular word allows there (None: any). ``anchors``: the
    squares a move must touch; by default every empty square next to a letter
    on the line, and every square with a cross-check (it touches a word across).
    """
    language = check_language(lang)
    text = rack if isinstance(rack, str) else "".join(rack)
    blanks = text.count(BLANK)
    tiles = letters_of(text.replace(BLANK, ""), language) if text.replace(BLANK, "") else Counter()
    size = len(line)
    squares = [None if square is None else square.lower() for square in line]
    checks = list(cross) if cross is not None else [None] * size
    if len(checks) != size:
        raise ValueError("cross needs one entry per square of the line")
    if anchors is None:
        anchors = [
            i
            for i in range(size)
            if squares[i] is None
            and (
                (i > 0 and squares[i - 1] is not None)
                or (i + 1 < size and squares[i + 1] is not None)
                or checks[i] is not None
            )
        ]
    root = automaton(language)
    alphabet = ALPHABETS[language]
    found: dict[tuple[int, str, tuple[tuple[int, str], ...]], Move] = {}
    rack_left = tiles.copy()
    blanks_left = [blanks]
    laid: list[tuple[int, str, bool]] = []

    def record(start: int, word: str) -> None:
        placed = tuple(sorted((square, letter) for square, letter, _ in laid))
        if placed:
            marks = tuple(sorted(square for square, _, blank in laid if blank))
            found.setdefault((start, word, placed), Move(start, word, placed, marks))

    def options(square: int) -> list[tuple[str, bool]]:
        """(letter, from a blank) that may be laid on an empty square."""
        allowed = checks[square]
        ways = [
            (letter, False)
            for letter in rack_left
            if rack_left[letter] and (allowed is None or letter in allowed)
        ]
        if blanks_left[0]:
            ways += [(letter, True) for letter in alphabet if allowed is None or letter in allowed]
        return ways

    def tries(square: int, node: Node) -> Iterator[tuple[str, Node]]:
        """(letter, next node) for each letter the square can hold that some key allows.

        A letter from the rack is laid on an empty square while its branch is walked.
        """
        occupied = squares[square]
        ways = [(occupied, False)] if occupied is not None else options(square)
        for letter, blank in ways:
            step = node.get(letter)
            if step is None:
                continue
            if occupied is None:
                if blank:
                    blanks_left[0] -= 1
                else:
                    rack_left[letter] -= 1
                laid.append((square, letter, blank))
            yield letter, step
            if occupied is None:
                laid.pop()
                if blank:
                    blanks_left[0] += 1
                else:
                    rack_left[letter] += 1

    def leftward(square: int, node: Node, word: str, anchor: int) -> None:
        if square < 0:
            return
        for letter, step in tries(square, node):
            spelt = letter + word
            if square == 0 or squares[square - 1] is None:
                # The word may begin here: turn round and go right of the anchor.
                if END in step and (anchor + 1 == size or squares[anchor + 1] is None):
                    record(square, spelt)
                turned = step.get(SEPARATOR)
                if turned is not None:
                    rightward(anchor + 1, turned, square, spelt)
            leftward(square - 1, step, spelt, anchor)

    def rightward(square: int, node: Node, start: int, word: str) -> None:
        if square >= size:
            return
        for letter, step in tries(square, node):
            if (square + 1 == size or squares[square + 1] is None) and END in step:
                record(start, word + letter)
            rightward(square + 1, step, start, word + letter)

    for anchor in sorted(set(anchors)):
        if not 0 <= anchor < size:
            raise ValueError(f"anchor {anchor} is off the line")
        leftward(anchor, root, "", anchor)
    return sorted(found.values(), key=lambda move: (move.start, move.word, move.tiles))
