"""The command line: bot games as JSON, replays, the chain tool, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from igroteka.cli import main

BOTS = ["play", "klepka", "--players", "bot:easy,bot:medium,bot:hard", "--json", "--pairs", "10"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_bot_game_prints_one_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *BOTS, "--seed", "5")
    assert code == 0
    result = json.loads(out)
    assert result["game"] == "klepka" and result["seed"] == 5
    assert result["players"] == ["bot:easy", "bot:medium", "bot:hard"]
    assert len(result["scores"]) == 3 and result["actions"] > 20
    assert result["winners"] and all(0 <= s < 3 for s in result["winners"])
    assert max(result["scores"]) == result["scores"][result["winners"][0]]


def test_the_same_arguments_print_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, *BOTS, "--seed", "9")[1]
    assert run(capsys, *BOTS, "--seed", "9")[1] == first
    assert run(capsys, *BOTS)[1] == run(capsys, *BOTS)[1]
    assert run(capsys, *BOTS, "--seed", "10")[1] != first


def test_replay_prints_the_same_summary_from_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, played, _ = run(capsys, *BOTS, "--seed", "3", "--lang", "uk", "--record", str(path))
    assert code == 0 and path.exists()
    code, replayed, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(replayed) == json.loads(played)


def test_a_cut_record_gets_one_clear_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    run(capsys, *BOTS, "--record", str(path))
    path.write_text(path.read_text(encoding="utf-8")[:200], encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 2 and out == "" and err.count("\n") == 1 and "cut short" in err


def test_the_chain_tool_prints_the_optimal_chain_as_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "klepka", "chain", "--json", "tiger", "cat", "rat", "egg")
    assert code == 0
    assert json.loads(out) == {"length": 11, "chain": ["cat", "tiger", "rat"]}
    code, out, _ = run(
        capsys, "klepka", "chain", "--json", "--syncopes", "1", "owl", "tiger", "igloo"
    )
    assert json.loads(out) == {"length": 13, "chain": ["tiger", "SYNCOPE", "igloo", "owl"]}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "klepka", "--players", "bot:genius,bot:easy", "--json"], "unknown bot level"),
        (["play", "klepka", "--players", "Ann,bot:easy", "--json"], "bots only"),
        (["play", "klepka", "--players", "bot:easy,,bot:hard"], "none empty"),
        (["play", "klepka", "--players", "bot:easy", "--pairs", "0", "--json"], "pairs must be"),
        (["play", "klepka", "--players", "bot:easy", "--seed", "x"], "invalid int value"),
        (["play", "chess", "--players", "a"], "invalid choice"),
        (["klepka", "chain", "apple", "123"], "has no letters"),
        (["klepka", "chain", "apple", "apple"], "only once"),
        (["replay", "/nonexistent/game.json"], "cannot read"),
    ],
)
def test_bad_arguments_get_one_clear_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_person_plays_against_a_bot_with_prompts_and_refusals() -> None:
    """A scripted person: illegal numbers get a reason and a new prompt, never a traceback."""
    answers = ["n"] + [str(n) for n in range(1, 12)] * 400 + ["-"] * 5
    script = "\n".join(a for i, a in enumerate(answers) for a in ([a, "-"] if i % 7 == 0 else [a]))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "igroteka.cli",
            "play",
            "klepka",
            "--players",
            "Ann,bot:easy",
            "--pairs",
            "4",
            "--syncopes",
            "1",
            "--seed",
            "2",
            "--delay",
            "0",
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert "Ann, flip a first card" in result.stdout
    assert "Results:" in result.stdout
    assert "✗" in result.stdout  # some answer was refused with a reason
