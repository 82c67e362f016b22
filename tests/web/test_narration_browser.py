"""The table explains itself in the browser: the banner says whose turn it is by name (in
hot-seat, and on two pages), whom the chains wait for, the log narrates each flip, a rule is
explained once, and the replay tells its steps in sentences and plays itself (Playwright)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.server.support import free_port, running
from tests.web.test_browser import browser  # noqa: F401 (the fixture)

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def port(tmp_path: Any) -> Iterator[int]:
    chosen = free_port()
    with running(tmp_path / "games.db", chosen, reveal=0.3, bot=0.05, chosen_seeds=True):
        yield chosen


def klepka_room(
    port: int, names: list[str], bots: int = 0, timer: int | None = None, **options: Any
) -> tuple[str, dict[int, str]]:
    """A started Klepka room made through the API (seed 5): people in seats 0, 1…, then bots."""
    base = f"http://127.0.0.1:{port}"
    asked = {
        "game": "klepka",
        "players": len(names) + bots,
        "seed": 5,
        "options": options,
        "turn_timer": timer,
    }
    created = httpx.post(f"{base}/api/rooms", json=asked)
    assert created.status_code == 201, created.text
    room, creator = created.json()["id"], created.json()["creator"]
    held = {}
    for seat, name in enumerate(names):
        held[seat] = httpx.post(
            f"{base}/api/rooms/{room}/seats/{seat}", json={"name": name}
        ).json()["token"]
    for seat in range(len(names), len(names) + bots):
        bot = {"level": "easy", "token": creator}
        assert httpx.post(f"{base}/api/rooms/{room}/seats/{seat}/bot", json=bot).status_code == 200
    assert httpx.post(f"{base}/api/rooms/{room}/start", json={"token": creator}).status_code == 200
    return room, held


def page_of(
    browser: Any,  # noqa: F811
    port: int,
    room: str,
    held: dict[int, str],
    locale: str,
    viewport: Any,
) -> Any:
    page = browser.new_context(locale=locale, viewport=viewport).new_page()
    base = f"http://127.0.0.1:{port}"
    page.goto(base + "/")
    tokens = {str(seat): token for seat, token in held.items()}
    page.evaluate(
        "([key, held]) => localStorage.setItem(key, JSON.stringify(held))",
        [f"igroteka.room.{room}", tokens],
    )
    page.goto(f"{base}/r/{room}")
    page.wait_for_selector(".banner .banner-headline")
    return page


def headline(page: Any) -> str:
    return str(page.inner_text(".banner .banner-headline"))


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_two_pages_say_whose_turn_by_name_and_narrate_a_flip(
    browser: Any,  # noqa: F811
    port: int,
    viewport: Any,
) -> None:
    room, held = klepka_room(port, ["Олена", "Bob"], pairs=4, starter=0)
    ann = page_of(browser, port, room, {0: held[0]}, "uk-UA", viewport)
    bob = page_of(browser, port, room, {1: held[1]}, "en-GB", viewport)
    assert headline(ann) == "Олена Ваш хід"  # the name chip in her colour, then the headline
    # a headline that names her has her colour's dot beside it, not her name once more
    assert headline(bob) == "Олена’s turn: Олена flips a card"
    assert bob.query_selector(".banner .name-dot") is not None
    assert ann.get_attribute(".banner", "role") == "status"
    assert ann.get_attribute(".banner", "aria-live") == "polite"
    colour = ann.evaluate(
        "getComputedStyle(document.querySelector('.banner .name-chip')).backgroundColor"
    )
    assert colour == "rgb(0, 114, 178)"  # seat 1's colour (people.js)
    ann.click(".card.back[data-position='0']")
    bob.wait_for_selector(".move-log li:has-text('Олена flipped card 1')")
    ann.wait_for_selector(".move-log li:has-text('Олена відкриває картку 1')")
    assert "Олена is looking for" in headline(bob) or "Syncope" in headline(bob)
    for page in (ann, bob):
        no_sideways_scroll(page)
        box = page.locator(".move-log-lines").first.bounding_box()  # found afresh
        assert box is not None and box["height"] <= 9 * 16 + 20  # a small panel that scrolls


def test_in_hot_seat_the_banner_names_who_holds_the_device(
    browser: Any,  # noqa: F811
    port: int,
) -> None:
    room, held = klepka_room(port, ["Аня", "Боря"], pairs=4, starter=1, syncopes=0)
    page = page_of(browser, port, room, held, "ru-RU", PHONE)
    assert page.inner_text(".banner .banner-holder") == "Устройство в руках: Боря"
    assert headline(page) == "Боря Ваш ход"
    no_sideways_scroll(page)


def test_a_turn_timer_counts_down_in_the_banner_every_second(
    browser: Any,  # noqa: F811
    port: int,
) -> None:
    room, held = klepka_room(port, ["Ann", "Bob"], timer=60, pairs=4, starter=0)
    page = page_of(browser, port, room, {1: held[1]}, "en-GB", PHONE)
    clock = page.wait_for_selector(".banner .countdown")
    assert clock is not None
    left_then, shown = clock.evaluate("node => [node.dataset.left, node.textContent]")
    first = int(left_then)
    assert 50 <= first <= 60  # a minute, less the time the page took to load
    assert shown == f"⏱ {first // 60}:{first % 60:02d}"
    left = "(first) => Number(document.querySelector('.banner .countdown').dataset.left) < first"
    page.wait_for_function(left, arg=first)
    assert clock.evaluate("node => node.isConnected")  # the same element ticks: no redraw


def flip_until_the_table_is_empty(pages: list[Any]) -> None:
    """Whoever's turn it is turns up the first face-down card it may, until none is left."""
    for _ in range(60):
        for page in pages:
            if page.get_attribute(".game", "data-phase") in ("chain", "over"):
                return
            if page.get_attribute(".game", "data-my-turn") == "yes":
                card = page.query_selector(".card.back:not([disabled])")
                if card:
                    with contextlib.suppress(PlaywrightError):
                        card.click(timeout=1_000)
        pages[0].wait_for_timeout(400)
    raise AssertionError("the table was never cleared")


