"""Take-away, a tiny game registered only by the tests: proof that a game plugs in by its
declaration alone (the lobby, the command line, the API and the server know it with no
other edit).

A pile of stones; in turn each player takes 1 to ``take`` stones; whoever takes the last
stone wins (or, with the house rule ``misere``, loses). A hidden part, so that the tests of
secrets have something to find: each seat has a secret lucky number, seen by itself only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from igroteka.clitypes import Parser, whole
from igroteka.engine import Event, IllegalAction, OptionsError, Outcome, Rng
from igroteka.engine.base import BaseGame
from igroteka.engine.declaration import Choice, Declaration, Labels, Option, labels
from igroteka.engine.game import JsonObject, known_options, whole_option
from igroteka.games import Entry
from igroteka.i18n import Text

NAME = "takeaway"


def _l(text: str) -> Labels:
    return labels(text, f"{text} (uk)", f"{text} (ru)")


DECLARATION = Declaration(
    name=NAME,
    title=_l("Take-away"),
    summary=_l("Take one to three stones; whoever takes the last one wins"),
    options=(
        Option.number("stones", _l("Stones in the pile"), 15, 5, 40),
        Option.number("take", _l("Most stones a turn"), 3, 2, 4),
        Option(
            "starter",
            "choice",
            _l("Who starts"),
            default="random",
            choices=(Choice("random", _l("drawn by lot")),),
            seat=True,
        ),
        Option("misere", "flag", _l("Whoever takes the last stone loses"), False, house=True),
    ),
    bot_levels=("random", "perfect"),
    standin="perfect",
)


@dataclass(frozen=True)
class Take:
    stones: int


@dataclass(frozen=True)
class State:
    options: Mapping[str, Any]
    players: int
    left: int
    turn: int
    lucky: tuple[int, ...]
    rng: Rng
    taken: tuple[int, ...]
    winner: int | None = None

    @property
    def phase(self) -> str:
        return "over" if self.winner is not None else "take"

    @property
    def result(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = tuple(int(seat == self.winner) for seat in range(self.players))
        return Outcome(scores, frozenset({self.winner}), reason=Text("the pile is empty"))


class TakeAway(BaseGame[State, Take]):
    """The kernel's defaults (:class:`igroteka.engine.base.BaseGame`) do the rest: the phase
    and outcome are the state's, the actors are the awaited, no automatic step."""

    name = NAME
    version = 1
    min_players = 1
    max_players = 4

    def parse_options(self, raw: Mapping[str, Any]) -> JsonObject:
        known_options(raw, {"stones", "take", "starter", "misere"})
        misere = raw.get("misere", False)
        if not isinstance(misere, bool):
            raise OptionsError(
                Text("{key} is on (true) or off (false), not ‘{value}’", key="misere", value=misere)
            )
        starter = raw.get("starter", "random")
        if isinstance(starter, bool) or not (
            starter == "random" or (isinstance(starter, int) and starter >= 0)
        ):
            raise OptionsError(
                Text("starter must be random or a seat number, not ‘{value}’", value=starter)
            )
        return {
            "stones": whole_option(raw, "stones", 15, 5, 40),
            "take": whole_option(raw, "take", 3, 2, 4),
            "starter": starter,
            "misere": misere,
        }

    def setup(self, options: Mapping[str, Any], players: int, seed: int) -> State:
        rng = Rng.from_seed(seed)
        lucky = []
        for _ in range(players):
            number, rng = rng.below(100)
            lucky.append(number)
        starter = options["starter"]
        if starter == "random":
            starter, rng = rng.below(players)
        elif starter >= players:
            raise OptionsError(Text("there is no seat {seat} to start", seat=starter + 1))
        return State(
            options, players, options["stones"], starter, tuple(lucky), rng, (0,) * players
        )

    def awaited(self, state: State) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def basis(self, state: State, seat: int, action: Take) -> int:
        return state.left

    def check(self, state: State, seat: int, action: Take) -> None:
        if seat not in self.actors(state):
            raise IllegalAction(Text("it is not your turn"))
        most = min(state.options["take"], state.left)
        if not 1 <= action.stones <= most:
            raise IllegalAction(
                Text(
                    "{key} must be between {low} and {high}, not {value}",
                    key="stones",
                    low=1,
                    high=most,
                    value=action.stones,
                )
            )

    def apply(self, state: State, seat: int, action: Take) -> tuple[State, tuple[Event, ...]]:
        self.check(state, seat, action)
        left = state.left - action.stones
        taken = list(state.taken)
        taken[seat] += action.stones
        winner = None
        if left == 0:
            winner = (seat + 1) % state.players if state.options["misere"] else seat
        changed = dataclasses.replace(
            state, left=left, turn=(seat + 1) % state.players, taken=tuple(taken), winner=winner
        )
        return changed, (Event("took", {"seat": seat, "stones": action.stones}),)

    def legal_actions(self, state: State, seat: int) -> list[Take]:
        if seat not in self.actors(state):
            return []
        return [Take(n) for n in range(1, min(state.options["take"], state.left) + 1)]

    def view(self, state: State, seat: int | None) -> JsonObject:
        view: JsonObject = {
            "game": NAME,
            "phase": self.phase(state),
            "left": state.left,
            "take": state.options["take"],
            "turn": state.turn,
            "actors": sorted(self.actors(state)),
            "taken": list(state.taken),
            "lucky": state.lucky[seat] if seat is not None else None,
        }
        outcome = self.outcome(state)
        if outcome is not None:
            view["outcome"] = outcome.to_json()
        return view

    def decode_action(self, data: Any) -> Take:
        if not isinstance(data, Mapping) or data.get("kind") != "take":
            raise IllegalAction(Text("an action must be a JSON object"))
        stones = data.get("stones")
        if isinstance(stones, bool) or not isinstance(stones, int):
            raise IllegalAction(
                Text("{key} must be a whole number, not ‘{value}’", key="stones", value=stones)
            )
        return Take(stones)

    def encode_action(self, action: Take) -> JsonObject:
        return {"kind": "take", "stones": action.stones}


