"""Klepka letters' own items in its guide (``guide.json``, checked by :mod:`igroteka.guides`;
the browser draws them with the table's card faces, ``figure`` in ``web/renderer.js``):

=============================================  =============================================
``{"letter": "К", "colour": "blue",            a letter card (colour: blue, yellow, red,
"points": 2}``                                 green)
``{"prize": "chaos"}``                         a prize card (polysemy, chaos, exchange)
=============================================  =============================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["FIGURES", "shape"]

FIGURES: dict[str, dict[str, Any]] = {
    "letter": {"letter": str, "colour": ("blue", "yellow", "red", "green"), "points": int},
    "prize": {"prize": ("polysemy", "chaos", "exchange")},
}
"""Each kind of item (its first key) and the keys it may have: a type, a value, or the values
allowed."""


def shape(kind: str, item: Mapping[str, Any]) -> str | None:
    """What is wrong with an item's values beyond their types, or None.

    >>> shape("letter", {"letter": "кі", "colour": "blue", "points": 1})
    'one letter'
    """
    if kind == "letter" and len(item["letter"]) != 1:
        return "one letter"
    return None
