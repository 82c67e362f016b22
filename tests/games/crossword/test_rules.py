"""The crossword game: one test per rule of sheet 003 and per decision (docs/rules/crossword.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from igroteka.engine import IllegalAction, OptionsError
from igroteka.games.crossword.board import SIZE, Board, Premiums, Tile, premiums, tile_set
from igroteka.games.crossword.rules import Exchange, Pass, Phase, Play, judge
from igroteka.games.crossword.score import words
from igroteka.i18n import translate
from tests.games.crossword.support import GAME, board, new, play, position, word_tiles

PLAIN = Premiums(((1,) * SIZE,) * SIZE, ((1,) * SIZE,) * SIZE, ("." * SIZE,) * SIZE)
POL = board(("ПОЛ", 7, 6, True))
"""ПОЛ across the centre, on plain cells (G8 to I8)."""


# ---------------------------------------------------------------- the sets and the board


def test_the_russian_set_is_eruditss_131_tiles_with_three_blanks_and_no_yo() -> None:
    tiles = tile_set("ru")
    assert tiles.total == 131 and tiles.counts["*"] == 3 and tiles.rack == 7
    assert "ё" not in tiles.counts
    assert (tiles.counts["а"], tiles.points["а"]) == (10, 1)
    assert (tiles.counts["р"], tiles.points["р"]) == (6, 2)  # Scrabble's Р is worth 1
    assert (tiles.counts["ф"], tiles.points["ф"]) == (1, 10)
    assert set(tiles.counts) - {"*"} == set("абвгдежзийклмнопрстуфхцчшщъыьэюя")


def test_the_ukrainian_set_has_every_letter_and_no_apostrophe_tile() -> None:
    tiles = tile_set("uk")
    assert tiles.total == 103 and tiles.counts["*"] == 2
    assert set(tiles.counts) - {"*"} == set("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя")
    assert tiles.points["ґ"] == 10 and "'" not in tiles.counts


def test_the_board_has_the_classic_premiums_and_a_plain_centre() -> None:
    layout = premiums()
    assert layout.word[7][7] == 1 and layout.letter[7][7] == 1
    assert [layout.word[r][c] for r, c in ((0, 0), (0, 7), (14, 14))] == [3, 3, 3]
    assert layout.word[1][1] == layout.word[4][4] == 2
    assert layout.letter[1][5] == 3 and layout.letter[0][3] == 2
    # The layout is symmetric every way, as a printed board is.
    for r in range(SIZE):
        for c in range(SIZE):
            mark = layout.marks[r][c]
            assert mark == layout.marks[c][r] == layout.marks[SIZE - 1 - r][c]


# ---------------------------------------------------------------- scoring


def test_the_sheets_example_pol_5_polka_8_propolka_13() -> None:
    """Extending a word scores the whole new word (on plain cells, as in the sheet)."""
    ru = tile_set("ru")
    first = words(Board.empty(), word_tiles("ПОЛ", 7, 6), ru, PLAIN)
    assert [(w.text, w.score) for w in first] == [("пол", 5)]
    polka = words(POL, word_tiles("ПОЛКА", 7, 6, on=POL), ru, PLAIN)
    assert [(w.text, w.score) for w in polka] == [("полка", 8)]
    after = board(("ПОЛКА", 7, 6, True))
    longer = words(after, word_tiles("ПРОПОЛКА", 7, 3, on=after), ru, PLAIN)
    assert [(w.text, w.score) for w in longer] == [("прополка", 13)]


def test_polkan_is_a_nickname_and_scores_nothing() -> None:
    after = board(("ПОЛКА", 7, 6, True))
    with pytest.raises(IllegalAction) as refused:
        judge(after, (Tile(7, 11, "н"),), "ru")
    assert "полкан" in refused.value.reason.casefold()
    assert "nickname" in refused.value.reason


def test_premium_cells_count_for_every_word_that_uses_them() -> None:
    """КОТ lies down from D8, its К on a double-letter cell; РАК across takes that К."""
    kot = board(("КОТ", 7, 3, False))
    rak = word_tiles("РАК", 7, 1, on=kot)
    assert judge(kot, rak, "ru").score == 2 + 1 + 2 * 2
    assert judge(kot, rak, "ru", every=False).score == 2 + 1 + 2  # Scrabble: first use only


def test_a_word_premium_under_an_old_tile_multiplies_the_new_word() -> None:
    """ДОМ down from A6 covers A8, a triple-word cell; МОРЕ across from A8 uses its М again
    (its Е lies on D8, a double-letter cell, new)."""
    dom = board(("ДОМ", 5, 0, False))
    more = word_tiles("МОРЕ", 7, 0, on=dom)
    assert judge(dom, more, "ru").score == (2 + 1 + 2 + 1 * 2) * 3
    assert judge(dom, more, "ru", every=False).score == 2 + 1 + 2 + 1 * 2


def test_a_blank_scores_nothing() -> None:
    tiles = word_tiles("П*ОЛ", 7, 6)
    assert [tile.blank for tile in tiles] == [False, True, False]
    assert judge(Board.empty(), tiles, "ru").score == 2 + 0 + 2


def test_the_all_tiles_bonus_is_an_option_and_off_by_default() -> None:
    on = board(("П", 7, 6, True))
    laid = word_tiles("ПРОПОЛКА", 7, 3, on=on)  # seven tiles: the second П is on the board
    assert len(laid) == 7
    plain = judge(on, laid, "ru")
    assert plain.bonus == 0
    assert judge(on, laid, "ru", bonus=15).score == plain.score + 15


# ---------------------------------------------------------------- where words may go


def test_the_first_word_covers_the_centre() -> None:
    with pytest.raises(IllegalAction, match="centre cell H8"):
        judge(Board.empty(), word_tiles("КОТ", 0, 0), "ru")
    assert judge(Board.empty(), word_tiles("КОТ", 7, 7), "ru").score > 0


def test_a_later_word_must_cling_to_the_letters_on_the_board() -> None:
    with pytest.raises(IllegalAction, match="cling"):
        judge(POL, word_tiles("КОТ", 0, 0), "ru")


def test_one_turn_may_lay_words_in_several_places() -> None:
    """ПОЛ becomes ПОЛКА, and КОТ goes down through its О: two words, one turn."""
    tiles = (*word_tiles("КА", 7, 9), Tile(6, 7, "к"), Tile(8, 7, "т"))
    judged = judge(POL, tiles, "ru")
    assert [(w.text, w.score) for w in judged.words] == [("полка", 8), ("кот", 5)]
    assert judged.score == 13


def test_a_word_made_and_extended_in_one_turn_scores_once_as_it_ends() -> None:
    """ПОЛ and its КА laid in the same turn are ПОЛКА, not ПОЛ and ПОЛКА."""
    judged = judge(Board.empty(), word_tiles("ПОЛКА", 7, 6), "ru")
    assert [(w.text, w.score) for w in judged.words] == [("полка", 8)] and judged.score == 8


def test_every_word_a_play_makes_must_be_a_word_none_left_unfinished() -> None:
    with pytest.raises(IllegalAction) as refused:
        judge(POL, (Tile(7, 9, "н"),), "ru")  # ПОЛН
    assert "полн" in refused.value.reason.casefold()


def test_a_refusal_is_said_in_the_players_language() -> None:
    with pytest.raises(IllegalAction) as refused:
        judge(board(("ПОЛКА", 7, 6, True)), (Tile(7, 11, "н"),), "ru")
    said = translate(refused.value.reason, "ru")
    assert said != refused.value.reason and "ПОЛКАН" in said.upper()


def test_a_refused_play_changes_nothing_and_the_turn_is_not_lost() -> None:
    state = position(new(), on=POL, racks=("НКАБВГД", "ЕЖЗИЙЛМ".lower()))
    state = position(state, racks=(state.racks[0].lower(), state.racks[1]))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Play((Tile(7, 9, "н"),)))
    assert GAME.actors(state) == {0}
    after = play(state, 0, Play(word_tiles("КА", 7, 9)))
    assert after.scores[0] == 8


def test_the_apostrophe_takes_no_cell_in_ukrainian() -> None:
    """сім'я is laid as СІМЯ."""
    assert judge(Board.empty(), word_tiles("СІМЯ", 7, 6), "uk").score > 0


