"""A first visit in a browser: one way to choose a game (its card), the language its words are
in said on the card and the form, a game against bots in one click, a Start that says why it
cannot be pressed yet, and an invite others can open, with its QR code (issue 27, point 3)."""

from __future__ import annotations

import dataclasses
from typing import Any

import httpx
import pytest

from tests.server.support import FAST, live
from tests.web.test_browser import browser

__all__ = ["browser"]

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PUBLIC = dataclasses.replace(FAST, public_url="https://games.school.example")


def lobby(browser: Any, base: str, locale: str, size: dict[str, int] = LAPTOP) -> Any:
    page = browser.new_context(locale=locale, viewport=size).new_page()
    page.goto(base + "/")
    page.wait_for_selector("#new-game .game-card")
    return page


def make_room(page: Any, game: str, players: int) -> str:
    """The room made from the lobby's form: its id."""
    page.click(f".game-card[data-game={game}]")
    page.fill("#players", str(players))
    page.click("#new-game button[type=submit]")
    page.wait_for_selector(".seats")
    return str(page.url.rsplit("/", 1)[1])


def test_the_room_page_shows_the_invite_on_the_public_url_and_its_qr_code(browser: Any) -> None:
    with live(PUBLIC) as (base, _):
        page = lobby(browser, base, "en-GB", PHONE)
        room = make_room(page, "klepka", 2)
        page.wait_for_selector(f".invite a[href='https://games.school.example/r/{room}']")
        page.wait_for_selector(".invite-qr img")
        qr = page.locator(".invite-qr img")  # found afresh: the room page draws itself again
        assert str(qr.get_attribute("src")).startswith("data:image/svg+xml,")
        assert qr.get_attribute("alt") == "QR code of the invite link"
        # drawn, under the page's Content-Security-Policy
        assert page.evaluate("document.querySelector('.invite-qr img').naturalWidth") > 0
        assert not page.query_selector(".invite-warning")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_link_only_this_computer_can_open_is_said_plainly_with_the_way_to_fix_it(
    browser: Any,
) -> None:
    with live() as (base, _):
        page = lobby(browser, base, "en-GB")
        room = make_room(page, "klepka", 2)
        page.wait_for_selector(".invite-warning")
        warning = page.locator(".invite-warning")  # found afresh, as above
        said = warning.inner_text()
        assert said.startswith("This link only works on this computer")
        assert "igroteka serve --host 0.0.0.0" in said
        assert page.get_attribute(".invite a", "href") == f"{base}/r/{room}"
        assert not page.query_selector(".invite-qr")  # no phone could open it


def test_the_lobby_has_one_game_chooser_its_cards(browser: Any) -> None:
    with live() as (base, _):
        page = lobby(browser, base, "uk-UA")
        games = httpx.get(f"{base}/api/games").json()
        assert page.locator("#new-game select#game, #new-game select[name=game]").count() == 0
        assert page.locator(".game-card").count() == len(games)
        page.click(".game-card[data-game=letters]")
        pressed = page.locator(".game-card[aria-pressed=true]")
        assert pressed.count() == 1 and pressed.get_attribute("data-game") == "letters"
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".seats")
        room = page.url.rsplit("/", 1)[1]
        assert httpx.get(f"{base}/api/rooms/{room}").json()["game"] == "letters"


def test_play_against_bots_now_starts_a_game_of_the_chosen_game_with_bots(browser: Any) -> None:
    with live() as (base, _):
        page = lobby(browser, base, "uk-UA")
        page.click(".game-card[data-game=klepka]")
        page.fill("#players", "3")
        page.fill("#option-pairs", "4")
        page.click("#play-bots")
        page.wait_for_selector(".game[data-my-turn]")
        room = httpx.get(f"{base}/api/rooms/{page.url.rsplit('/', 1)[1]}").json()
        assert room["game"] == "klepka" and room["started"]
        seats = room["seats"]
        assert seats[0]["kind"] == "person" and seats[0]["name"] == "Гравець"
        assert [(s["kind"], s["level"]) for s in seats[1:]] == [("bot", "medium")] * 2
        assert room["private"]  # never listed among the open rooms


def test_a_disabled_start_says_why_on_the_page(browser: Any) -> None:
    with live() as (base, _):
        page = lobby(browser, base, "en-GB")
        make_room(page, "klepka", 2)
        assert page.is_disabled("button.start")
        page.wait_for_selector(".start-reason")
        # found afresh: a handle to the first drawing is detached when the room's state arrives
        reason = page.locator(".start-reason")
        assert reason.is_visible()
        assert reason.inner_text() == (
            "Take a seat first, or fill every seat with players and bots (open: 2)"
        )
        assert page.get_attribute("button.start", "aria-describedby") == "start-reason"
        page.fill(".seat-open input >> nth=0", "Ann")
        page.press(".seat-open input >> nth=0", "Enter")
        page.wait_for_selector(".start-reason:has-text('Waiting for more players')")
        assert "(open seats: 1)" in page.inner_text(".start-reason")
        page.click(".seat-open .add-bot")
        page.wait_for_selector("button.start:not([disabled])")
        assert not page.query_selector(".start-reason")


def test_the_language_of_a_games_words_is_said_on_its_card_and_the_form(browser: Any) -> None:
    with live() as (base, _):
        page = lobby(browser, base, "en-GB")
        card = ".game-card[data-game={}] .game-card-language"
        assert page.inner_text(card.format("crossword")) == "Language: Russian or Ukrainian"
        assert page.inner_text(card.format("letters")) == "Language: Ukrainian"
        page.click(".game-card[data-game=crossword]")
        assert page.inner_text("#game-language") == (
            "This game has no English words. Language: Russian. "
            "You can choose another in “Language and tiles”."
        )
        page.select_option("#option-lang", "uk")
        assert page.inner_text("#game-language").endswith(
            "Language: Ukrainian. You can choose another in “Language and tiles”."
        )
        page.click(".game-card[data-game=letters]")
        assert page.inner_text("#game-language") == (
            "This game has no English words. Language: Ukrainian only"
        )
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".room-settings")
        assert page.inner_text(".room-settings dd[data-option=language]") == "Ukrainian"
        # a page in Ukrainian plays the crossword in Ukrainian, and says so
        ukrainian = lobby(browser, base, "uk-UA")
        ukrainian.click(".game-card[data-game=crossword]")
        assert ukrainian.input_value("#option-lang") == "uk"
        assert ukrainian.inner_text("#game-language").startswith("Мова: українська.")
