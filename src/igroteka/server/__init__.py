"""The web platform: rooms, seats held by tokens, a websocket per player (see docs/protocol.md)."""

from igroteka.server.app import create_app
from igroteka.server.rooms import RoomError, Rooms, Settings

__all__ = ["RoomError", "Rooms", "Settings", "create_app"]
