"""The rules of Klepka letters (rule sheet 002), as a pure game.

Letter cards lie face down in rows. A turn has two steps:

1. *compose*: the player may compose words from the letter cards they have
   collected (any Ukrainian word in any form, checked by the lexicon); a word
   scores its letters' points, doubled when its cards share one colour (three letters
   or more); the same player never composes a word twice; the
   cards used are discarded;
2. *flip*: the player turns up one pair more than the words composed (no word:
   2 cards, one word: 4 cards), one at a time; identical letters among them are
   kept, prize cards are taken, the other letters go back face down where they
   were. A player who kept a pair may flip two more cards, and so on.

Chaos (reshuffle the face-down cards) and Exchange (swap a card with another
player) may be played at any moment, also during another player's turn: their
holders are actors the game does not wait for (see ``awaited``).

A card is named by an id in views, events and actions (the cards of a word,
the two of an Exchange). Its id is the table place it was dealt to: the cards
are dealt face down to places 0, 1, 2, … and the card at place 7 is card 7. A
Chaos deals the face-down cards anew, and the card that lands at place 7 is
card 7 from then on; a card taken keeps its id, in a hand, in the discard and
through an Exchange, where everyone sees it. An id therefore says nothing a
seat could not see: no id follows a face-down card across a Chaos.

>>> game = LettersGame()
>>> state = game.setup(game.parse_options({"pairs": 12, "starter": 0}), 2, seed=1)
>>> state.phase, sorted(game.actors(state))
('compose', [0])
>>> state, events = game.apply(state, 0, Flip(0))
>>> [event.kind for event in events], state.left
(['flip'], 1)

Every decision the sheet leaves open is written in docs/rules/letters.md.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from igroteka.engine import codec
from igroteka.engine.base import BaseGame, action_object, game_over, replacer
from igroteka.engine.game import (
    Event,
    IllegalAction,
    JsonObject,
    OptionsError,
    Outcome,
    check_starter,
    flag_option,
    known_options,
    starter_option,
    whole_option,
)
from igroteka.engine.rng import Rng
from igroteka.games.letters.deck import COLOURS, Card, Kind, letters, make_deck
from igroteka.i18n import Text
from igroteka.lexicon import WordInputError, analyses, check, normal
from igroteka.lexicon.family import interjection, interjections, unfit
from igroteka.lexicon.style import slang
from igroteka.lexicon.text import APOSTROPHES

LANG = "uk"
EMPTY = -1
"""A table position whose card has been taken."""
PHRASE = ("слава", "україні")
"""Composed together, these two words win the game at once."""
DOUBLE_LETTERS = 3
"""A word of one colour scores double from this many letters on (a word of two letters in
one colour is too easy to lay: docs/rules/letters.md)."""


class Phase:
    COMPOSE: Final = "compose"  # step 1: the turn's player may compose words, then flips
    FLIP: Final = "flip"  # step 2: cards are being turned up
    REVEAL: Final = "reveal"  # unmatched letters stay up for everyone until turned back
    AGAIN: Final = "again"  # a pair was kept: the player may flip two more cards, or stop
    OVER: Final = "over"


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Laying:
    """A word and the cards (ids) it is made of; no cards: the rules choose them."""

    word: str
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Compose:
    """Words composed together (one composition), in the order they are laid out."""

    words: tuple[Laying, ...]


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn a face-down card face up."""

    position: int


@dataclass(frozen=True, slots=True)
class Conceal:
    """Turn the unmatched letters back face down (after everyone had a look)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """End the turn: instead of flipping again after a pair, or when the table is empty."""


@dataclass(frozen=True, slots=True)
class Chaos:
    """Play a Chaos card: every face-down card on the table is reshuffled."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """Play an Exchange card: give one of your cards, take one of another player's (ids)."""

    give: int
    take: int


Action = Compose | Flip | Conceal | Stop | Chaos | Exchange


# ---------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class LettersOptions:
    """The table size, the prize cards, and the house rules (off by default)."""

    pairs: int = 64
    polysemy: int = 2
    chaos: int = 2
    exchange: int = 2
    min_length: int = 2
    nouns_singular: bool = False
    unique_words: bool = False
    double_slang: bool = False
    classic_deck: bool = False
    family: bool = True
    starter: str | int = "random"
    reveal: int = 3
    """Seconds unmatched letters stay up before the room turns them back."""


LIMITS = {
    "pairs": (10, 120),
    "polysemy": (0, 8),
    "chaos": (0, 8),
    "exchange": (0, 8),
    "min_length": (1, 6),
    "reveal": (1, 10),
}
_DEFAULTS = LettersOptions()
_FLAGS = ("nouns_singular", "unique_words", "double_slang", "classic_deck", "family")


