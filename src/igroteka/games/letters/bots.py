"""Bots for Klepka letters: memory as in Klepka, words from the lexicon, prize cards in time.

A bot sees its seat's view and the events visible to it, never the state. It
remembers the cards it saw turned up (as many as its level keeps, forgetting
some), forgets everything at a Chaos, composes the best words its cards make
(scored as the rules score them, a one-colour double included) among the words
it :func:`knows` (never a vulgar or obscure one, none of its own again, and only
as rare as its level knows, by wordfreq's frequency), and plays its
prize cards: Exchange on its own turn when a card of another player makes a
better word, Chaos at the start of another player's turn when the table holds
pairs everyone has seen.

>>> from igroteka.engine import Match, play_out
>>> from igroteka.games.letters.rules import LettersGame
>>> match = Match.start(LettersGame(), ["a", "b"], {"pairs": 12}, seed=3)
>>> bots = {seat: make_bot("hard", seat, seed=3) for seat in range(2)}
>>> play_out(match, bots).winners <= {0, 1}
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from igroteka.engine.bot import check_level
from igroteka.engine.game import Event, IllegalAction, JsonObject
from igroteka.games.letters.deck import Card, Kind
from igroteka.games.letters.rules import (
    LANG,
    Action,
    Chaos,
    Compose,
    Exchange,
    Flip,
    Laying,
    LettersOptions,
    Stop,
    lay_out,
    spelling,
    word_problem,
)
from igroteka.lexicon.family import unfit
from igroteka.lexicon.frequency import zipf
from igroteka.lexicon.search import Found, best_words


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    capacity: int
    """How many face-down cards it remembers at most (least recently seen forgotten first)."""
    forget: float
    """Chance that a remembered card slips from memory each time another card is flipped."""
    words: str
    """``random`` (now and then a word found), ``one`` (its best word), ``all`` (every word)."""
    candidates: int
    """How many of the lexicon's best words it weighs for each word it composes."""
    colours: bool
    """Also looks for the words of one colour (worth double)."""
    prizes: bool
    """Plays Chaos and Exchange when they pay, rather than at random moments."""
    polysemy_gain: int = 0
    """Spends the Polysemy (before the table is empty) only on a word that beats the best
    word without it by this many points."""
    floor: float = 3.0
    """The least Zipf frequency (:func:`igroteka.lexicon.frequency.zipf`) of a word it plays:
    the words it knows. A word of two letters needs one more."""


PERFECT = 1 << 30

LEVELS: dict[str, Level] = {
    "random": Level("random", 0, 1.0, "random", 5, colours=False, prizes=False, floor=3.5),
    "easy": Level("easy", 6, 0.1, "one", 3, colours=False, prizes=False, floor=3.5),
    "medium": Level("medium", 14, 0.03, "all", 8, colours=False, prizes=True, floor=3.0),
    "hard": Level(
        "hard", PERFECT, 0.0, "all", 24, colours=True, prizes=True, polysemy_gain=6, floor=2.5
    ),
}
KNOWN_SHORT = 2
"""A word of this many letters or fewer needs a Zipf frequency one above the level's floor:
the dictionary's short words are full of letters' names, loans and babble."""
WIDER = 4
"""How many more of the lexicon's best words it asks for than it weighs: the rarest are
set aside as unknown to it."""


def knows(word: str, floor: float) -> bool:
    """Whether a bot whose floor is ``floor`` would play ``word``: never a vulgar or obscure
    word, and only a word as common as its level knows.

    >>> knows("кіт", 3.5), knows("пфальцграфинях", 2.5), knows("іо", 0.0), knows("дупа", 0.0)
    (True, False, False, False)
    """
    if unfit(word, LANG) is not None:
        return False
    short = len(spelling(word)) <= KNOWN_SHORT
    return zipf(word, LANG) >= floor + (1.0 if short else 0.0)


EXCHANGE_GAIN = 4
"""Points a better word must gain for a bot to spend an Exchange on it."""
COLOUR_SEARCH_BELOW = 20
"""Letters held under which the best words of each colour are looked for too (a search of a
large hand is slow, and its long words are seldom of one colour)."""
EXCHANGE_CANDIDATES = 10
"""How many of the other players' cards (the Polysemy, then the dearest letters) it weighs."""
CHAOS_PAIRS = 1
"""Pairs on the table that everyone has seen, for a bot to spend a Chaos on another's turn."""


