"""Bots for Klepka: they see a seat's view and events, and remember what they saw.

A bot's level is its memory (how many cards it keeps, how fast it forgets) and
its judgement. ``bot:hard`` remembers every card and weighs each flip: it never
turns up an unknown card when that would most likely hand the next player a
pair, and it takes known Syncopes when an attempt has failed anyway.

>>> from igroteka.engine import Match, play_out
>>> game = KlepkaGame()
>>> match = Match.start(game, ["a", "b"], {"pairs": 6, "starter": 0}, seed=3)
>>> bots = {seat: make_bot("hard", seat, seed=3) for seat in range(2)}
>>> play_out(match, bots).winners <= {0, 1}
True
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from igroteka.engine.game import Event, JsonObject, OptionsError
from igroteka.games.klepka.chain import SYNCOPE, ChainRules, first_letter, last_letter
from igroteka.games.klepka.rules import (
    Action,
    Conceal,
    Flip,
    London,
    SubmitChain,
    best_chain,
)

WORD, PICTURE, SYNC = "word", "picture", "syncope"


@dataclass(frozen=True, slots=True)
class Level:
    """How a bot remembers and judges."""

    name: str
    capacity: int
    """How many face-down cards it remembers at most (least recently seen forgotten first)."""
    forget: float
    """Chance that a remembered card slips from memory each time another card is flipped."""
    careful: bool
    """Weighs whether an unknown card is worth turning up (``bot:hard``)."""
    chain: str
    """How it builds its chain: ``longest-word``, ``greedy`` or ``optimal``."""


LEVELS: dict[str, Level] = {
    "random": Level("random", 0, 1.0, False, "longest-word"),
    "easy": Level("easy", 4, 0.15, False, "greedy"),
    "medium": Level("medium", 12, 0.03, False, "optimal"),
    "hard": Level("hard", 1_000, 0.0, True, "optimal"),
}


def make_bot(level: str, seat: int, seed: int) -> MemoryBot:
    """A bot of a level (``random``, ``easy``, ``medium``, ``hard``) for a seat."""
    if level not in LEVELS:
        raise OptionsError(f"unknown bot level ‘{level}’ (choose {', '.join(LEVELS)})")
    return MemoryBot(LEVELS[level], seat, seed)


@dataclass(frozen=True, slots=True)
class Seen:
    kind: str
    pair: int


class MemoryBot:
    """A Klepka player with a memory model; see :data:`LEVELS`."""

    def __init__(self, level: Level, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.random = random.Random(seed * 7919 + seat * 104_729 + len(level.name))
        self.memory: OrderedDict[int, Seen] = OrderedDict()

    # -- memory

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind == "flip":
                self._remember(event.data["position"], event.data["card"])
            elif event.kind == "match":
                for position in event.data["positions"]:
                    self.memory.pop(position, None)
            elif event.kind == "syncope":
                self.memory.pop(event.data["position"], None)

    def _remember(self, position: int, card: JsonObject) -> None:
        level = self.level
        if level.forget > 0 and self.memory:
            for known in [p for p in self.memory if self.random.random() < level.forget]:
                del self.memory[known]
        if level.capacity <= 0:
            return
        self.memory[position] = Seen(card["kind"], card["pair"])
        self.memory.move_to_end(position)
        while len(self.memory) > level.capacity:
            self.memory.popitem(last=False)

    def refused(self, reason: str) -> None:
        raise RuntimeError(f"bot:{self.level.name} chose an illegal action: {reason}")

    # -- choosing

    def choose(self, view: JsonObject) -> Action:
        phase = view["phase"]
        if phase == "london":
            return London(False)  # a bot has never been to London
        if phase == "reveal":
            return Conceal()
        if phase == "chain":
            return SubmitChain(self._chain(view))
        table: list[JsonObject] = view["table"]
        tried = view["tried"]
        memory = self.memory
        down: list[int] = []
        known: dict[int, Seen] = {}
        unknown: list[int] = []
        for p, cell in enumerate(table):
            if cell["state"] == "down" and p not in tried:
                down.append(p)
                seen = memory.get(p)
                if seen is None:
                    unknown.append(p)
                else:
                    known[p] = seen
        if phase == "first":
            return Flip(self._first(view, down, known, unknown))
        first = table[view["first"]]["card"]
        return Flip(self._second(view, Seen(first["kind"], first["pair"]), down, known, unknown))

    def _pick(self, positions: Sequence[int]) -> int:
        return positions[self.random.randrange(len(positions))]

    def _first(
        self, view: JsonObject, down: list[int], known: dict[int, Seen], unknown: list[int]
    ) -> int:
        if self.level.capacity <= 0:
            return self._pick(down)
        pairs: dict[int, list[int]] = {}
        for p, seen in known.items():
            if seen.kind != SYNC:
                pairs.setdefault(seen.pair, []).append(p)
        complete = [min(ps) for ps in pairs.values() if len(ps) == 2]
        if complete:
            return min(complete)
        syncopes = [p for p, seen in known.items() if seen.kind == SYNC]
        if syncopes and (view["options"]["after_syncope"] == "again" or not unknown):
            return syncopes[0]
        return self._pick(unknown or down)

    def _second(
        self,
        view: JsonObject,
        first: Seen,
        down: list[int],
        known: dict[int, Seen],
        unknown: list[int],
    ) -> int:
        if self.level.capacity <= 0:
            return self._pick(down)
        if first.kind != SYNC:
            for p, seen in known.items():
                if seen.pair == first.pair and seen.kind != first.kind:
                    return p
        if not self.level.careful:
            return self._pick(unknown or down)
        return self._careful_second(view, first, down, known, unknown)

    def _careful_second(
        self,
        view: JsonObject,
        first: Seen,
        down: list[int],
        known: dict[int, Seen],
        unknown: list[int],
    ) -> int:
        """``bot:hard``: turn up an unknown card only when it is worth the risk.

        A non-matching card of the other kind ends the turn and stays in everyone's
        memory; when its partner is already known, the next player takes the pair.
        A safe end (a known card of the other kind, or better a known Syncope,
        which is taken) reveals nothing new.
        """
        syncopes = [p for p, seen in known.items() if seen.kind == SYNC]
        other = PICTURE if first.kind == WORD else WORD
        safe_ends = [p for p, seen in known.items() if seen.kind == other]
        if not unknown:
            return (syncopes or safe_ends or down)[0]
        if first.kind == SYNC:
            # The Syncope is taken whatever comes second: reveal as little as possible.
            return (syncopes or sorted(known) or unknown)[0]
        counts = _unknown_counts(view, known)
        u = len(unknown)
        unknown_other = max(counts[other], 1)
        unknown_same = counts[first.kind]
        unknown_syncopes = counts[SYNC]
        known_pairs_same = {seen.pair for seen in known.values() if seen.kind == first.kind}
        # Cards of the other kind whose partner we (and everyone) know: gifts if revealed.
        gifts = len(known_pairs_same - {first.pair})
        players = int(view["players"])
        gift_cost = 0.0 if players == 1 else 1.2
        gain = (1.0 + 0.5) / u + unknown_syncopes / u * 0.6
        gain += unknown_same / u * 0.15  # the search goes on and we learn a card
        risk = gifts / u * gift_cost + (unknown_other - 1 - gifts) / u * (0.1 if players > 1 else 0)
        safe_value = 0.6 if syncopes else 0.0
        if gain - risk > safe_value or not (syncopes or safe_ends):
            return self._pick(unknown)
        return (syncopes or safe_ends)[0]

    # -- the chain

    def _chain(self, view: JsonObject) -> tuple[str, ...]:
        mine = view["collections"][self.seat]
        words: list[str] = list(mine["words"])
        syncopes: int = mine["syncopes"]
        rules = ChainRules(
            soft_sign="strict" if view["options"]["soft_sign"] == "strict" else "skip"
        )
        if not words:
            return ()
        if self.level.chain == "optimal":
            return best_chain(words, syncopes, rules).links
        if self.level.chain == "greedy":
            return _greedy_chain(words, rules)
        return (max(words, key=len),)


def _greedy_chain(words: list[str], rules: ChainRules) -> tuple[str, ...]:
    """A chain a hasty player makes: start with the longest word, add any that fits."""
    left = sorted(words, key=lambda w: (-len(w), w))
    chain = [left.pop(0)]
    while True:
        tail = last_letter(chain[-1], rules)
        follow = next((w for w in left if first_letter(w) == tail), None)
        if follow is None:
            return tuple(chain)
        chain.append(follow)
        left.remove(follow)


def _unknown_counts(view: JsonObject, known: dict[int, Seen]) -> dict[str, int]:
    """How many face-down cards of each kind are not in memory (from public counts)."""
    options: dict[str, Any] = view["options"]
    collections = view["collections"]
    syncopes_left = options["syncopes"] - sum(c["syncopes"] for c in collections)
    words_left = options["pairs"] - sum(len(c["words"]) for c in collections)
    up = [cell["card"]["kind"] for cell in view["table"] if cell["state"] == "up"]
    counts = {WORD: words_left, PICTURE: words_left, SYNC: syncopes_left}
    for kind in up:
        counts[kind] -= 1
    for seen in known.values():
        counts[seen.kind] -= 1
    return {kind: max(count, 0) for kind, count in counts.items()}


__all__ = ["LEVELS", "SYNCOPE", "Level", "MemoryBot", "make_bot"]
