"""A browser tab that fell too far behind its room reconnects by itself to the view of now."""

from __future__ import annotations

import threading
from typing import Any

import httpx

from igroteka.server.limits import BEHIND
from tests.server.support import live, room_connections
from tests.web.test_browser import browser  # noqa: F401 (the fixture)


def on_the_server(app: Any, call: Any) -> None:
    """Run ``call`` in the server's event loop, and wait until it has run."""
    done = threading.Event()

    def run() -> None:
        try:
            call()
        finally:
            done.set()

    app.state.loop.call_soon_threadsafe(run)
    assert done.wait(10)


def test_a_tab_closed_for_falling_behind_reconnects_and_shows_what_it_missed(
    browser: Any,  # noqa: F811
) -> None:
    with live() as (url, app):
        made = httpx.post(f"{url}/api/rooms", json={"game": "klepka", "players": 2}).json()
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(f"{url}/r/{made['id']}")
        page.wait_for_selector(".seat-open")
        room = app.state.rooms.get(made["id"])
        (watching,) = room_connections(room)

        def behind_then_a_seat_taken() -> None:
            watching.close(BEHIND)  # its queue is full: it hears nothing more
            room.take_seat(0, "Zed")  # ...so only a new connection can tell of this

        page.evaluate(WATCH_OFFLINE)
        on_the_server(app, behind_then_a_seat_taken)
        page.wait_for_selector("text=Zed", timeout=20_000)
        assert watching not in room.connections and len(room.connections) == 1
        assert page.evaluate("window.wentOffline") is False  # at once, not as a lost server


WATCH_OFFLINE = """
window.wentOffline = false;
new MutationObserver(() => {
  if (document.body.classList.contains("offline")) window.wentOffline = true;
}).observe(document.body, { attributes: true });
"""
