"""Whole games through the web client: two people in two browsers and a bot (Playwright)."""

from __future__ import annotations

import contextlib
import json
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

from tests.server.positions import (
    action,
    chaos_in_my_turn,
    letters_with_prizes,
    moved_by_chaos,
    played_until,
    store_rooms,
    token,
)
from tests.server.support import free_port, join, running

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
UKRAINIAN_ONLY = re.compile("[іїєґ]")
"""Letters of Ukrainian that Russian has not: a sentence with one is not Russian."""


@pytest.fixture
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed: `make test` installs it (apt-get install chromium)")
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=60_000)
        yield launched
        launched.close()


def open_room(browser: Any, base: str, game: str, options: dict[str, Any]) -> tuple[Any, Any]:
    """Ann creates a room in her browser; Bob opens the invite link in his; both sit; a bot too."""
    ann = browser.new_context(locale="uk-UA").new_page()
    bob = browser.new_context(locale="en-GB").new_page()
    ann.goto(base + "/")
    ann.wait_for_selector("#new-game")
    ann.click(f".game-card[data-game={game}]")
    ann.fill("#players", "3")
    for key, value in options.items():
        if isinstance(value, bool):
            ann.set_checked(f"#option-{key}", value)
        else:
            ann.fill(f"#option-{key}", str(value))
    ann.click("#new-game button[type=submit]")
    ann.wait_for_selector(".seats")
    invite = ann.get_attribute(".invite a", "href")
    ann.fill(".seat-open input >> nth=0", "Олена")
    ann.click(".seat-open .seat-actions button >> nth=0")
    ann.wait_for_selector("text=Олена (ви)")
    bob.goto(invite)
    bob.wait_for_selector(".seat-open")
    bob.fill(".seat-open input >> nth=0", "Bob")
    bob.click(".seat-open .seat-actions button >> nth=0")
    bob.wait_for_selector("text=Bob (you)")
    ann.wait_for_selector(".seat-open")
    ann.click(".seat-open .seat-actions button >> nth=1")  # a bot, of the first level
    ann.wait_for_selector("button.primary:not([disabled])")
    ann.click("button.primary")
    return ann, bob


def new_letters_room(browser: Any, port: int, locale: str, players: int) -> Any:
    """A person whose browser speaks ``locale`` creates a room of Klepka letters in the lobby."""
    page = browser.new_context(locale=locale).new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#new-game")
    page.click(".game-card[data-game=letters]")
    page.fill("#players", str(players))
    page.fill("#option-pairs", "10")
    page.click("#new-game button[type=submit]")
    return page


def press(page: Any, selector: str) -> None:
    """Click what the selector finds now; the page may redraw meanwhile (an update came): the
    loop then looks again, as a person would."""
    with contextlib.suppress(PlaywrightError):
        page.click(selector, timeout=2_000)


def a_face_down_card(page: Any, rng: random.Random) -> str | None:
    positions = [
        card.get_attribute("data-position")
        for card in page.query_selector_all(".card.back:not([disabled])")
    ]
    positions = [p for p in positions if p is not None]
    return f".card.back[data-position='{rng.choice(positions)}']" if positions else None


def play_to_the_end(pages: list[Any], seed: int, limit: float = 300.0) -> None:
    """Each person clicks a face-down card when it is their turn (or stops when that is all).

    People who click at random need many turns to find 10 pairs: about 80 s of a loaded
    machine for three in one tab, and CI's machine has been seen to take twice that."""
    rng = random.Random(seed)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for page in pages:
            page.wait_for_selector(".game")
        if all(page.get_attribute(".game", "data-over") == "yes" for page in pages):
            return
        for page in pages:
            if page.get_attribute(".game", "data-my-turn") != "yes":
                continue
            if page.query_selector(".question button"):
                press(page, ".question button >> nth=1")
                continue
            if page.query_selector(".chain-builder"):  # one word alone is a chain
                if page.query_selector(".chain-submit:not([disabled])"):
                    press(page, ".chain-submit")
                elif not page.query_selector(".chain-link"):
                    press(page, ".chain-word:not([disabled]) >> nth=0")
                continue
            card = a_face_down_card(page, rng)
            stop = page.query_selector(".controls .stop")
            if stop and (card is None or rng.random() < 0.3):
                press(page, ".controls .stop")
            elif card is not None:
                press(page, card)
        time.sleep(0.05)
    states = [
        (page.get_attribute(".game", "data-phase"), page.get_attribute(".game", "data-my-turn"))
        for page in pages
    ]
    raise AssertionError(f"the game did not end in time: (phase, my turn) {states}")


