"""A game with no terminal of its own, played there all the same: the options, each event and
the seat's view as JSON, and an action typed as the JSON the game reads.

>>> from igroteka.engine.declaration import Declaration, labels
>>> from igroteka.engine.entry import Entry
>>> pile = Declaration("pile", labels("Pile", "Pile", "Pile"), labels("", "", ""))
>>> found = Entry(None, None, pile)
>>> plain(found).intro({"stones": 15}, 7)
'Pile — stones 15. Seed 7.\\nType each action as the JSON the game reads.'
>>> outcome = {"scores": [1, 0], "winners": [0], "reason": "done"}
>>> plain(found).render_results(outcome, ["Ann", "Bob"])
'\\nResults:\\n  Ann: 1\\n  Bob: 0\\nAnn wins!'
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from igroteka.engine.codec import dumps
from igroteka.engine.entry import Entry
from igroteka.engine.game import Event, IllegalAction, JsonObject, events_for
from igroteka.terminal.keyboard import AtKeyboard, GameTerminal
from igroteka.terminal.text import Console, winners_line

__all__ = ["plain"]


def plain(found: Entry) -> GameTerminal[Any]:
    """The terminal of a game that has none of its own (its entry's ``terminal`` is None)."""
    game, declaration = found.game, found.declaration

    def intro(options: Mapping[str, Any], seed: int) -> str:
        chosen = ", ".join(f"{key} {value}" for key, value in options.items())
        return (
            f"{declaration.title['en']} — {chosen or 'no options'}. Seed {seed}.\n"
            "Type each action as the JSON the game reads."
        )

    def narrator(
        console: Console, names: Sequence[str], delay: float
    ) -> Callable[[Sequence[Event]], None]:
        def tell(events: Sequence[Event]) -> None:
            for event in events_for(events, None):
                sentence = declaration.narrator.narrate(event, None, names)
                console.say(str(sentence) if sentence is not None else _event(event, names))
                if delay:
                    time.sleep(delay)

        return tell

    class Person(AtKeyboard):
        """A person at this terminal: the view shown as JSON, an action typed as JSON."""

        def choose(self, view: JsonObject) -> Any:
            self.hand_over()
            self.console.say(f"{self.name} sees: {dumps(view)}")
            while True:
                answer = self.console.ask(f"{self.name}, your action (JSON): ")
                try:
                    data = json.loads(answer)
                except ValueError:
                    self.refused("that is no JSON")
                    continue
                try:
                    return game.decode_action(data)
                except IllegalAction as error:
                    self.refused(error.reason)

    return GameTerminal(intro, narrator, Person, render_results)


def _event(event: Event, names: Sequence[str]) -> str:
    """An event no narrator tells: whose it is, its kind and its data."""
    data = dict(event.data)
    seat = data.get("seat")
    who = f"{names[seat]}: " if isinstance(seat, int) and 0 <= seat < len(names) else ""
    return f"{who}{event.kind} {dumps(data)}"


def render_results(outcome: JsonObject, names: Sequence[str]) -> str:
    """Each seat's score, then who won."""
    lines = ["", "Results:"]
    lines += [f"  {name}: {score}" for name, score in zip(names, outcome["scores"], strict=True)]
    lines.append(winners_line(outcome["winners"], names))
    return "\n".join(lines)
