"""What the association game says: a sentence for each step, the banner, the rules met first.

The narrator reads only what its reader may know (``engine/narration.py``): the events
filtered for the reader's seat and that seat's view. Before the reveal those say only *that*
a seat has laid or voted, never which card: so do the sentences. The reveal is public and
says it all.

>>> names = ["Ann", "Bob", "Olya"]
>>> NARRATOR.narrate(Event("clue", {"seat": 0, "clue": "море", "aloud": False, "form": ""}),
...                  0, names)
'Ann tells: “море”'
>>> NARRATOR.narrate(Event("laid", {"seat": 1, "count": 2}), 1, names)
'Bob laid 2 cards face down'
>>> view = {"phase": "lay", "storyteller": 0, "awaited": [1, 2], "players": 3,
...         "clue": "море", "aloud": False, "form": ""}
>>> NARRATOR.banner(view, {}, 0, names).headline
'Waiting for Bob and Olya to lay their cards'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.engine.game import Event, JsonObject
from igroteka.engine.narration import Banner, Moment, Names, together
from igroteka.i18n import Text

__all__ = ["NARRATOR", "AssociationsNarrator"]

Data = Mapping[str, Any]
"""An event's data."""


def _form(form: str) -> Text:
    """What a special cell asks of a clue, as a sentence names it."""
    if form == "question":
        return Text("a question")
    if form == "four_words":
        return Text("exactly four words")
    if form == "love":
        return Text("a clue that begins “What I love most…”")
    return Text("a story")


def _steps(count: int) -> Text:
    return Text("{count} {count:step|steps}", count=count)


class AssociationsNarrator:
    """The association game's sentences (a :class:`~igroteka.engine.narration.Narrator`)."""

    # ------------------------------------------------------------ the log

    def narrate(self, event: Event, by: int | None, names: Names) -> Text | None:
        data, kind = event.data, event.kind
        if kind == "clue":
            return _clue(data, names[data["seat"]])
        if kind == "told":
            if len(data["cards"]) > 1:
                return Text("You laid five cards face down, the one your clue is for among them")
            return Text("You laid your card face down")
        if kind == "confirmed":
            return Text("{name} has judged the clue’s form", name=names[data["seat"]])
        if kind == "form_judged":
            form = _form(data["form"])
            if data["accepted"]:
                return Text("Most of the table took the clue for {form}", form=form)
            return Text(
                "Most of the table said the clue is not {form}: the storyteller will not "
                "move this round",
                form=form,
            )
        if kind == "laid":
            return Text(
                "{name} laid {count} {count:card|cards} face down",
                name=names[data["seat"]],
                count=data.get("count", 1),
            )
        if kind == "laid_cards":
            return Text("You laid your {count:card|cards} face down", count=len(data["cards"]))
        if kind == "table":
            return Text(
                "The cards are shuffled and shown, numbered 1 to {count}", count=len(data["cards"])
            )
        if kind == "voted":
            return Text("{name} has voted", name=names[data["seat"]])
        if kind == "vote":
            return _own_vote(data["cards"])
        if kind == "reveal":
            return _reveal(data, names)
        if kind == "storyteller":
            return Text("{name} is the storyteller now", name=names[data["seat"]])
        if kind == "game_over":
            return Text(
                "The game is over: {result}", result=_result(data["scores"], data["winners"], names)
            )
        return None

    # ------------------------------------------------------------ the banner

    def banner(
        self, view: JsonObject, context: JsonObject, seat: int | None, names: Names
    ) -> Banner:
        outcome = view.get("outcome")
        if outcome is not None:
            result = _result(outcome["scores"], outcome["winners"], names)
            return Banner(Text("The game is over: {result}", result=result))
        phase, teller = view["phase"], int(view["storyteller"])
        if phase == "tell":
            return _telling(view, seat, names)
        awaited = tuple(int(s) for s in view["awaited"])
        if seat in awaited:
            return Banner(_heard(view, names), _asked(view, names), waiting=awaited)
        headline = _awaiting(phase, [names[s] for s in awaited])
        prompt = (
            Text("You are the storyteller: wait while the others choose")
            if seat == teller
            else None
        )
        return Banner(headline, prompt, waiting=awaited)

    # ------------------------------------------------------------ rules met first

    def moment(self, event: Event) -> Moment | None:
        if event.to is not None:
            return None  # a rule is shown to the whole table: never from a private event
        data = event.data
        if event.kind == "clue" and data["form"]:
            return Moment(
                "form",
                Text(
                    "The storyteller stands on a special cell: it asks for a clue of a form "
                    "({form}). The server checks a question, four words and “What I love "
                    "most…”; the table judges a story",
                    form=_form(data["form"]),
                ),
            )
        if event.kind == "clue":
            return Moment(
                "clue",
                Text(
                    "The storyteller has chosen a card and given a clue for it: a word, a "
                    "phrase, a sound, a question. A good clue is found by some players, not "
                    "by all"
                ),
            )
        if event.kind == "table":
            return Moment(
                "vote",
                Text(
                    "Now everyone but the storyteller votes in secret for the card they take "
                    "for the storyteller’s, never for their own; the votes are shown when all "
                    "have voted"
                ),
            )
        if event.kind == "reveal" and len(data["votes"]) > 2:
            found = _found(data)
            if not found or len(found) == len(data["votes"]) - 1:
                return Moment(
                    "everybody_or_nobody",
                    Text(
                        "When everybody or nobody finds the storyteller’s card, the "
                        "storyteller does not move: the clue was too plain or too dark. "
                        "If everybody found it, the others move 3; if nobody did, each moves "
                        "one step for every vote on their card"
                    ),
                )
        return None