class Bot:
    """``random`` takes any legal number; ``perfect`` leaves a multiple of take + 1."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level, self.seat, self.rng = level, seat, Rng.from_seed(seed + seat)

    def observe(self, events: Any) -> None:
        pass

    def choose(self, view: JsonObject) -> Take:
        left, most = view["left"], view["take"]
        if self.level == "perfect" and left % (most + 1):
            return Take(left % (most + 1))
        stones, self.rng = self.rng.below(min(most, left))
        return Take(stones + 1)

    def offer(self, view: JsonObject) -> None:
        return None

    def refused(self, reason: str) -> None:
        raise AssertionError(reason)


def make_bot(level: str, seat: int, seed: int) -> Bot:
    from igroteka.engine.bot import check_level

    check_level(level, DECLARATION.bot_levels)
    return Bot(level, seat, seed)


def redeal(state: State, seed: int, seat: int | None) -> State:
    """The same game with what ``seat`` may not know (the others' lucky numbers) drawn again."""
    rng = Rng.from_seed(seed)
    lucky = list(state.lucky)
    for other in range(state.players):
        if other != seat:
            lucky[other], rng = rng.below(100)
    return dataclasses.replace(state, lucky=tuple(lucky), rng=rng)


def cmd_pile(args: Any) -> int:
    """``igroteka takeaway pile``: what perfect play takes from a pile (bot:perfect's move)."""
    best = args.stones % (args.take + 1)
    print(f"take {best}" if best else "every take loses to perfect play")
    return 0


def add_tools(subparsers: Any) -> None:
    """The game's own command-line tool: ``igroteka takeaway pile --stones N [--take N]``."""
    tools = subparsers.add_parser(NAME, help="Take-away tools")
    tool = tools.add_subparsers(dest="tool", required=True, parser_class=Parser)
    pile = tool.add_parser("pile", help="what perfect play takes from a pile")
    pile.add_argument("--stones", type=whole("--stones", 1), required=True)
    pile.add_argument("--take", type=whole("--take", 2, 4), default=3)
    pile.set_defaults(func=cmd_pile)


ENTRY = Entry(TakeAway(), make_bot, DECLARATION, tools=add_tools, redeal=redeal)
