"""Positions of games for the server's tests: played offline, then written into a store as rooms
whose every seat is a person's, so that a test starts a server right where it wants to be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from igroteka.engine import Match
from igroteka.engine.schedule import next_step
from igroteka.games import entry, versions
from igroteka.server.lobby import digest
from igroteka.store import Room, Seat, Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eva", "Fil"]


def token(seat_number: int) -> str:
    return f"token-of-seat-{seat_number}-that-nobody-guesses"


def played_until(
    game: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    done: Callable[[Match[Any, Any]], bool],
) -> Match[Any, Any]:
    """A match played by easy bots (the game's own order of steps) until ``done``."""
    found = entry(game)
    match = Match.start(found.game, NAMES[:players], options, seed)
    bots = {s: found.make_bot("easy", s, 11) for s in range(players)}
    while not done(match):
        step = next_step(found.game, match.state)
        assert step.kind != "over", "the game ended first"
        if step.kind == "automatic":
            match.play(step.seats[0], step.action)
            continue
        chooser = step.seats[0]
        events = match.play(chooser, bots[chooser].choose(match.view(chooser)))
        for s, bot in bots.items():
            bot.observe([e for e in events if e.visible_to(s)])
    return match


def store_rooms(url: str, match: Match[Any, Any], ids: list[str]) -> None:
    """Rooms that have played ``match``'s log so far, every seat a person's (see ``token``)."""
    store = Store(url)
    for room_id in ids:
        room = Room(
            room_id,
            match.game.name,
            match.options,
            match.seed,
            len(match.players),
            0.0,
            {"versions": versions(match.game.name)},
            started=True,
        )
        room.seats = [
            Seat(n, "person", name, "", digest(token(n))) for n, name in enumerate(match.players)
        ]
        store.create_room(room)
        for number, logged in enumerate(match.log):
            store.append_action(room_id, number, logged.seat, logged.action)
    store.close()


def letters_with_prizes(done: Callable[[Any, Any], bool]) -> Match[Any, Any]:
    """A game of Klepka letters for three, played until ``done(game, state)``."""
    options = {"pairs": 10, "chaos": 6, "exchange": 6, "starter": 0}
    for seed in range(1, 40):
        try:
            return played_until("letters", options, 3, seed, lambda m: done(m.game, m.state))
        except AssertionError:
            continue
    raise AssertionError("no seed gives the position wanted")


def plays(game: Any, state: Any, seat: int, kind: str) -> list[Any]:
    legal = game.legal_actions(state, seat) or []
    return [a for a in legal if type(a).__name__ == kind]


def chaos_in_my_turn(game: Any, state: Any) -> bool:
    """Seat 0 is to flip, and seat 1 may play a Chaos."""
    return (
        game.phase(state) in ("compose", "flip")
        and game.awaited(state) == {0}
        and bool(plays(game, state, 1, "Chaos"))
    )


def moved_by_chaos(match: Match[Any, Any]) -> int:
    """A position whose card seat 1's Chaos moves: a flip there rests on another card after it."""
    game, before = match.game, match.state
    after, _ = game.apply(before, 1, plays(game, before, 1, "Chaos")[0])
    return next(
        p
        for p in range(len(before.table))
        if game.basis(before, 0, game.decode_action({"type": "flip", "position": p}))
        != game.basis(after, 0, game.decode_action({"type": "flip", "position": p}))
    )


def action(data: dict[str, Any], seq: int, action_id: str) -> dict[str, Any]:
    """An action message, chosen on the view of ``seq``."""
    return {"type": "action", "action": data, "seq": seq, "id": action_id}


def phase_rooms(
    url: str, game: str, players: int, seed: int, options: dict[str, Any], phases: list[str]
) -> dict[str, int]:
    """``game`` played by easy bots to its end; a room stored at the first moment of each of
    ``phases`` (room id ``<game>-<phase>``, every seat a person's, see ``token``). Answers the
    seat a page of each room should hold: the first the game waits for then (else seat 0)."""
    game_of = entry(game).game
    shown: dict[str, int] = {}

    def stored_then_over(match: Match[Any, Any]) -> bool:
        room = f"{game}-{game_of.phase(match.state)}"
        if room.split("-", 1)[1] in phases and room not in shown:
            store_rooms(url, match, [room])
            awaited = sorted(game_of.awaited(match.state))
            shown[room] = awaited[0] if awaited else 0
        return match.outcome() is not None

    played_until(game, options, players, seed, stored_then_over)
    return shown
