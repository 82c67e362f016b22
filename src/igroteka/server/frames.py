"""What a client's websocket frame says, or why it is refused: before anything else reads it.

    decode({"type": "websocket.receive", "text": '{"type": "ping"}'})  # {'type': 'ping'}

A frame is refused with a code (docs/protocol.md) when it is binary, too long,
nested deeper than :data:`MAX_DEPTH`, not JSON (``NaN`` and ``Infinity`` are not), not
a JSON object, or holds a lone surrogate (``"\\ud800"``) anywhere, a key included:
such a string cannot be written back as UTF-8, so nothing past this gate ever sees
one, and no refusal quotes one. The depth is counted before :func:`json.loads` runs, so a
thousand brackets never reach its recursion.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from igroteka.i18n import Text
from igroteka.server.errors import RoomError

__all__ = [
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "NotANumber",
    "decode",
    "has_surrogate",
    "loads",
    "not_a_number_at",
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
        message = loads(text)
    except NotANumber:
        raise RoomError(
            Text("a message must be JSON: NaN and Infinity are not numbers of JSON"), "bad-json"
        ) from None
    except ValueError:
        raise RoomError(Text("a message must be JSON"), "bad-json") from None
    if (_SURROGATE.search(text) or _ESCAPED_SURROGATE.search(text)) and has_surrogate(message):
        raise RoomError(
            Text("a message must be Unicode text: it holds a lone surrogate"), "bad-text"
        )
    if not isinstance(message, dict):
        raise RoomError(Text("a message must be a JSON object"), "bad-message")
    return message


class NotANumber(ValueError):
    """A number JSON has no way to write: ``NaN``, ``Infinity``, or one too large for a float
    (``1e400``), which Python's reader would take all the same."""


def _constant(name: str) -> float:
    raise NotANumber(name)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise NotANumber(text)
    return number


def loads(text: str) -> Any:
    """JSON read as RFC 8259 writes it: :class:`NotANumber` for ``NaN``, ``Infinity`` and a
    number too large for a float, which :func:`json.loads` would take.

    >>> loads('{"x": 1.5}')
    {'x': 1.5}
    >>> loads('{"x": NaN}')
    Traceback (most recent call last):
    ...
    igroteka.server.frames.NotANumber: NaN
    """
    return json.loads(text, parse_constant=_constant, parse_float=_finite)


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


def surrogate_at(value: Any) -> str | None:
    """Where the first lone surrogate of a decoded JSON value is (``options.deck``, ``seats.2``;
    ``""``: the value itself), or None when it has none.

    >>> surrogate_at({"a": ["x", "\\udc00"]}), surrogate_at({"a": "ok"})
    ('a.1', None)
    """
    return _first(value, lambda item: isinstance(item, str) and bool(_SURROGATE.search(item)))


def not_a_number_at(value: Any) -> str | None:
    """Where the first number of a decoded JSON value is that JSON cannot write (``NaN``,
    ``Infinity``: a reader that is not strict takes them), or None when it has none.

    >>> not_a_number_at({"a": [1.5, float("nan")]}), not_a_number_at({"a": 2})
    ('a.1', None)
    """
    return _first(value, lambda item: isinstance(item, float) and not math.isfinite(item))


def _first(value: Any, bad: Callable[[Any], bool], path: str = "") -> str | None:
    """Where the first item of a decoded JSON value is that is ``bad`` (a key included)."""
    if bad(value):
        return path
    if isinstance(value, dict):
        for key, item in value.items():
            if bad(key):
                return path or "a key"
            found = _first(item, bad, f"{path}.{key}".lstrip("."))
            if found is not None:
                return found
    if isinstance(value, list):
        for number, item in enumerate(value):
            found = _first(item, bad, f"{path}.{number}".lstrip("."))
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
