"""What the crossword game tells its players: the sentence of each turn, the banner above the
table for the player to move, another player and a spectator, and the rules explained the first
time they are met. The narrator reads only the events a seat may see and that seat's view."""

from __future__ import annotations

import re

import pytest

from igroteka.engine import Match, play_out
from igroteka.engine.context import context
from igroteka.engine.game import Event, events_for
from igroteka.engine.narration import Banner
from igroteka.games import entry
from igroteka.games.crossword.board import Tile
from igroteka.games.crossword.bots import make_bot
from igroteka.games.crossword.narration import NARRATOR
from igroteka.games.crossword.rules import CrosswordState, Exchange, Pass, Play
from igroteka.i18n import Text, translate
from tests.games.crossword.support import GAME, board, new, position, word_tiles

NAMES = ["Ann", "Bob"]
POL = board(("ПОЛ", 7, 6, True))


def told(events: tuple[Event, ...], seat: int | None) -> list[str]:
    """The sentences a seat reads of these events (only those it may see)."""
    said = [NARRATOR.narrate(event, None, NAMES) for event in events_for(events, seat)]
    return [sentence for sentence in said if sentence is not None]


def banner(state: CrosswordState, seat: int | None) -> Banner:
    return NARRATOR.banner(GAME.view(state, seat), context(GAME, state, 0), seat, NAMES)


# ---------------------------------------------------------------- the sentences


def test_the_crossword_is_declared_with_its_narrator() -> None:
    assert entry("crossword").declaration.narrator is NARRATOR


def test_a_play_is_told_by_its_word_cell_direction_and_points() -> None:
    state = position(new(), racks=("полкаяя", "ббббббб"))
    _, events = GAME.apply(state, 0, Play(word_tiles("ПОЛКА", 7, 6)))
    assert told(events, 1)[0] == "Ann played ПОЛКА at G8 across for 8 points"
    uk = translate(told(events, 1)[0], "uk")
    assert uk == "Ann складає ПОЛКА (G8, по горизонталі): 8 балів"


def test_a_word_laid_down_says_down() -> None:
    state = position(new(), racks=("полкаяя", "ббббббб"))
    _, events = GAME.apply(state, 0, Play(word_tiles("ПОЛ", 6, 7, across=False)))
    assert told(events, None) == ["Ann played ПОЛ at H7 down for 5 points"]


def test_a_turn_of_several_words_names_each_word_and_the_total() -> None:
    state = position(new(), on=POL, racks=("какттяя", "ббббббб"))
    tiles = (*word_tiles("КА", 7, 9), Tile(6, 7, "к"), Tile(8, 7, "т"))
    _, events = GAME.apply(state, 0, Play(tiles))
    assert told(events, 1)[0] == (
        "Ann played ПОЛКА at G8 across (8) and КОТ at H7 down (5): 13 points in all"
    )


def test_the_tiles_drawn_are_told_to_the_one_who_drew_them_and_nobody_else() -> None:
    state = position(new(), racks=("полкаяя", "ббббббб"), bag="вгдежзи")
    after, events = GAME.apply(state, 0, Play(word_tiles("ПОЛКА", 7, 6)))
    assert told(events, 0)[1] == "You drew В, Г, Д, Е, Ж"
    assert after.racks[0].endswith("вгдеж")
    assert len(told(events, 1)) == len(told(events, None)) == 1


def test_with_the_bag_empty_the_player_is_told_nothing_was_drawn() -> None:
    state = position(new(), on=POL, racks=("кая", "ббб"), bag="")
    _, events = GAME.apply(state, 0, Play(word_tiles("КА", 7, 9)))
    assert told(events, 0)[1] == "The bag is empty: you drew no new tiles"


def test_an_exchange_tells_everyone_how_many_and_the_player_which() -> None:
    state = position(new(), racks=("абвгдеж", "ббббббб"), bag="ззиийкл")
    _, events = GAME.apply(state, 0, Exchange(("а", "б", "в")))
    assert told(events, 1) == ["Ann passed and changed 3 tiles"]
    assert told(events, 0) == [
        "Ann passed and changed 3 tiles",
        "You gave back А, Б, В and drew З, З, И",
    ]


def test_a_pass_is_told() -> None:
    _, events = GAME.apply(new(), 0, Pass())
    assert told(events, 1) == ["Ann passed"]


