"""What Klepka letters says of itself: a sentence for every event, the banner in every phase.

It speaks from the events a reader may see and that reader's view, never the state (see
``engine/narration.py``). Cards are numbered from 1, as the table shows them; a letter is
shown as its card shows it, in capitals.

>>> from igroteka.engine import Event
>>> words = [{"word": "кіт", "points": 6, "double": False, "polysemy": None}]
>>> NARRATOR.narrate(Event("compose", {"seat": 0, "words": words}), 0, ["Ann"])
'Ann composed «кіт» for 6 points'
>>> gave, took = {"kind": "letter", "letter": "б"}, {"kind": "letter", "letter": "к"}
>>> exchange = Event("exchange", {"seat": 1, "with": 0, "gave": gave, "took": took})
>>> NARRATOR.narrate(exchange, 1, ["Ann", "Bob"])
'Bob played Exchange: gave Б, took К from Ann'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from igroteka.engine import Event, JsonObject
from igroteka.engine.narration import Banner, Moment, Names, together
from igroteka.i18n import Text

__all__ = ["NARRATOR", "LettersNarrator"]

_PRIZES = {
    "polysemy": Text("a Polysemy"),
    "chaos": Text("a Chaos card"),
    "exchange": Text("an Exchange card"),
}


def _card(card: Mapping[str, Any]) -> Text:
    """A card as a sentence names it: its letter, or the prize it is."""
    kind = card.get("kind")
    if kind == "letter":
        return Text("{letter}", letter=str(card.get("letter", "")).upper())
    return _PRIZES.get(str(kind), Text("a card"))


def _word(word: Mapping[str, Any]) -> Text:
    """One composed word and what it scored."""
    points, shown = word.get("points", 0), word.get("word", "")
    if word.get("polysemy"):
        stands = str(word["polysemy"]).upper()
        if word.get("double"):
            return Text(
                "«{word}» (a Polysemy as {letter}, one colour) for {points} {points:point|points}",
                word=shown,
                letter=stands,
                points=points,
            )
        return Text(
            "«{word}» (a Polysemy as {letter}) for {points} {points:point|points}",
            word=shown,
            letter=stands,
            points=points,
        )
    if word.get("double"):
        return Text(
            "«{word}» (one colour: doubled) for {points} {points:point|points}",
            word=shown,
            points=points,
        )
    return Text("«{word}» for {points} {points:point|points}", word=shown, points=points)


def _compose(data: Mapping[str, Any], names: Names) -> Text:
    words = [_word(word) for word in data.get("words", [])]
    return Text("{name} composed {words}", name=names[data["seat"]], words=together(words))


def _game_over(data: Mapping[str, Any], names: Names) -> Text:
    winners = [names[s] for s in data.get("winners", [])]
    scores = data.get("scores", [])
    best = max(scores) if scores else 0
    if data.get("phrase") is not None:
        return Text("{name} won: Слава Україні", name=names[data["phrase"]])
    if len(winners) == 1:
        return Text("{name} won with {points} {points:point|points}", name=winners[0], points=best)
    return Text(
        "{names} share the victory with {points} {points:point|points}",
        names=together(winners),
        points=best,
    )


_Say = Callable[[Mapping[str, Any], Names], Text]
_SENTENCES: dict[str, _Say] = {
    "flip": lambda d, n: Text(
        "{name} flipped card {number}: {card}",
        name=n[d["seat"]],
        number=d["position"] + 1,
        card=_card(d["card"]),
    ),
    "match": lambda d, n: Text(
        "{name} kept a pair: {letter}",
        name=n[d["seat"]],
        letter=str(d.get("letter", "")).upper(),
    ),
    "prize": lambda d, n: Text(
        "{name} took {card}", name=n[d["seat"]], card=_card({"kind": d.get("prize")})
    ),
    "compose": _compose,
    "phrase": lambda d, n: Text(
        "{name} composed Слава Україні: the game ends at once", name=n[d["seat"]]
    ),
    "conceal": lambda d, n: Text(
        "{count:Card|Cards} {numbers} turned back face down",
        count=len(d["positions"]),
        numbers=together([str(p + 1) for p in d["positions"]]),
    ),
    "chaos": lambda d, n: Text(
        "{name} played Chaos: the face-down cards were shuffled", name=n[d["seat"]]
    ),
    "exchange": lambda d, n: Text(
        "{name} played Exchange: gave {gave}, took {took} from {other}",
        name=n[d["seat"]],
        gave=_card(d["gave"]),
        took=_card(d["took"]),
        other=n[d["with"]],
    ),
    "turn": lambda d, n: Text("{name}’s turn", name=n[d["seat"]]),
    "table_cleared": lambda d, n: Text(
        "The table is empty: words are composed from the cards held"
    ),
    "game_over": _game_over,
}

_POLYSEMY = Moment(
    "polysemy",
    Text(
        "The Polysemy: a prize card that stands for any one letter of a word, as many "
        "times as the word has it, when no card of that letter is used in it."
    ),
)
_CHAOS = Moment(
    "chaos",
    Text(
        "The Chaos: its holder may play it at any moment, in anyone's turn: every face-down "
        "card on the table is shuffled, so what you remembered of them is gone."
    ),
)
_EXCHANGE = Moment(
    "exchange",
    Text(
        "The Exchange: its holder may play it at any moment, in anyone's turn: give one of "
        "your cards and take one from another player."
    ),
)
_DOUBLE = Moment(
    "double",
    Text("One colour: a word whose letters are all of one colour scores double."),
)


class LettersNarrator:
    """Klepka letters' sentences and banners."""

    def narrate(self, event: Event, by: int | None, names: Names) -> Text | None:
        say = _SENTENCES.get(event.kind)
        return say(event.data, names) if say is not None else None

    def moment(self, event: Event) -> Moment | None:
        data = event.data
        if event.kind == "chaos":
            return _CHAOS
        if event.kind == "exchange":
            return _EXCHANGE
        if event.kind == "prize":
            return {"polysemy": _POLYSEMY, "chaos": _CHAOS, "exchange": _EXCHANGE}.get(
                str(data.get("prize"))
            )
        if event.kind == "compose":
            words = data.get("words", [])
            if any(word.get("polysemy") for word in words):
                return _POLYSEMY
            if any(word.get("double") for word in words):
                return _DOUBLE
        return None

    def banner(
        self, view: JsonObject, context: JsonObject, seat: int | None, names: Names
    ) -> Banner:
        if not view:
            return Banner(Text("Please wait"))
        phase = view["phase"]
        if phase == "over" or context.get("outcome") is not None:
            outcome = view.get("outcome") or {}
            data = {
                "winners": outcome.get("winners", []),
                "scores": outcome.get("scores", []),
                "phrase": outcome.get("phrase"),
            }
            return Banner(Text("The game is over"), _game_over(data, names))
        turn = int(view["turn"])
        mine = turn == seat
        name = names[turn]
        headline, prompt = _step(view, phase, mine, name)
        if not mine and seat is not None and seat in view.get("actors", []):
            prompt = Text("You may play your prize card at any moment")
        return Banner(headline, prompt, turn)


