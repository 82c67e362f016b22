"""Fixtures shared by the test folders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The URL of an empty PostgreSQL database for one test (see tests/postgres.py)."""
    from tests.postgres import database, drop

    url, admin = database()
    yield url
    drop(url, admin)
