"""Klepka at the terminal: the table, the narration of events, and a person's prompts."""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.engine.game import Event, JsonObject
from igroteka.games.klepka.chain import SYNCOPE
from igroteka.games.klepka.rules import SYNCOPE_NAMES, Action, Flip, London, SubmitChain
from igroteka.terminal import AtKeyboard, GameTerminal
from igroteka.terminal.text import Console, grid, number, winners_line

CELL = 12
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'"})
_SEPARATORS = str.maketrans({",": " ", "→": " "})


class ChainInputError(ValueError):
    """A typed chain that names no card: the message says which number or word."""


def _card_key(text: str) -> str:
    """What typed words and a card share: case, ё/е, apostrophe variants, spaces forgiven."""
    folded = unicodedata.normalize("NFC", text).casefold().translate(_APOSTROPHES)
    return " ".join(folded.replace("ё", "е").split())


def read_chain(answer: str, hand: Sequence[str]) -> tuple[str, ...]:
    """The links of a typed chain: the numbers of the hand's cards, its words, Syncope names.

    Numbers count the cards of ``hand`` from 1; a run of typed words that spells a card of
    several words (``ice cream``) is that card, the longest run first; any other word is
    passed on as typed, for the rules to match or refuse with their reason.

    >>> read_chain("2 ~ 1", ["owl", "tiger"])
    ('tiger', 'SYNCOPE', 'owl')
    >>> read_chain("Ice  Cream, mouse", ["mouse", "ice cream"])
    ('ice cream', 'mouse')
    """
    tokens = answer.translate(_SEPARATORS).split()
    cards = {_card_key(card): card for card in hand}
    longest = max((len(key.split()) for key in cards), default=1)
    links: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        chosen = number(token)
        if token.casefold() in SYNCOPE_NAMES:
            links.append(SYNCOPE)
        elif chosen is not None:
            if not 1 <= chosen <= len(hand):
                raise ChainInputError(
                    f"there is no card {chosen}: your words are numbered 1 to {len(hand)}"
                )
            links.append(hand[chosen - 1])
        else:
            for size in range(min(longest, len(tokens) - index), 1, -1):
                card = cards.get(_card_key(" ".join(tokens[index : index + size])))
                if card is not None:
                    links.append(card)
                    index += size
                    break
            else:
                links.append(token)
                index += 1
            continue
        index += 1
    return tuple(links)


def render_hand(words: Sequence[str]) -> str:
    """A hand of WORD cards, numbered from 1 to be chosen by number."""
    return "   ".join(f"{index}: {word}" for index, word in enumerate(words, start=1))


def card_label(card: JsonObject) -> str:
    if card["kind"] == "syncope":
        return "✦ Syncope"
    return str(card["text"])


def render_table(view: JsonObject) -> str:
    """The table in rows: numbers for face-down cards, faces for face-up ones."""
    cells = []
    for index, cell in enumerate(view["table"]):
        number = f"{index + 1:>3} "
        if cell == "down":
            cells.append(number + "░░░░░")
        elif cell == "up":
            cells.append(number + card_label(view["faces"][str(index)]))
        else:
            cells.append("    ·")
    return grid(cells, int(view["columns"]), CELL)


def render_collections(view: JsonObject, names: Sequence[str]) -> str:
    lines = []
    for seat, held in enumerate(view["collections"]):
        words = ", ".join(held["words"]) or "no words yet"
        syncopes = f" + {held['syncopes']} Syncope" + ("s" if held["syncopes"] != 1 else "")
        lines.append(f"  {names[seat]}: {words}{syncopes if held['syncopes'] else ''}")
    return "\n".join(lines)


class Narrator:
    """Tells the people at the terminal what happens, one line per event."""

    def __init__(self, console: Console, names: Sequence[str], delay: float = 0.0) -> None:
        self.console = console
        self.names = names
        self.delay = delay
        self.cards: dict[int, JsonObject] = {}

    def __call__(self, events: Sequence[Event]) -> None:
        say = self.console.say
        for event in events:
            data: dict[str, Any] = dict(event.data)
            name = self.names[data["seat"]] if "seat" in data else ""
            if event.kind == "london":
                say(f"{name} has {'' if data['yes'] else 'never '}been to London.")
            elif event.kind == "starter":
                why = "has been to London" if data["london"] else "was drawn by lot"
                say(f"{name} {why} and starts.")
            elif event.kind == "flip":
                self.cards[data["position"]] = data["card"]
                card = data["card"]
                say(
                    f"{name} flips card {data['position'] + 1}: {card_label(card)} ({card['kind']})"
                )
                if self.delay:
                    time.sleep(self.delay)
            elif event.kind == "match":
                first, second = (self.cards[p] for p in data["positions"])
                say(f"{name} keeps a pair: {card_label(first)} and {card_label(second)}!")
            elif event.kind == "syncope":
                say(f"{name} takes a Syncope card.")
            elif event.kind == "conceal":
                cards = ", ".join(str(p + 1) for p in data["positions"])
                plural = "s" if len(data["positions"]) > 1 else ""
                say(f"Card{plural} {cards} turned back face down.")
            elif event.kind == "turn":
                say(f"— {name}'s turn —")
            elif event.kind == "table_cleared":
                say("The table is empty: time to build the chains!")
            elif event.kind == "chain_submitted":
                say(f"{name} has built a chain.")


