"""The pace of a room: its bots, the stand-ins for people who are not playing, its timed steps.

A room's game moves on by itself when no person is needed: the bots act, the
game's automatic step is taken (revealed cards turned back after everyone had
a look), and a bot stands in for a person who has gone (no connection for
``away`` seconds) or whose turn timer has run out. One background task per
room does it, in the one order of :mod:`igroteka.engine.schedule`, as
``play_out`` does: before each step the bots the game does not wait for are
offered their chance (a Chaos during another's turn); then the automatic step
is taken after the pause the room's game chose (``Game.pause``: a room's reveal
time), or ``pause`` seconds when it chose none, or ``reveal`` seconds in every room when
the server is told so, or the lowest awaited bot acts after ``bot``
seconds, or a stand-in once its person's time is up. Each step takes the
room's lock and goes through :meth:`Authority.commit`; a person acting or
coming or going meanwhile makes the task think again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from igroteka.engine import Agent, Event, IllegalAction, events_for
from igroteka.engine.schedule import Step, next_step, offered_seats
from igroteka.games import Entry
from igroteka.i18n import Text
from igroteka.server.authority import Authority
from igroteka.server.limits import Expiry, Limits
from igroteka.store import Seat

__all__ = ["Pacing", "Settings"]


@dataclass(frozen=True)
class Settings:
    """How a server paces its rooms (seconds), whether it takes chosen seeds, and which pages
    may open its websockets."""

    reveal: float | None = None
    """How long revealed cards stay up in every room, whatever the room chose (tests, demos:
    ``igroteka serve --reveal``); None: each room's own choice (``Game.pause``)."""
    pause: float = 2.0
    """How long a room waits before an automatic step its game gives no time for."""
    bot: float = 0.6
    """How long a bot waits before each of its actions, so that people can follow."""
    away: float = 30.0
    """How long a player may be gone (no connection) before a bot plays for them."""
    join: float = 10.0
    """How long a new websocket may take to send its join before it is refused and closed
    (``no-join``): a connection that never says who it is holds nothing for long."""
    chosen_seeds: bool = False
    """Whether a room may be made with a seed its creator chose (tests, local development):
    the seed gives the whole layout, so a server for others draws every seed itself."""
    origins: tuple[str, ...] = ()
    """The origins (``https://host[:port]``) whose pages may open a websocket besides the
    server's own: a browser's page elsewhere is refused (``igroteka serve --origin``)."""
    public_url: str | None = None
    """The address (an origin) others open this server at, ``igroteka serve --public-url``:
    every invite link and move link is made on it (server/invites.py)."""
    addresses: tuple[str, ...] = ()
    """The addresses (origins) others on this machine's networks may open it at, found by
    ``igroteka serve`` when it listens on them all (``--host 0.0.0.0``): a link handed out
    from a page only this machine can open (127.0.0.1) is made on the first."""
    limits: Limits = field(default_factory=Limits)
    """The rate limits and bounds of the server (server/limits.py)."""
    expiry: Expiry = field(default_factory=Expiry)
    """How long finished and abandoned rooms stay, in memory and in the store."""


