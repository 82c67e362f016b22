"""The cards of the association game: emoji composed on drawn backdrops, and their tags.

A card is two to four emoji placed in a 100×100 frame on a *backdrop* (night,
fog, sea, a room…), which the browser draws as SVG from the data: there are no
image files. The data is in ``data/``: the built-in cards
(``cards.json``), the backdrops (``backdrops.json``), the emoji and moods of the
generator of new cards (``pool.json``), and the names and keywords of every
emoji in uk, ru and en (``emoji-tags.json``, from Unicode CLDR by way of the npm
package emojibase-data, built by :func:`main`). The formats are in
``docs/decks-associations.md``.

>>> cards = builtin_deck()
>>> len(cards) >= 84, cards[0].id, cards[0].backdrop
(True, 'whale-over-house', 'night')
>>> cards[0].tags("en")[:4]
('whale', 'animal', 'beach', 'ocean')
>>> "тривога" in built_card("eye-above-door").tags("uk")
True

A table that knows the deck by heart gets new cards from a seeded generator:

>>> [card.id for card in generate(3, seed=7)]
['g-7-1', 'g-7-2', 'g-7-3']
>>> generate(3, seed=7) == generate(3, seed=7)
True
>>> len(deck(64, generated=20, seed=7))
84

To rebuild the tag data from an unpacked emojibase-data package:
``python -m igroteka.games.associations.deck build --from DIR``.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from igroteka.engine.game import JsonObject
from igroteka.engine.rng import Rng

__all__ = [
    "ARRANGEMENTS",
    "DEFAULT_SIZE",
    "LANGUAGES",
    "Backdrop",
    "Card",
    "Glyph",
    "Shape",
    "Words",
    "backdrops",
    "built_card",
    "builtin_deck",
    "deck",
    "emoji_tags",
    "extract_tags",
    "format_tags",
    "generate",
    "main",
    "normalise",
    "pool_emoji",
    "wanted_emoji",
]

LANGUAGES: tuple[str, ...] = ("uk", "ru", "en")
"""The languages of every tag."""

DEFAULT_SIZE: Final = 64
"""The cards of the rule sheet's deck: the first 64 built-in cards."""

ARRANGEMENTS: tuple[str, ...] = ("above", "inside", "beside", "giant-small", "trio")
"""How the generator places its emoji; each has mood words in ``pool.json``."""

SHAPES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "circle": frozenset({"cx", "cy", "r"}),
        "ellipse": frozenset({"cx", "cy", "rx", "ry"}),
        "rect": frozenset({"x", "y", "width", "height", "rx"}),
        "polygon": frozenset({"points"}),
        "path": frozenset({"d"}),
    }
)
"""The SVG elements a backdrop may draw, with the geometry attributes each may have."""

PAINT: frozenset[str] = frozenset({"fill", "stroke", "stroke-width", "opacity"})
"""The paint attributes any shape may have (SVG attributes of the same names)."""

FRAME: Final = 100
"""The side of a card's frame, in the units of every position and size."""

GENERATED_PREFIX: Final = "g-"
"""Generated cards' ids are ``g-<seed>-<n>``; no built-in id starts so."""

OWN_PREFIX: Final = "t-"
"""The ids of a teacher's own cards start so (``t-<n>-<recipe>``); no built-in id does."""

_FOLDER = "games/associations/data"
_APOSTROPHES = str.maketrans({"'": "’", "ʼ": "’"})
_MAX_GENERATED = 2000
_GENERATED_ID = re.compile(r"g-(-?\d+)-(\d+)")