def parse_options(raw: Mapping[str, Any]) -> LettersOptions:
    """Options from JSON, with defaults; :class:`OptionsError` names what is wrong."""
    known = {f.name for f in dataclasses.fields(LettersOptions)}
    known_options(raw, known)
    values: dict[str, Any] = {}
    for key, (low, high) in LIMITS.items():
        values[key] = whole_option(raw, key, getattr(_DEFAULTS, key), low, high)
    for key in _FLAGS:
        values[key] = flag_option(raw, key, getattr(_DEFAULTS, key))
    return LettersOptions(**values, starter=starter_option(raw))


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Scored:
    """A word on a player's score sheet."""

    word: str
    points: int
    double: bool
    polysemy: str = ""
    """The letter a Polysemy stood for, or ``""``."""


@dataclass(frozen=True, slots=True)
class LettersState:
    """The whole truth of a game, face-down cards included: never shown to players."""

    options: LettersOptions
    players: int
    deck: tuple[Card, ...]
    """The cards by id: ``deck[7]`` is card 7, the card dealt to place 7 (a Chaos deals the
    face-down places' cards anew; a card taken stays what it is)."""
    table: tuple[int, ...]
    """The card id at each table position, or :data:`EMPTY`: the position itself while a
    card lies there (a card's id is its place)."""
    up: tuple[int, ...]
    """Positions face up now, in the order turned."""
    phase: str
    turn: int
    rng: Rng
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the ids of the cards held, in the order taken."""
    sheets: tuple[tuple[Scored, ...], ...]
    composed: int = 0
    """Words composed in this turn's first step."""
    left: int = 0
    """Cards still to turn up in this round of flips."""
    matched: bool = False
    """A pair was kept in this round of flips."""
    discard: tuple[int, ...] = ()
    turns: int = 1
    flips: int = 0
    idle: int = 0
    """Turns in a row, once the table is empty, in which nobody composed a word."""
    phrase: int = -1
    """The seat that composed Слава Україні, or -1."""
    shuffles: int = 0
    """How many times a Chaos has dealt the face-down cards anew."""
    result: Outcome | None = None

    def held(self, seat: int, kind: str) -> list[int]:
        """The ids of a seat's cards of a kind."""
        deck = self.deck
        return [card for card in self.hands[seat] if deck[card].kind == kind]

    def face_down(self) -> list[int]:
        up = self.up
        return [p for p, card in enumerate(self.table) if card != EMPTY and p not in up]

    def points(self, seat: int) -> int:
        return sum(scored.points for scored in self.sheets[seat])

    def owner(self, card: int) -> int | None:
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        return None


_replace = replacer(LettersState)


@functools.cache
def _letter_points() -> dict[str, int]:
    return {info.letter: info.points for info in letters(LANG)}


@functools.lru_cache(maxsize=64)
def _columns(cards: int) -> int:
    return max(1, math.ceil(math.sqrt(cards)))


def spelling(word: str) -> str:
    """The letters a word is laid out with: its normal form without apostrophes.

    >>> spelling("М’ЯСО")
    'мясо'
    """
    form = normal(word, LANG)
    return "".join(char for char in form if char not in APOSTROPHES)


# ---------------------------------------------------------------- laying out words


@dataclass(frozen=True, slots=True)
class Laid:
    """A word checked and laid out: the cards it uses and what it scores."""

    word: str
    cards: tuple[int, ...]
    polysemy: str
    points: int
    double: bool


Cards = Sequence[Card] | Mapping[int, Card]
"""The cards by id: the deck, or the cards a player has seen."""


def _one_colour(deck: Cards, cards: Sequence[int]) -> bool:
    colours = {deck[card].colour for card in cards if deck[card].kind == Kind.LETTER}
    return len(colours) == 1


def _choose(deck: Cards, hand: Sequence[int], need: Counter[str]) -> list[int] | None:
    """Cards of ``hand`` that spell ``need``: of one colour if the hand has them (the word
    scores double), else the first held of each letter."""
    for colour in COLOURS:
        of_colour = [card for card in hand if deck[card].colour == colour]
        chosen = _first(deck, of_colour, need)
        if chosen is not None:
            return chosen
    return _first(deck, hand, need)


def _first(deck: Cards, hand: Sequence[int], need: Counter[str]) -> list[int] | None:
    """The first cards of ``hand`` that spell ``need``."""
    chosen = []
    for letter, count in need.items():
        held = [c for c in hand if deck[c].kind == Kind.LETTER and deck[c].letter == letter]
        if len(held) < count:
            return None
        chosen.extend(held[:count])
    return chosen


def _missing(need: Counter[str], have: Counter[str]) -> str:
    lacking = need - have
    return " ".join(sorted(lacking.elements()))


