"""The rules of the association game (rule sheet 004, of the Imaginarium/Dixit family).

A round: the storyteller lays a card face down and says an association (the
clue); every other player secretly lays a card of their own that fits it (two
each at a table of three); the cards are shuffled and shown, numbered; everyone
but the storyteller secretly votes with a numbered token for the card they take
for the storyteller's (never their own); then the votes are shown and the pieces
move on the track. At a table of two the storyteller lays five cards of the hand
and clues one; the other ranks up to three tokens on them.

Some cells of the track oblige the storyteller standing there to a form of clue:
a question, exactly four words, one that begins "What I love most…", a story.
The first three are checked here; the others at the table confirm a story.

>>> game = AssociationsGame()
>>> state = game.setup(game.parse_options({"starter": 0}), 4, seed=1)
>>> state.phase, sorted(game.actors(state)), len(state.hands[0])
('tell', [0], 6)

Every decision the sheet leaves open is written in docs/rules/associations.md.
"""

from __future__ import annotations

import dataclasses
import functools
import unicodedata
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from igroteka.engine import codec
from igroteka.engine.base import BaseGame, action_object, game_over, replacer
from igroteka.engine.characters import code_of, hidden
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
from igroteka.i18n import Text

if TYPE_CHECKING:
    from igroteka.games.associations.own import OwnDeck

__all__ = [
    "CLUE_LIMIT",
    "FORMS",
    "HAND",
    "Action",
    "AssociationsGame",
    "AssociationsOptions",
    "AssociationsState",
    "Confirm",
    "Lay",
    "Phase",
    "Tell",
    "Vote",
    "form_problem",
    "tokens_for",
]

HAND = 6
CLUE_LIMIT = 200
"""Characters a clue may have at most."""
FORMS: Final = ("question", "four_words", "love", "story")
"""The forms a special cell asks of a clue."""
SPECIAL: dict[int, str] = {5: "question", 9: "four_words", 13: "love", 17: "story", 21: "question"}
"""The special cells (cell numbers: the pieces start on cell 1) and the form each asks."""
LOVE = ("what i love most", "найбільше я люблю", "больше всего я люблю")
"""The openings of a "What I love most…" clue, in each language a clue may be typed in."""
TWO_PLAYER_CARDS = 5
"""At a table of two the storyteller lays five cards of the hand."""
TWO_PLAYER_TOKENS = 3


class Phase:
    TELL: Final = "tell"  # the storyteller chooses a card and gives the clue
    CONFIRM: Final = "confirm"  # the others confirm a clue of a form the rules cannot check
    LAY: Final = "lay"  # everyone else lays a card (two at a table of three), in secret
    VOTE: Final = "vote"  # everyone else votes for a card on the table, in secret
    OVER: Final = "over"


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Tell:
    """The storyteller's card and clue; at a table of two, the four other cards laid too.

    ``aloud``: the clue was said aloud at the table and is only confirmed here.
    """

    card: str
    clue: str
    aloud: bool = False
    others: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Confirm:
    """Whether the clue has the form its cell asks (a story; a clue said aloud)."""

    ok: bool


@dataclass(frozen=True, slots=True)
class Lay:
    """The cards a player lays for the clue, face down: one (two at a table of three)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Vote:
    """Numbered tokens on cards of the table (numbers from 1): one; at a table of two, up to
    three, ranked: the first is token 1."""

    cards: tuple[int, ...]


Action = Tell | Confirm | Lay | Vote


# ---------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class AssociationsOptions:
    """The deck, the end, and the readings of the sheet players disagree on."""

    lang: str = "uk"
    """The language of the cards' words, and of the bots' clues (a person may type any); with
    an own deck, the deck's (``own`` asks for one)."""
    deck: str = ""
    """A teacher's own deck, as its text (games/associations/own.py, docs/decks.md); empty:
    the built-in cards. The record keeps the text, so a replay deals the same cards."""
    cards: int = 0
    """Built-in cards in the deck; 0: as many as the table needs (:func:`cards_for`: the
    sheet's 64 up to four players, more at five and six). Not used with an own deck, which is
    filled up with built-in cards only when it has fewer than ``own.ENOUGH``."""
    generated: int = 0
    """New cards composed for this game by the seeded generator, added to the deck."""
    goal: int = 24
    """Steps a piece must make to end the game (the sheet's last paragraph: 24)."""
    ties: str = "draw"
    """Several pieces at the goal: ``draw`` (they share the win, the sheet) or ``furthest``."""
    votes_for: str = "everyone"
    """Who moves for the votes on their card: ``everyone`` but the storyteller (Dixit,
    Imaginarium) or only the ``guessers`` who found the storyteller's card (the sheet read
    word for word)."""
    extra_tokens: str = "free"
    """At a table of two: tokens 2 and 3 are ``free`` (the sheet: the guesser may always place
    three) or ``cost`` (house rule: each of them not on the storyteller's card moves the
    storyteller one step, so that doubt is a decision)."""
    special: bool = True
    """The special cells ask a form of clue."""
    equal_turns: bool = False
    """Play on until everyone has been the storyteller as often as the others."""
    family: bool = True
    """The family table: an own deck's vulgar word or slur is refused (a house rule)."""
    starter: str | int = "random"


