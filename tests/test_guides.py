"""How to play: every game has a short illustrated guide in English, Ukrainian and Russian, it
is served without a room, and what its pictures show is what the rules do."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import igroteka.games
from igroteka.games import game_names, register
from igroteka.games.crossword.board import tile_set
from igroteka.games.crossword.rules import accepted
from igroteka.games.klepka.chain import SYNCOPE, check_chain
from igroteka.games.letters.deck import letter_colours, letters
from igroteka.guides import (
    FEWEST_STEPS,
    MOST_STEPS,
    GuideError,
    figures,
    guide,
    has_guide,
    steps,
)
from igroteka.i18n import LANGUAGES
from tests.games import tiny
from tests.server.support import server

BUILT_IN = ("klepka", "letters", "crossword", "associations")


def items(game: str, lang: str) -> Iterator[dict[str, Any]]:
    for step in guide(game)[lang]:
        yield from step["figure"]


# ---------------------------------------------------------------- the contract


def test_every_built_in_game_is_registered_with_a_guide() -> None:
    assert set(BUILT_IN) <= set(game_names())
    assert all(has_guide(name) for name in BUILT_IN)


@pytest.mark.parametrize("name", [name for name in game_names() if has_guide(name)])
def test_a_guide_has_five_to_eight_steps_in_every_language_the_same_in_each(name: str) -> None:
    found = guide(name)
    assert sorted(found) == sorted(LANGUAGES)
    counts = {lang: len(found[lang]) for lang in LANGUAGES}
    assert len(set(counts.values())) == 1, counts
    assert FEWEST_STEPS <= counts["en"] <= MOST_STEPS
    for lang in ("uk", "ru"):
        for step in found[lang]:
            assert re.search("[а-яіїєґё]", step["title"] + step["text"], re.IGNORECASE), step
        kinds = [[next(iter(item)) for item in step["figure"]] for step in found[lang]]
        assert kinds == [[next(iter(item)) for item in step["figure"]] for step in found["en"]]


def test_a_guide_in_a_language_it_lacks_is_english() -> None:
    assert steps("klepka", "de") == guide("klepka")["en"]


def test_a_game_without_a_guide_file_has_none() -> None:
    assert not has_guide("tiny") and not has_guide("../klepka")
    with pytest.raises(GuideError):
        guide("tiny")


# ---------------------------------------------------------------- a game's own items


def write_guide(folder: Path, figure: list[dict[str, Any]]) -> None:
    step = {"title": "Take stones", "text": "Take one to three stones.", "figure": figure}
    (folder / "guide.json").write_text(json.dumps({lang: [step] * 5 for lang in LANGUAGES}))


@pytest.fixture
def packaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The test's game (tests/games/tiny.py) registered with a package of its own among the
    games' (``igroteka.games.takeaway``), as a game of the registry has one: its guide, the
    guide's items it declares (``guide.py``), its web part (``web/``)."""
    folder = tmp_path / tiny.NAME
    (folder / "web").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "guide.py").write_text(
        'FIGURES = {"stones": {"stones": int}}\n\n\n'
        "def shape(kind, item):\n"
        '    return None if 0 < item["stones"] < 10 else "a pile of 1 to 9"\n'
    )
    write_guide(folder, [{"stones": 3}, {"sign": "→"}, {"stones": 2}])
    (folder / "web" / "renderer.js").write_text("export function render() {}\n")
    monkeypatch.setattr(igroteka.games, "__path__", [*igroteka.games.__path__, str(tmp_path)])
    unregister = register(tiny.ENTRY)
    guide.cache_clear()
    figures.cache_clear()
    yield folder
    unregister()
    guide.cache_clear()
    figures.cache_clear()
    for module in (f"igroteka.games.{tiny.NAME}.guide", f"igroteka.games.{tiny.NAME}"):
        sys.modules.pop(module, None)


def test_a_guide_shows_the_shared_items_and_its_games_own_from_its_package(
    packaged: Path,
) -> None:
    assert has_guide(tiny.NAME)
    kinds, _ = figures(tiny.NAME)
    assert sorted(kinds) == ["back", "sign", "stones", "text"]
    assert guide(tiny.NAME)["uk"][0]["figure"][0] == {"stones": 3}


def test_an_item_of_another_game_is_no_item_of_this_games_guide(packaged: Path) -> None:
    """Each game's items are its own: a crossword tile is not a take-away figure, nor a pile
    of stones a crossword one."""
    write_guide(packaged, [{"tile": "П", "points": 2}])
    with pytest.raises(GuideError, match="no such figure item"):
        guide(tiny.NAME)
    assert "stones" not in figures("crossword")[0]


