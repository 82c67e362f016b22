"""The refusals of the server: a code a program reads, and a reason a person reads.

    raise RoomError(Text("seat {number} is taken", number=2), "taken")

The code is the same in every language and says which refusal it is; the HTTP
status of each code is chosen in one table here (:data:`STATUS`), and a websocket sends
the code as it is. The reason is a :class:`~igroteka.i18n.Text`, translated at
the edge into the language of the request or the connection.
"""

from __future__ import annotations

from typing import Any

from igroteka.i18n import Text, translate

__all__ = ["STATUS", "Moved", "Preparing", "RoomError", "TooMany", "refused_for", "status"]


class RoomError(Exception):
    """A request or a message the room refuses; nothing changed."""

    def __init__(self, reason: str, code: str) -> None:
        super().__init__(reason)
        self.reason, self.code = reason, code

    def details(self) -> dict[str, Any]:
        """What a program reads of the refusal besides its code and reason (none here)."""
        return {}


class TooMany(RoomError):
    """A refusal for a limit met (429): ``retry_after`` seconds until it would be allowed."""

    def __init__(self, reason: str, code: str, retry_after: float) -> None:
        super().__init__(reason, code)
        self.retry_after = retry_after


class Moved(RoomError):
    """The room is held by another server process, or is changing hands (503): the client
    tries again in a moment, and is then served by whichever process holds it."""

    def __init__(self) -> None:
        super().__init__(
            Text("this room is being moved to another server of this site: try again in a moment"),
            "moved",
        )


class Preparing(RoomError):
    """A language's dictionary is not ready (503): ``preparing`` while it is made (with how
    far it is, ``progress`` 0 to 1), ``no-dictionary`` when it cannot be (the reason says
    why). Asked of what needs that language alone: the games of no words go on."""

    def __init__(self, reason: str, lang: str, progress: float | None) -> None:
        super().__init__(reason, "preparing" if progress is not None else "no-dictionary")
        self.lang, self.progress = lang, progress

    def details(self) -> dict[str, Any]:
        said: dict[str, Any] = {"lang": self.lang}
        if self.progress is not None:
            said["progress"] = round(self.progress, 3)
        return said


STATUS = {
    "bad-request": 422,
    "token-in-url": 400,
    "bad-join": 400,
    "no-join": 408,
    "options": 400,
    "level": 400,
    "no-name": 400,
    "bad-name": 400,
    "seed": 400,
    "bad-token": 403,
    "not-creator": 403,
    "origin": 403,
    "no-room": 404,
    "no-route": 404,
    "no-seat": 404,
    "no-step": 404,
    "taken": 409,
    "started": 409,
    "open-seats": 409,
    "not-held": 409,
    "present": 409,
    "not-started": 409,
    "not-over": 409,
    "method": 405,
    "gone": 410,
    "no-image": 404,
    "no-guide": 404,
    "too-large": 413,
    "too-many-pixels": 413,
    "not-image": 415,
    "bad-image": 422,
    "too-many-uploads": 429,
    "internal": 500,
    "too-many-rooms": 429,
    "too-many-seat-requests": 429,
    "too-many-connections": 429,
    "room-full": 429,
    "too-many-spectators": 429,
    "too-fast": 429,
    "too-many-reactions": 429,
    "avatar": 400,
    "reaction": 400,
    "bad-code": 403,
    "starting": 503,
    "preparing": 503,
    "no-dictionary": 503,
    "failed": 503,
    "not-stored": 503,
    "moved": 503,
    "no-redis": 503,
}
"""The HTTP status of each refusal's code (400 for a code not listed)."""


def status(code: str) -> int:
    return STATUS.get(code, 400)


def refused_for(
    code: str, reason: str, lang: str, details: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A refusal's code and its reason in ``lang`` (an HTTP answer; a websocket adds its type),
    and its ``details`` (:meth:`RoomError.details`)."""
    return {"error": code, "reason": translate(reason, lang), **(details or {})}
