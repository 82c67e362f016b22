"""Seats that act at the same moment: both accepted where the rules let both act, in the order
they arrive; a choice the table changed under is refused with a reason; a message sent twice is
applied once."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from igroteka.engine import GameRecord, Match
from igroteka.engine.context import context
from igroteka.games import entry
from tests.server.positions import (
    action,
    chaos_in_my_turn,
    letters_with_prizes,
    moved_by_chaos,
    played_until,
    plays,
    store_rooms,
    token,
)
from tests.server.support import connected, new_room, seat, server, start

TRIALS = 20


def answer(ws: Any) -> dict[str, Any]:
    """The next answer to this connection's own message: an ack or an error."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in ("ack", "error"):
            return message


def at_once(client: TestClient, room: str, sends: dict[int, dict[str, Any]]) -> dict[int, Any]:
    """Each seat's own websocket sends its message at the same moment: the answers by seat."""
    sockets = {s: connected(client, room, token(s)) for s in sends}
    answers: dict[int, Any] = {}
    ready = threading.Barrier(len(sends))
    try:
        opened = {s: ws.__enter__() for s, ws in sockets.items()}
        for ws in opened.values():
            ws.receive_json()  # welcome

        def go(s: int) -> None:
            ready.wait()
            opened[s].send_json(sends[s])
            answers[s] = answer(opened[s])

        threads = [threading.Thread(target=go, args=(s,)) for s in sends]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=20)
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    return answers


