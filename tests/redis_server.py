"""A real Redis server for the tests: the one running, or Debian's ``redis-server`` started.

``IGROTEKA_TEST_REDIS`` names a server (default ``redis://127.0.0.1:6379/0``). When none answers
there, ``redis-server`` is started on that port, keeping nothing on disk (it is installed by
``make test`` where it is missing).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from urllib.parse import urlparse

import redis

SERVER = os.environ.get("IGROTEKA_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _answers() -> bool:
    try:
        return bool(redis.Redis.from_url(SERVER, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def server() -> str:
    """The URL of a Redis that answers (started here if need be)."""
    if not _answers() and shutil.which("redis-server"):
        port = str(urlparse(SERVER).port or 6379)
        command = ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", port]
        subprocess.run(
            [*command, "--save", "", "--appendonly", "no"],
            check=False,
            capture_output=True,
        )
        for _ in range(100):
            if _answers():
                break
            time.sleep(0.1)
    if not _answers():
        raise RuntimeError(
            f"no Redis answers at {SERVER}, and none could be started here: "
            "install redis-server, or set IGROTEKA_TEST_REDIS"
        )
    return SERVER
