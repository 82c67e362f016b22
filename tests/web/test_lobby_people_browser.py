"""The lobby and the people of a room in browsers: the open rooms to join, the form that keeps what
was typed through a change of language, the deck of the page's language, bots named in it, the
settings everyone sees, reactions, a seat moved to another device, and a rematch with the same
seats. At a laptop's size and a phone's (1280x800, 390x844)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.support import free_port, running
from tests.web.test_browser import browser, play_to_the_end  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def page_of(browser: Any, locale: str, size: dict[str, int] = LAPTOP) -> Any:  # noqa: F811
    return browser.new_context(locale=locale, viewport=size).new_page()


def make_room(page: Any, base: str, game: str, players: int, **options: Any) -> str:
    """The person of ``page`` makes a room in the lobby: its invite link."""
    page.goto(base + "/")
    page.wait_for_selector("#new-game")
    page.click(f".game-card[data-game={game}]")
    page.fill("#players", str(players))
    for key, value in options.items():
        page.fill(f"#option-{key}", str(value))
    page.click("#new-game button[type=submit]")
    page.wait_for_selector(".seats")
    return str(page.get_attribute(".invite a", "href"))


def sit(page: Any, name: str) -> None:
    """Take the first open seat with Enter in the name field."""
    page.fill(".seat-open input >> nth=0", name)
    page.press(".seat-open input >> nth=0", "Enter")
    page.wait_for_selector(f".name-chip:text-is('{name}')")


BACKGROUND = """(() => {
  window.tabHidden = true;
  Object.defineProperty(Document.prototype, "hidden", {
    configurable: true, get: () => window.tabHidden });
})();"""
"""The page's tab is in the background (``document.hidden``) until :func:`look_at` shows it."""


