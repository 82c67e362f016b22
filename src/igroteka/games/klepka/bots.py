"""Bots for Klepka: they see a seat's view and events, and remember what they saw.

A bot's level is its memory (how many cards it keeps, how fast it forgets) and
its judgement. ``bot:hard`` remembers every card and plays the exact optimum of
the abstract perfect-memory game (:mod:`igroteka.games.klepka.strategy`): it
reduces what it has seen to counts (unknown pairs, known words and pictures
without their partner, Syncopes left, pairs made known in this attempt) and
looks up whether to turn up an unknown card or a known one. With more than two
players it plays the two-player values as "me against the next player"; alone,
it plays the solitaire optimum (fewest moves).

>>> from igroteka.engine import Match, play_out
>>> from igroteka.games.klepka.rules import KlepkaGame
>>> game = KlepkaGame()
>>> match = Match.start(game, ["a", "b"], {"pairs": 6, "starter": 0}, seed=3)
>>> bots = {seat: make_bot("hard", seat, seed=3) for seat in range(2)}
>>> play_out(match, bots).winners <= {0, 1}
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from igroteka.engine.bot import check_level
from igroteka.engine.game import Event, JsonObject
from igroteka.games.klepka.chain import SYNCOPE, ChainRules, first_letter, last_letter
from igroteka.games.klepka.rules import (
    Action,
    Flip,
    London,
    SubmitChain,
    best_chain,
)
from igroteka.games.klepka.strategy import Duel, Follow, Opening, Solitaire, duel, solitaire

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


PERFECT = 1 << 30
"""A memory this big never overflows: more cards than any table can have."""

LEVELS: dict[str, Level] = {
    "random": Level("random", 0, 1.0, False, "longest-word"),
    "easy": Level("easy", 6, 0.1, False, "greedy"),
    "medium": Level("medium", 12, 0.03, False, "optimal"),
    "hard": Level("hard", PERFECT, 0.0, True, "optimal"),
}


def make_bot(level: str, seat: int, seed: int) -> MemoryBot:
    """A bot of a level (``random``, ``easy``, ``medium``, ``hard``) for a seat."""
    check_level(level, LEVELS)
    return MemoryBot(LEVELS[level], seat, seed)


class Seen(NamedTuple):
    """What a bot remembers of a face-down card."""

    kind: str
    pair: int


@functools.lru_cache(maxsize=4096)
def _seen(kind: str, pair: int) -> Seen:
    """What a bot keeps of a card (a value: the same for every bot that sees it)."""
    return Seen(kind, pair)


_flip = functools.lru_cache(maxsize=4096)(Flip)  # actions are values: one per position


class MemoryBot:
    """A Klepka player with a memory model; see :data:`LEVELS`."""

    def __init__(self, level: Level, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.random = random.Random(seed * 7919 + seat * 104_729 + len(level.name))
        self.memory: dict[int, Seen] = {}
        """The cards it remembers, by position, least recently seen first."""
        self._by_pair: dict[int, list[int]] = {}
        """The remembered WORD and PICTURE cards by pair (an index of ``memory``)."""
        self._singles: dict[str, set[int]] = {WORD: set(), PICTURE: set()}
        """Remembered cards whose partner is not remembered, by kind."""
        self._complete: set[int] = set()
        """Pairs whose both cards are remembered."""
        self.passed = False
        """The last attempt was a pass: it turned up only known cards and took nothing."""
        self._pure = True  # the current attempt has so far turned up only known cards

    # -- memory

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event.kind
            if kind == "flip":
                data = event.data
                position = data["position"]
                if position not in self.memory:
                    self._pure = False
                self._remember(position, data["card"])
            elif kind == "match":
                for position in event.data["positions"]:
                    self._drop(position)
                self.passed, self._pure = False, True
            elif kind == "syncope":
                self._drop(event.data["position"])
                self._pure = False
            elif kind == "turn":
                self.passed, self._pure = self._pure, True

    def _remember(self, position: int, card: JsonObject) -> None:
        level = self.level
        memory = self.memory
        if level.forget and memory:
            for known in [p for p in memory if self.random.random() < level.forget]:
                self._drop(known)
        if not level.capacity:
            return
        if position in memory:
            if level.capacity < PERFECT:  # what was seen last is forgotten last
                memory[position] = memory.pop(position)
            return
        kind, pair = card["kind"], card["pair"]
        memory[position] = _seen(kind, pair)
        if kind != SYNC:
            positions = self._by_pair.get(pair)
            if positions is None:
                self._by_pair[pair] = [position]
                self._singles[kind].add(position)
            else:
                partner = positions[0]
                positions.append(position)
                self._singles[memory[partner].kind].discard(partner)
                self._complete.add(pair)
        if len(memory) > level.capacity:
            self._drop(next(iter(memory)))

    def _drop(self, position: int) -> None:
        seen = self.memory.pop(position, None)
        if seen is not None and seen.kind != SYNC:
            positions = self._by_pair[seen.pair]
            positions.remove(position)
            if positions:
                partner = positions[0]
                self._complete.discard(seen.pair)
                self._singles[self.memory[partner].kind].add(partner)
            else:
                del self._by_pair[seen.pair]
                self._singles[seen.kind].discard(position)

    def offer(self, view: JsonObject) -> None:
        """Klepka has nothing to play out of turn."""
        return None

    def refused(self, reason: str) -> None:
        raise RuntimeError(f"bot:{self.level.name} chose an illegal action: {reason}")

    # -- choosing

    def choose(self, view: JsonObject) -> Action:
        phase = view["phase"]
        if phase == "london":
            return London(False)  # a bot has never been to London
        if phase == "chain":
            return SubmitChain(self._chain(view))
        tried = view["tried"]
        memory = self.memory
        down = [p for p, cell in enumerate(view["table"]) if cell == "down"]
        if tried:
            down = [p for p in down if p not in tried]
        unknown = [p for p in down if p not in memory]
        if phase == "first":
            return _flip(self._first(view, down, unknown))
        first = view["faces"][str(view["first"])]
        return _flip(self._second(view, _seen(first["kind"], first["pair"]), down, unknown))

    def _pick(self, positions: Sequence[int]) -> int:
        return positions[int(self.random.random() * len(positions))]

    def _first(self, view: JsonObject, down: list[int], unknown: list[int]) -> int:
        if self.level.capacity <= 0:
            return self._pick(down)
        # Nothing is up and nothing tried: every remembered card lies face down.
        if self._complete:
            return min(min(self._by_pair[pair]) for pair in self._complete)
        if self.level.careful and unknown:
            return self._careful_first(view, unknown)
        return self._pick(unknown or down)

    def _second(self, view: JsonObject, first: Seen, down: list[int], unknown: list[int]) -> int:
        if self.level.capacity <= 0:
            return self._pick(down)
        if first.kind != SYNC:
            for p in self._by_pair.get(first.pair, ()):
                if self.memory[p].kind != first.kind:
                    return p  # the partner is face down (a face-up card is never its partner)
        if not self.level.careful:
            return self._pick(unknown or down)
        return self._careful_second(view, first, down, unknown)

    def _careful_first(self, view: JsonObject, unknown: list[int]) -> int:
        """``bot:hard``: an unknown card, or a stall with a known single, by the exact values."""
        position = _Position(view, self)
        u, w, p, s = position.u, position.w, position.p, position.s
        choice = Opening.UNKNOWN
        if view["players"] == 1:
            if Solitaire.affordable(u + w + p, s):
                choice = solitaire().opening(u, w, p, s)
        elif Duel.affordable(u + w + p, s):
            choice = duel().opening(u, w, p, s, passed=self.passed)
        if choice is Opening.WORD:
            return self._pick(position.singles(WORD))
        if choice is Opening.PICTURE:
            return self._pick(position.singles(PICTURE))
        return self._pick(unknown)

    def _careful_second(
        self, view: JsonObject, first: Seen, down: list[int], unknown: list[int]
    ) -> int:
        """``bot:hard``: an unknown card, or a known one that ends the attempt, by the exact values.

        A known card of the first card's kind (the search goes on, nothing revealed)
        is never better than the best of the other two (see the strategy module).
        Tables too big to build in about a second (many pairs) are not built: until
        the table shrinks to that size, the bot turns up unknown cards.
        """
        if not unknown:
            return down[0]
        position = _Position(view, self)
        alone = view["players"] == 1
        u, s, k = position.u, position.s, len(position.complete)
        choice = Follow.UNKNOWN
        memory = self.memory
        if first.kind == SYNC:
            # The Syncope is taken whatever comes second.
            w, p = position.w, position.p
            if alone:
                if Solitaire.affordable(u + w + p + k, s):
                    choice = solitaire().after_syncope(u, w, p, s)
            elif Duel.affordable(u + w + p + k, s):
                choice = duel().after_syncope(u, w, p, s)
        else:
            a, b = position.w, position.p
            if first.kind == PICTURE:
                a, b = b, a
            if alone:
                if Solitaire.affordable(u + a + b + k + 1, s):
                    choice = solitaire().follow(u, a, b, s, k > 0)
            elif Duel.affordable(u + a + b + k + 1, s):
                pure = self._pure and k == 0
                choice = duel().follow(u, a, b, s, k, pure=pure, passed=self.passed)
        if choice is Follow.END:
            # After a Syncope any known card ends the attempt; else one of the other kind.
            other = "" if first.kind == SYNC else first.kind
            ends = [p for p in down if p in memory and memory[p].kind != other]
            if ends:
                return self._pick(ends)
        return self._pick(unknown)

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


class _Position:
    """What a perfect memory knows of the table, as the strategy's counts.

    Singles are known face-down cards whose partner is unknown (``w`` WORD and
    ``p`` PICTURE singles; a card whose partner is the face-up first card is not
    one); ``complete`` are known face-down pairs; ``u`` counts the pairs of which
    no card is known, up or taken; ``s`` the Syncopes still face down.
    """

    __slots__ = ("_bot", "_up", "complete", "p", "s", "u", "w")

    def __init__(self, view: JsonObject, bot: MemoryBot) -> None:
        options: dict[str, Any] = view["options"]
        collections = view["collections"]
        by_pair = bot._by_pair
        pairs_taken = syncopes_taken = 0
        for held in collections:
            pairs_taken += len(held["words"])
            syncopes_taken += held["syncopes"]
        syncopes_up = 0
        up: list[int] = []  # the face-up positions
        up_pairs: set[int] = set()
        for key, card in view["faces"].items():
            up.append(int(key))
            if card["kind"] == SYNC:
                syncopes_up += 1
            else:
                up_pairs.add(card["pair"])
        self.u: int = max(
            0, options["pairs"] - pairs_taken - len(by_pair) - len(up_pairs - by_pair.keys())
        )
        self.s: int = max(0, options["syncopes"] - syncopes_taken - syncopes_up)
        # A pair with a card up is neither complete nor single: its partner is up or unknown.
        self.complete: list[int] = [pair for pair in bot._complete if pair not in up_pairs]
        singles = bot._singles
        self.w: int = len(singles[WORD]) - sum(1 for p in up if p in singles[WORD])
        self.p: int = len(singles[PICTURE]) - sum(1 for p in up if p in singles[PICTURE])
        self._bot, self._up = bot, up

    def singles(self, kind: str) -> list[int]:
        """The face-down singles of a kind (WORD or PICTURE), in table order."""
        return sorted(self._bot._singles[kind].difference(self._up))


__all__ = ["LEVELS", "SYNCOPE", "Level", "MemoryBot", "make_bot"]