@dataclass(frozen=True, slots=True)
class Words:
    """Words in the three languages, in the same order in each (the i-th words match).

    >>> Words(("сон",), ("сон",), ("dream",)).get("en")
    ('dream',)
    """

    uk: tuple[str, ...]
    ru: tuple[str, ...]
    en: tuple[str, ...]

    def get(self, lang: str) -> tuple[str, ...]:
        """The words in ``lang`` (``"uk"``, ``"ru"`` or ``"en"``)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r} (use uk, ru or en)")
        words: tuple[str, ...] = getattr(self, lang)
        return words

    def pick(self, index: int) -> Words:
        """The ``index``-th word of each language."""
        return Words((self.uk[index],), (self.ru[index],), (self.en[index],))

    def __add__(self, other: Words) -> Words:
        return Words(self.uk + other.uk, self.ru + other.ru, self.en + other.en)

    def to_json(self) -> JsonObject:
        return {lang: list(self.get(lang)) for lang in LANGUAGES}

    @classmethod
    def from_json(cls, data: Mapping[str, Sequence[str]]) -> Words:
        return cls(tuple(data["uk"]), tuple(data["ru"]), tuple(data["en"]))


@dataclass(frozen=True, slots=True)
class Glyph:
    """One emoji on a card: its centre (``x``, ``y``) and height (``size``) in the
    100×100 frame, its turn clockwise in degrees, and its opacity (0 to 1).

    >>> Glyph("🐋", 50, 32, 44).to_json()
    ['🐋', 50, 32, 44]
    >>> Glyph("🐟", 50, 70, 24, 90, 0.5).to_json()
    ['🐟', 50, 70, 24, 90, 0.5]
    """

    emoji: str
    x: int
    y: int
    size: int
    rotate: int = 0
    opacity: float = 1.0

    def to_json(self) -> list[Any]:
        """``[emoji, x, y, size]``, then ``rotate`` and ``opacity`` when they are not 0 and 1."""
        data: list[Any] = [self.emoji, self.x, self.y, self.size]
        if self.opacity != 1.0:
            data += [self.rotate, self.opacity]
        elif self.rotate:
            data.append(self.rotate)
        return data

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Glyph:
        emoji, x, y, size, *rest = data
        rotate = int(rest[0]) if rest else 0
        opacity = float(rest[1]) if len(rest) > 1 else 1.0
        return cls(str(emoji), int(x), int(y), int(size), rotate, opacity)


@dataclass(frozen=True, slots=True)
class Card:
    """A card: a stable ``id`` (the game state stores it), a backdrop's name, the
    emoji in drawing order (later ones on top), and the mood words chosen for it.

    A card of a teacher's own deck may be an uploaded ``picture`` instead (the id the
    server gave it): then it has no backdrop and no emoji, and its words are all its tags
    (see :mod:`igroteka.games.associations.own`)."""

    id: str
    backdrop: str
    glyphs: tuple[Glyph, ...]
    mood: Words
    picture: str = ""

    @property
    def emoji(self) -> tuple[str, ...]:
        """The card's emoji, in drawing order (an emoji may come more than once)."""
        return tuple(glyph.emoji for glyph in self.glyphs)

    @property
    def composition(self) -> tuple[str, tuple[str, ...]]:
        """What two cards must share to be the same picture: backdrop and set of emoji
        (or the uploaded picture)."""
        if self.picture:
            return "picture", (self.picture,)
        return self.backdrop, tuple(sorted(set(self.emoji)))

    def tags(self, lang: str) -> tuple[str, ...]:
        """The words a clue may touch, in ``lang``: each emoji's name and keywords, then
        the mood words; lower-case (see :func:`normalise`), each once, in that order. An
        emoji the tag data does not know (one of a teacher's own cards) adds no words.

        >>> built_card("fish-in-bulb").tags("en")
        ... # doctest: +NORMALIZE_WHITESPACE
        ('light bulb', 'bulb', 'comic', 'electric', 'idea', 'light', 'fish', 'animal', 'dinner',
         'fishes', 'fishing', 'pisces', 'zodiac', 'captivity')
        """
        words: list[str] = []
        for emoji in dict.fromkeys(self.emoji):
            if emoji in _tag_data():
                words += emoji_tags(emoji, lang)
        words += (normalise(word, lang) for word in self.mood.get(lang))
        return tuple(dict.fromkeys(words))

    def to_json(self) -> JsonObject:
        """The card as the browser draws it (and as ``cards.json`` holds it)."""
        data: JsonObject = {
            "id": self.id,
            "backdrop": self.backdrop,
            "emoji": [glyph.to_json() for glyph in self.glyphs],
            "mood": self.mood.to_json(),
        }
        if self.picture:
            data["picture"] = self.picture
        return data


