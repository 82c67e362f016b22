"""The association game's tools on the command line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import ClassVar

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


def test_a_bot_game_prints_one_summary_and_replays_to_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "associations", "--players", "bot:easy,bot:medium,bot:hard", "--json"]
    code, played, _ = run(capsys, *argv, "--seed", "4", "--lang", "ru", "--record", str(record))
    assert code == 0
    result = json.loads(played)
    assert result["game"] == "associations" and result["finished"]
    assert result["options"]["lang"] == "ru" and max(result["scores"]) >= 24
    code, replayed, _ = run(capsys, "replay", str(record), "--json")
    assert code == 0 and json.loads(replayed) == result


class Player(io.StringIO):
    """A person's answers, each chosen by the prompt just printed: a wrong card number, an
    empty clue and a card laid twice first, then answers of the form the cell asks."""

    CLUES: ClassVar[dict[str, str]] = {  # the form a cell asks, as named, and a clue of it
        "a question": "Де море?",
        "exactly four words": "тихе море вночі спить",
        "What I love most": "Найбільше я люблю море",
    }

    def __init__(self, screen: io.StringIO) -> None:
        super().__init__()
        self.screen = screen
        self.tried: dict[str, int] = {}
        self.seen = 0

    def readline(self, size: int | None = -1) -> str:
        shown = self.screen.getvalue()
        prompt = shown[self.seen :].rsplit("\n", 1)[-1]  # input is not echoed: only the new
        self.seen = len(shown)
        keys = ("Pass", "card (", "Four", "Lay", "clue", "Which", "Was", "")
        key = next(k for k in keys if k in prompt)
        times = self.tried.get(key, 0)
        self.tried[key] = times + 1
        if key == "card (":
            return "9\n" if times == 0 else "1\n"
        if key == "clue":
            asked = shown.rsplit("storyteller. Your cards:", 1)[-1]
            clue = next((c for form, c in self.CLUES.items() if form in asked), "море")
            return "\n" if times == 0 else clue + "\n"
        if key == "Lay":
            return "1 1\n" if times == 0 else "1 2\n"
        if key == "Which":
            return f"{1 + times % 5}\n"  # own cards are refused: the next number
        return {"Four": "1 2 3 4\n", "Was": "y\n", "Pass": "\n"}.get(key, "")


def test_a_person_tells_lays_and_votes_at_the_keyboard_and_refusals_are_explained(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A person at a table of three with two bots: a card number out of range, an empty clue
    and a card laid twice are refused with a reason; the game is played to its end."""
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stdin", Player(screen))
    argv = ["play", "associations", "--players", "Ann,bot:easy,bot:medium", "--seed", "5"]
    assert main([*argv, "--starter", "1", "--delay", "0", "--goal", "12"]) == 0
    out = screen.getvalue()
    assert "you are the storyteller" in out and "Ann tells: “" in out
    assert "The numbers go from 1 to 6" in out
    assert "Say your association: the clue is empty" in out
    assert "Each number once" in out
    assert "The cards are turned over:" in out and "laid by Ann" in out
    assert "the card of the clue" in out
    assert "Results:" in out


def test_guess_ranks_the_cards_a_bot_would_choose_and_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The guess tool is the bots' own reading: a hard guesser finds the card whose words are
    nearest the clue's meaning, first, and names those words."""
    cards = "fish-in-bulb,whale-over-house,eye-above-door,clock-in-desert"
    code, out, _ = run(
        capsys, "associations", "guess", "--level", "hard", "--lang", "uk",
        "--clue", "Велетень океану спить над дахом", "--cards", cards, "--json",
    )  # fmt: skip
    assert code == 0
    said = json.loads(out)
    ranked = said["cards"]
    assert ranked[0]["id"] == "whale-over-house"
    assert ranked[0]["score"] > ranked[1]["score"]
    assert {"кит", "кита", "whale"} & set(ranked[0]["matched"]) or "океан" in ranked[0]["matched"]
    assert sorted(card["id"] for card in ranked) == sorted(cards.split(","))
    code, shown, _ = run(capsys, "associations", "guess", "--clue", "кит", "--top", "3")
    assert code == 0 and len(shown.strip().splitlines()) == 4  # how it reads, then 3 cards


def test_guess_at_the_random_level_shows_chance_not_a_ranking(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """bot:random never reads the clue: every card on the table has the same chance."""
    cards = "fish-in-bulb,whale-over-house,eye-above-door,clock-in-desert"
    code, out, _ = run(
        capsys, "associations", "guess", "--level", "random", "--clue", "кит", "--cards", cards
    )
    assert code == 0 and "at random" in out and "1 in 4" in out and "whale" not in out
    code, out, _ = run(
        capsys, "associations", "guess", "--level", "random", "--clue", "кит", "--json"
    )
    said = json.loads(out)
    assert {card["chance"] for card in said["cards"]} == {said["chance"]}
    assert said["chance"] == round(1 / len(said["cards"]), 4)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--clue", "  "], "the clue is empty"),
        (["--clue", "x" * 201], "at most 200"),
        (["--clue", "кит", "--cards", "whale-over-house,nope"], "no card ‘nope’"),
        (["--clue", "кит", "--cards", "whale-over-house"], "two cards or more"),
        (["--clue", "кит", "--level", "genius"], "invalid choice"),
    ],
)
def test_guess_refuses_bad_input_in_one_line_with_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    code, out, err = run(capsys, "associations", "guess", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and said in err
