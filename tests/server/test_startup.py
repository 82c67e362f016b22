"""Starting: the server serves at once; each word game waits only for its language's dictionary.

The dictionaries are prepared here by a fake (:class:`SlowIndexes`) that goes as far as the
test says, without processes; tests/server/test_builders.py prepares real ones.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from igroteka.i18n import Text
from igroteka.lexicon.index import PrepareError
from igroteka.server import create_app
from igroteka.server.dictionaries import Dictionary
from igroteka.server.readiness import word_languages
from tests.server.support import (
    FAST,
    bot,
    connected,
    new_room,
    play_through,
    seat,
    server,
    start,
)

FULL = Text("the disk is full where the dictionaries are kept ({folder})", folder="/cache")


class SlowIndexes:
    """Word indexes not built yet, each prepared as far as the test lets it: 40% at once,
    then done (or failing with ``fails``) once its ``finish`` event is set."""

    def __init__(self, built: tuple[str, ...] = (), fails: Text | None = None) -> None:
        self.built = set(built)
        self.fails = fails
        self.finish = {lang: threading.Event() for lang in ("uk", "ru")}
        self.begun = {lang: threading.Event() for lang in ("uk", "ru")}
        self.warmed: list[tuple[str, str]] = []
        """Each language warmed, and the thread it was warmed on."""

    def is_built(self, lang: str) -> bool:
        return lang in self.built

    def prepare(self, lang: str, progress: Callable[[float], object]) -> None:
        progress(0.4)
        self.begun[lang].set()
        self.finish[lang].wait(10)
        if self.fails is not None:
            raise PrepareError(self.fails)
        progress(1.0)
        self.built.add(lang)

    def warm(self, lang: str) -> None:
        self.warmed.append((lang, threading.current_thread().name))

    def let_finish(self, *langs: str) -> None:
        for lang in langs:
            self.finish[lang].set()


class Watch:
    """An event per language set once it is ready (and its waiting games adopted), and one
    set once it has failed."""

    def __init__(self) -> None:
        self.ready = {lang: threading.Event() for lang in ("uk", "ru")}
        self.failed = {lang: threading.Event() for lang in ("uk", "ru")}


@contextmanager
def serving(
    indexes: SlowIndexes, url: str = "sqlite://", said: list[str] | None = None
) -> Iterator[tuple[TestClient, Watch]]:
    """A server whose dictionaries ``indexes`` prepares, once it serves, and its :class:`Watch`."""
    watch = Watch()

    async def became(lang: str) -> None:
        watch.ready[lang].set()

    app = create_app(url, FAST, indexes=indexes, say=(said if said is not None else []).append)
    words = app.state.dictionaries
    words.on_ready(became)
    shown = words.show

    def told(found: Dictionary) -> None:
        shown(found)
        if found.state == "failed":
            watch.failed[found.lang].set()

    words.show = told
    with TestClient(app) as client:
        for lang in ("uk", "ru"):
            if lang not in indexes.built:
                assert indexes.begun[lang].wait(10), "its preparation never began"
        with client.websocket_connect("/ws/-") as ws:  # the app has begun: it serves
            ws.close()
        try:
            yield client, watch
        finally:
            indexes.let_finish("uk", "ru")


def crossword(client: TestClient, lang: str, accept: str = "en") -> Any:
    body = {"game": "crossword", "players": 2, "options": {"lang": lang}}
    return client.post("/api/rooms", json=body, headers={"Accept-Language": accept})


def test_the_games_that_ask_the_lexicon_need_their_languages_indexes() -> None:
    """Klepka letters is Ukrainian; the crossword game is played in Russian or Ukrainian."""
    assert set(word_languages()) == {"uk", "ru"}
    assert word_languages(["letters"]) == ("uk",)
    assert set(word_languages(["crossword"])) == {"ru", "uk"}
    assert word_languages(["klepka"]) == ()


def test_klepka_is_made_seated_and_started_while_both_dictionaries_are_prepared() -> None:
    with serving(SlowIndexes()) as (client, _):
        assert client.get("/").status_code == 200
        assert client.get("/api/games").status_code == 200
        room = new_room(client, "klepka", 2, pairs=3)
        bot(client, room, 0, "easy")
        bot(client, room, 1, "easy")
        start(client, room)
        assert client.get(f"/api/rooms/{room}").json()["started"]
        answer = client.post("/api/rooms", json={"game": "associations", "players": 3})
        assert answer.status_code == 201  # the association game needs no dictionary either


def test_a_word_game_waits_for_its_languages_dictionary_and_says_how_far_it_is() -> None:
    with serving(SlowIndexes()) as (client, _):
        refused = crossword(client, "ru")
        assert refused.status_code == 503
        assert refused.json() == {
            "error": "preparing",
            "reason": "Erudit crossword in Russian can be played once its dictionary is ready: "
            "preparing it, 40%",
            "lang": "ru",
            "progress": 0.4,
        }
        said = crossword(client, "ru", "uk").json()["reason"]
        assert said == (
            "У «Ерудит» російською можна буде грати, щойно буде готовий словник: він готується, 40%"
        )
        letters = client.post("/api/rooms", json={"game": "letters", "players": 2})
        assert letters.status_code == 503 and letters.json()["lang"] == "uk"


def test_a_language_ready_opens_its_games_while_the_other_is_still_prepared() -> None:
    indexes = SlowIndexes()
    with serving(indexes) as (client, watch):
        indexes.let_finish("uk")
        assert watch.ready["uk"].wait(10)
        assert crossword(client, "uk").status_code == 201
        assert client.post("/api/rooms", json={"game": "letters", "players": 2}).status_code == 201
        assert crossword(client, "ru").status_code == 503
        assert indexes.warmed and indexes.warmed[0][0] == "uk"
        assert indexes.warmed[0][1] != threading.main_thread().name  # off the loop's thread


def test_a_word_room_stored_before_is_neither_started_nor_joined_until_its_dictionary_is_ready(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with serving(SlowIndexes(built=("uk", "ru")), url) as (client, _):
        room = crossword(client, "ru").json()["id"]
    with serving(SlowIndexes(built=("uk",)), url) as (client, _):
        assert client.get(f"/api/rooms/{room}").status_code == 200  # not started: nothing read
        with connected(client, room) as ws:
            message = ws.receive_json()
        assert message["type"] == "error" and message["error"] == "preparing"
        assert message["lang"] == "ru" and message["progress"] == 0.4


def test_starting_a_word_room_waits_for_its_dictionary(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    body = {"game": "crossword", "players": 2, "options": {"lang": "ru"}}
    with serving(SlowIndexes(built=("uk", "ru")), url) as (client, _):
        made = client.post("/api/rooms", json=body).json()
        room, creator = made["id"], made["creator"]
        for number in (0, 1):
            client.post(f"/api/rooms/{room}/seats/{number}/bot", json=_bot(creator))
    with serving(SlowIndexes(built=("uk",)), url) as (client, _):
        refused = client.post(f"/api/rooms/{room}/start", json={"token": creator})
        assert refused.status_code == 503 and refused.json()["error"] == "preparing"
        assert not client.get(f"/api/rooms/{room}").json()["started"]


def _bot(creator: str) -> dict[str, str]:
    return {"level": "easy", "token": creator}


def test_a_stored_word_game_is_adopted_once_its_dictionary_is_ready(tmp_path: Path) -> None:
    """A game of Klepka letters that went on when the server stopped waits for the Ukrainian
    dictionary, then goes on by itself; a Klepka game goes on at once."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    slow = dataclasses.replace(FAST, bot=3600.0)  # bots that wait: the games stay as stored
    rooms = {}
    with TestClient(create_app(url, slow, indexes=SlowIndexes(built=("uk", "ru")), say=print)) as c:
        for game in ("letters", "klepka"):
            made = c.post("/api/rooms", json={"game": game, "players": 2}).json()
            for number in (0, 1):
                c.post(f"/api/rooms/{made['id']}/seats/{number}/bot", json=_bot(made["creator"]))
            c.post(f"/api/rooms/{made['id']}/start", json={"token": made["creator"]})
            rooms[game] = made["id"]
    indexes = SlowIndexes(built=("ru",))
    with serving(indexes, url) as (client, watch):
        live = client.app.state.rooms  # type: ignore[attr-defined]
        refused = client.get(f"/api/rooms/{rooms['letters']}")
        assert refused.status_code == 503 and refused.json()["lang"] == "uk"
        assert client.get(f"/api/rooms/{rooms['klepka']}").json()["started"]
        assert rooms["letters"] not in live.rooms
        indexes.let_finish("uk")
        assert watch.ready["uk"].wait(10)
        assert rooms["letters"] in live.rooms  # adopted: its bots and timers go on
        assert client.get(f"/api/rooms/{rooms['letters']}").json()["started"]


