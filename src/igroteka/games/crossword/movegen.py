"""Every legal play of a rack on a crossword board, scored: the bots' and the hints' engine.

A *play* lays tiles in one row or one column so that they make one
contiguous word with the letters already there (the *main word*), every
perpendicular run they make is a word too (*cross words*), and — the first
play aside, which covers the centre with two letters or more — it touches a
letter on the board. :func:`plays` lists every one, each once, with its score
as :func:`igroteka.games.crossword.score.words` gives it::

    >>> from igroteka.games.crossword.board import Board
    >>> found = plays(Board.empty(), "ток", "ru")  # кот and ток, 3 places across, 3 down
    >>> sorted({play.words[0][0] for play in found}), len(found)
    (['кот', 'ток'], 12)
    >>> {play.words for play in found if play.tiles[0].letter == "т"}
    {(('ток', 5),)}

How (Gordon's GADDAG generator, with the bookkeeping of Macondo and wolges):

- per board and direction, once (kept for the next racks on the same board),
  each empty square's *cross-check* — the letters a perpendicular word
  allows there, each with the score that cross word would make — and the
  *anchors*, the empty squares next to a letter;
- per anchor, tiles are laid leftward from it along the GADDAG's reversed
  part, then rightward after ◇; leftward a tile goes on no other anchor, so a
  play is made from its leftmost anchor only, once;
- the main word's letter sum and word multiplier are carried along, and each
  cross word's score is looked up, so a play's score is known when it is found.

A blank on the rack (``*``) stands for any letter; laid where a tile of the
rack would go, it makes a play of its own. A one-tile play that makes a word
across is made across (its main word the one across); it is made down only
when it makes no word across.

The GADDAG holds every noun of the crossword rule; a play any of whose words the
rules would refuse under the options (the family table's vulgar and obscure words,
famous surnames when they are not words) is dropped, each word judged once::

    >>> offered = {word for play in plays(Board.empty(), "аум", "ru") for word, _ in play.words}
    >>> "аум" in offered, accepted("аум", "ru", family=False)
    (False, True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from igroteka.games.crossword.board import BLANK, CENTRE, SIZE, Board, Tile, premiums, tile_set
from igroteka.games.crossword.rules import accepted
from igroteka.lexicon.gaddag import END, SEPARATOR, Node, automaton, is_word
from igroteka.lexicon.text import Language, check_language

__all__ = ["Play", "is_word", "plays"]


@dataclass(frozen=True, slots=True)
class Play:
    """A play: its tiles (by row, then column), its score, and its words.

    ``words``: each word made and its score, the main word first, then the cross
    words in order along the main word; ``score`` is their sum.
    """

    tiles: tuple[Tile, ...]
    score: int
    words: tuple[tuple[str, int], ...]


Cross = dict[str, int] | None
"""A square's cross-check: each letter a perpendicular word allows there and the score of
that word with the letter laid as a tile (None: no perpendicular word, any letter)."""


@dataclass(frozen=True, slots=True)
class _Line:
    """One row (across) or column (down) of a board, ready for the generator."""

    index: int
    letters: tuple[str | None, ...]
    old_value: tuple[int, ...]
    """Per square with a tile, what it adds to a main word's letter sum."""
    old_times: tuple[int, ...]
    """Per square with a tile, what it multiplies a main word by."""
    letter_times: tuple[int, ...]
    word_times: tuple[int, ...]
    cross: tuple[Cross, ...]
    blank_cross: tuple[int, ...]
    """Per square, the score of its cross word with a blank laid there (0 without one)."""
    around: tuple[tuple[str, str], ...]
    """Per square, the letters of its perpendicular word before it and after it."""
    anchors: tuple[int, ...]
    anchor: tuple[bool, ...]


