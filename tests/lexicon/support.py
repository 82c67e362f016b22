"""A tiny dictionary for tests that build a real word index (the real one takes 90 s)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from igroteka.lexicon import index as index_module


def tiny_dictionary(
    monkeypatch: pytest.MonkeyPatch,
    cache: Path,
    words: Sequence[str],
    scans: list[str] | None = None,
) -> None:
    """Build indexes into ``cache`` from ``words`` alone, each build anew (not the cached one);
    every reading of the dictionary is noted in ``scans``."""
    monkeypatch.setenv("IGROTEKA_CACHE", str(cache))

    def forms(morph: Any) -> Iterator[tuple[str, Any, str]]:
        if scans is not None:
            scans.append("scan")
        for word in words:
            for parse in morph.parse(word):
                if parse.is_known and parse.word == word:
                    yield word, parse.tag, parse.normal_form

    monkeypatch.setattr(index_module, "_forms", forms)
    monkeypatch.setattr(index_module, "index", index_module.index.__wrapped__)
