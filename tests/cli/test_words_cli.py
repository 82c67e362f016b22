"""`igroteka words check`: a verdict per word, JSON, exit codes, and clear errors."""

from __future__ import annotations

import json

import pytest

from igroteka.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_word_passing_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "words", "check", "--lang", "ru", "--rule", "nouns", "пол", "полка")
    assert code == 0
    assert out.splitlines() == ["пол: yes", "полка: yes"]


def test_any_word_failing_exits_1_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "words", "check", "--lang", "ru", "--rule", "nouns", "ПОЛКАН")
    assert code == 1
    assert out.strip() == "ПОЛКАН: no, ‘ПОЛКАН’ is a first name or a nickname"


def test_json_lists_word_ok_and_reason_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "words", "check", "--lang", "uk", "--json", "М’ясо", "котт")
    assert code == 1
    assert json.loads(out) == [
        {"word": "М’ясо", "ok": True, "reason": ""},
        {"word": "котт", "ok": False, "reason": "‘котт’ is not in the Ukrainian dictionary"},
    ]


def test_no_famous_switches_famous_surnames_off(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["words", "check", "--lang", "ru", "--rule", "nouns", "Менделеев"]
    assert run(capsys, *argv)[0] == 0
    assert run(capsys, *argv, "--no-famous")[0] == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lang", "pl", "кіт"], "invalid choice: 'pl'"),
        (["--lang", "uk", "кіт1"], "‘кіт1’ has digits (1): a word is letters"),
        (["--lang", "ru", "кoт"], "‘кoт’ mixes Latin letters (o) into a Cyrillic word"),
        (["--lang", "uk", ""], "an empty word: type some letters"),
        (["--lang", "uk", "кіт", "дім?"], "‘дім?’ has characters that are not letters: '?'"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2_and_no_verdicts(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "words", "check", *argv)
    assert code == 2
    assert out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_best_prints_the_best_words_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "words", "best", "--lang", "uk", "--top", "2", "молоко")
    assert code == 0
    assert out.splitlines()[0] == "молоко  6"


def test_best_with_wildcard_names_the_letter_the_polysemy_stands_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "words", "best", "--lang", "uk", "--wildcard", "--json", "млк")
    assert code == 0
    rows = json.loads(out)
    assert {"word": "молоко", "score": 6.0, "wildcard": "о"} in rows
    assert all("word" in row for row in rows)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lang", "uk", "кіт7"], "digits"),
        (["--lang", "uk", "--top", "0", "кіт"], "--top is a whole number from 1, not 0"),
        (["--lang", "de", "кіт"], "invalid choice: 'de'"),
        (["--lang", "uk", "ыыы"], "not letters of the Ukrainian alphabet: ы"),
    ],
)
def test_best_refuses_bad_input_with_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "words", "best", *argv)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
