"""Workers: the rules and the bots computed in other processes give the same game."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from igroteka.engine import IllegalAction, Match
from igroteka.games import entry
from igroteka.server.workers import Kind, Workers


@pytest.mark.parametrize("kind", ["process", "thread", "inline"])
def test_a_game_played_through_workers_is_the_game_played_at_home(kind: Kind) -> None:
    found = entry("klepka")
    home = Match.start(found.game, ["a", "b"], {"pairs": 4}, 3)
    away = Match.start(found.game, ["a", "b"], {"pairs": 4}, 3)
    bots = {seat: found.make_bot("medium", seat, 3) for seat in range(2)}
    twins = {seat: found.make_bot("medium", seat, 3) for seat in range(2)}
    workers = Workers(kind, apply=True)

    async def play() -> None:
        while home.outcome() is None:
            automatic = home.automatic()
            if automatic is not None:
                seat, action = automatic
                there = action
            else:
                seat = min(home.game.awaited(home.state))
                action = bots[seat].choose(home.view(seat))
                there, twins[seat] = await workers.choose(twins[seat], away.view(seat))
            assert there == action  # the bot came back as it went on, memory and all
            events = home.play(seat, action)
            state, far_events = await workers.apply(away.game, away.state, seat, there)
            away.state = state
            assert far_events == events
            for agents in (bots, twins):
                for bot in agents.values():
                    bot.observe(events)

    try:
        asyncio.run(play())
    finally:
        workers.close()
    assert away.state == home.state


def test_an_illegal_action_is_refused_from_a_worker_with_its_reason() -> None:
    found = entry("klepka")
    match = Match.start(found.game, ["a", "b"], {"pairs": 4}, 3)
    workers = Workers("process", apply=True)
    action = found.game.decode_action({"type": "flip", "position": 99})
    try:
        with pytest.raises(IllegalAction) as refused:
            asyncio.run(workers.apply(found.game, match.state, 0, action))
    finally:
        workers.close()
    assert refused.value.reason == str(refused.value.reason)
    assert getattr(refused.value.reason, "template", None)  # a Text still: it can be translated


CHILD = """
import time
from igroteka.server.workers import Workers
workers = Workers("process", 2)
workers.start()
workers._started.result(120)  # made in a thread: the forkserver loads the lexicon first
print(" ".join(str(p) for p in workers._executor()._processes), flush=True)
time.sleep(60)
"""


@pytest.mark.slow
def test_workers_end_when_their_server_is_killed() -> None:
    server = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE)
    assert server.stdout is not None
    pids = [int(pid) for pid in server.stdout.readline().split()]
    assert len(pids) == 2
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in pids):
        assert time.monotonic() < deadline, "a worker outlived its server"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_worker_that_dies_is_replaced_and_the_bot_still_plays(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """A worker killed (out of memory, by an operator) must not stop every room's bots: the
    pool is forked anew, the call computed again, and the console says so."""
    found = entry("klepka")
    match = Match.start(found.game, ["a", "b"], {"pairs": 4}, 3)
    bot = found.make_bot("medium", 0, 3)
    expected = found.make_bot("medium", 0, 3).choose(match.view(0))
    workers = Workers("process", 2)

    async def twice() -> tuple[object, object]:
        first, _ = await workers.choose(bot, match.view(0))
        pool = workers._executor()
        os.kill(next(iter(pool._processes)), signal.SIGKILL)  # type: ignore[attr-defined]
        time.sleep(0.3)  # the pool notices its dead child
        second, _ = await workers.choose(bot, match.view(0))
        return first, second

    try:
        first, second = asyncio.run(twice())
    finally:
        workers.close()
    assert first == expected and second == expected
    assert "a worker process died" in capfd.readouterr().err


def _what_a_worker_holds() -> tuple[int, tuple[str, ...], int]:
    """In a worker, before any bot asked it for anything: its parent, the languages its
    parent loaded, and how many automata it holds already (and the meaning model, loaded)."""
    from igroteka.games.associations import meaning
    from igroteka.lexicon import gaddag
    from igroteka.server import preload

    assert meaning._model.cache_info().currsize == 1  # the parent's, not loaded again
    return os.getppid(), preload.LOADED, gaddag.automaton.cache_info().currsize


def test_workers_begin_with_the_lexicon_their_parent_loaded_once_for_all() -> None:
    from igroteka.lexicon.index import is_built

    workers = Workers("process", 2)
    workers.start()
    assert workers._started is not None
    workers._started.result(120)  # made: calls go to the worker processes from now on

    async def ask() -> list[tuple[int, tuple[str, ...], int]]:
        return [await workers._run(_what_a_worker_holds) for _ in range(4)]

    try:
        answers = asyncio.run(ask())
    finally:
        workers.close()
    parents = {parent for parent, _, _ in answers}
    assert parents and os.getpid() not in parents  # forked by the forkserver, not the server
    built = tuple(lang for lang in ("uk", "ru") if is_built(lang))
    for _, loaded, automata in answers:
        assert loaded == built  # what the bots ask of every built index, loaded before
        assert automata == len(built)


def test_a_call_made_while_the_workers_are_being_made_is_answered_without_waiting() -> None:
    """The first rooms asked for after a restart are replayed at once: the forkserver's
    loading of the lexicon (a second or two) does not hold them up."""
    workers = Workers("process", 2)
    workers.start()
    started = workers._started
    assert started is not None

    def who_answers() -> tuple[int, bool]:  # in this process: run by a thread, not pickled
        return os.getpid(), started.done()

    async def ask() -> tuple[int, bool]:
        return await workers._run(who_answers)

    try:
        answered_by, made = asyncio.run(ask())
    finally:
        workers.close()
    assert answered_by == os.getpid()  # in a thread beside the loop, meanwhile
    assert not made  # when it was answered, the worker processes were still being made
