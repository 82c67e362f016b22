"""The command line: bot games as JSON, replays, the chain tool, and clear errors."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from igroteka.cli import main
from igroteka.games.klepka.deck import builtin_deck
from tests.games.klepka.chain_ilp import longest_chain

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


def test_the_chain_tool_takes_a_card_of_several_words_as_one_argument(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "klepka", "chain", "--json", "ice cream", "motor", "apple")
    assert code == 0
    assert json.loads(out) == {"length": 13, "chain": ["ice cream", "motor"]}  # by its letters


def test_the_chain_tool_says_1_letter_and_n_letters(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "klepka", "chain", "a")[1].splitlines()[-1] == "1 letter"
    assert run(capsys, "klepka", "chain", "cat")[1].splitlines()[-1] == "3 letters"


def test_the_chain_tool_takes_apostrophe_variants_for_the_same_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As a player's typing matches them to one card: м'ясо and М’ясо are one word twice."""
    code, out, err = run(capsys, "klepka", "chain", "м'ясо", "сало", "М’ясо")
    assert code == 2 and out == ""
    assert "only once: ‘м'ясо’ and ‘М’ясо’" in err


def test_the_chain_tools_json_is_all_it_prints_when_highs_solves_the_hand() -> None:
    """A hand of 30 words with 2 Syncopes goes to HiGHS, whose banner must not reach stdout."""
    words = [pair.word for pair in builtin_deck("en").pairs[:30]]
    argv = [sys.executable, "-m", "igroteka.cli", "klepka", "chain", "--json", "--syncopes", "2"]
    result = subprocess.run(
        [*argv, *words],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answer = json.loads(result.stdout)
    assert answer["length"] == longest_chain(words, 2)[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "klepka", "--players", "bot:genius,bot:easy", "--json"], "unknown bot level"),
        (["play", "klepka", "--players", "Ann,bot:easy", "--json"], "bots only"),
        (["play", "klepka", "--players", "bot:easy,,bot:hard"], "none empty"),
        (["play", "klepka", "--players", "bot:easy", "--pairs", "0", "--json"], "pairs must be"),
        (["play", "klepka", "--players", "bot:easy", "--seed", "x"], "--seed is a whole number"),
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


KLEPKA = ["play", "klepka", "--players", "bot:easy,bot:hard", "--json", "--pairs", "3"]
LETTERS = ["play", "letters", "--players", "bot:easy,bot:hard", "--json", "--pairs", "10"]
SERVE = ["serve", "--db", "sqlite:///:memory:"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # pauses: a number of seconds, finite, not negative
        ([*KLEPKA, "--delay", "-1"], "--delay is a number of seconds from 0 to 60, not -1"),
        ([*KLEPKA, "--delay", "nan"], "--delay is a number of seconds from 0 to 60, not nan"),
        ([*KLEPKA, "--delay", "inf"], "--delay is a number of seconds from 0 to 60, not inf"),
        ([*KLEPKA, "--delay", "1e400"], "--delay is a number of seconds from 0 to 60, not 1e400"),
        ([*LETTERS, "--delay", "soon"], "--delay is a number of seconds from 0 to 60, not ‘soon’"),
        ([*SERVE, "--reveal", "nan"], "--reveal is a number of seconds from 0 to 60, not nan"),
        ([*SERVE, "--reveal", "-2"], "--reveal is a number of seconds from 0 to 60, not -2"),
        ([*SERVE, "--bot-delay", "inf"], "--bot-delay is a number of seconds"),
        # seeds: 64 bits, as the generator takes them
        ([*KLEPKA, "--seed", "-1"], "--seed is a whole number from 0 to 2⁶⁴ − 1, not -1"),
        ([*KLEPKA, "--seed", str(2**64)], "--seed is a whole number from 0 to 2⁶⁴ − 1"),
        ([*KLEPKA, "--seed", "1.5"], "--seed is a whole number from 0 to 2⁶⁴ − 1, not ‘1.5’"),
        # seats are counted from 1
        ([*KLEPKA, "--starter", "0"], "--starter is london, random or a seat number from 1"),
        ([*KLEPKA, "--starter", "-1"], "not ‘-1’"),
        ([*KLEPKA, "--starter", "²"], "--starter is london, random or a seat number from 1"),
        ([*KLEPKA, "--starter", "3"], "there is no seat 3 to start"),
        ([*LETTERS, "--starter", "0"], "--starter is random or a seat number from 1, not ‘0’"),
        ([*LETTERS, "--starter", "london"], "--starter is random or a seat number from 1"),
        ([*LETTERS, "--starter", "3"], "there is no seat 3 to start"),
        # sizes of the table
        ([*KLEPKA, "--pairs", "0"], "pairs must be between 1 and"),
        ([*KLEPKA, "--pairs", "-4"], "pairs must be between 1 and"),
        ([*KLEPKA, "--pairs", "many"], "--pairs is a whole number, not ‘many’"),
        ([*KLEPKA, "--syncopes", "-1"], "syncopes must be between 0 and 10, not -1"),
        ([*KLEPKA, "--syncopes", "11"], "syncopes must be between 0 and 10, not 11"),
        ([*LETTERS, "--chaos", "-1"], "chaos must be between 0 and 8, not -1"),
        ([*LETTERS, "--min-length", "0"], "min_length must be between 1 and 6, not 0"),
        # players
        (["play", "klepka", "--players", "Ann,ann"], "‘Ann’ is given twice"),
        (["play", "letters", "--players", ",".join(["bot:easy"] * 7), "--json"], "not 7"),
        (["play", "klepka", "--players", "bot:", "--json"], "unknown bot level ‘’"),
        # the server's address
        ([*SERVE, "--port", "-1"], "--port is a whole number from 0 to 65535, not -1"),
        ([*SERVE, "--port", "65536"], "--port is a whole number from 0 to 65535, not 65536"),
        ([*SERVE, "--db", "nonsense://x"], "cannot open the store nonsense://x"),
        # the dictionary tools
        (["words", "best", "--lang", "uk", "--top", "0", "кіт"], "--top is a whole number from 1"),
        (["words", "best", "--lang", "uk", "--top", "ten", "кіт"], "not ‘ten’"),
    ],
)
def test_every_bad_value_of_a_flag_is_one_line_naming_the_flag_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("igroteka: ") and err.count("\n") == 1 and message in err


