"""What a client's websocket frame says, or why it is refused: before anything else reads it.

    decode({"type": "websocket.receive", "text": '{"type": "ping"}'})  # {'type': 'ping'}

A frame is refused with a code (docs/protocol.md) when it is binary, too long,
nested deeper than :data:`MAX_DEPTH`, not JSON, not a JSON object, or holds a
lone surrogate (``"\\ud800"``) anywhere, a key included: such a string cannot
be written back as UTF-8, so nothing past this gate ever sees one, and no
refusal quotes one. The depth is counted before :func:`json.loads` runs, so a
thousand brackets never reach its recursion.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from igroteka.i18n import Text
from igroteka.server.errors import RoomError

__all__ = [
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "decode",
    "has_surrogate",
    "printable",
    "scrub",
    "surrogate_at",
]

MAX_MESSAGE = 16_384
"""The largest websocket message a client may send (characters)."""
MAX_DEPTH = 32
"""How deeply a message's arrays and objects may nest (a play of tiles on a board is 4 deep)."""

_TOKEN = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'(?:[^"\\]|\\.)*"', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def decode(frame: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON object a ``websocket.receive`` frame carries, or :class:`RoomError`.

    A message with few brackets cannot nest deeply: only one with more than
    :data:`MAX_DEPTH` of them is counted bracket by bracket."""
    text = frame.get("text")
    if text is None:
        raise RoomError(Text("a message must be text (JSON), not binary"), "binary")
    if len(text) > MAX_MESSAGE:
        raise RoomError(
            Text("a message is at most {count} characters", count=MAX_MESSAGE), "too-large"
        )
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(text) > MAX_DEPTH:
        raise RoomError(
            Text("a message nests at most {count} arrays or objects deep", count=MAX_DEPTH),
            "too-deep",
        )
    try:
        message = json.loads(text)
    except ValueError:
        raise RoomError(Text("a message must be JSON"), "bad-json") from None
    if (_SURROGATE.search(text) or _ESCAPED_SURROGATE.search(text)) and has_surrogate(message):
        raise RoomError(
            Text("a message must be Unicode text: it holds a lone surrogate"), "bad-text"
        )
    if not isinstance(message, dict):
        raise RoomError(Text("a message must be a JSON object"), "bad-message")
    return message


def depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest, its strings left out.

    >>> depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    deepest = level = at = 0
    while (found := _TOKEN.search(text, at)) is not None:
        at = found.end()
        if found.group() == '"':  # a string: skipped whole, so each character is read once
            rest = _STRING_REST.match(text, at)
            if rest is None:
                break  # never closed: not JSON, as json.loads will say
            at = rest.end()
        elif found.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def has_surrogate(value: Any) -> bool:
    """Whether a decoded JSON value holds a lone surrogate in any string or key."""
    return surrogate_at(value) is not None


def surrogate_at(value: Any, path: str = "") -> str | None:
    """Where the first lone surrogate of a decoded JSON value is (``options.deck``, ``seats.2``;
    ``""``: the value itself), or None when it has none.

    >>> surrogate_at({"a": ["x", "\\udc00"]}), surrogate_at({"a": "ok"})
    ('a.1', None)
    """
    if isinstance(value, str):
        return path if _SURROGATE.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            clean = isinstance(key, str) and not _SURROGATE.search(key)
            place = f"{path}.{key}".lstrip(".") if clean else path or "a key"
            found = place if not clean else surrogate_at(item, place)
            if found is not None:
                return found
    if isinstance(value, list):
        for number, item in enumerate(value):
            found = surrogate_at(item, f"{path}.{number}".lstrip("."))
            if found is not None:
                return found
    return None


def scrub(value: Any) -> Any:
    """A JSON value with every lone surrogate replaced by U+FFFD, so it can be sent back."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {scrub(key): scrub(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(item) for item in value]
    return value


def printable(value: Any, most: int = 32) -> str | None:
    """A client's word fit to be quoted back in a refusal (at most ``most`` characters), or
    None when it is not text or holds what a reader cannot see (controls, surrogates).

    >>> printable("dance"), printable(7), printable("a\\u0000b")
    ('dance', None, None)
    """
    if not isinstance(value, str) or not value.isprintable() or _SURROGATE.search(value):
        return None
    return value[:most]