def deck_needed(players: int) -> int:
    """The fewest cards a table plays with: six in every hand and one a seat more, so that
    the first deal leaves a pile and a round's table is not all the next deal draws.

    >>> deck_needed(4), deck_needed(6)
    (28, 42)
    """
    return players * (HAND + 1)


def cards_for(players: int) -> int:
    """The built-in cards a table plays with when the options leave it to the table: the
    sheet's 64 up to four players; at five and six, 64 cards run out in five to seven rounds
    and the same cards come back, so 84 at five and all 97 at six (about ten rounds each).

    >>> [cards_for(players) for players in (2, 4, 5, 6)]
    [64, 64, 84, 97]
    """
    return {5: 84, 6: 97}.get(players, 64)


LIMITS = {"cards": (0, 97), "generated": (0, 60), "goal": (10, 60)}
"""Ranges of the number options; 97 is every built-in card (a test keeps it so); a deck of
1 to 41 cards is refused (:func:`deck_needed` of six)."""
CHOICES = {
    "lang": ("uk", "ru", "en", "own"),
    "ties": ("draw", "furthest"),
    "votes_for": ("everyone", "guessers"),
    "extra_tokens": ("free", "cost"),
}
_DEFAULTS = AssociationsOptions()


def parse_options(raw: Mapping[str, Any]) -> AssociationsOptions:
    """Options from JSON, with defaults; :class:`OptionsError` names what is wrong.

    >>> parse_options({"goal": 20}).goal
    20
    """
    known_options(raw, {f.name for f in dataclasses.fields(AssociationsOptions)})
    values: dict[str, Any] = {}
    for key, (low, high) in LIMITS.items():
        values[key] = whole_option(raw, key, getattr(_DEFAULTS, key), low, high)
    if 0 < values["cards"] < deck_needed(6):
        raise OptionsError(
            Text(
                "the deck needs {low} to {high} built-in cards, or 0 for as many as the table "
                "needs",
                low=deck_needed(6),
                high=LIMITS["cards"][1],
            )
        )
    for key, choices in CHOICES.items():
        values[key] = choice_option(raw, key, getattr(_DEFAULTS, key), choices)
    for key in ("special", "equal_turns", "family"):
        values[key] = flag_option(raw, key, getattr(_DEFAULTS, key))
    text = raw.get("deck", "")
    if not isinstance(text, str):
        raise OptionsError(Text("the deck's text must be text"))
    if text.strip():
        values["deck"] = text
        values["lang"] = own_deck(text, values["family"]).lang
    elif values["lang"] == "own":
        raise OptionsError(Text("write the cards of your own deck, or choose built-in cards"))
    return AssociationsOptions(**values, starter=starter_option(raw))


@functools.lru_cache(maxsize=64)
def own_deck(text: str, family: bool = True) -> OwnDeck:
    """A teacher's deck from its text, read once (the games of a session share it);
    :class:`OptionsError` lists its problems, each with its line. ``family``: the house
    rule of the family table."""
    from igroteka.games.associations.own import parse_own_deck
    from igroteka.games.klepka.deck import DeckError

    try:
        return parse_own_deck(text, family=family)
    except DeckError as error:
        raise OptionsError(error.reason) from None


