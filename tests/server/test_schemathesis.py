"""Schemathesis, every check, against a live server process: it finds nothing.

It reads the OpenAPI description and sends what it describes and what it does not
(wrong types, bounds, lone surrogates, unknown methods), checking each answer: no 500,
every status and content type documented, valid data taken, invalid refused. A few
examples per operation keep it within a minute; the room routes get a real room.
The upload route's body is generated too: random bytes labelled PNG, JPEG or WebP,
which the server must refuse as ``not-image`` or ``bad-image`` and never fail on.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.server.support import free_port, running

CONFIG = Path(__file__).with_name("schemathesis.toml")


@pytest.mark.slow
def test_schemathesis_with_every_check_finds_nothing(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running(tmp_path / "games.db", port) as process:
        room = httpx.post(f"{base}/api/rooms", json={"game": "klepka", "players": 3})
        command = [
            sys.executable,
            "-m",
            "schemathesis.cli",
            "--config-file",
            str(CONFIG),
            "run",
            f"{base}/openapi.json",
            "--checks",
            "all",
            "--seed",
            "7",
            "--no-color",
        ]
        environment = {**os.environ, "IGROTEKA_ROOM": room.json()["id"]}
        found = subprocess.run(
            command,
            capture_output=True,
            text=True,
            env=environment,
            cwd=tmp_path,  # its own cache folder goes there, not in the work tree
            timeout=300,
            check=False,
        )
        assert found.returncode == 0, found.stdout[-6000:]
    logged = process.stderr.read().decode() if process.stderr else ""
    assert "Traceback" not in logged, logged[-3000:]
