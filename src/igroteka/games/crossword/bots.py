"""Bots for the crossword game: from a random word to the best turn by equity.

A bot sees its seat's view: the board, its rack, the scores and the tiles it
has not seen. Every level asks the move generator for the single-line plays
its rack makes (:func:`igroteka.games.crossword.movegen.plays`):

- ``random``: any of them;
- ``easy``: a short word (five letters at most) without a blank, one of the
  three best such, as a beginner finds them;
- ``medium``: the best scoring play;
- ``hard``: the best turn by *equity*, its score plus the worth of the tiles it
  keeps; it tries the sheet's turns of several words (a second word laid with
  what is left of the rack, on the board as the first left it), changes poor
  tiles when no play is worth it, and, when the bag is nearly empty, weighs the
  opponent's best reply: on racks drawn at random from the tiles it has not seen
  while the bag holds some, on the opponent's very rack (all the unseen tiles)
  once it is empty.

>>> from igroteka.engine import Match, play_out
>>> from igroteka.games.crossword.rules import CrosswordGame
>>> match = Match.start(CrosswordGame(), ["a", "b"], {}, seed=3)
>>> bots = {seat: make_bot("medium", seat, seed=3) for seat in range(2)}
>>> play_out(match, bots).winners <= {0, 1}
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from igroteka.engine.bot import check_level
from igroteka.engine.game import Event, JsonObject
from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import BLANK, Board, Tile, tile_set
from igroteka.games.crossword.rules import Action, Exchange, Pass, Play, judge
from igroteka.lexicon.text import Language

__all__ = ["LEVELS", "CrosswordBot", "Level", "Turn", "house_rules", "leave_value", "make_bot"]


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    choice: str
    """``random``, ``easy``, ``best`` (by score) or ``equity``."""
    combine: int = 0
    """How many of the best single plays it tries to follow with a second word."""
    lookahead: int = 0
    """With this many tiles in the bag or fewer, it weighs the opponent's best reply."""
    replies: int = 1
    """How many racks it draws for the opponent from the unseen tiles to weigh that reply
    (the bag not empty; once it is, the unseen tiles are the opponent's rack)."""


REPLIES = 4
"""How many racks the hard bot draws for its opponent near the end (see :attr:`Level.replies`)."""
LOOKED_AHEAD = 8
"""How many of its best turns the hard bot weighs against the reply near the end."""

LEVELS: dict[str, Level] = {
    "random": Level("random", "random"),
    "easy": Level("easy", "easy"),
    "medium": Level("medium", "best"),
    "hard": Level("hard", "equity", combine=12, lookahead=7, replies=REPLIES),
}

VOWELS = {"ru": set("аеиоуыэюя"), "uk": set("аеєиіїоуюя")}
BLANK_WORTH = 12.0
"""What a blank kept on the rack is worth to the hard bot, in points."""
EASY_CHOICES = 3
"""The easy bot lays one of this many best short words, at random."""
OUT_WORTH = 10.0
"""What laying one's last tile is worth once the bag is empty: the game ends with the round."""
Turn = tuple[float, tuple[Tile, ...]]
"""A turn the hard bot weighs: its score (less half the reply near the end) and its tiles."""
EXCHANGE_BELOW = 8.0
"""The equity under which the hard bot would rather change tiles (the bag allowing)."""


def make_bot(level: str, seat: int, seed: int) -> CrosswordBot:
    """A bot of a level (``random``, ``easy``, ``medium``, ``hard``) for a seat."""
    check_level(level, LEVELS)
    return CrosswordBot(LEVELS[level], seat, seed)


def leave_value(tiles: Sequence[str], lang: Language) -> float:
    """What tiles kept on a rack are worth for the turns to come, in points.

    A blank is worth much; dear letters little (they are hard to place); a rack
    of only vowels or only consonants, or with letters twice, is worth less.

    >>> leave_value("*", "ru") > leave_value("а", "ru") > leave_value("ф", "ru")
    True
    """
    points = tile_set(lang).points
    vowels = VOWELS[lang]
    worth = 0.0
    for tile in tiles:
        if tile == BLANK:
            worth += BLANK_WORTH
        else:
            worth += 1.0 - 0.45 * max(0, points.get(tile, 1) - 2)
    letters = [tile for tile in tiles if tile != BLANK]
    if letters:
        share = sum(tile in vowels for tile in letters) / len(letters)
        worth -= 6.0 * abs(share - 0.45) * len(letters) / 3
        worth -= 2.0 * sum(count - 1 for count in Counter(letters).values())
    return worth


