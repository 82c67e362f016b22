"""The web platform: rooms, seats held by tokens, a websocket per player (see docs/protocol.md).

- ``lobby.py``: a room's seats, the tokens that hold them, who is here;
- ``authority.py``: the started game: act, commit (apply → store → tell), freshness, broadcast;
- ``pacing.py``: bots, stand-ins for people who have gone, turn timers, timed steps;
- ``room/``: a room put together from those, in layers; ``rooms.py``: every room of a server;
- ``errors.py``: refusals, a code and a reason, and the HTTP status of each code;
- ``app.py``: the HTTP API; ``sockets.py``: a websocket from its handshake to its end.
"""

from igroteka.server.app import create_app
from igroteka.server.errors import RoomError
from igroteka.server.pacing import Settings
from igroteka.server.rooms import Rooms

__all__ = ["RoomError", "Rooms", "Settings", "create_app"]
