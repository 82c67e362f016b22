"""The table by keyboard and screen reader (Playwright): a turn played without a mouse, focus
and half-typed words that survive another seat's update, and the labels a screen reader reads.

Positions are played offline by easy bots (chosen seeds) and stored as rooms whose every seat is
a person's; the page holds seat 0, another seat acts through its own websocket.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from igroteka.engine import Match
from tests.server.positions import (
    action,
    chaos_in_my_turn,
    letters_with_prizes,
    played_until,
    store_rooms,
    token,
)
from tests.server.support import join, live
from tests.web.test_browser import browser  # noqa: F401 (the fixture)
from tests.web.test_layout_browser import STILL

pytestmark = pytest.mark.browser


def klepka_to_flip() -> Match[Any, Any]:
    """Klepka for two, seat 0 about to turn up the first card of a turn (no card up)."""
    return played_until(
        "klepka",
        {"pairs": 8},
        2,
        5,
        lambda m: m.game.phase(m.state) == "first" and m.game.awaited(m.state) == {0},
    )


def letters_to_compose() -> Match[Any, Any]:
    """Klepka letters for three, seat 0 composing, seat 1 holding a Chaos it may play."""
    return letters_with_prizes(
        lambda game, state: game.phase(state) == "compose" and chaos_in_my_turn(game, state)
    )


def letters_revealed() -> Match[Any, Any]:
    """Klepka letters for two: cards face up on the table, and letters in seat 0's hand."""
    return played_until(
        "letters",
        {"pairs": 10, "starter": 0},
        2,
        5,
        lambda m: m.game.phase(m.state) == "reveal" and any(m.view(0)["hands"][0]),
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """A server whose rooms stand still (no reveal ends, no stand-in) and the matches it holds,
    by room id (a room is read from the store when the server starts)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('keys') / 'games.db'}"
    matches = {"keys": klepka_to_flip(), "news": klepka_to_flip()}
    matches |= {"typing": letters_to_compose(), "labels": letters_revealed()}
    for room, match in matches.items():
        store_rooms(url, match, [room])
    with live(STILL, url) as (base, _):
        yield base, matches


def holding_seat_0(browser: Any, base: str, room: str) -> Any:  # noqa: F811
    page = browser.new_context(locale="en-GB").new_page()
    page.goto(base + "/")
    page.evaluate(
        f"k => localStorage.setItem('igroteka.room.{room}', k)", json.dumps({"0": token(0)})
    )
    page.goto(f"{base}/r/{room}")
    page.wait_for_selector(".game [data-area='table']")
    return page


def focused(page: Any, attribute: str = "data-position") -> str | None:
    value: str | None = page.evaluate(f"document.activeElement.getAttribute('{attribute}')")
    return value


def seq(page: Any) -> int:
    return int(page.get_attribute(".game", "data-seq"))


@contextlib.contextmanager
def arrive(base: str, room: str, seat: int) -> Iterator[Any]:
    """Another seat's person opens the room, while the block lasts: the page of seat 0 hears
    of it (a redraw)."""
    with connect(base.replace("http", "ws") + f"/ws/{room}") as socket:
        join(socket, token(seat))
        json.loads(socket.recv(timeout=10))
        yield socket


def test_a_klepka_turn_is_played_by_keyboard_alone(
    browser: Any,  # noqa: F811
    server: tuple[str, dict[str, Any]],
) -> None:
    """Tab reaches the table in one stop; the arrows move between cards by rows and columns;
    a card's number jumps to it; Enter turns it up and the focus stays on it."""
    base, matches = server
    match = matches["keys"]
    page = holding_seat_0(browser, base, "keys")
    columns = int(
        page.evaluate(
            "getComputedStyle(document.querySelector('.table')).getPropertyValue('--columns')"
        )
    )
    down = [p for p, cell in enumerate(match.view(0)["table"]) if cell == "down"]
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('card')"):
            break
    else:
        raise AssertionError("Tab never reached the table's cards")
    assert focused(page) == str(down[0])  # the first card that can be turned up
    page.keyboard.press("ArrowRight")
    assert focused(page) == str(down[1])
    page.keyboard.press("ArrowDown")
    assert focused(page) == str(next(p for p in down[2:] if (p - down[1]) % columns == 0))
    page.keyboard.press("Home")
    assert focused(page) == str(down[0])
    target = down[-1]  # a number of two digits, typed
    page.keyboard.type(str(target + 1))
    assert focused(page) == str(target)
    before = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f".game[data-seq='{before + 1}'] .card.up[data-position='{target}']")
    assert focused(page) == str(target), "the focus stays on the card turned up"
    page.keyboard.press("Home")
    assert focused(page) == str(down[0])
    page.keyboard.press("Enter")
    page.wait_for_selector(f".game[data-seq='{before + 2}']")
    assert page.evaluate("!!document.activeElement.closest('.table')"), "focus left the table"