def lay_out(deck: Cards, hand: Sequence[int], laying: Laying, slang_doubles: bool = False) -> Laid:
    """Check that a word can be made of the cards (given, or chosen from ``hand``) and score it.

    A Polysemy stands for one letter, as many times as the word has it, and
    only when no card of that letter is used in the word. The letters it stands
    for score their points; it does not spoil a word of one colour.
    """
    letters_needed = Counter(spelling(laying.word))
    shown = laying.word.strip()
    values = _letter_points()
    if laying.cards:
        cards = list(laying.cards)
        if len(set(cards)) != len(cards):
            raise IllegalAction(Text("‘{word}’ names the same card twice", word=shown))
        if any(card not in hand for card in cards):
            raise IllegalAction(Text("‘{word}’ uses a card you do not hold", word=shown))
        wild = [card for card in cards if deck[card].kind == Kind.POLYSEMY]
        others = [card for card in cards if deck[card].kind != Kind.POLYSEMY]
        if any(deck[card].kind != Kind.LETTER for card in others):
            raise IllegalAction(Text("only letter cards and a Polysemy make words"))
        if len(wild) > 1:
            raise IllegalAction(Text("‘{word}’: one Polysemy a word", word=shown))
        have = Counter(deck[card].letter for card in others)
        rest = letters_needed - have
        if have - letters_needed:
            extra = sorted((have - letters_needed).elements())
            raise IllegalAction(
                Text(
                    "‘{word}’ has no place for the {count:letter|letters} {letters}",
                    word=shown,
                    count=len(extra),
                    letters=" ".join(extra),
                )
            )
        stands_for = ""
        if wild and not rest:
            raise IllegalAction(
                Text("‘{word}’ is complete without the Polysemy: keep it", word=shown)
            )
        if wild:
            if len(rest) != 1:
                raise IllegalAction(
                    Text(
                        "a Polysemy stands for one letter: ‘{word}’ still lacks {letters}",
                        word=shown,
                        letters=_missing(letters_needed, have),
                    )
                )
            stands_for = next(iter(rest))
            if have[stands_for]:
                raise IllegalAction(
                    Text(
                        "the Polysemy stands for every {letter} of ‘{word}’, "
                        "so no card of that letter may be used with it",
                        letter=stands_for,
                        word=shown,
                    )
                )
        elif rest:
            raise IllegalAction(
                Text(
                    "‘{word}’ needs {letters} as well",
                    word=shown,
                    letters=_missing(letters_needed, have),
                )
            )
    else:
        cards_or_none = _choose(deck, hand, letters_needed)
        stands_for = ""
        if cards_or_none is None:
            wilds = [card for card in hand if deck[card].kind == Kind.POLYSEMY]
            held = Counter(deck[card].letter for card in hand if deck[card].kind == Kind.LETTER)
            if not wilds:
                raise IllegalAction(
                    Text(
                        "you do not hold the letters of ‘{word}’: {letters} missing",
                        word=shown,
                        letters=_missing(letters_needed, held),
                    )
                )
            options = []
            for letter in sorted(letters_needed):
                rest_need = Counter({k: v for k, v in letters_needed.items() if k != letter})
                chosen = _choose(deck, hand, rest_need)
                if chosen is not None:
                    options.append((not _one_colour(deck, chosen), letter, chosen))
            if not options:
                raise IllegalAction(
                    Text(
                        "you do not hold the letters of ‘{word}’, even with the Polysemy: "
                        "{letters} missing",
                        word=shown,
                        letters=_missing(letters_needed, held),
                    )
                )
            _, stands_for, chosen = min(options)
            cards_or_none = [*chosen, wilds[0]]
        cards = cards_or_none
    points = sum(values[letter] * count for letter, count in letters_needed.items())
    one_colour = len(spelling(laying.word)) >= DOUBLE_LETTERS and _one_colour(deck, cards)
    double = one_colour or (slang_doubles and slang(laying.word, LANG))
    return Laid(
        normal(laying.word, LANG), tuple(cards), stands_for, points * (2 if double else 1), double
    )


def word_problem(
    word: str, options: LettersOptions, composed: frozenset[str], own: frozenset[str] = frozenset()
) -> str | None:
    """Why a word may not be composed under the options, or ``None`` when it may.

    ``composed``: every word composed in the game so far; ``own``: the player's own
    (the same player never composes a word twice; another player may).
    """
    shown = word.strip()
    try:
        form = normal(word, LANG)
    except WordInputError as error:
        return error.reason
    size = len(spelling(word))
    if size < options.min_length:
        return Text(
            "‘{word}’ is too short: a word has at least {length} {length:letter|letters}",
            word=shown,
            length=options.min_length,
        )
    if options.family:
        unfit_reason = unfit(form, LANG)
        if unfit_reason is not None:
            return unfit_reason.but(word=shown)
    if not interjection(form, LANG):
        verdict = check(form, LANG)
        if not verdict.ok:  # the lexicon's reason, about the word as the player typed it
            return cast(Text, verdict.reason).but(shown=shown)
        if any(reading.abbreviation for reading in analyses(form, LANG)):
            return Text("‘{shown}’ is an abbreviation", shown=shown)
    if options.nouns_singular and not any(
        a.pos == "noun" and a.number == "singular" for a in analyses(form, LANG)
    ):
        return Text("‘{word}’ is not a noun in the singular (house rule: only those)", word=shown)
    if options.unique_words and form in composed:
        return Text("‘{word}’ has been composed already (house rule: no word twice)", word=shown)
    if form in own:
        return Text(
            "you have composed ‘{word}’ already: another player may compose it, you may not again",
            word=shown,
        )
    return None


