"""What every router is made over: the server's parts, made once by ``create_app``."""

from __future__ import annotations

from dataclasses import dataclass

from igroteka.server.cluster import Cluster
from igroteka.server.dictionaries import Dictionaries
from igroteka.server.limits import Guard
from igroteka.server.pacing import Settings
from igroteka.server.readiness import Readiness
from igroteka.server.rooms import Rooms
from igroteka.store import Store

__all__ = ["Served"]


@dataclass(frozen=True)
class Served:
    """The rooms, the store, the settings and limits, readiness, the word games' dictionaries,
    the cluster (``None``: this process holds its store alone) and the page every address of
    the client serves."""

    rooms: Rooms
    store: Store
    settings: Settings
    guard: Guard
    readiness: Readiness
    dictionaries: Dictionaries
    cluster: Cluster | None
    page: str
