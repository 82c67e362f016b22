"""The refusals of the server: a code a program reads, and a reason a person reads.

    raise RoomError(Text("seat {number} is taken", number=2), "taken")

The code is the same in every language and says which refusal it is; the HTTP
status of each code is chosen in one table in ``app.py``, and a websocket sends
the code as it is. The reason is a :class:`~igroteka.i18n.Text`, translated at
the edge into the language of the request or the connection.
"""

from __future__ import annotations

__all__ = ["RoomError"]


class RoomError(Exception):
    """A request or a message the room refuses; nothing changed."""

    def __init__(self, reason: str, code: str) -> None:
        super().__init__(reason)
        self.reason, self.code = reason, code
