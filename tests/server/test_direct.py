"""A message is written straight to its socket when the socket can take it, and never
overtakes one that waits: every client reads its room's messages in the order they were
made, whether they went straight out or through the writer."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from igroteka.engine import JsonObject
from igroteka.games import register
from igroteka.server.authority import Connection
from tests.games import tiny
from tests.server.support import join, live, two_players


class Socket:
    """A socket that takes a message only while it is not full (``full``), and what it got."""

    def __init__(self) -> None:
        self.full = False
        self.got: list[str] = []

    def write(self, text: str) -> bool:
        if self.full:
            return False
        self.got.append(text)
        return True


def seq_of(message: JsonObject | str) -> int:
    """The seq of a queued message: an object, or its text already."""
    return int((json.loads(message) if isinstance(message, str) else message)["seq"])


def test_a_message_the_socket_can_take_is_written_at_once_without_the_writer() -> None:
    async def scenario() -> None:
        socket = Socket()
        connection = Connection(0, direct=socket.write)
        connection.send({"type": "pong"})
        connection.send('{"type":"update","seq":1}')
        assert socket.got == ['{"type":"pong"}', '{"type":"update","seq":1}']
        assert not connection.queue  # the writer has nothing to do

    asyncio.run(scenario())


def test_a_message_after_one_that_waits_waits_too_so_the_order_is_kept() -> None:
    async def scenario() -> None:
        socket = Socket()
        connection = Connection(0, direct=socket.write)
        socket.full = True
        connection.send({"seq": 1})  # the socket is full: queued
        socket.full = False
        connection.send({"seq": 2})  # the socket could take it, but 1 waits: queued behind
        assert socket.got == [] and len(connection.queue) == 2
        first = await connection.next()
        connection.send({"seq": 3})  # the writer holds 1: still behind it
        assert socket.got == [] and len(connection.queue) == 3
        connection.sent()
        assert [seq_of(message) for message in connection.queue] == [2, 3]
        assert first is not None and seq_of(first) == 1

    asyncio.run(scenario())


def test_a_connection_closed_for_falling_behind_writes_nothing_more() -> None:
    async def scenario() -> None:
        socket = Socket()
        connection = Connection(0, limit=2, direct=socket.write)
        socket.full = True
        for seq in range(3):  # the third finds two waiting: the connection is to be closed
            connection.send({"seq": seq})
        socket.full = False
        connection.send({"seq": 9})
        assert connection.closing is not None and socket.got == [] and not connection.queue

    asyncio.run(scenario())


def told(ws: ClientConnection) -> Any:
    """The next message of the game (who is here, a ``room`` message, is passed over)."""
    while (message := json.loads(ws.recv()))["type"] == "room":
        pass
    return message


@pytest.fixture
def takeaway() -> Iterator[None]:
    unregister = register(tiny.ENTRY)
    yield
    unregister()


@pytest.mark.usefixtures("takeaway")
def test_under_uvicorn_each_player_gets_every_update_once_in_order_and_the_mover_its_ack() -> None:
    """The server the command line runs (uvicorn's sans-I/O websockets) writes straight to
    the socket: each seat sees the seqs of its updates rise one by one, and the mover gets
    the ack of its action right after the update that action made."""
    with live() as (url, app):
        body = {"game": tiny.NAME, "players": 2, "options": {"stones": 30, "take": 2}}
        room, tokens = two_players(f"{url}/api/rooms", body)
        ws_url = f"{url.replace('http', 'ws')}/ws/{room}"
        with connect(ws_url) as ann, connect(ws_url) as bob:
            players = [ann, bob]
            for ws, token in zip(players, tokens, strict=True):
                join(ws, token)
            welcomes = [json.loads(ws.recv()) for ws in players]
            connections = app.state.rooms.get(room).connections
            assert len(connections) == 2 and all(c.direct is not None for c in connections)
            seq = welcomes[0]["seq"]
            awaited = welcomes[0]["context"]["awaited"]
            for number in range(8):
                mover = players[awaited[0]]
                action = {"kind": "take", "stones": 1}
                mover.send(json.dumps({"type": "action", "action": action, "seq": seq}))
                updates = [told(ws) for ws in players]
                assert [u["type"] for u in updates] == ["update", "update"], f"move {number}"
                acked = told(mover)
                assert acked["type"] == "ack" and acked["seq"] == seq + 1
                assert [u["seq"] for u in updates] == [seq + 1, seq + 1]
                seq, awaited = seq + 1, updates[0]["context"]["awaited"]
