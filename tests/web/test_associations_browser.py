"""The association game through the web client: people and bots at tables of four, three and
two (Playwright).

The server draws every seed: a test never assumes a hand, it reads the cards from the page and
checks them against the seat's view, read through a websocket of the seat's token. Clues are
made to fit the form the storyteller's cell asks; once in a game a wrong one is tried first, and
the refusal is read in the page's language.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from igroteka.games.associations.rules import CLUE_LIMIT, LIMITS
from igroteka.i18n import Text, translate
from tests.server.positions import NAMES, played_until, store_rooms, token
from tests.server.support import free_port, running
from tests.web.test_browser import browser  # noqa: F401 (the fixture)
from tests.web.test_crossword_browser import DESKTOP, PHONE, view_of

pytestmark = pytest.mark.browser

GOAL = LIMITS["goal"][0]
"""The shortest game the options allow: a few rounds."""
CLUES = {
    "": "Тиша перед дощем",
    "question": "Куди веде ця стежка?",
    "four_words": "Сон про далеке море",
    "love": "Найбільше я люблю тишу",
    "story": "Жив собі кит, який мріяв про дім",
}
"""A clue of each form a cell may ask (a person may type a clue in any language)."""
WRONG = {"question": "Без питання", "four_words": "Два слова", "love": "Люблю тишу"}
"""A clue that lacks the form, and the sentence the server refuses it with."""
WHY = {
    "": Text("say your association: the clue is empty"),
    "question": Text("this cell asks for a question: end the clue with a question mark"),
    "four_words": Text("this cell asks for exactly four words, not {count}", count=2),
    "love": Text("this cell asks for a clue that begins “What I love most…”"),
}
CONTROLS = {"tell": ".as-tell", "confirm": ".as-yes", "lay": ".as-lay", "vote": ".as-vote"}
"""The button a person presses in each phase: it must be in sight with the cards."""


class Table:
    """A room of the association game: its people's pages, their seats and tokens."""

    def __init__(self, port: int, room: str) -> None:
        self.port = port
        self.room = room
        self.base = f"http://127.0.0.1:{port}"
        self.pages: list[Any] = []
        self.token: dict[int, str] = {}
        self.names: list[str] = []
        self.levels: dict[int, str] = {}  # the bots' seats: their levels
        self.refused: set[str] = set()  # the forms whose wrong clue was tried
        self.handed: list[tuple[str, int]] = []  # (name on the hand-over screen, seat shown next)
        self.rounds_checked: set[int] = set()
        self.sizes: dict[str, dict[str, Any]] = {}
        self.holder: int | None = None  # at one device: the seat it was last handed to

    def view(self, seat: int) -> dict[str, Any]:
        return view_of(self.port, self.room, self.token[seat])

    def called(self, seat: int) -> tuple[str, ...]:
        """What a page may call a seat: a person's name; a bot's by its level, in the page's
        language (en, uk, ru)."""
        if seat in self.levels:
            return BOT_NAMES[self.levels[seat]]
        return (self.names[seat],)

    def named(self, seat: int, text: str, after: str = "") -> bool:
        """Whether ``text`` calls the seat by its name (followed by ``after``)."""
        return any(f"{name}{after}" in text for name in self.called(seat))


BOT_NAMES = {"random": ("Bot (random)", "Бот (випадковий)", "Бот (случайный)")}
"""A bot's name on a page, by level, in each language (web/i18n.js, botName)."""


