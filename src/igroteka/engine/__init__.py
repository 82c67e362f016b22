"""The game-agnostic kernel: the Game protocol, events, seeded RNG, records, replay.

Nothing in this package does I/O or knows a game's rules.
"""

from igroteka.engine.bot import Agent
from igroteka.engine.game import (
    Event,
    Game,
    IllegalAction,
    JsonObject,
    OptionsError,
    Outcome,
    events_for,
    players_wanted,
)
from igroteka.engine.match import Match, play_out, replay
from igroteka.engine.record import GameRecord, LoggedAction, RecordError
from igroteka.engine.rng import Rng

__all__ = [
    "Agent",
    "Event",
    "Game",
    "GameRecord",
    "IllegalAction",
    "JsonObject",
    "LoggedAction",
    "Match",
    "OptionsError",
    "Outcome",
    "RecordError",
    "Rng",
    "events_for",
    "play_out",
    "players_wanted",
    "replay",
]