@dataclass(frozen=True, slots=True)
class Shape:
    """One SVG element of a backdrop: its ``kind`` (circle, ellipse, rect, polygon,
    path) and its attributes, each an SVG attribute of the same name."""

    kind: str
    attributes: tuple[tuple[str, str | float], ...]

    def to_json(self) -> JsonObject:
        return {"type": self.kind, **dict(self.attributes)}


@dataclass(frozen=True, slots=True)
class Backdrop:
    """A drawn backdrop: a vertical gradient of ``sky`` colours (top to bottom, evenly
    spaced) over the whole frame, then its shapes in order; a title and mood words
    (which the generator gives the cards it puts on this backdrop)."""

    name: str
    title: Words
    mood: Words
    sky: tuple[str, ...]
    shapes: tuple[Shape, ...]

    def to_json(self) -> JsonObject:
        return {
            "title": {lang: self.title.get(lang)[0] for lang in LANGUAGES},
            "mood": self.mood.to_json(),
            "sky": list(self.sky),
            "shapes": [shape.to_json() for shape in self.shapes],
        }


def normalise(word: str, lang: str) -> str:
    """A tag as cards keep it: lower-case, spaces collapsed; Ukrainian apostrophes made
    the typographic ’ (as CLDR writes them); Russian ё folded to е (as CLDR nearly
    always writes it), so that a clue's «ёж» and a tag's «еж» meet.

    >>> normalise("Ёлка", "ru"), normalise("М'ЯЧ", "uk"), normalise(" Light  Bulb", "en")
    ('елка', 'м’яч', 'light bulb')
    >>> normalise("Ґанок", "uk"), normalise("ЇЖАК", "uk")
    ('ґанок', 'їжак')
    """
    text = " ".join(word.lower().split())
    if lang == "uk":
        text = text.translate(_APOSTROPHES)
    elif lang == "ru":
        text = text.replace("ё", "е")
    return text


def _read_json(name: str) -> Any:
    text = resources.files("igroteka").joinpath(f"{_FOLDER}/{name}").read_text("utf-8")
    return json.loads(text)


@functools.cache
def _tag_data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = _read_json("emoji-tags.json")["emoji"]
    return data