def look_at(page: Any, looked: bool) -> None:
    """The person brings the tab of a page with ``BACKGROUND`` to the front, or leaves it."""
    page.evaluate(
        """looked => { window.tabHidden = !looked;
                     document.dispatchEvent(new Event('visibilitychange')); }""",
        looked,
    )


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@pytest.mark.parametrize(("locale", "size"), [("uk-UA", PHONE), ("en-GB", LAPTOP)])
def test_an_open_room_is_listed_in_the_lobby_and_joined_from_it_a_private_one_is_not(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    locale: str,
    size: dict[str, int],
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.2, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        ann = page_of(browser, locale, size)
        invite = make_room(ann, base, "letters", 3, pairs=10)
        hidden = httpx.post(
            f"{base}/api/rooms", json={"game": "klepka", "players": 2, "private": True}
        ).json()["id"]
        bob = page_of(browser, locale, size)
        bob.goto(base + "/")
        bob.wait_for_selector(".open-room")
        assert bob.locator(".open-room").count() == 1
        assert bob.query_selector(f".open-room[data-room='{hidden}']") is None
        listed = bob.inner_text(".open-room")
        assert ("зайнято 0 з 3 місць" if locale == "uk-UA" else "0 of 3 seats taken") in listed
        no_sideways_scroll(bob)
        bob.click(".open-room .join-room")
        bob.wait_for_selector(".seats")
        assert bob.url == invite
        sit(bob, "Bob")
        ann.wait_for_selector(".name-chip:text-is('Bob')")
        no_sideways_scroll(bob)


def test_the_lobby_keeps_a_typed_deck_through_a_change_of_language(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port):
        page = page_of(browser, "en-GB", PHONE)
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#new-game")
        page.click(".game-card[data-game=klepka]")
        page.select_option("#option-lang", "own")
        deck = "кіт : 🐱\nїжак : 🦔\nм’яч : ⚽\nёлка : 🎄"
        page.fill("#option-deck_text", deck)
        page.fill("#players", "3")
        page.select_option("#lang", "uk")
        page.wait_for_selector("text=Нова гра")
        assert page.input_value("#option-deck_text") == deck
        assert page.input_value("#option-lang") == "own"
        assert page.input_value("#players") == "3"
        assert page.get_attribute(".game-card[data-game=klepka]", "aria-pressed") == "true"
        no_sideways_scroll(page)


def test_the_deck_defaults_to_the_pages_language_until_one_is_chosen(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Against the declaration's ``lang`` of a choice (the server's games, each deck choice given
    the language of its value as a declaration says it)."""
    port = free_port()
    with running(tmp_path / "games.db", port):
        base = f"http://127.0.0.1:{port}"
        declared = httpx.get(f"{base}/api/games").json()
        for game in declared:
            for option in game["options"]:
                for choice in option.get("choices", []):
                    if option["key"] == "lang" and choice["value"] in ("en", "uk", "ru"):
                        choice.setdefault("lang", choice["value"])
        page = page_of(browser, "uk-UA")

        def games(route: Any) -> None:
            route.fulfill(status=200, content_type="application/json", body=json.dumps(declared))

        page.route("**/api/games", games)
        page.goto(base + "/")
        page.wait_for_selector("#new-game")
        page.click(".game-card[data-game=klepka]")
        assert page.input_value("#option-lang") == "uk"
        page.select_option("#lang", "en")
        page.wait_for_selector("text=New game")
        assert page.input_value("#option-lang") == "en"  # untouched: it follows the page
        page.select_option("#option-lang", "uk")
        page.select_option("#lang", "ru")
        page.wait_for_selector("text=Новая игра")
        assert page.input_value("#option-lang") == "uk"  # chosen: it stays


@pytest.mark.parametrize(("locale", "bot"), [("uk-UA", "Бот (легкий)"), ("ru-RU", "Бот (лёгкий)")])
def test_bots_are_named_in_the_pages_language_and_everyone_sees_the_settings_change(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    locale: str,
    bot: str,
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port):
        base = f"http://127.0.0.1:{port}"
        ann = page_of(browser, "en-GB")
        invite = make_room(ann, base, "letters", 3, pairs=10)
        ann.select_option(".seat-open select >> nth=0", "easy")
        ann.click(".seat-open .add-bot >> nth=0")
        ann.wait_for_selector("text=Bot (easy)")
        bob = page_of(browser, locale, PHONE)
        bob.goto(invite)
        bob.wait_for_selector(f"text={bot}")
        assert "bot:easy" not in bob.inner_text("main")
        assert bob.inner_text(".room-settings [data-option=pairs]") == "10"
        ann.click(".change-options")
        ann.fill("#room-option-pairs", "12")
        ann.press("#room-option-pairs", "Enter")  # Enter saves the options
        bob.wait_for_selector(".room-settings [data-option=pairs]:text-is('12')")
        no_sideways_scroll(bob)


def test_the_level_chosen_for_a_bot_stays_chosen_when_someone_arrives(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The creator picks a level for an open seat's bot; a friend takes another seat, which
    draws the lobby again; Add bot then seats the level that was picked, not the first one."""
    port = free_port()
    with running(tmp_path / "games.db", port):
        base = f"http://127.0.0.1:{port}"
        ann = page_of(browser, "en-GB")
        invite = make_room(ann, base, "letters", 3, pairs=10)
        ann.select_option(".seat-open select >> nth=0", "hard")
        bob = page_of(browser, "en-GB", PHONE)
        bob.goto(invite)
        bob.fill(".seat-open input >> nth=1", "Bob")
        bob.press(".seat-open input >> nth=1", "Enter")
        ann.wait_for_selector(".name-chip:text-is('Bob')")
        ann.click(".seat-open .add-bot >> nth=0")
        ann.wait_for_selector("text=Bot (hard)")
        assert "Bot (easy)" not in ann.inner_text(".seats")


def test_a_reaction_shows_on_the_other_page_and_a_seat_moves_to_another_device(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port):
        base = f"http://127.0.0.1:{port}"
        ann = page_of(browser, "en-GB")
        invite = make_room(ann, base, "letters", 2, pairs=10)
        ann.click(".avatar-choice:text-is('🐙')")
        sit(ann, "Ann")
        bob = page_of(browser, "uk-UA", PHONE)
        bob.goto(invite)
        sit(bob, "Bob")
        assert "🐙" in bob.inner_text(".seats")
        ann.click(".react:text-is('🎉')")
        bob.wait_for_selector(".reactions-seen .reaction[data-seat='0']:has-text('🎉')")

        bob.click(".move-button")
        link = bob.get_attribute(".move-link", "href")
        assert link and "#move=1." in link
        assert bob.locator(".move-qr").is_visible()  # the same link as a QR code
        phone = page_of(browser, "uk-UA", PHONE)
        phone.goto(link)
        phone.wait_for_selector("text=Bob (ви)")
        assert "#move" not in phone.url  # the code is forgotten
        bob.wait_for_selector("text=це місце перейшло на інший пристрій")
        bob.wait_for_selector(".seat-person >> text=Bob")
        assert "(ви)" not in bob.inner_text(".seats")  # it watches now


def test_play_again_makes_a_rematch_with_the_same_seats(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.2, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        ann = page_of(browser, "uk-UA")
        ann.add_init_script(BACKGROUND)
        make_room(ann, base, "klepka", 2, pairs=4, syncopes=0)
        sit(ann, "Олена")
        ann.click(".seat-open .add-bot >> nth=0")
        ann.wait_for_selector("button.start:not([disabled])")
        ann.click("button.start")
        # her turn is told in the title of her tab in the background (one seat on this page:
        # the notice is on); once she looks at the tab, the title is plain again
        ann.wait_for_function("() => document.title === '● Ваш хід — Igroteka'")
        look_at(ann, True)
        assert ann.title() == "Igroteka"
        look_at(ann, False)
        play_to_the_end([ann], seed=3)
        assert ann.title() == "Igroteka"  # over: nobody's turn
        old = ann.url
        ann.click(".play-again")
        ann.wait_for_url(lambda url: url != old)
        ann.wait_for_selector(".seats")
        seats = ann.inner_text(".seats")
        assert "Олена\n(ви)" in seats  # her seat, held by this page again
        assert "Бот (випадковий)" in seats and "bot:" not in seats
        ann.wait_for_selector("button.start:not([disabled])")  # every seat held: she starts it
        new = ann.url.rsplit("/", 1)[1]
        room = httpx.get(f"{base}/api/rooms/{new}").json()
        assert [s["kind"] for s in room["seats"]] == ["person", "bot"]
        assert room["rematch_of"] == old.rsplit("/", 1)[1]


COUNT_AUDIO = """(() => {
  window.audioMade = 0;
  const Real = window.AudioContext;
  window.AudioContext = function (...options) {
    window.audioMade += 1;
    return new Real(...options);
  };
})();"""
"""Counts the AudioContexts a page makes."""


def seated_page(browser: Any, base: str, game: str, **options: Any) -> Any:  # noqa: F811
    """Ann's page at a started table of two, her seat and a bot's taken without a click of hers
    (through the API; her token put in her browser as the page keeps it)."""
    made = httpx.post(
        f"{base}/api/rooms", json={"game": game, "players": 2, "options": options}
    ).json()
    room, creator = made["id"], made["creator"]
    token = httpx.post(f"{base}/api/rooms/{room}/seats/0", json={"name": "Ann"}).json()["token"]
    level = made["bot_levels"][0]
    httpx.post(f"{base}/api/rooms/{room}/seats/1/bot", json={"level": level, "token": creator})
    httpx.post(f"{base}/api/rooms/{room}/start", json={"token": creator}).raise_for_status()
    page = page_of(browser, "en-GB", PHONE)
    page.add_init_script(
        f"localStorage.setItem('igroteka.room.{room}', JSON.stringify({{0: {json.dumps(token)}}}));"
    )
    page.add_init_script(COUNT_AUDIO)
    page.goto(f"{base}/r/{room}")
    return page


def test_the_turns_sound_waits_for_a_touch_and_an_update_leaves_the_people_bar_as_it_was(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """A page makes no sound (no AudioContext) before its person has touched it, her turn come or
    not; an update of the game draws the table again but not the people bar: its reaction
    buttons are the same elements, and reactions and the hand stay in sight on a phone."""
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.2, bot=0.05):
        ann = seated_page(browser, f"http://127.0.0.1:{port}", "klepka", pairs=4, syncopes=0)
        ann.wait_for_selector(".game[data-my-turn='yes'] .question button")  # been to London?
        assert ann.evaluate("window.audioMade") == 0  # her turn came: still silent, untouched
        ann.evaluate("document.querySelector('.people-bar .react').dataset.drawn = 'once'")
        seq = ann.get_attribute(".game", "data-seq")
        ann.click(".question button >> nth=1")  # a touch: sound is allowed from now on
        assert ann.evaluate("window.audioMade") == 1
        ann.wait_for_function("seq => document.querySelector('.game').dataset.seq !== seq", arg=seq)
        assert ann.get_attribute(".people-bar .react >> nth=0", "data-drawn") == "once"
        ann.click(".react:text-is('🎉')")
        ann.wait_for_selector(".reactions-seen .reaction[data-seat='0']:has-text('🎉')")
        assert ann.get_attribute(".people-bar .react >> nth=0", "data-drawn") == "once"
        ann.evaluate("window.scrollTo(0, 0)")  # as the page opens: the bar lies below the table
        in_sight = """() => [...document.querySelectorAll(
              '[data-area=hand], [data-area=hand] button')].every((e) => {
            const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; })"""
        assert ann.evaluate(in_sight), "the hand went out of sight"
        no_sideways_scroll(ann)