def make_bot(level: str, seat: int, seed: int) -> LettersBot:
    """A bot of a level (``random``, ``easy``, ``medium``, ``hard``) for a seat."""
    check_level(level, LEVELS)
    return LettersBot(LEVELS[level], seat, seed)


def _options(view: JsonObject) -> LettersOptions:
    return LettersOptions(**view["options"])


def plan_words(
    cards: Sequence[JsonObject],
    options: LettersOptions,
    done: frozenset[str],
    candidates: int,
    points: Mapping[str, int],
    colours: bool = True,
    polysemy_gain: int = 0,
    most: int = 1 << 30,
    own: frozenset[str] = frozenset(),
    floor: float = 0.0,
) -> list[Laying]:
    """Words to compose from the cards (as views show them), best first, each card once.

    Each round asks the lexicon for the best words of what is left, and (with
    ``colours``) for the best of each colour's letters, the words that score
    double; it weighs them as the rules score them and takes the best; until
    no word is left. A word needing the Polysemy is taken only when it beats the
    best word without it by ``polysemy_gain`` points. At ``most`` words it stops.
    ``own``: the words it has composed (never again); a word it plays is one it
    :func:`knows` at ``floor``.
    """
    deck = _deck(cards)
    hand = [card["id"] for card in cards]
    plan: list[Laying] = []
    nouns = options.nouns_singular  # the house rule: the lexicon gives nouns in the singular
    while len(plan) < most:
        held = "".join(deck[c].letter for c in hand if deck[c].kind == Kind.LETTER)
        wild = any(deck[c].kind == Kind.POLYSEMY for c in hand)
        if not held:
            return plan
        values = tuple(sorted(points.items()))
        found = _known(
            _best(_sorted(held), wild, WIDER * candidates, values, nouns), floor, candidates
        )
        if colours and len(held) < COLOUR_SEARCH_BELOW:
            by_colour: dict[str, str] = {}
            for c in hand:
                if deck[c].kind == Kind.LETTER:
                    by_colour[deck[c].colour] = by_colour.get(deck[c].colour, "") + deck[c].letter
            for letters in by_colour.values():
                found += _known(_best(_sorted(letters), wild, 3 * WIDER, values, nouns), floor, 3)
        best: tuple[int, Laying] | None = None
        wild_best: tuple[int, Laying] | None = None
        for option in found:
            if word_problem(option.word, options, done, own) is not None:
                continue
            try:
                laid = lay_out(deck, hand, Laying(option.word), options.double_slang)
            except IllegalAction:
                continue
            scored = (laid.points, Laying(laid.word, laid.cards))
            if laid.polysemy:
                if wild_best is None or scored[0] > wild_best[0]:
                    wild_best = scored
            elif best is None or scored[0] > best[0]:
                best = scored
        if wild_best is not None and wild_best[0] - (best[0] if best else 0) >= polysemy_gain:
            best = wild_best
        if best is None:
            return plan
        plan.append(best[1])
        hand = [c for c in hand if c not in best[1].cards]
        done |= {best[1].word}
        own |= {best[1].word}
    return plan


def _known(found: Sequence[Found], floor: float, top: int) -> list[Found]:
    """The first ``top`` of the words found that a bot of ``floor`` knows."""
    return [option for option in found if knows(option.word, floor)][:top]


def _sorted(letters: str) -> str:
    return "".join(sorted(letters))


@functools.lru_cache(maxsize=4096)
def _best(
    letters: str,
    wild: bool,
    top: int,
    points: tuple[tuple[str, int], ...],
    nouns_singular: bool = False,
) -> tuple[Found, ...]:
    """The lexicon's best words, remembered: a hand is weighed again and again, turn after turn.

    With the house rule ``nouns_singular``, only the words that may be nouns in the singular.
    """
    found = best_words(
        letters, LANG, wildcard=wild, top=top, points=dict(points), nouns_singular=nouns_singular
    )
    return tuple(found)


