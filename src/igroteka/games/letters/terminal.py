"""Klepka letters at the terminal: the table, the hands, the narration, and a person's prompts."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.engine.game import Event, JsonObject
from igroteka.games.letters.rules import Action, Chaos, Compose, Exchange, Flip, Laying, Stop
from igroteka.terminal import AtKeyboard, GameTerminal
from igroteka.terminal.text import Console, grid, number, winners_line

CELL = 11
DOTS = {"blue": "🔵", "yellow": "🟡", "red": "🔴", "green": "🟢"}
PRIZES = {"polysemy": "✦Polysemy", "chaos": "⚡Chaos", "exchange": "⇄Exchange"}
HELP = """\
  Type words to compose them (кіт вода: both in one go), or the number of a card to flip it.
  c = play Chaos, e = play Exchange, s = stop (when you may), ? = this help."""


def card_label(card: Mapping[str, Any]) -> str:
    """A card face: a letter with its points and colour, or a prize card's name."""
    if card["kind"] == "letter":
        return f"{card['letter'].upper()}{card['points']}{DOTS.get(card['colour'], '')}"
    kind: str = card["kind"]
    return PRIZES.get(kind, kind)


def render_table(view: JsonObject) -> str:
    """The table in rows: numbers for face-down cards, faces for face-up ones."""
    cells = []
    for index, cell in enumerate(view["table"]):
        if cell == "down":
            cells.append(f"{index + 1:>3} ░░")
        elif cell == "up":
            cells.append(f"{index + 1:>3} " + card_label(view["faces"][str(index)]))
        else:
            cells.append("    ·")
    return grid(cells, int(view["columns"]), CELL)


def render_hands(view: JsonObject, names: Sequence[str]) -> str:
    lines = []
    for seat, hand in enumerate(view["hands"]):
        cards = " ".join(card_label(card) for card in hand) or "no cards"
        lines.append(f"  {names[seat]} ({view['points'][seat]} points): {cards}")
    return "\n".join(lines)


def _words(words: Sequence[Mapping[str, Any]]) -> str:
    shown = []
    for word in words:
        notes = []
        if word.get("double"):
            notes.append("double")
        if word.get("polysemy"):
            notes.append(f"Polysemy as {word['polysemy']}")
        extra = f", {', '.join(notes)}" if notes else ""
        shown.append(f"{word['word']} ({word['points']}{extra})")
    return ", ".join(shown)


class Narrator:
    """Tells the people at the terminal what happens, one line per event."""

    def __init__(self, console: Console, names: Sequence[str], delay: float = 0.0) -> None:
        self.console = console
        self.names = names
        self.delay = delay

    def __call__(self, events: Sequence[Event]) -> None:
        say = self.console.say
        for event in events:
            data: dict[str, Any] = dict(event.data)
            name = self.names[data["seat"]] if "seat" in data else ""
            kind = event.kind
            if kind == "flip":
                say(f"{name} flips card {data['position'] + 1}: {card_label(data['card'])}")
                if self.delay:
                    time.sleep(self.delay)
            elif kind == "match":
                say(f"{name} keeps a pair of {data['letter'].upper()}!")
            elif kind == "prize":
                say(f"{name} takes a prize card: {PRIZES[data['prize']]}.")
            elif kind == "conceal":
                cards = ", ".join(str(p + 1) for p in data["positions"])
                say(f"Card{'s' if len(data['positions']) > 1 else ''} {cards} turned back.")
            elif kind == "turn":
                say(f"— {name}'s turn —")
            elif kind == "compose":
                say(f"{name} composes {_words(data['words'])}.")
            elif kind == "chaos":
                say(f"⚡ {name} plays Chaos: every face-down card is shuffled!")
            elif kind == "exchange":
                other = self.names[data["with"]]
                say(
                    f"⇄ {name} plays Exchange: gives {card_label(data['gave'])} to {other} "
                    f"and takes {card_label(data['took'])}."
                )
            elif kind == "phrase":
                say(f"🇺🇦 {name} composes Слава Україні!")
            elif kind == "table_cleared":
                say("The table is empty: compose what you can.")


