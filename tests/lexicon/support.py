"""A tiny dictionary for tests that build a real word index (the real one takes 90 s)."""

from __future__ import annotations

from collections.abc import Sequence
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

    def keys(dictionary: Any) -> list[str]:
        if scans is not None:
            scans.append("scan")
        import dawg

        return sorted(
            key
            for word in words
            for key in dawg.CompletionDAWG.keys(dictionary.words, word + "\x01")
        )

    monkeypatch.setattr(index_module, "_keys", keys)
    monkeypatch.setattr(index_module, "index", index_module.index.__wrapped__)
