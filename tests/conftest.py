"""Fixtures shared by the test folders."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The URL of an empty PostgreSQL database for one test (see tests/postgres.py)."""
    from tests.postgres import database, drop

    url, admin = database()
    yield url
    drop(url, admin)


@pytest.fixture
def redis_url() -> str:
    """The URL of a Redis server that answers (see tests/redis_server.py)."""
    from tests.redis_server import server

    return server()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A store URL of each kind: a SQLite file, and an empty PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return str(request.getfixturevalue("postgres_url"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Both word indexes built before any test (seconds, once per version of the lexicon): a
    server ready at once answers a word game 503 while its dictionary is prepared, so a test
    that plays one would meet that instead of the game. A fresh machine (CI) builds them here,
    as `igroteka words prepare` does."""
    from igroteka.lexicon.index import prepare

    for lang in ("uk", "ru"):
        prepare(lang)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests `make check` leaves out: the browser's and PostgreSQL's."""
    for item in items:
        if "tests/web/" in item.nodeid:
            item.add_marker(pytest.mark.browser)
        if {"postgres_url", "redis_url"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
