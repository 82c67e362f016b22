"""Klepka's own items in its guide (``guide.json``, checked by :mod:`igroteka.guides`; the
browser draws them with the table's card faces, ``figure`` in ``web/renderer.js``):

=============================================  =============================================
``{"picture": "🍎"}``, ``{"word": "яблуко"}``    a picture card, a word card
``{"syncope": true}``                          the Syncope prize card
=============================================  =============================================
"""

from __future__ import annotations

from typing import Any

__all__ = ["FIGURES"]

FIGURES: dict[str, dict[str, Any]] = {
    "picture": {"picture": str},
    "word": {"word": str},
    "syncope": {"syncope": True},
}
"""Each kind of item (its first key) and the keys it may have: a type, a value, or the values
allowed."""