def test_the_end_tells_the_tiles_taken_off_the_scores_and_the_winner() -> None:
    state = position(new(), on=POL, racks=("ка", "фщ"), bag="")
    state, _ = GAME.apply(state, 0, Play(word_tiles("КА", 7, 9)))
    _, events = GAME.apply(state, 1, Pass())
    assert told(events, None) == [
        "Bob passed",
        "The game is over: the tiles left on the racks are taken off the scores: Bob −20; "
        "Ann wins with 8 points",
    ]


def test_tiles_left_that_cost_nothing_are_said_to_cost_nothing() -> None:
    state = position(new(leftover="kept"), on=POL, racks=("ка", "фщ"), bag="")
    state, _ = GAME.apply(state, 0, Play(word_tiles("КА", 7, 9)))
    _, events = GAME.apply(state, 1, Pass())
    assert told(events, None)[-1] == (
        "The game is over: the tiles left on the racks cost nothing (a house rule); "
        "Ann wins with 8 points"
    )


def test_a_tie_is_told_as_a_shared_win() -> None:
    state = position(new(), racks=("", ""))
    for _ in range(4):
        state, events = GAME.apply(state, state.turn, Pass())
    assert told(events, None)[-1] == (
        "The game is over: a tie: Ann and Bob share the win with 0 points each"
    )


def test_the_all_tiles_bonus_is_named_in_the_sentence() -> None:
    state = position(new(bonus=15), racks=("молоток", "ббббббб"))
    _, events = GAME.apply(state, 0, Play(word_tiles("МОЛОТОК", 7, 4)))
    assert told(events, None)[0].endswith(", with a bonus of 15 for laying every tile")


# ---------------------------------------------------------------- the banner


def test_the_player_to_move_is_told_to_lay_the_first_word_through_the_centre() -> None:
    shown = banner(new(), 0)
    assert shown.headline == "Your turn" and shown.turn == 0
    assert shown.prompt == (
        "Lay the first word through the centre cell H8, then press Play; or exchange tiles, or pass"
    )


def test_later_the_player_to_move_may_place_tiles_exchange_or_pass() -> None:
    shown = banner(position(new(), on=POL), 0)
    assert shown.prompt == "Place tiles on the board, then press Play; or exchange tiles, or pass"


def test_with_few_tiles_in_the_bag_the_prompt_says_how_many_may_be_changed() -> None:
    shown = banner(position(new(), on=POL, bag="аб"), 0)
    assert shown.prompt == (
        "Place tiles on the board, then press Play; or exchange up to 2 tiles, or pass"
    )
    assert "2 фішок" in translate(shown.prompt, "uk")


def test_with_the_bag_empty_the_prompt_offers_no_exchange() -> None:
    shown = banner(position(new(), on=POL, bag=""), 0)
    assert shown.prompt == "Place tiles on the board, then press Play; or pass (the bag is empty)"


def test_another_player_and_a_spectator_read_whose_turn_it_is_and_are_asked_nothing() -> None:
    for seat in (1, None):
        shown = banner(new(), seat)
        assert shown == Banner(Text("{name}’s turn", name="Ann"), None, turn=0)
    assert translate(banner(new(), 1).headline, "uk") == "Хід: Ann"


def test_the_last_round_is_announced_once_a_rack_is_empty_with_the_bag() -> None:
    state = position(new(), on=POL, racks=("ка", "фщ"), bag="")
    state, _ = GAME.apply(state, 0, Play(word_tiles("КА", 7, 9)))
    assert banner(state, 1).headline == (
        "Your turn; the last round: the game ends when the turn comes back to Ann"
    )
    assert banner(position(new(), on=POL, bag=""), 0).headline == "Your turn"


def test_at_the_end_the_banner_names_the_winner_for_everyone() -> None:
    state = position(new(), on=POL, racks=("ка", "фщ"), bag="")
    state, _ = GAME.apply(state, 0, Play(word_tiles("КА", 7, 9)))
    state, _ = GAME.apply(state, 1, Pass())
    for seat in (0, 1, None):
        shown = banner(state, seat)
        assert shown.headline == "The game is over: Ann wins with 8 points"
        assert shown.prompt is None and shown.turn is None


def test_a_game_alone_ends_with_the_score() -> None:
    state = position(new(players=1), racks=("",))
    for _ in range(2):
        state, _ = GAME.apply(state, 0, Pass())
    assert banner(state, 0).headline == "The game is over: Ann scored 0 points"


# ---------------------------------------------------------------- rules met for the first time