def _deck(cards: Sequence[JsonObject]) -> dict[int, Card]:
    """The cards as the views show them, by id, as the rules' cards (for :func:`lay_out`)."""
    return {
        c["id"]: Card(
            c["id"], c["kind"], c.get("letter", ""), c.get("points", 0), c.get("colour", "")
        )
        for c in cards
    }


class LettersBot:
    """A Klepka letters player; see :data:`LEVELS`."""

    def __init__(self, level: Level, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.random = random.Random(seed * 7919 + seat * 104_729 + len(level.name))
        self.memory: dict[int, JsonObject] = {}
        """What it remembers of face-down cards, by position, least recently seen first."""
        self.seen: dict[int, str] = {}
        """Every face-down card anyone has seen since the last Chaos (letters): public knowledge."""
        self.turn_number = 0
        self.planned_turn = -1
        self.offered_turn = -1

    # -- memory

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            kind, data = event.kind, event.data
            if kind == "flip":
                card = data["card"]
                if card["kind"] == Kind.LETTER:
                    self.seen[data["position"]] = card["letter"]
                self._remember(data["position"], card)
            elif kind in ("match", "prize"):
                positions = data["positions"] if kind == "match" else [data["position"]]
                for position in positions:
                    self.memory.pop(position, None)
                    self.seen.pop(position, None)
            elif kind == "chaos":
                self.memory.clear()
                self.seen.clear()
            elif kind == "turn":
                self.turn_number += 1

    def _remember(self, position: int, card: JsonObject) -> None:
        level, memory = self.level, self.memory
        if level.forget and memory:
            for known in [p for p in memory if self.random.random() < level.forget]:
                del memory[known]
        if not level.capacity:
            return
        memory.pop(position, None)
        memory[position] = card
        if len(memory) > level.capacity:
            del memory[next(iter(memory))]

    def refused(self, reason: str) -> None:
        raise RuntimeError(f"bot:{self.level.name} chose an illegal action: {reason}")

    # -- out of turn

    def offer(self, view: JsonObject) -> Action | None:
        if view["turn"] == self.seat or self.offered_turn == self.turn_number:
            return None
        self.offered_turn = self.turn_number  # one thought per turn of another player
        hand = view["hands"][self.seat]
        if not any(card["kind"] == Kind.CHAOS for card in hand):
            return None
        down = sum(1 for cell in view["table"] if cell == "down")
        if down < 2:
            return None
        if self.level.prizes:
            return Chaos() if self._known_pairs(view) >= CHAOS_PAIRS else None
        return Chaos() if self.random.random() < 0.1 else None

    def _known_pairs(self, view: JsonObject) -> int:
        table = view["table"]
        letters: dict[str, int] = {}
        for position, letter in self.seen.items():
            if table[position] == "down":
                letters[letter] = letters.get(letter, 0) + 1
        return sum(count // 2 for count in letters.values())

    # -- on its turn

    def choose(self, view: JsonObject) -> Action:
        phase = view["phase"]
        down = [p for p, cell in enumerate(view["table"]) if cell == "down"]
        if phase == "compose" and self.planned_turn != self.turn_number:
            self.planned_turn = self.turn_number
            exchange = self._exchange(view)
            if exchange is not None:
                self.planned_turn = -1  # think again about words with the new card
                return exchange
            words = self._words(view, endgame=not down)
            if words:
                self.planned_turn = -1 if not down else self.planned_turn
                return Compose(tuple(words))
        if phase == "compose" and not down:
            return Stop()
        return Flip(self._flip(view, down))

    def _words(self, view: JsonObject, endgame: bool) -> list[Laying]:
        level = self.level
        hand = view["hands"][self.seat]
        if not any(card["kind"] == Kind.LETTER for card in hand):
            return []
        if level.words == "random" and not endgame and self.random.random() < 0.5:
            return []
        done = frozenset(s["word"] for sheet in view["sheets"] for s in sheet)
        own = frozenset(s["word"] for s in view["sheets"][self.seat])
        points = view["letter_points"]
        gain = 0 if endgame else level.polysemy_gain
        plan = plan_words(
            hand, _options(view), done, level.candidates, points, level.colours, gain,
            own=own, floor=level.floor,
        )  # fmt: skip
        if level.words in ("random", "one") and not endgame:
            return plan[:1]
        return plan

    def _exchange(self, view: JsonObject) -> Exchange | None:
        hand = view["hands"][self.seat]
        spares = [card["id"] for card in hand if card["kind"] == Kind.EXCHANGE]
        others = [
            card
            for seat, cards in enumerate(view["hands"])
            if seat != self.seat
            for card in cards
            if card["kind"] in (Kind.LETTER, Kind.POLYSEMY)
        ]
        if not spares or len(hand) < 2 or not others:
            return None
        if not self.level.prizes:
            if self.random.random() < 0.2:
                give = self.random.choice([c["id"] for c in hand if c["id"] != spares[0]])
                return Exchange(give, self.random.choice(others)["id"])
            return None
        options = _options(view)
        done = frozenset(s["word"] for sheet in view["sheets"] for s in sheet)
        own = frozenset(s["word"] for s in view["sheets"][self.seat])
        keep = [card for card in hand if card["id"] != spares[0]]
        points = view["letter_points"]
        floor = self.level.floor

        def planned(cards: Sequence[JsonObject]) -> list[Laying]:
            return plan_words(cards, options, done, 8, points, False, most=1, own=own, floor=floor)

        now = _worth(planned(keep), keep)
        best: tuple[int, Exchange] | None = None
        distinct = {(c["kind"], c.get("letter")): c for c in others}.values()
        # The Polysemy and the dearest letters: a cheap letter rarely pays for an Exchange.
        weighed = sorted(distinct, key=lambda c: (c["kind"] == Kind.LETTER, -c.get("points", 0)))
        for wanted in weighed[:EXCHANGE_CANDIDATES]:
            cards = [*keep, wanted]
            plan = planned(cards)
            used = {card for laying in plan for card in laying.cards}
            spare = [c for c in keep if c["id"] not in used]
            if spare:
                give = min(spare, key=lambda c: (c["kind"] != Kind.LETTER, c.get("points", 0)))
            else:  # every card has a use: weigh giving each of the cheapest kinds of card
                tries = []
                kinds = {(c["kind"], c.get("letter")): c for c in keep}.values()
                cheapest = sorted(
                    kinds, key=lambda c: (c["kind"] != Kind.LETTER, c.get("points", 0))
                )
                for give in cheapest[: EXCHANGE_CANDIDATES // 2]:
                    rest = [c for c in cards if c["id"] != give["id"]]
                    again = planned(rest)
                    tries.append((_worth(again, rest), give["id"], give, again, rest))
                _, _, give, plan, cards = max(tries, key=lambda t: (t[0], -t[1]))
            gain = _worth(plan, cards) - now
            if gain >= EXCHANGE_GAIN and (best is None or gain > best[0]):
                best = (gain, Exchange(give["id"], wanted["id"]))
        return best[1] if best else None

    def _flip(self, view: JsonObject, down: list[int]) -> int:
        memory = self.memory
        faces = view["faces"]
        up_letters = [face["letter"] for face in faces.values() if face["kind"] == Kind.LETTER]
        waiting = {letter for letter in up_letters if up_letters.count(letter) % 2}
        known = [p for p in down if p in memory]
        # The partner of a letter already up this round.
        for position in known:
            if memory[position].get("letter") in waiting:
                return position
        # A prize card remembered: taken for nothing.
        for position in known:
            if memory[position]["kind"] != Kind.LETTER:
                return position
        # Both cards of a pair remembered, when the round has room for both.
        phase = view["phase"]
        left = (
            view["left"] if phase == "flip" else 2 if phase == "again" else 2 * view["composed"] + 2
        )
        if left >= 2:
            by_letter: dict[str, int] = {}
            for position in known:
                letter = memory[position]["letter"]
                if letter in by_letter:
                    return by_letter[letter]
                by_letter[letter] = position
        unknown = [p for p in down if p not in memory]
        return self.random.choice(unknown or down)


def _worth(plan: Sequence[Laying], cards: Sequence[JsonObject]) -> int:
    """What a plan of words scores (the rules' points, colours included)."""
    deck = _deck(cards)
    hand = [card["id"] for card in cards]
    total = 0
    for laying in plan:
        try:
            total += lay_out(deck, hand, laying).points
        except IllegalAction:
            continue
    return total