def tokens_for(players: int) -> int:
    """Voting tokens each player holds: one per player, five at three, three at two.

    >>> [tokens_for(n) for n in range(2, 7)]
    [3, 5, 4, 5, 6]
    """
    return {2: TWO_PLAYER_TOKENS, 3: 5}.get(players, players)


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Round:
    """A round as everyone saw it at the reveal: the table, whose card was whose, the votes."""

    storyteller: int
    clue: str
    aloud: bool
    table: tuple[str, ...]
    owners: tuple[int, ...]
    """Per card on the table, the seat that laid it."""
    votes: tuple[tuple[int, ...], ...]
    """Per seat, the numbers it voted for (from 1; empty for the storyteller)."""
    moves: tuple[int, ...]
    form: str = ""
    accepted: bool = True
    story: int = 0
    """The number on the table (from 1) of the card the clue was for."""


@dataclass(frozen=True, slots=True)
class AssociationsState:
    """The whole truth of a game, hands, laid cards and votes included: never shown to players."""

    options: AssociationsOptions
    players: int
    rng: Rng
    pile: tuple[str, ...]
    """The cards still to draw, in the order they will be drawn."""
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    steps: tuple[int, ...]
    """Per seat, the steps its piece has made (it stands on cell steps + 1)."""
    storyteller: int
    first: int
    phase: str = Phase.TELL
    rounds: int = 0
    """Rounds finished."""
    clue: str = ""
    aloud: bool = False
    form: str = ""
    """The form the storyteller's cell asks of this round's clue, or ``""``."""
    told: tuple[str, ...] = ()
    """The storyteller's card (and, at a table of two, the four others laid with it)."""
    laid: tuple[tuple[str, ...], ...] = ()
    """Per seat, the cards laid this round (the storyteller's: ``told``)."""
    table: tuple[str, ...] = ()
    """The cards shown, in the order they are numbered (once everyone has laid)."""
    votes: tuple[tuple[int, ...], ...] = ()
    confirms: tuple[bool | None, ...] = ()
    accepted: bool = True
    history: tuple[Round, ...] = ()
    result: Outcome | None = None


_replace = replacer(AssociationsState)


# ---------------------------------------------------------------- clues


def _fold(text: str) -> str:
    """A clue compared with an opening: NFC, lower case, ё as е, apostrophes and spaces one."""
    folded = unicodedata.normalize("NFC", text).casefold().replace("ё", "е")
    return " ".join(folded.replace("’", "'").replace("ʼ", "'").split())


def form_problem(form: str, clue: str) -> Text | None:
    """Why a clue lacks the form its cell asks (a sentence), or None; a story is not checked.

    >>> print(form_problem("question", "Where does it lead"))
    this cell asks for a question: end the clue with a question mark
    >>> form_problem("four_words", "the sea at night") is None
    True
    >>> form_problem("love", "Найбільше я люблю тишу") is None
    True
    """
    if form == "question" and not clue.rstrip().endswith(("?", "？")):
        return Text("this cell asks for a question: end the clue with a question mark")
    if form == "four_words":
        words = [word for word in clue.split() if any(char.isalnum() for char in word)]
        if len(words) != 4:
            return Text("this cell asks for exactly four words, not {count}", count=len(words))
    if form == "love" and not _fold(clue).startswith(LOVE):
        return Text("this cell asks for a clue that begins “What I love most…”")
    return None


def _clean_clue(clue: str, aloud: bool) -> str:
    text = " ".join(unicodedata.normalize("NFC", clue).split())
    if any(unicodedata.category(char) == "Cs" for char in text):  # half a character
        raise IllegalAction(Text("a clue is text: it has a character that is not"))
    char = hidden(text)
    if char is not None:  # shown to the table, U+202E would turn the text after it backwards
        raise IllegalAction(
            Text("a clue cannot hold the invisible character {code}", code=code_of(char))
        )
    if not text and not aloud:
        raise IllegalAction(Text("say your association: the clue is empty"))
    if len(text) > CLUE_LIMIT:
        raise IllegalAction(
            Text(
                "a clue has at most {limit} characters, not {count}",
                limit=CLUE_LIMIT,
                count=len(text),
            )
        )
    return text


# ---------------------------------------------------------------- the game


_NOBODY: frozenset[int] = frozenset()


