"""What a game says of itself: a sentence for each event, and the banner above the table.

A game supplies a :class:`Narrator` through its declaration (``Declaration.narrator``). It
speaks only from what the reader may know: the events already filtered for the reader's seat
(``events_for``) and that seat's view with the kernel's context, never the state. Everything
it says is a :class:`~igroteka.i18n.Text`, said again in the reader's language at the edge, so
the browser, the replay viewer and the command line tell the same sentences.

``names`` are the seats' names as people read them; a bot's name may itself be a ``Text``
("Bot (easy)"), translated with the sentence it is in.

A game without a narrator of its own gets :data:`PLAIN`, which says whose turn it is from the
kernel's context alone:

>>> context = {"actors": [1], "awaited": [1], "phase": "play", "outcome": None}
>>> PLAIN.banner({}, context, 0, ["Ann", "Bob"]).headline
'Bob’s turn'
>>> PLAIN.banner({}, context, 1, ["Ann", "Bob"]).headline
'Your turn'
>>> both = {"actors": [0, 1], "awaited": [0, 1], "phase": "vote", "outcome": None}
>>> PLAIN.banner({}, both, None, ["Ann", "Bob"]).headline
'Waiting for Ann and Bob'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from igroteka.engine.game import Event, JsonObject
from igroteka.i18n import Text

__all__ = [
    "PLAIN",
    "Banner",
    "Moment",
    "Names",
    "Narrator",
    "PlainNarrator",
    "bot_name",
    "together",
]

Names = Sequence[str]
"""Every seat's name, by seat; an element may be a ``Text`` (a bot's)."""


@dataclass(frozen=True)
class Banner:
    """The line above the table, for one reader.

    ``headline`` says what is happening ("Ann is looking for the picture of ‘apple’"),
    ``prompt`` what the reader may do now (``None`` when nothing), ``turn`` the seat whose turn
    it is (its name and colour are shown), ``waiting`` the seats the game waits for when
    several may act at once (secret votes, the chains).
    """

    headline: Text
    prompt: Text | None = None
    turn: int | None = None
    waiting: tuple[int, ...] = ()


@dataclass(frozen=True)
class Moment:
    """A rule met for the first time in a game: its key, one per rule (``"syncope"``), and a
    short explanation the table shows once."""

    rule: str
    explanation: Text


class Narrator(Protocol):
    """A game's sentences. Pure: the same arguments say the same thing."""

    def narrate(self, event: Event, by: int | None, names: Names) -> Text | None:
        """The sentence of one event (``by``: the seat whose action made it, ``None`` for a
        step nobody took), or ``None`` when the event says nothing worth a line."""
        ...

    def banner(
        self, view: JsonObject, context: JsonObject, seat: int | None, names: Names
    ) -> Banner:
        """The banner for ``seat`` (``None``: a spectator) from its view and the kernel's
        context (``engine.context``)."""
        ...

    def moment(self, event: Event) -> Moment | None:
        """The rule an event shows at work, when a newcomer needs it explained."""
        ...


def together(names: Sequence[str]) -> Text:
    """Names joined as a sentence says them.

    >>> together(["Ann", "Bob", "Olya"])
    'Ann, Bob and Olya'
    >>> together(["Ann"])
    'Ann'

    A name that is itself a ``Text`` (a bot's) stays one, to be translated with the rest.
    """
    if len(names) <= 1:
        return Text("{name}", name=names[0] if names else "")
    return Text("{names} and {last}", names=_commas(names[:-1]), last=names[-1])


def _commas(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return Text("{first}, {rest}", first=names[0], rest=_commas(names[1:]))


_LEVELS = {
    "random": Text("random"),
    "easy": Text("easy"),
    "medium": Text("medium"),
    "hard": Text("hard"),
}
"""The bot levels every game has, as people read them."""


def bot_name(level: str) -> Text:
    """A bot's name as sentences and the banner say it: its level in the reader's language.

    >>> from igroteka.i18n import translate
    >>> bot_name("easy"), translate(bot_name("easy"), "uk"), translate(bot_name("easy"), "ru")
    ('Bot (easy)', 'Бот (легкий)', 'Бот (лёгкий)')
    """
    return Text("Bot ({level})", level=_LEVELS.get(level, level))


class PlainNarrator:
    """Whose turn it is, from the context alone; no sentence for any event."""

    def narrate(self, event: Event, by: int | None, names: Names) -> Text | None:
        return None

    def banner(
        self, view: JsonObject, context: JsonObject, seat: int | None, names: Names
    ) -> Banner:
        if context.get("outcome") is not None:
            return Banner(Text("The game is over"))
        awaited = [int(s) for s in context.get("awaited", [])]
        if len(awaited) > 1:
            waiting = tuple(awaited)
            if seat in awaited:
                others = [names[s] for s in awaited if s != seat]
                return Banner(
                    Text("Your move; waiting for {names} too", names=together(others)),
                    turn=None,
                    waiting=waiting,
                )
            return Banner(
                Text("Waiting for {names}", names=together([names[s] for s in awaited])),
                waiting=waiting,
            )
        if not awaited:
            return Banner(Text("Please wait"))
        turn = awaited[0]
        if turn == seat:
            return Banner(Text("Your turn"), turn=turn)
        return Banner(Text("{name}’s turn", name=names[turn]), turn=turn)

    def moment(self, event: Event) -> Moment | None:
        return None


PLAIN: Narrator = PlainNarrator()
"""The narrator of a game that has none of its own."""