def test_yo_is_laid_as_ye() -> None:
    action = GAME.decode_action({"type": "play", "tiles": [[7, 7, "Ё", False]]})
    assert isinstance(action, Play) and action.tiles[0].letter == "е"


# The words: the mat and coarse words of both languages, a slur, an obscure form.
FAMILY_REFUSED = {
    "ru": ("ХУЙ", "ПИЗДА", "БЛЯДЬ", "ЖОПА", "МУДАК", "ГОВНО", "ХЕР", "ХОХОЛ", "АУМ"),
    "uk": ("ДУПА", "ГІВНО", "КУРВА", "СРАКА", "ХОХОЛ", "КАЦАП"),
}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_family_table_refuses_vulgar_words_slurs_and_obscure_forms(lang: str) -> None:
    for word in FAMILY_REFUSED[lang]:
        with pytest.raises(IllegalAction) as refused:
            judge(Board.empty(), word_tiles(word, 7, 6), lang)  # type: ignore[arg-type]
        reason = refused.value.reason
        assert word.lower() in reason and "the family table does not take it" in reason, word


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_with_the_family_house_rule_off_the_dictionarys_words_are_words(lang: str) -> None:
    for word in FAMILY_REFUSED[lang]:
        judged = judge(Board.empty(), word_tiles(word, 7, 6), lang, family=False)  # type: ignore[arg-type]
        assert judged.score > 0, word


