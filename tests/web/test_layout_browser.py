"""Layouts that fit: every phase of every game at 1280×800 and on a phone of 390×844 (Playwright).

Each game is played offline by easy bots up to the first moment of each phase (chosen seeds,
so every run sees the same tables), written into a store as a room, and opened by a page that
holds the seat the game waits for. The page is measured as a person would notice it: nothing
scrolls sideways, the table, the player's own cards and the controls they need are in sight
without scrolling, and no word on a card is broken across lines or spills out of its card.
At the end, the results are in sight whole: every player's row (three players' too) and the
buttons to play again. While a game is played its last moves are in sight, beside or under the
table and above the reactions and the settings; the association game's whole hand to choose
from is in sight with cards large enough to tap; on a phone the crossword's board is seen
through a lens of readable cells.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import sync_playwright

from igroteka.games.associations.rules import HAND as DEALT
from igroteka.server import Settings
from tests.server.positions import phase_rooms, played_until, store_rooms, token
from tests.server.support import ROOMY, live
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
}
GAMES: dict[str, tuple[int, int, dict[str, Any], list[str]]] = {
    "klepka": (
        2,
        5,
        {"chain": "manual"},
        ["london", "first", "second", "search", "reveal", "chain", "over"],
    ),
    "letters": (2, 5, {}, ["compose", "flip", "reveal", "again", "over"]),
    "crossword": (2, 5, {}, ["play", "over"]),
    "associations": (3, 5, {}, ["tell", "lay", "vote", "over"]),
}
"""Each game: players, seed, options (the defaults, so Klepka letters has its whole table, 134
cards; a Klepka chain built by hand, so that the chain phase exists) and the phases measured."""
PHASES = [(game, phase) for game, (*_, phases) in GAMES.items() for phase in phases]


STILL = Settings(reveal=3600.0, bot=0.05, away=3600.0, limits=ROOMY)
"""A server whose rooms stand still while they are measured: revealed cards stay up, and no
bot stands in for a seat its page has just left."""


THREE = "klepka-three-over"
"""A room of Klepka played to its end by three: the results have a third row to show."""


def positions(url: str) -> dict[str, int]:
    """Every game's rooms (``<game>-<phase>``, and ``THREE``) and the seat each room's page
    holds."""
    shown: dict[str, int] = {}
    for game, (players, seed, options, phases) in GAMES.items():
        shown.update(phase_rooms(url, game, players, seed, options, phases))
    _, seed, options, _ = GAMES["klepka"]
    ended = played_until("klepka", options, 3, seed, lambda match: match.outcome() is not None)
    store_rooms(url, ended, [THREE])
    shown[THREE] = 0
    return shown


LOCALES = {"en": "en-GB", "uk": "uk-UA", "ru": "ru-RU"}
LANGS = list(LOCALES)
"""The page's language of each measured position, in turn: every game is seen in all three
(Ukrainian and Russian words are longer than English ones)."""
SCRIPT = {
    "en": "[A-Za-z]",
    "uk": "[а-щьюяєіїґ]",
    "ru": "[а-яё]",
}
FOREIGN = {"en": "(?!)", "uk": "[ыэёъ]", "ru": "[єіїґ]"}
"""A page in a language: its banner (or its results) has that language's letters, and a
Ukrainian or Russian page's banner none of the other's; an English one may quote a Ukrainian
word, and the results show the game's own words."""


class Site:
    """The server with every position, and a page of each size and language."""

    def __init__(self, base: str, seats: dict[str, int], browser: Any) -> None:
        self.base = base
        self.seats = seats
        self.browser = browser
        self.pages: dict[str, Any] = {}

    def page(self, size: str, lang: str = "en") -> Any:
        """The page of ``size`` whose browser speaks ``lang`` (made the first time)."""
        key = size if lang == "en" else f"{size}-{lang}"
        if key not in self.pages:
            context = self.browser.new_context(locale=LOCALES[lang], **SIZES[size])
            self.pages[key] = context.new_page()
        return self.pages[key]

    def open(self, size: str, room: str, lang: str = "en") -> Any:
        """The page of ``size`` in ``lang`` at ``room``, holding the seat its game waits for."""
        page = self.page(size, lang)
        page.goto(self.base + "/")
        kept = json.dumps({str(self.seats[room]): token(self.seats[room])})
        page.evaluate(f"kept => localStorage.setItem('igroteka.room.{room}', kept)", kept)
        page.goto(f"{self.base}/r/{room}")
        return page


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    url = f"sqlite:///{tmp_path_factory.mktemp('layout') / 'games.db'}"
    seats = positions(url)
    with live(STILL, url) as (base, _), sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=60_000)
        yield Site(base, seats, browser)
        browser.close()


