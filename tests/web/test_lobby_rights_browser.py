"""What each person sees in a room's lobby: the room's creator seats bots, changes the options and
starts; the others see who will start; a person leaves their seat; the creator frees the seat of
one who has gone; and every page of a room made with a chosen seed says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from igroteka.server.lobby import digest
from igroteka.store import Room, Seat, Store
from tests.server.support import free_port, running
from tests.web.test_browser import browser  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser


def room_of(base: str, page: Any) -> dict[str, Any]:
    return dict(httpx.get(f"{base}/api/rooms/{page.url.rsplit('/', 1)[1]}").json())


def test_only_the_creator_seats_bots_changes_options_and_starts_others_see_who_starts(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        ann = browser.new_context(locale="en-GB").new_page()
        ann.goto(base + "/")
        ann.wait_for_selector("#new-game")
        ann.click(".game-card[data-game=letters]")
        ann.fill("#players", "3")
        ann.fill("#option-pairs", "10")
        ann.click("#new-game button[type=submit]")
        ann.wait_for_selector(".seats")
        assert ann.query_selector(".start") and ann.query_selector(".add-bot")
        assert not ann.query_selector(".chosen-seed")  # the server drew the seed
        invite = ann.get_attribute(".invite a", "href")
        bob = browser.new_context(locale="uk-UA").new_page()
        bob.goto(invite)
        bob.wait_for_selector(".seat-open")
        assert not bob.query_selector(".add-bot") and not bob.query_selector(".start")
        assert not bob.query_selector(".change-options")
        assert bob.inner_text(".creator-starts") == "Чекаємо на гравців…"
        bob.fill(".seat-open input >> nth=0", "Богдан")
        bob.click(".seat-open .seat-actions button >> nth=0")
        bob.wait_for_selector("text=Богдан (ви)")

        bob.click(".leave-seat")  # he leaves his seat: it is open again, for everyone
        ann.wait_for_selector(".seat-open >> nth=2")
        bob.wait_for_selector(".seat-open >> nth=2")
        assert not bob.query_selector(".leave-seat")
        bob.fill(".seat-open input >> nth=0", "Богдан")
        bob.click(".seat-open .seat-actions button >> nth=0")
        bob.wait_for_selector("text=Богдан (ви)")
        ann.wait_for_selector("text=Богдан")
        assert not ann.query_selector(".free-seat")  # he is here: only he may leave it
        bob.context.close()  # he has gone
        ann.wait_for_selector(".seat-person .free-seat")
        ann.click(".seat-person .free-seat")
        ann.wait_for_selector(".seat-open >> nth=1")

        ann.click(".change-options")
        ann.fill("#room-option-pairs", "12")
        ann.click(".save-options")
        ann.wait_for_selector(".change-options")
        assert room_of(base, ann)["options"]["pairs"] == 12

        cat = browser.new_context(locale="ru-RU").new_page()
        cat.goto(invite)
        cat.wait_for_selector(".seat-open")
        ann.fill(".seat-open input >> nth=0", "Ann")
        ann.click(".seat-open .seat-actions button >> nth=0")
        ann.wait_for_selector("text=Ann (you)")
        ann.click(".seat-open .add-bot >> nth=0")
        # the seats are drawn again once the bot sits: click the one seat left then, not a
        # button of the page before (a click on it was lost now and then)
        ann.wait_for_function("() => document.querySelectorAll('.seat-open').length === 1")
        ann.click(".seat-open .add-bot >> nth=0")
        ann.wait_for_function("() => document.querySelectorAll('.seat-open').length === 0")
        cat.wait_for_selector("text=Ждём, пока тот, кто создал комнату, начнёт игру")
        ann.wait_for_selector("button.start:not([disabled])")
        ann.click("button.start")
        cat.wait_for_selector(".game")  # the watcher sees the game Ann started
        ann.wait_for_selector(".game")


def test_every_page_of_a_room_made_with_a_chosen_seed_says_so(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    with running(tmp_path / "games.db", port, reveal=0.3, bot=0.05, chosen_seeds=True):
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(
            f"{base}/api/rooms",
            json={"game": "klepka", "players": 2, "options": {"pairs": 4}, "seed": 12},
        ).json()
        room, creator = made["id"], made["creator"]
        ann = browser.new_context(locale="uk-UA").new_page()
        ann.goto(f"{base}/r/{room}")
        ann.wait_for_selector(".seats")
        assert ann.inner_text(".chosen-seed") == (
            "Тасування в цій кімнаті вибрав той, хто її створив: "
            "розклад може бути відомий заздалегідь"
        )
        for seat in (0, 1):
            bot = {"level": "easy", "token": creator}
            assert httpx.post(f"{base}/api/rooms/{room}/seats/{seat}/bot", json=bot).is_success
        assert httpx.post(f"{base}/api/rooms/{room}/start", json={"token": creator}).is_success
        ann.wait_for_selector(".game")  # a spectator's play page says it too
        assert "розклад може бути відомий заздалегідь" in ann.inner_text(".chosen-seed")
        english = browser.new_context(locale="en-GB").new_page()
        english.goto(f"{base}/r/{room}")
        english.wait_for_selector(".game .chosen-seed")
        assert "its layout may be known in advance" in english.inner_text(".chosen-seed")


def test_a_seated_person_of_a_room_made_before_creators_sees_the_creators_controls(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """A room stored before creator tokens: any seated person acts as its creator, and their page
    shows the bot controls and the Start button; a page holding no seat of it does not."""
    db = tmp_path / "games.db"
    store = Store(f"sqlite:///{db}")
    seats = [Seat(0, "person", "Ann", "", digest("ann-token")), Seat(1)]
    store.create_room(Room("older", "klepka", {"pairs": 4}, 9, 2, 0.0, {}, seats=seats))
    store.close()
    port = free_port()
    with running(db, port, reveal=0.3, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        stranger = browser.new_context(locale="en-GB").new_page()
        stranger.goto(f"{base}/r/older")
        stranger.wait_for_selector(".seat-open")
        assert not stranger.query_selector(".add-bot") and not stranger.query_selector(".start")
        ann = browser.new_context(locale="en-GB").new_page()
        ann.goto(base + "/")
        ann.evaluate(
            "localStorage.setItem('igroteka.room.older', JSON.stringify({0: 'ann-token'}))"
        )
        ann.goto(f"{base}/r/older")
        ann.wait_for_selector(".seat-open .add-bot")
        ann.click(".seat-open .add-bot")
        ann.wait_for_selector("button.start:not([disabled])")
        ann.click("button.start")
        ann.wait_for_selector(".game")
