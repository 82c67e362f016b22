"""The crossword bots: each level plays as its name says, and the levels are ordered."""

from __future__ import annotations

from collections import Counter

import pytest

from igroteka.engine import Match, play_out
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import Board
from igroteka.games.crossword.bots import LEVELS, leave_value, make_bot
from igroteka.games.crossword.rules import Action, CrosswordState, Exchange, Play
from tests.games.crossword.support import GAME, new, position


def game(levels: tuple[str, str], seed: int, lang: str = "ru") -> Match[CrosswordState, object]:
    match: Match[CrosswordState, object] = Match.start(
        GAME, [f"bot:{level}" for level in levels], {"lang": lang}, seed
    )
    bots = {seat: make_bot(level, seat, seed) for seat, level in enumerate(levels)}
    play_out(match, bots, max_actions=2000)
    return match


def views(match: Match[CrosswordState, object]) -> list[dict[str, object]]:
    """The view of the seat to act before each turn of a match."""
    again: Match[CrosswordState, object] = Match.start(
        GAME, match.players, match.options, match.seed
    )
    seen = []
    for logged in match.log:
        seen.append(again.view(logged.seat))
        again.play(logged.seat, GAME.decode_action(logged.action))
    return seen


def test_the_medium_bot_plays_the_best_scoring_play() -> None:
    match = game(("medium", "medium"), 4)
    for view in views(match)[:12]:
        bot = make_bot("medium", view["seat"], 1)  # type: ignore[arg-type]
        action = bot.choose(view)
        found = movegen.plays(Board(tuple(view["board"])), "".join(view["rack"]), "ru")  # type: ignore[arg-type]
        if found:
            assert isinstance(action, Play)
            chosen = next(p for p in found if p.tiles == action.tiles)
            assert chosen.score == max(p.score for p in found)


def test_the_easy_bot_lays_short_words_without_blanks_when_it_can() -> None:
    match = game(("easy", "easy"), 5)
    for view in views(match)[:12]:
        action = make_bot("easy", view["seat"], 1).choose(view)  # type: ignore[arg-type]
        found = movegen.plays(Board(tuple(view["board"])), "".join(view["rack"]), "ru")  # type: ignore[arg-type]
        short = [p for p in found if len(p.words[0][0]) <= 5 and not any(t.blank for t in p.tiles)]
        if short:
            assert isinstance(action, Play)
            assert any(p.tiles == action.tiles for p in short)


@pytest.mark.slow
def test_the_hard_bot_lays_turns_of_several_words() -> None:
    """The sheet's turns of two words in two places: the hard bot finds some in a few games."""
    several = 0
    for seed in range(3):
        match = game(("hard", "medium"), seed)
        for logged in match.log:
            action = GAME.decode_action(logged.action)
            if logged.seat == match.players.index("bot:hard") and isinstance(action, Play):
                rows = {t.row for t in action.tiles}
                cols = {t.col for t in action.tiles}
                several += len(rows) > 1 and len(cols) > 1
    assert several > 0


def test_the_hard_bot_changes_tiles_it_cannot_play() -> None:
    state = position(new(), racks=("ъыьъыьъ", "ааааааа"))  # no word: signs only
    action = make_bot("hard", 0, 1).choose(GAME.view(state, 0))
    assert isinstance(action, Exchange) and len(action.tiles) >= 5


def test_a_blank_is_worth_keeping_and_a_dear_letter_is_not() -> None:
    assert leave_value("*", "ru") > leave_value("е", "ru") > leave_value("щ", "ru")
    assert leave_value("аеоиуыэ", "ru") < leave_value("аеинрст", "ru")  # all vowels is poor


@pytest.mark.slow
def test_the_hard_bot_beats_the_random_bot() -> None:
    wins = 0
    for seed in range(4):
        levels = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        outcome = game(levels, seed).outcome()
        assert outcome is not None
        wins += levels.index("hard") in outcome.winners
    assert wins >= 3


