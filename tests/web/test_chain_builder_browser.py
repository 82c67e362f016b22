"""The chain built by tapping (Klepka, issue 17): a family at one device taps its chains, each
link judged by the server as it is placed, at a laptop's size and at a phone's (Playwright)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from igroteka.games.klepka.chain import SYNCOPE, first_letter, last_letter
from igroteka.games.klepka.rules import best_chain
from igroteka.i18n import Text, translate
from tests.server.positions import played_until, store_rooms, token
from tests.server.support import free_port, running
from tests.web.test_browser import browser  # noqa: F401 (the fixture)

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
DECK = {
    "name": "Family",
    "lang": "uk",
    "pairs": [
        [word, picture]
        for word, picture in [
            ("кіт", "🐈"), ("тигр", "🐅"), ("риба", "🐟"), ("ананас", "🍍"), ("сова", "🦉"),
            ("апельсин", "🍊"), ("ніс", "👃"), ("слон", "🐘"), ("нора", "🕳"), ("миша", "🐁"),
        ]
    ],
}  # fmt: skip
OPTIONS = {"deck": DECK, "pairs": 10, "syncopes": 2, "chain": "manual", "starter": 0}


def family_at_the_chains() -> Any:
    """A game of two at one device, played by bots to the chains, where Ann (seat 0) holds a
    Syncope and two words that do not chain."""
    for seed in range(1, 200):
        match = played_until("klepka", OPTIONS, 2, seed, lambda m: m.game.phase(m.state) == "chain")
        held = match.view(0)["collections"][0]
        if (
            held["syncopes"]
            and broken_pair(held["words"])
            and match.view(1)["collections"][1]["words"]
        ):
            return match
    raise AssertionError("no seed gives Ann a Syncope and two words that do not chain")


def broken_pair(words: list[str]) -> tuple[str, str] | None:
    for one in words:
        for other in words:
            if one != other and last_letter(one) != first_letter(other):
                return one, other
    return None


def tap(page: Any, links: list[str]) -> None:
    for link in links:
        if link == SYNCOPE:
            page.click(".chain-syncope:not([disabled])")
        else:
            page.click(f".chain-word[data-word='{link}']:not([disabled])")


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("size", SIZES)
def test_a_family_taps_its_chains_a_broken_link_says_why_beside_it_and_a_syncope_is_placed(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    size: str,
) -> None:
    match = family_at_the_chains()
    anns, bobs = (match.view(s)["collections"][s] for s in (0, 1))
    db, port = tmp_path / "games.db", free_port()
    store_rooms(f"sqlite:///{db}", match, ["family"])
    width, height = SIZES[size]
    with running(db, port):
        page = browser.new_context(
            locale="uk-UA", viewport={"width": width, "height": height}
        ).new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        both = json.dumps({"0": token(0), "1": token(1)})
        page.evaluate("kept => localStorage.setItem('igroteka.room.family', kept)", both)
        page.goto(f"http://127.0.0.1:{port}/r/family")
        page.wait_for_selector(".chain-builder")
        assert not page.query_selector(".chain-input")  # no box to type in: the cards are tapped

        # a link that breaks the chain is marked, and its reason stands beside it
        one, other = broken_pair(anns["words"]) or ("", "")
        tap(page, [one])
        page.wait_for_selector(".chain-link[data-link='0'][data-state='ok']")
        tap(page, [other])
        broken = ".chain-link[data-link='1'][data-state='broken'] .link-reason"
        page.wait_for_selector(broken)
        reason = page.locator(broken)  # found afresh: a redrawn table detaches a handle
        said = Text(
            "‘{previous}’ ends with {end}, ‘{word}’ starts with {start}",
            previous=one, end=last_letter(one), word=other, start=first_letter(other),
        )  # fmt: skip
        assert reason.inner_text() == translate(said, "uk")
        assert reason.is_visible()
        assert not page.is_visible("#toast.shown")  # said beside the link, not in a toast
        assert page.is_disabled(".chain-submit") and page.is_disabled(".chain-word >> nth=0")
        assert no_sideways_scroll(page)

        # undo takes the broken link back; the Syncope button places a Syncope after a word
        page.click(".chain-undo")
        page.wait_for_selector(".chain-link[data-link='1']", state="detached")
        left = anns["syncopes"]
        assert page.inner_text(".chain-syncope").endswith(f"×{left}")
        page.click(".chain-syncope")
        page.wait_for_selector(".chain-link.is-syncope[data-link='1']")
        assert page.inner_text(".chain-syncope").endswith(f"×{left - 1}")
        assert page.is_disabled(".chain-submit")  # a chain may not end with a Syncope
        page.click(".chain-clear")
        page.wait_for_selector(".chain-empty")

        # Ann taps the best chain her cards make, then hands the device to Bob, who taps his
        rules = match.state.options.chain_rules
        for seat, held in ((0, anns), (1, bobs)):
            if seat == 1:
                page.click(".pass-device button.primary")
                page.wait_for_selector(".chain-builder")
            best = best_chain(held["words"], held["syncopes"], rules)
            tap(page, list(best.links))
            page.click(".chain-submit:not([disabled])")
            if seat == 0:
                page.wait_for_selector(".pass-device")
        results = page.wait_for_selector(".results").inner_text()
        for held in (anns, bobs):
            best = best_chain(held["words"], held["syncopes"], rules)
            assert " → ".join("✦" if w == SYNCOPE else w for w in best.links) in results
        assert no_sideways_scroll(page)
