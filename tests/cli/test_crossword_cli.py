"""The crossword game on the command line: bot games, the check and moves tools, a person."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from igroteka.cli import main
from igroteka.games.crossword.board import Board
from igroteka.games.crossword.movegen import plays
from igroteka.games.crossword.notation import write

EMPTY = ["." * 15] * 15
POL = [*EMPTY[:7], "......ПОЛ......", *EMPTY[8:]]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def position(tmp_path: Path, **data: Any) -> str:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return str(path)


@pytest.mark.slow
def test_a_bot_game_prints_one_summary_and_replays_to_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "crossword", "--players", "bot:easy,bot:medium", "--json"]
    code, played, _ = run(capsys, *argv, "--seed", "3", "--lang", "uk", "--record", str(record))
    assert code == 0
    result = json.loads(played)
    assert (
        result["game"] == "crossword" and result["finished"] and result["options"]["lang"] == "uk"
    )
    assert result["scores"] == [
        p - left for p, left in zip(result["played"], result["left"], strict=True)
    ]
    code, replayed, _ = run(capsys, "replay", str(record), "--json")
    assert code == 0 and json.loads(replayed) == result


def test_check_judges_a_play_and_names_its_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ПОЛ becomes ПОЛКА: 8 points, the sheet's example."""
    file = position(tmp_path, lang="ru", board=POL, move=[[7, 9, "К", False], [7, 10, "А", False]])
    code, out, _ = run(capsys, "crossword", "check", "--json", file)
    assert code == 0
    assert json.loads(out) == {"ok": True, "score": 8, "words": [{"word": "ПОЛКА", "score": 8}]}


def test_check_refuses_a_nickname_with_the_lexicons_reason_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    polka = [*EMPTY[:7], "......ПОЛКА....", *EMPTY[8:]]
    file = position(tmp_path, lang="ru", board=polka, move=[[7, 11, "Н", False]])
    code, out, _ = run(capsys, "crossword", "check", "--json", file)
    assert code == 1
    said = json.loads(out)
    assert (
        said["ok"] is False and "ПОЛКАН" in said["reason"].upper() and "nickname" in said["reason"]
    )


def test_check_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "lang": "ru",
        "board": EMPTY,
        "move": [[7, 7, "К", False], [7, 8, "О", False], [7, 9, "т", True]],
    }
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(json.dumps(data)))
    code, out, _ = run(capsys, "crossword", "check", "--json", "-")
    assert code == 0 and json.loads(out)["score"] == 2 + 1  # the blank Т scores nothing


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("not json", "is not JSON"),
        ({"lang": "en", "board": EMPTY}, '"lang" is "ru" or "uk"'),
        ({"lang": "ru", "board": EMPTY[:3]}, "15 strings"),
        ({"lang": "ru", "board": [*EMPTY[:14], "Q" + "." * 14]}, "row 14 has Q"),
        (
            {"lang": "ru", "board": EMPTY, "move": [[7, 7]]},
            "a tile is [row, column, letter, blank]",
        ),
        ({"lang": "ru", "board": EMPTY}, '"move" lists the tiles'),
    ],
)
def test_input_that_is_no_position_gets_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    code, out, err = run(capsys, "crossword", "check", "--json", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_moves_lists_the_best_plays_best_first_each_as_check_would_score_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = position(tmp_path, lang="ru", board=POL, rack="АКРОП*Е")
    code, out, _ = run(capsys, "crossword", "moves", "--json", "--top", "5", file)
    assert code == 0
    found = json.loads(out)
    assert len(found) == 5
    scores = [play["score"] for play in found]
    assert scores == sorted(scores, reverse=True)
    for play in found:
        checked = position(tmp_path, lang="ru", board=POL, move=play["move"])
        code, judged, _ = run(capsys, "crossword", "check", "--json", checked)
        assert code == 0 and json.loads(judged)["score"] == play["score"]
        by_word = sorted(play["words"], key=lambda word: word["word"])
        assert sorted(json.loads(judged)["words"], key=lambda word: word["word"]) == by_word


@pytest.mark.slow
def test_a_person_plays_a_word_in_notation_and_gets_refusals_explained() -> None:
    """A scripted person: help, nonsense, a word off the centre, then the best play; then passes."""
    rack = _first_rack(seed=5)
    best = max(plays(Board.empty(), rack, "ru"), key=lambda play: play.score)
    across = len({tile.row for tile in best.tiles}) == 1
    aside = tuple(  # the same word moved to the board's edge, off the centre
        dataclasses.replace(tile, row=0) if across else dataclasses.replace(tile, col=0)
        for tile in best.tiles
    )
    lines = ["?", "H8 sideways КОТ", "A1 across ЪЪЪ", write(aside, Board.empty())]
    script = "\n".join([*lines, write(best.tiles, Board.empty()), *["pass"] * 500])
    result = subprocess.run(
        [sys.executable, "-m", "igroteka.cli", "play", "crossword", "--players", "Ann,bot:random",
         "--seed", "5", "--starter", "1", "--delay", "0"],
        input=script, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Several words in one turn" in out  # the help
    assert "no direction" in out and "rack has no Ъ Ъ Ъ" in out and "centre cell H8" in out
    assert f"Ann plays {best.words[0][0].upper()}" in out
    assert "Game over" in out and "Traceback" not in out + result.stderr


def _first_rack(seed: int) -> str:
    from igroteka.games.crossword.rules import CrosswordGame

    game = CrosswordGame()
    return game.setup(game.parse_options({"starter": 0}), 2, seed).racks[0]


def test_the_empty_centre_shows_as_the_star_the_guide_names() -> None:
    """The guide says the first word goes through the star (H8); the terminal shows that star
    until a tile covers it."""
    from igroteka.games.crossword.board import premiums
    from igroteka.games.crossword.terminal import render_board

    empty = {"board": ["." * 15] * 15, "premiums": list(premiums("erudit").marks), "last": []}
    assert render_board(empty).splitlines()[8].split()[8] == "★"  # row 8, column H
    covered = ["." * 15] * 7 + [f"{'.' * 7}К{'.' * 7}"] + ["." * 15] * 7
    shown = render_board({**empty, "board": covered})
    assert "★" not in shown and shown.splitlines()[8].split()[8] == "К"