def new_table(
    browser: Any,  # noqa: F811
    port: int,
    players: int,
    people: list[tuple[str, str, dict[str, int]]],
    options: dict[str, Any],
    hot_seat: bool = False,
    pages: bool = True,
) -> Table:
    """A room made through the API: the people in seats 0, 1…, bots in the rest; each person's
    page (or, at one device, one page holding every person's seat) opens the room."""
    base = f"http://127.0.0.1:{port}"
    created = httpx.post(
        f"{base}/api/rooms",
        json={"game": "associations", "players": players, "options": {"goal": GOAL, **options}},
    )
    assert created.status_code == 201, created.text
    table = Table(port, created.json()["id"])
    for seat, (name, _, _) in enumerate(people):
        taken = httpx.post(f"{base}/api/rooms/{table.room}/seats/{seat}", json={"name": name})
        table.token[seat] = taken.json()["token"]
    creator = created.json()["creator"]
    for seat in range(len(people), players):
        bot = {"level": "random", "token": creator}
        seated = httpx.post(f"{base}/api/rooms/{table.room}/seats/{seat}/bot", json=bot)
        assert seated.status_code == 200, seated.text
    started = httpx.post(f"{base}/api/rooms/{table.room}/start", json={"token": creator})
    assert started.status_code == 200, started.text
    seats = httpx.get(f"{base}/api/rooms/{table.room}").json()["seats"]
    table.names = [seat["name"] for seat in seats]
    table.levels = {n: seat["level"] for n, seat in enumerate(seats) if seat["kind"] == "bot"}
    groups = [list(table.token)] if hot_seat else [[seat] for seat in table.token]
    for group in groups if pages else []:
        _, locale, viewport = people[group[0]]
        page = browser.new_context(locale=locale, viewport=viewport).new_page()
        table.pages.append(open_page(page, table, group))
    return table


def open_page(page: Any, table: Table, seats: list[int]) -> Any:
    """The room's page in a browser that holds the tokens of ``seats``."""
    page.goto(table.base + "/")
    held = {str(seat): table.token[seat] for seat in seats}
    page.evaluate(
        "([key, held]) => localStorage.setItem(key, JSON.stringify(held))",
        [f"igroteka.room.{table.room}", held],
    )
    page.goto(f"{table.base}/r/{table.room}")
    page.wait_for_selector(".as, .pass-device")
    return page


def lang(page: Any) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def shown_seat(page: Any) -> int:
    return int(page.get_attribute(".as", "data-seat"))


def hand(page: Any) -> list[str]:
    cards = page.query_selector_all(".as-hand .as-card")
    return [card.get_attribute("data-card") for card in cards]


MEASURE = """(selectors) => {
  window.scrollTo(0, 0);
  const root = document.documentElement;
  const boxes = {};
  for (const selector of selectors) {
    const found = document.querySelector(selector);
    boxes[selector] = found ? found.getBoundingClientRect().toJSON() : null;
  }
  return { scroll: [root.scrollWidth, root.clientWidth], boxes };
}"""
"""Where the parts of the page are, measured at once, scrolled to the top."""


def fits(table: Table, page: Any, phase: str) -> None:
    """No horizontal scroll; the hand, the table and the button of the phase in sight at once,
    without scrolling."""
    selectors = [".as-hand", ".as-table", CONTROLS[phase]]
    measured = page.evaluate(MEASURE, selectors)
    width, seen = measured["scroll"]
    assert width <= seen, f"a horizontal scroll: {width} > {seen}"
    viewport = page.viewport_size
    size = f"{viewport['width']}x{viewport['height']}"
    if f"{phase} .as-hand" not in table.sizes.get(size, {}):  # the first of each, to look at
        page.screenshot(path=f"/tmp/associations-{size}-{phase}.png")
    low = table.sizes.setdefault(size, {})
    for selector, box in measured["boxes"].items():
        assert box is not None, (selector, phase)
        assert box["left"] >= 0 and box["top"] >= 0, (selector, box)
        assert box["right"] <= viewport["width"] + 0.5, (selector, box, viewport)
        assert box["bottom"] <= viewport["height"] + 0.5, (selector, box, viewport)
        key = f"{phase} {selector}"
        low[key] = max(low.get(key, 0), round(box["bottom"]))


def choose(page: Any, selector: str, count: int) -> list[str]:
    """Tap ``count`` of the cards the selector finds (their ids, read from the page)."""
    cards = [card.get_attribute("data-card") for card in page.query_selector_all(selector)]
    assert len(cards) >= count, (selector, cards)
    chosen = cards[:count]
    for card in chosen:
        page.click(f"{selector}[data-card='{card}'] .as-face")
        page.wait_for_selector(f"{selector}[data-card='{card}'].as-chosen")
    return chosen


