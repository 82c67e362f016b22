"""The crossword move generator: every legal single-line play, each once, scored as the scorer."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

import pytest

from igroteka.games.crossword.board import BLANK, CENTRE, SIZE, Board, Tile, premiums, tile_set
from igroteka.games.crossword.movegen import Play, is_word, plays
from igroteka.games.crossword.rules import judge
from igroteka.games.crossword.score import placement_problem, words
from igroteka.lexicon.text import ALPHABETS


def greedy(found: list[Play]) -> Play:
    return max(found, key=lambda play: (play.score, [(t.row, t.col, t.letter) for t in play.tiles]))


@functools.cache
def game(lang: str, seed: int, turns: int) -> tuple[tuple[Board, str], ...]:
    """The positions of a seeded game of greedy plays, each with the rack to move."""
    tiles = tile_set(lang)  # type: ignore[arg-type]
    rng = random.Random(seed)
    bag = tiles.bag()
    rng.shuffle(bag)
    board = Board.empty()
    rack = [bag.pop() for _ in range(7)]
    seen = []
    for _ in range(turns):
        seen.append((board, "".join(rack)))
        found = plays(board, "".join(rack), lang)
        if not found:
            break
        best = greedy(found)
        for tile in best.tiles:
            rack.remove(tile.rack_tile)
        board = board.place(best.tiles)
        while len(rack) < 7 and bag:
            rack.append(bag.pop())
    return tuple(seen)


def legal(board: Board, tiles: tuple[Tile, ...], lang: str) -> bool:
    """The rules, from the scorer and the word list, the family table aside (the generator
    is checked against the rules' own judgement below): what the generator must agree with."""
    if placement_problem(board, tiles) is not None:
        return False
    made = words(board, tiles, tile_set(lang), premiums())  # type: ignore[arg-type]
    rows = {t.row for t in tiles}
    cols = {t.col for t in tiles}
    if len(rows) > 1 and len(cols) > 1:
        return False
    # One main word holds every tile: a run along the line through all of them.
    if not any(all(t.cell in word.cells for t in tiles) for word in made):
        return False
    return bool(made) and all(is_word(word.text, lang) for word in made)


@pytest.mark.parametrize(("lang", "seed"), [("ru", 1), ("ru", 2), ("uk", 3), ("uk", 4)])
@pytest.mark.parametrize("every", [True, False])
def test_every_play_the_generator_finds_scores_as_the_scorer_says(
    lang: str, seed: int, every: bool
) -> None:
    tiles = tile_set(lang)  # type: ignore[arg-type]
    for board, rack in game(lang, seed, 9)[2::2]:
        for play in plays(board, rack, lang, every=every):
            made = words(board, play.tiles, tiles, premiums(), every=every)
            assert sorted(play.words) == sorted((word.text, word.score) for word in made)
            assert play.score == sum(word.score for word in made)
            assert list(play.tiles) == sorted(play.tiles, key=lambda t: t.cell)
            main = next(w for w in made if all(t.cell in w.cells for t in play.tiles))
            assert play.words[0] == (main.text, main.score) or len(play.tiles) == 1


@pytest.mark.parametrize(("lang", "seed"), [("ru", 5), ("uk", 6)])
def test_every_play_found_is_legal_uses_the_rack_and_is_found_once(lang: str, seed: int) -> None:
    for board, rack in game(lang, seed, 10)[3:]:
        found = plays(board, rack, lang)
        assert len({play.tiles for play in found}) == len(found)
        for play in found:
            assert legal(board, play.tiles, lang), play
            assert Counter(t.rack_tile for t in play.tiles) <= Counter(rack)


def brute_force(board: Board, rack: str, lang: str) -> set[tuple[Tile, ...]]:
    """Every set of empty cells of one line, filled every way the rack allows, that is legal."""
    alphabet = ALPHABETS[lang].replace("ё", "")
    found: set[tuple[Tile, ...]] = set()
    for across, line in itertools.product((True, False), range(SIZE)):
        empty = [
            i for i in range(SIZE) if board.letter(*((line, i) if across else (i, line))) is None
        ]
        for count in range(1, len(rack) + 1):
            for squares in itertools.combinations(empty, count):
                between = range(squares[0], squares[-1] + 1)
                if any(i not in squares and i in empty for i in between):
                    continue  # a gap: no one word holds them
                cells = [(line, i) if across else (i, line) for i in squares]
                for order in set(itertools.permutations(rack, count)):
                    choices = [alphabet if tile == BLANK else tile for tile in order]
                    for letters in itertools.product(*choices):
                        tiles = tuple(
                            Tile(r, c, letter, tile == BLANK)
                            for (r, c), letter, tile in zip(cells, letters, order, strict=True)
                        )
                        if legal(board, tiles, lang):
                            found.add(tiles)
    return found


@pytest.mark.parametrize(("lang", "seed", "turn"), [("ru", 7, 4), ("ru", 8, 6), ("uk", 9, 5)])
def test_the_plays_are_exactly_what_trying_every_placement_finds(
    lang: str, seed: int, turn: int
) -> None:
    board, rack = game(lang, seed, turn + 1)[turn]
    small = rack.replace(BLANK, "")[:3]
    found = plays(board, small, lang, family=False)
    assert {play.tiles for play in found} == brute_force(board, small, lang)


@pytest.mark.slow
def test_with_a_blank_too_the_plays_are_what_trying_every_placement_finds() -> None:
    board, _ = game("ru", 10, 5)[4]
    found = plays(board, "о*", "ru", family=False)
    assert {play.tiles for play in found} == brute_force(board, "о*", "ru")


def test_the_first_play_covers_the_centre_with_two_letters_or_more() -> None:
    found = plays(Board.empty(), "кот", "ru")
    assert found
    for play in found:
        assert CENTRE in {t.cell for t in play.tiles}
        assert len(play.tiles) >= 2
    assert {play.tiles for play in found} == brute_force(Board.empty(), "кот", "ru")  # all fit
    assert plays(Board.empty(), "к", "ru") == []


def test_a_one_tile_play_making_words_both_ways_appears_once() -> None:
    # А at H8 and А at G9: an Р at H9 makes АР down and АР across.
    board = Board.empty().place((Tile(7, 7, "а"), Tile(8, 6, "а")))
    found = [play for play in plays(board, "р", "ru") if play.tiles == (Tile(8, 7, "р"),)]
    assert len(found) == 1
    assert sorted(found[0].words) == sorted(
        (word.text, word.score) for word in words(board, found[0].tiles, tile_set("ru"), premiums())
    )
    assert len(found[0].words) == 2
    assert found[0].words[0][0] == "ар"


def test_a_one_tile_play_making_a_word_one_way_only_is_found_that_way() -> None:
    board = Board.empty().place((Tile(7, 7, "а"),))
    found = [play for play in plays(board, "р", "ru") if len(play.tiles) == 1]
    # ар across (Р at I8) and ар down (Р at H9); nothing before А: ра is no noun
    assert {play.tiles for play in found} == {(Tile(7, 8, "р"),), (Tile(8, 7, "р"),)}
    assert all(play.words == (("ар", play.score),) for play in found)


def test_a_blank_beside_the_same_letter_on_the_rack_gives_plays_of_its_own() -> None:
    found = plays(Board.empty(), "кот*", "ru")
    kot = {p.tiles for p in found if p.words[0][0] == "кот" and p.tiles[0].cell == (7, 7)}
    assert (Tile(7, 7, "к"), Tile(7, 8, "о"), Tile(7, 9, "т")) in kot
    assert (Tile(7, 7, "к", True), Tile(7, 8, "о"), Tile(7, 9, "т")) in kot
    assert (Tile(7, 7, "к"), Tile(7, 8, "о", True), Tile(7, 9, "т")) in kot
    blank = next(
        p for p in found if p.tiles == (Tile(7, 7, "к", True), Tile(7, 8, "о"), Tile(7, 9, "т"))
    )
    plain = next(p for p in found if p.tiles == (Tile(7, 7, "к"), Tile(7, 8, "о"), Tile(7, 9, "т")))
    assert blank.score == plain.score - tile_set("ru").points["к"]


def test_a_ukrainian_apostrophe_is_no_tile_so_simya_is_laid_as_its_letters() -> None:
    assert is_word("сімя", "uk") and not is_word("сім'я", "uk")
    found = plays(Board.empty(), "сімя", "uk")
    assert ("сімя", sum(tile_set("uk").points[c] for c in "сімя")) in {p.words[0] for p in found}


def test_a_rack_with_no_tiles_makes_no_play_and_a_stray_letter_is_refused() -> None:
    assert plays(Board.empty(), "", "ru") == []
    with pytest.raises(ValueError, match="not a tile"):
        plays(Board.empty(), "кq", "ru")


def made(found: list[Play]) -> set[str]:
    return {word for play in found for word, _ in play.words}


@pytest.mark.parametrize(("lang", "rack", "word"), [("ru", "жопа", "жопа"), ("uk", "дупа", "дупа")])
def test_the_generator_never_offers_a_word_the_family_table_refuses(
    lang: str, rack: str, word: str
) -> None:
    assert word not in made(plays(Board.empty(), rack, lang))
    assert word in made(plays(Board.empty(), rack, lang, family=False))  # the house rule off


def test_the_generator_offers_no_obscure_form_and_no_famous_surname_the_rules_refuse() -> None:
    assert "аум" not in made(plays(Board.empty(), "аум", "ru"))
    assert "фет" in made(plays(Board.empty(), "фет", "ru"))  # Фет, a famous poet
    assert "фет" not in made(plays(Board.empty(), "фет", "ru", famous=False))


@pytest.mark.parametrize(("lang", "seed"), [("ru", 11), ("uk", 12)])
@pytest.mark.parametrize(("family", "famous"), [(True, True), (False, False)])
def test_every_play_offered_is_one_the_rules_accept_under_the_same_house_rules(
    lang: str, seed: int, family: bool, famous: bool
) -> None:
    for board, rack in game(lang, seed, 6)[2::2]:
        for play in plays(board, rack, lang, family=family, famous=famous):
            judge(board, play.tiles, lang, family=family, famous=famous)  # type: ignore[arg-type]
