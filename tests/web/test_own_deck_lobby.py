"""The lobby's own deck of the association game: the text box it declares, and pictures added
beside it (uploaded, then named by a line the lobby writes)."""

from __future__ import annotations

import io
import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from PIL import Image

from igroteka.server import Settings, create_app
from tests.server.support import free_port
from tests.web.test_browser import browser

__all__ = ["browser"]


@pytest.fixture
def lobby_server() -> Iterator[str]:
    port = free_port()
    app = create_app("sqlite://", Settings(reveal=0.0, bot=0.0))
    served = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(f"{base}/healthz").status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.05)
    yield base
    served.should_exit = True
    thread.join(timeout=10)


def test_pictures_added_in_the_lobby_are_uploaded_and_named_in_the_deck(
    browser: Any, lobby_server: str, tmp_path: Path
) -> None:
    photo = tmp_path / "class.png"
    Image.new("RGB", (900, 600), (200, 40, 40)).save(photo, "PNG")
    svg = tmp_path / "logo.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', "utf-8")
    page = browser.new_context(locale="en-GB").new_page()
    page.goto(lobby_server + "/")
    page.wait_for_selector("#new-game")
    page.click(".game-card[data-game=associations]")
    assert not page.is_visible("#option-deck")  # asked only for own cards
    page.select_option("#option-lang", "own")
    page.fill("#option-deck", "name: Our class\nlang: en\n🐋 🏠 : dream")
    page.set_input_files(".picture-files", [str(photo), str(svg)])
    page.wait_for_function(
        "() => document.querySelector('#option-deck').value.includes('picture ')"
    )
    page.wait_for_selector(".picture-line")
    status = page.inner_text(".picture-status")
    assert "Pictures added: 1" in status
    assert "logo.svg: SVG pictures are not taken" in status
    text = page.input_value("#option-deck")
    found = re.search(r"\npicture ([A-Za-z0-9_-]{22}) : \n$", text)
    assert found, text
    served = httpx.get(f"{lobby_server}/api/images/{found[1]}")
    assert Image.open(io.BytesIO(served.content)).size == (512, 341)
    page.fill("#option-deck", text.rstrip("\n") + "us, together")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector(".seats")
    room = page.url.rsplit("/", 1)[1]
    options = httpx.get(f"{lobby_server}/api/rooms/{room}").json()["options"]
    assert options["lang"] == "en"
    assert options["deck"]["name"] == "Our class" and options["deck"]["cards"] == 2  # in brief
    kept = page.evaluate(f"() => localStorage.getItem('igroteka.options.{room}')")
    assert json.loads(kept)["deck"].endswith(f"picture {found[1]} : us, together")
