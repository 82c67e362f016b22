"""`igroteka serve` says where others can open it: the network's addresses, a public URL, or
how to let them in when it listens on this computer alone."""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from igroteka.cli import main, serve_notice

SERVE = [sys.executable, "-m", "igroteka.cli", "serve", "--port", "0", "--db", "sqlite://"]


@contextlib.contextmanager
def serving(*flags: str) -> Iterator[list[str]]:
    """A real ``igroteka serve`` and the lines it wrote as it started (until the first that
    says where others are, or how to let them in); killed when the block ends."""
    process = subprocess.Popen([*SERVE, *flags], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    written = b""
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and written.count(b"\n") < 2:
            ready, _, _ = select.select([process.stdout], [], [], 1.0)
            if ready:
                chunk = os.read(process.stdout.fileno(), 4096)
                if not chunk:
                    break
                written += chunk
        lines = written.decode().splitlines()
        yield lines
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()


def answers(url: str) -> bool:
    """Whether a server answers at ``url`` (its /healthz: ready or still starting)."""
    for _ in range(600):
        try:
            return httpx.get(f"{url}/healthz", timeout=5).status_code in (200, 503)
        except httpx.TransportError:
            time.sleep(0.1)
    return False


def test_a_server_on_this_computer_alone_says_so_and_how_to_let_others_join() -> None:
    with serving() as lines:
        assert re.fullmatch(r"Igroteka at http://127\.0\.0\.1:\d+  \(store: sqlite://\)", lines[0])
        assert lines[1] == (
            "Only this computer can open it. To let others on your network join, "
            "run: igroteka serve --host 0.0.0.0"
        )


@pytest.mark.slow
def test_a_server_on_every_network_prints_the_addresses_others_open_and_they_answer() -> None:
    with serving("--host", "0.0.0.0") as lines:
        port = re.fullmatch(r"Igroteka at http://127\.0\.0\.1:(\d+)  .*", lines[0])
        assert port is not None and answers(f"http://127.0.0.1:{port[1]}")
        if lines[1].startswith("No network address"):
            pytest.skip("this machine has no network address but its loopback")
        others = lines[1].removeprefix("Others on your network: ").split(", ")
        assert lines[1].startswith("Others on your network: ") and others
        for url in others:
            assert re.fullmatch(rf"http://\d+\.\d+\.\d+\.\d+:{port[1]}", url)
            assert not url.startswith("http://127.")
            assert answers(url)


@pytest.mark.slow
def test_a_public_url_is_the_address_invites_use() -> None:
    with serving("--public-url", "https://Games.School.example/") as lines:
        assert lines[1] == "Invite links use https://games.school.example"


def test_what_serve_says_of_each_address_it_listens_on() -> None:
    lan = ["http://192.168.1.20:8000", "http://10.0.0.7:8000"]
    assert serve_notice("0.0.0.0", 8000, "x", None, lan) == [
        "Igroteka at http://127.0.0.1:8000  (store: x)",
        "Others on your network: http://192.168.1.20:8000, http://10.0.0.7:8000",
    ]
    assert (
        serve_notice("::", 8000, "x", None, lan)[0] == "Igroteka at http://[::1]:8000  (store: x)"
    )
    assert serve_notice("0.0.0.0", 8000, "x", None, [])[1].startswith(
        "No network address of this computer was found"
    )
    assert serve_notice("localhost", 8000, "x", None, [])[1].startswith(
        "Only this computer can open it."
    )
    public = serve_notice("127.0.0.1", 8000, "x", "https://games.school.example", [])
    assert public[1:] == ["Invite links use https://games.school.example"]
    assert serve_notice("192.168.1.20", 8000, "x", None, lan[:1]) == [
        "Igroteka at http://192.168.1.20:8000  (store: x)"
    ]


@pytest.mark.parametrize(
    "url",
    [
        "games.school.example",
        "ftp://games.school.example",
        "https://games.school.example/igroteka",
        "https://games.school.example/?room=1",
        "https://games.school.example/#top",
        "https://user@games.school.example",
        "https://",
        "",
    ],
)
def test_a_bad_public_url_is_one_line_naming_the_flag_and_exit_2(
    capsys: pytest.CaptureFixture[str], url: str
) -> None:
    code = main(["serve", "--db", "sqlite:///:memory:", "--public-url", url])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("igroteka: --public-url is the address others open, like https://")
    assert "Traceback" not in err