def test_the_chain_phase_says_whom_it_waits_for_and_a_rule_is_explained_once(
    browser: Any,  # noqa: F811
    port: int,
) -> None:
    """One pair and a Syncope: the Syncope is explained the first time it is taken; then the
    chain of whoever has a word is waited for, by name, and is nobody's turn."""
    room, held = klepka_room(port, ["Ann", "Bob"], pairs=1, syncopes=1, starter=0)
    ann = page_of(browser, port, room, {0: held[0]}, "en-GB", LAPTOP)
    bob = page_of(browser, port, room, {1: held[1]}, "en-GB", LAPTOP)
    flip_until_the_table_is_empty([ann, bob])
    for page in (ann, bob):
        page.wait_for_selector(".game[data-phase='chain']")
        moment = page.wait_for_selector(".moment[data-rule='syncope']")
        assert moment is not None and moment.inner_text().startswith("New rule: The Syncope")
    building, waiting = (
        (ann, bob) if ann.get_attribute(".game", "data-my-turn") == "yes" else (bob, ann)
    )
    name = "Ann" if building is ann else "Bob"
    assert headline(waiting) == f"Waiting for {name} to build their chains"
    assert "turn" not in waiting.inner_text(".banner")
    assert waiting.inner_text(".banner-waiting") == f"Waiting for {name}"
    assert headline(building) == "The table is empty: build the longest chain of your words"
    waiting.click(".moment .dismiss")
    assert waiting.query_selector(".moment") is None
    waiting.reload()
    waiting.wait_for_selector(".banner .banner-headline")
    assert waiting.query_selector(".moment[data-rule='syncope']") is None  # once per browser


def test_the_replay_tells_its_steps_in_sentences_and_plays_itself(
    browser: Any,  # noqa: F811
    port: int,
) -> None:
    room, _ = klepka_room(port, [], bots=2, pairs=2, syncopes=0, starter=1, chain="auto")
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        if httpx.get(f"{base}/api/rooms/{room}").json()["finished"]:
            break
        time.sleep(0.2)
    else:
        raise AssertionError("the bot never finished the game")
    page = browser.new_context(locale="uk-UA", viewport=PHONE).new_page()
    page.goto(f"{base}/r/{room}/replay")
    page.wait_for_selector(".replay[data-step='0']")
    page.click(".replay .next")
    page.wait_for_selector(".replay[data-step='1']")
    assert page.inner_text(".replay-log").startswith("Бот (легкий) відкриває картку ")
    assert "flip" not in page.inner_text(".replay-log")  # no code names of events
    page.click(".replay .play")
    page.wait_for_selector(".replay[data-step='2']", timeout=4_000)
    page.wait_for_selector(".replay[data-step='3']", timeout=4_000)
    page.click(".replay .play")  # pause
    step = page.get_attribute(".replay", "data-step")
    page.wait_for_timeout(2_000)
    assert page.get_attribute(".replay", "data-step") == step
    no_sideways_scroll(page)
