"""A teacher's own association cards: the recipe format, its reader, and its cards.

A deck is text that a teacher types in the lobby or keeps in a file::

    # the autumn lesson
    name: Autumn
    lang: en
    🦔 🍎 forest : autumn, hiding
    🐸 ☂️ 💧 : rain, a walk
    picture Xk2m9dQ4vT0aLs7bRw1e3g : our classroom

Headings first (``name:`` and ``lang:`` are required), then one card a line: two to
four emoji (the first is the main one), a backdrop's name if you like, then a colon
and the card's words, separated by commas. ``picture ID`` in place of the emoji is a
picture uploaded to the server (the lobby writes the line). The format, its limits and
every message are in docs/decks.md.

>>> deck = parse_own_deck("name: Autumn\\nlang: en\\n🦔 🍎 forest : autumn, hiding\\n")
>>> card = deck.cards[0]
>>> card.backdrop, card.emoji, card.tags("en")[-2:]
('forest', ('🦔', '🍎'), ('autumn', 'hiding'))

A card's id holds its whole recipe (``t-<n>-<recipe>``), so that whatever knows the id
knows the card: the rules, the view's faces, the bots in their worker processes and a
replay, with no register of decks to keep in step between processes:

>>> card_from_id(card.id) == card
True

A mistake is a :class:`~igroteka.games.klepka.deck.DeckError` (the one of Klepka's
deck files) naming the line and saying what is wrong; every mistake is listed at once:

>>> parse_own_deck("name: A\\nlang: en\\n🦔 : alone\\n")
Traceback (most recent call last):
...
igroteka.games.klepka.deck.DeckError: your deck, line 3: a card has 2 to 4 emoji, and this one has 1
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from igroteka.games.associations.deck import (
    LANGUAGES,
    OWN_PREFIX,
    Card,
    Glyph,
    Words,
    backdrops,
    builtin_deck,
    normalise,
)
from igroteka.games.klepka.deck import DeckError, DeckProblem, HeadedReader, word_problem
from igroteka.i18n import Text

__all__ = [
    "ENOUGH",
    "MAX_CARDS",
    "MAX_LINE",
    "MAX_PICTURES",
    "MAX_TEXT_BYTES",
    "MAX_WORDS",
    "PICTURE_URL",
    "OwnDeck",
    "card_from_id",
    "layout",
    "parse_own_deck",
    "playing_cards",
    "split_emoji",
]

ENOUGH: Final = 48
"""The cards a game is dealt from at least: six players hold 36, a table is six more, and
the six of the table before lie in the discard while the pile is drawn. A deck of fewer
own cards is filled up with the first built-in cards."""
MAX_CARDS: Final = 200
"""The most cards a deck may have (the built-in deck has 97)."""
MAX_PICTURES: Final = 100
"""The most uploaded pictures a deck may name."""
MAX_LINE: Final = 200
"""The most characters a line may have."""
MAX_WORDS: Final = 8
"""The most words (or short phrases) a card may have."""
MAX_TEXT_BYTES: Final = 100_000
"""The most bytes (UTF-8) a deck's text may have: 200 full lines of Cyrillic fit."""
EMOJI: Final = (2, 4)
"""The fewest and the most emoji a card has, as every built-in card."""
PICTURE_URL: Final = "/api/images/{id}"
"""Where the server serves an uploaded picture: a picture card's face links it."""

_PICTURE_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
_OWN_ID = re.compile(r"t-(\d{1,3})-([A-Za-z0-9_-]{1,4000})")
_HEADINGS = ("name", "lang", "author", "licence", "backdrop")
_SPELLINGS = {"license": "licence"}
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200e\u200f\u2060\ufeff"))
_COLONS = str.maketrans({"：": ":"})
_ZWJ, _KEYCAP = "\u200d", "\u20e3"
_SELECTORS = frozenset("\ufe0e\ufe0f")
_KEYCAP_BASES = frozenset("0123456789#*")
_HEADING = re.compile(r"([A-Za-z]+)\s*:(.*)")