MEASURE = """(over) => {
  const inside = (element) => {
    const box = element.getBoundingClientRect();
    return box.top >= -1 && box.left >= -1
      && box.bottom <= innerHeight + 1 && box.right <= innerWidth + 1;
  };
  const name = (element) => element.dataset.area || element.getAttribute("aria-label")
    || element.className || element.textContent.trim().slice(0, 30);
  const out = [];
  // at the end, the results are what matters: their heading is in sight
  const areas = over ? "[data-area=results] h2" : "[data-area]";
  for (const area of document.querySelectorAll(areas)) if (!inside(area)) out.push(name(area));
  const controls = ["button:not([disabled])", "input", "select"]
    .map((control) => `${areas} ${control}`).join(", ");
  for (const control of over ? [] : document.querySelectorAll(controls))
    if (control.offsetParent !== null && !control.closest("[data-scrolls]") && !inside(control))
      out.push(name(control));
  return {wide: document.documentElement.scrollWidth - innerWidth, out, scrolled: scrollY,
    areas: [...document.querySelectorAll("[data-area]")].map((area) => area.dataset.area)};
}"""
"""What of the page lies out of sight: sideways scroll, and each area or enabled control of an
area that is not inside the viewport (a hand's strip that scrolls by itself is one box); at the
end of a game, the results' heading."""

BROKEN = """() => {
  const broken = [];
  for (const card of document.querySelectorAll(".card, .chip, .as-card, .cw-tile")) {
    const box = card.getBoundingClientRect();
    // the words of the card (a picture's drawing, an SVG, has none)
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT,
      (node) => node.parentElement.closest("svg") ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/gu)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.bottom)));
        const spills = rects.some((rect) => rect.left < box.left - 1 || rect.right > box.right + 1);
        if (lines.size > 1 || spills) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""
"""Each word on a card that is drawn on more than one line, or spills out of its card."""


MEASURED = [(game, phase, size, lang) for game, phase in PHASES for size in SIZES for lang in LANGS]
"""Every phase of every game, at both sizes, in each of the three languages."""

TOLD = """() => {
  const cards = [...document.querySelectorAll(".card, .cw-cell, .as-card")];
  return {
    guide: !!document.querySelector(".guide-open"),
    log: [...document.querySelectorAll(".move-log li")].map((line) => line.textContent),
    reactions: document.querySelectorAll(".people-bar .reactions button").length,
    notice: !!document.querySelector(".people-bar .turn-notice"),
    live: document.querySelector(".banner")?.getAttribute("aria-live") ?? null,
    unlabelled: cards.filter((card) => !card.getAttribute("aria-label")
      && !card.closest("[aria-label]")).length,
  };
}"""
"""What the page offers beside the table: How to play, the narrated log, the reactions and
the turn's notice of a seated player, the banner as a live region, and labels on the cards."""