def emoji_tags(emoji: str, lang: str) -> tuple[str, ...]:
    """An emoji's CLDR name, then its keywords, in ``lang``, normalised, each once.

    >>> emoji_tags("💡", "uk")
    ('лампочка', 'електричний', 'малюнок', 'світло', 'ідея')
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use uk, ru or en)")
    entry = _tag_data().get(emoji)
    if entry is None:
        raise KeyError(f"no tags for the emoji {emoji!r}: rebuild emoji-tags.json")
    return tuple(dict.fromkeys(normalise(word, lang) for word in entry[lang]))


@functools.cache
def backdrops() -> Mapping[str, Backdrop]:
    """The backdrops by name, in the order of ``backdrops.json``."""
    found: dict[str, Backdrop] = {}
    for name, data in _read_json("backdrops.json")["backdrops"].items():
        shapes = []
        for shape in data["shapes"]:
            kind = shape["type"]
            attributes = tuple((key, value) for key, value in shape.items() if key != "type")
            unknown = {key for key, _ in attributes} - SHAPES.get(kind, frozenset()) - PAINT
            if kind not in SHAPES or unknown:
                raise ValueError(f"backdrop {name}: a {kind} cannot have {sorted(unknown)}")
            shapes.append(Shape(kind, attributes))
        title = Words.from_json({lang: [data["title"][lang]] for lang in LANGUAGES})
        found[name] = Backdrop(
            name, title, Words.from_json(data["mood"]), tuple(data["sky"]), tuple(shapes)
        )
    return MappingProxyType(found)


def _card_from_json(data: Mapping[str, Any]) -> Card:
    card = Card(
        str(data["id"]),
        str(data["backdrop"]),
        tuple(Glyph.from_json(glyph) for glyph in data["emoji"]),
        Words.from_json(data["mood"]),
    )
    if not 2 <= len(card.glyphs) <= 4 or card.backdrop not in backdrops():
        raise ValueError(f"card {card.id}: needs 2 to 4 emoji and a known backdrop")
    return card


@functools.cache
def builtin_deck() -> tuple[Card, ...]:
    """The built-in cards, in the order of ``cards.json`` (the first 64 are the default)."""
    return tuple(_card_from_json(data) for data in _read_json("cards.json")["cards"])


@functools.cache
def _builtin_by_id() -> Mapping[str, Card]:
    return MappingProxyType({card.id: card for card in builtin_deck()})


@dataclass(frozen=True, slots=True)
class _Pool:
    figures: tuple[str, ...]
    """Creatures."""
    things: tuple[str, ...]
    """What can be held, or put in a jar."""
    places: tuple[str, ...]
    """What stands somewhere: a house, a tree, a boat, the moon."""
    containers: tuple[str, ...]
    small: tuple[str, ...]
    moods: Mapping[str, Words]


@functools.cache
def _pool() -> _Pool:
    data = _read_json("pool.json")
    moods = {name: Words.from_json(data["arrangements"][name]) for name in ARRANGEMENTS}
    return _Pool(
        tuple(data["figures"]),
        tuple(data["things"]),
        tuple(data["places"]),
        tuple(data["containers"]),
        tuple(data["small"]),
        MappingProxyType(moods),
    )


def pool_emoji() -> tuple[str, ...]:
    """Every emoji the generator may use, each once."""
    pool = _pool()
    groups = pool.figures + pool.things + pool.places + pool.containers + pool.small
    return tuple(dict.fromkeys(groups))


def arrangement_moods(lang: str) -> tuple[str, ...]:
    """The mood words the generator gives its arrangements (inside, above…), in ``lang``."""
    return tuple(
        normalise(word, lang) for words in _pool().moods.values() for word in words.get(lang)
    )


def wanted_emoji() -> tuple[str, ...]:
    """The emoji the tag data must cover: those of the built-in cards and the pool, sorted."""
    used = {emoji for card in builtin_deck() for emoji in card.emoji}
    return tuple(sorted(used | set(pool_emoji())))


def _jitter(rng: Rng, spread: int) -> tuple[int, Rng]:
    value, rng = rng.below(2 * spread + 1)
    return value - spread, rng


def _compose(rng: Rng, arrangement: str) -> tuple[tuple[Glyph, ...], Rng]:
    """The emoji of one generated card, placed as ``arrangement`` says, each pair in a
    relation that reads as a scene: a creature or a thing inside a container, a creature
    or a thing above a place, a creature beside a thing, a giant beside a small person, a
    creature with a thing and a place."""
    pool = _pool()
    dx, rng = _jitter(rng, 6)
    turn, rng = rng.choice((-15, -10, 0, 0, 0, 10, 15))
    if arrangement == "inside":
        box, rng = rng.choice(pool.containers)
        inner, rng = rng.choice([e for e in pool.figures + pool.things if e != box])
        size, rng = rng.choice((16, 18, 20))
        return (Glyph(box, 50, 55, 60), Glyph(inner, 50, 52, size, turn)), rng
    if arrangement == "giant-small":
        giant, rng = rng.choice(pool.figures + pool.things)
        person, rng = rng.choice(pool.small)
        size, rng = rng.choice((60, 66, 72))
        side, rng = rng.choice((18, 82))
        return (Glyph(giant, 50 + dx // 2, 50, size, turn), Glyph(person, side, 86, 11)), rng
    if arrangement == "trio":
        top, rng = rng.choice(pool.figures)
        left, rng = rng.choice(pool.things)
        right, rng = rng.choice(pool.places)
        return (
            Glyph(left, 28, 72, 24),
            Glyph(right, 72, 72, 24),
            Glyph(top, 50 + dx, 30, 30, turn),
        ), rng
    if arrangement == "above":
        first, rng = rng.choice(pool.figures + pool.things)
        second, rng = rng.choice(pool.places)
        size, rng = rng.choice((34, 38, 42))
        return (Glyph(second, 50, 74, 24), Glyph(first, 50 + dx, 32, size, turn)), rng
    first, rng = rng.choice(pool.figures)  # beside: a creature and its thing
    second, rng = rng.choice(pool.things)
    return (Glyph(first, 30, 64 + dx // 2, 30, turn), Glyph(second, 70, 64, 30)), rng


_NOT_INSIDE: Final = tuple(name for name in ARRANGEMENTS if name != "inside")


CONTAINED: Final = 4
"""At most one generated card in this many puts something in a container (a jar, a bulb):
the most striking arrangement, and the one that wears out first."""


@functools.lru_cache(maxsize=32)
def generate(count: int, seed: int) -> tuple[Card, ...]:
    """``count`` new cards for ``seed``: a backdrop, an arrangement of two or three pool
    emoji in a relation (:func:`_compose`; at most one card in :data:`CONTAINED` and one
    more puts something in a container), and mood words from the backdrop and the
    arrangement (one each, in every language). The same seed gives the same cards, and
    more cards only add to the end; no card is the picture (backdrop and emoji) of a
    built-in card or of another.

    >>> first = generate(1, 2024)[0]
    >>> first.id, 2 <= len(first.glyphs) <= 3, len(first.mood.en)
    ('g-2024-1', True, 2)
    """
    if not 0 <= count <= _MAX_GENERATED:
        raise ValueError(f"the generator makes 0 to {_MAX_GENERATED} cards")
    names = tuple(backdrops())
    pool = _pool()
    seen = {card.composition for card in builtin_deck()}
    rng = Rng.from_seed(seed)
    cards: list[Card] = []
    inside = 0
    while len(cards) < count:
        name, rng = rng.choice(names)
        allowed = ARRANGEMENTS if inside < 1 + len(cards) // CONTAINED else _NOT_INSIDE
        arrangement, rng = rng.choice(allowed)
        glyphs, rng = _compose(rng, arrangement)
        backdrop_mood = backdrops()[name].mood
        arrangement_mood = pool.moods[arrangement]
        i, rng = rng.below(len(backdrop_mood.en))
        j, rng = rng.below(len(arrangement_mood.en))
        card = Card(
            f"{GENERATED_PREFIX}{seed}-{len(cards) + 1}",
            name,
            glyphs,
            backdrop_mood.pick(i) + arrangement_mood.pick(j),
        )
        if card.composition not in seen:
            seen.add(card.composition)
            cards.append(card)
            inside += arrangement == "inside"
    return tuple(cards)


def deck(size: int = DEFAULT_SIZE, generated: int = 0, seed: int = 0) -> tuple[Card, ...]:
    """A room's deck: the first ``size`` built-in cards, then ``generated`` new cards
    of the generator for ``seed``.

    >>> len(deck()), len(deck(84, 16, seed=3))
    (64, 100)
    """
    builtin = builtin_deck()
    if not 0 <= size <= len(builtin):
        raise ValueError(f"the built-in deck has {len(builtin)} cards")
    return builtin[:size] + generate(generated, seed)


def composer_seed(game_seed: int) -> int:
    """The generator's seed for a game: drawn from the game's seed by a one-way hash, since
    generated cards' ids carry it and a view must never tell the game's seed.

    >>> composer_seed(7) == composer_seed(7) != composer_seed(8)
    True
    """
    digest = hashlib.blake2b(f"associations-composer:{game_seed}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") % 1_000_000_000


def built_card(card_id: str) -> Card:
    """The built-in card with this id, or a generated one, ``g-<seed>-<n>``; a card of a
    teacher's own deck is found by :func:`igroteka.games.associations.cards.card_by_id`.

    >>> built_card("g-7-2") == generate(2, 7)[1]
    True
    """
    found = _builtin_by_id().get(card_id)
    if found is not None:
        return found
    match = _GENERATED_ID.fullmatch(card_id)
    if match is None or not 1 <= int(match[2]) <= _MAX_GENERATED:
        raise KeyError(f"no card {card_id!r}")
    return generate(int(match[2]), int(match[1]))[-1]


# The build step: the tag data from an unpacked emojibase-data package.

LICENCE_NOTE: Final = (
    "emojibase-data is under the MIT licence (Copyright (c) 2017-2019 Miles Johnson); "
    "the names and keywords in it are the emoji annotations of the Unicode CLDR, "
    "Copyright Unicode, Inc., under the Unicode License v3 (Unicode-3.0). See NOTICE."
)


def extract_tags(
    datasets: Mapping[str, Sequence[Mapping[str, Any]]],
    wanted: Iterable[str],
    source: Mapping[str, str],
) -> JsonObject:
    """The tag data of the ``wanted`` emoji from emojibase-data's ``data.json`` of each
    language: for each emoji its Unicode emoji version and, in each language, its name
    (``label``) then its keywords (``tags``), as the package has them. An emoji is found
    with or without its variation selector U+FE0F, and kept as ``wanted`` spells it.

    >>> records = {lang: [{"emoji": "🐋", "label": "whale", "tags": ["ocean"], "version": 1}]
    ...            for lang in LANGUAGES}
    >>> extract_tags(records, ["🐋"], {"package": "x"})["emoji"]["🐋"]["en"]
    ['whale', 'ocean']
    """
    table: dict[str, JsonObject] = {}
    missing: set[str] = set()
    for lang in LANGUAGES:
        found = {record["emoji"].replace("\ufe0f", ""): record for record in datasets[lang]}
        for emoji in wanted:
            record = found.get(emoji.replace("\ufe0f", ""))
            if record is None:
                missing.add(emoji)
                continue
            entry = table.setdefault(emoji, {"version": record.get("version", 0)})
            entry[lang] = [record["label"], *record.get("tags", [])]
    if missing:
        raise ValueError(f"emojibase-data has no {' '.join(sorted(missing))}")
    return {"_source": dict(source), "emoji": dict(sorted(table.items()))}


def format_tags(data: Mapping[str, Any]) -> str:
    """The text of ``emoji-tags.json``: the source, then one emoji a line, sorted."""

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)

    lines = ["{", f' "_source": {dumps(data["_source"])},', ' "emoji": {']
    entries = sorted(data["emoji"].items())
    lines += [
        f"  {dumps(emoji)}: {dumps(entry)}" + ("," if n < len(entries) - 1 else "")
        for n, (emoji, entry) in enumerate(entries)
    ]
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def _cldr_version(package: Path, version: str) -> str:
    """The CLDR release the package's change log names for ``version`` (or ``unknown``)."""
    changelog = package / "CHANGELOG.md"
    if not changelog.exists():
        return "unknown"
    text = changelog.read_text("utf-8")
    section = text.partition(f"## {version}\n")[2].partition("\n## ")[0]
    found = re.search(r"CLDR v?(\d+(?:\.\d+)*)", section)
    return found[1] if found else "unknown"