def test_the_family_refusal_is_said_in_the_players_language() -> None:
    with pytest.raises(IllegalAction) as refused:
        judge(Board.empty(), word_tiles("ЖОПА", 7, 6), "ru")
    assert translate(refused.value.reason, "ru").startswith("«жопа» — грубое слово")
    with pytest.raises(IllegalAction) as refused:
        judge(Board.empty(), word_tiles("ДУПА", 7, 6), "uk")
    assert translate(refused.value.reason, "uk").startswith("«дупа» — грубе слово")


def test_the_family_house_rule_is_on_by_default_and_a_room_may_switch_it_off() -> None:
    state = position(new(), racks=("жопаввв", "ббббббб"))
    assert state.options.family and GAME.view(state, 0)["options"]["family"] is True
    with pytest.raises(IllegalAction, match="vulgar"):
        GAME.check(state, 0, Play(word_tiles("ЖОПА", 7, 6)))
    off = position(new(family=False), racks=("жопаввв", "ббббббб"))
    assert GAME.view(off, 0)["options"]["family"] is False
    assert play(off, 0, Play(word_tiles("ЖОПА", 7, 6))).scores[0] > 0


def test_tiles_must_come_from_the_rack() -> None:
    state = position(new(), racks=("ааааааа", "ббббббб"))
    with pytest.raises(IllegalAction, match="your rack has no"):
        GAME.check(state, 0, Play(word_tiles("КОТ", 7, 7)))


def test_only_the_player_whose_turn_it_is_may_play() -> None:
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.check(new(), 1, Pass())


# ---------------------------------------------------------------- drawing, passing, exchanging


def test_a_player_draws_back_to_seven() -> None:
    state = position(new(), racks=("котабвг", "ееееееж"))
    after = play(state, 0, Play(word_tiles("КОТ", 7, 7)))
    assert len(after.racks[0]) == 7
    assert after.racks[0][:4] == "абвг" and len(after.bag) == len(state.bag) - 3


def test_an_exchange_draws_new_tiles_before_the_old_go_back() -> None:
    state = position(new(), racks=("ааааааа", "ббббббб"), bag="вгдежзийк")
    after = play(state, 0, Exchange(("а", "а", "а")))
    assert sorted(after.racks[0]) == sorted("ааааВГД".lower())
    assert Counter(after.bag) == Counter("ежзийкааа")
    assert after.turn == 1 and after.idle == 1


def test_an_exchange_may_change_at_most_what_the_bag_holds() -> None:
    state = position(new(), racks=("ааааааа", "ббббббб"), bag="вг")
    with pytest.raises(IllegalAction, match="only 2 tiles"):
        GAME.check(state, 0, Exchange(("а", "а", "а")))
    empty = position(state, bag="")
    with pytest.raises(IllegalAction, match="bag is empty"):
        GAME.check(empty, 0, Exchange(("а",)))
    GAME.check(empty, 0, Pass())


# ---------------------------------------------------------------- the end


def test_going_out_with_the_bag_empty_ends_the_game_after_the_round() -> None:
    """Seat 0 played first and lays its last tiles: seat 1 still has its turn."""
    state = position(new(), on=POL, racks=("ка", "фщ"), bag="")
    after = play(state, 0, Play(word_tiles("КА", 7, 9)))
    assert after.phase == Phase.PLAY and GAME.actors(after) == {1}
    over = play(after, 1, Pass())
    outcome = GAME.outcome(over)
    assert outcome is not None and "laid every tile" in outcome.reason
    assert len([t for t in over.turns if t.seat == 0]) == len(
        [t for t in over.turns if t.seat == 1]
    )


def test_the_last_player_of_a_round_going_out_ends_the_game_at_once() -> None:
    state = position(new(), on=POL, racks=("вг", "ка"), bag="", turn=1)
    over = play(state, 1, Play(word_tiles("КА", 7, 9)))
    assert GAME.outcome(over) is not None