def refusal(page: Any, why: Text) -> None:
    """The server's refusal, said beside the controls in the page's language."""
    page.wait_for_selector(".as-refusal")
    said = page.inner_text(".as-refusal")
    assert said.casefold() == translate(why, lang(page)).casefold(), said
    time.sleep(0.3)
    assert page.inner_text(".as-refusal") == said  # it stays until the next change


def tell(table: Table, page: Any, seat: int, view: dict[str, Any]) -> None:
    form = view["form"]
    two = view["players"] == 2
    chosen = choose(page, ".as-hand .as-card.as-pickable", 5 if two else 1)
    assert page.get_attribute("#as-clue", "maxlength") == str(CLUE_LIMIT)
    if "" not in table.refused:  # once in a game: an empty clue is refused, the card stays
        table.refused.add("")
        page.fill("#as-clue", "")
        page.click(".as-tell")
        refusal(page, WHY[""])
        assert page.query_selector(f".as-hand .as-card[data-card='{chosen[0]}'].as-chosen")
    if form in WRONG and form not in table.refused:
        table.refused.add(form)
        page.fill("#as-clue", WRONG[form])
        page.click(".as-tell")
        refusal(page, WHY[form])
    if form:  # the cell's form is explained in words
        assert page.inner_text(".as-form").strip()
    page.fill("#as-clue", CLUES[form])
    page.click(".as-tell")


def act(table: Table, page: Any) -> bool:
    """The person the page shows does their part of the step, if it is theirs; True if done."""
    if page.query_selector(".pass-device"):
        name = page.inner_text(".pass-device h2")
        assert not page.query_selector(".as-hand, .as-card"), "a hand behind the hand-over"
        page.click(".pass-device button")
        page.wait_for_selector(".as")
        seat = shown_seat(page)
        assert table.named(seat, name), (name, seat)
        table.handed.append((name, seat))
        table.holder = seat
        return True
    game = page.query_selector(".game")
    if game is None or game.get_attribute("data-my-turn") != "yes":
        return False
    seat = shown_seat(page)
    view = table.view(seat)
    phase = view["phase"]
    if seat not in view["awaited"] or page.get_attribute(".game", "data-phase") != phase:
        return False  # the page is about to be drawn again
    seq = page.get_attribute(".game", "data-seq")
    assert sorted(hand(page)) == sorted(view["hand"])  # the hand shown is the seat's own
    if table.holder is not None:  # at one device, a secret step only after it was handed over
        assert table.holder == seat, (table.holder, seat, phase)
    fits(table, page, phase)
    if phase == "tell":
        tell(table, page, seat, view)
    elif phase == "confirm":
        assert view["form"] == "story" or view["aloud"]
        page.click(".as-yes")
    elif phase == "lay":
        choose(page, ".as-hand .as-card.as-pickable", 2 if view["players"] == 3 else 1)
        page.click(".as-lay")
    else:
        mine = set(view["mine"])
        for card in page.query_selector_all(".as-table .as-card"):  # one's own: no token on it
            own = card.get_attribute("data-card") in mine
            assert (card.get_attribute("data-votable") == "no") == own
            assert ("as-own" in card.get_attribute("class")) == own
        votable = ".as-table .as-card[data-votable='yes']"
        choose(page, votable, 3 if view["players"] == 2 else 1)
        page.click(".as-vote")
    page.wait_for_selector(f".game:not([data-seq='{seq}']), .pass-device", timeout=15_000)
    return True


REVEAL = """() => {
  const reveal = document.querySelector(".as-reveal");
  if (!reveal) return null;
  return {
    round: Number(reveal.dataset.round),
    moves: reveal.querySelector(".as-moves").innerText,
    cards: [...reveal.querySelectorAll(".as-card")].map((card) => ({
      number: Number(card.dataset.number),
      card: card.dataset.card,
      owner: Number(card.dataset.owner),
      story: card.classList.contains("as-storytellers"),
      text: card.innerText,
      voters: [...card.querySelectorAll(".as-token")].map((token) => Number(token.dataset.seat)),
    })),
  };
}"""
"""The reveal as the page shows it, read at once (the page may be drawn again at any time)."""