def plays(
    board: Board,
    rack: str,
    lang: str,
    *,
    every: bool = True,
    family: bool = True,
    famous: bool = True,
) -> list[Play]:
    """Every legal single-line play of ``rack`` (lower-case letters, ``*`` a blank) on ``board``.

    ``every``: premium cells count under old tiles too (the sheet's rule), else only
    under new ones (Scrabble's), as in :func:`igroteka.games.crossword.score.words`.
    ``family`` and ``famous``: the house rules of the game (its options of those names),
    under which :func:`igroteka.games.crossword.rules.accepted` judges every word made.
    """
    language = check_language(lang)
    points = tile_set(language).points
    have: dict[str, int] = {}
    blanks = 0
    for tile in rack:
        if tile == BLANK:
            blanks += 1
        elif tile in points:
            have[tile] = have.get(tile, 0) + 1
        else:
            raise ValueError(f"{tile!r} is not a tile of the {language} set")
    if not have and not blanks:
        return []
    found: list[Play] = []
    for across, lines in enumerate(_tables(board.rows, language, every)):
        for line in lines:
            if line.anchors:
                _generate(line, automaton(language), points, have, blanks, bool(across), found)
    if family or not famous:  # else every noun of the GADDAG is a word of the rules
        found = [
            play
            for play in found
            if all(_accepted(word, language, family, famous) for word, _ in play.words)
        ]
    return found


@functools.lru_cache(maxsize=65536)
def _accepted(word: str, lang: Language, family: bool, famous: bool) -> bool:
    """Whether the rules accept a word the GADDAG made, under the house rules (cached)."""
    return accepted(word, lang, famous=famous, family=family)


@functools.lru_cache(maxsize=16)
def _tables(rows: tuple[str, ...], lang: str, every: bool) -> tuple[list[_Line], list[_Line]]:
    """The lines of a board, down then across, with their cross-checks and anchors."""
    points = tile_set(check_language(lang)).points
    layout = premiums()
    grid = [[None if char == "." else char.lower() for char in row] for row in rows]
    value = [
        [0 if char == "." or char.islower() else points.get(char.lower(), 0) for char in row]
        for row in rows
    ]
    empty = all(char == "." for row in rows for char in row)
    root = automaton(lang)
    down: list[_Line] = []
    across: list[_Line] = []
    for is_across, lines in ((False, down), (True, across)):
        for index in range(SIZE):
            cells = [(index, i) if is_across else (i, index) for i in range(SIZE)]
            letters = tuple(grid[r][c] for r, c in cells)
            letter_times = tuple(layout.letter[r][c] for r, c in cells)
            word_times = tuple(layout.word[r][c] for r, c in cells)
            old_value = tuple(value[r][c] * (layout.letter[r][c] if every else 1) for r, c in cells)
            old_times = tuple(layout.word[r][c] if every else 1 for r, c in cells)
            cross: list[Cross] = []
            blank_cross: list[int] = []
            around: list[tuple[str, str]] = []
            anchor: list[bool] = []
            for r, c in cells:
                checks, blank, parts = _cross(grid, value, r, c, is_across, root, points, every)
                cross.append(checks)
                blank_cross.append(blank)
                around.append(parts)
                if empty:
                    anchor.append((r, c) == CENTRE)
                else:
                    anchor.append(
                        grid[r][c] is None
                        and any(
                            0 <= r + dr < SIZE and 0 <= c + dc < SIZE and grid[r + dr][c + dc]
                            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        )
                    )
            lines.append(
                _Line(
                    index,
                    letters,
                    old_value,
                    old_times,
                    letter_times,
                    word_times,
                    tuple(cross),
                    tuple(blank_cross),
                    tuple(around),
                    tuple(i for i, is_anchor in enumerate(anchor) if is_anchor),
                    tuple(anchor),
                )
            )
    return down, across


