"""The store keeps rooms, seats and action logs, in SQLite and in PostgreSQL alike."""

from __future__ import annotations

import pytest

from igroteka.store import ActionConflict, Room, Seat, Store, StoreError


def a_room(room_id: str) -> Room:
    return Room(room_id, "letters", {"pairs": 12, "unique_words": True}, 2**40 + 3, 2, 1.5)


def test_a_room_its_seats_and_its_log_come_back_in_order(store_url: str) -> None:
    store = Store(store_url)
    store.create_room(a_room("one"))
    store.set_seat("one", Seat(0, "person", "Олена ґ’є", "", "ab" * 32))
    store.set_seat("one", Seat(1, "bot", "bot:hard", "hard", ""))
    store.start_room("one")
    for number in range(3):
        store.append_action("one", number, number % 2, {"type": "flip", "position": number})
    store.close()
    again = {room.id: room for room in Store(store_url).rooms()}["one"]
    assert again.options == {"pairs": 12, "unique_words": True} and again.seed == 2**40 + 3
    assert again.started and [s.name for s in again.seats] == ["Олена ґ’є", "bot:hard"]
    assert again.actions == [(n % 2, {"type": "flip", "position": n}) for n in range(3)]


def test_an_action_number_is_written_once(store_url: str) -> None:
    store = Store(store_url)
    store.create_room(a_room("twice"))
    store.append_action("twice", 0, 0, {"type": "stop"})
    with pytest.raises(ActionConflict):
        store.append_action("twice", 0, 1, {"type": "chaos"})
    room = {room.id: room for room in store.rooms()}["twice"]
    assert room.actions == [(0, {"type": "stop"})]


def test_a_store_that_cannot_be_opened_says_why() -> None:
    with pytest.raises(StoreError, match="cannot open the store"):
        Store("postgresql://nobody@127.0.0.1:1/none")


def test_a_room_keeps_what_it_was_started_with(store_url: str) -> None:
    """Starting a room may store its settings anew: the versions of the rules and the lexicon
    its game is played with, beside the settings it was created with."""
    store = Store(store_url)
    room = a_room("versions")
    room.settings = {"turn_timer": 30}
    store.create_room(room)
    started = {"turn_timer": 30, "versions": {"rules": 1, "lexicon": "2026.1"}}
    store.start_room("versions", started)
    store.close()
    again = {room.id: room for room in Store(store_url).rooms()}["versions"]
    assert again.started and again.settings == started
