"""The store keeps rooms, seats and action logs, in SQLite and in PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from igroteka.store import ActionConflict, Appended, Room, Seat, Store, StoredImage, StoreError


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


def test_the_actions_of_many_rooms_are_committed_together_in_one_transaction(
    store_url: str,
) -> None:
    store = Store(store_url)
    for room in ("one", "two", "three"):
        store.create_room(a_room(room))
    commits = []
    sa.event.listen(store.engine, "commit", lambda _connection: commits.append(1))
    batch = [
        Appended(room, number, number % 2, {"type": "flip", "position": number})
        for number in range(4)
        for room in ("one", "two", "three")
    ]
    assert store.append_actions(batch) == [None] * 12
    assert len(commits) == 1
    store.close()
    again = {room.id: room for room in Store(store_url).rooms()}
    for room in ("one", "two", "three"):
        assert again[room].actions == [(n % 2, {"type": "flip", "position": n}) for n in range(4)]


def test_an_action_stored_already_costs_the_other_rooms_of_its_group_nothing(
    store_url: str,
) -> None:
    store = Store(store_url)
    for room in ("one", "two"):
        store.create_room(a_room(room))
    store.append_action("one", 0, 0, {"type": "stop"})
    answers = store.append_actions(
        [
            Appended("two", 0, 0, {"type": "flip", "position": 1}),
            Appended("one", 0, 1, {"type": "chaos"}),
            Appended("one", 1, 1, {"type": "flip", "position": 2}),
        ]
    )
    assert answers[0] is None and answers[2] is None
    assert isinstance(answers[1], ActionConflict)
    rooms = {room.id: room for room in store.rooms()}
    assert rooms["one"].actions == [(0, {"type": "stop"}), (1, {"type": "flip", "position": 2})]
    assert rooms["two"].actions == [(0, {"type": "flip", "position": 1})]


def test_a_group_the_database_refuses_is_refused_action_by_action(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    store.create_room(a_room("one"))
    with store.engine.begin() as db:  # the log cannot be written any more
        db.execute(sa.text("DROP TABLE actions"))
    answers = store.append_actions([Appended("one", 0, 0, {"type": "stop"})] * 2)
    assert [type(answer) for answer in answers] == [StoreError, StoreError]


def test_an_empty_group_writes_nothing() -> None:
    assert Store("sqlite://").append_actions([]) == []


def test_a_finished_game_is_known_as_such_without_replaying_it(store_url: str) -> None:
    store = Store(store_url)
    for room in ("over", "going", "old"):
        store.create_room(a_room(room))
    store.append_actions(
        [
            Appended("over", 0, 0, {"type": "stop"}),
            Appended("going", 0, 0, {"type": "stop"}),
            Appended("over", 1, 1, {"type": "last"}, ends=True),
        ]
    )
    store.append_action("old", 0, 0, {"type": "last"})
    store.finish_room("old")  # a game that ended before the mark was kept
    store.finish_room("old")
    store.close()
    rooms = {room.id: room for room in Store(store_url).rooms()}
    assert {name: room.finished for name, room in rooms.items()} == {
        "over": True,
        "going": False,
        "old": True,
    }


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


def test_a_picture_is_kept_by_its_id_with_its_bytes_exactly(store_url: str) -> None:
    """Uploaded pictures live in the store (SQLite and PostgreSQL alike), found by id only."""
    data = bytes(range(256)) * 40  # every byte value, a zero among them
    store = Store(store_url)
    store.add_image(StoredImage("Xk2m9dQ4vT0aLs7bRw1e3g", "image/webp", data), created=1.0)
    again = Store(store_url)
    assert again.image("Xk2m9dQ4vT0aLs7bRw1e3g") == StoredImage(
        "Xk2m9dQ4vT0aLs7bRw1e3g", "image/webp", data
    )
    assert again.image("xk2m9dQ4vT0aLs7bRw1e3g") is None  # ids are told apart by case
    assert again.count_images() == 1
    store.close()
    again.close()


@pytest.mark.parametrize(("synchronous", "level"), [("NORMAL", 1), ("FULL", 2)])
def test_sqlite_syncs_each_commit_as_the_store_is_told(
    tmp_path: Path, synchronous: str, level: int
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}", synchronous)
    with store.engine.connect() as db:
        assert db.execute(sa.text("PRAGMA synchronous")).scalar_one() == level
    store.close()
    with pytest.raises(StoreError, match="synchronous is one of NORMAL, FULL"):
        Store("sqlite://", "OFF")


def test_an_acknowledged_action_is_synced_to_the_disk_by_default(tmp_path: Path) -> None:
    """FULL: a commit is on the disk before the server tells anyone, through a power loss."""
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    with store.engine.connect() as db:
        assert db.execute(sa.text("PRAGMA synchronous")).scalar_one() == 2
    store.close()


def test_a_removed_room_leaves_nothing_but_the_record_it_was_given(store_url: str) -> None:
    store = Store(store_url)
    for room in ("done", "kept"):
        store.create_room(Room(room, "klepka", {}, seed=1, players=2, created=0.0))
        store.append_action(room, 0, 0, {"type": "london", "yes": False})
    store.mark_idle("done", since=10.0, closed=False)
    store.mark_idle("kept", since=99.0, closed=True)
    assert store.idle_before(50.0) == [("done", False)]
    store.forget_room("done", ("klepka", '{"record": 1}'))
    assert store.room("done") is None and store.record("done") == '{"record": 1}'
    assert store.recorded() == {"done"}
    (left,) = store.rooms()
    assert (left.id, left.closed, left.idle_since, left.actions) == ("kept", True, 99.0, [])
    assert store.room("kept").actions == [(0, {"type": "london", "yes": False})]  # type: ignore[union-attr]
    store.close()


def test_the_games_that_go_on_are_the_started_ones_neither_finished_nor_closed(
    store_url: str,
) -> None:
    """What a server adopts at start: a started game, unless it ended or its room closed."""
    store = Store(store_url)
    for name in ("waiting", "playing", "ended", "closed"):
        store.create_room(a_room(name))
    for name in ("playing", "ended", "closed"):
        store.start_room(name)
    store.append_action("ended", 0, 0, {"type": "stop"}, ends=True)
    store.mark_idle("closed", 1.0, closed=True)
    assert store.adoptable() == ["playing"]


def test_the_lobby_lists_rooms_with_an_open_seat_not_started_nor_closed_newest_first(
    store_url: str,
) -> None:
    store = Store(store_url)
    for number, name in enumerate(("old", "full", "started", "closed", "new")):
        store.create_room(Room(name, "klepka", {}, 1, 2, float(number)))
    for seat in (0, 1):
        store.set_seat("full", Seat(seat, "bot", "", "easy", ""))
    store.set_seat("new", Seat(0, "person", "Ann", "", "ab" * 32))
    store.set_seat("new", Seat(1))
    store.set_seat("old", Seat(0))
    for name in ("started", "closed"):
        store.set_seat(name, Seat(0))
    store.start_room("started")
    store.mark_idle("closed", 1.0, closed=True)
    listed = store.waiting_rooms(10)
    assert [room.id for room in listed] == ["new", "old"]
    assert [seat.kind for seat in listed[0].seats] == ["person", "open"]
    assert [room.id for room in store.waiting_rooms(1)] == ["new"]


def test_at_a_start_every_finished_game_not_marked_idle_counts_as_idle_from_then(
    store_url: str,
) -> None:
    store = Store(store_url)
    for name in ("ended", "rested"):
        store.create_room(a_room(name))
        store.start_room(name)
        store.append_action(name, 0, 0, {"type": "stop"}, ends=True)
    store.mark_idle("rested", 5.0, closed=False)
    store.mark_finished_idle(100.0)
    assert sorted(store.idle_before(101.0)) == [("ended", False), ("rested", False)]
    assert store.idle_before(99.0) == [("rested", False)]


def test_a_second_server_on_the_same_store_is_refused_until_the_first_closes(
    store_url: str,
) -> None:
    """Two servers alone on one store would each play its rooms unaware of the other."""
    first, second = Store(store_url), Store(store_url)
    first.hold_alone()
    with pytest.raises(StoreError, match="another Igroteka server uses the store"):
        second.hold_alone()
    first.close()
    second.hold_alone()  # the first has gone: the store is free
    second.close()