# Where each emoji of a card goes, by how many it has: (x, y, size) in the 100×100 frame, the
# first emoji (the main one) first. A card's number picks one of the arrangements, so that a
# deck's cards do not all look alike; they are the generator's (deck.ARRANGEMENTS) and a grid.
_LAYOUTS: Mapping[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    2: (
        ((50, 34, 40), (50, 76, 24)),  # above
        ((30, 60, 32), (70, 60, 32)),  # beside
        ((50, 46, 62), (80, 86, 14)),  # giant and small
    ),
    3: (
        ((50, 30, 32), (28, 72, 24), (72, 72, 24)),  # trio
        ((50, 52, 32), (20, 62, 22), (80, 62, 22)),  # a row
    ),
    4: (
        ((30, 32, 28), (70, 32, 28), (30, 72, 28), (70, 72, 28)),  # grid
        ((50, 42, 42), (20, 84, 16), (50, 86, 16), (80, 84, 16)),  # one over three
    ),
}


@dataclass(frozen=True, slots=True)
class OwnDeck:
    """A teacher's deck: a name, the language of its words, and its cards in order."""

    name: str
    lang: str
    cards: tuple[Card, ...]
    author: str = ""
    licence: str = ""

    @property
    def pictures(self) -> tuple[str, ...]:
        """The ids of the uploaded pictures its cards show."""
        return tuple(card.picture for card in self.cards if card.picture)


def playing_cards(deck: OwnDeck) -> tuple[str, ...]:
    """The ids a game with this deck is dealt from: its cards, then, when they are fewer
    than :data:`ENOUGH`, as many of the first built-in cards as make it up.

    >>> deck = parse_own_deck("name: A\\nlang: en\\n🦔 🍎 : autumn\\n")
    >>> ids = playing_cards(deck)
    >>> len(ids), ids[0].startswith("t-1-"), ids[1]
    (48, True, 'whale-over-house')
    """
    own = tuple(card.id for card in deck.cards)
    filler = tuple(card.id for card in builtin_deck()[: max(0, ENOUGH - len(own))])
    return own + filler


# ---------------------------------------------------------------- emoji


def _pictographic(char: str) -> bool:
    """Whether a character can start an emoji: a symbol in the emoji blocks, or a code point
    of the emoji planes newer than Python's Unicode data (🪼, Unicode 15, for Python 3.11)."""
    point = ord(char)
    category = unicodedata.category(char)
    if 0x1F000 <= point <= 0x1FAFF and category == "Cn":
        return True
    if category != "So":
        return False
    return 0x2190 <= point <= 0x2BFF or 0x1F000 <= point <= 0x1FAFF or point in (
        0xA9, 0xAE, 0x2122, 0x3030, 0x303D, 0x3297, 0x3299,
    )  # fmt: skip


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _modifier(char: str) -> bool:
    """A skin tone, a selector or a tag character: part of the emoji before it."""
    point = ord(char)
    return char in _SELECTORS or 0x1F3FB <= point <= 0x1F3FF or 0xE0020 <= point <= 0xE007F


def split_emoji(text: str) -> tuple[list[str], str]:
    """The emoji at the start of ``text`` (spaces between them or not), and what follows
    the last of them, stripped: a flag, a keycap, a person with a skin tone or a family
    joined by U+200D each count as one.

    >>> split_emoji("🐋🏠️ 👨‍👩‍👧 night")
    (['🐋', '🏠️', '👨\\u200d👩\\u200d👧'], 'night')
    >>> split_emoji("🇺🇦 1️⃣ cat 🐈")
    (['🇺🇦', '1️⃣'], 'cat 🐈')
    """
    found: list[str] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace():
            i += 1
            continue
        start = i
        if _regional(char) and i + 1 < n and _regional(text[i + 1]):
            i += 2
        elif char in _KEYCAP_BASES:  # 1️⃣: a digit, # or *, a selector perhaps, U+20E3
            after = i + 2 if text[i + 1 : i + 2] == "\ufe0f" else i + 1
            if text[after : after + 1] != _KEYCAP:
                break
            i = after + 1
        elif _pictographic(char):
            i += 1
            while i < n:
                if _modifier(text[i]) or text[i] == _KEYCAP:
                    i += 1
                elif text[i] == _ZWJ and i + 1 < n and _pictographic(text[i + 1]):
                    i += 2
                else:
                    break
        else:
            break
        found.append(text[start:i])
    else:
        return found, ""
    return found, text[start:].strip()


