"""The characters that text shown to other players (a name, a clue, a card's picture) may not
hold: control characters, and invisible format characters that change how the text around
them reads (U+202E turns it backwards, U+200B hides a break). The joiners of emoji and of
scripts that need them, and the tags of a flag's emoji, stay.

>>> hidden("Ann\\u202egnaG")
'\\u202e'
>>> code_of("\\u202e")
'U+202E'
>>> hidden("Оля 👨‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿") is None
True
"""

from __future__ import annotations

import unicodedata

__all__ = ["KEPT_FORMATS", "code_of", "hidden"]

KEPT_FORMATS = frozenset({0x200C, 0x200D, *range(0xE0020, 0xE0080)})
"""The format characters text may hold: ZWNJ and ZWJ (emoji sequences, scripts that need
them) and the tag characters of a flag's emoji (🏴 of England, of Scotland)."""


def hidden(text: str) -> str | None:
    """The first control character or unkept format character of ``text``, or ``None``."""
    for char in text:
        kind = unicodedata.category(char)
        if kind == "Cc" or (kind == "Cf" and ord(char) not in KEPT_FORMATS):
            return char
    return None


def code_of(char: str) -> str:
    """A character's code point as people write it: ``U+202E``."""
    return f"U+{ord(char):04X}"
