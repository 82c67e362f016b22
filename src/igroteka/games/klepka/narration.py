"""What Klepka says of itself: a sentence for every event, the banner in every phase.

It speaks from the events a reader may see and that reader's view, never the state (see
``engine/narration.py``). Cards are numbered from 1, as the table shows them.

>>> from igroteka.engine import Event
>>> flip = Event("flip", {"seat": 1, "position": 6, "card": {"kind": "word", "text": "apple"}})
>>> NARRATOR.narrate(flip, 1, ["Ann", "Olya"])
'Olya flipped card 7: ‘apple’'
>>> NARRATOR.narrate(Event("match", {"seat": 0, "word": "apple", "picture": "🍎"}), 0, ["Ann"])
'Ann found a pair: ‘apple’ 🍎'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from igroteka.engine import Event, JsonObject
from igroteka.engine.narration import Banner, Moment, Names, together
from igroteka.i18n import Text

__all__ = ["NARRATOR", "KlepkaNarrator"]


def _card(card: Mapping[str, Any]) -> Text:
    """A face-up card as a sentence names it."""
    if card.get("kind") == "syncope":
        return Text("a Syncope")
    if card.get("kind") == "picture":
        return Text("{picture}", picture=card.get("text", ""))
    return Text("‘{word}’", word=card.get("text", ""))


def _looking(card: Mapping[str, Any], name: str | None) -> Text:
    """What a player looks for once ``card`` is up: its match."""
    text = card.get("text", "")
    if card.get("kind") == "picture":
        if name is None:
            return Text("You are looking for the word of {picture}", picture=text)
        return Text("{name} is looking for the word of {picture}", name=name, picture=text)
    if name is None:
        return Text("You are looking for the picture of ‘{word}’", word=text)
    return Text("{name} is looking for the picture of ‘{word}’", name=name, word=text)


def _numbers(positions: list[int]) -> Text:
    return together([str(p + 1) for p in positions])


def _london(data: Mapping[str, Any], names: Names) -> Text:
    name = names[data["seat"]]
    if data.get("yes"):
        return Text("{name} has been to London", name=name)
    return Text("{name} has not been to London", name=name)


def _starter(data: Mapping[str, Any], names: Names) -> Text:
    name = names[data["seat"]]
    if data.get("london"):
        return Text("{name} starts: {name} has been to London", name=name)
    return Text("Nobody has been to London: {name} starts, drawn by lot", name=name)


def _game_over(data: Mapping[str, Any], names: Names) -> Text:
    winners = [names[s] for s in data.get("winners", [])]
    scores = data.get("scores", [])
    best = max(scores) if scores else 0
    if len(winners) == 1:
        return Text(
            "{name} won with the longest chain: {length} {length:letter|letters}",
            name=winners[0],
            length=best,
        )
    return Text(
        "{names} share the victory: chains of {length} {length:letter|letters}",
        names=together(winners),
        length=best,
    )


_Say = Callable[[Mapping[str, Any], Names], Text]
_SENTENCES: dict[str, _Say] = {
    "london": _london,
    "starter": _starter,
    "flip": lambda d, n: Text(
        "{name} flipped card {number}: {card}",
        name=n[d["seat"]],
        number=d["position"] + 1,
        card=_card(d["card"]),
    ),
    "search": lambda d, n: Text(
        "Two of a kind: {name} searches on for the match of {card}",
        name=n[d["seat"]],
        card=_card(d["card"]),
    ),
    "match": lambda d, n: Text(
        "{name} found a pair: ‘{word}’ {picture}",
        name=n[d["seat"]],
        word=d.get("word", ""),
        picture=d.get("picture", ""),
    ),
    "syncope": lambda d, n: Text("{name} took a Syncope", name=n[d["seat"]]),
    "conceal": lambda d, n: Text(
        "{count:Card|Cards} {numbers} turned back face down",
        count=len(d["positions"]),
        numbers=_numbers(list(d["positions"])),
    ),
    "turn": lambda d, n: Text("{name}’s turn", name=n[d["seat"]]),
    "table_cleared": lambda d, n: Text(
        "The table is empty: everyone builds a chain of their words"
    ),
    "chain_submitted": lambda d, n: Text("{name} has built a chain", name=n[d["seat"]]),
    "game_over": _game_over,
}

_MOMENTS = {
    "search": Moment(
        "search",
        Text(
            "The search: when the second card is of the same kind as the first (two words, "
            "or two pictures), the first stays up and the player flips other cards until a card "
            "of the other kind turns up. The right match keeps the pair; any other ends the "
            "turn. A card tried in this search cannot be flipped again in it."
        ),
    ),
    "syncope": Moment(
        "syncope",
        Text(
            "The Syncope: a prize card. Whoever flips it keeps it, and the other card goes "
            "back. In the chain at the end, a Syncope joins any two words whose letters do "
            "not meet."
        ),
    ),
}


class KlepkaNarrator:
    """Klepka's sentences and banners."""

    def narrate(self, event: Event, by: int | None, names: Names) -> Text | None:
        say = _SENTENCES.get(event.kind)
        return say(event.data, names) if say is not None else None

    def moment(self, event: Event) -> Moment | None:
        return _MOMENTS.get(event.kind)

    def banner(
        self, view: JsonObject, context: JsonObject, seat: int | None, names: Names
    ) -> Banner:
        if not view:
            return Banner(Text("Please wait"))
        phase = view["phase"]
        awaited = tuple(int(s) for s in context.get("awaited", []))
        if phase == "over" or context.get("outcome") is not None:
            return _over(view, names)
        if phase == "london":
            return _waiting(
                awaited,
                seat,
                names,
                Text("Have you ever been to London? Whoever has starts"),
                Text("Answer: yes or no"),
                lambda them: Text(
                    "Waiting for {names} to answer: have they been to London?", names=them
                ),
            )
        if phase == "chain":
            return _waiting(
                awaited,
                seat,
                names,
                Text("The table is empty: build the longest chain of your words"),
                Text(
                    "Put your words in order: each begins with the letter the one before "
                    "ends with; a Syncope joins any two"
                ),
                lambda them: Text("Waiting for {names} to build their chains", names=them),
            )
        turn = int(view["turn"])
        mine = turn == seat
        name = names[turn]
        if phase == "reveal":
            return Banner(Text("Look: the cards turn back"), _then(view, mine, names), turn)
        if phase == "first":
            if mine:
                return Banner(Text("Your turn"), Text("Flip a card"), turn)
            return Banner(Text("{name}’s turn: {name} flips a card", name=name), None, turn)
        first = view["faces"].get(str(view.get("first")), {})
        if first.get("kind") == "syncope":
            if mine:
                return Banner(
                    Text("You flipped a Syncope: it is yours"), Text("Flip a second card"), turn
                )
            return Banner(
                Text("{name} flipped a Syncope and flips a second card", name=name), None, turn
            )
        looking = _looking(first, None if mine else name)
        if phase == "second":
            return Banner(looking, Text("Flip a second card") if mine else None, turn)
        tried = len(view.get("tried", []))  # the search
        if mine:
            prompt = Text(
                "The search: flip another card; {count} {count:card|cards} tried in this "
                "search may not be flipped again",
                count=tried,
            )
        else:
            prompt = Text("The search: {name} flips on until the other kind turns up", name=name)
        return Banner(looking, prompt, turn)


