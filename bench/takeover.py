"""How long a room waits when the process that holds it dies: SIGKILL to served again.

    python bench/takeover.py [--trials 5]
                             [--postgres postgresql://postgres@127.0.0.1:5432]
                             [--redis redis://127.0.0.1:6379/7]

Two server processes share a PostgreSQL store through Redis (as bench/cluster.py
starts them). In each trial a room of Klepka for two is made through the first
(which takes its lease), both seats taken and the game started; the first
process is then killed with SIGKILL, and the room is asked for through the
second every 20 ms until it answers with the game where it was.
Reported: the seconds from the kill to that answer (each trial, and the median),
beside the lease's length (server/cluster.py's ``LEASE``): the bound a takeover
is designed to meet is the lease plus a renewal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import httpx

from cluster import drop_database, end, forget_redis, free_port, new_database, serve
from igroteka.server.cluster import LEASE


def a_room_played(base: str) -> tuple[str, int]:
    """A started room of Klepka for two, made through ``base``: its id and its seq."""
    body = {"game": "klepka", "players": 2, "options": {"pairs": 6}, "seed": 3}
    made = httpx.post(f"{base}/api/rooms", json=body, timeout=30).json()
    for seat in range(2):
        httpx.post(f"{base}/api/rooms/{made['id']}/seats/{seat}", json={"name": f"p{seat}"})
    httpx.post(f"{base}/api/rooms/{made['id']}/start", json={"token": made["creator"]})
    seq = httpx.get(f"{base}/api/rooms/{made['id']}").json()["seq"]
    return made["id"], int(seq)


def served_again(base: str, room: str, seq: int, killed: float) -> float:
    """Seconds from ``killed`` until the room answers through ``base`` where it was."""
    with httpx.Client(base_url=base, timeout=10) as http:
        while time.perf_counter() - killed < 60:
            answer = http.get(f"/api/rooms/{room}")
            if answer.status_code == 200:
                if answer.json()["seq"] != seq:
                    raise SystemExit(f"room {room}: seq {answer.json()['seq']}, not {seq}")
                return time.perf_counter() - killed
            time.sleep(0.02)
    raise SystemExit(f"room {room} was not served again within 60 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    args = parser.parse_args()
    db, admin = new_database(args.postgres)
    forget_redis(args.redis)
    port = free_port()
    survivor = serve(port, db, args.redis)
    after = f"http://127.0.0.1:{port}"
    waits = []
    try:
        for trial in range(args.trials):
            first = free_port()
            holder = serve(first, db, args.redis)
            room, seq = a_room_played(f"http://127.0.0.1:{first}")
            killed = time.perf_counter()
            holder.kill()
            holder.wait()
            waits.append(served_again(after, room, seq, killed))
            print(f"trial {trial + 1}: served again after {waits[-1]:.2f} s", file=sys.stderr)
            end(holder)
    finally:
        end(survivor)
        drop_database(db, admin)
        forget_redis(args.redis)
    print(
        f"SIGKILL of a room's holder to the room served by another process: median "
        f"{statistics.median(waits):.2f} s, max {max(waits):.2f} s over {len(waits)} trials "
        f"(lease {LEASE:g} s)"
    )


if __name__ == "__main__":
    main()
