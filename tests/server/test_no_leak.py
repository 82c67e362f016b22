"""Every websocket message to a seat is that seat's view, the events it may see, the kernel's
context and the acks of its own actions: nothing more."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from igroteka.engine import GameRecord, Match, events_for
from igroteka.engine.context import context
from igroteka.games import get_game
from tests.server.support import bot, connected, new_room, play_through, seat, server, start


def spectate(client: Any, room: str, into: list[dict[str, Any]]) -> None:
    with connected(client, room) as ws:
        while True:
            message = ws.receive_json()
            into.append(message)
            view = message.get("view") or {}
            if view.get("outcome") is not None:
                return


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("klepka", {"pairs": 5}),
        ("letters", {"pairs": 12, "chaos": 6}),
        ("crossword", {}),
        ("associations", {"goal": 12}),
    ],
)
@pytest.mark.slow
def test_messages_to_each_seat_and_to_spectators_hold_only_what_they_may_know(
    game: str, options: dict[str, Any]
) -> None:
    with server() as client:
        room = new_room(client, game, 3, **options)
        ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
        bot(client, room, 2, "medium")
        received: dict[int | None, list[dict[str, Any]]] = {None: []}
        watcher = threading.Thread(target=spectate, args=(client, room, received[None]))
        watcher.start()
        start(client, room)
        other = threading.Thread(
            target=lambda: received.__setitem__(1, play_through(client, room, bob, game))
        )
        other.start()
        received[0] = play_through(client, room, ann, game)
        other.join(timeout=120)
        watcher.join(timeout=120)
        assert set(received) == {None, 0, 1}  # every seat played to the end
        record = GameRecord.from_json(client.get(f"/api/rooms/{room}/record").text)
    rules = get_game(game)
    match = Match.start(rules, record.players, record.options, record.seed)
    states, said = [match.state], [()]
    for logged in record.actions:
        said.append(match.play(logged.seat, rules.decode_action(logged.action)))
        states.append(match.state)
    for who, messages in received.items():
        updates = [m for m in messages if m["type"] == "update"]
        assert updates, who
        for message in updates:
            n = message["seq"]
            assert message["view"] == rules.view(states[n], who)
            assert message["events"] == [e.to_json() for e in events_for(said[n], who)]
            assert message["context"] == context(rules, states[n], n)  # the same for everyone
        acks = [m for m in messages if m["type"] == "ack"]
        assert bool(acks) == (who is not None)  # a spectator sends nothing, hears no ack
        for ack in acks:  # only to the sender: its own id, and no more than how far the game is
            assert set(ack) == {"type", "id", "seq"} and ack["id"].startswith(f"{who}-")
        assert not followed_across_a_shuffle(updates), who


def followed_across_a_shuffle(updates: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """The cards a seat could follow by their ids: an id that came up at one place and later
    at another (a card moved by a Chaos), as (id, first place, later place)."""
    first: dict[int, int] = {}
    followed = []
    for message in updates:
        for event in message["events"]:
            card = event.get("card")
            if event["kind"] == "flip" and isinstance(card, dict) and "id" in card:
                place = first.setdefault(card["id"], event["position"])
                if place != event["position"]:
                    followed.append((card["id"], place, event["position"]))
    return followed