@pytest.mark.parametrize(("game", "phase", "size", "lang"), MEASURED)
def test_the_table_own_cards_and_controls_are_in_sight_and_no_word_breaks(
    site: Site, game: str, phase: str, size: str, lang: str
) -> None:
    page = site.open(size, f"{game}-{phase}", lang)
    page.wait_for_selector(f".game[data-phase='{phase}'] [data-area]")
    page.wait_for_timeout(400)  # the cards' flip animations end
    measured = page.evaluate(MEASURE, phase == "over")
    assert measured["wide"] <= 0, f"the page scrolls {measured['wide']} px sideways"
    assert measured["scrolled"] == 0
    assert measured["out"] == [], f"out of sight: {measured['out']}"
    # Klepka's chain phase comes once the table is empty: the table is not drawn
    expected = (
        {"results"} if phase == "over" else {"hand"} if phase == "chain" else {"table", "hand"}
    )
    assert expected <= set(measured["areas"])
    assert page.evaluate(BROKEN) == [], "words broken across lines or out of their cards"
    said = page.inner_text(".banner") if phase != "over" else page.inner_text("[data-area=results]")
    assert re.search(SCRIPT[lang], said, re.IGNORECASE), f"not in {lang}: {said}"
    if phase != "over":  # the results show the game's own words (a Russian crossword's tiles)
        assert not re.search(FOREIGN[lang], said, re.IGNORECASE), f"not in {lang}: {said}"
    told = page.evaluate(TOLD)
    assert told["guide"], "no How to play at the table"
    assert told["log"] and all(re.search(SCRIPT[lang], line, re.I) for line in told["log"][:3])
    assert told["reactions"] >= 3 and told["notice"], "no reactions or turn notice for a player"
    assert told["live"] == "polite" and told["unlabelled"] == 0