class CrosswordBot:
    """A bot of one :class:`Level` for one seat; its randomness comes from its seed."""

    def __init__(self, level: Level, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.random = random.Random(seed * 7919 + seat)

    def observe(self, events: Sequence[Event]) -> None:
        """The view holds everything the bot uses: the board, its rack, the unseen tiles."""

    def offer(self, view: JsonObject) -> Action | None:
        return None

    def refused(self, reason: str) -> None:
        raise RuntimeError(f"bot:{self.level.name} chose an illegal play: {reason}")

    def choose(self, view: JsonObject) -> Action:
        board = Board(tuple(view["board"]))
        rack = "".join(view["rack"])
        lang: Language = "uk" if view["lang"] == "uk" else "ru"
        rules = house_rules(view)
        level = self.level
        found: list[movegen.Play] = []
        if level.choice == "easy" and BLANK in rack:  # it lays no blank while it can help it
            found = movegen.plays(board, rack.replace(BLANK, ""), lang, **rules)
        found = found or movegen.plays(board, rack, lang, **rules)
        if level.choice == "equity":
            return self._equity(view, board, rack, lang, rules, found)
        if not found:
            return self._no_play(view, rack)
        if level.choice == "random":
            return Play(self.random.choice(found).tiles)
        if level.choice == "easy":
            return Play(self._easy(found).tiles)
        best = max(play.score for play in found)
        return Play(self.random.choice([p for p in found if p.score == best]).tiles)

    def _easy(self, found: Sequence[movegen.Play]) -> movegen.Play:
        short = [
            play
            for play in found
            if len(play.words[0][0]) <= 5 and not any(tile.blank for tile in play.tiles)
        ]
        pool = sorted(short or found, key=lambda play: -play.score)
        return self.random.choice(pool[:EASY_CHOICES])

    def _no_play(self, view: JsonObject, rack: str) -> Action:
        """No word: change the whole rack if the bag allows, else pass."""
        bag = int(view["bag"])
        if bag and rack:
            return Exchange(tuple(rack[: min(len(rack), bag)]))
        return Pass()

    # -- the hard bot

    def _equity(
        self,
        view: JsonObject,
        board: Board,
        rack: str,
        lang: Language,
        rules: dict[str, bool],
        found: list[movegen.Play],
    ) -> Action:
        bag = int(view["bag"])
        bonus = int(view["options"]["bonus"])
        candidates: list[Turn] = [(play.score, play.tiles) for play in found]
        ranked = sorted(found, key=lambda play: -(play.score + _leave(rack, play.tiles, lang)))
        for first in ranked[: self.level.combine]:
            candidates.extend(self._followed(board, rack, lang, rules, bonus, first))
        if not candidates:
            return self._change(rack, bag, lang)

        def worth(candidate: Turn) -> float:
            score, tiles = candidate
            kept = _kept(rack, tiles)
            if bag == 0:  # what is kept now is subtracted at the end; going out ends the game
                return score - tile_set(lang).value(kept) + (OUT_WORTH if not kept else 0)
            return score + leave_value(kept, lang)

        if bag <= self.level.lookahead:
            candidates = self._looked_ahead(view, board, rack, lang, rules, candidates, worth)
        best = max(candidates, key=worth)
        if worth(best) < EXCHANGE_BELOW and bag >= tile_set(lang).rack:
            return self._change(rack, bag, lang)
        return Play(best[1])

    def _followed(
        self,
        board: Board,
        rack: str,
        lang: Language,
        rules: dict[str, bool],
        bonus: int,
        first: movegen.Play,
    ) -> list[Turn]:
        """Turns of two words: the first play, then a second with the tiles it leaves."""
        left = _kept(rack, first.tiles)
        if not left:
            return []
        after = board.place(first.tiles)
        turns: list[Turn] = []
        seconds = sorted(movegen.plays(after, left, lang, **rules), key=lambda p: -p.score)
        for second in seconds[:3]:
            tiles = tuple(sorted((*first.tiles, *second.tiles), key=lambda tile: tile.cell))
            judged = judge(board, tiles, lang, bonus=bonus, **rules)
            turns.append((judged.score, tiles))
        return turns

    def _looked_ahead(
        self,
        view: JsonObject,
        board: Board,
        rack: str,
        lang: Language,
        rules: dict[str, bool],
        candidates: list[Turn],
        worth: Callable[[Turn], float],
    ) -> list[Turn]:
        """Near the end: each of the best candidates less half the opponent's best reply.

        With the bag empty the unseen tiles are the opponent's rack, and a turn that lays
        one's last tile at the end of a round ends the game: nobody replies. Else the
        reply is the mean over :attr:`Level.replies` racks drawn from the unseen tiles
        (the same racks for every candidate).
        """
        unseen = "".join(tile for tile, count in view["unseen"].items() for _ in range(count))
        if not unseen or len(unseen) > 2 * tile_set(lang).rack or view["players"] != 2:
            return candidates
        racks = self._opponent_racks(view, unseen, lang)
        seat = int(view["seat"])
        ends_round = (seat + 1) % 2 == int(view["first"])
        distinct = {frozenset(tiles): (score, tiles) for score, tiles in candidates}
        top = sorted(distinct.values(), key=worth, reverse=True)[:LOOKED_AHEAD]
        weighed: list[Turn] = []
        for score, tiles in top:
            if int(view["bag"]) == 0 and ends_round and len(tiles) == len(rack):
                weighed.append((score, tiles))  # going out ends the game: no reply
                continue
            after = board.place(tiles)
            best: dict[str, int] = {}
            for other in racks:
                if other not in best:
                    replies = movegen.plays(after, other, lang, **rules)
                    best[other] = max((play.score for play in replies), default=0)
            reply = sum(best[other] for other in racks) / len(racks)
            weighed.append((score - reply / 2, tiles))
        return weighed

    def _opponent_racks(self, view: JsonObject, unseen: str, lang: Language) -> list[str]:
        """The opponent's rack: the unseen tiles once the bag is empty, else racks of its size
        drawn at random from them (the bot's seeded randomness), sorted."""
        other = 1 - int(view["seat"])
        size = min(int(view["racks"][other]), tile_set(lang).rack, len(unseen))
        if int(view["bag"]) == 0 or size >= len(unseen):
            return [unseen]
        count = max(1, self.level.replies)
        return ["".join(sorted(self.random.sample(unseen, size))) for _ in range(count)]

    def _change(self, rack: str, bag: int, lang: Language) -> Action:
        """Change the tiles worth least to keep (the bag allowing), or pass."""
        if not bag or not rack:
            return Pass()
        ranked = sorted(rack, key=lambda tile: leave_value(tile, lang))
        keep = {tile for tile in ranked[-2:] if leave_value(tile, lang) > 0.5}
        give = [tile for tile in rack if tile not in keep][:bag]
        return Exchange(tuple(give or rack[:bag]))


def house_rules(view: JsonObject) -> dict[str, bool]:
    """The house rules a game's words and scores follow, as :func:`movegen.plays` takes them:
    premiums under old tiles (``every``), the family table, famous surnames."""
    options = view["options"]
    return {
        "every": options["premiums"] == "every",
        "family": bool(options.get("family", True)),
        "famous": bool(options.get("famous", True)),
    }


def _kept(rack: str, tiles: Sequence[Tile]) -> str:
    left = list(rack)
    for tile in tiles:
        left.remove(tile.rack_tile)
    return "".join(left)


def _leave(rack: str, tiles: Sequence[Tile], lang: Language) -> float:
    return leave_value(_kept(rack, tiles), lang)