class Person(AtKeyboard):
    """A person at this terminal playing one seat of Klepka letters."""

    def __init__(self, name: str, seat: int, console: Console, names: Sequence[str]) -> None:
        super().__init__(name, seat, console, names)
        self.offered = 0
        """The turn (counted from 1) at whose start this person was last offered a prize play."""

    def look(self, view: JsonObject) -> None:
        """Cards this player turned up stay up until they press Enter."""
        self.console.say(render_table(view))
        self.console.ask(f"{self.name}, look well, then press Enter to turn the cards back. ")

    def offer(self, view: JsonObject) -> Action | None:
        """Once at the start of another player's turn: play a prize card now?"""
        if view["turn"] == self.seat or view["phase"] != "compose" or self.offered == view["turns"]:
            return None
        self.offered = view["turns"]
        kinds = {card["kind"] for card in view["hands"][self.seat]}
        choices = [k for k in ("chaos", "exchange") if k in kinds and self.seat in view["actors"]]
        if not choices:
            return None
        keys = " or ".join(f"{k[0]} = {PRIZES[k]}" for k in choices)
        answer = self.console.ask(
            f"{self.name}, it is {self.names[view['turn']]}'s turn. Play {keys}? (Enter: no) "
        )
        return self._prize(answer.strip().casefold(), view)

    def choose(self, view: JsonObject) -> Action:
        console = self.console
        console.say("")
        console.say(render_table(view))
        console.say(render_hands(view, self.names))
        phase = view["phase"]
        if phase == "compose" and "down" not in view["table"]:
            prompt = f"{self.name}, compose words, or s to stop: "
        elif phase == "compose":
            pairs = view["composed"] + 1
            prompt = (
                f"{self.name}, compose words, or flip a card ({pairs} pair"
                f"{'s' if pairs > 1 else ''} to turn up; ? for help): "
            )
        elif phase == "again":
            prompt = f"{self.name}, you kept a pair: flip another card, or s to stop: "
        else:
            prompt = f"{self.name}, flip a card ({view['left']} more): "
        while True:
            answer = console.ask(prompt).strip()
            if answer == "?":
                console.say(HELP)
                continue
            action = self._read(answer, view)
            if action is not None:
                return action

    def _read(self, answer: str, view: JsonObject) -> Action | None:
        lowered = answer.casefold()
        if not answer:
            return None
        flipped = number(lowered)
        if flipped is not None:
            return Flip(flipped - 1)
        if lowered in ("s", "stop"):
            return Stop()
        if lowered in ("c", "chaos", "e", "exchange"):
            return self._prize(lowered, view)
        if view["phase"] != "compose":
            self.console.say("  Type the number of a face-down card.")
            return None
        return Compose(tuple(Laying(word) for word in answer.replace(",", " ").split()))

    def _prize(self, answer: str, view: JsonObject) -> Action | None:
        if answer in ("c", "chaos"):
            return Chaos()
        if answer not in ("e", "exchange"):
            return None
        mine = view["hands"][self.seat]
        others = [
            (seat, card)
            for seat, hand in enumerate(view["hands"])
            if seat != self.seat
            for card in hand
        ]
        if not others:
            self.console.say("  Nobody else holds a card.")
            return None
        say = self.console.say
        say("  Your cards:   " + "  ".join(f"{i + 1}:{card_label(c)}" for i, c in enumerate(mine)))
        say(
            "  Their cards:  "
            + "  ".join(
                f"{i + 1}:{card_label(c)}({self.names[s]})" for i, (s, c) in enumerate(others)
            )
        )
        give = self._number("  Give which of your cards? ", len(mine))
        take = self._number("  Take which of their cards? ", len(others))
        if give is None or take is None:
            return None
        return Exchange(mine[give]["id"], others[take][1]["id"])

    def _number(self, prompt: str, count: int) -> int | None:
        chosen = number(self.console.ask(prompt))
        if chosen is not None and 1 <= chosen <= count:
            return chosen - 1
        self.console.say(f"  A number from 1 to {count}; the exchange is called off.")
        return None


def intro(options: Mapping[str, Any], seed: int) -> str:
    prizes = (
        f"{options['polysemy']} Polysemy, {options['chaos']} Chaos, {options['exchange']} Exchange"
    )
    return (
        f"Klepka letters — {options['pairs']} pairs of letters and {prizes}. Seed {seed}.\n"
        "Find pairs of identical letters, compose Ukrainian words from them: the most points wins."
    )


def render_results(outcome: JsonObject, names: Sequence[str]) -> str:
    lines = ["", "Results:"]
    for seat, name in enumerate(names):
        words = _words(outcome["words"][seat]) or "no words"
        held = outcome["held"][seat]
        lines.append(f"  {name}: {outcome['scores'][seat]} points  {words}; {held} cards held")
    if outcome.get("phrase") is not None:
        lines.append(f"{names[outcome['phrase']]} composed Слава Україні and wins at once!")
    else:
        lines.append(winners_line(outcome["winners"], names))
    return "\n".join(lines)


TERMINAL: GameTerminal[Action] = GameTerminal(intro, Narrator, Person, render_results)
