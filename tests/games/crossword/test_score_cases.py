"""The crossword's one score: the cases of tests/data/crossword-score-cases.json, which the
page's preview (web/games/crossword.js) passes too (tests/js/crossword.test.js).

Each case is judged as the server judges a play (``rules.judge``, what a ``check`` answers),
the dictionary aside: a case is about the score, so its words are taken as words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from igroteka.games.crossword import rules
from igroteka.games.crossword.board import Board, Tile

CASES = json.loads(
    (Path(__file__).parents[2] / "data" / "crossword-score-cases.json").read_text("utf-8")
)["cases"]


def tiles(items: list[list[Any]]) -> tuple[Tile, ...]:
    """Tiles as a play sends them: [row, column, letter, blank]."""
    return tuple(Tile(row, col, letter.lower(), blank) for row, col, letter, blank in items)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_server_scores_each_case_as_the_table_says(
    case: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules, "accepted", lambda *_, **__: True)
    board = Board.empty().place(tiles(case["board"]))
    judged = rules.judge(
        board,
        tiles(case["tiles"]),
        case["lang"],
        every=case["premiums"] == "every",
        bonus=case["bonus"],
    )
    made = [
        {"word": word.text.upper(), "start": word.start, "across": word.across, "score": word.score}
        for word in judged.words
    ]
    assert made == case["words"]
    assert (judged.bonus, judged.score) == (case["scored_bonus"], case["total"])


def test_the_cases_cover_premiums_blanks_the_bonus_and_both_tile_sets() -> None:
    assert {case["lang"] for case in CASES} == {"ru", "uk"}
    assert {case["premiums"] for case in CASES} == {"every", "first"}
    assert any(blank for case in CASES for *_, blank in case["tiles"])
    assert any(case["scored_bonus"] for case in CASES)
    assert any(len(case["words"]) > 1 for case in CASES)