class AssociationsGame(BaseGame[AssociationsState, Action]):
    """The association game, implementing :class:`igroteka.engine.Game`."""

    name = "associations"
    version = 3
    """2: generated cards pair their emoji by relation (issue 26): a record of version 1 with
    generated cards deals the same ids, which now show other pictures. 3: a clue holding an
    invisible format character (U+202E, U+200B) is refused."""
    min_players = 2
    max_players = 6

    def basis(self, state: AssociationsState, seat: int, action: Action) -> Hashable:
        """A choice rests on the phase and the round: choices made at once never collide."""
        return (state.rounds, state.phase)

    def parse_options(self, raw: Mapping[str, Any]) -> JsonObject:
        return dict(codec.plain(parse_options(raw)))

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> AssociationsState:
        from igroteka.games.associations.deck import composer_seed, deck, generate
        from igroteka.games.associations.own import playing_cards

        opts = parse_options(options)
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(players_wanted(self, players))
        check_starter(opts.starter, players)
        if opts.deck:
            made = generate(opts.generated, composer_seed(seed))
            cards = [*playing_cards(own_deck(opts.deck, opts.family)), *(card.id for card in made)]
        else:
            size = opts.cards or cards_for(players)
            cards = [card.id for card in deck(size, opts.generated, composer_seed(seed))]
        rng = Rng.from_seed(seed)
        pile, rng = rng.shuffled(cards)
        hands = tuple(tuple(pile[seat * HAND : (seat + 1) * HAND]) for seat in range(players))
        if isinstance(opts.starter, int):
            first = opts.starter
        else:
            first, rng = rng.below(players)
        state = AssociationsState(
            options=opts,
            players=players,
            rng=rng,
            pile=tuple(pile[players * HAND :]),
            discard=(),
            hands=hands,
            steps=(0,) * players,
            storyteller=first,
            first=first,
        )
        return _new_round(state, first)

    # -- who acts

    def awaited(self, state: AssociationsState) -> frozenset[int]:
        return _awaited(state)

    def legal_actions(self, state: AssociationsState, seat: int) -> list[Action] | None:
        """Cards and votes are listed; a clue is free text, so the storyteller's are not."""
        if seat not in self.actors(state):
            return []
        if state.phase == Phase.TELL:
            return None
        if state.phase == Phase.CONFIRM:
            return [Confirm(True), Confirm(False)]
        if state.phase == Phase.LAY:
            hand = state.hands[seat]
            if _lays(state) == 1:
                return [Lay((card,)) for card in hand]
            return [Lay((a, b)) for i, a in enumerate(hand) for b in hand[i + 1 :]]
        return [Vote((number,)) for number in _votable(state, seat)] if state.players > 2 else None

    # -- checking

    def check(self, state: AssociationsState, seat: int, action: Action) -> None:
        self._checked(state, seat, action)

    def _checked(self, state: AssociationsState, seat: int, action: Action) -> Any:
        if state.phase == Phase.OVER:
            raise IllegalAction(Text("the game is over"))
        if seat not in self.actors(state):
            if seat == state.storyteller and state.phase != Phase.TELL:
                raise IllegalAction(Text("the storyteller waits while the others choose"))
            raise IllegalAction(_waiting(state))
        if isinstance(action, Tell):
            return self._check_tell(state, seat, action)
        if isinstance(action, Confirm):
            if state.phase != Phase.CONFIRM:
                raise IllegalAction(_waiting(state))
            return None
        if isinstance(action, Lay):
            return self._check_lay(state, seat, action)
        return self._check_vote(state, seat, action)

    def _check_tell(self, state: AssociationsState, seat: int, action: Tell) -> str:
        if state.phase != Phase.TELL:
            raise IllegalAction(_waiting(state))
        hand = state.hands[seat]
        cards = (action.card, *action.others)
        if any(card not in hand for card in cards):
            raise IllegalAction(Text("that card is not in your hand"))
        if len(set(cards)) != len(cards):
            raise IllegalAction(Text("a card cannot be laid twice"))
        wanted = TWO_PLAYER_CARDS - 1 if state.players == 2 else 0
        if len(action.others) != wanted:
            if wanted:
                raise IllegalAction(
                    Text("at a table of two, lay five cards of your hand: the one clued and four")
                )
            raise IllegalAction(Text("lay one card: the one your clue is for"))
        clue = _clean_clue(action.clue, action.aloud)
        if state.form and not action.aloud and state.form != "story":
            problem = form_problem(state.form, clue)
            if problem is not None:
                raise IllegalAction(problem)
        return clue

    def _check_lay(self, state: AssociationsState, seat: int, action: Lay) -> None:
        if state.phase != Phase.LAY:
            raise IllegalAction(_waiting(state))
        count = _lays(state)
        if len(action.cards) != count:
            raise IllegalAction(Text("lay {count} {count:card|cards} for the clue", count=count))
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction(Text("a card cannot be laid twice"))
        if any(card not in state.hands[seat] for card in action.cards):
            raise IllegalAction(Text("that card is not in your hand"))

    def _check_vote(self, state: AssociationsState, seat: int, action: Vote) -> None:
        if state.phase != Phase.VOTE:
            raise IllegalAction(_waiting(state))
        numbers = action.cards
        most = TWO_PLAYER_TOKENS if state.players == 2 else 1
        if not 1 <= len(numbers) <= most:
            if most == 1:
                raise IllegalAction(Text("vote with one token, for one card"))
            raise IllegalAction(Text("place one to three tokens, 1 first"))
        if len(set(numbers)) != len(numbers):
            raise IllegalAction(Text("each token goes on a different card"))
        for number in numbers:
            if not 1 <= number <= len(state.table):
                raise IllegalAction(Text("there is no card {number} on the table", number=number))
            if number not in _votable(state, seat):
                raise IllegalAction(Text("you cannot vote for your own card"))

    # -- playing

    def apply(
        self, state: AssociationsState, seat: int, action: Action
    ) -> tuple[AssociationsState, tuple[Event, ...]]:
        checked = self._checked(state, seat, action)
        if isinstance(action, Tell):
            return _tell(state, seat, action, checked)
        if isinstance(action, Confirm):
            return _confirm(state, seat, action.ok)
        if isinstance(action, Lay):
            return _lay(state, seat, action.cards)
        return _vote(state, seat, action.cards)

    # -- what players see

    def view(self, state: AssociationsState, seat: int | None) -> JsonObject:
        mine = seat is not None and 0 <= seat < state.players
        shared = _shared_view(state)
        view: JsonObject = {
            "game": self.name,
            "seat": seat,
            **shared.head,
            "hand": list(state.hands[seat]) if mine and seat is not None else [],
            **shared.middle,
            "mine": _own(state, seat) if mine and seat is not None else [],
            **shared.tail,
        }
        view.update(faces(view, state.options.lang))
        if mine and seat is not None and state.votes and state.votes[seat]:
            view["voted"] = list(state.votes[seat])
        if state.result is not None:
            view["outcome"] = state.result.to_json()
        return view

    # -- JSON

    def decode_action(self, data: Any) -> Action:
        data = action_object(data)
        kind = data.get("type")
        if kind == "tell":
            card, clue = data.get("card"), data.get("clue", "")
            others = data.get("others", [])
            aloud = data.get("aloud", False)
            if not isinstance(card, str) or not isinstance(clue, str):
                raise IllegalAction(Text("a clue names its card and says its association"))
            if not isinstance(others, list) or not all(isinstance(c, str) for c in others):
                raise IllegalAction(Text("the other cards are a list of card names"))
            if not isinstance(aloud, bool):
                raise IllegalAction(Text("aloud is true or false"))
            return Tell(card, clue[: CLUE_LIMIT * 4], aloud, tuple(others))
        if kind == "confirm":
            ok = data.get("ok")
            if not isinstance(ok, bool):
                raise IllegalAction(Text("confirm with yes (true) or no (false)"))
            return Confirm(ok)
        if kind == "lay":
            cards = data.get("cards")
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise IllegalAction(Text("lay a list of card names"))
            return Lay(tuple(cards[:HAND]))
        if kind == "vote":
            numbers = data.get("cards")
            if not isinstance(numbers, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in numbers
            ):
                raise IllegalAction(Text("a vote lists the numbers of the cards"))
            return Vote(tuple(numbers[:HAND]))
        raise IllegalAction(Text("the association game has no action ‘{kind}’", kind=kind))

    def encode_action(self, action: Action) -> JsonObject:
        if isinstance(action, Tell):
            return {
                "type": "tell",
                "card": action.card,
                "clue": action.clue,
                "aloud": action.aloud,
                "others": list(action.others),
            }
        if isinstance(action, Confirm):
            return {"type": "confirm", "ok": action.ok}
        if isinstance(action, Lay):
            return {"type": "lay", "cards": list(action.cards)}
        return {"type": "vote", "cards": list(action.cards)}


