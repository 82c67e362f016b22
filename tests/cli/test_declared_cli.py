"""`igroteka play GAME` is made from the game's declaration, and `igroteka GAME TOOL` from its
tools hook: a game registered only by this test has its own flags, its own ranges, its own
refusals and its own tools, with no other edit."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from igroteka.cli import main
from igroteka.games import register
from tests.games import tiny


@pytest.fixture
def takeaway() -> Iterator[None]:
    unregister = register(tiny.ENTRY)
    yield
    unregister()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_registered_game_is_played_with_its_declared_flags(
    takeaway: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its number flags, its house-rule switch and its seat choice reach its rules."""
    players = "bot:random,bot:perfect"
    code, out, _ = run(
        capsys, "play", "takeaway", "--players", players, "--json", "--stones", "12",
        "--misere", "--starter", "2", "--seed", "3",
    )  # fmt: skip
    assert code == 0
    result = json.loads(out)
    assert result["options"] == {"stones": 12, "take": 3, "starter": 1, "misere": True}
    assert result["finished"] is True and result["reason"] == "the pile is empty"


def test_a_registered_games_help_lists_its_options(
    takeaway: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--help` names each option with its range and default, and the game's bot levels."""
    with pytest.raises(SystemExit):
        main(["play", "takeaway", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--stones N Stones in the pile (5-40, default 15)" in shown
    assert "--misere, --no-misere house rule" in shown
    assert "bot:random|perfect" in shown
    assert tiny.DECLARATION.summary["en"] in shown


def test_a_registered_games_bad_flags_get_one_line_from_its_rules(
    takeaway: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A value out of the declared range is refused by the game's own rules, in one line."""
    bots = ["play", "takeaway", "--players", "bot:random,bot:random", "--json"]
    for argv, message in (
        ([*bots, "--stones", "99"], "stones must be between 5 and 40, not 99"),
        ([*bots, "--take", "many"], "--take is a whole number, not ‘many’"),
        ([*bots, "--starter", "0"], "--starter is random or a seat number from 1, not ‘0’"),
        ([*bots, "--starter", "3"], "there is no seat 3 to start"),
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "") and err == f"igroteka: {message}\n", argv


def test_a_registered_games_tools_hook_adds_its_own_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`igroteka takeaway pile` exists once the game is registered, and is the game's own:
    its flags, its answer and its refusals come from tiny.py alone."""
    code, _, err = run(capsys, "takeaway", "pile", "--stones", "7")
    assert code == 2 and "invalid choice: 'takeaway'" in err
    unregister = register(tiny.ENTRY)
    try:
        assert run(capsys, "takeaway", "pile", "--stones", "7") == (0, "take 3\n", "")
        assert run(capsys, "takeaway", "pile", "--stones", "8", "--take", "3") == (
            0,
            "every take loses to perfect play\n",
            "",
        )
        assert run(capsys, "takeaway", "pile", "--stones", "0") == (
            2,
            "",
            "igroteka: --stones is a whole number from 1, not 0\n",
        )
    finally:
        unregister()


def test_a_registered_game_without_a_terminal_is_played_at_the_plain_one(
    takeaway: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person plays it at the keyboard with nothing written for the terminal: the view and
    the events shown as JSON, an action typed as the JSON the game reads, a bad one refused
    with the rules' reason and asked again."""
    assert tiny.ENTRY.terminal is None
    answers = ["take 2", '{"kind": "take", "stones": 9}'] + ['{"kind": "take", "stones": 1}'] * 20
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    code, out, _ = run(
        capsys, "play", "takeaway", "--players", "Ann,bot:perfect", "--stones", "5",
        "--starter", "1", "--seed", "1", "--delay", "0",
    )  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Take-away — stones 5, take 3, starter 0, misere False. Seed 1."
    assert 'Ann sees: {"actors":[0],"game":"takeaway","left":5,' in out
    assert "  ✗ That is no JSON." in out
    assert "  ✗ Stones must be between 1 and 3, not 9." in out
    assert 'Ann: took {"seat":0,"stones":1}' in out
    assert "bot:perfect: took " in out
    assert lines[-5:-1] == ["Results:", "  Ann: 0", "  bot:perfect: 1", "bot:perfect wins!"]
    assert lines[-1].startswith("Replay this game with: igroteka play takeaway --seed 1")