def build(package: Path) -> str:
    """The text of ``emoji-tags.json`` made from an unpacked emojibase-data ``package``."""
    meta = json.loads((package / "package.json").read_text("utf-8"))
    datasets = {
        lang: json.loads((package / lang / "data.json").read_text("utf-8")) for lang in LANGUAGES
    }
    source = {
        "package": f"{meta['name']} {meta['version']} (npm)",
        "cldr": _cldr_version(package, meta["version"]),
        "licence": LICENCE_NOTE,
        "made_by": "python -m igroteka.games.associations.deck build --from DIR",
    }
    return format_tags(extract_tags(datasets, wanted_emoji(), source))


def main(argv: Sequence[str] | None = None) -> int:
    """``build --from DIR [--out FILE]``: write the tag data from emojibase-data in DIR."""
    parser = argparse.ArgumentParser(prog="python -m igroteka.games.associations.deck")
    commands = parser.add_subparsers(dest="command", required=True)
    builder = commands.add_parser("build", help="write emoji-tags.json from emojibase-data")
    builder.add_argument("--from", dest="package", type=Path, required=True)
    builder.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    text = build(args.package)
    out = args.out or Path(str(resources.files("igroteka").joinpath(_FOLDER, "emoji-tags.json")))
    out.write_text(text, "utf-8")
    print(f"{out}: {text.count(chr(10)) - 5} emoji", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
