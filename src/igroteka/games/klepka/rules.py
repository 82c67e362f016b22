"""The rules of Klepka, words and pictures (rule sheet 000), as a pure game.

Cards lie face down in rows. On a turn a player flips two cards one after the
other; a WORD and its PICTURE are kept and the player flips again. Cards that
go back face down stay up until the player turns them back (the explicit
:class:`Conceal` step), so everyone can memorise them. When the table is empty,
each player makes a chain of their WORD cards; the longest chain wins.

>>> game = KlepkaGame()
>>> state = game.setup(game.parse_options({"pairs": 3, "syncopes": 0, "starter": 0}), 2, seed=5)
>>> state.phase == Phase.FIRST, state.turn
(True, 0)
>>> state, events = game.apply(state, 0, Flip(0))
>>> [event.kind for event in events]
['flip']

Every decision the sheet leaves open is written in docs/rules/klepka.md.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeVar

from igroteka.engine import codec
from igroteka.engine.base import BaseGame, action_object, game_over, replacer
from igroteka.engine.game import (
    Event,
    IllegalAction,
    JsonObject,
    OptionsError,
    Outcome,
    check_starter,
    choice_option,
    flag_option,
    known_options,
    whole_option,
)
from igroteka.engine.rng import Rng
from igroteka.games.klepka.chain import (
    SYNCOPE,
    Chain,
    ChainError,
    ChainRules,
    check_chain,
)
from igroteka.games.klepka.chain import (
    best_chain as solve_chain,
)
from igroteka.games.klepka.deck import (
    MAX_FILE_BYTES,
    Deck,
    DeckError,
    builtin_deck,
    builtin_languages,
    deck_from_pairs,
    parse_deck,
)
from igroteka.i18n import Text

DOWN = -1
"""``place`` of a card lying face down on the table."""
UP = -2
"""``place`` of a card lying face up on the table."""


# Kinds, phases and follow-ups are plain strings, as python-chess uses plain ints for
# colours and pieces: they are their own JSON, and fast to compare on the hot path.


class Kind:
    """The kinds of card."""

    WORD: Final = "word"
    PICTURE: Final = "picture"
    SYNCOPE: Final = "syncope"


class Phase:
    """The phases of a game."""

    LONDON: Final = "london"  # players say whether they have been to London
    FIRST: Final = "first"  # the player flips a first card
    SECOND: Final = "second"  # the player flips a second card
    SEARCH: Final = "search"  # the first card stays up; the player looks for its match
    REVEAL: Final = "reveal"  # cards are up for everyone to see until the player turns them back
    CHAIN: Final = "chain"  # the table is empty: players build their chains
    OVER: Final = "over"


class After:
    """What happens once revealed cards are turned back."""

    SEARCH: Final = "search"  # the search for the first card's match goes on
    PASS: Final = "pass"  # the turn passes to the next player
    AGAIN: Final = "again"  # the same player flips two more cards


@dataclass(frozen=True, slots=True)
class Card:
    kind: str
    """:attr:`Kind.WORD`, :attr:`Kind.PICTURE` or :attr:`Kind.SYNCOPE`."""
    pair: int
    """Index of the word–picture pair in the deck; -1 for a Syncope."""
    text: str

    def to_json(self) -> JsonObject:
        return {"kind": self.kind, "pair": self.pair, "text": self.text}


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn a face-down card face up."""

    position: int


@dataclass(frozen=True, slots=True)
class Conceal:
    """Turn the revealed cards back face down (after everyone had a look)."""


@dataclass(frozen=True, slots=True)
class London:
    """Answer the sheet's question: have you been to London?"""

    yes: bool


@dataclass(frozen=True, slots=True)
class SubmitChain:
    """The chain a player built by hand: words, with ``"SYNCOPE"`` between two of them."""

    links: tuple[str, ...]


Action = Flip | Conceal | London | SubmitChain

SYNCOPE_NAMES: Final = ("~", "*", "✦", "syncope", "синкопа")
"""What a person may type for a Syncope in a hand-built chain, case-folded: ``~`` and ``*`` are
quick to type, ✦ is how the terminal and the web show the card, and its name in English and in
Ukrainian and Russian (the same word). The terminal reads them; the web gets them in the view."""