def test_healthz_says_what_is_still_prepared_and_the_server_stays_ready() -> None:
    indexes = SlowIndexes()
    with serving(indexes) as (client, watch):
        assert client.get("/healthz").json() == {"ok": True, "preparing": {"uk": 0.4, "ru": 0.4}}
        indexes.let_finish("uk", "ru")
        assert watch.ready["uk"].wait(10) and watch.ready["ru"].wait(10)
        assert client.get("/healthz").json() == {"ok": True}


def test_the_lobby_reads_each_dictionarys_state_and_the_games_that_need_one() -> None:
    indexes = SlowIndexes()
    with serving(indexes) as (client, watch):
        indexes.let_finish("uk")
        assert watch.ready["uk"].wait(10)
        answer = client.get("/api/dictionaries", headers={"Accept-Language": "ru"})
        assert answer.status_code == 200
        assert answer.json() == {
            "languages": {
                "uk": {"state": "ready"},
                "ru": {
                    "state": "preparing",
                    "progress": 0.4,
                    "reason": "словарь готовится, 40%",
                },
            },
            "games": {"crossword": {"by_option": "lang"}, "letters": {"languages": ["uk"]}},
        }


def test_a_dictionary_that_cannot_be_prepared_is_said_once_and_everywhere() -> None:
    """A full disk: one line on the console, the reason in /healthz, /api/dictionaries and the
    refusal of its games; the games of no words go on."""
    said: list[str] = []
    indexes = SlowIndexes(fails=FULL)
    with serving(indexes, said=said) as (client, watch):
        indexes.let_finish("uk", "ru")
        assert watch.failed["uk"].wait(10) and watch.failed["ru"].wait(10)
        health = client.get("/healthz").json()
        assert health["ok"] is True
        assert health["failed"]["ru"] == str(FULL)
        listed = client.get("/api/dictionaries").json()["languages"]["ru"]
        assert listed == {"state": "failed", "reason": str(FULL)}  # the one sentence
        refused = crossword(client, "ru")
        assert refused.status_code == 503
        assert refused.json()["error"] == "no-dictionary"
        assert str(FULL) in refused.json()["reason"]
        assert new_room(client, "klepka", 2, pairs=3)
    failures = [line for line in said if "cannot be prepared" in line]
    assert sorted(failures) == [
        f"the {lang} dictionary cannot be prepared: {FULL}" for lang in ("ru", "uk")
    ]