def no_sideways_scroll(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - innerWidth"))


def test_the_lobby_with_each_games_options_does_not_scroll_sideways_on_a_phone(
    site: Site,
) -> None:
    page = site.page("phone")
    page.goto(site.base + "/")
    page.wait_for_selector("#new-game")
    for game in GAMES:
        page.click(f".game-card[data-game={game}]")
        for summary in page.query_selector_all("#new-game details:not([open]) summary"):
            summary.click()
        assert no_sideways_scroll(page) <= 0, game
        for select in page.query_selector_all("#new-game select"):
            box = select.bounding_box()
            assert box is not None and box["x"] + box["width"] <= 390, game


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rooms_seats_and_a_replay_do_not_scroll_sideways_on_a_phone(
    site: Site, game: str
) -> None:
    players = GAMES[game][0]
    made = httpx.post(f"{site.base}/api/rooms", json={"game": game, "players": players})
    page = site.page("phone")
    page.goto(f"{site.base}/r/{made.json()['id']}")
    page.wait_for_selector(".seats")
    assert no_sideways_scroll(page) <= 0
    page.goto(f"{site.base}/r/{game}-over/replay")
    page.wait_for_selector(".replay[data-step='0']")
    page.click(".replay .next")
    page.wait_for_selector(".replay[data-step='1']")
    assert no_sideways_scroll(page) <= 0


RESULTS = """() => {
  const inside = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.top >= -1 && box.left >= -1
      && box.bottom <= innerHeight + 1 && box.right <= innerWidth + 1;
  };
  const rows = [...document.querySelectorAll("[data-area=results] tr")];
  const buttons = [...document.querySelectorAll(".after-game .play-again, .after-game .new-game")];
  return {rows: rows.length, out: [...rows, ...buttons].filter((e) => !inside(e))
    .map((e) => e.textContent.trim().slice(0, 40)), buttons: buttons.length, scrolled: scrollY};
}"""
"""The results' rows and the buttons to play again and to start a new game, and what of them
lies out of sight."""

ENDS = [THREE, "klepka-over", "letters-over", "crossword-over"]
"""The ends whose results come first on the page (the association game's come after the last
round turned over, which its page says)."""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("room", ENDS)
def test_the_results_every_row_and_play_again_are_in_sight_at_the_end(
    site: Site, room: str, size: str
) -> None:
    page = site.open(size, room)
    page.wait_for_selector(".game[data-over='yes'] [data-area=results] .play-again")
    page.wait_for_timeout(300)
    shown = page.evaluate(RESULTS)
    assert shown["rows"] == (3 if room == THREE else 2) and shown["buttons"] == 2
    assert shown["scrolled"] == 0 and shown["out"] == [], f"out of sight: {shown['out']}"


HAND = """() => {
  const cards = [...document.querySelectorAll("[data-area=hand] .as-card .as-face")];
  return cards.map((card) => {
    const box = card.getBoundingClientRect();
    return {left: box.left, top: box.top, width: box.width, height: box.height,
      inside: box.top >= -1 && box.left >= -1
        && box.bottom <= innerHeight + 1 && box.right <= innerWidth + 1};
  });
}"""
"""The cards of the association game's hand: their boxes and whether each is in sight."""
TAP = {"desktop": 110, "phone": 100}
"""The least width and height (CSS pixels) of a card of the hand to choose from: on a phone a
picture a thumb taps and an eye reads at arm's length (three cards a row fill the width); at
1280×800 one the pointer finds at a glance, its drawing read from a chair."""


def overlap(one: dict[str, float], other: dict[str, float]) -> bool:
    """Whether two cards' boxes share more than a pixel's edge (a tap could land on either)."""
    across = min(one["left"] + one["width"], other["left"] + other["width"])
    down = min(one["top"] + one["height"], other["top"] + other["height"])
    return across - max(one["left"], other["left"]) > 1 and down - max(one["top"], other["top"]) > 1


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("phase", ["tell", "lay"])
def test_the_whole_hand_to_choose_from_is_in_sight_and_easy_to_tap(
    site: Site, phase: str, size: str
) -> None:
    """All the cards the game deals a hand (the storyteller choosing a card to tell, a player
    laying one under the clue) are in sight without scrolling, none hides another, and each is
    at least ``TAP[size]`` wide and high."""
    page = site.open(size, f"associations-{phase}")
    page.wait_for_selector(f".game[data-phase='{phase}'] [data-area=hand] .as-pickable")
    page.wait_for_timeout(400)
    cards = page.evaluate(HAND)
    assert len(cards) == DEALT, f"{len(cards)} cards of a hand of {DEALT}"
    assert all(card["inside"] for card in cards), "a card of the hand is out of sight"
    least = min(min(card["width"], card["height"]) for card in cards)
    assert least >= TAP[size], [round(card["width"]) for card in cards]
    assert not any(overlap(a, b) for n, a in enumerate(cards) for b in cards[n + 1 :])
    assert page.evaluate("scrollY") == 0


PLACED = """() => {
  const log = document.querySelector(".game .move-log");
  const strip = log.querySelector(".move-log-lines").getBoundingClientRect();
  // how much of a line is in sight (0 to 1): inside the viewport and the strip it scrolls in
  const seen = (line) => {
    const box = line.getBoundingClientRect();
    const top = Math.max(box.top, strip.top, 0);
    const bottom = Math.min(box.bottom, strip.bottom, innerHeight);
    const left = Math.max(box.left, strip.left, 0);
    const right = Math.min(box.right, strip.right, innerWidth);
    return bottom > top && right > left ? (bottom - top) / box.height : 0;
  };
  // an element's box as seen: clipped by each ancestor that scrolls or hides what overflows it
  const place = (selector) => {
    const element = document.querySelector(selector);
    if (!element || element.offsetParent === null) return null;
    const at = element.getBoundingClientRect();
    const box = {top: at.top, bottom: at.bottom, left: at.left, right: at.right};
    for (let up = element.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflow === "visible") continue;
      const clip = up.getBoundingClientRect();
      box.top = Math.max(box.top, clip.top);
      box.bottom = Math.min(box.bottom, clip.bottom);
      box.left = Math.max(box.left, clip.left);
      box.right = Math.min(box.right, clip.right);
    }
    const follows = log.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING;
    return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
      after: Boolean(follows)};
  };
  return {
    last: [...log.querySelectorAll("li")].slice(-2).map(seen),
    log: place(".game .move-log"),
    table: place(".game [data-area=table]") ?? place(".game [data-area=hand]"),
    below: {
      reactions: place(".people-bar .reactions"),
      "turn notice": place(".people-bar .turn-notice-label"),
      "move seat": place(".people-bar .move-seat"),
    },
    scrolled: scrollY,
  };
}"""
"""Where the move log is: how much of its last two lines is in sight, its box, the table's box
(the hand's when the table is gone) and, for the reactions and each setting of the people's
bar, its box and whether it comes after the log in the page (each box as much of it as its
scrolling ancestors show)."""
PLAYING = [(game, phase) for game, phase in PHASES if phase != "over"]
"""Each game's phases of play: the positions measured above, the end left out."""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("game", "phase"), PLAYING)
def test_the_last_moves_are_in_sight_beside_or_under_the_table_not_under_the_settings(
    site: Site, game: str, phase: str, size: str
) -> None:
    """The move log sits where a player looks while playing: its latest line is wholly in sight
    (and the one before it at least in part) without scrolling the page; it is under the table
    (room.js puts it just under the renderer's body; the association game under its hand and
    controls), or in the crossword at 1280 beside the board (on a phone under it, above the
    rack); and it comes before the reactions, the turn notice and the button that moves a seat,
    in the page and on the screen, never under them."""
    page = site.open(size, f"{game}-{phase}")
    page.wait_for_selector(f".game[data-phase='{phase}'] .move-log li")
    page.wait_for_timeout(400)  # the cards' flip animations end
    placed = page.evaluate(PLACED)
    assert placed["scrolled"] == 0
    *before, last = placed["last"]
    assert last >= 0.99, f"the latest move is out of sight ({last:.0%} of it seen)"
    assert all(part > 0 for part in before), "the move before the latest is out of sight"
    log, table = placed["log"], placed["table"]
    under = log["top"] >= table["bottom"] - 1
    beside = log["left"] >= table["right"] - 1 and log["top"] < table["bottom"]
    if game == "crossword" and size == "desktop":
        assert beside, f"the log is not beside the board: {log} {table}"
    else:
        assert under, f"the log is not under the table: {log} {table}"
    for name, below in placed["below"].items():
        assert below is not None, f"no {name} for a seated player"
        assert below["after"], f"the log comes after the {name} in the page"
        assert log["bottom"] <= below["top"] + 1, f"the log is not above the {name}"


