"""Pictures uploaded for own decks: checked, drawn again with nothing but their pixels, kept in
the store, served to whoever has their id (docs/protocol.md, "Pictures")."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from PIL import Image, PngImagePlugin

from igroteka.server import images
from igroteka.server.images import MAX_BYTES, MAX_PIXELS, SIDE, clean
from igroteka.server.limits import RateLimit
from igroteka.store import Store
from tests.server.support import bot, connected, limited, new_room, seat, server, start

SECRET = "Ms Kovalenko, 14 Shevchenko St"


def png(size: tuple[int, int] = (800, 400), mode: str = "RGB", text: bool = True) -> bytes:
    """A PNG with a text chunk in it (what a camera or an editor leaves)."""
    colour: Any = (200, 40, 40, 128) if mode == "RGBA" else (200, 40, 40)
    image = Image.new(mode, size, colour if mode != "1" else 1)
    info = PngImagePlugin.PngInfo()
    if text:
        info.add_text("Author", SECRET)
    out = io.BytesIO()
    image.save(out, "PNG", pnginfo=info)
    return out.getvalue()


def jpeg(size: tuple[int, int] = (600, 300), orientation: int = 1) -> bytes:
    """A JPEG with EXIF: an artist, and the orientation a phone writes."""
    exif = Image.Exif()
    exif[0x013B] = SECRET  # Artist
    exif[0x0112] = orientation
    out = io.BytesIO()
    Image.new("RGB", size, (20, 120, 200)).save(out, "JPEG", exif=exif.tobytes())
    return out.getvalue()


def webp() -> bytes:
    exif = Image.Exif()
    exif[0x013B] = SECRET
    out = io.BytesIO()
    Image.new("RGB", (300, 900), (10, 200, 10)).save(out, "WEBP", exif=exif.tobytes())
    return out.getvalue()


def upload(client: TestClient, data: bytes, **headers: str) -> Any:
    return client.post("/api/images", content=data, headers=headers)


def count(client: TestClient) -> int:
    """Pictures kept by the server's store."""
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    store: Store = rooms.store
    return store.count_images()


@pytest.mark.parametrize("made", [png, jpeg, webp], ids=["png", "jpeg", "webp"])
def test_a_picture_is_kept_as_webp_of_at_most_512_pixels_with_nothing_but_its_pixels(
    made: Any,
) -> None:
    with server() as client:
        answer = upload(client, made(), **{"content-type": "image/png"})
        assert answer.status_code == 201, answer.text
        kept = answer.json()
        served = client.get(kept["url"])
        assert served.status_code == 200
        assert served.headers["content-type"] == "image/webp"
        assert SECRET.encode() not in served.content
        image = Image.open(io.BytesIO(served.content))
        assert image.format == "WEBP"
        assert max(image.size) == SIDE and (kept["width"], kept["height"]) == image.size
        assert not image.getexif() and not image.info.get("icc_profile")
        assert not {"exif", "xmp", "Author", "comment"} & set(image.info)


def test_a_phones_photo_is_turned_upright_by_its_orientation_then_forgets_it() -> None:
    with server() as client:
        kept = upload(client, jpeg((600, 300), orientation=6)).json()  # 6: turn 90° to see it
        assert (kept["width"], kept["height"]) == (256, 512)


def test_transparency_is_kept() -> None:
    with server() as client:
        kept = upload(client, png(mode="RGBA")).json()
        image = Image.open(io.BytesIO(client.get(kept["url"]).content))
        assert image.mode == "RGBA" and image.getpixel((5, 5))[3] < 255  # type: ignore[index]


def test_a_small_picture_is_not_enlarged() -> None:
    picture = clean(png((40, 30)))
    assert (picture.width, picture.height) == (40, 30)


SVG = (
    b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
)


