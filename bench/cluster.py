"""How far one machine goes with several server processes: 1, 2 and 4 over Redis.

    python bench/server.py processes [--rooms 200,1000] [--seconds 30] [--think 1.0]
                                     [--game klepka] [--cases alone,redis1,redis2,redis4]
                                     [--loadgens 2]
                                     [--postgres postgresql://postgres@127.0.0.1]
                                     [--redis redis://127.0.0.1:6379/7]

Each case is a fresh store (a new PostgreSQL database, dropped after) and fresh
server processes (``igroteka serve --db … --reveal 0.5 --chosen-seeds``, each
waited for until ``/healthz`` answers 200, ended by SIGTERM, then SIGKILL):

- ``alone``: one process without ``--redis``, holding its store alone;
- ``redis1``, ``redis2``, ``redis4``: 1, 2 and 4 processes with ``--redis``, sharing
  the rooms of one store, each room's clients spread over them (below);
- ``sticky2``, ``sticky4``: 2 and 4 processes as those, each room's requests and clients
  all sent to one process (room ``n``'s to process ``n mod N``), as a proxy that hashes on
  the room's id sends them: the room's holder, so that the tunnel is not used.

The clients are bots in ``--loadgens`` processes of their own (bench/loadgen.py),
each playing its share of the rooms: 4 seats a room, taken by people whose
clients play bot:medium over real websockets at a person's pace (each thinks 0.5
to 1.5 times ``--think`` seconds before acting). As a proxy without sticky routing
would, the clients are spread over the processes in turn (client ``4n + seat`` of
room ``n`` to process ``(4n + seat) mod N``), and each room is created through
process ``n mod N``, its seats and start through the others: with 2 and 4
processes, 2 and 3 of a room's 4 clients reach it through the tunnel (Redis
pub/sub, server/tunnel.py). Each room's people come from a loopback address of
their own (127.0.x.y), as people do, so that the per-address limits
(server/limits.py) are not what is measured.

Measured over ``--seconds`` of play, for each case and each of ``--rooms``: the
actions per second (all updates that reached the 4 clients of their room,
the room's timed steps included), the latency of an action from its send to
its update reaching all 4 clients (p50, p99, max), the CPU of all the server
processes and their workers during that window per action, the slowest
answer to ``/healthz`` asked of each process every 0.1 s by this process, and
the load generators' CPU per action (the clients, on the same 2 cores). The
slowest ``/healthz`` is also given for the rooms' making before the window (all
rooms created, their seats taken and their 4 clients connected, 32 rooms at a
time per load generator); the window opens with every room's start. What
went wrong on the clients' side (refusals, closes, failed requests) is said on
stderr, a line a case.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import redis
import sqlalchemy as sa

from _common import OPTIONS, table

HERE = Path(__file__).parent
CASES = {
    "alone": (1, False, False),
    "redis1": (1, True, False),
    "redis2": (2, True, False),
    "redis4": (4, True, False),
    "sticky2": (2, True, True),
    "sticky4": (4, True, True),
}
"""Each case: its processes, whether they share the store through Redis, and whether each
room's clients all go to the room's own process."""
NAMES = {
    "alone": "alone (no Redis)",
    "redis1": "Redis",
    "redis2": "Redis, round-robin",
    "redis4": "Redis, round-robin",
    "sticky2": "Redis, by room",
    "sticky4": "Redis, by room",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """The CPU time a process and all its descendants (the server's workers) have used."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError):
            values = stat.read_text().rsplit(")", 1)[1].split()
            number = int(stat.parent.name)
            parents[number] = int(values[1])
            times[number] = (int(values[11]) + int(values[12])) / os.sysconf("SC_CLK_TCK")
    total = 0.0
    for number, spent in times.items():
        ancestor = number
        while ancestor > 1 and ancestor != pid:
            ancestor = parents.get(ancestor, 0)
        if ancestor == pid:
            total += spent
    return total


# -- the store, Redis and the servers


def new_database(server: str) -> tuple[str, sa.Engine]:
    """A new empty PostgreSQL database: its URL, and an admin engine to drop it with."""
    name = f"igroteka_bench_{secrets.token_hex(4)}"
    admin = sa.create_engine(
        server.replace("postgresql://", "postgresql+psycopg://", 1) + "/postgres",
        isolation_level="AUTOCOMMIT",
    )
    with admin.connect() as db:
        db.execute(sa.text(f'CREATE DATABASE "{name}"'))
    return f"{server}/{name}", admin


def drop_database(url: str, admin: sa.Engine) -> None:
    with admin.connect() as db:
        db.execute(sa.text(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)'))
    admin.dispose()


def forget_redis(url: str) -> None:
    """The igroteka keys of the bench's Redis database gone (leases and liveness of a case)."""
    client = redis.Redis.from_url(url)
    keys = list(client.scan_iter("igroteka:*"))
    if keys:
        client.delete(*keys)
    client.close()


def serve(port: int, db: str, redis_url: str | None) -> subprocess.Popen[bytes]:
    """``igroteka serve`` in a process (and process group) of its own, once it is ready."""
    command = [sys.executable, "-m", "igroteka.cli", "serve", "--port", str(port), "--db", db]
    command += ["--reveal", "0.5", "--chosen-seeds"]
    if redis_url:
        command += ["--redis", redis_url]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
    for _ in range(1200):
        if process.poll() is not None:
            raise SystemExit(f"the server on port {port} ended ({process.returncode})")
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return process
        time.sleep(0.05)
    raise SystemExit(f"the server on port {port} did not start")


def end(process: subprocess.Popen[Any], within: float = 10.0) -> None:
    """SIGTERM to the process's group (it and its workers), then SIGKILL if need be."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(within)
    except subprocess.TimeoutExpired:
        print(f"  process {process.pid} did not end on SIGTERM: SIGKILL", file=sys.stderr)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # its workers too, if any stayed
    process.wait()


# -- a case


async def _health(port: int, stop: float, slowest: list[float], bad: list[int]) -> None:
    """Ask /healthz every 0.1 s until ``stop``; keep the slowest answer, count any not 200."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        while time.perf_counter() < stop:
            asked = time.perf_counter()
            try:
                if (await http.get("/healthz")).status_code != 200:
                    bad[0] += 1
            except httpx.HTTPError:
                bad[0] += 1
            slowest[0] = max(slowest[0], time.perf_counter() - asked)
            await asyncio.sleep(0.1)


async def _line(process: asyncio.subprocess.Process) -> dict[str, Any]:
    assert process.stdout is not None
    line = await process.stdout.readline()
    if not line:
        raise SystemExit(f"a load generator ended ({await process.wait()})")
    found: dict[str, Any] = json.loads(line)
    return found


async def measure(
    ports: list[int], servers: list[int], rooms: int, sticky: bool, args: argparse.Namespace
) -> dict[str, Any]:
    """The rooms played by the load generators, measured."""
    options = OPTIONS[args.game]
    shares = [list(range(k, rooms, args.loadgens)) for k in range(args.loadgens)]
    generators = []
    joining, joining_bad = [[0.0] for _ in ports], [[0] for _ in ports]
    watched = [asyncio.create_task(_health(p, float("inf"), s, b))
               for p, s, b in zip(ports, joining, joining_bad, strict=True)]  # fmt: skip
    for share in shares:
        config = {"ports": ports, "rooms": share, "game": args.game, "options": options,
                  "think": args.think, "seconds": args.seconds, "sticky": sticky}  # fmt: skip
        generators.append(
            await asyncio.create_subprocess_exec(
                sys.executable,
                str(HERE / "loadgen.py"),
                json.dumps(config),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                limit=2**26,
            )
        )
    readies = await asyncio.gather(*(_line(g) for g in generators))
    setup = max(ready["setup s"] for ready in readies)
    for task in watched:  # the rooms made, their seats taken, their clients connected
        task.cancel()
    await asyncio.gather(*watched, return_exceptions=True)
    await asyncio.sleep(0.5)  # the handshakes' work done before the window opens
    cpu = sum(cpu_seconds(pid) for pid in servers)
    generated = sum(cpu_seconds(g.pid) for g in generators)
    began = time.perf_counter()
    stop = began + args.seconds
    for generator in generators:
        assert generator.stdin is not None
        generator.stdin.write(b"go\n")
        await generator.stdin.drain()
    slowest, bad = [[0.0] for _ in ports], [[0] for _ in ports]
    health = [asyncio.create_task(_health(p, stop, s, b)) for p, s, b in zip(ports, slowest, bad,
              strict=True)]  # fmt: skip
    await asyncio.sleep(max(0.0, stop - time.perf_counter()))
    cpu = sum(cpu_seconds(pid) for pid in servers) - cpu
    generated = sum(cpu_seconds(g.pid) for g in generators) - generated
    elapsed = time.perf_counter() - began
    results = await asyncio.gather(*(_line(g) for g in generators))
    await asyncio.gather(*health, *(g.wait() for g in generators))
    latencies = sorted(x for result in results for x in result["latencies"]) or [float("nan")]
    actions = sum(result["actions"] for result in results)
    trouble: dict[str, int] = {}
    for result in results:
        for kind, count in result["trouble"].items():
            trouble[kind] = trouble.get(kind, 0) + count
    return {
        "actions/s": actions / elapsed,
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "max ms": 1000 * latencies[-1],
        "server CPU µs/action": 1e6 * cpu / max(actions, 1),
        "healthz max ms": 1000 * max(s[0] for s in slowest),
        "healthz max ms, joining": 1000 * max(s[0] for s in joining),
        "loadgen CPU µs/action": 1e6 * generated / max(actions, 1),
        "games over": sum(result["games over"] for result in results),
        "actions": actions,
        "measured": len(latencies),
        "idle rooms": sum(result["still"] for result in results),
        "healthz not 200": sum(b[0] for b in bad) + sum(b[0] for b in joining_bad),
        "setup s": setup,
        "trouble": trouble,
    }


def run_case(case: str, rooms: int, args: argparse.Namespace) -> dict[str, Any]:
    count, shared, sticky = CASES[case]
    db, admin = new_database(args.postgres)
    servers: list[subprocess.Popen[bytes]] = []
    try:
        if shared:
            forget_redis(args.redis)
        ports = [free_port() for _ in range(count)]
        for port in ports:
            servers.append(serve(port, db, args.redis if shared else None))
        measured = asyncio.run(measure(ports, [s.pid for s in servers], rooms, sticky, args))
    finally:
        for server in servers:
            end(server)
        drop_database(db, admin)
        if shared:
            forget_redis(args.redis)
    trouble = ", ".join(f"{k}: {v}" for k, v in sorted(measured["trouble"].items())) or "none"
    print(
        f"{case}, {count} process(es), {rooms} rooms: {measured['actions']} actions "
        f"({measured['measured']} timed), {measured['games over']} games over, "
        f"{measured['idle rooms']} rooms without an action, /healthz not 200: "
        f"{measured['healthz not 200']}, setup {measured['setup s']:.1f} s; "
        f"trouble: {trouble}",
        file=sys.stderr,
        flush=True,
    )
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", default="200,1000", help="room counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--game", default="klepka", choices=sorted(OPTIONS))
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--loadgens", type=int, default=2, help="load generator processes")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    args = parser.parse_args()
    cases = args.cases.split(",")
    for case in cases:
        if case not in CASES:
            parser.error(f"--cases: no case {case!r} (known: {', '.join(CASES)})")
    headers = ["case", "processes", "rooms"]
    rows: list[tuple[object, ...]] = []
    for rooms in (int(part) for part in args.rooms.split(",")):
        for case in cases:
            measured = run_case(case, rooms, args)
            shown = {k: v for k, v in measured.items() if not isinstance(v, dict)}
            for hidden in ("actions", "measured", "idle rooms", "healthz not 200", "setup s"):
                del shown[hidden]
            headers[3:] = shown
            rows.append((NAMES[case], CASES[case][0], rooms, *shown.values()))
    print(
        f"\n{args.game}, think {args.think:g} s, {args.seconds:g} s a case, "
        f"{args.loadgens} load generator process(es), PostgreSQL store, "
        f"{os.cpu_count()} cores shared by all\n"
    )
    print(table(headers, rows))


if __name__ == "__main__":
    main()