def test_a_games_own_check_of_its_items_is_asked(packaged: Path) -> None:
    write_guide(packaged, [{"stones": 12}])
    with pytest.raises(GuideError, match="stones: a pile of 1 to 9"):
        guide(tiny.NAME)


def test_a_game_may_not_declare_a_shared_item_as_its_own(packaged: Path) -> None:
    (packaged / "guide.py").write_text('FIGURES = {"sign": {"sign": int}}\n')
    with pytest.raises(GuideError, match="may not declare sign"):
        guide(tiny.NAME)


def test_a_registered_game_without_a_package_has_no_guide() -> None:
    """The test's game registered from tests/games/tiny.py alone: it is played without one."""
    unregister = register(tiny.ENTRY)
    try:
        assert not has_guide(tiny.NAME)
        assert sorted(figures(tiny.NAME)[0]) == ["back", "sign", "text"]
    finally:
        unregister()
        figures.cache_clear()


# ---------------------------------------------------------------- the pictures show the rules


def test_the_letters_guide_shows_each_letter_with_its_colour_and_points() -> None:
    points = {info.letter: info.points for info in letters("uk")}
    colours = letter_colours("uk")
    for lang in LANGUAGES:
        for item in items("letters", lang):
            if "letter" in item:
                letter = item["letter"].lower()
                assert (item["colour"], item["points"]) == (colours[letter], points[letter])


def test_the_crossword_guide_shows_the_tiles_points_of_its_tile_set() -> None:
    for lang in LANGUAGES:
        points = tile_set("uk" if lang == "uk" else "ru").points
        for item in items("crossword", lang):
            if "tile" in item and item["tile"] != "*" and item["points"]:
                assert item["points"] == points[item["tile"].lower()], (lang, item)


def test_every_word_on_a_crossword_guides_board_is_a_word_of_the_crossword() -> None:
    for lang in LANGUAGES:
        for item in items("crossword", lang):
            if "board" not in item:
                continue
            rows = [row.lower() for row in item["board"]]
            columns = ["".join(column) for column in zip(*rows, strict=True)]
            for line in (*rows, *columns):
                for word in re.findall(r"[^.★]{2,}", line):
                    assert accepted(word, "uk" if lang == "uk" else "ru"), (lang, word)


def test_the_crossword_guides_scores_are_the_sum_of_the_letters_points() -> None:
    """On plain cells, as the figures say: ПОЛ 5, ПОЛКА 8 (the sheet's example), ЛІС 5."""
    shown = 0
    for lang in LANGUAGES:
        points = tile_set("uk" if lang == "uk" else "ru").points
        for item in items("crossword", lang):
            scored = re.fullmatch(r"([А-ЯІЇЄҐ]+) (\d+)", item.get("text", ""))
            if scored:
                word, score = scored.groups()
                assert sum(points[letter] for letter in word.lower()) == int(score), item
                assert accepted(word.lower(), "uk" if lang == "uk" else "ru"), item
                shown += 1
    assert shown == 6


def test_every_chain_in_the_klepka_guide_is_a_chain_the_rules_accept() -> None:
    for lang in LANGUAGES:
        for step in guide("klepka")[lang]:
            figure = step["figure"]
            if sum(1 for item in figure if "word" in item) < 2 or any(
                "picture" in item for item in figure
            ):
                continue
            links = [item.get("word", SYNCOPE) for item in figure if "sign" not in item]
            words = [link for link in links if link != SYNCOPE]
            check_chain(links, words, links.count(SYNCOPE))


# ---------------------------------------------------------------- served without a room


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with server() as test_client:
        yield test_client


def test_the_guide_is_served_in_the_language_asked_or_the_browsers(client: TestClient) -> None:
    asked = client.get("/api/games/crossword/guide", params={"lang": "ru"}).json()
    assert asked["lang"] == "ru" and asked["steps"] == json.loads(
        json.dumps(steps("crossword", "ru"))
    )
    browser = client.get("/api/games/letters/guide", headers={"Accept-Language": "uk-UA,uk;q=0.9"})
    assert browser.json()["lang"] == "uk"


def test_the_lobby_listing_says_which_games_have_a_guide(client: TestClient) -> None:
    listed = {game["name"]: game["guide"] for game in client.get("/api/games").json()}
    assert all(listed[name] for name in BUILT_IN)


def test_an_unknown_game_has_no_guide_and_is_told_so(client: TestClient) -> None:
    refused = client.get("/api/games/chess/guide", headers={"Accept-Language": "uk"})
    assert refused.status_code == 404
    assert refused.json()["error"] == "no-guide"
    assert refused.json()["reason"] == "немає посібника до гри «chess»"
