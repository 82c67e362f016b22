"""The authority of a room: the one judge of its game, and the one voice that tells of it.

Every action goes through :meth:`Authority.commit`, a person's from a
websocket, a bot's, or the game's timed step: the rules apply it, the store
commits it, and only then does anyone hear of it. Each connection is told its
own seat's view and the events that seat may see, beside the kernel's context
(``seq``, ``actors``, ``awaited``, ``phase``, ``outcome``, ``deadline``).

A person's action carries the ``seq`` of the view it was chosen on. Freshness
is judged per seat: the authority keeps the recent states by seq, and accepts
an action chosen on an older view when what the choice rests on
(``game.basis``) is the same then and now. So two players answering the same
question at once are both accepted, in the order they arrive, while a flip
aimed at a card that a Chaos has since moved is refused: "the table changed:
look again". An action may carry an ``id``: a repeated id is answered with the
same acknowledgement and is not applied again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from igroteka.engine import Event, IllegalAction, JsonObject, Match, Outcome, codec, events_for
from igroteka.engine.context import context
from igroteka.engine.narration import Banner
from igroteka.engine.record import LoggedAction
from igroteka.i18n import DEFAULT, Text, translate
from igroteka.server.chronicle import Chronicle, banner_json, log_json, moments_json
from igroteka.server.committer import Committer
from igroteka.server.errors import RoomError
from igroteka.server.limits import BEHIND, QUEUE
from igroteka.server.workers import Workers
from igroteka.store import ActionConflict, Appended, Store, StoreError

__all__ = [
    "ID_LENGTH",
    "REMEMBERED",
    "WINDOW",
    "Authority",
    "Connection",
    "Listener",
    "outcome_json",
]

WINDOW = 64
"""How many recent states the authority keeps: an action chosen on an older view is stale."""
REMEMBERED = 64
"""How many accepted action ids the authority remembers per seat."""
ID_LENGTH = 64
"""The longest id an action may carry (characters)."""


@dataclass(eq=False)
class Connection:
    """One websocket: the seat it plays (None: a spectator), the language its person reads,
    and its outgoing messages, at most ``limit`` of them.

    Sending never waits: a client that reads slower than its room plays would make
    the server hold every update for it. When ``limit`` messages wait already, the
    queue is emptied and the connection is to be closed (``closing``: :data:`BEHIND`);
    the client reconnects and is welcomed with the view of now.

    Where the socket allows it (``direct``, set by sockets.py), a message that nothing
    waits before is written at once, if its socket can take it now, without waking the
    connection's writer: the loop's own cost of a message, once per reader of an update.
    Only a message the socket cannot take now is queued, for the writer to send when it can.
    """

    seat: int | None
    lang: str = DEFAULT
    limit: int = QUEUE
    queue: deque[JsonObject | str] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when there is something to send, or the connection is to be closed."""
    closing: int | None = None
    """The close code, once the connection is to be closed."""
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the connection is to be closed."""
    direct: Callable[[str], bool] | None = None
    """Writes a message's text to the socket if the socket can take it now (True), else
    writes nothing (False); None: every message goes through the writer."""

    def send(self, message: JsonObject | str) -> None:
        """Send a message (an object, or its JSON text already: one encoding for many): at
        once where it can be (``direct``), else queued for the writer, in order."""
        if self.closing is not None:
            return
        if not self.queue and self.direct is not None:  # nothing waits before it
            text = message if isinstance(message, str) else codec.message(message)
            if self.direct(text):
                return
            message = text
        if len(self.queue) >= self.limit:
            self.queue.clear()  # held for nobody from now on
            self.close(BEHIND)
            return
        self.queue.append(message)
        self.ready.set()

    def close(self, code: int) -> None:
        """Close the connection with ``code`` (its writer sends nothing more)."""
        if self.closing is None:
            self.closing = code
        self.ready.set()
        self.closed.set()

    async def next(self) -> JsonObject | str | None:
        """The next message to send, waiting for one; None once the connection is closing.
        It stays first in the queue until :meth:`sent` (nothing is written before it)."""
        while not self.queue:
            if self.closing is not None:
                return None
            self.ready.clear()
            await self.ready.wait()
        if self.closing is not None:
            return None
        return self.queue[0]

    def sent(self) -> None:
        """The message :meth:`next` gave has been written."""
        if self.queue:
            self.queue.popleft()


def outcome_json(outcome: Outcome, lang: str) -> JsonObject:
    """An outcome as the context holds it, its reason in ``lang``."""
    return {**outcome.to_json(), "reason": translate(outcome.reason, lang)}


class Listener(Protocol):
    """Who hears of every action besides the connections: the room's bots (``pacing``)."""

    def observe(self, events: tuple[Event, ...]) -> None:
        """Events of an accepted action, to be filtered per seat."""

    def deadline(self) -> float | None:
        """When the turn timer of the awaited person runs out (epoch seconds), if it runs."""