def _cross(
    grid: list[list[str | None]],
    value: list[list[int]],
    row: int,
    col: int,
    across: bool,
    root: Node,
    points: dict[str, int],
    every: bool,
) -> tuple[Cross, int, tuple[str, str]]:
    """A square's cross-check for plays along ``across``, its blank's score, its word's parts."""
    if grid[row][col] is not None:
        return None, 0, ("", "")
    layout = premiums()
    dr, dc = (1, 0) if across else (0, 1)  # the perpendicular direction
    before: list[tuple[int, int]] = []
    r, c = row - dr, col - dc
    while r >= 0 and c >= 0 and grid[r][c] is not None:
        before.append((r, c))
        r, c = r - dr, c - dc
    before.reverse()
    after: list[tuple[int, int]] = []
    r, c = row + dr, col + dc
    while r < SIZE and c < SIZE and grid[r][c] is not None:
        after.append((r, c))
        r, c = r + dr, c + dc
    if not before and not after:
        return None, 0, ("", "")
    total = 0
    times = layout.word[row][col]
    for r, c in before + after:
        total += value[r][c] * (layout.letter[r][c] if every else 1)
        if every:
            times *= layout.word[r][c]
    head = "".join(grid[r][c] or "" for r, c in before)
    tail = "".join(grid[r][c] or "" for r, c in after)
    allowed: list[str] = []
    node: Node | None = root
    if head:
        # The keys that split after the head: reversed head, ◇, the letter, the tail.
        for letter in reversed(head):
            node = node.get(letter) if node is not None else None
        node = node.get(SEPARATOR) if node is not None else None
        for letter, child in (node or {}).items():
            if letter in points:
                for next_letter in tail:
                    child = child.get(next_letter)
                    if child is None:
                        break
                if child is not None and END in child:
                    allowed.append(letter)
    else:
        # The key of the whole word: reversed tail, then the letter.
        for letter in reversed(tail):
            node = node.get(letter) if node is not None else None
        allowed = [
            letter for letter, child in (node or {}).items() if letter in points and END in child
        ]
    letter_times = layout.letter[row][col]
    checks = {letter: (total + points[letter] * letter_times) * times for letter in allowed}
    return checks, total * times, (head, tail)