@functools.cache
def _known_spellings() -> Mapping[str, str]:
    """Every emoji the tag data knows, by its spelling without selectors, as it spells it."""
    from igroteka.games.associations.deck import _tag_data

    return {emoji.replace("\ufe0f", ""): emoji for emoji in _tag_data()}


def _spelled(emoji: str) -> str:
    """An emoji as the tag data spells it (a typed 🏠 is its 🏠️), or as typed."""
    return _known_spellings().get(emoji.replace("\ufe0f", ""), emoji)


def _known(emoji: str) -> bool:
    return emoji.replace("\ufe0f", "") in _known_spellings()


# ---------------------------------------------------------------- layout and ids


def layout(emoji: Sequence[str], number: int) -> tuple[Glyph, ...]:
    """The glyphs of an own card's emoji (2 to 4; the first is the main one), placed by one of
    the arrangements for that many, chosen by the card's number in its deck.

    >>> [glyph.to_json() for glyph in layout(["🐋", "🏠"], 1)]
    [['🐋', 50, 34, 40], ['🏠', 50, 76, 24]]
    """
    arrangements = _LAYOUTS[len(emoji)]
    places = arrangements[(number - 1) % len(arrangements)]
    return tuple(Glyph(e, x, y, size) for e, (x, y, size) in zip(emoji, places, strict=True))


