"""The dictionaries built by real builder processes: from an empty cache, into a cache folder
that cannot be written, by two servers on one cache at once, and a server stopped halfway."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from igroteka.lexicon import index as index_module
from igroteka.server import create_app
from igroteka.server.builders import LexiconIndexes
from igroteka.server.workers import Workers
from tests.server.support import FAST, free_port, new_room
from tests.server.tiny_build import tiny


def until(check: Callable[[], bool], seconds: float = 60.0) -> None:
    waited = threading.Event()
    for _ in range(int(seconds * 50)):
        if check():
            return
        waited.wait(0.02)
    raise AssertionError("it never happened")


def unwritable(tmp_path: Path) -> Path:
    """A cache folder this process cannot write (a read-only folder; as root, in /sys)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        (folder / "probe").touch()
    except PermissionError:
        return folder / "igroteka"
    try:
        os.mkdir("/sys/igroteka-probe")
    except OSError as error:
        if error.errno in (errno.EPERM, errno.EACCES, errno.EROFS):
            return Path("/sys/igroteka")
    pytest.skip("no folder here that this user cannot write")


@pytest.mark.slow
def test_a_cache_folder_that_cannot_be_written_is_said_in_one_sentence_and_klepka_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = unwritable(tmp_path)
    monkeypatch.setenv("IGROTEKA_CACHE", str(cache))
    said: list[str] = []
    failed = {lang: threading.Event() for lang in ("uk", "ru")}

    def told(line: str) -> None:
        said.append(line)
        for lang, event in failed.items():
            if line.startswith(f"the {lang} dictionary cannot"):
                event.set()

    app = create_app("sqlite://", FAST, indexes=LexiconIndexes(), say=told)
    with TestClient(app) as client:
        assert failed["uk"].wait(60) and failed["ru"].wait(60)
        health = client.get("/healthz").json()
        sentence = f"the folder {cache} cannot be written: set IGROTEKA_CACHE to a folder that can"
        assert health == {"ok": True, "failed": {"uk": sentence, "ru": sentence}}
        refused = client.post("/api/rooms", json={"game": "letters", "players": 2})
        assert refused.status_code == 503 and sentence in refused.json()["reason"]
        assert new_room(client, "klepka", 2, pairs=3)
    failures = sorted(line for line in said if "cannot" in line)
    assert failures == [
        f"the {lang} dictionary cannot be prepared: {sentence}" for lang in ("ru", "uk")
    ]


@pytest.mark.slow
def test_two_servers_on_one_cache_build_each_dictionary_once_and_both_are_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One builds each language; the other waits for it (seeing its progress) and is ready
    when it is done."""
    monkeypatch.setenv("IGROTEKA_CACHE", str(tmp_path))
    apps = [  # (bots in threads: the workers' forkserver, made again once the dictionaries
        # are ready, would keep this test's cache for the tests after it)
        create_app(
            "sqlite://",
            FAST,
            indexes=LexiconIndexes(before=tiny),
            say=[].append,
            workers=Workers("thread"),
        )
        for _ in range(2)
    ]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        for client in (first, second):
            until(lambda c=client: c.get("/healthz").json() == {"ok": True})  # type: ignore[misc]
        assert first.post("/api/rooms", json={"game": "letters", "players": 2}).status_code == 201
        assert second.post("/api/rooms", json={"game": "letters", "players": 2}).status_code == 201
    builders = set((tmp_path / "scans").read_text().split())
    assert len(builders) == 2  # one process built Ukrainian, one Russian: the others waited
    assert index_module.is_built("uk") and index_module.is_built("ru")


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_klepka_is_played_at_once_and_a_server_stopped_while_it_builds_ends_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: signal.Signals
) -> None:
    """From an empty cache a Klepka game is made, seated with bots and started within 10 s;
    then SIGTERM (or Ctrl+C) to the server and every process of it while the real dictionaries
    are built: they end without a traceback, and what was half-built is not taken for an
    index."""
    cache = tmp_path / "cache"
    env = {**os.environ, "IGROTEKA_CACHE": str(cache)}
    port = free_port()
    command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'games.db'}"]
    began = time.monotonic()
    server = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        for line in server.stdout:  # the console says each language's progress
            if line.startswith("preparing the ru dictionary"):
                break
        until(lambda: httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200)
        _klepka_started(f"http://127.0.0.1:{port}")
        assert time.monotonic() - began < 10  # from an empty cache, Klepka within 10 s
        builders = _builders(server.pid)
        assert len(builders) == 2
        os.killpg(server.pid, stop)  # to every process of it, as systemd or Ctrl+C do
        _, errors = server.communicate(timeout=30)
    finally:
        server.kill()
    assert server.returncode in (0, -stop, 130)  # (uvicorn ends by the signal it took)
    assert "Traceback" not in errors and "Error" not in errors, errors
    until(lambda: not any(_alive(pid) for pid in builders), 10)
    monkeypatch.setenv("IGROTEKA_CACHE", str(cache))
    assert not index_module.is_built("uk") and not index_module.is_built("ru")


def _builders(server: int) -> list[int]:
    """The server's builder processes (its children that run the lexicon's build)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = next(line for line in status.splitlines() if line.startswith("PPid:"))
        if int(parent.split()[1]) == server and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in state


def _klepka_started(base: str) -> None:
    made = httpx.post(f"{base}/api/rooms", json={"game": "klepka", "players": 2}).json()
    for number in (0, 1):
        body = {"level": "easy", "token": made["creator"]}
        assert httpx.post(f"{base}/api/rooms/{made['id']}/seats/{number}/bot", json=body).is_success
    started = httpx.post(f"{base}/api/rooms/{made['id']}/start", json={"token": made["creator"]})
    assert started.json()["started"]
