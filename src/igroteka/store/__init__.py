"""Persistence of rooms: SQLite by default, PostgreSQL by URL (SQLAlchemy Core).

A room is stored as what makes it: its game, options and seed, its seats (who
holds each, a bot's level, the digest of the seat's token), and the log of
accepted actions in order. A game is rebuilt from that by replaying the log;
nothing else needs to be kept for it. Beside the rooms, the store keeps the pictures
uploaded for own decks (``images``: id, media type, bytes), which a deck names by id.

>>> store = Store("sqlite://")
>>> store.create_room(Room("r1", "pile", {"stones": 15}, seed=7, players=2, created=0.0))
>>> store.append_action("r1", 0, seat=0, action={"type": "london", "yes": False})
>>> [(room.id, len(room.actions)) for room in store.rooms()]
[('r1', 1)]
"""

from igroteka.store.sql import (
    ActionConflict,
    Appended,
    Room,
    Seat,
    Store,
    StoredImage,
    StoreError,
    default_url,
)

__all__ = [
    "ActionConflict",
    "Appended",
    "Room",
    "Seat",
    "Store",
    "StoreError",
    "StoredImage",
    "default_url",
]
