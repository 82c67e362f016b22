"""Workers made again once a language's index is built after the start: their new parent
loads it, so that they share it instead of each loading a copy when its first bot asks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCENARIO = """
import asyncio, json, os, time
from igroteka.lexicon import index
from igroteka.server.workers import Workers
from tests.server.tiny_build import loaded, tiny

async def ask(workers):
    return await workers._run(loaded)

workers = Workers("process", processes=1)
workers.start()
workers._started.result()
parent, before = asyncio.run(ask(workers))
tiny()
index.prepare("uk")  # built after the start (a tiny dictionary: seconds)
workers.renew()
deadline = time.monotonic() + 60
while True:
    now_parent, after = asyncio.run(ask(workers))
    if now_parent != parent or time.monotonic() > deadline:
        break
    time.sleep(0.1)
while time.monotonic() < deadline and os.path.exists(f"/proc/{parent}"):
    time.sleep(0.1)  # (reaped: gone from /proc)
old_gone = not os.path.exists(f"/proc/{parent}")
workers.close(wait=True)
said = {"before": before, "after": after, "new_parent": now_parent != parent}
print(json.dumps({**said, "old_gone": old_gone}))
"""


@pytest.mark.slow
def test_workers_made_after_a_language_is_built_share_it_from_their_new_parent(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "IGROTEKA_CACHE": str(tmp_path)}
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", SCENARIO],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said["before"] == []  # nothing built at the start
    assert said["new_parent"] and said["after"] == ["uk"]  # the new parent loaded it
    assert said["old_gone"]  # the old parent ended with its workers, and was reaped
    assert "Traceback" not in done.stderr
