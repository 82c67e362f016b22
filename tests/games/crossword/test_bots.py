"""The crossword bots: each level plays as its name says, and the levels are ordered."""

from __future__ import annotations

from igroteka.engine import Match, play_out
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import Board
from igroteka.games.crossword.bots import leave_value, make_bot
from igroteka.games.crossword.rules import CrosswordState, Exchange, Play
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


def test_the_hard_bot_beats_the_random_bot() -> None:
    wins = 0
    for seed in range(4):
        levels = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        outcome = game(levels, seed).outcome()
        assert outcome is not None
        wins += levels.index("hard") in outcome.winners
    assert wins >= 3
