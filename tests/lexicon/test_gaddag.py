"""Crossword move generation along a line (the structure the crossword game, sheet 003, uses)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from igroteka.lexicon import check
from igroteka.lexicon.gaddag import SEPARATOR, Move, gaddag_keys, is_word, line_moves
from igroteka.lexicon.index import index


def words(moves: list[Move]) -> set[str]:
    return {move.word for move in moves}


POL = [None, None, None, "п", "о", "л", None, None, None]


def test_sheet_003_pol_extends_to_polka_and_propolka_but_not_polkan() -> None:
    moves = line_moves(POL, "каНпро", "ru")
    found = {(move.start, move.word) for move in moves}
    assert (3, "полка") in found  # ПОЛ + КА
    assert (0, "прополка") in found  # ПРО + ПОЛ + КА
    assert "полкан" not in words(moves)  # a nickname: not in the nouns list
    polka = next(move for move in moves if move.word == "полка" and move.start == 3)
    assert polka.tiles == ((6, "к"), (7, "а"))


def test_every_word_found_passes_the_nouns_rule() -> None:
    for move in line_moves(POL, "каНпрос", "ru"):
        assert check(move.word, "ru", "nouns").ok, move.word


def test_cross_checks_restrict_the_letters_a_square_takes() -> None:
    cross = [None] * 9
    cross[6] = frozenset("и")  # a word across allows only и under ПОЛ's end
    assert "полка" not in words(line_moves(POL, "ка", "ru", cross=cross))


def test_a_blank_stands_for_any_letter_and_is_marked() -> None:
    moves = line_moves(POL, "к*", "ru")
    polka = next(move for move in moves if move.word == "полка" and move.start == 3)
    assert polka.blanks == (7,)


def test_a_move_lays_at_least_one_tile_and_reads_whole_words() -> None:
    line = ["к", "о", "т", None, None]
    for move in line_moves(line, "аыбв", "ru"):
        assert move.tiles
        assert move.start == 0  # a word cannot start inside кот


def test_keys_reverse_the_letters_before_the_split() -> None:
    assert gaddag_keys("полка")[2] == "лоп" + SEPARATOR + "ка"
    assert gaddag_keys("полка")[-1] == "аклоп"  # the whole word reversed needs no ◇


def test_the_automaton_knows_exactly_the_words_of_the_list() -> None:
    for lang in ("ru", "uk"):
        nouns = index(lang).nouns
        rng = random.Random(lang)
        for word in rng.sample(list(nouns.keys()), 300):
            assert is_word(word.replace("'", ""), lang), word
            assert not is_word(word.replace("'", "") + "щщ", lang)
        for _ in range(300):
            made = "".join(rng.choices("оаеинтрсклвдмп", k=rng.randint(2, 6)))
            assert is_word(made, lang) == (made in nouns), made


def test_bad_lines_are_refused() -> None:
    with pytest.raises(ValueError, match="off the line"):
        line_moves(POL, "ка", "ru", anchors=[12])
    with pytest.raises(ValueError, match="one entry per square"):
        line_moves(POL, "ка", "ru", cross=[None])


def brute_force(
    line: list[str | None], rack: str, lang: str, anchors: list[int]
) -> set[tuple[int, str]]:
    """Every segment bounded by empty squares, filled every way the rack allows."""
    size = len(line)
    found = set()
    for start in range(size):
        if start > 0 and line[start - 1] is not None:
            continue
        for end in range(start, size):
            if end + 1 < size and line[end + 1] is not None:
                continue
            empty = [i for i in range(start, end + 1) if line[i] is None]
            if not empty or not any(start <= a <= end for a in anchors):
                continue
            if len(empty) > len(rack):
                continue
            for letters in set(itertools.permutations(rack, len(empty))):
                cells = list(line[start : end + 1])
                for i, letter in zip(empty, letters, strict=True):
                    cells[i - start] = letter
                word = "".join(c for c in cells if c is not None)
                if is_word(word, lang):
                    found.add((start, word))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_moves_are_exactly_what_trying_every_placement_finds(seed: int) -> None:
    rng = random.Random(seed)
    lang = rng.choice(["ru", "uk"])
    common = "оаеинтрсклвдмп" if lang == "ru" else "оаеинітрсклвдмп"
    line: list[str | None] = [None] * 9
    position = rng.randrange(0, 6)
    for offset, letter in enumerate(rng.sample(common, rng.randint(1, 3))):
        line[position + offset] = letter
    rack = "".join(rng.sample(common, 4))
    moves = line_moves(line, rack, lang)
    anchors = [
        i
        for i in range(9)
        if line[i] is None
        and ((i > 0 and line[i - 1] is not None) or (i < 8 and line[i + 1] is not None))
    ]
    assert {(m.start, m.word) for m in moves} == brute_force(line, rack, lang, anchors)
    for move in moves:
        assert Counter(letter for _, letter in move.tiles) <= Counter(rack)


def test_an_apostrophe_is_no_tile_so_myaso_is_laid_as_its_letters() -> None:
    moves = line_moves(["м", None, None, None, None], "ясо", "uk")
    assert "мясо" in words(moves)