def test_the_focus_stays_on_its_card_when_another_seats_news_redraws_the_table(
    browser: Any,  # noqa: F811
    server: tuple[str, dict[str, Any]],
) -> None:
    base, matches = server
    down = [p for p, cell in enumerate(matches["news"].view(0)["table"]) if cell == "down"]
    page = holding_seat_0(browser, base, "news")
    page.focus(f".card.back[data-position='{down[2]}']")
    page.keyboard.press("ArrowRight")
    assert focused(page) == str(down[3])
    with arrive(base, "news", 1):  # Bob comes: his name loses its 💤 on Ann's page
        page.wait_for_function(
            "() => !document.querySelector('.collections').textContent.includes('💤')"
        )
        assert focused(page) == str(down[3])
        page.keyboard.press("ArrowRight")
        assert focused(page) == str(down[4])


def test_a_half_typed_word_survives_another_players_chaos(
    browser: Any,  # noqa: F811
    server: tuple[str, dict[str, Any]],
) -> None:
    """Ann is typing a word to compose when Bob plays Chaos: the table is shuffled on her page,
    and what she typed, and her caret, stay."""
    base, matches = server
    match = matches["typing"]
    page = holding_seat_0(browser, base, "typing")
    page.fill(".compose-input", "кот во")
    page.press(".compose-input", "ArrowLeft")
    before = seq(page)
    with connect(base.replace("http", "ws") + "/ws/typing") as bob:
        join(bob, token(1))
        bob.send(json.dumps(action({"type": "chaos"}, len(match.log), "chaos")))
        while json.loads(bob.recv(timeout=10))["type"] != "ack":
            pass
    page.wait_for_selector(f".game[data-seq='{before + 1}']")
    assert page.input_value(".compose-input") == "кот во"
    assert page.evaluate("document.activeElement.className") == "compose-input"
    assert page.evaluate("document.activeElement.selectionStart") == len("кот в")


def test_every_card_hand_and_the_banner_have_labels_a_screen_reader_reads(
    browser: Any,  # noqa: F811
    server: tuple[str, dict[str, Any]],
) -> None:
    base, matches = server
    match = matches["labels"]
    page = holding_seat_0(browser, base, "labels")
    view = match.view(0)
    table = page.get_by_role("group", name=f"The table: {len(view['table'])} cards")
    assert table.count() == 1
    down = [p for p, cell in enumerate(view["table"]) if cell == "down"]
    card = page.get_by_role("button", name=f"card {down[0] + 1}, face down", exact=True)
    assert card.count() == 1
    for position, face in view["faces"].items():
        if face["kind"] == "letter":
            letter, points, colour = face["letter"].upper(), face["points"], face["colour"]
            name = f"card {int(position) + 1}: {letter}, worth {points}, {colour}"
            assert page.get_by_role("img", name=name, exact=True).count() == 1, name
    hand = page.get_by_role("group", name="Your cards", exact=True)
    labels = [button.get_attribute("aria-label") for button in hand.get_by_role("button").all()]
    assert len(labels) == len(view["hands"][0])
    assert all(
        re.fullmatch(r"\w, worth \d+, (blue|yellow|red|green)|\w+", label or "") for label in labels
    )
    assert page.get_by_role("group", name=re.compile(r"^Bob\b.*'s cards$")).count() == 1
    banner = page.get_by_role("status").filter(has_text=re.compile("turn|waiting|Game", re.I))
    assert banner.first.get_attribute("aria-live") == "polite"
    assert "Arrows move between the cards" in page.inner_text("#table-keys")
