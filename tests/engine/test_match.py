"""The simplest room, play_out: awaited seats are asked, the other actors are offered the chance."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from igroteka.engine import Event, IllegalAction, Match, Outcome, play_out


@dataclass(frozen=True)
class Count:
    ticks: int = 0
    bonus: bool = False


class Ticks:
    """Seat 0 ticks three times; seat 1 may claim one bonus at any moment, or never."""

    name = "ticks"
    version = 1
    min_players = max_players = 2

    def phase(self, state: Count) -> str:
        return "over" if state.ticks >= 3 else "ticking"

    def parse_options(self, raw: Any) -> dict[str, Any]:
        return {}

    def setup(self, options: Any, players: int, seed: int) -> Count:
        return Count()

    def awaited(self, state: Count) -> frozenset[int]:
        return frozenset() if state.ticks >= 3 else frozenset({0})

    def actors(self, state: Count) -> frozenset[int]:
        return self.awaited(state) | (frozenset() if state.bonus else frozenset({1}))

    def automatic(self, state: Count) -> None:
        return None

    def apply(self, state: Count, seat: int, action: str) -> tuple[Count, tuple[Event, ...]]:
        if action == "tick" and seat == 0:
            return replace(state, ticks=state.ticks + 1), (Event("tick"),)
        if action == "bonus" and seat == 1 and not state.bonus and state.ticks >= 1:
            return replace(state, bonus=True), (Event("bonus"),)
        raise IllegalAction("not now")

    def view(self, state: Count, seat: int | None) -> dict[str, Any]:
        return {"ticks": state.ticks}

    def outcome(self, state: Count) -> Outcome | None:
        if state.ticks < 3:
            return None
        return Outcome((state.ticks, int(state.bonus)), frozenset({0}))

    def encode_action(self, action: str) -> dict[str, Any]:
        return {"type": action}


class Agent:
    def __init__(self, choice: str, offers: Sequence[str | None] = ()) -> None:
        self.choice, self.offers = choice, list(offers)
        self.asked: list[int] = []
        self.refusals: list[str] = []

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def choose(self, view: dict[str, Any]) -> str:
        return self.choice

    def offer(self, view: dict[str, Any]) -> str | None:
        self.asked.append(view["ticks"])
        return self.offers.pop(0) if self.offers else None

    def refused(self, reason: str) -> None:
        self.refusals.append(reason)


def start() -> Match[Any, Any]:
    return Match.start(Ticks(), ["a", "b"], {}, seed=0)  # type: ignore[arg-type]


def test_an_actor_not_awaited_is_offered_the_chance_before_each_step() -> None:
    match = start()
    optional = Agent("", [None, "bonus"])
    play_out(match, {0: Agent("tick"), 1: optional})
    assert [logged.action["type"] for logged in match.log] == ["tick", "bonus", "tick", "tick"]
    assert optional.asked == [0, 1]  # after the bonus it holds nothing more to play


def test_a_refused_offer_is_told_and_not_offered_again_before_the_next_step() -> None:
    match = start()
    optional = Agent("", ["bonus", "bonus"])  # too early: the bonus needs one tick first
    play_out(match, {0: Agent("tick"), 1: optional})
    assert optional.refusals == ["not now"]
    assert [logged.action["type"] for logged in match.log] == ["tick", "bonus", "tick", "tick"]