class Pacing:
    """The bots of a started room, the stand-ins of its people, and its turn timer."""

    def __init__(
        self,
        authority: Authority,
        found: Entry,
        seats: list[Seat],
        seed: int,
        settings: Settings,
        turn_timer: float | None,
        absent: Iterable[int] = (),
    ) -> None:
        self.authority = authority
        self.workers = authority.workers
        """Where the bots think, the authority's (worker processes: a long search stalls no
        other room)."""
        self.settings = settings
        self.turn_timer = turn_timer
        self.bots: dict[int, Agent[Any]] = {
            seat.seat: found.make_bot(seat.level, seat.seat, seed)
            for seat in seats
            if seat.kind == "bot"
        }
        standin = found.declaration.standin
        self.standins: dict[int, Agent[Any]] = {
            seat.seat: found.make_bot(standin, seat.seat, seed + 1)
            for seat in seats
            if seat.kind == "person"
        }
        """A bot for every person's seat, told everything that seat sees, ready to stand in."""
        now = time.monotonic()
        self.gone_since: dict[int, float] = {seat: now for seat in absent if seat in self.standins}
        """Since when (monotonic) each person's seat has had no connection."""
        self.replaced: set[int] = set()
        """The person's seats a stand-in has played since their person went (the log said so)."""
        self.turn_since = time.monotonic()
        """When the last action was taken: the turn timer counts from there."""
        self.turn_began = time.time()
        """The same moment by the wall clock, for the deadline players are told."""
        self._task: asyncio.Task[None] | None = None
        self._poked = asyncio.Event()

    # -- what the bots hear (the authority's listener)

    def observe(self, events: tuple[Event, ...]) -> None:
        """An action was taken: the bots and stand-ins see what their seats may, and the turn
        timer starts again."""
        self.turn_since, self.turn_began = time.monotonic(), time.time()
        for agents in (self.bots, self.standins):
            for seat, bot in agents.items():
                visible = events_for(events, seat)
                if visible:
                    bot.observe(visible)

    def deadline(self) -> float | None:
        """When the turn timer runs out (epoch seconds), while it runs for an awaited person."""
        if not self.turn_timer:
            return None
        match = self.authority.match
        if (
            match.outcome() is not None
            or not match.game.awaited(match.state) & self.standins.keys()
        ):
            return None
        return self.turn_began + self.turn_timer

    # -- who is here

    def arrived(self, seat: int) -> bool:
        """A person's seat has a connection again: True when a stand-in had played for them
        (the log says they are back)."""
        self.gone_since.pop(seat, None)
        self.wake()
        if seat in self.replaced:
            self.replaced.discard(seat)
            return True
        return False

    def gone(self, seat: int) -> None:
        """A person's seat has no connection left: a bot plays it after ``away`` seconds."""
        if seat in self.standins:
            self.gone_since.setdefault(seat, time.monotonic())
        self.wake()

    def _standin_due(self, seat: int) -> float | None:
        """When a bot stands in for a person's awaited seat: they have gone, or their time is up."""
        times = []
        if seat in self.gone_since:
            times.append(self.gone_since[seat] + self.settings.away)
        if self.turn_timer:
            times.append(self.turn_since + self.turn_timer)
        return min(times) if times else None

    # -- the background task

    def wake(self) -> None:
        """Make sure the room's task looks for an offer, a timed step or a bot's move."""
        if self._task is not None and not self._task.done():
            self._poked.set()
            return
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _offers(self) -> bool:
        """Offer each bot that may act but is not awaited the chance; True if one acted."""
        match = self.authority.match
        game, state = match.game, match.state
        for seat in offered_seats(game, state):
            bot = self.bots.get(seat)
            if bot is None:
                continue
            offered, self.bots[seat] = await self.workers.offer(bot, game.view(state, seat))
            if offered is not None and await self._commit(seat, offered, self.bots[seat]):
                return True
        return False

    async def _commit(
        self, seat: int, action: Any, agent: Agent[Any], lines: tuple[Text, ...] = ()
    ) -> bool:
        try:
            await self.authority.commit(seat, action, lines)
            return True
        except IllegalAction as error:
            agent.refused(error.reason)  # a bot's illegal action is a bug: it raises
            return False

    def pause(self) -> float:
        """How long the room waits before the automatic step due now: the server's ``reveal``
        when it is set, else the pause the game chose (a room option), else ``pause``."""
        if self.settings.reveal is not None:
            return self.settings.reveal
        match = self.authority.match
        chosen = match.game.pause(match.state)
        return self.settings.pause if chosen is None else chosen

    def _delay(self, step: Step) -> float | None:
        """How long until the step no person takes (a timed step, a bot's move, a bot standing
        in for a person), or None when the game waits for people only."""
        if step.kind == "over":
            return None
        if step.kind == "automatic":
            return self.pause()
        if set(step.seats) & self.bots.keys():
            return self.settings.bot
        due = [d for seat in step.seats if (d := self._standin_due(seat)) is not None]
        return max(0.0, min(due) - time.monotonic()) if due else None

    async def _take(self, step: Step) -> None:
        """Take the step once its time has come (the lock held, nothing acted meanwhile);
        a bot thinks in a worker, and comes back as it went on."""
        match = self.authority.match
        game, state = match.game, match.state
        if step.kind == "automatic":
            await self.authority.commit(step.seats[0], step.action)
            return
        for seat in step.seats:  # lowest first
            if seat in self.bots:
                chosen, bot = await self.workers.choose(self.bots[seat], game.view(state, seat))
                self.bots[seat] = bot
                await self._commit(seat, chosen, bot)
                return
        now = time.monotonic()
        for seat in step.seats:
            due = self._standin_due(seat)
            if due is not None and due <= now and seat in self.standins:
                view = game.view(state, seat)
                chosen, standin = await self.workers.choose(self.standins[seat], view)
                self.standins[seat] = standin
                await self._commit(seat, chosen, standin, self._why_standin(seat, now))
                return

    def _why_standin(self, seat: int, now: float) -> tuple[Text, ...]:
        """The log's line when a stand-in plays: its person has gone (said once until they
        are back), or their turn timer ran out (said each time)."""
        name = self.authority.chronicle.names[seat]
        gone = self.gone_since.get(seat)
        if gone is not None and gone + self.settings.away <= now:
            if seat in self.replaced:
                return ()
            self.replaced.add(seat)
            return (Text("{name} left; a bot plays for them until they are back", name=name),)
        return (Text("{name}’s time ran out: a bot moved for them", name=name),)

    async def _run(self) -> None:
        authority = self.authority
        while True:
            async with authority.lock:
                if authority.outcome() is not None:
                    return
                if await self._offers():
                    continue
                step = next_step(authority.match.game, authority.match.state)
                delay = self._delay(step)
                if delay is None:
                    return
                seq = authority.seq
                self._poked.clear()
            with contextlib.suppress(TimeoutError):  # a poke: someone came or went, think again
                await asyncio.wait_for(self._poked.wait(), delay)
                continue
            async with authority.lock:
                if authority.seq == seq and authority.outcome() is None:
                    await self._take(step)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
