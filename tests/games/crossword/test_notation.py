"""The play notation: what a person types is the play they mean, and a play writes back as typed."""

from __future__ import annotations

import pytest

from igroteka.games.crossword.board import Board, Tile
from igroteka.games.crossword.notation import NotationError, read, write
from igroteka.games.crossword.rules import Exchange, Pass, Play
from tests.games.crossword.support import board, word_tiles

POL = board(("ПОЛ", 7, 6, True))


def test_a_word_is_its_first_cell_its_direction_and_every_letter() -> None:
    assert read("G8 across ПОЛКА", POL) == Play(word_tiles("ПОЛКА", 7, 6, on=POL))
    assert read("h7 down кот", POL) == Play((Tile(6, 7, "к"), Tile(8, 7, "т")))


def test_cyrillic_look_alikes_name_the_columns() -> None:
    assert read("Н7 down КОТ", POL) == read("H7 down КОТ", POL)  # Н is Cyrillic


@pytest.mark.parametrize(("across", "down"), [("вправо", "вниз"), ("праворуч", "донизу")])
def test_directions_are_read_in_russian_and_ukrainian_too(across: str, down: str) -> None:
    assert read(f"G8 {across} ПОЛКА", POL) == read("G8 across ПОЛКА", POL)
    assert read(f"H7 {down.upper()} КОТ", POL) == read("H7 down КОТ", POL)


def test_several_words_of_one_turn_are_joined_by_semicolons() -> None:
    action = read("G8 across ПОЛКА; K7 down ЛАК", POL)
    assert isinstance(action, Play)
    assert {tile.cell for tile in action.tiles} == {(7, 9), (7, 10), (6, 10), (8, 10)}


def test_a_blank_is_written_before_its_letter() -> None:
    action = read("G8 across ПОЛ*КА", POL)
    assert isinstance(action, Play) and [t.blank for t in action.tiles] == [True, False]


def test_pass_and_exchange_in_any_of_the_players_languages() -> None:
    assert read("пас", POL) == Pass() and read("pass", POL) == Pass()
    assert read("меняю АБ*", POL) == Exchange(("а", "б", "*"))
    assert read("міняю ґ", POL) == Exchange(("ґ",))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "type a play"),
        ("G8 sideways ПОЛ", "no direction"),
        ("P8 across ПОЛ", "no cell"),
        ("G8 across ПАЛ", "H8 holds О, not А"),
        ("G8 across ПОЛ", "lays no tile"),
        ("O8 across КОТ", "runs off the board"),
        ("G8 across ПОЛК*", "before the letter"),
        ("exchange 12", "name the tiles"),
        ("G8 across", "a cell, a direction and a word"),
    ],
)
def test_text_that_is_no_play_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        read(text, POL)


def test_a_play_writes_back_as_it_is_read() -> None:
    for text in (
        "G8 across ПОЛКА",
        "H7 down КОТ",
        "G8 across ПОЛ*КА",
        "G8 across ПОЛКА; K7 down ЛАК",
    ):
        action = read(text, POL)
        assert isinstance(action, Play)
        assert read(write(action.tiles, POL), POL) == action


def test_the_first_play_writes_from_an_empty_board() -> None:
    assert write(word_tiles("КО*Т", 7, 7), Board.empty()) == "H8 across КО*Т"