def _clue(data: Data, name: str) -> Text:
    clue = str(data["clue"])
    said: Text
    if data["aloud"] and not clue:
        said = Text("{name} said the clue aloud", name=name)
    elif data["aloud"]:
        said = Text("{name} said the clue aloud: “{clue}”", name=name, clue=clue)
    else:
        said = Text("{name} tells: “{clue}”", name=name, clue=clue)
    if data["form"]:
        return Text("{said} (the cell asks for {form})", said=said, form=_form(data["form"]))
    return said


def _own_vote(numbers: Sequence[int]) -> Text:
    if len(numbers) == 1:
        return Text("You voted for card {number}", number=numbers[0])
    tokens = [
        Text("token {rank} on card {number}", rank=rank, number=number)
        for rank, number in enumerate(numbers, 1)
    ]
    return Text("You placed {tokens}", tokens=together(tokens))


def _found(data: Data) -> list[int]:
    story, teller = int(data["story"]), int(data["storyteller"])
    return [seat for seat, votes in enumerate(data["votes"]) if seat != teller and story in votes]


def _reveal(data: Data, names: Names) -> Text:
    story, teller, votes = int(data["story"]), int(data["storyteller"]), data["votes"]
    card = Text("Card {number} was the storyteller’s", number=story)
    found: Text
    if len(votes) == 2:
        ranked = list(votes[1 - teller])
        if story in ranked:
            found = Text(
                "{name}’s token {rank} was on it",
                name=names[1 - teller],
                rank=ranked.index(story) + 1,
            )
        else:
            found = Text("no token was on it")
    else:
        finders = _found(data)
        if not finders:
            found = Text("nobody found it")
        elif len(finders) == len(votes) - 1:
            found = Text("everybody found it")
        else:
            found = Text("{names} found it", names=together([names[s] for s in finders]))
    moved = [
        Text("{name} +{count}", name=names[seat], count=count)
        for seat, count in enumerate(data["moves"])
        if count
    ]
    moves = Text("moves: {list}", list=together(moved)) if moved else Text("nobody moves")
    said = Text("{card}: {found}; {moves}", card=card, found=found, moves=moves)
    if not data["accepted"]:
        return Text(
            "{said} ({name} does not move: the clue was not taken for {form})",
            said=said,
            name=names[teller],
            form=_form(data["form"]),
        )
    return said


def _result(scores: Sequence[int], winners: Sequence[int], names: Names) -> Text:
    if len(winners) == 1:
        seat = winners[0]
        return Text("{name} wins with {steps}", name=names[seat], steps=_steps(scores[seat]))
    return Text("a draw: {names} share the win", names=together([names[s] for s in winners]))


def _telling(view: JsonObject, seat: int | None, names: Names) -> Banner:
    teller = int(view["storyteller"])
    if seat != teller:
        return Banner(
            Text("{name} is the storyteller: choosing a card and a clue", name=names[teller]),
            turn=teller,
        )
    if view["players"] == 2:
        prompt = Text("Lay five cards of your hand and give a clue for one of them")
    else:
        prompt = Text("Choose a card of your hand and give a clue for it")
    if view["form"]:
        prompt = Text(
            "{first}; {rest}",
            first=prompt,
            rest=Text("your cell asks for {form}", form=_form(view["form"])),
        )
    return Banner(Text("You are the storyteller"), prompt, turn=teller)


def _heard(view: JsonObject, names: Names) -> Text:
    """The clue, as the seats that must answer it read it."""
    name = names[int(view["storyteller"])]
    if view["aloud"] and not view["clue"]:
        return Text("{name} said the clue aloud", name=name)
    return Text("{name}’s clue: “{clue}”", name=name, clue=view["clue"])


def _asked(view: JsonObject, names: Names) -> Text:
    """What a seat the game waits for is asked to do."""
    phase = view["phase"]
    if phase == "confirm":
        return Text(
            "Does the clue have the form its cell asks, {form}? Answer yes or no",
            form=_form(view["form"]),
        )
    if phase == "lay":
        if view["players"] == 3:
            return Text("Lay two cards of your hand that fit the clue, in secret")
        return Text("Lay a card of your hand that fits the clue, in secret")
    name = names[int(view["storyteller"])]
    if view["players"] == 2:
        return Text(
            "Which card is {name}’s? Place one to three tokens: token 1 where you are surest",
            name=name,
        )
    return Text("Which card is {name}’s? Vote with your token, never for your own card", name=name)


NARRATOR = AssociationsNarrator()


def _awaiting(phase: str, who: list[str]) -> Text:
    """Whom the table waits for, the verb agreeing with one person or several («Ждём, пока
    Bob положит карточки», «…пока Ann и Bob положат…»)."""
    if len(who) == 1:
        name = who[0]
        if phase == "confirm":
            return Text("Waiting for {name} to judge the clue’s form", name=name)
        if phase == "lay":
            return Text("Waiting for {name} to lay their cards", name=name)
        return Text("Waiting for {name} to vote", name=name)
    names = together(who)
    if phase == "confirm":
        return Text("Waiting for {names} to judge the clue’s form", names=names)
    if phase == "lay":
        return Text("Waiting for {names} to lay their cards", names=names)
    return Text("Waiting for {names} to vote", names=names)
