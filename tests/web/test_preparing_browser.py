"""While the server starts, cannot be reached, or still prepares a word game's dictionary, the
page says so in the person's language and carries on by itself, without a reload (issue 39).

The server that cannot be reached stands behind a front (as a site's web server stands in front
of its game server): the front serves the page's files itself and answers 502 for the API
while nothing listens behind it, until a game server starts there. The dictionary prepared is
a fake of the server's word indexes (``create_app(..., indexes=...)``) whose Russian stays at
40% until the test lets it finish."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import igroteka
from igroteka.i18n import Text
from igroteka.lexicon.index import PrepareError
from igroteka.server import create_app
from tests.server.support import FAST, free_port, serving
from tests.web.test_browser import browser

__all__ = ["browser"]

pytestmark = pytest.mark.browser

PACKAGE = Path(igroteka.__file__).parent
WEB = PACKAGE / "web"


class Built:
    """Word indexes that are all built: a server that prepares nothing (and reads no lexicon)."""

    def is_built(self, lang: str) -> bool:
        return True

    def prepare(self, lang: str, progress: Callable[[float], object]) -> None:
        progress(1.0)


class RussianPrepared:
    """Word indexes where Ukrainian is built and Russian is being prepared: 40% until the test
    sets ``finish``."""

    def __init__(self) -> None:
        self.built = {"uk"}
        self.finish = threading.Event()

    def is_built(self, lang: str) -> bool:
        return lang in self.built

    def prepare(self, lang: str, progress: Callable[[float], object]) -> None:
        progress(0.4)
        self.finish.wait(120)
        self.built.add(lang)
        progress(1.0)


def front(backend: str) -> Starlette:
    """A site's front: the page and its files from disk, everything else passed to the game
    server at ``backend``, and 502 Bad Gateway while nothing answers there."""

    async def page(_: Request) -> FileResponse:
        return FileResponse(WEB / "index.html", media_type="text/html")

    async def passed(request: Request) -> Response:
        url = f"{backend}{request.url.path}"
        headers = {
            k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")
        }
        try:
            async with httpx.AsyncClient() as client:
                answer = await client.request(
                    request.method,
                    url,
                    params=request.query_params,
                    headers=headers,
                    content=await request.body(),
                )
        except httpx.TransportError:
            return Response("Bad Gateway", 502, media_type="text/plain")
        kept = {
            k: v
            for k, v in answer.headers.items()
            if k.lower() in ("content-type", "content-language")
        }
        return Response(answer.content, answer.status_code, headers=kept)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/r/{room}", page),
            Mount("/static/web", StaticFiles(directory=WEB)),
            Mount("/static/games", StaticFiles(directory=PACKAGE / "games")),
            Route("/{path:path}", passed, methods=["GET", "POST", "PUT", "DELETE"]),
        ]
    )


def game_server(url: str, port: int, indexes: Any = None) -> Any:
    """A game server over the store at ``url``, at ``port``."""
    return serving(create_app(url, FAST, indexes=indexes or Built()), port)


def waiting_text(page: Any) -> str:
    page.wait_for_selector(".server-waiting .server-trouble:not(:empty)", timeout=15_000)
    return str(page.locator(".server-waiting").inner_text())


def test_the_page_says_something_before_any_script_runs(browser: Any) -> None:
    with serving(front(f"http://127.0.0.1:{free_port()}"), free_port()) as base:
        page = browser.new_context(java_script_enabled=False).new_page()
        page.goto(base + "/")
        said = page.locator("#main").inner_text()
        assert "Loading…" in said and "Завантаження…" in said and "Загрузка…" in said


def test_a_lobby_opened_while_the_server_is_down_says_so_and_appears_by_itself(
    browser: Any,
) -> None:
    port = free_port()
    with serving(front(f"http://127.0.0.1:{port}"), free_port()) as base:
        page = browser.new_context(locale="uk-UA").new_page()
        page.goto(base + "/")
        said = waiting_text(page)
        assert re.search(
            r"Не вдається зв’язатися із сервером: (пробуємо знову через \d+ с|пробуємо…)", said
        )
        assert "відкриється сама" in said  # no reload needed, and the family is told so
        assert page.locator(".server-waiting button.try-now").inner_text() == "Спробувати зараз"
        # the person switches the page to English: what it says follows, still waiting
        page.select_option("#lang", "en")
        page.wait_for_selector(".server-trouble:text-is('Cannot reach the server')")
        assert not page.query_selector("#new-game")
        with game_server("sqlite://", port):
            page.wait_for_selector("#new-game .game-card", timeout=20_000)  # no reload
            assert not page.query_selector(".server-waiting")
            assert page.locator("#open-rooms-title").inner_text() == "Open rooms"
            assert not page.locator(".lobby-offline").is_visible()
        # the server goes away again: the lobby stays, and says its list may be out of date
        page.wait_for_selector(".lobby-offline", timeout=15_000)
        assert page.locator(".lobby-offline").inner_text().startswith("Cannot reach the server")
        assert page.query_selector("#new-game .game-card")
        with game_server("sqlite://", port):
            page.wait_for_selector(".lobby-offline", state="hidden", timeout=15_000)


def test_a_room_link_opened_while_the_server_is_down_opens_the_room_once_it_is_back(
    browser: Any, tmp_path: Path
) -> None:
    port = free_port()
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with game_server(url, port) as server:
        made = httpx.post(f"{server}/api/rooms", json={"game": "klepka", "players": 2})
        assert made.status_code == 201, made.text
        room = made.json()["id"]
    with serving(front(f"http://127.0.0.1:{port}"), free_port()) as base:
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(f"{base}/r/{room}")
        said = waiting_text(page)
        assert "Cannot reach the server" in said
        assert "There is no such room" not in page.locator("#main").inner_text()
        page.click(".try-now")  # trying at once changes nothing while it is down
        assert "Cannot reach the server" in waiting_text(page)
        with game_server(url, port):
            page.wait_for_selector(".seats", timeout=20_000)
            assert not page.query_selector(".server-waiting")


def test_a_room_of_a_word_game_opened_while_its_dictionary_is_prepared_says_so_and_opens_by_itself(
    browser: Any, tmp_path: Path
) -> None:
    """A Russian Erudit begun before a restart whose Russian dictionary is prepared again."""
    port = free_port()
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with game_server(url, port) as server:
        made = httpx.post(
            f"{server}/api/rooms",
            json={"game": "crossword", "players": 2, "options": {"lang": "ru"}},
        )
        room, creator = made.json()["id"], made.json()["creator"]
        for seat, name in enumerate(["Ann", "Bob"]):
            httpx.post(
                f"{server}/api/rooms/{room}/seats/{seat}", json={"name": name}
            ).raise_for_status()
        httpx.post(f"{server}/api/rooms/{room}/start", json={"token": creator}).raise_for_status()
    indexes = RussianPrepared()
    with game_server(url, port, indexes) as base:
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(f"{base}/r/{room}")
        said = waiting_text(page)
        reason = "Erudit crossword in Russian can be played once its dictionary is ready"
        assert f"{reason}: preparing it, 40%" in said
        assert "opens as soon as the server can show it" in said
        assert "There is no such room" not in page.locator("#main").inner_text()
        indexes.finish.set()
        page.wait_for_selector("section.game-crossword", timeout=15_000)  # the table, no reload
        assert not page.query_selector(".server-waiting")


def card_line(page: Any, game: str) -> str:
    line = page.locator(f".game-card[data-game={game}] .game-card-dictionary")
    return str(line.inner_text()) if line.is_visible() else ""


def test_a_word_game_whose_dictionary_is_being_prepared_says_so_and_opens_by_itself(
    browser: Any,
) -> None:
    indexes = RussianPrepared()
    with serving(create_app("sqlite://", FAST, indexes=indexes), free_port()) as base:
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(base + "/")
        page.wait_for_selector("#new-game .game-card")
        # the crossword game is played in Russian by default: its card says it is prepared,
        # how far, and that Ukrainian is ready
        page.wait_for_selector(
            ".game-card[data-game=crossword] .game-card-dictionary:not([hidden])"
        )
        line = card_line(page, "crossword")
        assert line.startswith("Erudit crossword, Russian: preparing the dictionary, 40%")
        assert "Ready to play now: Ukrainian" in line
        assert card_line(page, "letters") == ""  # Klepka letters is Ukrainian: ready
        assert card_line(page, "klepka") == ""  # no words: nothing to wait for
        page.click(".game-card[data-game=crossword]")
        submit = page.locator("#new-game button[type=submit]")
        bots = page.locator("#play-bots")
        assert submit.is_disabled() and bots.is_disabled()
        note = page.locator("#dictionary-note-submit").inner_text()
        assert note.startswith(
            "Erudit crossword (Russian) can be created as soon as its dictionary is ready: "
            "preparing the dictionary, 40%. The button turns on by itself"
        )
        assert "choose it in “Language and tiles”" in note
        assert page.locator("#dictionary-note").inner_text() == note  # beside the bots' button too
        # Ukrainian is ready: chosen, the game can be made at once; Russian again, it cannot
        page.select_option("#option-lang", "uk")
        assert submit.is_enabled() and bots.is_enabled()
        assert not page.locator("#dictionary-note-submit").is_visible()
        page.select_option("#option-lang", "ru")
        assert submit.is_disabled()
        page.fill("#turn-timer", "45")  # typed while it waits: kept when it is ready
        # said in the page's language when the person changes it
        page.select_option("#lang", "uk")
        page.wait_for_selector(
            "#dictionary-note-submit:has-text('«Ерудит» (російська) можна буде створити')"
        )
        assert page.input_value("#option-lang") == "ru"  # the choice is kept through the change
        assert card_line(page, "crossword").startswith("Ерудит, російська: готуємо словник, 40%")
        page.select_option("#lang", "en")
        page.wait_for_selector("#dictionary-note-submit:text-matches('^Erudit crossword')")
        # the dictionary is ready: the form opens by itself, no reload, and says so once
        indexes.finish.set()
        page.wait_for_selector("#new-game button[type=submit]:not([disabled])", timeout=15_000)
        assert bots.is_enabled()
        assert card_line(page, "crossword") == ""
        assert not page.locator("#dictionary-note").is_visible()
        assert page.locator("#toast").inner_text().startswith("Dictionary ready (Russian)")
        assert page.input_value("#turn-timer") == "45"
        assert page.input_value("#option-lang") == "ru"


def test_a_room_refused_for_its_dictionary_says_why_on_the_form_and_keeps_what_was_typed(
    browser: Any,
) -> None:
    """The page believed the dictionary ready (an answer of an older server, which does not
    say): the server's refusal stays on the form, with what was typed."""
    indexes = RussianPrepared()
    with serving(create_app("sqlite://", FAST, indexes=indexes), free_port()) as base:
        page = browser.new_context(locale="en-GB").new_page()
        page.route(
            "**/api/dictionaries",
            lambda route: route.fulfill(status=404, json={"error": "no-route"}),
        )
        page.goto(base + "/")
        page.wait_for_selector("#new-game .game-card")
        page.click(".game-card[data-game=crossword]")
        assert card_line(page, "crossword") == ""  # an older server: everything is taken as ready
        page.fill("#players", "3")
        page.fill("#turn-timer", "30")
        page.click("#new-game button[type=submit]")
        problem = page.locator("#new-game .form-error")
        problem.wait_for()
        said = problem.inner_text()
        assert "dictionary" in said and "40%" in said, said
        time.sleep(1.5)  # it does not vanish as a toast would
        assert problem.inner_text() == said
        assert page.url.rstrip("/") == base  # still in the lobby, with what was typed
        assert page.input_value("#players") == "3"
        assert page.input_value("#turn-timer") == "30"
        indexes.finish.set()


def test_a_language_that_cannot_be_prepared_says_why_and_the_others_stay_playable(
    browser: Any,
) -> None:
    class Failing(RussianPrepared):
        def prepare(self, lang: str, progress: Callable[[float], object]) -> None:
            raise PrepareError(Text("no space left on the device"))

    with serving(create_app("sqlite://", FAST, indexes=Failing()), free_port()) as base:
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(base + "/")
        page.wait_for_selector(
            ".game-card[data-game=crossword] .game-card-dictionary:not([hidden])"
        )
        page.click(".game-card[data-game=crossword]")
        page.wait_for_selector("#dictionary-note-submit:not([hidden])")
        note = page.locator("#dictionary-note-submit").inner_text()
        assert note.startswith("Erudit crossword (Russian) cannot be played on this server:"), note
        assert "no space left on the device" in note
        assert page.locator("#new-game button[type=submit]").is_disabled()
        page.select_option("#option-lang", "uk")
        assert page.locator("#new-game button[type=submit]").is_enabled()
