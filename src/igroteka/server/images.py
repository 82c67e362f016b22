"""Pictures people upload for their own decks: checked, drawn again, and kept in the store.

    picture = clean(data)          # a Picture (WebP), or RoomError saying why not
    store.add_image(new_id(), picture.media_type, picture.data, created=time.time())

An upload is PNG, JPEG or WebP, at most :data:`MAX_BYTES` and :data:`MAX_PIXELS`; it is
decoded (told apart by its first bytes, never by what the request calls it), turned upright
by its EXIF orientation, scaled to fit :data:`SIDE` pixels, and its pixels alone are encoded
again as WebP: no EXIF, no text chunk, no colour profile, no comment of the file uploaded
survives, and no SVG (a document that can run scripts) is ever taken. Its id is 128 random
bits (:func:`new_id`): a picture is seen only by whoever was given its id. Nothing here knows
a game: any deck of any game may show pictures at ``/api/images/<id>``.
"""

from __future__ import annotations

import io
import re
import secrets
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageOps, UnidentifiedImageError

from igroteka.i18n import Text
from igroteka.server.errors import RoomError

__all__ = [
    "FORMATS",
    "MAX_BYTES",
    "MAX_PIXELS",
    "MEDIA_TYPE",
    "SIDE",
    "Picture",
    "clean",
    "is_image_id",
    "new_id",
]

MAX_BYTES: Final = 2_000_000
"""The most bytes an upload may have (a phone's photo as JPEG is 2 to 5 MB: scaled down
first, or sent by the lobby, which scales it)."""
MAX_PIXELS: Final = 25_000_000
"""The most pixels an upload may have (a 6000 × 4000 photo): checked from the file's header
before it is decoded, so a small file that unpacks into a huge image (a decompression bomb)
is refused without being unpacked."""
SIDE: Final = 512
"""The longer side of a picture as kept: enough for a card on any screen."""
FORMATS: Final = ("PNG", "JPEG", "WEBP")
"""The formats decoded (Pillow's names); every other one is refused."""
MEDIA_TYPE: Final = "image/webp"
"""What every kept picture is encoded as."""
QUALITY: Final = 85

_ID = re.compile(r"[A-Za-z0-9_-]{22}")
_MAGIC = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}


@dataclass(frozen=True)
class Picture:
    """A picture as kept: its encoded bytes, their media type, and its size in pixels."""

    data: bytes
    media_type: str
    width: int
    height: int


def new_id() -> str:
    """A picture's id: 128 random bits, URL-safe (22 characters).

    >>> len(new_id()), new_id() != new_id()
    (22, True)
    """
    return secrets.token_urlsafe(16)


def is_image_id(text: str) -> bool:
    """Whether ``text`` has the shape of a picture's id (it may still name none)."""
    return _ID.fullmatch(text) is not None


def _format_of(data: bytes) -> str | None:
    """The format the first bytes say (PNG, JPEG, WEBP), or None."""
    for magic, name in _MAGIC.items():
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    return None


def _refuse_other(data: bytes) -> RoomError:
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<svg", b"<?xml", b"<!doctype svg")) or b"<svg" in head:
        return RoomError(
            Text("SVG pictures are not taken (they can hold scripts): upload a PNG, JPEG or WebP"),
            "not-image",
        )
    return RoomError(Text("this is not a picture: upload a PNG, JPEG or WebP file"), "not-image")


def too_large() -> RoomError:
    return RoomError(
        Text(
            "the picture is too large: at most {count} MB; make it smaller first",
            count=MAX_BYTES // 1_000_000,
        ),
        "too-large",
    )


def clean(data: bytes) -> Picture:
    """The picture in ``data``, decoded and encoded again as WebP of at most SIDE pixels a
    side, with nothing of the file but its pixels; :class:`RoomError` says why not (its
    code: ``too-large``, ``not-image``, ``too-many-pixels``, ``bad-image``)."""
    if len(data) > MAX_BYTES:
        raise too_large()
    kind = _format_of(data)
    if kind is None:
        raise _refuse_other(data)
    try:
        opened = Image.open(io.BytesIO(data), formats=[kind])
        width, height = opened.size
        if width * height > MAX_PIXELS:
            raise RoomError(
                Text(
                    "the picture has too many pixels ({width} × {height}): at most "
                    "{count} million; make it smaller first",
                    width=width,
                    height=height,
                    count=MAX_PIXELS // 1_000_000,
                ),
                "too-many-pixels",
            )
        opened.load()  # the first frame of an animation
        image = ImageOps.exif_transpose(opened)
        alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in opened.info
        image = image.convert("RGBA" if alpha else "RGB")
        image.thumbnail((SIDE, SIDE), Image.Resampling.LANCZOS)
    except RoomError:
        raise
    except Image.DecompressionBombError:  # Pillow's own guard (at 179 million pixels), which
        raise RoomError(  # refuses to open the file before ours can look at its size
            Text(
                "the picture has too many pixels: at most {count} million; make it smaller first",
                count=MAX_PIXELS // 1_000_000,
            ),
            "too-many-pixels",
        ) from None
    except (OSError, ValueError, SyntaxError, UnidentifiedImageError, EOFError):
        raise RoomError(
            Text("the picture cannot be read: the file is damaged or cut short"), "bad-image"
        ) from None
    pixels = Image.frombytes(image.mode, image.size, image.tobytes())  # the pixels, nothing else
    out = io.BytesIO()
    pixels.save(out, "WEBP", quality=QUALITY, method=4)
    return Picture(out.getvalue(), MEDIA_TYPE, *pixels.size)