LENS = """() => {
  const view = document.querySelector("[data-area=table]");
  const box = view.getBoundingClientRect();
  const seen = [...view.querySelectorAll(".cw-cell")].filter((cell) => {
    const at = cell.getBoundingClientRect();
    return at.left >= box.left - 1 && at.right <= box.right + 1 && at.top >= box.top - 1
      && at.bottom <= box.bottom + 1;
  });
  const shown = [...view.querySelectorAll(".cw-prem small")].find((s) => s.offsetParent);
  return {
    zoomed: view.classList.contains("cw-zoomed"),
    cell: view.querySelector(".cw-cell").getBoundingClientRect().width,
    label: shown ? parseFloat(getComputedStyle(shown).fontSize) : 0,
    seen: seen.map((cell) => cell.dataset.cell),
    width: box.width,
  };
}"""
"""The crossword's board as a phone shows it: whether through the lens, the size of a cell and
of a premium cell's label, and the cells wholly in sight."""


def test_on_a_phone_the_crossword_board_is_read_through_a_lens_and_shown_whole_on_demand(
    site: Site,
) -> None:
    page = site.open("phone", "crossword-play")
    page.wait_for_selector(".game[data-phase='play'] .cw-zoomed .cw-cell")
    page.wait_for_timeout(300)
    lens = page.evaluate(LENS)
    assert lens["zoomed"] and lens["cell"] >= 36 and lens["label"] >= 9, lens
    assert "H8" in lens["seen"] and len(lens["seen"]) <= 100  # about nine cells across
    assert page.is_visible(".cw-dock .cw-rack") and page.is_visible(".cw-play")
    page.click(".cw-lens")  # the whole board
    page.wait_for_selector(".cw-view:not(.cw-zoomed)")
    whole = page.evaluate(LENS)
    assert len(whole["seen"]) == 225 and whole["width"] <= 390
    page.click(".cw-cell[data-cell='C3']")  # a tap on the whole board zooms in there
    page.wait_for_selector(".cw-zoomed")
    page.wait_for_timeout(100)
    again = page.evaluate(LENS)
    assert "C3" in again["seen"] and "O15" not in again["seen"]
    assert not page.query_selector(".cw-cursor")  # the tap only zoomed
    assert page.evaluate("scrollY") == 0 and no_sideways_scroll(page) <= 0
