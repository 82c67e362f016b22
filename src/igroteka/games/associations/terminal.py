"""The association game at the terminal: cards as emoji with their tags, clues and votes typed.

A card is shown as its emoji, its backdrop and the first of its tags in the game's
language, so that a person at a terminal can think of an association as at the table.

>>> print(render_card("whale-over-house", "en"))
🐋🏠️ night · whale, animal, beach, ocean, house, building, country, heart
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.engine.game import Event, JsonObject
from igroteka.games.associations.cards import card_by_id
from igroteka.games.associations.deck import backdrops
from igroteka.games.associations.rules import Action, Confirm, Lay, Tell, Vote
from igroteka.terminal import AtKeyboard, GameTerminal
from igroteka.terminal.text import Console, number, winners_line

TAGS_SHOWN = 8
FORMS = {
    "question": "a question (end it with ?)",
    "four_words": "exactly four words",
    "love": "a clue that begins “What I love most…” (in the game's language)",
    "story": "a short story (the others will say whether it is one)",
}


def render_card(card_id: str, lang: str) -> str:
    """One line: the card's emoji, its backdrop's title and its first tags in ``lang`` (an
    uploaded picture of an own deck, which a terminal cannot show: 🖼 and its words)."""
    card = card_by_id(card_id)
    tags = ", ".join(card.tags(lang)[:TAGS_SHOWN])
    if card.picture:
        return f"🖼 picture · {tags}"
    backdrop = backdrops()[card.backdrop].title.get(lang)[0]
    return f"{_emoji(card_id)} {backdrop} · {tags}"


def _emoji(card_id: str) -> str:
    card = card_by_id(card_id)
    return "".join(dict.fromkeys(card.emoji)) or "🖼"


def render_cards(cards: Sequence[str], lang: str) -> str:
    return "\n".join(f"  {n}. {render_card(card, lang)}" for n, card in enumerate(cards, 1))


def render_track(view: Mapping[str, Any], names: Sequence[str]) -> str:
    cells = ", ".join(f"{names[seat]} {made}" for seat, made in enumerate(view["steps"]))
    return f"  Round {view['round']}. Steps (goal {view['goal']}): {cells}."


class Narrator:
    """Tells the people at the terminal what happens (public events only), one line each."""

    def __init__(self, console: Console, names: Sequence[str], delay: float = 0.0) -> None:
        self.console = console
        self.names = names
        self.delay = delay
        self.lang = "en"

    def __call__(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.to is None:
                self.tell(event.kind, dict(event.data))

    def tell(self, kind: str, data: dict[str, Any]) -> None:
        say = self.console.say
        name = self.names[data["seat"]] if "seat" in data else ""
        if kind == "clue":
            said = " (said aloud)" if data["aloud"] else ""
            say(f"{name} tells: “{data['clue']}”{said}.")
        elif kind == "form_judged":
            verdict = "accepted" if data["accepted"] else "not accepted: it earns nothing"
            say(f"The clue's form was {verdict} ({data['yes']} said yes).")
        elif kind == "laid":
            say(f"{name} has laid a card face down.")
        elif kind == "voted":
            say(f"{name} has voted.")
        elif kind == "reveal":
            self.reveal(data)
        elif kind == "storyteller":
            say(f"{name} is the storyteller now.")

    def reveal(self, data: dict[str, Any]) -> None:
        say = self.console.say
        say("The cards are turned over:")
        teller = data["storyteller"]
        ranked = len(data["owners"]) == 5 and set(data["owners"]) == {teller}  # two players
        for n, (card, owner) in enumerate(zip(data["table"], data["owners"], strict=True), 1):
            if n == data["story"]:
                whose = "the card of the clue"
            else:
                whose = "a decoy" if ranked else f"laid by {self.names[owner]}"
            voters = [
                f"{self.names[s]}" + (f" (token {votes.index(n) + 1})" if ranked else "")
                for s, votes in enumerate(data["votes"])
                if n in votes
            ]
            said = f"; votes: {', '.join(voters)}" if voters else ""
            say(f"  {n}. {_emoji(card)} {whose}{said}")
        moved = ", ".join(f"{self.names[s]} +{m}" for s, m in enumerate(data["moves"]) if m)
        say(f"Moves: {moved or 'nobody moves'}.")


class Person(AtKeyboard):
    """A person at this terminal playing one seat of the association game."""

    def choose(self, view: JsonObject) -> Action:
        console = self.console
        self.hand_over()
        console.say("")
        console.say(render_track(view, self.names))
        lang = view["options"]["lang"]
        phase = view["phase"]
        if phase == "tell":
            return self.tell(view, lang)
        console.say(f"  The clue: “{view['clue']}”" + (" (said aloud)" if view["aloud"] else ""))
        if phase == "confirm":
            return self.confirm(view)
        if phase == "lay":
            return self.lay(view, lang)
        return self.vote(view, lang)

    def pick(self, prompt: str, count: int, most: int) -> list[int]:
        """Numbers from 1 to ``most``, ``count`` of them (or 1 to ``-count``), different."""
        low, high = (count, count) if count > 0 else (1, -count)
        while True:
            answer = self.console.ask(prompt).replace(",", " ").split()
            numbers = [number(part) for part in answer]
            if not low <= len(numbers) <= high:
                want = f"{low}" if low == high else f"{low} to {high}"
                self.refused(f"type {want} number{'s' * (high > 1)}, from 1 to {most}")
            elif any(n is None or not 1 <= n <= most for n in numbers):
                self.refused(f"the numbers go from 1 to {most}")
            elif len(set(numbers)) != len(numbers):
                self.refused("each number once")
            else:
                return [n for n in numbers if n is not None]

    def tell(self, view: JsonObject, lang: str) -> Tell:
        hand: list[str] = view["hand"]
        say = self.console.say
        say(f"  {self.name}, you are the storyteller. Your cards:")
        say(render_cards(hand, lang))
        if view["form"]:
            say(f"  Your cell asks for {FORMS[view['form']]}.")
        (chosen,) = self.pick("  Your card (its number): ", 1, len(hand))
        card = hand[chosen - 1]
        others: tuple[str, ...] = ()
        if view["players"] == 2:
            rest = [c for c in hand if c != card]
            say("  Lay four more cards with it:")
            say(render_cards(rest, lang))
            others = tuple(rest[n - 1] for n in self.pick("  Four numbers: ", 4, len(rest)))
        clue = self.console.ask("  Your clue (or ! if you said it aloud): ").strip()
        if clue == "!":
            return Tell(card, "", aloud=True, others=others)
        return Tell(card, clue, others=others)

    def confirm(self, view: JsonObject) -> Confirm:
        form = FORMS.get(view["form"], "the form its cell asks")
        while True:
            answer = self.console.ask(f"  Was the clue {form}? (y/n) ").strip().casefold()
            if answer[:1] in ("y", "n", "т", "н", "д"):
                return Confirm(answer[:1] in ("y", "т", "д"))
            self.refused("answer y or n")

    def lay(self, view: JsonObject, lang: str) -> Lay:
        hand: list[str] = view["hand"]
        count = 2 if view["players"] == 3 else 1
        self.console.say(f"  {self.name}, your cards:")
        self.console.say(render_cards(hand, lang))
        prompt = f"  Lay {count} for the clue (number{'s' * (count > 1)}): "
        chosen = self.pick(prompt, count, len(hand))
        return Lay(tuple(hand[n - 1] for n in chosen))

    def vote(self, view: JsonObject, lang: str) -> Vote:
        table: list[str] = view["table"]
        mine = set(view["mine"])
        say = self.console.say
        say("  The table:")
        for n, card in enumerate(table, 1):
            own = "  (yours)" if card in mine else ""
            say(f"  {n}. {render_card(card, lang)}{own}")
        if view["players"] == 2:
            chosen = self.pick("  Up to three tokens, best guess first: ", -3, len(table))
        else:
            chosen = self.pick("  Which is the storyteller's card? ", 1, len(table))
        return Vote(tuple(chosen))


def intro(options: Mapping[str, Any], seed: int) -> str:
    words = {"uk": "Ukrainian", "ru": "Russian", "en": "English"}[options["lang"]]
    return (
        f"Associations — {options['cards']} cards (tags in {words}), "
        f"{options['goal']} steps to win. Seed {seed}.\n"
        "The storyteller gives a clue for one of their cards; the others each lay a card that\n"
        "fits it; then everyone guesses which card was the storyteller's. The storyteller\n"
        "scores only if some but not all guess it."
    )


def render_results(outcome: JsonObject, names: Sequence[str]) -> str:
    lines = ["", "Results:"]
    for seat, name in enumerate(names):
        lines.append(f"  {name}: {outcome['scores'][seat]} steps")
    lines.append(winners_line(outcome["winners"], names))
    return "\n".join(lines)


TERMINAL: GameTerminal[Action] = GameTerminal(intro, Narrator, Person, render_results)
