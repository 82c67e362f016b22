"""Crossword move generation: every word a rack can lay along one line of the board.

A GADDAG (Gordon 1994) files every word of the crossword list once per letter
it could be built from: for кіт, the keys ``к◇іт``, ``ік◇т`` and ``тік◇`` (the
letters before the split reversed, then ◇, then the rest). A move is then built
outward from one *anchor* square: leftward from the anchor by reading a key's
reversed part, then, after ◇, rightward; only paths some key starts with are
followed. The keys are a DAWG in the compiled index (see
:mod:`igroteka.lexicon.index`), built from the ``crossword`` rule's list;
apostrophes are not tiles, so м'ясо is laid as мясо.

A line is a sequence of squares: a letter already on the board, or None. For
each empty square the caller may give the letters a perpendicular word allows
there (*cross-checks*; None: any letter). :func:`line_moves` lists every move
along the line that lays at least one tile, touches an anchor, and makes a
word of the list::

    >>> moves = line_moves([None, "о", "л", None, None], "пкаб", "ru")
    >>> sorted({move.word for move in moves})
    ['бол', 'бола', 'кол', 'кола', 'колба', 'пол', 'пола', 'полба', 'полк', 'полка']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from igroteka.lexicon.index import index
from igroteka.lexicon.search import letters_of
from igroteka.lexicon.text import ALPHABETS, check_language

__all__ = ["BLANK", "SEPARATOR", "Move", "gaddag_keys", "line_moves"]

SEPARATOR = "◇"
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


def gaddag_keys(word: str) -> list[str]:
    """The GADDAG keys of a word (letters only).

    >>> gaddag_keys("кіт")
    ['к◇іт', 'ік◇т', 'тік◇']
    """
    return [word[:split][::-1] + SEPARATOR + word[split:] for split in range(1, len(word) + 1)]


def line_moves(
    line: Sequence[str | None],
    rack: str | Iterable[str],
    lang: str,
    *,
    cross: Sequence[frozenset[str] | None] | None = None,
    anchors: Iterable[int] | None = None,
) -> list[Move]:
    """Every move along a line that lays at least one tile and makes a crossword word.

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
    keys = index(language).gaddag
    has_prefix = keys.has_keys_with_prefix
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

    def lay(square: int, letter: str, blank: bool) -> None:
        if blank:
            blanks_left[0] -= 1
        else:
            rack_left[letter] -= 1
        laid.append((square, letter, blank))

    def lift(letter: str, blank: bool) -> None:
        laid.pop()
        if blank:
            blanks_left[0] += 1
        else:
            rack_left[letter] += 1

    def tries(square: int, key: str) -> Iterator[tuple[str, str]]:
        """(letter, key with it) for each letter the square can hold that some key allows.

        A letter from the rack is laid on an empty square while its branch is walked.
        """
        occupied = squares[square]
        ways = [(occupied, False)] if occupied is not None else options(square)
        for letter, blank in ways:
            step = key + letter
            if not has_prefix(step):
                continue
            if occupied is None:
                lay(square, letter, blank)
            yield letter, step
            if occupied is None:
                lift(letter, blank)

    def leftward(square: int, key: str, anchor: int) -> None:
        if square < 0:
            return
        for _, step in tries(square, key):
            if square == 0 or squares[square - 1] is None:
                # The word may begin here: turn round and go right of the anchor.
                turned = step + SEPARATOR
                if has_prefix(turned):
                    word = step[::-1]
                    if turned in keys and (anchor + 1 == size or squares[anchor + 1] is None):
                        record(square, word)
                    rightward(anchor + 1, turned, square, word)
            leftward(square - 1, step, anchor)

    def rightward(square: int, key: str, start: int, word: str) -> None:
        if square >= size:
            return
        for letter, step in tries(square, key):
            if (square + 1 == size or squares[square + 1] is None) and step in keys:
                record(start, word + letter)
            rightward(square + 1, step, start, word + letter)

    for anchor in sorted(set(anchors)):
        if not 0 <= anchor < size:
            raise ValueError(f"anchor {anchor} is off the line")
        leftward(anchor, "", anchor)
    return sorted(found.values(), key=lambda move: (move.start, move.word, move.tiles))