def _waiting(
    awaited: tuple[int, ...],
    seat: int | None,
    names: Names,
    question: Text,
    prompt: Text,
    others: Callable[[Text], Text],
) -> Banner:
    """A phase every player acts in at once: the reader's own task while it is to do, else
    whom the game waits for (never "someone's turn": nobody has one)."""
    if seat in awaited:
        rest = [names[s] for s in awaited if s != seat]
        if rest:
            prompt = Text("{prompt} (waiting for {names} too)", prompt=prompt, names=together(rest))
        return Banner(question, prompt, None, awaited)
    return Banner(others(together([names[s] for s in awaited])), None, None, awaited)


def _then(view: JsonObject, mine: bool, names: Names) -> Text:
    """What comes once the revealed cards are back: the search goes on, the same player flips
    again, or the turn passes."""
    after = view.get("after")
    turn = int(view["turn"])
    if after == "search":
        if mine:
            return Text("Remember them; then you search on")
        return Text("Remember them; then {name} searches on", name=names[turn])
    if after == "again":
        if mine:
            return Text("Remember them; then you flip again")
        return Text("Remember them; then {name} flips again", name=names[turn])
    following = (turn + 1) % int(view["players"])
    if following == view.get("seat"):
        return Text("Remember them; then it is your turn")
    return Text("Remember them; then it is {name}’s turn", name=names[following])


def _over(view: JsonObject, names: Names) -> Banner:
    outcome = view.get("outcome") or {}
    data = {"winners": outcome.get("winners", []), "scores": outcome.get("scores", [])}
    return Banner(Text("The game is over"), _game_over(data, names))


NARRATOR = KlepkaNarrator()
