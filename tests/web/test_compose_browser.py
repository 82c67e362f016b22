"""Composing words in Klepka letters' browser page (Playwright): a refused word stays typed and
the reason stays beside the box until the player types again; an accepted word clears the box
(docs/rules/letters.md, "Words")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from igroteka.engine import Match
from igroteka.games.letters.rules import word_problem
from igroteka.lexicon.search import best_words
from tests.server.positions import played_until, store_rooms, token
from tests.server.support import live
from tests.web.test_browser import browser  # noqa: F401 (the fixture)
from tests.web.test_layout_browser import STILL

pytestmark = pytest.mark.browser


def composing() -> Match[Any, Any]:
    """Klepka letters for two: seat 0 composes, and its letters make a word of two or more."""

    def ready(match: Match[Any, Any]) -> bool:
        view = match.view(0)
        letters = "".join(c["letter"] for c in view["hands"][0] if c["kind"] == "letter")
        return (
            match.game.phase(match.state) == "compose"
            and match.game.awaited(match.state) == {0}
            and len(letters) >= 4
            and any(
                word_problem(f.word, match.state.options, frozenset()) is None
                for f in best_words(letters, "uk", top=20)
            )
        )

    return played_until("letters", {"pairs": 20, "starter": 0}, 2, 5, ready)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Match[Any, Any]]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('compose') / 'games.db'}"
    match = composing()
    store_rooms(url, match, ["compose"])
    with live(STILL, url) as (base, _):
        yield base, match


def test_a_refused_word_stays_typed_with_its_reason_and_an_accepted_one_clears_the_box(
    browser: Any,  # noqa: F811
    server: tuple[str, Match[Any, Any]],
) -> None:
    base, match = server
    page = browser.new_context(locale="uk-UA").new_page()
    page.goto(base + "/")
    kept = json.dumps({"0": token(0)})
    page.evaluate("k => localStorage.setItem('igroteka.room.compose', k)", kept)
    page.goto(f"{base}/r/compose")
    page.wait_for_selector(".compose-input")
    page.fill(".compose-input", "щщщщщщ")
    page.click(".compose button[type=submit]")
    page.wait_for_selector(".compose-refusal")
    said = page.locator(".compose-refusal")  # found afresh: a redrawn table detaches a handle
    assert said.inner_text() == "слова «щщщщщщ» немає в українському словнику"
    assert page.input_value(".compose-input") == "щщщщщщ"  # kept, to be corrected
    page.wait_for_timeout(4500)  # longer than the toast stays
    assert page.query_selector(".compose-refusal")  # the reason stays beside the box
    page.press(".compose-input", "End")
    page.press(".compose-input", "Backspace")
    assert page.input_value(".compose-input") == "щщщщщ"
    assert page.query_selector(".compose-refusal") is None  # typing again puts it away
    view = match.view(0)
    letters = "".join(c["letter"] for c in view["hands"][0] if c["kind"] == "letter")
    found = best_words(letters, "uk", top=20)
    word = next(
        f.word for f in found if word_problem(f.word, match.state.options, frozenset()) is None
    )
    seq = int(page.get_attribute(".game", "data-seq"))
    page.fill(".compose-input", word)
    page.click(".compose button[type=submit]")
    page.wait_for_selector(f".game[data-seq='{seq + 1}']")
    if page.query_selector(".compose-input"):
        assert page.input_value(".compose-input") == ""  # accepted: the box is empty again
    assert word in page.inner_text(".sheet")  # the player's own sheet comes first
