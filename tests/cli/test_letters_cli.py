"""Klepka letters on the command line: bot games, replays, errors, a person at the keyboard."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from igroteka.cli import main

BOTS = ["play", "letters", "--players", "bot:easy,bot:hard", "--json", "--pairs", "16"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_bot_game_prints_its_words_and_replays_to_the_same_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "letters.json"
    code, played, _ = run(capsys, *BOTS, "--seed", "4", "--unique-words", "--record", str(path))
    assert code == 0
    result = json.loads(played)
    assert result["game"] == "letters" and result["options"]["unique_words"] is True
    assert result["finished"] and len(result["words"]) == 2
    words = [w["word"] for sheet in result["words"] for w in sheet]
    assert len(words) == len(set(words))  # the house rule held
    code, replayed, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(replayed) == result


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--pairs", "5"], "between 10 and 120"),
        (["--starter", "0"], "random or a seat number"),
        (["--chaos", "x"], "--chaos is a whole number, not ‘x’"),
        (["--min-length", "9"], "between 1 and 6"),
    ],
)
def test_bad_arguments_get_one_clear_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *BOTS, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_person_composes_flips_and_stops_with_refusals_explained() -> None:
    """A scripted person: a word not held, bad numbers, help; never a traceback."""
    cycle = ["?", "кіт", *(str(n) for n in range(1, 40)), "s"]
    script = "\n".join(cycle * 60)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "igroteka.cli",
            "play",
            "letters",
            "--players",
            "Ann,bot:easy",
            "--pairs",
            "12",
            "--seed",
            "2",
            "--delay",
            "0",
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    assert "Ann, compose words, or flip a card" in result.stdout
    assert "You do not hold the letters of ‘кіт’" in result.stdout  # refused with the reason
    assert "Type words to compose them" in result.stdout  # the help
    assert "Results:" in result.stdout
