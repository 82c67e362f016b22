"""A real PostgreSQL server for the tests: the one running, or this machine's cluster started.

``IGROTEKA_TEST_POSTGRES`` names a server (default ``postgresql://postgres@127.0.0.1:5432``). When
none answers there, the Debian cluster of this machine is started (``pg_ctlcluster``). Each test
gets a database of its own, dropped at its end.
"""

from __future__ import annotations

import glob
import os
import secrets
import subprocess
import time

import sqlalchemy as sa

SERVER = os.environ.get("IGROTEKA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432")


def _engine(database: str) -> sa.Engine:
    url = SERVER.replace("postgresql://", "postgresql+psycopg://", 1) + f"/{database}"
    return sa.create_engine(url, isolation_level="AUTOCOMMIT")


def _answers() -> bool:
    try:
        with _engine("postgres").connect() as db:
            db.execute(sa.text("select 1"))
        return True
    except sa.exc.OperationalError:
        return False


def _start_cluster() -> None:
    for conf in sorted(glob.glob("/etc/postgresql/*/main")):
        version = conf.split("/")[3]
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"],
            check=False,
            capture_output=True,
        )
    for _ in range(100):
        if _answers():
            return
        time.sleep(0.1)


def database() -> tuple[str, sa.Engine]:
    """A new empty database: its URL (for the store) and an admin engine to drop it with."""
    if not _answers():
        _start_cluster()
    if not _answers():
        raise RuntimeError(
            f"no PostgreSQL server answers at {SERVER}, and none could be started here: "
            "install PostgreSQL, or set IGROTEKA_TEST_POSTGRES"
        )
    name = f"igroteka_test_{secrets.token_hex(4)}"
    admin = _engine("postgres")
    with admin.connect() as db:
        db.execute(sa.text(f'CREATE DATABASE "{name}"'))
    return f"{SERVER}/{name}", admin


def drop(name_url: str, admin: sa.Engine) -> None:
    name = name_url.rsplit("/", 1)[1]
    with admin.connect() as db:
        db.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()
