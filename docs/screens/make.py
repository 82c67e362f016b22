"""Screenshots of the lobby, a room's invite and each game's main phases at 1280×800 and on a
phone (390×844), for the README.

    make screens        # or: python docs/screens/make.py [game-phase | lobby | room-invite ...]

Each game is played offline by easy bots from a chosen seed up to the first moment of each phase
shown (the positions the layout tests measure, tests/server/positions.py), written into a store
of a temporary directory, served by this tree's server (in a thread) and photographed by
Chromium (Playwright) as the seat the game waits for sees it. The same seeds give the same
pictures (but for the invite's, whose room id and QR code the server draws anew); PNGs of a few
colours each (quantised by Pillow) stay small.
"""

from __future__ import annotations

import dataclasses
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.server.positions import phase_rooms, token  # noqa: E402
from tests.server.support import live  # noqa: E402
from tests.web.test_browser import ARGS, CHROMIUM  # noqa: E402
from tests.web.test_layout_browser import GAMES, SIZES, STILL  # noqa: E402

SHOWN = {
    "klepka": ["first", "reveal", "over"],
    "letters": ["compose", "reveal", "over"],
    "crossword": ["play", "over"],
    "associations": ["tell", "vote", "over"],
}
"""The phases photographed of each game."""
WIDTHS = {"desktop": 1280, "phone": 390}
CLASSROOM = dataclasses.replace(STILL, addresses=("http://192.168.1.20:8000",))
"""The server as a classroom runs it (``serve --host 0.0.0.0``): an invite is on the address
the others' phones open, so it has its QR code."""
HERE = Path(__file__).resolve().parent


def small(png: bytes) -> bytes:
    """The picture in at most 128 colours (Pillow), or as taken when that is no smaller."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    quantised = image.quantize(
        colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    quantised.save(out, format="PNG", optimize=True)
    return out.getvalue() if out.tell() < len(png) else png


def main(wanted: list[str]) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        url = f"sqlite:///{Path(temporary) / 'games.db'}"
        seats: dict[str, int] = {}
        for game, phases in SHOWN.items():
            players, seed, options, _ = GAMES[game]
            rooms = [f"{game}-{phase}" for phase in phases]
            if wanted and not set(rooms) & set(wanted):
                continue
            seats.update(phase_rooms(url, game, players, seed, options, phases))
        with live(CLASSROOM, url) as (base, _), sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            invited: dict[str, str] = {}  # what the invite's first page keeps
            for size, settings in SIZES.items():
                page = browser.new_context(locale="en-GB", **settings).new_page()
                if size == "phone":  # a phone's picture at the scale of one CSS pixel
                    page = browser.new_context(
                        locale="en-GB", **{**settings, "device_scale_factor": 1}
                    ).new_page()
                for room, seat in sorted(seats.items()):
                    if wanted and room not in wanted:
                        continue
                    page.goto(base + "/")
                    kept = json.dumps({str(seat): token(seat)})
                    page.evaluate(
                        f"kept => localStorage.setItem('igroteka.room.{room}', kept)", kept
                    )
                    page.goto(f"{base}/r/{room}")
                    page.wait_for_selector(f".game[data-phase='{room.split('-', 1)[1]}']")
                    page.wait_for_timeout(600)  # the cards' animations end
                    path = HERE / f"{room}-{WIDTHS[size]}.png"
                    path.write_bytes(small(page.screenshot()))
                    print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} kB")
                if not wanted or "lobby" in wanted:
                    shoot_lobby(page, base, size)
                if not wanted or "room-invite" in wanted:
                    invited = shoot_invite(page, base, size, invited)
            browser.close()


def shoot_lobby(page: Any, base: str, size: str) -> None:
    """The lobby: the games as cards, the open rooms (the positions' rooms are started, so a
    room waiting for players is made first) and the form of a new game."""
    httpx.post(f"{base}/api/rooms", json={"game": "letters", "players": 3})
    page.goto(base + "/")
    page.wait_for_selector("#new-game")
    page.wait_for_timeout(600)
    path = HERE / f"lobby-{WIDTHS[size]}.png"
    path.write_bytes(small(page.screenshot(full_page=True)))
    print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} kB")


def shoot_invite(page: Any, base: str, size: str, kept: dict[str, str]) -> dict[str, str]:
    """A room before its start as its creator sees it, the whole page: the invite link (on the
    classroom's address), its QR code, the seats (the creator's taken, one open) and a Start
    that says why it waits. The room is made once, from the lobby's form, by the first page; a
    page of another size is given what that one keeps (``kept``, its localStorage and the
    room's path, which this answers)."""
    if not kept:
        page.goto(base + "/")
        page.wait_for_selector("#new-game .game-card")
        page.click(".game-card[data-game=klepka]")
        page.fill("#players", "2")
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".seat-open input")
        page.fill(".seat-open input >> nth=0", "Ann")
        page.click(".seat-open .seat-actions button >> nth=0")
        page.wait_for_selector("text=Ann (you)")
        kept = page.evaluate("() => ({...localStorage, path: location.pathname})")
    else:
        page.goto(base + "/")
        page.evaluate(
            "kept => Object.entries(kept).forEach(([k, v]) => localStorage.setItem(k, v))",
            {key: value for key, value in kept.items() if key != "path"},
        )
    page.goto(base + kept["path"])  # the page as it opens, at its top
    page.wait_for_selector(".invite-qr img")
    page.wait_for_timeout(600)
    path = HERE / f"room-invite-{WIDTHS[size]}.png"
    path.write_bytes(small(page.screenshot(full_page=True)))
    print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} kB")
    return kept


if __name__ == "__main__":
    main(sys.argv[1:])
