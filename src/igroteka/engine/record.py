"""Game records: a game's name, options, seed, players and action log, as JSON.

A record is all it takes to rebuild a game exactly. Its JSON carries a
checksum, so a record that was cut short or edited is refused with a clear
message instead of replaying into a different game.

>>> record = GameRecord("pile", {"stones": 15}, 7, ("Ann", "Bob"), ())
>>> GameRecord.from_json(record.to_json()) == record
True
>>> GameRecord.from_json(record.to_json()[:-20])
Traceback (most recent call last):
...
igroteka.engine.record.RecordError: the record is not valid JSON (was it cut short?)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from igroteka.engine import codec

FORMAT = "igroteka-record"
VERSION = 2
"""Version 2 added ``versions``; a version 1 record (without them) is still read."""
READABLE = (1, 2)


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


class LoggedAction(NamedTuple):
    """One accepted action: the seat that played it and the action's JSON form."""

    seat: int
    action: Mapping[str, Any]


@dataclass(frozen=True)
class GameRecord:
    game: str
    options: Mapping[str, Any]
    seed: int
    players: tuple[str, ...]
    actions: tuple[LoggedAction, ...]
    versions: Mapping[str, Any] = field(default_factory=dict)
    """What the game was played with: ``rules`` (the game's version) and, for games
    that ask it, ``lexicon`` (the dictionary's). Empty in a record older than them."""

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "versions": dict(self.versions),
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [{"seat": a.seat, "action": dict(a.action)} for a in self.actions],
        }
        return body

    def to_json(self) -> str:
        body = self.body()
        return codec.pretty({**body, "checksum": codec.digest(body)}) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise RecordError("the record is not valid JSON (was it cut short?)") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not an Igroteka game record")
        if data.get("version") not in READABLE:
            raise RecordError(f"record version {data.get('version')!r} is not supported")
        checksum = data.pop("checksum", None)
        if checksum is None:
            raise RecordError("the record has no checksum")
        if checksum != codec.digest(data):
            raise RecordError("the record was edited or damaged: its checksum does not match")
        try:
            return cls(
                game=str(data["game"]),
                versions=dict(data.get("versions", {})),
                options=dict(data["options"]),
                seed=int(data["seed"]),
                players=tuple(str(p) for p in data["players"]),
                actions=tuple(
                    LoggedAction(int(a["seat"]), dict(a["action"])) for a in data["actions"]
                ),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"the record is incomplete: {error}") from None