class Person(AtKeyboard):
    """A person at this terminal playing one seat of Klepka."""

    def choose(self, view: JsonObject) -> Action:
        phase = view["phase"]
        if phase == "london":
            return London(self._yes_no(f"{self.name}, have you ever been to London? [y/n] "))
        if phase == "chain":
            return SubmitChain(self._chain(view))
        return Flip(self._flip(view))

    def look(self, view: JsonObject) -> None:
        """Cards this player revealed stay up until they press Enter."""
        self.console.say(render_table(view))
        self.console.ask(f"{self.name}, look well, then press Enter to turn the cards back. ")

    def _yes_no(self, prompt: str) -> bool:
        while True:
            answer = self.console.ask(prompt).strip().casefold()
            if answer in {"y", "yes", "т", "так", "д", "да"}:
                return True
            if answer in {"n", "no", "н", "ні", "нет"}:
                return False
            self.console.say("  Please answer y or n.")

    def _flip(self, view: JsonObject) -> int:
        console = self.console
        console.say("")
        console.say(render_table(view))
        console.say(render_collections(view, self.names))
        if view["phase"] == "first":
            prompt = f"{self.name}, flip a first card: "
        elif view["phase"] == "second":
            prompt = f"{self.name}, flip a second card: "
        else:
            first = view["faces"][str(view["first"])]
            wanted = "WORD" if first["kind"] == "picture" else "PICTURE"
            prompt = f"{self.name}, look for the {wanted} of {card_label(first)}: flip a card: "
        while True:
            chosen = number(console.ask(prompt))
            if chosen is not None:
                return chosen - 1
            console.say(f"  Type the number of a face-down card (1 to {len(view['table'])}).")

    def _chain(self, view: JsonObject) -> tuple[str, ...]:
        held = view["collections"][self.seat]
        words: list[str] = held["words"]
        console = self.console
        console.say("")
        console.say(f"{self.name}, your words:  {render_hand(words)}")
        if held["syncopes"]:
            count = held["syncopes"]
            names = ", ".join(SYNCOPE_NAMES[1:])
            console.say(
                f"You hold {count} Syncope card{'s' if count != 1 else ''}: "
                f"put ~ (or {names}) between two words."
            )
        console.say("Each word must start with the last letter of the word before it.")
        while True:
            answer = console.ask("Your chain (card numbers or words in order, - for none): ")
            if answer.strip() == "-":
                return ()
            try:
                links = read_chain(answer, words)
            except ChainInputError as error:
                self.refused(str(error))
                continue
            if links:
                return links
            console.say("  Type at least one card number or word, or - to build no chain.")


def intro(options: Mapping[str, Any], seed: int) -> str:
    deck = options["deck"]
    return (
        f"Klepka — deck “{deck['name']}”, {options['pairs']} pairs, "
        f"{options['syncopes']} Syncopes. Seed {seed}.\n"
        "Find each WORD and its PICTURE. When the table is empty, the longest chain wins."
    )


def render_results(outcome: JsonObject, names: Sequence[str]) -> str:
    lines = ["", "Results:"]
    for seat, name in enumerate(names):
        chain = " → ".join("✦" if w == SYNCOPE else w for w in outcome["chains"][seat]) or "(none)"
        best = " → ".join("✦" if w == SYNCOPE else w for w in outcome["best_chains"][seat])
        lines.append(f"  {name}: {outcome['scores'][seat]} letters  {chain}")
        if outcome["best_chains"][seat] != outcome["chains"][seat]:
            lines.append(f"      the best chain was: {best or '(none)'}")
    lines.append(winners_line(outcome["winners"], names))
    return "\n".join(lines)


TERMINAL: GameTerminal[Action] = GameTerminal(intro, Narrator, Person, render_results)
