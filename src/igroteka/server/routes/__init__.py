"""The HTTP API and the pages, as FastAPI routers, one module per part of the server.

Each module makes its router over the server's parts (:class:`Served`); ``create_app``
includes them, in :data:`ROUTERS` order (the order of the paths in ``/openapi.json``).
The shapes they speak in are :mod:`igroteka.server.api`'s.
"""

from __future__ import annotations

from igroteka.server.routes import health, images, lobby, pages, rooms, seats
from igroteka.server.routes.served import Served

__all__ = ["ROUTERS", "Served"]

ROUTERS = (pages, health, lobby, images, rooms, seats)
"""The pages, readiness, the lobby, pictures, rooms and their seats."""