# ---------------------------------------------------------------- a round, step by step


def _awaited(state: AssociationsState) -> frozenset[int]:
    """Who the game waits for: the storyteller, or the others who have not yet answered."""
    if state.phase == Phase.OVER:
        return _NOBODY
    if state.phase == Phase.TELL:
        return frozenset((state.storyteller,))
    done: Sequence[object]
    if state.phase == Phase.CONFIRM:
        done = [c is not None for c in state.confirms]
    elif state.phase == Phase.LAY:
        done = [bool(cards) for cards in state.laid]
    else:
        done = [bool(votes) for votes in state.votes]
    return frozenset(
        seat for seat in range(state.players) if seat != state.storyteller and not done[seat]
    )


@dataclass(frozen=True)
class _Shared:
    """What every seat's view of a state holds alike, in the view's order around a seat's
    own ``hand`` and ``mine`` (the cards it laid)."""

    head: JsonObject
    middle: JsonObject
    tail: JsonObject


@per_state
def _shared_view(state: AssociationsState) -> _Shared:
    """The part of the views of ``state`` that is the same for every seat, made once."""
    awaited = _awaited(state)
    head: JsonObject = {
        "players": state.players,
        "phase": state.phase,
        "round": state.rounds + 1,
        "storyteller": state.storyteller,
        "actors": sorted(awaited),  # who may act is who is awaited
        "awaited": sorted(awaited),
    }
    middle: JsonObject = {
        "hands": [len(hand) for hand in state.hands],
        "steps": list(state.steps),
        "goal": state.options.goal,
        "special": {str(cell): form for cell, form in _special(state).items()},
        "form": state.form,
        "clue": state.clue if state.phase != Phase.TELL else "",
        "aloud": state.aloud if state.phase != Phase.TELL else False,
        "tokens": tokens_for(state.players),
        "pile": len(state.pile),
        "table": list(state.table),
    }
    voting = state.phase in (Phase.CONFIRM, Phase.LAY, Phase.VOTE)
    tail: JsonObject = {
        "done": sorted(set(range(state.players)) - awaited - {state.storyteller}) if voting else [],
        "last": codec.plain(state.history[-1]) if state.history else None,
        "options": _shown_options(state.options),
    }
    return _Shared(head, middle, tail)