def _card(number: int, lang: str, backdrop: str, emoji: Sequence[str], picture: str,
          words: Sequence[str]) -> Card:  # fmt: skip
    recipe = [lang, backdrop, list(emoji), picture, list(words)]
    payload = json.dumps(recipe, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    code = base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")
    mood = Words(**{code_: tuple(words) if code_ == lang else () for code_ in LANGUAGES})
    glyphs = layout(emoji, number) if emoji else ()
    return Card(f"{OWN_PREFIX}{number}-{code}", backdrop, glyphs, mood, picture)


@functools.lru_cache(maxsize=4096)
def card_from_id(card_id: str) -> Card:
    """The own card an id ``t-<n>-<recipe>`` names; :class:`KeyError` for anything else.

    The recipe is base64url of JSON ``[lang, backdrop, [emoji…], picture, [words…]]``: what
    the card's line said, checked when its deck was read (and checked for its shape again).
    """
    match = _OWN_ID.fullmatch(card_id)
    if match is None:
        raise KeyError(f"no card {card_id!r}")
    try:
        code = match[2] + "=" * (-len(match[2]) % 4)
        lang, backdrop, emoji, picture, words = json.loads(base64.urlsafe_b64decode(code))
        fits = (
            lang in LANGUAGES
            and isinstance(picture, str)
            and isinstance(emoji, list)
            and isinstance(words, list)
            and all(isinstance(item, str) for item in [*emoji, *words])
            and (
                (bool(_PICTURE_ID.fullmatch(picture)) and not emoji and backdrop == "")
                or (not picture and EMOJI[0] <= len(emoji) <= EMOJI[1] and backdrop in backdrops())
            )
        )
    except (ValueError, TypeError, binascii.Error):
        fits = False
    if not fits or int(match[1]) < 1:
        raise KeyError(f"no card {card_id!r}")
    card = _card(int(match[1]), lang, backdrop, emoji, picture, words)
    if card.id != card_id:  # the same recipe, written otherwise
        raise KeyError(f"no card {card_id!r}")
    return card


# ---------------------------------------------------------------- reading a deck


def _backdrop_named(text: str) -> str | None:
    """The backdrop a name means: its own name (``night``) or its title in uk, ru or en."""
    wanted = " ".join(text.casefold().replace("ё", "е").split())
    for name, backdrop in backdrops().items():
        titles = {name, *(backdrop.title.get(lang)[0].casefold() for lang in LANGUAGES)}
        titles |= {title.removeprefix("the ") for title in titles}
        if wanted in {title.replace("ё", "е") for title in titles}:
            return name
    return None


def _backdrop_names(lang: str | None) -> str:
    """The backdrops' names as a deck in ``lang`` may write them (their own names, by default)."""
    if lang is None or lang == "en":
        return ", ".join(backdrops())
    return ", ".join(backdrop.title.get(lang)[0] for backdrop in backdrops().values())


class _Reader(HeadedReader):
    """Reads the lines of one deck, collecting its cards and its problems."""

    HEADINGS = frozenset(_HEADINGS)

    def __init__(self, source: str, family: bool = True) -> None:
        super().__init__(source)
        self.family = family
        self.backdrop: str | None = None
        self.cards: list[Card] = []
        self.seen: dict[tuple[str, tuple[str, ...]], int] = {}

    def read(self, text: str) -> OwnDeck:
        text = unicodedata.normalize("NFC", text)
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        for number, line in enumerate(lines, start=1):
            stripped = line.translate(_INVISIBLE).strip()
            keycap = stripped[1:2] in ("\ufe0f", _KEYCAP)  # #️⃣ is an emoji, not a comment
            if not stripped or (stripped.startswith("#") and not keycap):
                continue
            heading = _HEADING.fullmatch(stripped)
            if heading is not None:
                self.heading(number, heading[1], heading[2].strip())
            else:
                self.card(number, stripped)
        return self.finish()

    def heading(self, number: int, written: str, value: str) -> None:
        key = _SPELLINGS.get(written.lower(), written.lower())
        if key == "picture":  # "picture: ID" is a card written with a colon too many
            self.card(number, f"picture {value}")
            return
        unknown = Text(
            "‘{key}:’ is not a heading (the headings are name, lang, author, licence "
            "and backdrop); a card is its emoji, a colon, then its words",
            key=written,
        )
        if not self.known_heading(number, key, value, unknown):
            return
        if key == "lang":
            self.language(number, value)
        elif key == "backdrop":
            self.backdrop = _backdrop_named(value)
            if self.backdrop is None:
                self.problem(number, self.no_backdrop(value))

    def no_backdrop(self, value: str) -> Text:
        return Text(
            "there is no backdrop ‘{name}’ (the backdrops are {choices})",
            name=value,
            choices=_backdrop_names(self.lang),
        )

    def card(self, number: int, line: str) -> None:
        if self.first_card is None:
            self.first_card = number
        if len(line) > MAX_LINE:
            self.problem(
                number,
                Text(
                    "the line is too long: at most {limit} characters, and it has {count}",
                    limit=MAX_LINE,
                    count=len(line),
                ),
            )
            return
        left, _, right = line.translate(_COLONS).partition(":")
        words = self.words(number, right)
        if words is None:
            return
        fields = left.split()
        if fields and fields[0].casefold() == "picture":
            self.picture(number, fields[1:], words)
            return
        emoji, rest = split_emoji(left)
        backdrop = self.backdrop or tuple(backdrops())[len(self.cards) % len(backdrops())]
        if rest:
            named = _backdrop_named(rest)
            if named is None:
                self.problem(number, self.not_emoji(rest, emoji))
                return
            backdrop = named
        if not EMOJI[0] <= len(emoji) <= EMOJI[1]:
            self.problem(
                number,
                Text("a card has 2 to 4 emoji, and this one has {count}", count=len(emoji)),
            )
            return
        emoji = [_spelled(e) for e in emoji]
        if not words and not any(_known(e) for e in emoji):
            self.problem(
                number,
                Text(
                    "the game knows no words for these emoji: write the card's words "
                    "after a colon, such as ‘{emoji} : sea, calm’",
                    emoji=" ".join(emoji),
                ),
            )
            return
        self.add(number, backdrop, emoji, "", words)

    def not_emoji(self, rest: str, emoji: Sequence[str]) -> Text:
        first = rest.split()[0]
        if emoji and len(emoji) >= EMOJI[0] and first.isalpha():
            return Text(
                "‘{text}’ is neither an emoji nor a backdrop (the backdrops are {choices}); "
                "the card's words go after a colon",
                text=rest,
                choices=_backdrop_names(self.lang),
            )
        return Text(
            "‘{text}’ is not an emoji: a card is 2 to 4 emoji, a backdrop if you like, "
            "then a colon and its words",
            text=first,
        )

    def words(self, number: int, text: str) -> list[str] | None:
        """The words after the colon (commas or semicolons between them), or None when one
        of them cannot be on a card (the problem is told)."""
        found: dict[str, str] = {}
        for part in text.replace(";", ",").split(","):
            word = " ".join(part.split())
            if not word:
                continue
            why = word_problem(word, self.lang, self.family)
            if why is not None:
                self.problem(number, why)
                return None
            found.setdefault(normalise(word, self.lang or "en"), word)
        if len(found) > MAX_WORDS:
            self.problem(
                number,
                Text(
                    "a card has at most {limit} words, and this one has {count}",
                    limit=MAX_WORDS,
                    count=len(found),
                ),
            )
            return None
        return list(found.values())

    def picture(self, number: int, fields: Sequence[str], words: list[str]) -> None:
        if len(fields) != 1:
            self.problem(
                number,
                Text("write a picture card as ‘picture ID : words’, with the id its upload gave"),
            )
            return
        picture = fields[0]
        if not _PICTURE_ID.fullmatch(picture):
            self.problem(
                number,
                Text(
                    "‘{id}’ is not the id of an uploaded picture: add the picture in the lobby, "
                    "which writes its line",
                    id=picture,
                ),
            )
            return
        if not words:
            self.problem(
                number,
                Text(
                    "a picture card needs its words after a colon: what the picture shows "
                    "or makes you think of"
                ),
            )
            return
        self.add(number, "", [], picture, words)

    def add(self, number: int, backdrop: str, emoji: list[str], picture: str,
            words: list[str]) -> None:  # fmt: skip
        card = _card(len(self.cards) + 1, self.lang or "en", backdrop, emoji, picture, words)
        first = self.seen.get(card.composition)
        if first is not None:
            self.problem(
                number,
                Text(
                    "this card is the same picture as the card on line {line}: "
                    "change an emoji, the backdrop or the picture",
                    line=first,
                ),
            )
            return
        self.seen[card.composition] = number
        self.cards.append(card)

    def finish(self) -> OwnDeck:
        self.missing_headings()
        if not self.cards and not self.problems:
            self.problem(
                None,
                Text(
                    "the deck has no cards: write one a line under the headings, "
                    "such as ‘🐋 🏠 : dream’"
                ),
            )
        if len(self.cards) > MAX_CARDS:
            self.problem(
                None,
                Text(
                    "a deck has at most {limit} cards, and this one has {count}",
                    limit=MAX_CARDS,
                    count=len(self.cards),
                ),
            )
        pictures = sum(1 for card in self.cards if card.picture)
        if pictures > MAX_PICTURES:
            self.problem(
                None,
                Text(
                    "a deck shows at most {limit} uploaded pictures, and this one has {count}",
                    limit=MAX_PICTURES,
                    count=pictures,
                ),
            )
        if self.problems or self.lang is None:
            raise DeckError(self.source, self.problems)
        return OwnDeck(
            name=self.headings["name"][0],
            lang=self.lang,
            cards=tuple(self.cards),
            author=self.headings.get("author", ("", 0))[0],
            licence=self.headings.get("licence", ("", 0))[0],
        )


def parse_own_deck(text: str, source: str = Text("your deck"), family: bool = True) -> OwnDeck:
    """The deck written in ``text``; :class:`DeckError` lists all that is wrong, line by line.

    ``source`` names the deck in the messages (a file's name; by default "your deck").
    ``family``: the house rule of the family table (on), which takes no vulgar word.
    """
    if len(text.encode("utf-8")) > MAX_TEXT_BYTES:
        problem = Text(
            "the deck is too long: at most {count} {count:byte|bytes}", count=MAX_TEXT_BYTES
        )
        raise DeckError(source, [DeckProblem(None, problem)])
    return _Reader(source, family).read(text)