@pytest.mark.slow
def test_three_players_answering_the_london_question_at_once_are_all_heard(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    match = played_until("klepka", {"pairs": 4}, 3, 5, lambda m: True)
    ids = [f"london{n}" for n in range(TRIALS)]
    store_rooms(url, match, ids)
    with server(url) as client:
        for room in ids:
            sends = {s: action({"type": "london", "yes": s == 1}, 0, f"l{s}") for s in range(3)}
            answers = at_once(client, room, sends)
            assert [answers[s]["type"] for s in range(3)] == ["ack"] * 3, answers
            assert sorted(a["seq"] for a in answers.values()) == [1, 2, 3]  # each once, in order
            assert client.get(f"/api/rooms/{room}").json()["seq"] == 3


@pytest.mark.slow
def test_two_players_submitting_their_chains_at_once_are_both_heard(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    options = {"pairs": 4, "chain": "manual", "starter": 0}
    match = played_until("klepka", options, 2, 5, lambda m: m.game.phase(m.state) == "chain")
    seq = len(match.log)
    chains = {
        s: {"type": "chain", "links": match.view(s)["collections"][s]["words"][:1]}
        for s in range(2)
    }
    ids = [f"chain{n}" for n in range(TRIALS)]
    store_rooms(url, match, ids)
    with server(url) as client:
        for room in ids:
            answers = at_once(client, room, {s: action(chains[s], seq, f"c{s}") for s in range(2)})
            assert [answers[s]["type"] for s in range(2)] == ["ack", "ack"], answers
            record = GameRecord.from_json(client.get(f"/api/rooms/{room}/record").text)
            assert len(record.actions) == seq + 2  # the game is over: nothing lost or doubled
            assert sorted(a.seat for a in record.actions[seq:]) == [0, 1]


def test_five_players_laying_and_then_voting_at_once_are_each_counted_once(
    tmp_path: Path,
) -> None:
    """Associations at a table of six: after the clue the five others lay a card at the same
    moment, then vote at the same moment; every lay and every vote is accepted once and the
    round is revealed with all five votes."""
    match = played_until("associations", {"starter": 0}, 6, 3, lambda m: m.state.phase == "lay")
    seq = len(match.log)
    lays = {s: {"type": "lay", "cards": [match.view(s)["hand"][0]]} for s in range(1, 6)}
    url = f"sqlite:///{tmp_path / 'games.db'}"
    ids = [f"table{n}" for n in range(TRIALS // 4)]
    store_rooms(url, match, ids)
    with server(url) as client:
        for room in ids:
            answers = at_once(client, room, {s: action(lays[s], seq, f"lay{s}") for s in lays})
            assert [answers[s]["type"] for s in lays] == ["ack"] * 5, answers
            assert sorted(a["seq"] for a in answers.values()) == list(range(seq + 1, seq + 6))
            teller = welcome(client, room, 0)
            assert teller["seq"] == seq + 5 and teller["view"]["phase"] == "vote"
            story = 1 + teller["view"]["table"].index(teller["view"]["mine"][0])
            votes = {s: action({"type": "vote", "cards": [story]}, seq + 5, f"v{s}") for s in lays}
            answers = at_once(client, room, votes)
            assert [answers[s]["type"] for s in votes] == ["ack"] * 5, answers
            after = welcome(client, room, 0)
            assert after["seq"] == seq + 10 and after["view"]["round"] == 2
            votes_seen = after["view"]["last"]["votes"]
            assert [list(v) for v in votes_seen[1:]] == [[story]] * 5  # each vote once


def welcome(client: TestClient, room: str, seat_number: int) -> dict[str, Any]:
    """What a seat's websocket is told first: its view and the context of now."""
    with connected(client, room, token(seat_number)) as ws:
        message: dict[str, Any] = ws.receive_json()
        return message


@pytest.mark.slow
def test_a_chaos_and_an_exchange_played_at_once_are_both_accepted(tmp_path: Path) -> None:
    """Seat 1 plays Chaos while seat 2 plays an Exchange with seat 0: neither touches what the
    other rests on, so both are accepted, whichever comes first."""

    def both(game: Any, state: Any) -> bool:
        exchanges = [e for e in plays(game, state, 2, "Exchange") if state.owner(e.take) == 0]
        return (
            game.phase(state) in ("compose", "flip")
            and bool(plays(game, state, 1, "Chaos"))
            and bool(exchanges)
        )

    match = letters_with_prizes(both)
    game, state, seq = match.game, match.state, len(match.log)
    exchange = next(e for e in plays(game, state, 2, "Exchange") if state.owner(e.take) == 0)
    sends = {
        1: action({"type": "chaos"}, seq, "chaos"),
        2: action(game.encode_action(exchange), seq, "exchange"),
    }
    url = f"sqlite:///{tmp_path / 'games.db'}"
    ids = [f"prizes{n}" for n in range(TRIALS)]
    store_rooms(url, match, ids)
    with server(url) as client:
        for room in ids:
            answers = at_once(client, room, sends)
            assert [answers[s]["type"] for s in (1, 2)] == ["ack", "ack"], answers
            assert client.get(f"/api/rooms/{room}").json()["seq"] == seq + 2


def test_a_flip_chosen_before_a_chaos_moved_the_card_is_refused_and_may_be_chosen_again(
    tmp_path: Path,
) -> None:
    match = letters_with_prizes(chaos_in_my_turn)
    seq, moved = len(match.log), moved_by_chaos(match)
    flip = {"type": "flip", "position": moved}
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store_rooms(url, match, ["moved"])
    with (
        server(url) as client,
        connected(client, "moved", token(0), "uk") as ann,
        connected(client, "moved", token(1)) as bob,
    ):
        ann.receive_json()
        bob.receive_json()
        bob.send_json(action({"type": "chaos"}, seq, "chaos"))
        assert answer(bob)["seq"] == seq + 1
        ann.send_json(action(flip, seq, "flip-on-the-old-view"))
        refused = answer(ann)
        assert refused["error"] == "stale"
        assert refused["reason"] == "на столі щось змінилося: погляньте ще раз"
        ann.send_json(action(flip, seq + 1, "flip-again"))
        assert answer(ann) == {"type": "ack", "id": "flip-again", "seq": seq + 2}


def test_a_message_sent_twice_is_applied_once_and_acknowledged_alike() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        with connected(client, room, ann) as ws:
            ws.receive_json()
            first = action({"type": "flip", "position": 0}, 0, "first-click")
            ws.send_json(first)
            ack = answer(ws)
            ws.send_json(first)
            assert answer(ws) == ack == {"type": "ack", "id": "first-click", "seq": 1}
            ws.send_json(action({"type": "flip", "position": 1}, 1, "second-click"))
            assert answer(ws)["seq"] == 2
            ws.send_json(first)  # late, after the game moved on: still the same answer
            assert answer(ws) == ack
        assert client.get(f"/api/rooms/{room}").json()["seq"] >= 2


def test_every_message_carries_the_kernels_context_beside_the_view() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        game = entry("klepka").game
        first = Match.start(game, ["Ann", "Bob"], {"pairs": 4, "starter": 0}, 5)
        with connected(client, room, ann) as ws:
            welcome = ws.receive_json()
            assert welcome["context"] == context(game, first.state, 0)
            assert welcome["context"]["awaited"] == [0] and welcome["seq"] == 0
            ws.send_json(action({"type": "flip", "position": 0}, 0, "a"))
            update = ws.receive_json()
            while update["type"] != "update":
                update = ws.receive_json()
            first.play(0, game.decode_action({"type": "flip", "position": 0}))
            assert update["context"] == context(game, first.state, 1)
            assert update["context"]["phase"] == "second" and update["seq"] == 1


def test_the_context_gives_the_turn_timers_deadline_while_a_person_is_awaited() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, turn_timer=60, pairs=4)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        with connected(client, room, ann) as ws:
            deadline = ws.receive_json()["context"]["deadline"]
        assert deadline is not None and 50 < deadline - time.time() <= 60
        untimed = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, untimed, 0, "Ann")
        seat(client, untimed, 1, "Bob")
        start(client, untimed)
        with connected(client, untimed, ann) as ws:
            assert ws.receive_json()["context"]["deadline"] is None
