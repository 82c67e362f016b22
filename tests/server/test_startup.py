"""Starting: /healthz says 503 and why until every word index is built and every room loaded."""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from igroteka.lexicon import index as index_module
from igroteka.server import create_app
from igroteka.server.readiness import LexiconIndexes, word_languages
from tests.lexicon.support import tiny_dictionary
from tests.server.support import FAST, bot, connected, new_room, play_through, seat, server, start


class SlowIndexes:
    """Word indexes that are not built, whose build waits until the test lets it finish."""

    def __init__(self, fails: bool = False) -> None:
        self.built: set[str] = set()
        self.finish = threading.Event()
        self.fails = fails

    def is_built(self, lang: str) -> bool:
        return lang in self.built

    def build(self, lang: str) -> None:
        self.finish.wait(10)
        if self.fails:
            raise OSError("no space left on the device")
        self.built.add(lang)


def until(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.01)


@pytest.fixture
def said() -> list[str]:
    return []


def test_the_games_that_ask_the_lexicon_need_their_languages_indexes() -> None:
    """Klepka letters is Ukrainian; the crossword game is played in Russian or Ukrainian."""
    assert set(word_languages()) == {"uk", "ru"}
    assert word_languages(["letters"]) == ("uk",)
    assert set(word_languages(["crossword"])) == {"ru", "uk"}
    assert word_languages(["klepka"]) == ()


def test_while_a_word_index_is_built_healthz_answers_503_with_what_the_server_does(
    said: list[str],
) -> None:
    indexes = SlowIndexes()
    with TestClient(create_app("sqlite://", FAST, indexes=indexes, say=said.append)) as client:
        until(lambda: said)  # the build has begun
        answer = client.get("/healthz")
        assert answer.status_code == 503
        assert answer.json() == {
            "ok": False,
            "error": "starting",
            "reason": "the server is starting: building the uk word index",
        }
        in_ukrainian = client.get("/healthz", headers={"Accept-Language": "uk"}).json()
        assert in_ukrainian["reason"] == "сервер запускається: будує словниковий покажчик (uk)"
        assert said == ["building the uk word index (once; about three minutes)… "]
        indexes.finish.set()
        until(lambda: client.get("/healthz").status_code == 200)
        assert client.get("/healthz").json() == {"ok": True}
        assert said[1].startswith("done in ") and said[1].endswith(" s\n")
        assert indexes.built == {"uk", "ru"}  # Klepka letters' and the crossword game's


def test_the_lobby_and_the_game_wait_until_the_server_is_ready(said: list[str]) -> None:
    indexes = SlowIndexes()
    with TestClient(create_app("sqlite://", FAST, indexes=indexes, say=said.append)) as client:
        until(lambda: said)
        refused = client.post("/api/rooms", json={"game": "klepka", "players": 2})
        assert refused.status_code == 503 and refused.json()["error"] == "starting"
        ukrainian = client.get("/api/rooms", headers={"accept-language": "uk"})
        assert ukrainian.status_code == 503  # said in the asker's language
        assert ukrainian.json()["reason"] != refused.json()["reason"]
        assert ukrainian.json()["reason"].startswith("сервер")
        with connected(client, "anything") as ws:
            message = ws.receive_json()
        assert message["type"] == "error" and message["error"] == "starting"
        assert client.get("/").status_code == 200  # the page itself is there, and says so
        indexes.finish.set()
        until(lambda: client.get("/healthz").status_code == 200)
        assert client.post("/api/rooms", json={"game": "klepka", "players": 2}).status_code == 201


def test_a_server_whose_index_cannot_be_built_says_why_and_stays_unready(
    said: list[str],
) -> None:
    indexes = SlowIndexes(fails=True)
    indexes.finish.set()
    app = create_app("sqlite://", FAST, indexes=indexes, say=said.append)
    with TestClient(app, raise_server_exceptions=False) as client:
        until(lambda: client.get("/healthz").json().get("error") == "failed")
        answer = client.get("/healthz")
        assert answer.status_code == 503
        assert "no space left on the device" in answer.json()["reason"]


@pytest.mark.slow
def test_stored_rooms_are_there_once_the_server_says_it_is_ready(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(url, FAST, indexes=SlowIndexes(), say=print)) as client:
        client.app.state.readiness.done()  # type: ignore[attr-defined]  # (no build here)
        room = new_room(client, "klepka", 2, pairs=3)
        seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
    indexes = SlowIndexes()
    indexes.built.update({"uk", "ru"})
    with TestClient(create_app(url, FAST, indexes=indexes, say=print)) as client:
        until(lambda: client.get("/healthz").status_code == 200)
        assert client.get(f"/api/rooms/{room}").json()["started"]


def test_the_first_start_builds_the_missing_word_index_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, said: list[str]
) -> None:
    """The real build, into an empty cache, from a tiny dictionary (the real one takes 90 s)."""
    tiny_dictionary(monkeypatch, tmp_path, ["кіт", "тік", "стіл", "молоко"])
    assert not index_module.is_built("uk")
    with TestClient(create_app("sqlite://", FAST, indexes=LexiconIndexes(), say=said.append)) as c:
        until(lambda: c.get("/healthz").status_code == 200, 60)
    assert index_module.is_built("uk")
    assert said[0] == "building the uk word index (once; about three minutes)… "
    assert said[1].startswith("done in ")
    said.clear()
    with TestClient(create_app("sqlite://", FAST, indexes=LexiconIndexes(), say=said.append)) as c:
        until(lambda: c.get("/healthz").status_code == 200)
    assert said == []  # built once: the next start says nothing and builds nothing


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
        until(lambda: room in rooms.rooms and rooms.rooms[room].authority.seq > 0)
