"""The lobby is made from the games' declarations: a game registered only by this test is
offered with its own title, summary and option fields, and a room of it can be made."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn

from igroteka.games import register
from igroteka.server import Settings, create_app
from tests.games import tiny
from tests.server.support import free_port
from tests.web.test_browser import browser

__all__ = ["browser"]


@pytest.fixture
def takeaway_server() -> Iterator[str]:
    """A server in this process (so it knows the test's game), on a free port."""
    unregister = register(tiny.ENTRY)
    port = free_port()
    app = create_app("sqlite://", Settings(reveal=0.0, bot=0.0))
    served = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{base}/healthz").status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.05)
    yield base
    served.should_exit = True
    thread.join(timeout=10)
    unregister()


def test_the_lobby_offers_a_registered_game_with_its_declared_options(
    browser: Any, takeaway_server: str
) -> None:
    """The new game is in the lobby's list under its title in the page's language, with its
    summary, its number fields in their ranges, its house rule folded away, and a room made
    from the form has the options chosen."""
    page = browser.new_context(locale="ru-RU").new_page()
    page.goto(takeaway_server + "/")
    page.wait_for_selector("#new-game")
    assert "Take-away (ru)" in page.inner_text(".game-cards")
    page.click(f".game-card[data-game={tiny.NAME}]")
    assert page.inner_text("#game-summary") == tiny.DECLARATION.summary["ru"]
    stones = page.locator("#option-stones")
    assert (stones.get_attribute("min"), stones.get_attribute("max")) == ("5", "40")
    assert stones.input_value() == "15"
    assert "Stones in the pile (ru)" in page.inner_text("label[for=option-stones]")
    assert not page.is_visible("#option-misere")
    page.click(".house-rules summary")
    page.set_checked("#option-misere", True)
    page.fill("#option-stones", "21")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector(".seats")
    assert page.inner_text("h1") == "Take-away (ru)"  # the room is named by its declaration
    room = page.url.rsplit("/", 1)[1]
    options = httpx.get(f"{takeaway_server}/api/rooms/{room}").json()["options"]
    assert options == {"stones": 21, "take": 3, "starter": "random", "misere": True}