def test_a_turn_of_several_words_explains_that_every_word_scores() -> None:
    state = position(new(), on=POL, racks=("какттяя", "ббббббб"))
    tiles = (*word_tiles("КА", 7, 9), Tile(6, 7, "к"), Tile(8, 7, "т"))
    _, events = GAME.apply(state, 0, Play(tiles))
    moments = [NARRATOR.moment(event) for event in events]
    assert [moment.rule for moment in moments if moment] == ["several_words"]


def test_an_exchange_explains_the_exchange() -> None:
    _, events = GAME.apply(new(), 0, Exchange((new().racks[0][0],)))
    assert [m.rule for m in map(NARRATOR.moment, events) if m] == ["exchange"]


def test_a_blank_laid_explains_the_blank() -> None:
    state = position(new(), racks=("*олкаяя", "ббббббб"))
    _, events = GAME.apply(state, 0, Play(word_tiles("*ПОЛ", 7, 6)))
    assert [m.rule for m in map(NARRATOR.moment, events) if m] == ["blank"]


def test_the_play_that_empties_the_bag_explains_the_end() -> None:
    state = position(new(), racks=("полкаяя", "ббббббб"), bag="аб")
    _, events = GAME.apply(state, 0, Play(word_tiles("ПОЛ", 7, 6)))
    assert [m.rule for m in map(NARRATOR.moment, events) if m] == ["bag_empty"]


def test_a_plain_single_word_or_a_pass_explains_nothing() -> None:
    state = position(new(), racks=("полкаяя", "ббббббб"))
    _, events = GAME.apply(state, 0, Play(word_tiles("ПОЛ", 7, 6)))
    _, passed = GAME.apply(new(), 0, Pass())
    assert [NARRATOR.moment(event) for event in (*events, *passed)] == [None, None, None]


def test_a_blank_drawn_is_no_moment_for_the_table() -> None:
    """A moment is shown to everyone: one made of a private event would tell what a seat drew."""
    drew = Event("drew", {"seat": 0, "tiles": ["*"]}, to=frozenset({0}))
    assert NARRATOR.moment(drew) is None


# ---------------------------------------------------------------- over whole games


def leaves(text: object) -> list[object]:
    """Every value a sentence is made of, Texts within Texts opened."""
    if isinstance(text, Text):
        return [leaf for value in text.values.values() for leaf in leaves(value)]
    return [text]


GAMES = [
    (21, ("random", "easy"), "ru"),
    (22, ("medium", "random", "easy"), "uk"),
    (23, ("random", "random", "random", "random"), "ru"),
]


@pytest.mark.parametrize(("seed", "levels", "lang"), GAMES)
def test_what_a_seat_reads_names_no_tile_it_did_not_hold_or_see_laid(
    seed: int, levels: tuple[str, ...], lang: str
) -> None:
    """Narrated with only the events a seat may see and its own view (the contract), no
    sentence or banner names a tile of another rack or of the bag; every sentence is said
    in Ukrainian and Russian."""
    names = [f"P{seat}" for seat in range(len(levels))]
    played: Match[object, object] = Match.start(GAME, names, {"lang": lang}, seed)
    bots = {seat: make_bot(level, seat, seed) for seat, level in enumerate(levels)}
    play_out(played, bots, max_actions=2000)
    match: Match[object, object] = Match.start(GAME, names, {"lang": lang}, seed)
    private = 0
    for logged in played.log:
        before = match.state
        assert isinstance(before, CrosswordState)
        events = match.play(logged.seat, GAME.decode_action(logged.action))
        after = match.state
        assert isinstance(after, CrosswordState)
        for seat in (None, *range(len(levels))):
            view = GAME.view(after, seat)
            shown = NARRATOR.banner(view, context(GAME, after, 0), seat, names)
            said = [NARRATOR.narrate(e, logged.seat, names) for e in events_for(events, seat)]
            texts = [t for t in (*said, shown.headline, shown.prompt) if t is not None]
            own = set(before.racks[seat] + after.racks[seat]) if seat is not None else set()
            for text in texts:
                assert isinstance(text, Text)
                for lang_said in ("uk", "ru"):
                    translated = translate(text, lang_said)
                    assert "{" not in translated and re.search("[а-яіїєґ]", translated)
                for leaf in leaves(text):
                    if isinstance(leaf, str) and re.fullmatch(r"[А-ЯІЇЄҐ★](, [А-ЯІЇЄҐ★])*", leaf):
                        assert set(leaf.lower().replace("★", "*").split(", ")) <= own, (seat, text)
                        private += 1
    assert private > 0  # the tiles drawn were told, to their seat
