"""`igroteka words prepare`: the word indexes built ahead of time, with their progress; one
sentence and a non-zero exit code when one cannot be."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from igroteka.cli import main
from igroteka.i18n import Text
from igroteka.lexicon.index import PrepareError
from igroteka.server.builders import LexiconIndexes
from tests.server.test_builders import unwritable

FULL = Text("the disk is full where the dictionaries are kept ({folder})", folder="/cache")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def prepared(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The languages prepared, by a fake that goes all the way at once (no build)."""
    langs: list[str] = []

    def prepare(self: LexiconIndexes, lang: str, progress: Callable[[float], object]) -> None:
        for tenth in range(11):
            progress(tenth / 10)
        langs.append(lang)

    monkeypatch.setattr(LexiconIndexes, "prepare", prepare)
    monkeypatch.setattr(LexiconIndexes, "is_built", lambda self, lang: lang in langs)
    return langs


def test_both_languages_are_prepared_by_default_and_it_exits_0(
    capsys: pytest.CaptureFixture[str], prepared: list[str]
) -> None:
    code, out, err = run(capsys, "words", "prepare")
    assert code == 0 and err == ""
    assert sorted(prepared) == ["ru", "uk"]
    lines = out.splitlines()
    for lang in ("uk", "ru"):
        said = [line for line in lines if f" {lang} " in line]
        assert said[0] == f"preparing the {lang} dictionary… 0%"
        assert said[-1].startswith(f"the {lang} dictionary is ready in ")
        assert len(said) == 11  # every tenth of the way, then ready


def test_lang_chooses_the_languages(
    capsys: pytest.CaptureFixture[str], prepared: list[str]
) -> None:
    assert run(capsys, "words", "prepare", "--lang", "ru")[0] == 0
    assert prepared == ["ru"]


def test_a_full_disk_is_one_sentence_and_exit_code_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def prepare(self: LexiconIndexes, lang: str, progress: Callable[[float], object]) -> None:
        progress(0.3)
        raise PrepareError(FULL)

    monkeypatch.setattr(LexiconIndexes, "prepare", prepare)
    monkeypatch.setattr(LexiconIndexes, "is_built", lambda self, lang: False)
    code, _, err = run(capsys, "words", "prepare", "--lang", "uk")
    assert code == 1
    assert err == f"igroteka: uk: {FULL}\n"


def test_a_cache_folder_that_cannot_be_written_is_said_by_the_real_builder(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cache = unwritable(tmp_path)
    monkeypatch.setenv("IGROTEKA_CACHE", str(cache))
    code, _, err = run(capsys, "words", "prepare", "--lang", "ru")
    assert code == 1
    sentence = f"the folder {cache} cannot be written: set IGROTEKA_CACHE to a folder that can"
    assert err == f"igroteka: ru: {sentence}\n"


def test_a_language_it_does_not_know_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "words", "prepare", "--lang", "de")
    assert code == 2
    assert "Traceback" not in err and "de" in err


def test_a_language_built_already_is_said_ready_at_once(
    capsys: pytest.CaptureFixture[str], prepared: list[str]
) -> None:
    prepared.append("uk")
    code, out, _ = run(capsys, "words", "prepare", "--lang", "uk")
    assert code == 0
    assert out == "the uk dictionary is ready\n"
    assert prepared == ["uk"]  # not prepared again
