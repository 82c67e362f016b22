"""What the crossword game says: a sentence for each turn, the banner, the rules met first.

The narrator reads only what its reader may know: the events already filtered for the
reader's seat and that seat's view (``engine/narration.py``). The tiles a seat drew are in an
event addressed to that seat alone, so "You drew …" is said only to the one who drew them.

>>> names = ["Ann", "Bob"]
>>> play = Event("play", {"seat": 0, "words": [["полка", 8]], "where": [["H8", True]],
...                       "score": 8, "bonus": 0, "drawn": 5, "bag": 110})
>>> NARRATOR.narrate(play, 0, names)
'Ann played ПОЛКА at H8 across for 8 points'
>>> NARRATOR.narrate(Event("drew", {"seat": 0, "tiles": ["к", "*"]}, to=frozenset({0})), 0, names)
'You drew К, ★'
>>> NARRATOR.narrate(Event("exchange", {"seat": 1, "count": 3}), 1, names)
'Bob passed and changed 3 tiles'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.engine.game import Event, JsonObject
from igroteka.engine.narration import Banner, Moment, Names, together
from igroteka.i18n import Text

__all__ = ["NARRATOR", "CrosswordNarrator"]

Data = Mapping[str, Any]
"""An event's data."""

CENTRE = "H8"


def _way(across: bool) -> Text:
    return Text("across") if across else Text("down")


def _tiles(tiles: Sequence[str]) -> str:
    """Tiles as a player reads them: upper case letters, ★ a blank (as the rack shows it)."""
    return ", ".join("★" if tile == "*" else str(tile).upper() for tile in tiles)


def _points(score: int) -> Text:
    return Text("{score} {score:point|points}", score=score)


class CrosswordNarrator:
    """The crossword game's sentences (a :class:`~igroteka.engine.narration.Narrator`)."""

    # ------------------------------------------------------------ the log

    def narrate(self, event: Event, by: int | None, names: Names) -> Text | None:
        data = event.data
        if event.kind == "play":
            return _play(data, names[data["seat"]])
        if event.kind == "drew":
            if not data["tiles"]:
                return Text("The bag is empty: you drew no new tiles")
            return Text("You drew {tiles}", tiles=_tiles(data["tiles"]))
        if event.kind == "exchange":
            return Text(
                "{name} passed and changed {count} {count:tile|tiles}",
                name=names[data["seat"]],
                count=data["count"],
            )
        if event.kind == "exchanged":
            return Text(
                "You gave back {gave} and drew {got}",
                gave=_tiles(data["gave"]),
                got=_tiles(data["got"]),
            )
        if event.kind == "pass":
            return Text("{name} passed", name=names[data["seat"]])
        if event.kind == "game_over":
            return _game_over(data, names)
        return None

    # ------------------------------------------------------------ the banner

    def banner(
        self, view: JsonObject, context: JsonObject, seat: int | None, names: Names
    ) -> Banner:
        outcome = view.get("outcome")
        if outcome is not None:
            result = _result(outcome["scores"], outcome["winners"], names)
            return Banner(Text("The game is over: {result}", result=result))
        turn = int(view["turn"])
        if seat == turn:
            headline: Text = Text("Your turn")
            prompt: Text | None = _prompt(view)
        else:
            headline, prompt = Text("{name}’s turn", name=names[turn]), None
        if _last_round(view):
            headline = Text(
                "{first}; {rest}",
                first=headline,
                rest=Text(
                    "the last round: the game ends when the turn comes back to {name}",
                    name=names[int(view["first"])],
                ),
            )
        return Banner(headline, prompt, turn=turn)

    # ------------------------------------------------------------ rules met first

    def moment(self, event: Event) -> Moment | None:
        if event.to is not None or event.kind not in ("play", "exchange"):
            return None  # a rule is shown to the whole table: never from a private event
        if event.kind == "exchange":
            return Moment(
                "exchange",
                Text(
                    "Instead of playing, a player may pass and change any number of tiles "
                    "for new ones from the bag; the turn is then over"
                ),
            )
        data = event.data
        if any(tile[3] for tile in data["tiles"]):
            return Moment(
                "blank",
                Text(
                    "A blank (★) stands for any letter the player chooses and keeps it to "
                    "the end; it scores nothing"
                ),
            )
        if len(data["words"]) > 1:
            return Moment(
                "several_words",
                Text(
                    "One turn may make several words, anywhere on the board: every new word "
                    "scores, and each premium cell counts for every word that uses it"
                ),
            )
        if data["bag"] == 0:
            return Moment(
                "bag_empty",
                Text(
                    "The bag is empty: no more exchanges. Once a player has laid their last "
                    "tile, the round is played to its end and the game is over"
                ),
            )
        return None