@pytest.mark.parametrize(
    ("game", "options"),
    [("klepka", {"pairs": 4, "syncopes": 1}), ("letters", {"pairs": 10})],
)
def test_two_people_and_a_bot_play_a_whole_game_in_browsers(
    browser: Any, tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        ann, bob = open_room(browser, base, game, options)
        play_to_the_end([ann, bob], seed=3)
        for page in (ann, bob):
            assert page.query_selector(".results")
        assert re.search("Перемага|Перемогу", ann.inner_text(".results h2"))  # Ann's Ukrainian
        assert re.search("wins|victory", bob.inner_text(".results h2"))  # Bob's English
        bob.click(".replay-link")  # the replay viewer steps through the game
        bob.wait_for_selector(".replay[data-step='0']")
        bob.click(".replay .next")
        bob.wait_for_selector(".replay[data-step='1']")
        bob.keyboard.press("ArrowRight")
        bob.wait_for_selector(".replay[data-step='2']")


def test_hot_seat_two_people_share_one_browser_tab(browser: Any, tmp_path: Path) -> None:
    """Both seats taken in one tab: it shows the view of whichever of them is to play."""
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.05):
        page = new_letters_room(browser, port, "ru-RU", players=3)
        for name in ("Аня", "Боря"):
            page.wait_for_selector(".seat-open")
            page.fill(".seat-open input >> nth=0", name)
            page.click(".seat-open .seat-actions button >> nth=0")
            page.wait_for_selector(f"text={name} (вы)")
        page.click(".seat-open .seat-actions button >> nth=1")
        page.wait_for_selector("button.primary:not([disabled])")
        page.click("button.primary")
        play_to_the_end([page], seed=5)
        assert re.search("Побеждает|Победу делят", page.inner_text(".results h2"))


def test_pages_reconnect_by_themselves_after_the_server_is_killed(
    browser: Any, tmp_path: Path
) -> None:
    """SIGKILL mid-game, a new server on the same port: the open pages carry on by themselves."""
    port = free_port()
    db = tmp_path / "games.db"
    with running(db, port, reveal=0.3, bot=0.05):
        ann, bob = open_room(browser, f"http://127.0.0.1:{port}", "letters", {"pairs": 10})
        for page in (ann, bob):
            page.wait_for_selector(".game")
        rng = random.Random(9)
        for _ in range(6):  # a few moves before the kill
            for page in (ann, bob):
                if page.get_attribute(".game", "data-my-turn") == "yes":
                    card = a_face_down_card(page, rng)
                    if card is not None:
                        press(page, card)
            time.sleep(0.3)
    for page in (ann, bob):
        page.wait_for_selector("body.offline")  # the pages noticed
    with running(db, port, reveal=0.3, bot=0.05):
        for page in (ann, bob):
            page.wait_for_selector("body:not(.offline)", timeout=20_000)
        play_to_the_end([ann, bob], seed=11)
        assert ann.query_selector(".results") and bob.query_selector(".results")


def toast_after(page: Any, act: Any) -> str:
    """What the page tells the person after ``act``: the toast's text."""
    page.evaluate("document.getElementById('toast').textContent = ''")
    act()
    page.wait_for_function("() => document.getElementById('toast').textContent !== ''")
    return str(page.inner_text("#toast"))


def test_a_refusal_reads_in_the_players_language(browser: Any, tmp_path: Path) -> None:
    """The server refuses in the language the person reads, and follows a switch of it."""
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.05):
        page = new_letters_room(browser, port, "uk-UA", players=2)
        page.wait_for_selector(".seat-open")
        nameless = toast_after(page, lambda: page.click(".seat-open .seat-actions button >> nth=0"))
        assert nameless == "гравцеві потрібне ім’я"
        page.fill(".seat-open input >> nth=0", "Олена")
        page.click(".seat-open .seat-actions button >> nth=0")
        page.wait_for_selector("text=Олена (ви)")
        page.click(".seat-open .seat-actions button >> nth=1")
        page.wait_for_selector("button.primary:not([disabled])")
        page.click("button.primary")

        def compose(word: str) -> str:
            page.wait_for_selector(".compose-input", timeout=30_000)

            def send() -> None:
                page.fill(".compose-input", word)
                page.click(".compose button[type=submit]")

            return toast_after(page, send)

        ukrainian = compose("бзбз")
        page.select_option("#lang", "ru")
        russian = compose("бзбз")
        page.select_option("#lang", "en")
        english = compose("бзбз")
        assert "‘бзбз’" in english and re.search(r"\b(the|not|you)\b", english)
        assert "«бзбз»" in ukrainian and "«бзбз»" in russian
        assert len({english, ukrainian, russian}) == 3
        assert UKRAINIAN_ONLY.search(ukrainian) and not UKRAINIAN_ONLY.search(russian)