# ---------------------------------------------------------------- the game

_NOBODY: frozenset[int] = frozenset()


class LettersGame(BaseGame[LettersState, Action]):
    """Klepka letters, implementing :class:`igroteka.engine.Game`."""

    name = "letters"
    version = 5
    """5: a form of a vulgar word and of a plain one is the commoner word's (гімну, of гімн,
    is fit). 4: the family table also refuses slurs (хохли), and takes a form that is the
    dictionary form of a plain word as that word (сук, a bough). 3: a colour belongs to a
    pair, a one-colour double needs three letters, one player never composes a word twice,
    family words only (option), interjections are words (2: a card's id is the table place
    it was dealt to, a Chaos deals ids anew; 1: its place in the deck, for the whole game)."""
    min_players = 1
    max_players = 6

    def basis(self, state: LettersState, seat: int, action: Action) -> Hashable:
        """What a choice rests on: the card under a flip (every Chaos deals the face-down
        cards anew, so a flip chosen before one is chosen again, whether or not the card at
        its place happens to be another), the holders of an Exchange's two cards, the hand a
        composition is made of; nothing else moves."""
        if isinstance(action, Flip):
            table = state.table
            position = action.position
            return (table[position] if 0 <= position < len(table) else None), state.shuffles
        if isinstance(action, Exchange):
            return state.owner(action.give), state.owner(action.take)
        if isinstance(action, Compose):
            return state.hands[seat] if 0 <= seat < state.players else None
        return None

    def parse_options(self, raw: Mapping[str, Any]) -> JsonObject:
        return dict(codec.plain(parse_options(raw)))

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> LettersState:
        opts = parse_options(options)
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                Text(
                    "Klepka letters is played by {low} to {high} {high:player|players}, "
                    "not {players}",
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )
        check_starter(opts.starter, players)
        made = make_deck(
            opts.pairs, opts.polysemy, opts.chaos, opts.exchange, LANG, opts.classic_deck
        )
        dealt, rng = Rng.from_seed(seed).shuffled(made)
        deck = tuple(dataclasses.replace(card, id=place) for place, card in enumerate(dealt))
        if isinstance(opts.starter, int):
            turn = opts.starter
        else:
            turn, rng = rng.below(players)
        return LettersState(
            options=opts,
            players=players,
            deck=deck,
            table=tuple(range(len(deck))),
            up=(),
            phase=Phase.COMPOSE,
            turn=turn,
            rng=rng,
            hands=((),) * players,
            sheets=((),) * players,
        )

    # -- who acts

    def _may_chaos(self, state: LettersState, seat: int) -> bool:
        return bool(state.held(seat, Kind.CHAOS)) and len(state.face_down()) >= 2

    def _may_exchange(self, state: LettersState, seat: int) -> bool:
        hand = state.hands[seat]
        return (
            bool(state.held(seat, Kind.EXCHANGE))
            and len(hand) >= 2
            and any(state.hands[other] for other in range(state.players) if other != seat)
        )

    def awaited(self, state: LettersState) -> frozenset[int]:
        if state.phase in (Phase.OVER, Phase.REVEAL):
            return _NOBODY
        return frozenset((state.turn,))

    def actors(self, state: LettersState) -> frozenset[int]:
        if state.phase == Phase.OVER:
            return _NOBODY
        holders = {
            seat
            for seat in range(state.players)
            if self._may_chaos(state, seat) or self._may_exchange(state, seat)
        }
        return self.awaited(state) | holders

    def automatic(self, state: LettersState) -> tuple[int, Action] | None:
        if state.phase == Phase.REVEAL:
            return state.turn, Conceal()
        return None

    def pause(self, state: LettersState) -> float | None:
        """The room's reveal time, while unmatched letters wait to be turned back."""
        return float(state.options.reveal) if state.phase == Phase.REVEAL else None

    def legal_actions(self, state: LettersState, seat: int) -> list[Action] | None:
        """The flips, stops and prize plays; compositions are too many to list (``None``)."""
        if state.phase == Phase.OVER:
            return []
        actions: list[Action] = []
        if seat == state.turn:
            if state.phase == Phase.REVEAL:
                actions.append(Conceal())
            elif state.phase != Phase.COMPOSE or state.face_down():
                actions.extend(Flip(p) for p in state.face_down())
            if state.phase == Phase.AGAIN or (
                state.phase == Phase.COMPOSE and not state.face_down()
            ):
                actions.append(Stop())
        if self._may_chaos(state, seat):
            actions.append(Chaos())
        if self._may_exchange(state, seat):
            mine = [c for c in state.hands[seat]]
            theirs = [c for other, hand in enumerate(state.hands) if other != seat for c in hand]
            spare = state.held(seat, Kind.EXCHANGE)[0]
            actions.extend(Exchange(g, t) for g in mine if g != spare for t in theirs)
        if seat == state.turn and state.phase == Phase.COMPOSE:
            return None
        return actions

    # -- checking

    def check(self, state: LettersState, seat: int, action: Action) -> None:
        self._checked(state, seat, action)

    def _checked(self, state: LettersState, seat: int, action: Action) -> list[Laid] | None:
        if state.phase == Phase.OVER:
            raise IllegalAction(Text("the game is over"))
        if not 0 <= seat < state.players:
            raise IllegalAction(Text("there is no seat {seat}", seat=seat + 1))
        if isinstance(action, Chaos):
            if not state.held(seat, Kind.CHAOS):
                raise IllegalAction(Text("you hold no Chaos card"))
            if len(state.face_down()) < 2:
                raise IllegalAction(Text("Chaos needs at least two face-down cards on the table"))
            return None
        if isinstance(action, Exchange):
            self._check_exchange(state, seat, action)
            return None
        if isinstance(action, Conceal):
            if state.phase != Phase.REVEAL or seat != state.turn:
                raise IllegalAction(Text("there are no revealed cards to turn back"))
            return None
        if state.phase == Phase.REVEAL:
            raise IllegalAction(Text("the revealed cards stay up for everyone to see for a moment"))
        if seat != state.turn:
            raise IllegalAction(Text("it is not your turn"))
        if isinstance(action, Flip):
            self._check_flip(state, action.position)
            return None
        if isinstance(action, Stop):
            if state.phase == Phase.AGAIN:
                return None
            if state.phase == Phase.COMPOSE and not state.face_down():
                return None
            if state.phase == Phase.COMPOSE:
                raise IllegalAction(Text("flip your cards first: a turn ends after its flips"))
            raise IllegalAction(Text("turn up the rest of your cards first"))
        if isinstance(action, Compose):
            return self._check_compose(state, seat, action)
        raise IllegalAction(Text("Klepka letters has no such action"))

    def _check_flip(self, state: LettersState, position: int) -> None:
        if state.phase == Phase.COMPOSE and not state.face_down():
            raise IllegalAction(Text("the table is empty: compose words or stop"))
        if not 0 <= position < len(state.table):
            raise IllegalAction(Text("there is no card {number} on the table", number=position + 1))
        if state.table[position] == EMPTY:
            raise IllegalAction(Text("card {number} has already been taken", number=position + 1))
        if position in state.up:
            raise IllegalAction(Text("card {number} is already face up", number=position + 1))

    def _check_exchange(self, state: LettersState, seat: int, action: Exchange) -> None:
        spares = state.held(seat, Kind.EXCHANGE)
        if not spares:
            raise IllegalAction(Text("you hold no Exchange card"))
        hand = state.hands[seat]
        if action.give not in hand:
            raise IllegalAction(Text("you can give only a card you hold"))
        if [card for card in spares if card != action.give] == []:
            raise IllegalAction(Text("the Exchange card you play cannot be the card you give"))
        owner = state.owner(action.take)
        if owner is None:
            raise IllegalAction(Text("that card is not held by any player"))
        if owner == seat:
            raise IllegalAction(Text("take a card of another player, not your own"))

    def _check_compose(self, state: LettersState, seat: int, action: Compose) -> list[Laid]:
        if state.phase != Phase.COMPOSE:
            raise IllegalAction(Text("words are composed at the start of a turn, before flipping"))
        if not action.words:
            raise IllegalAction(Text("compose at least one word"))
        hand = list(state.hands[seat])
        done = frozenset(scored.word for sheet in state.sheets for scored in sheet)
        mine = frozenset(scored.word for scored in state.sheets[seat])
        laid_out: list[Laid] = []
        for laying in action.words:
            problem = word_problem(laying.word, state.options, done, mine)
            if problem is not None:
                raise IllegalAction(problem)
            laid = lay_out(state.deck, hand, laying, state.options.double_slang)
            for card in laid.cards:
                hand.remove(card)
            done |= {laid.word}
            mine |= {laid.word}
            laid_out.append(laid)
        return laid_out

    # -- applying

    def apply(
        self, state: LettersState, seat: int, action: Action
    ) -> tuple[LettersState, tuple[Event, ...]]:
        laid = self._checked(state, seat, action)
        if laid is not None:
            return self._compose(state, seat, laid)
        if isinstance(action, Flip):
            return self._flip(state, action.position)
        if isinstance(action, Conceal):
            return self._conceal(state)
        if isinstance(action, Stop):
            events: list[Event] = []
            return self._pass(state, events, idle=state.composed == 0), tuple(events)
        if isinstance(action, Chaos):
            return self._chaos(state, seat)
        assert isinstance(action, Exchange)
        return self._exchange(state, seat, action)

    def _compose(
        self, state: LettersState, seat: int, laid: list[Laid]
    ) -> tuple[LettersState, tuple[Event, ...]]:
        used = {card for word in laid for card in word.cards}
        hands = list(state.hands)
        hands[seat] = tuple(card for card in hands[seat] if card not in used)
        sheets = list(state.sheets)
        scored = tuple(Scored(w.word, w.points, w.double, w.polysemy) for w in laid)
        sheets[seat] = (*sheets[seat], *scored)
        events = [
            Event(
                "compose",
                {
                    "seat": seat,
                    "words": [
                        {
                            "word": w.word,
                            "points": w.points,
                            "double": w.double,
                            "polysemy": w.polysemy or None,
                            "cards": [state.deck[c].to_json() for c in w.cards],
                        }
                        for w in laid
                    ],
                },
            )
        ]
        state = _replace(
            state,
            hands=tuple(hands),
            sheets=tuple(sheets),
            discard=(*state.discard, *(c for w in laid for c in w.cards)),
            composed=state.composed + len(laid),
        )
        words = [spelling(w.word) for w in laid]
        if any(tuple(words[i : i + 2]) == PHRASE for i in range(len(words) - 1)):
            events.append(Event("phrase", {"seat": seat}))
            return self._over(_replace(state, phrase=seat), events, _PHRASE_SAID)
        return state, tuple(events)

    def _flip(self, state: LettersState, position: int) -> tuple[LettersState, tuple[Event, ...]]:
        seat = state.turn
        card = state.deck[state.table[position]]
        changes: dict[str, Any] = {"flips": state.flips + 1, "up": (*state.up, position)}
        if state.phase == Phase.FLIP:
            left = state.left - 1
        else:
            round_size = 2 * (state.composed + 1) if state.phase == Phase.COMPOSE else 2
            left = min(round_size, len(state.face_down())) - 1
            changes["matched"] = False
        events = [Event("flip", {"seat": seat, "position": position, "card": card.to_json()})]
        state = _replace(state, phase=Phase.FLIP, left=left, **changes)
        if left > 0 and state.face_down():
            return state, tuple(events)
        return self._resolve(state, events)

    def _resolve(
        self, state: LettersState, events: list[Event]
    ) -> tuple[LettersState, tuple[Event, ...]]:
        """The round's cards are all up: keep identical letters and prize cards."""
        seat = state.turn
        deck, table = state.deck, list(state.table)
        taken: list[int] = []
        by_letter: dict[str, list[int]] = {}
        for position in state.up:
            card = deck[table[position]]
            if card.kind == Kind.LETTER:
                by_letter.setdefault(card.letter, []).append(position)
            else:
                taken.append(position)
                events.append(
                    Event("prize", {"seat": seat, "position": position, "prize": card.kind})
                )
        matched = state.matched
        for letter, positions in by_letter.items():
            for i in range(0, len(positions) - 1, 2):
                pair = positions[i : i + 2]
                taken.extend(pair)
                matched = True
                events.append(Event("match", {"seat": seat, "positions": pair, "letter": letter}))
        hands = list(state.hands)
        hands[seat] = (*hands[seat], *(table[p] for p in taken))
        for position in taken:
            table[position] = EMPTY
        rest = tuple(p for p in state.up if p not in taken)
        state = _replace(
            state, table=tuple(table), hands=tuple(hands), up=rest, matched=matched, left=0
        )
        if rest:
            return _replace(state, phase=Phase.REVEAL), tuple(events)
        return self._after_round(state, events)

    def _conceal(self, state: LettersState) -> tuple[LettersState, tuple[Event, ...]]:
        events = [Event("conceal", {"seat": state.turn, "positions": list(state.up)})]
        return self._after_round(_replace(state, up=()), events)

    def _after_round(
        self, state: LettersState, events: list[Event]
    ) -> tuple[LettersState, tuple[Event, ...]]:
        if not any(card != EMPTY for card in state.table):
            events.append(Event("table_cleared", {}))
            return self._pass(state, events, idle=False), tuple(events)
        if state.matched:
            return _replace(state, phase=Phase.AGAIN, matched=False), tuple(events)
        return self._pass(state, events, idle=False), tuple(events)

    def _pass(self, state: LettersState, events: list[Event], idle: bool) -> LettersState:
        """The turn passes; once the table is empty, to the next player who can compose."""
        idle_turns = state.idle + 1 if idle and not state.face_down() else 0
        state = _replace(state, composed=0, left=0, matched=False, up=(), idle=idle_turns)
        players = state.players
        if state.face_down():
            turn = (state.turn + 1) % players
        else:
            if idle_turns >= players:
                return self._over(state, events, _ROUND_OF_STOPS)[0]
            able = [
                (state.turn + step) % players
                for step in range(1, players + 1)
                if can_compose(state, (state.turn + step) % players)
            ]
            if not able:
                return self._over(state, events, _NOBODY_COMPOSES)[0]
            turn = able[0]
        events.append(Event("turn", {"seat": turn}))
        return _replace(state, phase=Phase.COMPOSE, turn=turn, turns=state.turns + 1)

    def _chaos(self, state: LettersState, seat: int) -> tuple[LettersState, tuple[Event, ...]]:
        """The face-down cards dealt anew to their places, each named by the place it lands
        at: the id a card had before the Chaos is not the one it has after."""
        card = state.held(seat, Kind.CHAOS)[0]
        down = state.face_down()
        deck = list(state.deck)
        moved, rng = state.rng.shuffled([deck[p] for p in down])
        for position, moved_card in zip(down, moved, strict=True):
            deck[position] = dataclasses.replace(moved_card, id=position)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        events = (Event("chaos", {"seat": seat, "positions": down}),)
        state = _replace(
            state,
            deck=tuple(deck),
            rng=rng,
            hands=tuple(hands),
            discard=(*state.discard, card),
            shuffles=state.shuffles + 1,
        )
        return state, events

    def _exchange(
        self, state: LettersState, seat: int, action: Exchange
    ) -> tuple[LettersState, tuple[Event, ...]]:
        spent = next(c for c in state.held(seat, Kind.EXCHANGE) if c != action.give)
        other = state.owner(action.take)
        assert other is not None
        hands = list(state.hands)
        hands[seat] = (*(c for c in hands[seat] if c not in (spent, action.give)), action.take)
        hands[other] = tuple(action.give if c == action.take else c for c in hands[other])
        deck = state.deck
        event = Event(
            "exchange",
            {
                "seat": seat,
                "with": other,
                "gave": deck[action.give].to_json(),
                "took": deck[action.take].to_json(),
            },
        )
        state = _replace(state, hands=tuple(hands), discard=(*state.discard, spent))
        return state, (event,)

    # -- the end

    def _over(
        self, state: LettersState, events: list[Event], reason: Text
    ) -> tuple[LettersState, tuple[Event, ...]]:
        outcome = _result(state, reason)
        events.append(game_over(outcome, phrase=state.phrase if state.phrase >= 0 else None))
        return _replace(state, phase=Phase.OVER, result=outcome, up=()), tuple(events)

    # -- what players see

    def view(self, state: LettersState, seat: int | None) -> JsonObject:
        deck = state.deck
        up = state.up
        table = [
            "empty" if card == EMPTY else ("up" if p in up else "down")
            for p, card in enumerate(state.table)
        ]
        view: JsonObject = {
            "game": self.name,
            "seat": seat,
            "players": state.players,
            "phase": state.phase,
            "turn": state.turn,
            "turns": state.turns,
            "actors": sorted(self.actors(state)),
            "awaited": sorted(self.awaited(state)),
            "columns": _columns(len(state.table)),
            "table": table,
            "faces": {str(p): deck[state.table[p]].to_json() for p in up},
            "left": state.left,
            "composed": state.composed,
            "hands": [[deck[c].to_json() for c in hand] for hand in state.hands],
            "sheets": [[dataclasses.asdict(scored) for scored in sheet] for sheet in state.sheets],
            "points": [state.points(s) for s in range(state.players)],
            "discarded": len(state.discard),
            "letter_points": dict(_letter_points()),  # a view is the seat's own to keep
            "options": codec.plain(state.options),
        }
        if state.result is not None:
            view["outcome"] = state.result.to_json()
        return view

    # -- JSON

    def decode_action(self, data: Any) -> Action:
        data = action_object(data)
        kind = data.get("type")
        if kind == "flip":
            return Flip(_card_number(data, "position", Text("a flip needs the position of a card")))
        if kind == "compose":
            words = data.get("words")
            if not isinstance(words, list) or not words:
                raise IllegalAction(Text("a composition is a list of words"))
            layings = []
            for item in words:
                if isinstance(item, str):
                    layings.append(Laying(item))
                    continue
                if not isinstance(item, Mapping) or not isinstance(item.get("word"), str):
                    raise IllegalAction(
                        Text("each word is a text, or an object with a word and cards")
                    )
                cards = item.get("cards", [])
                if not isinstance(cards, list) or not all(
                    isinstance(c, int) and not isinstance(c, bool) for c in cards
                ):
                    raise IllegalAction(Text("the cards of a word are a list of card numbers"))
                layings.append(Laying(item["word"], tuple(cards)))
            return Compose(tuple(layings))
        if kind == "conceal":
            return Conceal()
        if kind == "stop":
            return Stop()
        if kind == "chaos":
            return Chaos()
        if kind == "exchange":
            message = Text("an exchange names the card you give and the card you take")
            return Exchange(
                _card_number(data, "give", message), _card_number(data, "take", message)
            )
        raise IllegalAction(Text("Klepka letters has no action ‘{kind}’", kind=kind))

    def encode_action(self, action: Action) -> JsonObject:
        if isinstance(action, Flip):
            return {"type": "flip", "position": action.position}
        if isinstance(action, Compose):
            return {
                "type": "compose",
                "words": [
                    {"word": laying.word, "cards": list(laying.cards)} for laying in action.words
                ],
            }
        if isinstance(action, Exchange):
            return {"type": "exchange", "give": action.give, "take": action.take}
        kinds = {Conceal: "conceal", Stop: "stop", Chaos: "chaos"}
        return {"type": kinds[type(action)]}