def test_files_that_cannot_be_read_or_written_get_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00")
    nameless = tmp_path / "words.deck"
    nameless.write_text("cat 🐱\ndog 🐶\n", encoding="utf-8")
    cases = [
        (["replay", str(tmp_path)], "cannot read"),
        (["replay", str(binary)], "is not a text file"),
        ([*KLEPKA, "--deck", str(tmp_path / "missing.deck")], "there is no such file"),
        ([*KLEPKA, "--deck", str(tmp_path)], "this is a folder, not a deck file"),
        ([*KLEPKA, "--deck", str(binary)], "UTF-16"),
        ([*KLEPKA, "--record", str(tmp_path)], "cannot write the record to"),
        ([*KLEPKA, "--record", str(tmp_path / "no" / "game.json")], "cannot write the record"),
        ([*KLEPKA, "--record", ""], "--record needs the name of a file to save the game in"),
        ([*KLEPKA, "--deck", ""], "--deck needs the name of a file"),
    ]
    for argv, message in cases:
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("igroteka: ") and err.count("\n") == 1 and message in err, err


def test_a_deck_with_several_problems_tells_them_all_on_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "words.deck"
    deck.write_text("cat 🐱\n", encoding="utf-8")  # neither a name nor a language
    code, _, err = run(capsys, *KLEPKA, "--deck", str(deck))
    assert code == 2 and err.count("\n") == 1
    assert "the deck has no name" in err and "; " in err and "the deck has no language" in err


def test_a_record_that_cannot_be_written_is_refused_before_the_game_not_after(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, *KLEPKA, "--record", str(tmp_path / "none" / "game.json"))
    assert code == 2 and out == ""  # no game was played: no summary
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, *KLEPKA, "--record", str(path))
    assert code == 0 and json.loads(path.read_text(encoding="utf-8"))["game"] == "klepka"


def test_a_port_in_use_or_an_unknown_host_is_one_line_not_a_server_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(capsys, *SERVE, "--port", str(port))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in err
    code, out, err = run(capsys, *SERVE, "--host", "no-such-host.invalid")
    assert code == 2 and "--host ‘no-such-host.invalid’ is no address of this machine" in err


def test_a_person_is_told_a_bad_delay_before_any_prompt() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "igroteka.cli",
            "play",
            "klepka",
            "--players",
            "Ann",
            "--delay",
            "-1",
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "igroteka: --delay is a number of seconds from 0 to 60, not -1\n"