def _down(view: JsonObject) -> int:
    return sum(1 for place in view["table"] if place == "down")


def _step(view: JsonObject, phase: str, mine: bool, name: str) -> tuple[Text, Text | None]:
    """The headline and the prompt of the turn's step, for its player (``mine``) or another."""
    if phase == "reveal":
        return Text("Look: the cards turn back"), Text("Remember where the letters lie")
    if phase == "again":
        if mine:
            return Text("You kept a pair"), Text("Flip two more cards, or stop")
        return Text("{name} kept a pair and may flip two more cards", name=name), None
    if phase == "flip":
        left = int(view.get("left", 0))
        if mine:
            return Text("Your turn"), Text(
                "Flip {count} more {count:card|cards}: identical letters are kept", count=left
            )
        return Text("{name} is flipping cards: {count} more", name=name, count=left), None
    down = _down(view)  # compose: the turn's first step
    if not down:
        if mine:
            return Text("The table is empty"), Text("Compose words from your cards, or stop")
        return Text("The table is empty: {name} may compose words", name=name), None
    flips = min(2 * (int(view.get("composed", 0)) + 1), down)
    if mine:
        return Text("Your turn"), Text(
            "Compose words from your cards, or flip {count} {count:card|cards}", count=flips
        )
    return Text("{name}’s turn: {name} may compose words, then flips", name=name), None


NARRATOR = LettersNarrator()
