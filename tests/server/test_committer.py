"""Group commits: many rooms' actions in one transaction, each announced only once stored."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from igroteka.server.committer import Committer
from igroteka.store import ActionConflict, Appended, Room, Store, StoreError


class GatedStore(Store):
    """A store whose commits wait until the test opens the gate (a slow disk, say)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.gate = threading.Event()
        self.groups: list[int] = []

    def append_actions(self, actions: Sequence[Appended]) -> list[StoreError | None]:
        self.gate.wait(10)
        self.groups.append(len(actions))
        return super().append_actions(actions)


def stored(url: str) -> dict[str, int]:
    """How many actions each room has in the store, read afresh."""
    return {room.id: len(room.actions) for room in Store(url).rooms()}


def a_store(tmp_path: Path, rooms: int) -> tuple[str, GatedStore]:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = GatedStore(url)
    for number in range(rooms):
        store.create_room(Room(f"r{number}", "klepka", {}, 1, 2, 0.0))
    return url, store


def test_actions_of_many_rooms_that_come_during_a_commit_are_committed_together(
    tmp_path: Path,
) -> None:
    url, store = a_store(tmp_path, 9)

    async def play() -> None:
        committer = Committer(store)
        first = asyncio.ensure_future(committer.append(Appended("r0", 0, 0, {"type": "stop"})))
        await asyncio.sleep(0.05)  # the first commit is under way, held at the gate
        others = [
            asyncio.ensure_future(committer.append(Appended(f"r{n}", 0, 0, {"type": "stop"})))
            for n in range(1, 9)
        ]
        await asyncio.sleep(0.05)
        store.gate.set()
        await asyncio.gather(first, *others)
        await committer.close()

    asyncio.run(play())
    assert store.groups == [1, 8]
    assert stored(url) == {f"r{n}": 1 for n in range(9)}


def test_a_room_hears_its_action_is_stored_only_once_it_is(tmp_path: Path) -> None:
    url, store = a_store(tmp_path, 1)
    seen: list[dict[str, int]] = []

    async def play() -> None:
        committer = Committer(store)
        waiting = asyncio.ensure_future(committer.append(Appended("r0", 0, 0, {"type": "stop"})))
        await asyncio.sleep(0.05)
        assert not waiting.done() and stored(url) == {"r0": 0}  # nothing to announce yet
        store.gate.set()
        await waiting
        seen.append(stored(url))
        await committer.close()

    asyncio.run(play())
    assert seen == [{"r0": 1}]


def test_an_action_stored_already_is_refused_to_its_room_alone(tmp_path: Path) -> None:
    url, store = a_store(tmp_path, 2)
    store.gate.set()
    store.append_action("r0", 0, 0, {"type": "stop"})

    async def play() -> list[BaseException | None]:
        committer = Committer(store)
        answers = await asyncio.gather(
            committer.append(Appended("r0", 0, 1, {"type": "again"})),
            committer.append(Appended("r1", 0, 0, {"type": "stop"})),
            return_exceptions=True,
        )
        await committer.close()
        return list(answers)

    again, other = asyncio.run(play())
    assert isinstance(again, ActionConflict) and other is None
    assert stored(url) == {"r0": 1, "r1": 1}


def test_an_in_memory_store_is_committed_on_the_loop_and_still_before_the_answer() -> None:
    store = Store("sqlite://")
    store.create_room(Room("r0", "klepka", {}, 1, 2, 0.0))

    async def play() -> int:
        committer = Committer(store)
        await committer.append(Appended("r0", 0, 0, {"type": "stop"}))
        count = len(next(iter(store.rooms())).actions)
        await committer.close()
        return count

    assert asyncio.run(play()) == 1


@pytest.mark.parametrize("most", [1, 3])
def test_a_long_queue_is_committed_in_groups_of_at_most_most(tmp_path: Path, most: int) -> None:
    url, store = a_store(tmp_path, 7)

    async def play() -> None:
        committer = Committer(store, most=most)
        appends = [committer.append(Appended(f"r{n}", 0, 0, {"type": "stop"})) for n in range(7)]
        store.gate.set()
        await asyncio.gather(*appends)
        await committer.close()

    asyncio.run(play())
    assert max(store.groups) <= most and sum(store.groups) == 7
    assert stored(url) == {f"r{n}": 1 for n in range(7)}


def test_an_action_whose_sender_goes_away_while_it_is_stored_is_still_played_and_told(
    tmp_path: Path,
) -> None:
    """Once stored, an action is the game's: the match takes it and every reader hears of it,
    even if the connection that sent it is gone before its commit ends."""
    from igroteka.engine import Match
    from igroteka.games import entry
    from igroteka.server.authority import Authority, Connection
    from igroteka.server.chronicle import Chronicle
    from igroteka.server.workers import Workers

    url, store = a_store(tmp_path, 1)
    found = entry("klepka")
    match = Match.start(found.game, ["Ann", "Bob"], {"pairs": 4}, seed=2)
    watcher = Connection(None)

    async def play() -> None:
        committer = Committer(store)
        chronicle = Chronicle(found.declaration.narrator, ["Ann", "Bob"])
        workers = Workers("inline")
        authority = Authority("r0", match, store, {watcher}, workers, committer, chronicle)
        seat = min(match.actors())
        action = found.make_bot("medium", seat, 1).choose(match.view(seat))
        sender = asyncio.ensure_future(authority.commit(seat, action))
        await asyncio.sleep(0.05)  # the commit waits at the gate
        sender.cancel()  # the sender's connection closed meanwhile
        store.gate.set()
        with pytest.raises(asyncio.CancelledError):
            await sender
        await committer.close()
        await asyncio.sleep(0)
        assert authority.seq == 1 and stored(url) == {"r0": 1}

    asyncio.run(play())
    assert len(watcher.queue) == 1 and '"type":"update"' in str(watcher.queue[0])