@pytest.mark.parametrize(
    ("data", "status", "code", "reason"),
    [
        (SVG, 415, "not-image",
         "SVG pictures are not taken (they can hold scripts): upload a PNG, JPEG or WebP"),
        (b"<svg/>", 415, "not-image",
         "SVG pictures are not taken (they can hold scripts): upload a PNG, JPEG or WebP"),
        (b"hello, this is text", 415, "not-image",
         "this is not a picture: upload a PNG, JPEG or WebP file"),
        (b"GIF89a" + bytes(40), 415, "not-image",
         "this is not a picture: upload a PNG, JPEG or WebP file"),
        (b"", 415, "not-image", "this is not a picture: upload a PNG, JPEG or WebP file"),
        (png()[:120], 422, "bad-image",
         "the picture cannot be read: the file is damaged or cut short"),
        (jpeg()[:400], 422, "bad-image",
         "the picture cannot be read: the file is damaged or cut short"),
        (b"\x89PNG\r\n\x1a\n" + bytes(MAX_BYTES), 413, "too-large",
         "the picture is too large: at most 2 MB; make it smaller first"),
        (png((5000, 6000), mode="1", text=False), 413, "too-many-pixels",
         "the picture has too many pixels (5000 × 6000): at most 25 million; "
         "make it smaller first"),
    ],
    ids=["svg", "bare-svg", "text", "gif", "empty", "cut-png", "cut-jpeg", "too-large",
         "too-many-pixels"],
)  # fmt: skip
def test_an_upload_that_is_not_a_picture_it_may_take_is_refused_and_nothing_is_kept(
    data: bytes, status: int, code: str, reason: str
) -> None:
    with server() as client:
        answer = upload(client, data, **{"content-type": "image/png"})
        assert (answer.status_code, answer.json()) == (status, {"error": code, "reason": reason})
        assert count(client) == 0


@pytest.mark.slow
def test_a_decompression_bomb_is_refused_from_its_header_without_being_unpacked() -> None:
    bomb = png((20_000, 20_000), mode="1", text=False)  # 400 million pixels in a small file
    assert len(bomb) < MAX_BYTES and MAX_PIXELS < 20_000**2
    with pytest.raises(images.RoomError) as refused:
        clean(bomb)
    assert refused.value.code == "too-many-pixels"


def test_a_refusal_is_said_in_the_requests_language() -> None:
    with server() as client:
        answer = upload(client, SVG, **{"accept-language": "uk"})
        assert answer.json()["reason"] == (
            "картинки SVG не приймаються (у них можуть бути скрипти): завантажте PNG, JPEG або WebP"
        )


def test_a_body_larger_than_the_limit_is_refused_by_its_length_before_it_is_read() -> None:
    with server() as client:
        answer = client.post(
            "/api/images", content=b"x" * (MAX_BYTES + 1), headers={"content-length": "99999999"}
        )
        assert answer.status_code == 413 and count(client) == 0


def test_an_unknown_id_is_not_found_and_a_path_is_not_an_id() -> None:
    with server() as client:
        for path in ("/api/images/AAAAAAAAAAAAAAAAAAAAAA", "/api/images/x", "/api/images/..%2f.."):
            answer = client.get(path)
            assert answer.status_code == 404
        assert client.get("/api/images/AAAAAAAAAAAAAAAAAAAAAA").json() == {
            "error": "no-image",
            "reason": "there is no such picture",
        }


def test_an_id_is_128_random_bits_and_never_the_same_twice() -> None:
    with server() as client:
        ids = [upload(client, png((20, 20))).json()["id"] for _ in range(20)]
    assert len(set(ids)) == len(ids)
    for found in ids:
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", found)
        assert len(base64.urlsafe_b64decode(found + "==")) == 16
    assert len({found[:6] for found in ids}) == len(ids)  # not counted up, not by time


def test_a_picture_is_served_for_a_year_and_never_sniffed() -> None:
    with server() as client:
        served = client.get(upload(client, png()).json()["url"])
        assert served.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert served.headers["x-content-type-options"] == "nosniff"


