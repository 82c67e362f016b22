"""A game's web part is in its package and served beside the page's own: the page's files at
``/static/web/``, each registered game's ``web/`` at ``/static/games/<name>/web/``, so a game's
renderer imports the page's modules by one relative address on disk and in the browser. The
server names no game; a game without a web part is played with a plain board."""

from __future__ import annotations

from pathlib import Path

import pytest

from igroteka.games import game_names, register
from igroteka.server.app import game_web
from tests.games import tiny
from tests.server.support import server
from tests.test_guides import packaged

__all__ = ["packaged"]

BUILT_IN = ("klepka", "letters", "crossword", "associations")


def test_the_page_loads_its_own_files_from_static_web() -> None:
    with server() as client:
        page = client.get("/").text
        assert '<script type="module" src="/static/web/app.js">' in page
        assert '<link rel="stylesheet" href="/static/web/style.css">' in page
        for path in ("/static/web/app.js", "/static/web/style.css", "/static/web/table.js"):
            assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_games_renderer_strings_and_style_are_served_from_its_package(name: str) -> None:
    assert name in game_names() and game_web(name) is not None
    with server() as client:
        renderer = client.get(f"/static/games/{name}/web/renderer.js")
        assert renderer.status_code == 200
        assert "javascript" in renderer.headers["content-type"]
        assert 'from "../../../web/table.js"' in renderer.text  # the page's, one address
        assert client.get(f"/static/games/{name}/web/strings.js").status_code == 200
        style = client.get(f"/static/games/{name}/web/style.css")
        assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")


def test_nothing_of_a_games_package_but_its_web_part_is_served() -> None:
    with server() as client:
        for path in (
            "/static/games/klepka/rules.py",
            "/static/games/klepka/guide.json",
            "/static/games/klepka/web/../rules.py",
            "/static/games/nothing/web/renderer.js",
        ):
            assert client.get(path).status_code == 404, path


def test_a_game_with_a_package_of_its_own_has_its_web_part_served(packaged: Path) -> None:
    """A game added by its package and one registry line: the server serves its web part and
    its guide with no other edit."""
    with server() as client:
        assert client.get(f"/static/games/{tiny.NAME}/web/renderer.js").status_code == 200
        listed = {game["name"]: game["guide"] for game in client.get("/api/games").json()}
        assert listed[tiny.NAME] is True
        steps = client.get(f"/api/games/{tiny.NAME}/guide", params={"lang": "en"}).json()["steps"]
        assert steps[0]["figure"][0] == {"stones": 3}


def test_a_registered_game_without_a_web_part_is_listed_with_none_served() -> None:
    """The test's game from tests/games/tiny.py alone: listed (and played, its board plain:
    tests/web/test_declared_lobby.py), with no web part and no guide."""
    unregister = register(tiny.ENTRY)
    try:
        assert game_web(tiny.NAME) is None
        with server() as client:
            listed = {game["name"]: game["guide"] for game in client.get("/api/games").json()}
            assert listed[tiny.NAME] is False
            renderer = client.get(f"/static/games/{tiny.NAME}/web/renderer.js")
            assert renderer.status_code == 404
    finally:
        unregister()
