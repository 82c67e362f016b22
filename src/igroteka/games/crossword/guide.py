"""The crossword's own items in its guide (``guide.json``, checked by :mod:`igroteka.guides`;
the browser draws them as the board does, ``figure`` in ``web/renderer.js``):

=============================================  =============================================
``{"tile": "П", "points": 2}``                 a tile (``*``: a blank)
``{"board": ["..к..", "ПОЛка"],                a piece of a board: ``.`` empty, an upper-case
"centre": [0, 2]}``                            letter a tile there, a lower-case one a tile
                                               just laid; ``centre`` marks the star
                                               (optional)
=============================================  =============================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["FIGURES", "shape"]

FIGURES: dict[str, dict[str, Any]] = {
    "tile": {"tile": str, "points": int},
    "board": {"board": list, "centre?": list},
}
"""Each kind of item (its first key) and the keys it may have: a type, a value, or the values
allowed (``?``: it may be left out)."""


def shape(kind: str, item: Mapping[str, Any]) -> str | None:
    """What is wrong with an item's values beyond their types, or None.

    >>> shape("board", {"board": ["..к", "ПОЛ"], "centre": [2, 0]})
    'the centre is a cell of the board'
    """
    if kind == "tile" and len(item["tile"]) != 1:
        return "one letter"
    if kind == "board":
        rows = item["board"]
        if not rows or len({len(row) for row in rows}) != 1 or len(rows[0]) > 7 or len(rows) > 7:
            return "rows of one length, 7 cells at most, 7 rows at most"
        centre = item.get("centre", [0, 0])
        if len(centre) != 2 or not (0 <= centre[0] < len(rows) and 0 <= centre[1] < len(rows[0])):
            return "the centre is a cell of the board"
    return None
