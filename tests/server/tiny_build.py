"""A builder's tiny dictionary (a few words instead of millions: seconds, not minutes), for
the tests whose word indexes are built by real builder processes. A builder calls
:func:`tiny` first (``LexiconIndexes(before=tiny)``), which sets up the lexicon tests' tiny
dictionary (tests/lexicon/support.py) in that process; each reading of the dictionary is
written down in the cache folder (``scans``: its builder's process), so that a test counts
them across processes."""

from __future__ import annotations

import os

import pytest

from igroteka.lexicon import index as index_module
from tests.lexicon.support import tiny_dictionary

WORDS = ("кіт", "тік", "стіл", "молоко", "кот", "стол")


class Scans(list[str]):
    """The readings of the dictionary, each written down in the cache folder too."""

    def append(self, what: str) -> None:
        super().append(what)
        with open(index_module.cache_dir() / "scans", "a", encoding="utf-8") as scans:
            scans.write(f"{os.getpid()}\n")


def tiny() -> None:
    tiny_dictionary(pytest.MonkeyPatch(), index_module.cache_dir(), WORDS, Scans())


def loaded() -> tuple[int, list[str]]:
    """In a worker: its parent's process, and the languages its parent loaded."""
    from igroteka.server import preload

    return os.getppid(), list(preload.LOADED)