TEACHER_DECK = "name: Тиждень 5\nlang: uk\nяблуко 🍎\nбудинок 🏠\nсонце 🌞\nм’яч ⚽\n"


def test_a_teacher_makes_a_game_of_this_weeks_words(browser: Any, tmp_path: Path) -> None:
    """A teacher types her words as a deck in the lobby, sees what is wrong with it line by line in
    her language, picks house rules, and plays the words against a bot."""
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        page = browser.new_context(locale="uk-UA").new_page()
        page.goto(base + "/")
        page.wait_for_selector("#new-game")
        page.click(".game-card[data-game=klepka]")
        assert not page.is_visible("#option-deck_text")
        page.select_option("#option-lang", "own")
        page.fill("#option-deck_text", TEACHER_DECK.replace("м’яч ⚽", "м’яч\nсонце 🌅"))
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".form-error:not(:empty)")
        assert page.inner_text(".form-error").splitlines() == [
            "ваша колода, рядок 6: для картки потрібні слово й картинка, а між ними — пробіл",
            "ваша колода, рядок 7: «сонце» трапляється двічі (уперше — у рядку 5)",
        ]
        page.fill("#option-deck_text", TEACHER_DECK)
        page.click(".house-rules summary")
        page.select_option("#option-ties", "cards")
        page.select_option("#option-starter", "random")
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".seats")
        room = httpx.get(f"{base}/api/rooms/{page.url.rsplit('/', 1)[1]}").json()
        assert room["options"]["deck"]["name"] == "Тиждень 5" and room["options"]["pairs"] == 4
        assert room["options"]["ties"] == "cards"
        page.fill(".seat-open input >> nth=0", "Оксана")
        page.click(".seat-open .seat-actions button >> nth=0")
        page.wait_for_selector("text=Оксана (ви)")
        page.click(".seat-open .seat-actions button >> nth=1")
        page.wait_for_selector("button.primary:not([disabled])")
        page.click("button.primary")
        play_to_the_end([page], seed=7)
        assert re.search("яблуко|будинок|сонце|м’яч", page.inner_text(".results"))


TREATS_DECK = "name: Treats\nlang: en\nice cream 🍦\nmouse 🐭\negg 🥚\n"


def test_a_chain_is_tapped_from_the_cards_a_card_of_two_words_and_a_syncope_included(
    browser: Any, tmp_path: Path
) -> None:
    """The chain is built by tapping one's word cards in order: ‘ice cream’ is one card, the
    Syncope button places a Syncope, and the chain submitted is the one shown at the end."""
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.1, bot=0.05):
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#new-game")
        page.click(".game-card[data-game=klepka]")
        page.fill("#players", "1")
        page.select_option("#option-lang", "own")
        page.fill("#option-deck_text", TREATS_DECK)
        page.fill("#option-syncopes", "1")
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".seats")
        page.fill(".seat-open input >> nth=0", "Ann")
        page.click(".seat-open .seat-actions button >> nth=0")
        page.wait_for_selector("text=Ann (you)")
        page.wait_for_selector("button.primary:not([disabled])")
        page.click("button.primary")
        rng = random.Random(3)
        deadline = time.monotonic() + 60
        while not page.query_selector(".chain-builder"):  # alone at the table: every card is hers
            assert time.monotonic() < deadline, "the table was not cleared in time"
            card = a_face_down_card(page, rng)
            if card is not None:
                press(page, card)
            time.sleep(0.05)
        page.click(".chain-word[data-word='ice cream']")
        page.click(".chain-syncope")
        page.click(".chain-word[data-word='mouse']")
        page.click(".chain-submit:not([disabled])")
        page.wait_for_selector(".results")
        assert "ice cream → ✦ → mouse" in page.inner_text(".results")