def test_two_rounds_of_passes_end_the_game_at_the_end_of_a_round() -> None:
    state = new()
    for _ in range(3):
        state = play(state, state.turn, Pass())
    assert GAME.outcome(state) is None
    state = play(state, state.turn, Pass())
    outcome = GAME.outcome(state)
    assert outcome is not None and "passed twice" in outcome.reason


def test_passes_that_begin_mid_round_end_at_the_rounds_end() -> None:
    state = position(new(), turn=1)  # seat 0 played first and has had its turn
    for _ in range(4):
        state = play(state, state.turn, Pass())
    assert GAME.outcome(state) is None and state.turn == 1  # the round is not over
    state = play(state, 1, Pass())
    assert GAME.outcome(state) is not None


def test_tiles_left_are_subtracted_or_kept_as_the_option_says() -> None:
    for leftover, expected in (("subtract", (8, -20)), ("kept", (8, 0))):
        state = position(new(leftover=leftover), on=POL, racks=("ка", "фщ"), bag="")
        over = play(play(state, 0, Play(word_tiles("КА", 7, 9))), 1, Pass())
        outcome = GAME.outcome(over)
        assert outcome is not None and outcome.scores == expected
        assert outcome.winners == {0}


def test_a_tie_is_shared() -> None:
    state = new()
    for _ in range(4):
        state = play(state, state.turn, Pass())
    outcome = GAME.outcome(state)
    assert outcome is not None
    left = [tile_set("ru").value(rack) for rack in state.racks]
    if left[0] == left[1]:
        assert outcome.winners == {0, 1}
    state = position(new(), racks=("аб", "ба"), bag="")
    for _ in range(4):
        state = play(state, state.turn, Pass())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {0, 1}


# ---------------------------------------------------------------- what a seat sees


def test_a_rack_is_in_its_own_seats_view_only_and_the_bag_is_a_count() -> None:
    state = new(players=3)
    for seat in range(3):
        view = GAME.view(state, seat)
        assert view["rack"] == list(state.racks[seat])
        assert view["racks"] == [7, 7, 7] and view["bag"] == len(state.bag)
        others = Counter(
            "".join(r for s, r in enumerate(state.racks) if s != seat) + "".join(state.bag)
        )
        assert Counter(view["unseen"]) == others  # the bag and the other racks, together
    assert GAME.view(state, None)["rack"] == []


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError, match="lang must be one of ru, uk"):
        GAME.parse_options({"lang": "en"})
    with pytest.raises(OptionsError, match="bonus must be between 0 and 100"):
        GAME.parse_options({"bonus": 500})
    with pytest.raises(OptionsError, match="family"):
        GAME.parse_options({"family": "no"})
    with pytest.raises(OptionsError, match="played by 1 to 4"):
        GAME.setup(GAME.parse_options({}), 5, 1)


def test_malformed_actions_are_refused_with_a_reason() -> None:
    for data in (
        [],
        {"type": "jump"},
        {"type": "play", "tiles": "H8"},
        {"type": "play", "tiles": [[7, 7]]},
        {"type": "play", "tiles": [[7, 7, "ab", False]]},
        {"type": "play", "tiles": [[True, 7, "а", False]]},
        {"type": "exchange", "tiles": [1]},
    ):
        with pytest.raises(IllegalAction):
            GAME.decode_action(data)


def test_the_score_sheet_says_what_each_turn_did() -> None:
    state = position(new(), racks=("котабвг", "ееееееж"))
    state, events = GAME.apply(state, 0, Play(word_tiles("КОТ", 7, 7)))
    assert [event.kind for event in events if event.to is None] == ["play"]
    state, events = GAME.apply(state, 1, Exchange(("е", "е")))
    public = [event for event in events if event.to is None]
    assert [event.kind for event in public] == ["exchange"] and public[0].data["count"] == 2
    assert all(event.to == {1} for event in events if event.to is not None)
    sheet = GAME.view(state, None)["turns"]
    assert [(turn["seat"], turn["kind"], turn["tiles"]) for turn in sheet] == [
        (0, "play", 3),
        (1, "exchange", 2),
    ]
    assert sheet[0]["words"] == [["кот", 2 + 1 + 2]] and sheet[0]["score"] == 5
    assert GAME.view(state, None)["last"] == [
        [7, 7, "К", False],
        [7, 8, "О", False],
        [7, 9, "Т", False],
    ]
