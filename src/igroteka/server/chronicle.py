"""What a room tells of itself in sentences: the banner, the move log and the rules met.

A :class:`Chronicle` keeps, for the whole game, the events of every accepted action with
the seat that acted (rebuilt from the log when the room is), and the room's own lines
("Bob took seat 2", "Bob is back"). Each reader is told only what its seat may see: the
game's narrator speaks of the events ``events_for`` gives that seat, and the banner comes
from that seat's view and the kernel's context, never from the state. Sentences stay
:class:`~igroteka.i18n.Text` until the edge says them in the reader's language.

>>> from igroteka.engine import Event
>>> chronicle = Chronicle()
>>> chronicle.room(0, Text("The game started"))
>>> chronicle.game(1, 0, (Event("flip", {"position": 3}),))
>>> log_json(chronicle.recent(None), "uk")
[{'seq': 0, 'text': 'Гра почалася'}]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from igroteka.engine import Event, JsonObject
from igroteka.engine.narration import PLAIN, Banner, Moment, Names, Narrator
from igroteka.i18n import Text, translate

__all__ = [
    "RECENT",
    "ROOM_LINES",
    "SAID",
    "Chronicle",
    "Line",
    "banner_json",
    "log_json",
    "moments_json",
]

RECENT = 100
"""How many lines of the log a connection is welcomed with."""
ROOM_LINES = 1000
"""The most room lines a room keeps (a game's own lines are bounded by its length)."""
SAID = 2
"""How many of the newest entries' sentences a chronicle keeps, said once for every seat."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the log: the seq it was said at, and the sentence."""

    seq: int
    text: Text


@dataclass(frozen=True, slots=True)
class _Entry:
    seq: int
    by: int | None
    events: tuple[Event, ...] = ()
    line: Text | None = None
    """A room line (public), instead of events."""


class Chronicle:
    """The events and room lines of a room, told to each seat as it may hear them."""

    def __init__(self, narrator: Narrator = PLAIN, names: Names = ()) -> None:
        self.narrator = narrator
        self.names: Names = names
        """Every seat's name, set when the game starts (a bot's is a Text)."""
        self.entries: list[_Entry] = []
        self.room_lines = 0
        self._said: dict[int, tuple[tuple[Text | None, Moment | None], ...]] = {}
        """The sentence and the moment of each event of the newest entries told (at most
        :data:`SAID`), by the entry's ``id``: the narrator is pure, so an event is narrated
        once, however many seats hear it."""
        self._said_with: Names = names
        """The names the sentences in ``_said`` were said with."""

    def game(self, seq: int, by: int | None, events: tuple[Event, ...]) -> None:
        """The events of action ``seq`` − 1, taken by seat ``by``."""
        if events:
            self.entries.append(_Entry(seq, by, events))

    def room(self, seq: int, line: Text) -> None:
        """A line of the room's own, for everyone (at most :data:`ROOM_LINES` kept)."""
        if self.room_lines >= ROOM_LINES:
            return
        self.room_lines += 1
        self.entries.append(_Entry(seq, None, line=line))

    def lines(self, entries: Iterable[_Entry], seat: int | None, keep: bool = True) -> list[Line]:
        """The sentences of entries that a seat (None: a spectator) may hear (``keep``: kept
        for the other seats, as the newest entries' are)."""
        said = []
        for entry in entries:
            if entry.line is not None:
                said.append(Line(entry.seq, entry.line))
                continue
            for text, _ in self._told(entry, seat, keep):
                if text is not None:
                    said.append(Line(entry.seq, text))
        return said

    def _told(
        self, entry: _Entry, seat: int | None, keep: bool = True
    ) -> Iterable[tuple[Text | None, Moment | None]]:
        """The sentence and the moment of each event of an entry that a seat may see (those
        ``events_for`` gives it), each said once for every seat of an update.

        Only the newest entries' are kept (:data:`SAID`): a sentence kept for the whole game
        would outlive the garbage collector's young generation, and every room's sentences
        of every turn would then be scanned in its older collections (their pauses are the
        slowest updates). A welcome says the older lines afresh (``keep`` False)."""
        if self.names is not self._said_with:  # the seats' names changed: say it all again
            self._said.clear()
            self._said_with = self.names
        said = self._said.get(id(entry))
        if said is None:
            narrator, names = self.narrator, self.names
            said = tuple(
                (narrator.narrate(event, entry.by, names), narrator.moment(event))
                for event in entry.events
            )
            if keep:
                self._said[id(entry)] = said
                if len(self._said) > SAID:
                    del self._said[next(iter(self._said))]
        if all(event.to is None for event in entry.events):
            return said  # all public: the common case
        told = zip(entry.events, said, strict=True)
        return [both for event, both in told if event.visible_to(seat)]

    def since(self, start: int, seat: int | None) -> list[Line]:
        """The lines of the entries from index ``start`` on."""
        return self.lines(self.entries[start:], seat)

    def recent(self, seat: int | None, count: int = RECENT) -> list[Line]:
        """The last ``count`` lines a seat may hear (the welcome's)."""
        found: list[Line] = []
        for entry in reversed(self.entries):
            found[:0] = self.lines((entry,), seat, keep=False)
            if len(found) >= count:
                break
        return found[-count:]

    def moments(self, start: int, seat: int | None) -> list[JsonObject]:
        """The rules the entries from index ``start`` show at work, once each (untranslated)."""
        found: dict[str, Text] = {}
        for entry in self.entries[start:]:
            if entry.line is not None:
                continue
            for _, moment in self._told(entry, seat):
                if moment is not None:
                    found.setdefault(moment.rule, moment.explanation)
        return [{"rule": rule, "explanation": text} for rule, text in found.items()]

    def banner(self, view: JsonObject, context: JsonObject, seat: int | None) -> Banner:
        """The banner for a seat, from its view and the context (untranslated)."""
        return self.narrator.banner(view, context, seat, self.names)


def log_json(lines: Sequence[Line], lang: str) -> list[JsonObject]:
    """Lines as the wire carries them: ``{seq, text}``, the text in ``lang``."""
    return [{"seq": line.seq, "text": translate(line.text, lang)} for line in lines]


def moments_json(moments: Sequence[JsonObject], lang: str) -> list[JsonObject]:
    """Moments as the wire carries them: ``{rule, explanation}`` in ``lang``."""
    return [{**m, "explanation": translate(m["explanation"], lang)} for m in moments]


def banner_json(banner: Banner, deadline: float | None, lang: str) -> JsonObject:
    """A banner as the wire carries it, in ``lang``: ``{headline, prompt, turn, waiting,
    deadline}``."""
    prompt = banner.prompt
    return {
        "headline": translate(banner.headline, lang),
        "prompt": translate(prompt, lang) if prompt is not None else None,
        "turn": banner.turn,
        "waiting": list(banner.waiting),
        "deadline": deadline,
    }