def _card_number(data: Mapping[str, Any], key: str, message: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(message)
    return value


_PHRASE_SAID = Text("Слава Україні was composed: the game ends at once")
_ROUND_OF_STOPS = Text("the table is empty and a whole round passed without a word")
_NOBODY_COMPOSES = Text("the table is empty and nobody's cards make a word")


def _result(state: LettersState, reason: Text) -> Outcome:
    """Points for words, plus 1 for every card still held; Слава Україні wins alone."""
    scores = tuple(state.points(s) + len(state.hands[s]) for s in range(state.players))
    if state.phrase >= 0:
        winners = frozenset((state.phrase,))
    else:
        best = max(scores)
        winners = frozenset(s for s, score in enumerate(scores) if score == best)
    return Outcome(
        scores=scores,
        winners=winners,
        details={
            "words": [[dataclasses.asdict(s) for s in sheet] for sheet in state.sheets],
            "held": [len(hand) for hand in state.hands],
            "phrase": state.phrase if state.phrase >= 0 else None,
            "turns": state.turns,
            "flips": state.flips,
        },
        reason=reason,
    )


def can_compose(state: LettersState, seat: int) -> bool:
    """Whether a seat's cards make any word the options allow (asked once the table is empty)."""
    return bool(_words_of(state, seat, 1))


def _words_of(state: LettersState, seat: int, top: int) -> list[str]:
    from igroteka.lexicon.search import best_words

    deck = state.deck
    held = "".join(deck[c].letter for c in state.hands[seat] if deck[c].kind == Kind.LETTER)
    if not held:
        return []
    wild = bool(state.held(seat, Kind.POLYSEMY))
    options = state.options
    done = frozenset(s.word for sheet in state.sheets for s in sheet)
    mine = frozenset(s.word for s in state.sheets[seat])

    def allowed(word: str) -> bool:
        return word_problem(word, options, done, mine) is None

    # A few words are refused (the family table's, the words composed already, and with the
    # house rule nouns_singular the index gives only nouns in the singular): the best few
    # hundred do, and more than were composed, so that no composed word hides another.
    for wide in (max(top, 20), max(400, top + len(done) + 20)):
        found = best_words(
            held, LANG, wildcard=wild, top=wide, nouns_singular=options.nouns_singular
        )
        words = [f.word for f in found if allowed(f.word)][:top]
        if len(words) >= top or len(found) < wide:
            break
    if len(words) < top:
        words += [word for word in _interjections_of(held, wild) if allowed(word)]
    return words[:top]


def _interjections_of(held: str, wild: bool) -> list[str]:
    """The listed interjections the letters make (the lexicon's word lists lack them)."""
    have = Counter(held)
    made = []
    for word in sorted(interjections(LANG)):
        lacking = Counter(spelling(word)) - have
        if not lacking or (wild and len(lacking) == 1):
            made.append(word)
    return made


__all__ = [
    "DOUBLE_LETTERS",
    "EMPTY",
    "PHRASE",
    "Action",
    "Chaos",
    "Compose",
    "Conceal",
    "Exchange",
    "Flip",
    "Laid",
    "Laying",
    "LettersGame",
    "LettersOptions",
    "LettersState",
    "Phase",
    "Scored",
    "Stop",
    "can_compose",
    "lay_out",
    "parse_options",
    "spelling",
    "word_problem",
]
