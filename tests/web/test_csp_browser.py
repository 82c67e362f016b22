"""The client under its Content-Security-Policy: a little of each game's page is played in
Chromium, and the browser reports no violation (no inline script, style or other source)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.server.support import free_port, running
from tests.web.test_browser import browser  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""
"""Every violation the page meets, kept where the test can read it."""

OPTIONS: dict[str, dict[str, Any]] = {
    "klepka": {"pairs": 4},
    "letters": {"pairs": 10},
    "crossword": {},
    "associations": {},
}


def violations(page: Any, console: list[str]) -> list[str]:
    reported = page.evaluate("window.__violations")
    return [*reported, *(line for line in console if "Content Security Policy" in line)]


def play_a_little(page: Any) -> None:
    """Click a few of what the game offers, as a curious person would."""
    for _ in range(6):
        with contextlib.suppress(PlaywrightError):
            page.click(".game button:not([disabled]) >> nth=0", timeout=1_500)
        page.wait_for_timeout(200)


def test_every_games_page_runs_under_its_policy_with_no_violation(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.1):
        policy = httpx.get(base + "/").headers["content-security-policy"]
        assert "unsafe-inline" not in policy
        for game, options in OPTIONS.items():
            context = browser.new_context(locale="en-GB")
            context.add_init_script(WATCH)
            page = context.new_page()
            console: list[str] = []
            page.on("console", lambda message, seen=console: seen.append(message.text))
            page.goto(base + "/")
            page.wait_for_selector("#new-game")
            page.click(f".game-card[data-game={game}]")
            page.fill("#players", "2")
            for key, value in options.items():
                page.fill(f"#option-{key}", str(value))
            page.click("#new-game button[type=submit]")
            page.wait_for_selector(".seats")
            page.fill(".seat-open input >> nth=0", "Ann")
            page.click(".seat-open .seat-actions button >> nth=0")
            page.wait_for_selector("text=Ann (you)")
            page.click(".seat-open .seat-actions button >> nth=1")
            page.wait_for_selector("button.primary:not([disabled])")
            page.click("button.primary")
            page.wait_for_selector(".game")
            play_a_little(page)
            found = violations(page, console)
            assert found == [], (game, json.dumps(found, ensure_ascii=False)[:2000])
            context.close()
