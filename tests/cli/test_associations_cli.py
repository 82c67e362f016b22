"""The association game's tools on the command line."""

from __future__ import annotations

import json

import pytest

from igroteka.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("lang", "word"), [("uk", "кит"), ("ru", "кит"), ("en", "whale")])
def test_cards_lists_the_built_in_deck_with_its_tags_in_a_language(
    capsys: pytest.CaptureFixture[str], lang: str, word: str
) -> None:
    code, out, _ = run(capsys, "associations", "cards", "--lang", lang, "--json")
    assert code == 0
    cards = json.loads(out)
    assert len(cards) >= 84 and len({card["id"] for card in cards}) == len(cards)
    whale = next(card for card in cards if card["id"] == "whale-over-house")
    assert whale["backdrop"] == "night" and whale["emoji"][0][0] == "🐋"
    assert word in whale["tags"]
    assert all(2 <= len(card["emoji"]) <= 4 and card["tags"] for card in cards)


def test_an_unknown_language_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "associations", "cards", "--lang", "de")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "invalid choice: 'de'" in err