# -- the hard bot's endgame: the opponent's reply


def reply_racks(
    view: dict[str, object], seed: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[Action, list[str]]:
    """The hard bot's choice on a view, and the racks it weighed replies of: those it asked
    the move generator about on a board its turn changed, other than what its own rack keeps."""
    calls: list[tuple[Board, str]] = []
    real = movegen.plays

    def spy(board: Board, rack: str, lang: str, **rules: bool) -> list[movegen.Play]:
        calls.append((board, rack))
        return real(board, rack, lang, **rules)

    with monkeypatch.context() as patch:
        patch.setattr(movegen, "plays", spy)
        action = make_bot("hard", view["seat"], seed).choose(view)  # type: ignore[arg-type]
    here = Board(tuple(view["board"]))  # type: ignore[arg-type]
    own = Counter(view["rack"])  # type: ignore[arg-type]
    racks = [rack for board, rack in calls if board != here and Counter(rack) - own]
    return action, racks


def unseen_of(view: dict[str, object]) -> str:
    return "".join(tile * count for tile, count in view["unseen"].items())  # type: ignore[attr-defined]


def endgame_views(bag: range) -> list[tuple[dict[str, object], str]]:
    """Views of hard-bot games with so many tiles in the bag and a word to lay, each with the
    opponent's very rack (from the game's state), two players."""
    found = []
    for seed in range(2):
        match = game(("hard", "medium"), seed)
        again: Match[CrosswordState, object] = Match.start(
            GAME, match.players, match.options, match.seed
        )
        for logged in match.log:
            view = again.view(logged.seat)
            rack = "".join(view["rack"])
            if view["bag"] in bag and movegen.plays(Board(tuple(view["board"])), rack, "ru"):
                found.append((view, again.state.racks[1 - logged.seat]))
            again.play(logged.seat, GAME.decode_action(logged.action))
    return found


@pytest.mark.slow
def test_with_the_bag_empty_the_hard_bot_weighs_the_reply_of_the_opponents_very_rack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The unseen tiles are the opponent's rack once the bag is empty: nothing to draw."""
    checked = 0
    for view, theirs in endgame_views(range(1)):
        assert sorted(unseen_of(view)) == sorted(theirs)
        if not theirs or not Counter(theirs) - Counter(view["rack"]):  # type: ignore[arg-type]
            continue
        _, racks = reply_racks(view, 1, monkeypatch)
        assert racks, "it weighs the opponent's reply"
        assert {"".join(sorted(rack)) for rack in racks} == {"".join(sorted(theirs))}
        checked += 1
    assert checked >= 2


@pytest.mark.slow
def test_with_tiles_in_the_bag_the_reply_rack_is_drawn_at_random_from_the_unseen_tiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not the first seven unseen tiles in alphabetical order: racks of the opponent's size
    drawn from the unseen tiles, several of them, the same for the same seed."""
    views = [view for view, _ in endgame_views(range(1, LEVELS["hard"].lookahead + 1))]
    assert len(views) >= 4
    drawn_otherwise = 0
    for view in views:
        unseen = unseen_of(view)
        size = view["racks"][1 - view["seat"]]  # type: ignore[index,operator]
        action, racks = reply_racks(view, 1, monkeypatch)
        assert racks, "it weighs the opponent's reply"
        assert all(len(rack) == size and not Counter(rack) - Counter(unseen) for rack in racks)
        distinct = {"".join(sorted(rack)) for rack in racks}
        assert len(distinct) <= LEVELS["hard"].replies
        drawn_otherwise += distinct != {unseen[:size]}
        again, racks_again = reply_racks(view, 1, monkeypatch)
        assert (again, racks_again) == (action, racks)  # the same seed, the same choice
    assert drawn_otherwise >= len(views) - 1
    other_seeds = {tuple(reply_racks(views[0], seed, monkeypatch)[1]) for seed in range(2, 6)}
    assert len(other_seeds) > 1  # another seed draws other racks