def _shown_options(options: AssociationsOptions) -> JsonObject:
    """The options as a view shows them: an own deck by its name, not its whole text."""
    shown: JsonObject = codec.plain(options)
    if options.deck:
        shown["deck"] = own_deck(options.deck, options.family).name
    return shown


def faces(view: JsonObject, lang: str) -> JsonObject:
    """How to draw the cards a view shows (its hand, the table, the last round's table):
    ``cards``, each card's backdrop, emoji and tags in ``lang``, by id (an uploaded picture of
    an own deck: its ``image``, a URL, and tags); ``backdrops``, the drawing of each backdrop
    they stand on, by name (see docs/decks-associations.md)."""
    from igroteka.games.associations.deck import backdrops

    shown = [*view["hand"], *view["table"], *(view["last"] or {}).get("table", ())]
    cards: JsonObject = {card_id: _face(card_id, lang) for card_id in dict.fromkeys(shown)}
    used = {face["backdrop"] for face in cards.values() if "backdrop" in face}
    drawn = {name: _drawing(name) for name in backdrops() if name in used}
    return {"cards": cards, "backdrops": drawn}


@functools.lru_cache(maxsize=4096)
def _face(card_id: str, lang: str) -> JsonObject:
    """One card's face in a view, made once: every view of every seat shows it again (the
    views share it, so nothing may change it)."""
    from igroteka.games.associations.cards import card_by_id
    from igroteka.games.associations.own import PICTURE_URL

    card = card_by_id(card_id)
    if card.picture:
        return {"image": PICTURE_URL.format(id=card.picture), "tags": list(card.tags(lang))}
    return {
        "backdrop": card.backdrop,
        "emoji": [glyph.to_json() for glyph in card.glyphs],
        "tags": list(card.tags(lang)),
    }