# ---------------------------------------------------------------- options

STARTERS = ("london", "random")
CHAIN_MODES = ("manual", "auto")
AFTER_SYNCOPE = ("pass", "again")
SYNCOPE_IN_SEARCH = ("ends", "continues")
TIES = ("shared", "cards")
SOFT_SIGN = ("skip", "strict")


@dataclass(frozen=True, slots=True)
class KlepkaOptions:
    """Options of a game; every field is a named house rule or a table size."""

    deck: Deck
    pairs: int = 12
    syncopes: int = 2
    starter: str | int = "london"
    chain: str = "manual"
    after_syncope: str = "pass"
    syncope_in_search: str = "ends"
    ties: str = "shared"
    soft_sign: str = "skip"
    reveal: int = 3
    """Seconds revealed cards stay up before the room turns them back (children need time)."""
    family: bool = True
    """The family table: a deck's vulgar word or slur is refused (a house rule, to switch off)."""

    def house_rules(self) -> JsonObject:
        """Every option but the deck, as JSON: what a view shows of the options."""
        return {
            "pairs": self.pairs,
            "syncopes": self.syncopes,
            "starter": self.starter,
            "chain": self.chain,
            "after_syncope": self.after_syncope,
            "syncope_in_search": self.syncope_in_search,
            "ties": self.ties,
            "soft_sign": self.soft_sign,
            "reveal": self.reveal,
            "family": self.family,
        }

    @property
    def chain_rules(self) -> ChainRules:
        return ChainRules(soft_sign="strict" if self.soft_sign == "strict" else "skip")


def _deck_to_json(deck: Deck) -> JsonObject:
    return {
        "name": deck.name,
        "lang": deck.lang,
        "pairs": [[pair.word, pair.picture] for pair in deck.pairs],
    }


def _deck_option(raw: Mapping[str, Any]) -> Any:
    """The deck the options ask for: a deck object, a written deck, or a built-in one.

    ``deck_text`` is a deck written in the deck format (a teacher's words, typed
    in the lobby or read from a file by the command line); ``lang: "own"`` asks
    for it.
    """
    if "deck_text" in raw:
        return {"text": raw["deck_text"]}
    if "deck" in raw:
        return raw["deck"]
    if raw.get("lang") == "own":
        raise OptionsError(Text("write the words of your own deck, or choose a built-in one"))
    return raw.get("lang", "en")


def _deck_from_json(raw: Any, family: bool = True) -> Deck:
    if isinstance(raw, str):
        if raw not in builtin_languages():
            raise OptionsError(
                Text(
                    "there is no built-in deck ‘{lang}’ (choose {choices})",
                    lang=raw,
                    choices=", ".join(builtin_languages()),
                )
            )
        return builtin_deck(raw)
    if not isinstance(raw, Mapping):
        raise OptionsError(Text("the deck must be a language code or a deck object"))
    if "text" in raw:  # a deck written as a deck file is (a teacher's words, typed in the lobby)
        text = raw["text"]
        if not isinstance(text, str):
            raise OptionsError(Text("the deck's text must be text"))
        return _written_deck(text, family)
    builtin = _builtin_json(raw.get("lang"))
    if builtin is not None and raw == builtin[0]:  # as every record of a built-in deck has it
        return builtin[1]
    try:
        name, lang = str(raw["name"]), str(raw["lang"])
        pairs = tuple((str(word), str(picture)) for word, picture in raw["pairs"])
    except (KeyError, TypeError, ValueError):
        raise OptionsError(
            Text("the deck object needs a name, a lang and a list of pairs")
        ) from None
    return _checked_deck(name, lang, pairs, family)