class _Nobody:
    def observe(self, events: tuple[Event, ...]) -> None:
        pass

    def deadline(self) -> float | None:
        return None


class Authority:
    """A started game: its match, the connections told of it, and what keeps choices fresh.

    ``stopped`` is the outcome of a game that an update stopped: its log no
    longer replays, so the match is kept as far as it does, and it is over.
    """

    def __init__(
        self,
        room_id: str,
        match: Match[Any, Any],
        store: Store,
        connections: set[Connection],
        workers: Workers,
        committer: Committer,
        chronicle: Chronicle | None = None,
    ) -> None:
        self.room_id = room_id
        self.match = match
        self.store = store
        self.workers = workers
        self.committer = committer
        self.connections = connections
        self.chronicle = chronicle if chronicle is not None else Chronicle()
        """The game's events by seq and the room's lines: the move log, the banner."""
        self.stopped: Outcome | None = None
        self.listener: Listener = _Nobody()
        self.lock = asyncio.Lock()
        """Held for every action and every step of the room's bots."""
        self.recent: dict[int, Any] = {}
        """The states of the last :data:`WINDOW` seqs (immutable values)."""
        self.acks: dict[int, OrderedDict[str, JsonObject]] = {}
        """The acknowledgements of the last ids accepted from each seat."""
        self._replayed: list[tuple[Any, tuple[Event, ...]]] | None = None
        self.conflicted: Callable[[], None] = lambda: None
        """Called when the store holds this action's number already: another process wrote
        it, and plays the room now (this one's game is behind)."""
        self.remember()

    # -- what the game is now

    @property
    def seq(self) -> int:
        """How many actions have been accepted."""
        return len(self.match.log)

    def outcome(self) -> Outcome | None:
        """How the game ended (or was stopped), or None while it goes on."""
        return self.stopped or self.match.outcome()

    def context(self, lang: str = DEFAULT) -> JsonObject:
        """The kernel's context of the game now, its outcome's reason in ``lang``."""
        return self._in(self._context(), lang)

    def _context(self) -> JsonObject:
        match = self.match
        return context(match.game, match.state, self.seq, self.listener.deadline())

    def _in(self, told: JsonObject, lang: str) -> JsonObject:
        """The context ``told`` (of now) with the outcome's reason in ``lang``."""
        outcome = self.outcome()
        if outcome is None:
            return told
        return {**told, "outcome": outcome_json(outcome, lang)}

    def told(self, seat: int | None, lang: str) -> JsonObject:
        """What a connection is told of the game now: ``seq``, ``context``, ``view`` and the
        ``banner`` above its table."""
        told = self.context(lang)
        view = self.match.view(seat)
        banner = banner_json(self.banner(view, told, seat), told["deadline"], lang)
        return {"seq": self.seq, "context": told, "view": view, "banner": banner}

    def banner(self, view: JsonObject, told: JsonObject, seat: int | None) -> Banner:
        """The banner of a seat (None: a spectator) from its view and the context."""
        return self.chronicle.banner(view, told, seat)

    def remember(self) -> None:
        """Keep the state now by its seq, and forget the oldest beyond the window."""
        self.recent[self.seq] = self.match.state
        self.recent.pop(self.seq - WINDOW, None)

    # -- a person's action

    async def act(self, seat: int, data: Any, seq: Any, action_id: Any = None) -> JsonObject:
        """A person's action for their seat: its acknowledgement, or RoomError (nothing changed)."""
        async with self.lock:
            return await self.accept(seat, data, seq, action_id)

    async def accept(self, seat: int, data: Any, seq: Any, action_id: Any = None) -> JsonObject:
        """Judge an action and commit it (the lock held): the ``ack`` for its sender."""
        if action_id is not None:
            if not isinstance(action_id, str) or not 0 < len(action_id) <= ID_LENGTH:
                raise RoomError(
                    Text("an action's id is text of 1 to {count} characters", count=ID_LENGTH),
                    "bad-id",
                )
            acked = self.acks.get(seat)
            if acked is not None and action_id in acked:
                return acked[action_id]  # sent twice: applied once, acknowledged again
        action = self.judge(seat, data, seq)
        try:
            await self.commit(seat, action)
        except IllegalAction as error:
            raise RoomError(error.reason, "illegal") from None
        ack: JsonObject = {"type": "ack", "id": action_id, "seq": self.seq}
        if action_id is not None:
            kept = self.acks.setdefault(seat, OrderedDict())
            kept[action_id] = ack
            if len(kept) > REMEMBERED:
                kept.popitem(last=False)
        return ack

    async def check(self, seat: int, data: Any, check_id: Any) -> JsonObject:
        """Judge an action without applying it (a chain being built, link by link): the
        ``checked`` answer, whose reason is still to be said in the asker's language.
        Nothing changes, nothing is stored or told; only a seat that may act now asks."""
        if not isinstance(check_id, str) or not 0 < len(check_id) <= ID_LENGTH:
            raise RoomError(
                Text("a check's id is text of 1 to {count} characters", count=ID_LENGTH),
                "bad-id",
            )
        outcome = self.outcome()
        if outcome is not None:
            raise RoomError(outcome.reason if self.stopped else Text("the game is over"), "over")
        game, state = self.match.game, self.match.state
        if seat not in game.actors(state):
            raise RoomError(Text("it is not your turn"), "not-your-turn")
        answer: JsonObject = {"type": "checked", "id": check_id, "ok": True}
        try:
            await self.workers.check(game, state, seat, game.decode_action(data))
        except IllegalAction as error:
            answer.update(ok=False, reason=error.reason)
            if error.detail is not None:
                answer["detail"] = dict(error.detail)
        return answer

    def judge(self, seat: int, data: Any, seq: Any) -> Any:
        """The action, once it may be tried: the game goes on, the seat may act, and the view
        it was chosen on differs from now in nothing the choice rests on."""
        outcome = self.outcome()
        if outcome is not None:
            raise RoomError(outcome.reason if self.stopped else Text("the game is over"), "over")
        now = self.seq
        if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= now:
            raise RoomError(
                Text("an action carries the seq of the view it was chosen on"), "bad-seq"
            )
        game, state = self.match.game, self.match.state
        if seat not in game.actors(state):
            raise RoomError(Text("it is not your turn"), "not-your-turn")
        try:
            action = game.decode_action(data)
        except IllegalAction as error:
            raise RoomError(error.reason, "illegal") from None
        if seq < now:
            then = self.recent.get(seq)
            if then is None or game.basis(then, seat, action) != game.basis(state, seat, action):
                raise RoomError(Text("the table changed: look again"), "stale")
        return action

    # -- the one path of every action

    async def commit(
        self, seat: int, action: Any, lines: tuple[Text, ...] = ()
    ) -> tuple[Event, ...]:
        """Apply, store, then tell: the one path of every accepted action (the lock held).

        1. *apply*: the rules check the action and make the next state
           (:class:`IllegalAction` when they refuse it: nothing changed), through
           the workers (on the loop unless ``APPLY_IN_WORKERS``: see workers.py);
        2. *store*: the committer stores the action, grouped with other rooms'
           actions, before the match changes (if that fails, nothing changed
           either: RoomError ``not-stored``);
        3. *tell*: the bots observe the events their seats may see, and each
           connection gets its seat's view, its events and the context, with the
           banner, the sentences of its events and ``lines`` of the room's own (a bot stands
           in), said before them.
        """
        match = self.match
        state, events = await self.workers.apply(match.game, match.state, seat, action)
        logged = LoggedAction(seat, match.game.encode_action(action))
        ends = match.game.outcome(state) is not None
        stored = Appended(self.room_id, self.seq, seat, logged.action, ends)
        # once stored, it is applied and told even if the caller is cancelled meanwhile
        committed = self.committer.submit(stored)
        committed.add_done_callback(partial(self._stored, state, logged, events, lines))
        try:
            await asyncio.shield(committed)
        except StoreError as error:  # not stored: not applied, and said as a refusal
            raise RoomError(
                Text("the action could not be stored: try again"), "not-stored"
            ) from error
        return events

    def _stored(
        self,
        state: Any,
        logged: LoggedAction,
        events: tuple[Event, ...],
        lines: tuple[Text, ...],
        committed: asyncio.Future[None],
    ) -> None:
        """Once the action's transaction is over: the match takes it and everyone is told
        (run by the loop as the commit ends, before its caller resumes, whether or not the
        caller still waits: no task of its own per action)."""
        if committed.cancelled():
            return
        error = committed.exception()
        if error is not None:  # not stored: nothing changed (the caller says why)
            if isinstance(error, ActionConflict):  # another process plays the room now
                self.conflicted()
            return
        self.match.adopt(state, logged)  # once the store has it
        self.remember()
        self.listener.observe(events)
        start = len(self.chronicle.entries)
        for line in lines:
            self.chronicle.room(self.seq, line)
        self.chronicle.game(self.seq, logged.seat, events)
        self.broadcast(events, start)

    def broadcast(self, events: tuple[Event, ...], start: int) -> None:
        """Each connection's update: its seat's view and events, the context in its language,
        the banner and the log's new lines (the chronicle's entries from ``start`` on).

        Each part is made once for all who share it: the context once per language, the
        view, the events, the lines and the moments once per seat (their sentences once per
        language: see ``Chronicle``), and each seat's message is encoded once per language, in
        one call, however many connections (a seat's devices, the spectators) read it.
        """
        match = self.match
        chronicle = self.chronicle
        now = self._context()
        contexts: dict[str, JsonObject] = {}
        seen: dict[int | None, tuple[JsonObject, list[JsonObject], list[Any], list[Any]]] = {}
        texts: dict[tuple[int | None, str], str] = {}  # one encoding per seat and language
        seq = self.seq
        for connection in self.connections:
            seat, lang = connection.seat, connection.lang
            text = texts.get((seat, lang))
            if text is None:
                told = contexts.get(lang)
                if told is None:
                    told = contexts[lang] = self._in(now, lang)
                if seat not in seen:  # once per seat: its view, events, lines and moments
                    seen[seat] = (
                        match.view(seat),
                        [event.to_json() for event in events_for(events, seat)],
                        chronicle.since(start, seat),
                        chronicle.moments(start, seat),
                    )
                view, shown, lines, moments = seen[seat]
                banner = self.banner(view, told, seat)
                text = texts[seat, lang] = codec.message(
                    {
                        "type": "update",
                        "seq": seq,
                        "context": told,
                        "view": view,
                        "events": shown,
                        "banner": banner_json(banner, told["deadline"], lang),
                        "log": log_json(lines, lang),
                        "moments": moments_json(moments, lang),
                    }
                )
            connection.send(text)

    # -- the replay of a finished game

    async def replay_step(self, step: int, lang: str = DEFAULT) -> JsonObject:
        """A spectator's view after ``step`` actions of a finished game, that step's events and
        their sentences in ``lang``, and the banner then (the game is replayed once, in a
        worker)."""
        match = self.match
        if self.outcome() is None:
            raise RoomError(Text("a game can be replayed once it is over"), "not-over")
        if self._replayed is None:
            self._replayed = await self.workers.steps(match.game, match.record(), match.versions)
        if not 0 <= step < len(self._replayed):
            raise RoomError(
                Text("the game has steps 0 to {last}", last=len(self._replayed) - 1), "no-step"
            )
        state, events = self._replayed[step]
        by = match.log[step - 1].seat if step else None
        view = match.game.view(state, None)
        then = context(match.game, state, step)
        chronicle = self.chronicle
        said = Chronicle(chronicle.narrator, chronicle.names)
        said.game(step, by, events)
        return {
            "step": step,
            "steps": len(self._replayed) - 1,
            "seat": by,
            "view": view,
            "events": [event.to_json() for event in events_for(events, None)],
            "log": log_json(said.recent(None), lang),
            "banner": banner_json(self.banner(view, then, None), None, lang),
        }
