"""The association game's own items in its guide (``guide.json``, checked by
:mod:`igroteka.guides`; the browser draws a card as the table does, ``figure`` in
``web/renderer.js``):

=============================================  =============================================
``{"story": ["🐋", "🏠"], "sky": ["#0b1033",     a card: one to three emoji on a sky of one to
"#2e3a6e"], "number": 2}``                     three colours; the number it shows on the
                                               table (optional)
``{"token": 2}``                               a voting token
=============================================  =============================================
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["FIGURES", "shape"]

FIGURES: dict[str, dict[str, Any]] = {
    "story": {"story": list, "sky": list, "number?": int},
    "token": {"token": int},
}
"""Each kind of item (its first key) and the keys it may have: a type, a value, or the values
allowed (``?``: it may be left out)."""

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def shape(kind: str, item: Mapping[str, Any]) -> str | None:
    """What is wrong with an item's values beyond their types, or None.

    >>> shape("story", {"story": ["🐋"], "sky": ["navy"]})
    'a sky of one to three colours (#rrggbb)'
    """
    if kind == "story":
        emoji, sky = item["story"], item["sky"]
        if not 0 < len(emoji) <= 3 or not all(isinstance(e, str) and e for e in emoji):
            return "one to three emoji"
        if not 0 < len(sky) <= 3 or not all(isinstance(c, str) and _COLOUR.match(c) for c in sky):
            return "a sky of one to three colours (#rrggbb)"
    return None
