"""Klepka letters' Exchange in the browser (Playwright): the page says each step of it in the
player's language, until the cards are exchanged or the Exchange is cancelled; no step is left
behind once it no longer fits (docs/rules/letters.md, "Prize cards")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from igroteka.engine import Match
from tests.server.positions import letters_with_prizes, plays, store_rooms, token
from tests.server.support import live
from tests.web.test_browser import browser  # noqa: F401 (the fixture)
from tests.web.test_layout_browser import STILL

pytestmark = pytest.mark.browser


def exchange_at_hand() -> Match[Any, Any]:
    """Klepka letters for three: seat 0 holds an Exchange it may play, and a letter to give."""

    def ready(game: Any, state: Any) -> bool:
        return bool(plays(game, state, 0, "Exchange")) and game.awaited(state) == {0}

    return letters_with_prizes(ready)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Match[Any, Any]]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('exchange') / 'games.db'}"
    match = exchange_at_hand()
    store_rooms(url, match, ["cancel", "exchange"])
    with live(STILL, url) as (base, _):
        yield base, match


def ann(browser: Any, base: str, room: str) -> Any:  # noqa: F811
    page = browser.new_context(locale="uk-UA").new_page()
    page.goto(base + "/")
    kept = json.dumps({"0": token(0)})
    page.evaluate(f"k => localStorage.setItem('igroteka.room.{room}', k)", kept)
    page.goto(f"{base}/r/{room}")
    page.wait_for_selector(".game .exchange")
    return page


MINE = ".hand[data-area='hand'] .chip:not(:has(.prize))"
"""A letter card of Ann's own hand."""
THEIRS = ".hand:not([data-area]) .chip"
"""A card of another player's hand."""


def test_each_step_of_an_exchange_is_said_on_the_page_and_the_cards_change_hands(
    browser: Any,  # noqa: F811
    server: tuple[str, Match[Any, Any]],
) -> None:
    base, _ = server
    page = ann(browser, base, "exchange")
    page.click(".exchange")
    assert page.inner_text(".exchange-step") == "⇄ Оберіть свою картку, яку віддаєте"
    given = page.query_selector(MINE).get_attribute("data-card")
    letter = f".chip[data-card='{given}']"
    page.click(letter)
    assert page.inner_text(".exchange-step") == "⇄ Тепер оберіть картку, яку берете"
    assert page.get_attribute(letter, "aria-pressed") == "true"  # the card to give, marked
    page.click(letter)  # a second tap takes the choice back
    assert page.inner_text(".exchange-step") == "⇄ Оберіть свою картку, яку віддаєте"
    page.click(letter)
    taken = page.query_selector(THEIRS).get_attribute("data-card")
    seq = int(page.get_attribute(".game", "data-seq"))
    page.click(f".chip[data-card='{taken}']")
    page.wait_for_selector(f".game[data-seq='{seq + 1}']")
    assert page.query_selector(".exchange-step") is None  # done: nothing left to pick
    assert page.query_selector(f".hand[data-area='hand'] .chip[data-card='{taken}']")
    assert not page.query_selector(f".hand[data-area='hand'] .chip[data-card='{given}']")
    assert "Обмін" in page.inner_text(".move-log")


def test_a_cancelled_exchange_leaves_no_step_and_no_card_chosen(
    browser: Any,  # noqa: F811
    server: tuple[str, Match[Any, Any]],
) -> None:
    base, _ = server
    page = ann(browser, base, "cancel")
    page.click(".exchange")
    page.click(MINE)
    page.click(".exchange-cancel")
    assert page.query_selector(".exchange-step") is None
    assert page.query_selector(".chip.chosen, .chip[aria-pressed]") is None
    assert page.query_selector(".exchange")  # it may be played later