def _until(check: Callable[[], bool]) -> None:
    event = threading.Event()
    for _ in range(1000):
        if check():
            return
        event.wait(0.01)
    raise AssertionError("it never happened")


def test_the_console_says_how_far_each_dictionary_is_and_how_long_it_took() -> None:
    said: list[str] = []
    indexes = SlowIndexes(built=("ru",))
    with serving(indexes, said=said) as (_, watch):
        indexes.let_finish("uk")
        assert watch.ready["uk"].wait(10)
    assert said[:2] == ["preparing the uk dictionary… 0%", "preparing the uk dictionary… 40%"]
    assert said[2].startswith("the uk dictionary is ready in ") and said[2].endswith(" s")
    assert len(said) == 3


def test_a_finished_game_is_not_replayed_at_start_and_comes_back_whole_when_asked(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url) as client:
        room = new_room(client, "klepka", 2, pairs=3)
        token = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        start(client, room)
        play_through(client, room, token, "klepka")
        record = client.get(f"/api/rooms/{room}/record").text
        steps = client.get(f"/api/rooms/{room}").json()["seq"]
    with server(url) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        assert room not in rooms.rooms  # ready, and not replayed
        answer = client.get(f"/api/rooms/{room}").json()
        assert answer["finished"] and answer["seq"] == steps
        assert client.get(f"/api/rooms/{room}/record").text == record
        with connected(client, room, token) as ws:
            assert ws.receive_json()["view"]["outcome"] is not None


def test_a_stored_room_is_loaded_when_first_asked_for_not_before_the_server_is_ready(
    tmp_path: Path,
) -> None:
    """Ready at once, whatever the store holds: a room waiting for its players is read from
    the store by the first request for it, and is the same room."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url) as client:
        room = new_room(client, "klepka", 2, pairs=3)
        seat(client, room, 0, "Ann")
        before = client.get(f"/api/rooms/{room}").json()
    with server(url) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        assert room not in rooms.rooms  # not started: nothing of it runs, nothing is read
        assert client.get(f"/api/rooms/{room}").json() == before
        assert room in rooms.rooms


def test_after_a_restart_a_game_of_bots_goes_on_though_nobody_asks_for_its_room(
    tmp_path: Path,
) -> None:
    """A game that goes on is adopted at start: its bots play on by themselves."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url, dataclasses.replace(FAST, bot=3600.0)) as client:  # bots that wait
        room = new_room(client, "klepka", 2, pairs=6)
        bot(client, room, 0, "easy")
        bot(client, room, 1, "easy")
        start(client, room)
        assert client.get(f"/api/rooms/{room}").json()["seq"] == 0
    with server(url) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        _until(lambda: room in rooms.rooms and rooms.rooms[room].authority.seq > 0)