@functools.lru_cache(maxsize=64)
def _written_deck(text: str, family: bool = True) -> Deck:
    """A deck from the text of a deck file, checked once; its problems name their lines."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise OptionsError(
            Text("the deck is too long: at most {count} {count:byte|bytes}", count=MAX_FILE_BYTES)
        )
    try:
        return parse_deck(text, source=Text("your deck"), family=family)
    except DeckError as error:
        raise OptionsError(error.reason) from None


@functools.lru_cache(maxsize=16)
def _builtin_json(lang: Any) -> tuple[JsonObject, Deck] | None:
    """A built-in deck and its JSON, by language code (None if there is no such deck)."""
    if not isinstance(lang, str) or lang not in builtin_languages():
        return None
    deck = builtin_deck(lang)
    return _deck_to_json(deck), deck


@functools.lru_cache(maxsize=64)
def _checked_deck(
    name: str, lang: str, pairs: tuple[tuple[str, str], ...], family: bool = True
) -> Deck:
    """A deck from JSON, checked like a deck file, once: the games of a session share it."""
    try:
        return deck_from_pairs(name, lang, pairs, family=family)
    except DeckError as error:
        raise OptionsError(error.reason) from None


def _choice(raw: Mapping[str, Any], key: str, allowed: Sequence[str], default: str) -> str:
    return choice_option(raw, key, default, allowed)


MAX_SYNCOPES = 10
REVEAL = (1, 10)
"""The reveal time a room may choose, in whole seconds."""
MAX_PAIRS = 200
"""At most this many pairs on the table (a deck may have fewer): a bound on every search."""


def parse_options(raw: Mapping[str, Any]) -> KlepkaOptions:
    """Options from JSON, with defaults; :class:`OptionsError` names what is wrong."""
    known = {f.name for f in dataclasses.fields(KlepkaOptions)} | {"lang", "deck_text"}
    known_options(raw, known)
    family = flag_option(raw, "family", True)
    deck = _deck_from_json(_deck_option(raw), family)
    starter = raw.get("starter", "london")
    if isinstance(starter, bool) or not (starter in STARTERS or isinstance(starter, int)):
        raise OptionsError(
            Text("starter must be london, random or a seat number, not ‘{value}’", value=starter)
        )
    if isinstance(starter, int):
        check_starter(starter, None)
    return KlepkaOptions(
        deck=deck,
        pairs=whole_option(
            raw, "pairs", min(12, len(deck.pairs)), 1, min(len(deck.pairs), MAX_PAIRS)
        ),
        syncopes=whole_option(raw, "syncopes", 2, 0, MAX_SYNCOPES),
        starter=starter,
        chain=_choice(raw, "chain", CHAIN_MODES, "manual"),
        after_syncope=_choice(raw, "after_syncope", AFTER_SYNCOPE, "pass"),
        syncope_in_search=_choice(raw, "syncope_in_search", SYNCOPE_IN_SEARCH, "ends"),
        ties=_choice(raw, "ties", TIES, "shared"),
        soft_sign=_choice(raw, "soft_sign", SOFT_SIGN, "skip"),
        reveal=whole_option(raw, "reveal", 3, *REVEAL),
        family=family,
    )


def options_to_json(options: KlepkaOptions) -> JsonObject:
    return {**options.house_rules(), "deck": _deck_to_json(options.deck)}


# ---------------------------------------------------------------- state


class Collection(NamedTuple):
    """What one seat has taken from the table."""

    words: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ()
    syncopes: int = 0

    def taking(self, card: Card) -> Collection:
        if card.kind == Kind.WORD:
            return self._replace(words=(*self.words, card.text))
        if card.kind == Kind.PICTURE:
            return self._replace(pictures=(*self.pictures, card.text))
        return self._replace(syncopes=self.syncopes + 1)


@dataclass(frozen=True, slots=True)
class KlepkaState:
    """The whole truth of a game, face-down cards included: never shown to players."""

    options: KlepkaOptions
    players: int
    cards: tuple[Card, ...]
    """The card at each table position, fixed at setup."""
    place: tuple[int, ...]
    """Per position: :data:`DOWN`, :data:`UP`, or the seat that took the card."""
    phase: str
    """One of :class:`Phase`."""
    turn: int
    rng: Rng
    first: int = -1
    """Position of the first card of the current attempt while it is up."""
    tried: frozenset[int] = frozenset()
    """Cards already turned up and back in the current search: not again."""
    shown: tuple[int, ...] = ()
    """Cards up for everyone to see until the player conceals them."""
    after: str = After.PASS
    """One of :class:`After`, while cards are revealed."""
    london: tuple[bool | None, ...] = ()
    collected: tuple[Collection, ...] = ()
    """Per seat, what it has taken, in the order taken (derived from ``place``, kept for speed)."""
    chains: tuple[Chain | None, ...] = ()
    turns: int = 1
    flips: int = 0
    result: Outcome | None = None
    """The outcome, computed once when the game ends."""

    def words(self, seat: int) -> tuple[str, ...]:
        """The WORD cards a seat has taken, in the order taken."""
        return self.collected[seat].words

    def syncopes(self, seat: int) -> int:
        return self.collected[seat].syncopes

    def face_down(self) -> tuple[int, ...]:
        return tuple(i for i, place in enumerate(self.place) if place == DOWN)


@functools.lru_cache(maxsize=4096)
def _cached_chain(words: tuple[str, ...], syncopes: int, rules: ChainRules) -> Chain:
    return solve_chain(words, syncopes, rules)


def best_chain(words: Sequence[str], syncopes: int, rules: ChainRules) -> Chain:
    """The optimal chain of a hand, remembered: bots, scoring and results ask for the same hands."""
    return _cached_chain(tuple(sorted(words)), syncopes, rules)


def _take(state: KlepkaState, changes: dict[str, Any], seat: int, positions: Sequence[int]) -> None:
    """Record in ``changes`` that ``seat`` takes the cards at ``positions``."""
    collection = state.collected[seat]
    for position in positions:
        collection = collection.taking(state.cards[position])
    collected = list(state.collected)
    collected[seat] = collection
    changes["collected"] = tuple(collected)


_replace = replacer(KlepkaState)


# ---------------------------------------------------------------- the game


@functools.lru_cache(maxsize=64)
def _columns(cards: int) -> int:
    """How many columns the table is laid out in: a square, as near as can be."""
    return max(1, math.ceil(math.sqrt(cards)))


_SYNCOPE_CARD = Card(Kind.SYNCOPE, -1, SYNCOPE)
_T = TypeVar("_T")


def _once_per(cache: dict[int, tuple[object, _T]], owner: object, make: Callable[[], _T]) -> _T:
    """A value made once per object (by identity: a deck is slow to hash), for a few objects."""
    known = cache.get(id(owner))
    if known is None or known[0] is not owner:
        if len(cache) >= 64:
            cache.clear()
        known = cache[id(owner)] = (owner, make())
    return known[1]


_DECK_CARDS: dict[int, tuple[object, tuple[tuple[Card, Card], ...]]] = {}
_HOUSE_RULES: dict[int, tuple[object, JsonObject]] = {}


def _cards_of(deck: Deck) -> tuple[tuple[Card, Card], ...]:
    """The WORD and PICTURE card of each pair of a deck (cards are values: made once)."""
    return _once_per(
        _DECK_CARDS,
        deck,
        lambda: tuple(
            (Card(Kind.WORD, index, pair.word), Card(Kind.PICTURE, index, pair.picture))
            for index, pair in enumerate(deck.pairs)
        ),
    )


def _house_rules(options: KlepkaOptions) -> JsonObject:
    """``options.house_rules()``, made once per options (a view copies it)."""
    return _once_per(_HOUSE_RULES, options, options.house_rules)


def _search(seat: int, position: int, first: Card) -> Event:
    """A card of the first card's kind came up: the first stays up, the player looks on for its
    match (the search); ``card`` is the first card, face up for everyone."""
    return Event("search", {"seat": seat, "position": position, "card": first.to_json()})


_NOBODY: frozenset[int] = frozenset()
MAX_PLAYERS = 6
_ALONE = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))  # one seat acts: a turn
_CELLS = {DOWN: "down", UP: "up", **{seat: "taken" for seat in range(MAX_PLAYERS)}}
"""How a view shows each ``place`` of a card."""


_ENDED = Text("every pair is found and every chain is built: the longest chain wins")


class KlepkaGame(BaseGame[KlepkaState, Action]):
    """Klepka, words and pictures, implementing :class:`igroteka.engine.Game`."""

    name = "klepka"
    version = 2
    """2: a deck whose picture holds an invisible format character (U+202E) is refused."""
    min_players = 1
    max_players = MAX_PLAYERS

    # -- set-up

    def parse_options(self, raw: Mapping[str, Any]) -> JsonObject:
        return options_to_json(parse_options(raw))

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> KlepkaState:
        opts = parse_options(options)
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                Text(
                    "Klepka is played by {low} to {high} {high:player|players}, not {players}",
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )
        check_starter(opts.starter, players)
        rng = Rng.from_seed(seed)
        chosen, rng = rng.sample(range(len(opts.deck.pairs)), opts.pairs)
        cards = [_SYNCOPE_CARD] * opts.syncopes
        pairs = _cards_of(opts.deck)
        for index in sorted(chosen):
            cards.extend(pairs[index])
        table, rng = rng.shuffled(cards)
        state = KlepkaState(
            options=opts,
            players=players,
            cards=tuple(table),
            place=(DOWN,) * len(table),
            phase=Phase.LONDON,
            turn=0,
            rng=rng,
            london=(None,) * players,
            collected=(Collection(),) * players,
            chains=(None,) * players,
        )
        if opts.starter == "london" and players > 1:
            return state
        if isinstance(opts.starter, int):
            return _replace(state, phase=Phase.FIRST, turn=opts.starter)
        turn, rng = rng.below(players)
        return _replace(state, phase=Phase.FIRST, turn=turn, rng=rng)

    # -- who acts

    def awaited(self, state: KlepkaState) -> frozenset[int]:
        """Every seat that may act: Klepka has no action a player may take out of turn."""
        if state.phase == Phase.LONDON:
            return frozenset(seat for seat, said in enumerate(state.london) if said is None)
        if state.phase == Phase.CHAIN:
            return frozenset(seat for seat, chain in enumerate(state.chains) if chain is None)
        if state.phase in (Phase.OVER, Phase.REVEAL):
            return _NOBODY  # revealed cards: everyone looks, the room turns them back
        return _ALONE[state.turn]

    def basis(self, state: KlepkaState, seat: int, action: Action) -> None:
        """Nothing: Klepka's cards never move, and answers given at once do not touch."""
        return None

    def automatic(self, state: KlepkaState) -> tuple[int, Action] | None:
        """Turning revealed cards back: the room does it for the player, when time is up."""
        if state.phase == Phase.REVEAL:
            return state.turn, Conceal()
        return None

    def pause(self, state: KlepkaState) -> float | None:
        """The room's reveal time, while revealed cards wait to be turned back."""
        return float(state.options.reveal) if state.phase == Phase.REVEAL else None

    def legal_actions(self, state: KlepkaState, seat: int) -> list[Action] | None:
        """Every legal action; a hand-built chain is not listed (there are too many)."""
        if state.phase == Phase.REVEAL and seat == state.turn:
            return [Conceal()]  # issued by the room, see automatic()
        if seat not in self.actors(state):
            return []
        if state.phase == Phase.LONDON:
            return [London(True), London(False)]
        if state.phase == Phase.CHAIN:
            return None
        return [Flip(p) for p in state.face_down() if p not in state.tried]

    # -- checking

    def check(self, state: KlepkaState, seat: int, action: Action) -> None:
        self._checked(state, seat, action)

    def _checked(self, state: KlepkaState, seat: int, action: Action) -> Chain | None:
        """Raise :class:`IllegalAction` unless legal; a submitted chain comes back checked."""
        if state.phase == Phase.OVER:
            raise IllegalAction(Text("the game is over"))
        if state.phase == Phase.REVEAL:
            if isinstance(action, Conceal) and seat == state.turn:
                return None
            raise IllegalAction(Text("the revealed cards stay up for everyone to see for a moment"))
        if seat not in self.actors(state):
            if state.phase in (Phase.LONDON, Phase.CHAIN):
                raise IllegalAction(Text("you have already answered"))
            raise IllegalAction(Text("it is not your turn"))
        phase = state.phase
        if isinstance(action, Flip):  # the common case first
            self._check_flip(state, action.position)
        elif isinstance(action, London):
            if phase != Phase.LONDON:
                raise IllegalAction(Text("the first player has already been chosen"))
        elif isinstance(action, Conceal):
            if phase != Phase.REVEAL:
                raise IllegalAction(Text("there are no revealed cards to turn back"))
        elif isinstance(action, SubmitChain):
            if phase != Phase.CHAIN:
                raise IllegalAction(Text("chains are built when no card is left on the table"))
            try:
                return check_chain(
                    action.links,
                    state.words(seat),
                    state.syncopes(seat),
                    state.options.chain_rules,
                )
            except ChainError as error:
                where = None if error.link is None else {"link": error.link}
                raise IllegalAction(error.reason, where) from None
        else:
            raise IllegalAction(Text("Klepka has no such action"))
        return None

    def _check_flip(self, state: KlepkaState, position: int) -> None:
        phase = state.phase
        if phase == Phase.LONDON:
            raise IllegalAction(Text("first say whether you have been to London"))
        if phase == Phase.CHAIN:
            raise IllegalAction(Text("no card is left on the table: build your chain"))
        if not 0 <= position < len(state.cards):
            raise IllegalAction(Text("there is no card {number} on the table", number=position + 1))
        place = state.place[position]
        if place == UP:
            raise IllegalAction(Text("card {number} is already face up", number=position + 1))
        if place != DOWN:
            raise IllegalAction(Text("card {number} has already been taken", number=position + 1))
        if position in state.tried:
            raise IllegalAction(
                Text(
                    "card {number} was already tried in this search: flip another card",
                    number=position + 1,
                )
            )

    # -- applying

    def apply(
        self, state: KlepkaState, seat: int, action: Action
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        chain = self._checked(state, seat, action)
        if chain is not None:
            return self._submit(state, seat, chain)
        if isinstance(action, London):
            return self._london(state, seat, action.yes)
        if isinstance(action, Conceal):
            return self._conceal(state)
        assert isinstance(action, Flip)
        return self._flip(state, action.position)

    def _london(
        self, state: KlepkaState, seat: int, yes: bool
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        london = list(state.london)
        london[seat] = yes
        events: list[Event] = [Event("london", {"seat": seat, "yes": yes})]
        state = _replace(state, london=tuple(london))
        if None in london:
            return state, tuple(events)
        travellers = [s for s, said in enumerate(london) if said]
        turn, rng = state.rng.choice(travellers or range(state.players))
        events.append(Event("starter", {"seat": turn, "london": bool(travellers)}))
        return _replace(state, phase=Phase.FIRST, turn=turn, rng=rng), tuple(events)

    # Each step below builds the next state once, from the old state and a dict of
    # changes: this is the hot path of every game, bots' simulations included.

    def _flip(self, state: KlepkaState, position: int) -> tuple[KlepkaState, tuple[Event, ...]]:
        seat = state.turn
        card = state.cards[position]
        events: list[Event] = [
            Event("flip", {"seat": seat, "position": position, "card": card.to_json()})
        ]
        place = list(state.place)
        place[position] = UP
        changes: dict[str, Any] = {"flips": state.flips + 1}
        if state.phase == Phase.FIRST:
            if card.kind == Kind.SYNCOPE and DOWN not in place:
                # The last card on the table is a lone Syncope: there is no second card.
                place[position] = seat
                _take(state, changes, seat, (position,))
                return self._next(state, place, After.PASS, events, changes)
            changes.update(place=tuple(place), phase=Phase.SECOND, first=position)
            return _replace(state, **changes), tuple(events)
        first = state.cards[state.first]
        if state.phase == Phase.SECOND:
            if Kind.SYNCOPE in (card.kind, first.kind):
                return self._syncope(state, place, (state.first, position), events, changes)
            if card.kind is first.kind:
                events.append(_search(seat, state.first, first))
                changes["tried"] = frozenset((position,))
                return self._reveal(state, place, (position,), After.SEARCH, events, changes)
        else:  # searching for the first card's match
            if card.kind == Kind.SYNCOPE:
                return self._syncope(
                    state, place, (state.first, position), events, changes, searching=True
                )
            if card.kind is first.kind:
                events.append(_search(seat, state.first, first))
                changes["tried"] = state.tried | {position}
                return self._reveal(state, place, (position,), After.SEARCH, events, changes)
        if card.pair == first.pair:
            word, picture = (first, card) if first.kind == Kind.WORD else (card, first)
            found = {"word": word.text, "picture": picture.text}
            events.append(
                Event("match", {"seat": seat, "positions": [state.first, position], **found})
            )
            place[state.first] = place[position] = seat
            _take(state, changes, seat, (state.first, position))
            return self._next(state, place, After.AGAIN, events, changes)
        return self._reveal(state, place, (state.first, position), After.PASS, events, changes)

    def _syncope(
        self,
        state: KlepkaState,
        place: list[int],
        positions: tuple[int, int],
        events: list[Event],
        changes: dict[str, Any],
        searching: bool = False,
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        taken = tuple(p for p in positions if state.cards[p].kind == Kind.SYNCOPE)
        others = tuple(p for p in positions if p not in taken)
        for position in taken:
            place[position] = state.turn
            events.append(Event("syncope", {"seat": state.turn, "position": position}))
        _take(state, changes, state.turn, taken)
        if searching and state.options.syncope_in_search == "continues":
            changes.update(place=tuple(place), phase=Phase.SEARCH)
            return _replace(state, **changes), tuple(events)
        after = After.AGAIN if state.options.after_syncope == "again" else After.PASS
        if others:
            return self._reveal(state, place, others, after, events, changes)
        return self._next(state, place, after, events, changes)

    def _reveal(
        self,
        state: KlepkaState,
        place: list[int],
        positions: tuple[int, ...],
        after: str,
        events: list[Event],
        changes: dict[str, Any],
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        """Leave cards up for everyone to see until the player conceals them."""
        changes.update(place=tuple(place), phase=Phase.REVEAL, shown=positions, after=after)
        changes.setdefault("tried", frozenset())
        return _replace(state, **changes), tuple(events)

    def _conceal(self, state: KlepkaState) -> tuple[KlepkaState, tuple[Event, ...]]:
        events = [Event("conceal", {"seat": state.turn, "positions": list(state.shown)})]
        place = list(state.place)
        for position in state.shown:
            place[position] = DOWN
        if state.after == After.SEARCH:
            return _replace(state, place=tuple(place), shown=(), phase=Phase.SEARCH), tuple(events)
        return self._next(state, place, state.after, events, {})

    def _next(
        self,
        state: KlepkaState,
        place: list[int],
        after: str,
        events: list[Event],
        changes: dict[str, Any],
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        """Start the next attempt: the same player again, or the next player."""
        changes.update(place=tuple(place), first=-1, tried=frozenset(), shown=(), phase=Phase.FIRST)
        if DOWN not in place and UP not in place:
            events.append(Event("table_cleared", {}))
            return self._end_of_table(_replace(state, **changes), events)
        if after == After.PASS:
            turn = (state.turn + 1) % state.players
            events.append(Event("turn", {"seat": turn}))
            changes.update(turn=turn, turns=state.turns + 1)
        return _replace(state, **changes), tuple(events)

    # -- the chain

    def _end_of_table(
        self, state: KlepkaState, events: list[Event]
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        rules = state.options.chain_rules
        chains = list(state.chains)
        for seat in range(state.players):
            words = state.words(seat)
            if state.options.chain == "auto" or not words:
                chains[seat] = best_chain(words, state.syncopes(seat), rules)
        state = _replace(state, phase=Phase.CHAIN, chains=tuple(chains))
        return self._maybe_over(state, events)

    def _submit(
        self, state: KlepkaState, seat: int, chain: Chain
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        chains = list(state.chains)
        chains[seat] = chain
        events = [Event("chain_submitted", {"seat": seat})]
        return self._maybe_over(_replace(state, chains=tuple(chains)), events)

    def _maybe_over(
        self, state: KlepkaState, events: list[Event]
    ) -> tuple[KlepkaState, tuple[Event, ...]]:
        if any(chain is None for chain in state.chains):
            return state, tuple(events)
        outcome = self._result(state)
        state = _replace(state, phase=Phase.OVER, result=outcome)
        events.append(game_over(outcome, chains=outcome.details["chains"]))
        return state, tuple(events)

    def _result(self, state: KlepkaState) -> Outcome:
        """Scores, winners and every player's best chain, once all chains are known."""
        chains = [chain for chain in state.chains if chain is not None]
        scores = tuple(chain.length for chain in chains)
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        if state.options.ties == "cards" and len(winners) > 1:
            collected = {seat: sum(1 for p in state.place if p == seat) for seat in winners}
            most = max(collected.values())
            winners = [seat for seat in winners if collected[seat] == most]
        rules = state.options.chain_rules
        return Outcome(
            reason=_ENDED,
            scores=scores,
            winners=frozenset(winners),
            details={
                "chains": [list(chain.links) for chain in chains],
                "best_chains": [
                    list(best_chain(state.words(s), state.syncopes(s), rules).links)
                    for s in range(state.players)
                ],
                "turns": state.turns,
                "flips": state.flips,
            },
        )

    # -- what players see

    def view(self, state: KlepkaState, seat: int | None) -> JsonObject:
        place = state.place
        options = state.options
        table = list(map(_CELLS.__getitem__, place))
        # Every face-up card is the first card of the attempt or a revealed one.
        cards = state.cards
        faces: dict[str, JsonObject] = {
            str(position): cards[position].to_json()
            for position in (state.first, *state.shown)
            if position >= 0 and place[position] == UP
        }
        collections = [
            {"words": list(words), "pictures": list(pictures), "syncopes": syncopes}
            for words, pictures, syncopes in state.collected
        ]
        over = state.phase == Phase.OVER
        chains: list[JsonObject | None] = [None] * state.players
        if state.phase == Phase.CHAIN or over:
            for s, chain in enumerate(state.chains):
                if chain is None:
                    continue
                if over or s == seat or state.options.chain == "auto":
                    chains[s] = {"links": list(chain.links), "length": chain.length}
                else:
                    chains[s] = {"submitted": True}
        view: JsonObject = {
            "game": self.name,
            "seat": seat,
            "players": state.players,
            "phase": state.phase,
            "turn": state.turn,
            "actors": sorted(self.actors(state)),
            "columns": _columns(len(cards)),
            "table": table,
            "faces": faces,
            "first": state.first if state.first >= 0 else None,
            "tried": sorted(state.tried),
            "shown": list(state.shown),
            "after": state.after if state.phase == Phase.REVEAL else None,
            "collections": collections,
            "london": list(state.london),
            "chains": chains,
            "deck": {"name": options.deck.name, "lang": options.deck.lang},
            "options": dict(_house_rules(options)),
        }
        if state.phase == Phase.CHAIN:
            view["syncope_names"] = list(SYNCOPE_NAMES)
        outcome = self.outcome(state)
        if outcome is not None:
            view["outcome"] = outcome.to_json()
        return view

    # -- JSON

    def decode_action(self, data: Any) -> Action:
        data = action_object(data)
        kind = data.get("type")
        if kind == "flip":
            position = data.get("position")
            if isinstance(position, bool) or not isinstance(position, int):
                raise IllegalAction(Text("a flip needs the position of a card"))
            return Flip(position)
        if kind == "conceal":
            return Conceal()
        if kind == "london":
            yes = data.get("yes")
            if not isinstance(yes, bool):
                raise IllegalAction(Text("say yes or no: have you been to London?"))
            return London(yes)
        if kind == "chain":
            links = data.get("links")
            if not isinstance(links, list) or not all(isinstance(w, str) for w in links):
                raise IllegalAction(Text("a chain is a list of words"))
            return SubmitChain(tuple(links))
        raise IllegalAction(Text("Klepka has no action ‘{kind}’", kind=kind))

    def encode_action(self, action: Action) -> JsonObject:
        if isinstance(action, Flip):
            return {"type": "flip", "position": action.position}
        if isinstance(action, Conceal):
            return {"type": "conceal"}
        if isinstance(action, London):
            return {"type": "london", "yes": action.yes}
        return {"type": "chain", "links": list(action.links)}

    def encode_state(self, state: KlepkaState) -> JsonObject:
        data: JsonObject = codec.plain(state)
        data["options"] = options_to_json(state.options)
        return data


__all__ = [
    "DOWN",
    "SYNCOPE_NAMES",
    "UP",
    "Action",
    "After",
    "Card",
    "Collection",
    "Conceal",
    "DeckError",
    "Flip",
    "Kind",
    "KlepkaGame",
    "KlepkaOptions",
    "KlepkaState",
    "London",
    "Phase",
    "SubmitChain",
    "best_chain",
    "parse_options",
]