def check_reveal(table: Table, page: Any) -> None:
    """The last round turned over: whose card was whose and who voted for which."""
    shown = page.evaluate(REVEAL)
    if shown is None or shown["round"] in table.rounds_checked:
        return
    view = table.view(next(iter(table.token)))
    last = view["last"]
    if view["round"] - 1 != shown["round"]:
        return  # another round was turned over meanwhile
    assert [card["number"] for card in shown["cards"]] == list(range(1, len(last["table"]) + 1))
    for number, card in enumerate(shown["cards"], 1):
        owner = last["owners"][number - 1]
        assert card["card"] == last["table"][number - 1]
        assert card["owner"] == owner and table.named(owner, card["text"])
        assert card["story"] == (number == last["story"])  # the card the clue was for
        voters = {seat for seat, votes in enumerate(last["votes"]) if number in votes}
        assert set(card["voters"]) == voters, (number, card, last["votes"])
    for seat, steps in enumerate(last["moves"]):
        if steps:
            assert table.named(seat, shown["moves"], f" +{steps}")
    table.rounds_checked.add(shown["round"])


def play_to_the_end(table: Table, limit: float = 150.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(page.query_selector(".game[data-over='yes']") for page in table.pages):
            return
        acted = False
        for page in table.pages:
            acted = act(table, page) or acted
            check_reveal(table, page)
        if not acted:
            time.sleep(0.05)
    raise AssertionError("the game did not end in time")


def ended(table: Table) -> None:
    """The results, the track with every piece, the last round turned over."""
    for page in table.pages:
        page.wait_for_selector(".results")
        check_reveal(table, page)
        view = table.view(next(iter(table.token)))
        outcome = view["outcome"]
        for seat, steps in enumerate(outcome["scores"]):
            cell = min(steps + 1, view["goal"] + 1)
            assert page.query_selector(f".as-pawn[data-seat='{seat}'][data-cell='{cell}']")
        assert page.query_selector(".as-reveal")
        assert max(outcome["scores"]) >= GOAL


@pytest.fixture
def server(tmp_path: Path) -> Iterator[int]:
    port = free_port()
    with running(tmp_path / "games.db", port, bot=0.05):
        yield port


def test_two_people_and_two_bots_play_a_whole_game(browser: Any, server: int) -> None:  # noqa: F811
    """Ann (Ukrainian, a desktop) and Bob (English, a phone) with two bots: every step in secret,
    the reveals, a refused clue in each one's language, the results."""
    people = [("Аня", "uk-UA", DESKTOP), ("Bob", "en-GB", PHONE)]
    table = new_table(browser, server, 4, people, {"starter": 0})
    ann, bob = table.pages
    ann.wait_for_selector(".game[data-my-turn='yes'] .as-tell")
    assert "Ви ведучий" in ann.inner_text(".banner")  # she tells first, and the page says so
    assert "Аня" in bob.inner_text(".banner")  # Bob is told who does
    play_to_the_end(table)
    ended(table)
    assert re.search("Перемага|Перемогу", ann.inner_text(".results h2"))
    assert re.search("wins|victory", bob.inner_text(".results h2"))
    assert table.rounds_checked, "no reveal was checked"
    assert {"1280x800", "390x844"} <= set(table.sizes)
    Path("/tmp/associations-sizes.json").write_text(json.dumps(table.sizes, indent=1))
    ann.screenshot(path="/tmp/associations-desktop.png")
    bob.screenshot(path="/tmp/associations-phone.png", full_page=True)


def zoomed(table: Table, page: Any, seat: int) -> None:
    """A card tapped is shown big with its words; Escape closes it, and so does Close."""
    view = table.view(seat)
    card = hand(page)[0]
    page.click(f".as-hand .as-card[data-card='{card}'] .as-zoom")
    page.wait_for_selector(".as-zoom-dialog")
    tags = [tag.inner_text() for tag in page.query_selector_all(".as-zoom-dialog .as-tags li")]
    assert tags == view["cards"][card]["tags"]
    box = page.locator(".as-zoom-dialog").first.bounding_box()
    viewport = page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= viewport["width"]
    assert box["y"] + box["height"] <= viewport["height"]
    assert page.query_selector(".as-zoom-dialog svg text")  # the picture, drawn big
    page.keyboard.press("Escape")
    page.wait_for_selector(".as-zoom-dialog", state="detached")
    page.click(f".as-hand .as-card[data-card='{card}'] .as-zoom")
    page.wait_for_selector(".as-zoom-dialog")
    page.click(".as-zoom-close")
    page.wait_for_selector(".as-zoom-dialog", state="detached")


def test_two_people_at_one_device_hand_it_over_for_every_secret_step(
    browser: Any,  # noqa: F811
    server: int,
) -> None:
    """Аня and Боря share a phone against a bot, at a table of three: each lays two cards and
    votes in secret, and before each of their steps the phone is handed over by name."""
    people = [("Аня", "ru-RU", PHONE), ("Боря", "ru-RU", PHONE)]
    table = new_table(browser, server, 3, people, {}, hot_seat=True)
    (page,) = table.pages
    page.wait_for_selector(".as")
    table.holder = shown_seat(page)
    zoomed(table, page, table.holder)
    play_to_the_end(table)
    ended(table)
    assert {seat for _, seat in table.handed} == {0, 1}, table.handed
    assert all(name.startswith("Передайте устройство") for name, _ in table.handed)
    assert re.search("Побеждает|Победу", page.inner_text(".results h2"))
    page.screenshot(path="/tmp/associations-hot-seat.png", full_page=True)


def test_one_person_against_a_bot_at_a_table_of_two(browser: Any, server: int) -> None:  # noqa: F811
    """At a table of two the storyteller lays five cards and the other ranks three tokens; the
    card seen big has its tags; the game runs to its end."""
    table = new_table(browser, server, 2, [("Ann", "en-GB", DESKTOP)], {"starter": 1})
    (page,) = table.pages
    page.wait_for_selector(".as-hand .as-card")
    zoomed(table, page, 0)
    play_to_the_end(table)
    ended(table)
    assert "Ann" in page.inner_text(".results")
    page.screenshot(path="/tmp/associations-two.png")
    page.click(".replay-link")  # the replay draws the table for a spectator: no hand
    page.wait_for_selector(".replay[data-step='0'] .as-track")
    assert not page.query_selector(".as-hand")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay[data-step='1'] .as-clue-text")


def on_a_cell_that_asks_a_question(seed: int) -> Any:
    """A game of three played by bots until a storyteller stands on a cell asking a question."""
    options = {"goal": 30, "special": True}
    return played_until(
        "associations",
        options,
        3,
        seed,
        lambda m: m.state.phase == "tell" and m.state.form == "question",
    )


def test_a_cell_asks_a_form_a_wrong_clue_is_refused_one_said_aloud_is_judged(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The storyteller's cell asks for a question: a clue without one is refused, in Ukrainian;
    then the clue is said aloud, the device goes round the others to judge it, they say no, and
    the reveal says the storyteller does not move."""
    for seed in range(1, 40):
        try:
            match = on_a_cell_that_asks_a_question(seed)
            break
        except AssertionError:
            continue
    teller = match.state.storyteller
    port, db = free_port(), tmp_path / "games.db"
    store_rooms(f"sqlite:///{db}", match, ["form"])
    with running(db, port, bot=0.05):
        table = Table(port, "form")
        table.token = {seat: token(seat) for seat in range(3)}
        table.names = NAMES[:3]
        page = browser.new_context(locale="uk-UA", viewport=PHONE).new_page()
        table.pages.append(open_page(page, table, [0, 1, 2]))
        page.wait_for_selector(".as-tell")
        assert shown_seat(page) == teller
        assert page.get_attribute(".as", "data-form") == "question"
        assert "питання" in page.inner_text(".as-form")  # the form, said in words
        fits(table, page, "tell")
        choose(page, ".as-hand .as-card.as-pickable", 1)
        page.fill("#as-clue", WRONG["question"])
        page.click(".as-tell")
        refusal(page, WHY["question"])
        page.fill("#as-clue", "")
        page.check("#as-aloud")
        page.click(".as-tell")
        judged = []
        while len(judged) < 2:
            page.wait_for_selector(".pass-device")
            act(table, page)  # the hand-over
            page.wait_for_selector(".as-no")
            seat = shown_seat(page)
            assert seat != teller and seat not in judged
            assert "(сказано вголос за столом)" in page.inner_text(".as-banner")
            fits(table, page, "confirm")
            seq = page.get_attribute(".game", "data-seq")
            page.click(".as-no")
            page.wait_for_selector(f".game:not([data-seq='{seq}']), .pass-device")
            judged.append(seat)
        deadline = time.monotonic() + 60
        this = match.state.rounds + 1
        while not page.query_selector(f".as-reveal[data-round='{this}']"):
            assert time.monotonic() < deadline, "the round was not turned over"
            if not act(table, page):
                time.sleep(0.05)
        check_reveal(table, page)
        last = table.view(teller)["last"]
        assert last["moves"][teller] == 0 and not last["accepted"] and last["aloud"]
        assert "ведучий не рухається" in page.inner_text(".as-moves")


PICTURE = (
    "data:image/svg+xml,"
    "%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'%3E"
    "%3Ccircle cx='5' cy='5' r='4' fill='red'/%3E%3C/svg%3E"
)
MARKUP = "<img src=x onerror=window.pwned=1><b>жирний</b> & <i>курсив</i>"


def test_a_teachers_picture_is_drawn_and_a_clue_of_markup_stays_text(
    browser: Any,  # noqa: F811
    server: int,
) -> None:
    """A face that is a picture ({"image", "tags"}, a teacher's deck) fills its card; a clue
    that looks like HTML is shown as the very text typed, nothing of it made an element."""
    changed: list[str] = []

    def route(page_side: Any) -> None:
        """The server's views, with the first card of the hand made a teacher's picture."""
        server_side = page_side.connect_to_server()
        page_side.on_message(server_side.send)

        def to_page(message: Any) -> None:
            data = json.loads(message)
            view = data.get("view")
            if view and view.get("hand"):
                card = view["hand"][0]
                view["cards"][card] = {"image": PICTURE, "tags": ["яблуко", "червоне"]}
                changed.append(card)
                message = json.dumps(data)
            page_side.send(message)

        server_side.on_message(to_page)

    people = [("Аня", "uk-UA", DESKTOP)]
    table = new_table(browser, server, 2, people, {"starter": 0}, pages=False)
    page = browser.new_context(locale="uk-UA", viewport=DESKTOP).new_page()
    page.route_web_socket(re.compile(r"/ws/"), route)
    table.pages.append(open_page(page, table, [0]))
    page.wait_for_selector(".as-tell")
    card = changed[-1]
    image = page.query_selector(f".as-hand .as-card[data-card='{card}'] svg image")
    assert image is not None and image.get_attribute("href") == PICTURE
    box = page.locator(f".as-hand .as-card[data-card='{card}'] svg image").first.bounding_box()
    face = page.locator(f".as-hand .as-card[data-card='{card}'] .as-face").first.bounding_box()
    assert abs(box["width"] - face["width"]) < 1 and abs(box["height"] - face["height"]) < 1
    page.click(f".as-hand .as-card[data-card='{card}'] .as-zoom")
    tags = [tag.inner_text() for tag in page.query_selector_all(".as-zoom-dialog .as-tags li")]
    assert tags == ["яблуко", "червоне"]
    page.keyboard.press("Escape")
    choose(page, ".as-hand .as-card.as-pickable", 5)
    page.fill("#as-clue", MARKUP)
    page.click(".as-tell")
    # the round goes on by itself (the bot votes at once): the clue stays in the log
    page.wait_for_selector(".as-log li[data-round='1'] q")
    shown = page.evaluate(
        """() => [".as-log li[data-round='1'] q", ".as-reveal[data-round='1'] .as-reveal-clue q"]
          .map((selector) => document.querySelector(selector))
          .map((clue) => clue && [clue.textContent, clue.children.length])"""
    )
    assert shown[0] == [MARKUP, 0]
    assert shown[1] in (None, [MARKUP, 0])  # and in the reveal while it is shown
    assert not page.query_selector(".as img, .as q *")
    assert page.evaluate("window.pwned") is None
