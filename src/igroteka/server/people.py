"""The people of a room beside the game: avatars, reactions, and seats moved between devices.

    AVATARS[0], avatar_for(3, "")           # a seat's avatar: its person's choice, or by seat
    reactions = Reactions(every=2.0)
    reactions.check(seat=0, emoji="👍")      # refused (RoomError) when not one of REACTIONS,
                                            # or within ``every`` seconds of the seat's last
    moves = MoveCodes(lasts=600.0)
    code = moves.issue(seat=1)              # a one-time code; moves.use(1, code) spends it

Nothing here knows a game. A reaction is one of a few emoji, never free text: a table of
children meets no stranger's words. A move code is kept only as its digest, in memory (a
code outlives no restart: it lasts minutes, and a new one is asked for in a click).
"""

from __future__ import annotations

import hashlib
import io
import re
import secrets
import time

import segno

from igroteka.i18n import Text
from igroteka.server.errors import RoomError, TooMany

__all__ = [
    "AVATARS",
    "BOT_AVATAR",
    "REACTIONS",
    "MoveCodes",
    "Reactions",
    "avatar_for",
    "checked_avatar",
    "move_link",
    "qr_svg",
]

AVATARS = (
    "🦊", "🐻", "🐼", "🐨", "🐯", "🦁", "🐸", "🐵",
    "🐰", "🐱", "🐶", "🐧", "🦉", "🐢", "🐙", "🦄",
)  # fmt: skip
"""The avatars a person may choose when taking a seat; a seat's default is drawn by its number."""
BOT_AVATAR = "🤖"
REACTIONS = ("👍", "😀", "😮", "🤔", "👏", "🎉")
"""The reactions a seated player may send (docs/protocol.md, ``react``)."""


def avatar_for(seat: int, chosen: str) -> str:
    """A person's avatar: the one chosen (one of :data:`AVATARS`), else the seat's default.

    >>> avatar_for(1, ""), avatar_for(1, "🐙")
    ('🐻', '🐙')
    """
    return chosen if chosen in AVATARS else AVATARS[seat % len(AVATARS)]


def checked_avatar(chosen: str) -> str:
    """An avatar asked for with a seat: "" (the seat's default) or one of :data:`AVATARS`."""
    if chosen and chosen not in AVATARS:
        raise RoomError(Text("an avatar is one of {choices}", choices=" ".join(AVATARS)), "avatar")
    return chosen


class Reactions:
    """Which reactions are allowed: one of :data:`REACTIONS`, one per seat every ``every`` s.

    >>> reactions = Reactions(every=2.0)
    >>> reactions.check(0, "👍", now=10.0), reactions.check(1, "🎉", now=10.5)
    ('👍', '🎉')
    >>> reactions.check(0, "👏", now=11.0)
    Traceback (most recent call last):
    igroteka.server.errors.TooMany: one reaction every 2 seconds: wait a moment
    """

    def __init__(self, every: float) -> None:
        self.every = every
        self.last: dict[int, float] = {}

    def check(self, seat: int, emoji: object, now: float | None = None) -> str:
        """The reaction, allowed (and counted); else RoomError (nothing is sent)."""
        if not isinstance(emoji, str) or emoji not in REACTIONS:
            raise RoomError(
                Text("a reaction is one of {choices}", choices=" ".join(REACTIONS)), "reaction"
            )
        now = time.monotonic() if now is None else now
        wait = self.last.get(seat, -self.every) + self.every - now
        if wait > 0:
            raise TooMany(
                Text(
                    "one reaction every {seconds} {seconds:second|seconds}: wait a moment",
                    seconds=round(self.every),
                ),
                "too-many-reactions",
                wait,
            )
        self.last[seat] = now
        return emoji


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


class MoveCodes:
    """One-time codes that move a seat to another device: one per seat at a time (a new one
    replaces the last), each lasting ``lasts`` seconds and spent by its first use.

    >>> moves = MoveCodes(lasts=600.0)
    >>> code = moves.issue(2, now=0.0)
    >>> moves.use(2, code, now=10.0)
    >>> moves.use(2, code, now=11.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    igroteka.server.errors.RoomError: this link has been used, ...
    """

    def __init__(self, lasts: float) -> None:
        self.lasts = lasts
        self.codes: dict[int, tuple[str, float]] = {}
        """By seat: the digest of its code, and when the code expires (monotonic)."""

    def issue(self, seat: int, now: float | None = None) -> str:
        now = time.monotonic() if now is None else now
        code = secrets.token_urlsafe(18)
        self.codes[seat] = (_digest(code), now + self.lasts)
        return code

    def use(self, seat: int, code: object, now: float | None = None) -> None:
        """Spend a seat's code, or RoomError ``bad-code`` (used, expired, wrong)."""
        now = time.monotonic() if now is None else now
        kept = self.codes.get(seat)
        if (
            kept is None
            or not isinstance(code, str)
            or now >= kept[1]
            or not secrets.compare_digest(kept[0], _digest(code))
        ):
            if kept is not None and now >= kept[1]:
                del self.codes[seat]
            raise RoomError(
                Text("this link has been used, has expired or is wrong: ask for a new one"),
                "bad-code",
            )
        del self.codes[seat]

    def forget(self, seat: int) -> None:
        """The seat changed hands: its code, if any, moves nobody."""
        self.codes.pop(seat, None)


_ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]{1,200}")


def move_link(origin: str | None, room: str, seat: int, code: str) -> str | None:
    """The link that moves a seat, on the page's own origin (the request's ``Origin``, which a
    browser sends with a POST), or None without one. The code is in the fragment: a browser
    never sends a fragment to a server, so no log ever holds it.

    >>> move_link("https://igroteka.example", "r1", 2, "abc")
    'https://igroteka.example/r/r1#move=2.abc'
    >>> move_link("javascript:alert(1)", "r1", 2, "abc") is None
    True
    """
    if origin is None or not _ORIGIN.fullmatch(origin):
        return None
    return f"{origin}/r/{room}#move={seat}.{code}"


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an SVG document (black on white, 4 px a module).

    >>> qr_svg("https://igroteka.example/r/r1#move=2.abc").startswith("<svg")
    True
    """
    out = io.BytesIO()
    code = segno.make(text, error="m")
    code.save(out, kind="svg", scale=4, border=2, xmldecl=False, light="#fff")
    return out.getvalue().decode()
