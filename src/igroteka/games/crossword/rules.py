"""The rules of the crossword game (rule sheet 003, the Erudit tradition), as a pure game.

Each player holds 7 tiles. In a turn a player lays any number of them, forming
one, two or more words anywhere on the board as long as they cling to the
letters already there, and draws back to 7; or passes, exchanging any number of
tiles. Every run of two or more letters holding a new tile must be a word of the
crossword rule (nouns in the nominative singular, place names, famous surnames)
and, by the house rule ``family`` (on), none vulgar or obscure; premium cells
count for every word that uses them. When play stops, the round is completed, so
everyone has had the same number of turns.

>>> game = CrosswordGame()
>>> state = game.setup(game.parse_options({"starter": 0}), 2, seed=1)
>>> len(state.racks[0]), len(state.bag), sorted(game.actors(state))
(7, 117, [0])
>>> state, events = game.apply(state, 0, Pass())
>>> state.turn, [event.kind for event in events]
(1, ['pass'])

Every decision the sheet leaves open is written in docs/rules/crossword.md.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

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
    players_wanted,
    starter_option,
    whole_option,
)
from igroteka.engine.memo import per_state
from igroteka.engine.rng import Rng
from igroteka.games.crossword.board import BLANK, SIZE, Board, Tile, premiums, tile_set
from igroteka.games.crossword.score import Word, placement_problem, words
from igroteka.i18n import Text
from igroteka.lexicon.text import Language

__all__ = [
    "Action",
    "CrosswordGame",
    "CrosswordOptions",
    "CrosswordState",
    "Exchange",
    "Judged",
    "Pass",
    "Play",
    "accepted",
    "judge",
]


class Phase:
    PLAY: Final = "play"
    OVER: Final = "over"


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play:
    """Lay tiles: all the tiles of a turn, in one line or in several places."""

    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Exchange:
    """Pass and change tiles of one's rack (letters, ``*`` for a blank) for tiles from the bag."""

    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass without laying or changing a tile."""


Action = Play | Exchange | Pass


# ---------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class CrosswordOptions:
    """The language and tile set, and the house rules (the sheet's rules by default)."""

    lang: str = "ru"
    premiums: str = "every"
    """``every``: a premium cell counts for every word that uses it (the sheet);
    ``first``: only for the word that covers it first (Scrabble)."""
    bonus: int = 0
    """Points for laying all seven tiles in one turn (the sheet names none)."""
    leftover: str = "subtract"
    """At the end, the tiles left on a rack are ``subtract``-ed from its score, or ``kept``."""
    famous: bool = True
    """Surnames of famous people are words (the sheet: "Фамилии знаменитых людей")."""
    family: bool = True
    """The family table: no vulgar word, slur or obscure form is a word
    (:mod:`igroteka.lexicon.family`); a house rule, to switch off."""
    starter: str | int = "random"


CHOICES: dict[str, tuple[str, ...]] = {
    "lang": ("ru", "uk"),
    "premiums": ("every", "first"),
    "leftover": ("subtract", "kept"),
}
BONUS_LIMIT = 100
_DEFAULTS = CrosswordOptions()


def parse_options(raw: Mapping[str, Any]) -> CrosswordOptions:
    """Options from JSON, with defaults; :class:`OptionsError` names what is wrong.

    >>> parse_options({"lang": "uk"}).lang
    'uk'
    >>> parse_options({"premiums": "twice"})
    Traceback (most recent call last):
    ...
    igroteka.engine.game.OptionsError: premiums must be one of every, first, not ‘twice’
    """
    known_options(raw, {f.name for f in dataclasses.fields(CrosswordOptions)})
    values: dict[str, Any] = {}
    for key, choices in CHOICES.items():
        values[key] = choice_option(raw, key, getattr(_DEFAULTS, key), choices)
    values["bonus"] = whole_option(raw, "bonus", 0, 0, BONUS_LIMIT)
    famous = flag_option(raw, "famous", True)
    family = flag_option(raw, "family", True)
    return CrosswordOptions(**values, famous=famous, family=family, starter=starter_option(raw))


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn on the score sheet: who, what (play, exchange or pass), the words and points."""

    seat: int
    kind: str
    words: tuple[tuple[str, int], ...] = ()
    score: int = 0
    tiles: int = 0
    """Tiles laid (a play) or changed (an exchange)."""


@dataclass(frozen=True, slots=True)
class CrosswordState:
    """The whole truth of a game, racks and the bag's order included: never shown to players."""

    options: CrosswordOptions
    players: int
    board: Board
    bag: tuple[str, ...]
    """The tiles in the bag, in the order they will be drawn."""
    racks: tuple[str, ...]
    """Per seat, the tiles held (letters, ``*`` for a blank), in the order drawn."""
    scores: tuple[int, ...]
    turn: int
    first: int
    """The seat that played first: a round ends when the turn comes back to it."""
    rng: Rng
    phase: str = Phase.PLAY
    turns: tuple[Turn, ...] = ()
    idle: int = 0
    """Turns in a row without a play (passes and exchanges)."""
    last: tuple[Tile, ...] = ()
    """The tiles of the last play, for everyone to see what changed."""
    result: Outcome | None = None

    @property
    def lang(self) -> Language:
        return "uk" if self.options.lang == "uk" else "ru"

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return len(self.turns) // self.players + 1


_replace = replacer(CrosswordState)


# ---------------------------------------------------------------- words


def _form(word: str, lang: Language) -> str:
    """How the word list spells letters laid on the board: as they are, or, in Ukrainian,
    with an apostrophe between two of them (сімя: сім'я); the letters themselves if neither.

    >>> _form("сімя", "uk"), _form("полка", "ru")
    ("сім'я", 'полка')
    """
    from igroteka.lexicon.index import index

    nouns = index(lang).nouns
    if word in nouns or lang != "uk":
        return word
    for split in range(1, len(word)):
        spelt = f"{word[:split]}'{word[split:]}"
        if spelt in nouns:
            return spelt
    return word


def accepted(word: str, lang: Language, *, famous: bool = True, family: bool = True) -> bool:
    """Whether letters laid on the board (lower case, no apostrophe) make a crossword word.

    ``family``: the house rule of the family table, which takes no vulgar or obscure word.

    >>> accepted("полка", "ru"), accepted("полкан", "ru"), accepted("сімя", "uk")
    (True, False, True)
    >>> accepted("аум", "ru"), accepted("аум", "ru", family=False)
    (False, True)
    """
    from igroteka.lexicon.index import index
    from igroteka.lexicon.rules import famous_surnames

    form = _form(word, lang)
    if form not in index(lang).nouns:
        return False
    if family and _unfit(form, lang) is not None:
        return False
    return famous or form not in famous_surnames(lang) or _check(form, lang, famous).ok


def _unfit(form: str, lang: Language) -> Text | None:
    """Why a word is kept off the family table (:func:`igroteka.lexicon.family.unfit`)."""
    from igroteka.lexicon.family import unfit
    from igroteka.lexicon.text import WordInputError

    try:
        return unfit(form, lang)
    except WordInputError:  # not letters: the lexicon's check says so
        return None


def _check(form: str, lang: Language, famous: bool) -> Any:
    from igroteka.lexicon.rules import check

    return check(form, lang, "nouns", famous=famous)


def refusal(word: str, lang: Language, *, famous: bool = True, family: bool = True) -> Text:
    """Why laid letters are not a word, in the lexicon's words, or the family table's."""
    form = _form(word, lang)
    unfit = _unfit(form, lang) if family else None
    if unfit is not None:
        return unfit.but(word=word)
    reason = _check(form, lang, famous).reason
    if isinstance(reason, Text) and reason:
        return reason
    return Text("‘{word}’ is not a word of the crossword", word=word)


@dataclass(frozen=True, slots=True)
class Judged:
    """A play judged: the words it makes with their scores, and the turn's total."""

    words: tuple[Word, ...]
    score: int
    bonus: int = 0


def judge(
    board: Board,
    tiles: Sequence[Tile],
    lang: Language,
    *,
    every: bool = True,
    bonus: int = 0,
    famous: bool = True,
    family: bool = True,
) -> Judged:
    """Judge a play on a board, rack aside: :class:`IllegalAction` says what is wrong.

    >>> play = (Tile(7, 7, "п"), Tile(7, 8, "о"), Tile(7, 9, "л"))
    >>> judged = judge(Board.empty(), play, "ru")
    >>> [(word.text, word.score) for word in judged.words], judged.score
    ([('пол', 5)], 5)
    """
    alphabet = _letters(lang)
    for tile in tiles:
        if tile.letter not in alphabet:
            raise IllegalAction(
                Text("‘{letter}’ is not a letter of the tile set", letter=tile.letter.upper())
            )
    problem = placement_problem(board, tiles)
    if problem is not None:
        raise IllegalAction(problem)
    made = words(board, tiles, tile_set(lang), premiums(), every=every)
    if not made:
        raise IllegalAction(Text("the tiles make no word of two letters or more"))
    refused = [
        word.text for word in made if not accepted(word.text, lang, famous=famous, family=family)
    ]
    if refused:
        reasons = [refusal(word, lang, famous=famous, family=family) for word in refused]
        raise IllegalAction(_joined(reasons))
    extra = bonus if len(tiles) == tile_set(lang).rack else 0
    return Judged(tuple(made), sum(word.score for word in made) + extra, extra)


def _joined(reasons: Sequence[Text]) -> Text:
    if len(reasons) == 1:
        return reasons[0]
    return Text("{first}; {rest}", first=reasons[0], rest=_joined(reasons[1:]))


@functools.cache
def _letters(lang: Language) -> frozenset[str]:
    return frozenset(letter for letter in tile_set(lang).points if letter != BLANK)


# ---------------------------------------------------------------- the game


_NOBODY: frozenset[int] = frozenset()
_WENT_OUT = Text("the bag is empty and a player has laid every tile: the round was completed")
_STALLED = Text("every player passed twice in a row: the round was completed")


class CrosswordGame(BaseGame[CrosswordState, Action]):
    """The crossword game, implementing :class:`igroteka.engine.Game`."""

    name = "crossword"
    version = 2
    """2: the family table (house rule ``family``, on) takes no vulgar or obscure word."""
    min_players = 1
    max_players = 4

    def basis(self, state: CrosswordState, seat: int, action: Action) -> Hashable:
        """One player acts at a time, so any turn taken since the choice changes it."""
        return len(state.turns)

    def parse_options(self, raw: Mapping[str, Any]) -> JsonObject:
        return dict(codec.plain(parse_options(raw)))

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> CrosswordState:
        opts = parse_options(options)
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(players_wanted(self, players))
        check_starter(opts.starter, players)
        tiles = tile_set("uk" if opts.lang == "uk" else "ru")
        rng = Rng.from_seed(seed)
        bag, rng = rng.shuffled(tiles.bag())
        racks = tuple(
            "".join(bag[seat * tiles.rack : (seat + 1) * tiles.rack]) for seat in range(players)
        )
        if isinstance(opts.starter, int):
            first = opts.starter
        else:
            first, rng = rng.below(players)
        return CrosswordState(
            options=opts,
            players=players,
            board=Board.empty(),
            bag=tuple(bag[players * tiles.rack :]),
            racks=racks,
            scores=(0,) * players,
            turn=first,
            first=first,
            rng=rng,
        )

    # -- who acts

    def awaited(self, state: CrosswordState) -> frozenset[int]:
        return _awaited(state)

    def legal_actions(self, state: CrosswordState, seat: int) -> list[Action] | None:
        """Too many plays to list: ``None`` while the game goes on (bots generate their own)."""
        return [] if state.phase == Phase.OVER else None

    # -- checking

    def check(self, state: CrosswordState, seat: int, action: Action) -> None:
        self._checked(state, seat, action)

    def _checked(self, state: CrosswordState, seat: int, action: Action) -> Judged | None:
        if state.phase == Phase.OVER:
            raise IllegalAction(Text("the game is over"))
        if seat != state.turn:
            raise IllegalAction(Text("it is not your turn"))
        rack = state.racks[seat]
        if isinstance(action, Pass):
            return None
        if isinstance(action, Exchange):
            _check_exchange(state, rack, action.tiles)
            return None
        _check_rack(rack, [tile.rack_tile for tile in action.tiles])
        opts = state.options
        return judge(
            state.board,
            action.tiles,
            state.lang,
            every=opts.premiums == "every",
            bonus=opts.bonus,
            famous=opts.famous,
            family=opts.family,
        )

    # -- playing

    def apply(
        self, state: CrosswordState, seat: int, action: Action
    ) -> tuple[CrosswordState, tuple[Event, ...]]:
        judged = self._checked(state, seat, action)
        if isinstance(action, Play):
            assert judged is not None
            return self._play(state, seat, action.tiles, judged)
        if isinstance(action, Exchange):
            return self._exchange(state, seat, action.tiles)
        turn = Turn(seat, "pass")
        return self._next(
            _replace(state, idle=state.idle + 1), turn, [Event("pass", {"seat": seat})]
        )

    def _play(
        self, state: CrosswordState, seat: int, tiles: tuple[Tile, ...], judged: Judged
    ) -> tuple[CrosswordState, tuple[Event, ...]]:
        rack = _without(state.racks[seat], [tile.rack_tile for tile in tiles])
        drawn = state.bag[: len(tiles)]
        said = tuple((word.text, word.score) for word in judged.words)
        scores = list(state.scores)
        scores[seat] += judged.score
        state = _replace(
            state,
            board=state.board.place(tiles),
            bag=state.bag[len(tiles) :],
            racks=_set(state.racks, seat, rack + "".join(drawn)),
            scores=tuple(scores),
            idle=0,
            last=tuple(sorted(tiles, key=lambda tile: tile.cell)),
        )
        events = [
            Event(
                "play",
                {
                    "seat": seat,
                    "tiles": [_tile_json(tile) for tile in state.last],
                    "words": [list(pair) for pair in said],
                    "where": [[word.start, word.across] for word in judged.words],
                    "score": judged.score,
                    "bonus": judged.bonus,
                    "drawn": len(drawn),
                    "bag": len(state.bag),
                },
            ),
            Event("drew", {"seat": seat, "tiles": list(drawn)}, to=frozenset((seat,))),
        ]
        return self._next(state, Turn(seat, "play", said, judged.score, len(tiles)), events)

    def _exchange(
        self, state: CrosswordState, seat: int, given: tuple[str, ...]
    ) -> tuple[CrosswordState, tuple[Event, ...]]:
        # Draw first, then the tiles given back go into the bag: nobody draws their own again.
        drawn = state.bag[: len(given)]
        bag, rng = state.rng.shuffled(state.bag[len(given) :] + given)
        rack = _without(state.racks[seat], list(given)) + "".join(drawn)
        state = _replace(
            state, bag=tuple(bag), rng=rng, racks=_set(state.racks, seat, rack), idle=state.idle + 1
        )
        events = [
            Event("exchange", {"seat": seat, "count": len(given)}),
            Event(
                "exchanged",
                {"seat": seat, "gave": list(given), "got": list(drawn)},
                to=frozenset((seat,)),
            ),
        ]
        return self._next(state, Turn(seat, "exchange", tiles=len(given)), events)

    def _next(
        self, state: CrosswordState, turn: Turn, events: list[Event]
    ) -> tuple[CrosswordState, tuple[Event, ...]]:
        """The turn passes on; at the end of a round, the game ends if play has stopped."""
        following = (state.turn + 1) % state.players
        state = _replace(state, turns=(*state.turns, turn), turn=following)
        if following == state.first:
            reason = _stopped(state)
            if reason is not None:
                return self._over(state, events, reason)
        return state, tuple(events)

    def _over(
        self, state: CrosswordState, events: list[Event], reason: Text
    ) -> tuple[CrosswordState, tuple[Event, ...]]:
        outcome = _result(state, reason)
        events.append(game_over(outcome, left=outcome.details["left"], played=list(state.scores)))
        return _replace(state, phase=Phase.OVER, result=outcome), tuple(events)

    # -- what players see

    def view(self, state: CrosswordState, seat: int | None) -> JsonObject:
        own = state.racks[seat] if seat is not None and 0 <= seat < state.players else ""
        shared = _shared_view(state)
        unseen = shared.left.copy()  # the tiles not on the board, less the seat's own
        unseen.subtract(own)
        view: JsonObject = {
            "game": self.name,
            "seat": seat,
            **shared.head,
            "rack": list(own),
            **shared.middle,
            "unseen": dict(sorted((+unseen).items())),
            **shared.tail,
        }
        if state.result is not None:
            view["outcome"] = state.result.to_json()
            view["racks_left"] = list(state.racks)  # shown to all once the game is over
        return view

    # -- JSON

    def decode_action(self, data: Any) -> Action:
        data = action_object(data)
        kind = data.get("type")
        if kind == "pass":
            return Pass()
        if kind == "exchange":
            given = data.get("tiles")
            if not isinstance(given, list) or not all(isinstance(t, str) for t in given):
                raise IllegalAction(Text("an exchange lists the tiles you give back"))
            return Exchange(tuple(_rack_tile(tile) for tile in given))
        if kind == "play":
            laid = data.get("tiles")
            if not isinstance(laid, list) or len(laid) > SIZE * SIZE:
                raise IllegalAction(Text("a play lists its tiles: row, column, letter, blank"))
            return Play(tuple(_decode_tile(item) for item in laid))
        raise IllegalAction(Text("the crossword has no action ‘{kind}’", kind=kind))

    def encode_action(self, action: Action) -> JsonObject:
        if isinstance(action, Play):
            return {"type": "play", "tiles": [_tile_json(tile) for tile in action.tiles]}
        if isinstance(action, Exchange):
            return {"type": "exchange", "tiles": list(action.tiles)}
        return {"type": "pass"}


# ---------------------------------------------------------------- helpers


@dataclass(frozen=True)
class _Shared:
    """What every seat's view of a state holds alike, in the view's order around a seat's
    own ``rack`` and ``unseen`` tiles; and the set's tiles less those on the board, from which
    each seat's unseen tiles are its own rack's less."""

    head: JsonObject
    middle: JsonObject
    tail: JsonObject
    left: Counter[str]


@per_state
def _shared_view(state: CrosswordState) -> _Shared:
    """The part of the views of ``state`` that is the same for every seat, made once."""
    tiles = tile_set(state.lang)
    awaited = sorted(_awaited(state))
    head: JsonObject = {
        "players": state.players,
        "lang": state.lang,
        "phase": state.phase,
        "turn": state.turn,
        "first": state.first,
        "round": state.round,
        "actors": awaited,  # who may act is who is awaited: the player whose turn it is
        "awaited": awaited,
        "board": list(state.board.rows),
        "premiums": list(premiums().marks),
        "points": dict(tiles.points.items()),
    }
    middle: JsonObject = {"racks": [len(rack) for rack in state.racks], "bag": len(state.bag)}
    tail: JsonObject = {
        "scores": list(state.scores),
        "last": [_tile_json(tile) for tile in state.last],
        "turns": [codec.plain(turn) for turn in state.turns],
        "rack_size": tiles.rack,
        "options": codec.plain(state.options),
    }
    on_board = (
        BLANK if state.board.is_blank(*cell) else state.board.letter(*cell) or ""
        for cell in state.board.filled()
    )
    return _Shared(head, middle, tail, tiles.left(on_board))


def _awaited(state: CrosswordState) -> frozenset[int]:
    return _NOBODY if state.phase == Phase.OVER else frozenset((state.turn,))


def _tile_json(tile: Tile) -> list[Any]:
    return [tile.row, tile.col, tile.letter.upper(), tile.blank]


def _letter(text: str) -> str:
    """A tile's letter as typed: one letter, any case; Ё is Е (the set has no Ё)."""
    letter = text.strip().lower().replace("ё", "е")
    if len(letter) != 1 or not letter.isalpha():
        raise IllegalAction(Text("‘{text}’ is not one letter", text=text))
    return letter


def _rack_tile(text: str) -> str:
    return BLANK if text.strip() == BLANK else _letter(text)


def _decode_tile(item: Any) -> Tile:
    shape = Text("a tile is [row, column, letter, blank]")
    if not isinstance(item, list) or len(item) not in (3, 4):
        raise IllegalAction(shape)
    row, col, letter = item[0], item[1], item[2]
    blank = item[3] if len(item) == 4 else False
    numbers = (row, col)
    if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
        raise IllegalAction(shape)
    if not isinstance(letter, str) or not isinstance(blank, bool):
        raise IllegalAction(shape)
    return Tile(row, col, _letter(letter), blank)


def _check_rack(rack: str, wanted: Sequence[str]) -> None:
    """That a rack holds the tiles a play or an exchange needs."""
    lacking = Counter(wanted) - Counter(rack)
    if lacking:
        shown = " ".join(sorted(tile.upper() for tile in lacking.elements()))
        raise IllegalAction(Text("your rack has no {tiles}", tiles=shown))


def _check_exchange(state: CrosswordState, rack: str, given: Sequence[str]) -> None:
    if not given:
        raise IllegalAction(Text("choose the tiles to change, or pass"))
    if not state.bag:
        raise IllegalAction(Text("the bag is empty: you may pass, but not change tiles"))
    if len(given) > len(state.bag):
        raise IllegalAction(
            Text(
                "the bag holds only {count} {count:tile|tiles}: change that many at most",
                count=len(state.bag),
            )
        )
    _check_rack(rack, given)


def _without(rack: str, used: Sequence[str]) -> str:
    left = list(rack)
    for tile in used:
        left.remove(tile)
    return "".join(left)


def _set(racks: tuple[str, ...], seat: int, rack: str) -> tuple[str, ...]:
    return (*racks[:seat], rack, *racks[seat + 1 :])


def _stopped(state: CrosswordState) -> Text | None:
    """Why play stops at the end of this round, or None: it goes on."""
    if not state.bag and any(not rack for rack in state.racks):
        return _WENT_OUT
    if state.idle >= 2 * state.players:
        return _STALLED
    return None


def _result(state: CrosswordState, reason: Text) -> Outcome:
    """The scores, less the tiles left on each rack (unless kept); the most points win."""
    tiles = tile_set(state.lang)
    left = [tiles.value(rack) for rack in state.racks]
    subtract = state.options.leftover == "subtract"
    scores = tuple(
        score - (left[seat] if subtract else 0) for seat, score in enumerate(state.scores)
    )
    best = max(scores)
    return Outcome(
        scores=scores,
        winners=frozenset(seat for seat, score in enumerate(scores) if score == best),
        details={
            "played": list(state.scores),
            "left": left,
            "racks": list(state.racks),
            "rounds": len(state.turns) // state.players,
            "words": sum(len(turn.words) for turn in state.turns),
        },
        reason=reason,
    )
