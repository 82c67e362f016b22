"""The one JSON codec: canonical text and digests of JSON values."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from typing import Any


def dumps(value: Any) -> str:
    """Canonical JSON: sorted keys, no extra spaces, Unicode kept as it is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pretty(value: Any) -> str:
    """Readable JSON for people and files, Unicode kept as it is."""
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False)


def digest(value: Any) -> str:
    """A SHA-256 hex digest of the canonical JSON of a value."""
    return hashlib.sha256(dumps(value).encode("utf-8")).hexdigest()


def plain(value: Any) -> Any:
    """A JSON value for dataclasses, enums, tuples and sets, recursively.

    Sets become sorted lists, so equal values always give equal JSON.
    """
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    return value