@functools.cache
def _drawing(name: str) -> JsonObject:
    """A backdrop's drawing in a view, made once."""
    from igroteka.games.associations.deck import backdrops

    return backdrops()[name].to_json()


def _special(state: AssociationsState) -> dict[int, str]:
    return dict(SPECIAL) if state.options.special else {}


def _lays(state: AssociationsState) -> int:
    """Cards each player but the storyteller lays: two at a table of three, else one."""
    return 2 if state.players == 3 else 1


def _own(state: AssociationsState, seat: int) -> list[str]:
    """The cards a seat laid this round (the storyteller's: its card first)."""
    if seat == state.storyteller:
        return list(state.told)
    return list(state.laid[seat]) if state.laid else []


def _votable(state: AssociationsState, seat: int) -> list[int]:
    """The numbers a seat may vote for: every card on the table but its own."""
    own = set(_own(state, seat))
    return [number for number, card in enumerate(state.table, 1) if card not in own]


def _waiting(state: AssociationsState) -> Text:
    if state.phase == Phase.TELL:
        return Text("the storyteller is choosing a card and a clue")
    return Text("you have done your part of this step: the others are choosing")


def _new_round(state: AssociationsState, storyteller: int) -> AssociationsState:
    cell = state.steps[storyteller] + 1
    return _replace(
        state,
        phase=Phase.TELL,
        storyteller=storyteller,
        clue="",
        aloud=False,
        form=_special(state).get(cell, ""),
        told=(),
        laid=((),) * state.players,
        table=(),
        votes=((),) * state.players,
        confirms=(None,) * state.players,
        accepted=True,
    )