def test_a_flip_the_table_changed_under_is_refused_with_a_reason_and_may_be_made_again(
    browser: Any, tmp_path: Path
) -> None:
    """Bob plays Chaos while Ann, who has not seen it yet, flips a card it moved: her page says
    why the flip was refused, and once the table is shown again she flips, and it counts."""
    match = letters_with_prizes(chaos_in_my_turn)
    seq, moved = len(match.log), moved_by_chaos(match)
    db, port = tmp_path / "games.db", free_port()
    store_rooms(f"sqlite:///{db}", match, ["moved"])
    holding: list[bool] = []
    held: list[tuple[Any, Any]] = []

    def route(page_side: Any) -> None:
        """Ann's websocket, with the news of the table (updates, and the room's news of who is
        here) held back while ``holding``: her view grows old; answers to her still come."""
        server_side = page_side.connect_to_server()
        page_side.on_message(server_side.send)

        def to_page(message: Any) -> None:
            if holding and json.loads(message)["type"] in ("update", "room"):
                held.append((page_side, message))
            else:
                page_side.send(message)

        server_side.on_message(to_page)

    with running(db, port):
        base = f"http://127.0.0.1:{port}"
        ann = browser.new_context(locale="uk-UA").new_page()
        ann.route_web_socket(re.compile(r"/ws/"), route)
        ann.goto(base + "/")
        kept = json.dumps({"0": token(0)})
        ann.evaluate("kept => localStorage.setItem('igroteka.room.moved', kept)", kept)
        ann.goto(base + "/r/moved")
        ann.wait_for_selector(".game[data-my-turn='yes']")
        holding.append(True)
        with connect(f"ws://127.0.0.1:{port}/ws/moved") as bob:
            join(bob, token(1))
            bob.send(json.dumps(action({"type": "chaos"}, seq, "chaos")))
            while json.loads(bob.recv(timeout=10))["type"] != "ack":
                pass
        card = f".card.back[data-position='{moved}']"
        refusal = toast_after(ann, lambda: ann.click(card))
        assert refusal == "на столі щось змінилося: погляньте ще раз"
        assert room_seq(base) == seq + 1  # the Chaos, and no flip
        holding.clear()
        for page_side, message in held:
            page_side.send(message)
        ann.wait_for_selector(f".game[data-my-turn='yes'] {card}:not([disabled])")
        ann.click(card)
        deadline = time.monotonic() + 10
        while room_seq(base) == seq + 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert room_seq(base) == seq + 2  # flipped on the table as it is now


def room_seq(base: str) -> int:
    return int(httpx.get(f"{base}/api/rooms/moved").json()["seq"])


def test_a_chain_being_tapped_is_kept_when_another_player_submits_theirs(
    browser: Any, tmp_path: Path
) -> None:
    """Ann is tapping her chain when Bob submits his: her page is drawn again with his news, and
    the links she placed stay as they were."""
    options = {"pairs": 4, "chain": "manual", "starter": 0}
    match = played_until("klepka", options, 2, 5, lambda m: m.game.phase(m.state) == "chain")
    seq = len(match.log)
    bobs = match.view(1)["collections"][1]["words"][:1]
    db, port = tmp_path / "games.db", free_port()
    store_rooms(f"sqlite:///{db}", match, ["chains"])
    with running(db, port):
        base = f"http://127.0.0.1:{port}"
        ann = browser.new_context(locale="en-GB").new_page()
        ann.goto(base + "/")
        kept = json.dumps({"0": token(0)})
        ann.evaluate("kept => localStorage.setItem('igroteka.room.chains', kept)", kept)
        ann.goto(base + "/r/chains")
        ann.wait_for_selector(".chain-builder")
        first = ann.get_attribute(".chain-word >> nth=0", "data-word")
        ann.click(".chain-word >> nth=0")
        ann.wait_for_selector(".chain-link[data-state='ok']")
        with connect(f"ws://127.0.0.1:{port}/ws/chains") as bob:
            join(bob, token(1))
            bob.send(json.dumps(action({"type": "chain", "links": bobs}, seq, "bob")))
            while json.loads(bob.recv(timeout=10))["type"] != "ack":
                pass
        ann.wait_for_selector(f".game[data-seq='{seq + 1}']")  # drawn again with Bob's chain
        assert ann.inner_text(".chain-link .chain-link-text") == first
        assert ann.get_attribute(".chain-link", "data-state") == "ok"
        assert ann.is_disabled(f".chain-word[data-word='{first}']")  # used: once in a chain