def _play(data: Data, name: str) -> Text:
    words = [(str(word).upper(), int(score)) for word, score in data["words"]]
    where = data["where"]
    played: Text
    if len(words) == 1:
        cell, across = where[0]
        played = Text(
            "{name} played {word} at {cell} {way} for {points}",
            name=name,
            word=words[0][0],
            cell=cell,
            way=_way(across),
            points=_points(data["score"]),
        )
    else:
        parts = [
            Text(
                "{word} at {cell} {way} ({score})",
                word=word,
                cell=cell,
                way=_way(across),
                score=score,
            )
            for (word, score), (cell, across) in zip(words, where, strict=True)
        ]
        played = Text(
            "{name} played {words}: {points} in all",
            name=name,
            words=together(parts),
            points=_points(data["score"]),
        )
    if data["bonus"]:
        return Text(
            "{play}, with a bonus of {bonus} for laying every tile",
            play=played,
            bonus=data["bonus"],
        )
    return played


def _game_over(data: Data, names: Names) -> Text:
    scores, played, left = data["scores"], data.get("played", data["scores"]), data["left"]
    result = _result(scores, data["winners"], names)
    taken = [
        Text("{name} −{points}", name=names[seat], points=before - after)
        for seat, (before, after) in enumerate(zip(played, scores, strict=True))
        if before != after
    ]
    if taken:
        costs: Text = Text(
            "the tiles left on the racks are taken off the scores: {list}", list=together(taken)
        )
    elif any(left):
        costs = Text("the tiles left on the racks cost nothing (a house rule)")
    else:
        return Text("The game is over: {result}", result=result)
    return Text("The game is over: {costs}; {result}", costs=costs, result=result)


def _result(scores: Sequence[int], winners: Sequence[int], names: Names) -> Text:
    best = max(scores)
    if len(scores) == 1:
        return Text("{name} scored {points}", name=names[0], points=_points(best))
    if len(winners) == 1:
        return Text("{name} wins with {points}", name=names[winners[0]], points=_points(best))
    return Text(
        "a tie: {names} share the win with {points} each",
        names=together([names[seat] for seat in winners]),
        points=_points(best),
    )


def _prompt(view: JsonObject) -> Text:
    if not any(row.strip(".") for row in view["board"]):
        return Text(
            "Lay the first word through the centre cell {cell}, then press Play; "
            "or exchange tiles, or pass",
            cell=CENTRE,
        )
    bag = int(view["bag"])
    if bag == 0:
        return Text("Place tiles on the board, then press Play; or pass (the bag is empty)")
    if bag < int(view["rack_size"]):
        return Text(
            "Place tiles on the board, then press Play; or exchange up to {count} "
            "{count:tile|tiles}, or pass",
            count=bag,
        )
    return Text("Place tiles on the board, then press Play; or exchange tiles, or pass")


def _last_round(view: JsonObject) -> bool:
    """Whether the game ends with this round: the bag is empty and a rack is too."""
    racks: list[Any] = view["racks"]
    return int(view["bag"]) == 0 and any(count == 0 for count in racks)


NARRATOR = CrosswordNarrator()