def _without(hand: tuple[str, ...], cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(card for card in hand if card not in cards)


def _set(items: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (*items[:seat], value, *items[seat + 1 :])


def _tell(
    state: AssociationsState, seat: int, action: Tell, clue: str
) -> tuple[AssociationsState, tuple[Event, ...]]:
    told = (action.card, *action.others)
    state = _replace(
        state,
        clue=clue,
        aloud=action.aloud,
        told=told,
        hands=_set(state.hands, seat, _without(state.hands[seat], told)),
    )
    events = [
        Event("clue", {"seat": seat, "clue": clue, "aloud": action.aloud, "form": state.form}),
        Event("told", {"seat": seat, "cards": list(told)}, to=frozenset((seat,))),
    ]
    if state.form and (state.form == "story" or action.aloud):
        return _replace(state, phase=Phase.CONFIRM), tuple(events)
    return _after_confirm(state, events)


def _confirm(
    state: AssociationsState, seat: int, ok: bool
) -> tuple[AssociationsState, tuple[Event, ...]]:
    state = _replace(state, confirms=_set(state.confirms, seat, ok))
    events = [Event("confirmed", {"seat": seat})]
    others = [c for s, c in enumerate(state.confirms) if s != state.storyteller]
    if any(c is None for c in others):
        return state, tuple(events)
    yes = sum(1 for c in others if c)
    accepted = yes * 2 >= len(others)  # a tie gives the storyteller the benefit of the doubt
    events.append(Event("form_judged", {"form": state.form, "accepted": accepted, "yes": yes}))
    return _after_confirm(_replace(state, accepted=accepted), events)


def _after_confirm(
    state: AssociationsState, events: list[Event]
) -> tuple[AssociationsState, tuple[Event, ...]]:
    if state.players == 2:  # the five cards are shown at once, in a fresh order
        table, rng = state.rng.shuffled(list(state.told))
        state = _replace(state, phase=Phase.VOTE, table=tuple(table), rng=rng)
        events.append(Event("table", {"cards": table}))
        return state, tuple(events)
    return _replace(state, phase=Phase.LAY), tuple(events)


def _lay(
    state: AssociationsState, seat: int, cards: tuple[str, ...]
) -> tuple[AssociationsState, tuple[Event, ...]]:
    state = _replace(
        state,
        laid=_set(state.laid, seat, cards),
        hands=_set(state.hands, seat, _without(state.hands[seat], cards)),
    )
    events = [
        Event("laid", {"seat": seat, "count": len(cards)}),
        Event("laid_cards", {"seat": seat, "cards": list(cards)}, to=frozenset((seat,))),
    ]
    if any(not state.laid[s] for s in range(state.players) if s != state.storyteller):
        return state, tuple(events)
    on_table = list(state.told) + [card for s in range(state.players) for card in state.laid[s]]
    table, rng = state.rng.shuffled(on_table)
    events.append(Event("table", {"cards": table}))
    return _replace(state, phase=Phase.VOTE, table=tuple(table), rng=rng), tuple(events)


def _vote(
    state: AssociationsState, seat: int, numbers: tuple[int, ...]
) -> tuple[AssociationsState, tuple[Event, ...]]:
    state = _replace(state, votes=_set(state.votes, seat, numbers))
    events = [
        Event("voted", {"seat": seat}),
        Event("vote", {"seat": seat, "cards": list(numbers)}, to=frozenset((seat,))),
    ]
    if any(not state.votes[s] for s in range(state.players) if s != state.storyteller):
        return state, tuple(events)
    return _reveal(state, events)


def _owners(state: AssociationsState) -> tuple[int, ...]:
    owner = {card: state.storyteller for card in state.told}
    for seat, cards in enumerate(state.laid):
        owner.update({card: seat for card in cards})
    return tuple(owner[card] for card in state.table)


def _reveal(
    state: AssociationsState, events: list[Event]
) -> tuple[AssociationsState, tuple[Event, ...]]:
    from igroteka.games.associations.scoring import moves, two_player_moves

    owners = _owners(state)
    teller = state.storyteller
    steps: tuple[int, ...]
    if state.players == 2:
        story = 1 + state.table.index(state.told[0])
        extra_cost = state.options.extra_tokens == "cost"
        steps = two_player_moves(teller, story, state.votes[1 - teller], extra_cost=extra_cost)
    else:
        steps = moves(teller, owners, state.votes, votes_for=state.options.votes_for)
    if not state.accepted:
        steps = _set(steps, teller, 0)  # the others did not take the clue for the form asked
    played = Round(
        teller, state.clue, state.aloud, state.table, owners, state.votes, steps,
        state.form, state.accepted, 1 + state.table.index(state.told[0]),
    )  # fmt: skip
    events.append(Event("reveal", codec.plain(played)))
    state = _replace(
        state,
        steps=tuple(a + b for a, b in zip(state.steps, steps, strict=True)),
        history=(*state.history, played),
        rounds=state.rounds + 1,
        discard=(*state.discard, *state.table),
    )
    state = _draw(state)
    reason = _ended(state)
    if reason is not None:
        return _over(state, events, reason)
    following = (teller + 1) % state.players
    events.append(Event("storyteller", {"seat": following}))
    return _new_round(state, following), tuple(events)


def _draw(state: AssociationsState) -> AssociationsState:
    """Everyone draws back to six, seat by seat from the storyteller's left; an empty pile is
    made again from the cards played, shuffled."""
    pile, discard, rng = list(state.pile), list(state.discard), state.rng
    hands = list(state.hands)
    order = [(state.storyteller + 1 + n) % state.players for n in range(state.players)]
    for seat in order:
        while len(hands[seat]) < HAND:
            if not pile:
                if not discard:
                    break
                pile, rng = rng.shuffled(discard)
                discard = []
            hands[seat] = (*hands[seat], pile.pop(0))
    return _replace(state, pile=tuple(pile), discard=tuple(discard), hands=tuple(hands), rng=rng)


def _ended(state: AssociationsState) -> Text | None:
    goal = state.options.goal
    if max(state.steps) < goal:
        return None
    if state.options.equal_turns and state.rounds % state.players:
        return None
    return Text("a piece has made {goal} steps", goal=goal)


def _over(
    state: AssociationsState, events: list[Event], reason: Text
) -> tuple[AssociationsState, tuple[Event, ...]]:
    steps = state.steps
    goal = state.options.goal
    if state.options.ties == "draw":
        winners = frozenset(seat for seat, made in enumerate(steps) if made >= goal)
    else:
        winners = frozenset(seat for seat, made in enumerate(steps) if made == max(steps))
    outcome = Outcome(
        scores=steps,
        winners=winners,
        details={"rounds": state.rounds, "cells": [made + 1 for made in steps]},
        reason=reason,
    )
    events.append(game_over(outcome))
    return _replace(state, phase=Phase.OVER, result=outcome), tuple(events)