def _generate(
    line: _Line,
    root: Node,
    points: dict[str, int],
    have: dict[str, int],
    blanks: int,
    across: bool,
    found: list[Play],
) -> None:
    """Every play along one line, added to ``found``."""
    letters = line.letters
    cross = line.cross
    blank_cross = line.blank_cross
    letter_times = line.letter_times
    word_times = line.word_times
    old_value = line.old_value
    old_times = line.old_times
    is_anchor = line.anchor
    rack_total = sum(have.values()) + blanks
    spare = [blanks]
    placed: list[tuple[int, str, bool]] = []
    raw: list[tuple[int, int, tuple[tuple[int, str, bool], ...], int, int]] = []
    lone = not across  # down, a one-tile play is made only if it makes no word across

    def record(start: int, end: int, main: int, crossed: int) -> None:
        if lone and len(placed) == 1 and cross[placed[0][0]] is not None:
            return
        raw.append((start, end, tuple(placed), main, crossed))

    def options(square: int, node: Node) -> list[tuple[str, bool, Node, int, int]]:
        """(letter, blank, next node, letter value, cross score) each rack tile may be laid."""
        checks = cross[square]
        times = letter_times[square]
        ways = []
        if spare[0]:
            blank = blank_cross[square]
            for letter, child in node.items():
                if letter not in points:
                    continue
                if checks is None:
                    extra = 0
                elif letter in checks:
                    extra = checks[letter]
                else:
                    continue
                if have.get(letter):
                    ways.append((letter, False, child, points[letter] * times, extra))
                ways.append((letter, True, child, 0, blank if checks is not None else 0))
        else:
            for letter, count in have.items():
                if not count:
                    continue
                child = node.get(letter)
                if child is None:
                    continue
                if checks is None:
                    extra = 0
                elif letter in checks:
                    extra = checks[letter]
                else:
                    continue
                ways.append((letter, False, child, points[letter] * times, extra))
        return ways

    def leftward(
        node: Node, square: int, anchor: int, total: int, times: int, crossed: int
    ) -> None:
        """Squares ``square`` to ``anchor`` read into ``node``: begin the word here, or go left."""
        before = square - 1
        if before < 0 or letters[before] is None:
            right = anchor + 1
            if (right == SIZE or letters[right] is None) and square < anchor and END in node:
                record(square, anchor, total * times, crossed)
            if right < SIZE:
                turned = node.get(SEPARATOR)
                if turned is not None:
                    rightward(turned, right, square, total, times, crossed)
        if before < 0:
            return
        letter = letters[before]
        if letter is not None:
            child = node.get(letter)
            if child is not None:
                leftward(
                    child,
                    before,
                    anchor,
                    total + old_value[before],
                    times * old_times[before],
                    crossed,
                )
        elif not is_anchor[before] and len(placed) < rack_total:
            times_here = times * word_times[before]
            for letter, blank, child, worth, extra in options(before, node):
                lay(letter, blank)
                placed.append((before, letter, blank))
                leftward(child, before, anchor, total + worth, times_here, crossed + extra)
                placed.pop()
                lift(letter, blank)

    def rightward(
        node: Node, square: int, start: int, total: int, times: int, crossed: int
    ) -> None:
        """Lay or read square ``square`` (right of the anchor) and go on right."""
        letter = letters[square]
        nxt = square + 1
        if letter is not None:
            child = node.get(letter)
            if child is not None:
                after(
                    child, nxt, start, total + old_value[square], times * old_times[square], crossed
                )
        elif len(placed) < rack_total:
            times_here = times * word_times[square]
            for letter, blank, child, worth, extra in options(square, node):
                lay(letter, blank)
                placed.append((square, letter, blank))
                after(child, nxt, start, total + worth, times_here, crossed + extra)
                placed.pop()
                lift(letter, blank)

    def after(node: Node, nxt: int, start: int, total: int, times: int, crossed: int) -> None:
        if nxt == SIZE or letters[nxt] is None:
            if END in node:
                record(start, nxt - 1, total * times, crossed)
            if nxt == SIZE or len(placed) == rack_total:
                return
        rightward(node, nxt, start, total, times, crossed)

    def lay(letter: str, blank: bool) -> None:
        if blank:
            spare[0] -= 1
        else:
            have[letter] -= 1

    def lift(letter: str, blank: bool) -> None:
        if blank:
            spare[0] += 1
        else:
            have[letter] += 1

    for anchor in line.anchors:
        for letter, blank, child, worth, extra in options(anchor, root):
            lay(letter, blank)
            placed.append((anchor, letter, blank))
            leftward(child, anchor, anchor, worth, word_times[anchor], extra)
            placed.pop()
            lift(letter, blank)
    _finish(line, raw, across, found)


def _finish(
    line: _Line,
    raw: Sequence[tuple[int, int, tuple[tuple[int, str, bool], ...], int, int]],
    across: bool,
    found: list[Play],
) -> None:
    """The plays found along a line, as :class:`Play` values."""
    letters = line.letters
    cross = line.cross
    blank_cross = line.blank_cross
    around = line.around
    index = line.index
    for start, end, placed, main, crossed in raw:
        spelt = list(letters[start : end + 1])
        ordered = sorted(placed)
        for square, letter, _ in ordered:
            spelt[square - start] = letter
        made: list[tuple[str, int]] = [("".join(spelt), main)]  # type: ignore[arg-type]
        for square, letter, blank in ordered:
            checks = cross[square]
            if checks is not None:
                head, tail = around[square]
                made.append(
                    (head + letter + tail, blank_cross[square] if blank else checks[letter])
                )
        if across:
            tiles = tuple(Tile(index, square, letter, blank) for square, letter, blank in ordered)
        else:
            tiles = tuple(Tile(square, index, letter, blank) for square, letter, blank in ordered)
        found.append(Play(tiles, main + crossed, tuple(made)))