def test_a_picture_is_kept_in_the_store_and_survives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url) as client:
        kept = upload(client, jpeg()).json()
        first = client.get(kept["url"]).content
    assert Store(url).image(kept["id"]) is not None
    with server(url) as client:
        assert client.get(kept["url"]).content == first


def test_too_many_uploads_from_one_address_are_refused() -> None:
    with server(settings=limited(uploads_per_hour=3)) as client:
        answers = [upload(client, png((10, 10))).status_code for _ in range(4)]
        refused = upload(client, png((10, 10)))
        assert answers == [201, 201, 201, 429]
        assert refused.json() == {
            "error": "too-many-uploads",
            "reason": "too many pictures at once: at most 3 in 60 minutes",
        }
        assert 0 < int(refused.headers["retry-after"]) <= 3600
        assert count(client) == 3


def test_the_rate_limit_forgets_what_is_older_than_its_window() -> None:
    limit = RateLimit(2, 10.0)
    assert [limit.allow("a", now) for now in (0.0, 5.0, 9.0)] == [True, True, False]
    assert limit.allow("b", 9.0)  # another address has its own
    assert limit.allow("a", 10.5)  # the first has left the window


def test_a_game_on_an_own_deck_shows_an_uploaded_picture_by_its_url() -> None:
    with server() as client:
        kept = upload(client, png()).json()
        more = [upload(client, png((8, 8), text=False)).json()["id"] for _ in range(47)]
        lines = [f"picture {found} : cat" for found in more]
        deck = "\n".join(["name: Pets", "lang: en", f"picture {kept['id']} : my cat", *lines])
        room = new_room(client, "associations", 3, lang="own", deck=deck)
        token = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        bot(client, room, 2, "easy")
        start(client, room)
        with connected(client, room, token) as ws:
            view = ws.receive_json()["view"]
        faces = view["cards"]
        assert set(faces) == set(view["hand"])
        assert all(set(face) == {"image", "tags"} for face in faces.values())
        assert view["options"]["deck"] == "Pets"
        assert client.get(f"/api/images/{kept['id']}").status_code == 200


def test_a_deck_naming_a_picture_not_kept_here_is_refused_with_its_line() -> None:
    """A card of a lost picture would be blank all game: the room is not made."""
    with server() as client:
        kept = upload(client, png((8, 8), text=False)).json()["id"]
        lost = "A" * 22
        emoji = [
            f"{a} {b} : sea" for a, b in zip("🐋🐟🐙🦀🐚🐠🐬🦈", "🏠🌙⭐🔑🚪💡🎈🕯", strict=True)
        ]
        deck = "\n".join(["name: Class", "lang: en", f"picture {kept} : us",
                          f"picture {lost} : lost", *emoji])  # fmt: skip
        made = client.post(
            "/api/rooms",
            json={"game": "associations", "players": 3, "options": {"lang": "own", "deck": deck}},
            headers={"Accept-Language": "uk"},
        )
        assert made.status_code == 400 and made.json()["error"] == "options"
        assert made.json()["reason"] == (
            f"рядок 4 називає картинку, якої на цьому сервері немає («{lost}»): "
            "завантажте її ще раз"
        )
        deck = deck.replace(f"picture {lost} : lost\n", "")
        made = client.post(
            "/api/rooms",
            json={"game": "associations", "players": 3, "options": {"lang": "own", "deck": deck}},
        )
        assert made.status_code == 201, made.text


def test_a_rooms_json_names_a_teachers_deck_and_never_carries_its_text() -> None:
    """A deck may be a megabyte: anyone who asks for the room reads its name and size."""
    lines = ["name: Week 5", "lang: en", "🐋 🏠 night : dream, home", "🐟 💡 : idea, captive"]
    deck = "\n".join(lines)
    with server() as client:
        room = new_room(client, "associations", 3, lang="own", deck=deck)
        shown = client.get(f"/api/rooms/{room}").json()["options"]
        assert shown["deck"] == {"name": "Week 5", "cards": 2, "size": len(deck)}
        assert "dream" not in str(shown)
