"""Klepka decks: the ``.deck`` text format, its reader and the built-in decks.

A deck is a UTF-8 text file that a teacher can type by hand::

    # Lines starting with # are comments; blank lines are ignored.
    name: Animals and food
    lang: en
    apple 🍎
    cat   🐈

Headings (``key: value``) come first, then one pair of cards a line: the word,
spaces (or a TAB), and the picture, which is the last thing on the line. The
format, every check and a worked example are in ``docs/decks.md``.

>>> deck = parse_deck("name: Fruit\\nlang: en\\napple 🍎\\npear 🍐\\n")
>>> [(pair.word, pair.picture) for pair in deck.pairs]
[('apple', '🍎'), ('pear', '🍐')]

A mistake in a deck is a :class:`DeckError` whose message names the file and
the line and says in a sentence what is wrong; every mistake in the file is
reported at once, so that it can be fixed in one go:

>>> parse_deck("name: Fruit\\nlang: fr\\napple 🍎\\n", "fruit.deck")
Traceback (most recent call last):
...
igroteka.games.klepka.deck.DeckError: fruit.deck, line 2: unknown language ‘fr’ (use en, uk or ru)

To check deck files from a terminal: ``python -m igroteka.games.klepka.deck FILE...``.
"""

from __future__ import annotations

import functools
import os
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from igroteka.engine.characters import code_of, hidden
from igroteka.i18n import Text
from igroteka.lexicon.family import card_unfit

__all__ = [
    "APOSTROPHES",
    "LANGUAGES",
    "MIN_PAIRS",
    "Deck",
    "DeckError",
    "DeckProblem",
    "Pair",
    "builtin_deck",
    "builtin_languages",
    "load_deck",
    "main",
    "parse_deck",
    "word_problem",
]

LANGUAGES: tuple[str, ...] = ("en", "uk", "ru")
"""The languages a deck may be in, as written after ``lang:``."""

MIN_PAIRS = 2
"""The fewest pairs a deck may have."""

MAX_WORD_LENGTH = 40
"""The most characters a word may have: it has to fit on a card."""

MAX_PICTURE_LENGTH = 16
"""The most characters (code points) a picture may have; an emoji is 1 to about 10."""

MAX_FILE_BYTES = 1_000_000
"""A deck file larger than this is surely not a deck."""

APOSTROPHES = "'\u2019\u02bc"
"""The apostrophes a word may contain: ' (typed), ’ (typographic) and ʼ (U+02BC)."""

_WRONG_APOSTROPHES = "\u2018`\u00b4\u2032"  # ‘ ` ´ ′: typed for an apostrophe by mistake
_HYPHENS = "-\u2010"
# Invisible characters that word processors and web pages leave in copied text: they
# are dropped from every line, and the joiners also from words (emoji need them).
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200e\u200f\u2060\ufeff"))
_JOINERS = dict.fromkeys(map(ord, "\u200c\u200d"))
_VARIATION_SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))
_TO_ONE_APOSTROPHE = dict.fromkeys(map(ord, APOSTROPHES), "'")

_LANGUAGE_NAMES = {"en": "English", "uk": "Ukrainian", "ru": "Russian"}
_ALPHABETS = {
    "uk": frozenset("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"),
    "ru": frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя"),
}
_HEADINGS = ("name", "lang", "author", "licence")
_HEADING_SPELLINGS = {"license": "licence"}
_BUILTIN_FOLDER = ("games", "klepka", "data")
_MAX_SHOWN_PROBLEMS = 10


@dataclass(frozen=True)
class Pair:
    """One pair of cards: a WORD card and the PICTURE card that goes with it."""

    word: str
    picture: str


@dataclass(frozen=True)
class Deck:
    """A deck of Klepka: a name, a language and its pairs, in the order written."""

    name: str
    lang: str
    """``"en"``, ``"uk"`` or ``"ru"``: the language of the words."""
    pairs: tuple[Pair, ...]
    author: str = ""
    licence: str = ""


@dataclass(frozen=True)
class DeckProblem:
    """One thing wrong with a deck: a sentence, and the line it is on (if any).

    The sentence is a :class:`~igroteka.i18n.Text`, to be said in the reader's language.
    """

    line: int | None
    text: str

    def __str__(self) -> str:
        if self.line is None:
            return self.text
        return Text("line {line}: {problem}", line=self.line, problem=self.text)


class DeckError(ValueError):
    """A deck that cannot be used. The message says where and what, for a person.

    ``source`` is the file (or the name given to :func:`parse_deck`) and
    ``problems`` lists every problem found, in the order of the lines; ``reason`` is the
    message, a :class:`~igroteka.i18n.Text` to be said in the reader's language.
    """

    def __init__(self, source: str, problems: Iterable[DeckProblem]) -> None:
        self.source = source
        self.problems = tuple(problems) or (DeckProblem(None, Text("the deck cannot be used")),)
        self.reason = _describe(source, self.problems)
        super().__init__(self.reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.source, self.problems))


def _describe(source: str, problems: Sequence[DeckProblem]) -> Text:
    """The message of a :class:`DeckError`: a line for each problem, a few at most."""

    def one(problem: DeckProblem) -> Text:
        if problem.line is None:
            return Text("{source}: {problem}", source=source, problem=problem.text)
        return Text(
            "{source}, line {line}: {problem}",
            source=source,
            line=problem.line,
            problem=problem.text,
        )

    lines = [one(problem) for problem in problems[:_MAX_SHOWN_PROBLEMS]]
    hidden = len(problems) - _MAX_SHOWN_PROBLEMS
    if hidden > 0:
        lines.append(
            Text("{source}: and {count} more {count:problem|problems}", source=source, count=hidden)
        )
    message = lines[0]
    for line in lines[1:]:  # one line after another, each translated
        message = Text("{lines}\n{line}", lines=message, line=line)
    return message


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS"


def _code(char: str) -> str:
    """A character a person cannot see, as they can find it: its code point and name."""
    name = unicodedata.name(char, "").lower()
    return code_of(char) + (f" {name}" if name else "")


def _is_letter(char: str) -> bool:
    return unicodedata.category(char).startswith("L") and char not in APOSTROPHES


def _script(char: str) -> str:
    """``"Latin"``, ``"Cyrillic"``, ``"Greek"``... from the character's Unicode name."""
    first = unicodedata.name(char, "").partition(" ")[0]
    return first.capitalize() if first else "unknown"


def _word_key(word: str) -> str:
    """What two words must share to count as the same word: case and apostrophe forgiven."""
    return word.translate(_TO_ONE_APOSTROPHE).casefold()


def _picture_key(picture: str) -> str:
    """What two pictures must share to look the same: emoji/text selectors ignored."""
    return picture.translate(_VARIATION_SELECTORS)


def _letter_of(char: str) -> Text:
    """What a letter of another alphabet is: "a Latin letter", "a Greek letter"..."""
    script = _script(char)
    if script == "Latin":
        return Text("a Latin letter")
    if script == "Cyrillic":
        return Text("a Cyrillic letter")
    return Text("a letter of another alphabet ({script})", script=script)


def _check_alphabet(word: str, lang: str) -> Text | None:
    """Why the letters of a word do not belong to the deck's language, or ``None``."""
    letters = [char for char in word if _is_letter(char)]
    if lang == "en":
        wanted = "Latin"
        foreign = [char for char in letters if _script(char) != wanted]
    else:
        wanted = "Cyrillic"
        alphabet = _ALPHABETS[lang]
        foreign = [char for char in letters if char.lower() not in alphabet]
    if not foreign:
        return None
    if not any(_script(char) == wanted for char in letters):
        if lang == "uk":
            return Text(
                "‘{word}’ is not written in Ukrainian letters, but the deck says ‘lang: uk’",
                word=word,
            )
        if lang == "ru":
            return Text(
                "‘{word}’ is not written in Russian letters, but the deck says ‘lang: ru’",
                word=word,
            )
        return Text(
            "‘{word}’ is not written in English letters, but the deck says ‘lang: en’", word=word
        )
    char = foreign[0]
    if _script(char) == wanted:  # Cyrillic, but from another language's alphabet (uk or ru)
        if lang == "ru":
            return Text(
                "‘{word}’ has ‘{char}’, which is not a letter of the Russian alphabet",
                word=word,
                char=char,
            )
        return Text(
            "‘{word}’ has ‘{char}’, which is not a letter of the Ukrainian alphabet",
            word=word,
            char=char,
        )
    letter = _letter_of(char)
    if lang == "uk":
        return Text(
            "‘{word}’ mixes alphabets: ‘{char}’ is {letter}; "
            "type it again with the Ukrainian keyboard",
            word=word,
            char=char,
            letter=letter,
        )
    if lang == "ru":
        return Text(
            "‘{word}’ mixes alphabets: ‘{char}’ is {letter}; "
            "type it again with the Russian keyboard",
            word=word,
            char=char,
            letter=letter,
        )
    return Text(
        "‘{word}’ mixes alphabets: ‘{char}’ is {letter}; type it again with the English keyboard",
        word=word,
        char=char,
        letter=letter,
    )


def _check_word(word: str, picture: str) -> Text | None:
    """Why a word cannot be on a card (without looking at its language), or ``None``."""
    if "#" in word:
        return Text("a comment needs a line of its own, starting with #")
    if not any(_is_letter(char) for char in word):
        looks_like_a_picture = any(unicodedata.category(char) == "So" for char in word)
        if looks_like_a_picture and any(_is_letter(char) for char in picture):
            # The picture came first: what was read as the picture is the word.
            return Text(
                "write the word first and then its picture: ‘{word} {picture}’",
                word=picture,
                picture=word,
            )
        return Text("‘{word}’ has no letters", word=word)
    if word[-1] in ",;":
        return Text("put a space between the word and the picture, not a comma")
    if len(word) > MAX_WORD_LENGTH:
        return Text(
            "‘{word}’ is too long for a card (at most {count} {count:character|characters})",
            word=word,
            count=MAX_WORD_LENGTH,
        )
    previous = ""
    for char in word:
        category = unicodedata.category(char)
        if char in _WRONG_APOSTROPHES:
            return Text(
                "‘{word}’ has ‘{char}’: write the apostrophe as ’ or '", word=word, char=char
            )
        accent = category.startswith("M") and previous != "" and _is_letter(previous)
        fits = category.startswith("L") or char in APOSTROPHES or char in _HYPHENS
        if not (fits or char == " " or accent):
            if _visible(char):
                return Text(
                    "‘{word}’ has ‘{char}’, which cannot be part of a word", word=word, char=char
                )
            return Text(
                "‘{word}’ has an invisible character ({code}), which cannot be part of a word",
                word=word,
                code=_code(char),
            )
        if not category.startswith("M"):
            previous = char
    return None


def word_problem(word: str, lang: str | None, family: bool = True) -> Text | None:
    """Why ``word`` cannot be a word on a card of a deck in ``lang`` (``en``, ``uk``, ``ru``;
    None: a language not known yet, whose alphabet is not checked), or ``None``: the checks
    of a deck file's words, for other decks that hold words (the association game's own
    cards), so that they say the same sentences. With ``family`` (the house rule of the
    family table, on by default) a vulgar word or a slur is refused
    (:func:`igroteka.lexicon.family.card_unfit`).

    >>> print(word_problem("кiт", "uk"))
    ‘кiт’ mixes alphabets: ‘i’ is a Latin letter; type it again with the Ukrainian keyboard
    >>> word_problem("м’яч", "uk") is None
    True
    """
    why = _check_word(word, "")
    if why is None and lang is not None:
        why = _check_alphabet(word, lang) or (card_unfit(word, lang) if family else None)
    return why


def _check_picture(picture: str) -> Text | None:
    """Why a picture cannot be on a card, or ``None``."""
    if len(picture) > MAX_PICTURE_LENGTH:
        return Text(
            "the picture ‘{picture}’ is too long: use one emoji "
            "or a short sign (at most {count} {count:character|characters})",
            picture=picture,
            count=MAX_PICTURE_LENGTH,
        )
    for char in picture:
        if unicodedata.category(char) == "Cs" or hidden(char) is not None:  # never visible
            return Text("the picture has an invisible character ({code}) in it", code=_code(char))
    visible = any(
        unicodedata.category(char)[0] in "LNPS" or unicodedata.category(char) in ("Co", "Cn")
        for char in picture
    )
    if not visible:
        return Text("the picture has nothing visible in it")
    return None


class HeadedReader:
    """What every deck file's reader shares (Klepka's, the association game's own decks):
    its problems, and the headings at the top: each known, given once, before the cards."""

    HEADINGS: frozenset[str] = frozenset()

    def __init__(self, source: str) -> None:
        self.source = source
        self.headings: dict[str, tuple[str, int | None]] = {}
        self.lang: str | None = None
        self.first_card: int | None = None
        self.problems: list[DeckProblem] = []

    def problem(self, line: int | None, text: Text) -> None:
        self.problems.append(DeckProblem(line, text))

    def known_heading(self, number: int | None, key: str, value: str, unknown: Text) -> bool:
        """Whether a heading is one to read further; if not, its problem is kept."""
        if key not in self.HEADINGS:
            self.problem(number, unknown)
            return False
        if key in self.headings:
            line = self.headings[key][1]
            self.problem(
                number, Text("‘{key}:’ is given twice (first on line {line})", key=key, line=line)
            )
            return False
        self.headings[key] = (value, number)
        if self.first_card is not None:
            self.problem(
                number,
                Text(
                    "‘{key}:’ must come before the cards (the first card is on line {line})",
                    key=key,
                    line=self.first_card,
                ),
            )
            return False
        if key == "name" and not value:
            self.problem(number, Text("‘name:’ needs the name of the deck after the colon"))
            return False
        return True

    def missing_headings(self) -> None:
        """Every deck names itself and its language."""
        if "name" not in self.headings:
            self.problem(
                None,
                Text("the deck has no name: add a line such as ‘name: Animals’ above the cards"),
            )
        if "lang" not in self.headings:
            self.problem(
                None,
                Text(
                    "the deck has no language: add a line such as ‘lang: en’ above the cards "
                    "(use en, uk or ru)"
                ),
            )

    def language(self, number: int | None, value: str) -> None:
        """The ``lang:`` heading: en, uk or ru."""
        if not value:
            self.problem(number, Text("‘lang:’ needs a language after the colon: en, uk or ru"))
        elif value.lower() in LANGUAGES:
            self.lang = value.lower()
        elif value.lower() == "ua":
            self.problem(
                number,
                Text("unknown language ‘{value}’ (use en, uk or ru; Ukrainian is uk)", value=value),
            )
        else:
            self.problem(number, Text("unknown language ‘{value}’ (use en, uk or ru)", value=value))


class _Reader(HeadedReader):
    """Reads the lines of one deck, collecting its parts and its problems."""

    HEADINGS = frozenset(_HEADINGS)

    def __init__(self, source: str, family: bool = True) -> None:
        super().__init__(source)
        self.family = family
        self.pairs: list[Pair] = []
        self.words: dict[str, tuple[str, int]] = {}
        self.pictures: dict[str, tuple[str, int]] = {}

    def read(self, text: str) -> Deck:
        text = unicodedata.normalize("NFC", text)
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        for number, line in enumerate(lines, start=1):
            stripped = line.translate(_INVISIBLE).strip()
            if not stripped or stripped.startswith("#"):
                continue
            fields = stripped.split()
            key, colon, _ = fields[0].partition(":")
            if colon and key:
                self.heading(number, key, stripped.partition(":")[2].strip())
            else:
                self.card(number, fields)
        return self.finish()

    def heading(self, number: int | None, written: str, value: str) -> None:
        """A heading line (``number`` None: a heading given as data, which has no line)."""
        key = written.lower()
        key = _HEADING_SPELLINGS.get(key, key)
        unknown = Text(
            "‘{key}:’ is not a heading (the headings are name, lang, author "
            "and licence); a card is a word, a space, then its picture",
            key=written,
        )
        if self.known_heading(number, key, value, unknown) and key == "lang":
            self.language(number, value)

    def card(self, number: int, fields: list[str]) -> None:
        if self.first_card is None:
            self.first_card = number
        if len(fields) < 2:
            if any(mark in fields[0].strip(",;") for mark in ",;"):
                self.problem(
                    number, Text("put a space between the word and the picture, not a comma")
                )
            else:
                self.problem(
                    number, Text("a card needs a word and a picture, with a space between them")
                )
            return
        word = " ".join(" ".join(fields[:-1]).translate(_JOINERS).split())
        picture = fields[-1]
        why = _check_word(word, picture) or _check_picture(picture)
        if why is None and self.lang is not None:
            unfit = card_unfit(word, self.lang) if self.family else None
            why = _check_alphabet(word, self.lang) or unfit
        if why is not None:
            self.problem(number, why)
            return
        word_key = _word_key(word)
        if word_key in self.words:
            written, first = self.words[word_key]
            if written == word:
                twice = Text("‘{word}’ appears twice (first on line {line})", word=word, line=first)
            else:
                twice = Text(
                    "‘{word}’ appears twice (first on line {line}, as ‘{written}’)",
                    word=word,
                    line=first,
                    written=written,
                )
            self.problem(number, twice)
            return
        picture_key = _picture_key(picture)
        if picture_key in self.pictures:
            other, first = self.pictures[picture_key]
            self.problem(
                number,
                Text(
                    "the picture {picture} is already used for ‘{word}’ on line {line}; "
                    "each pair needs its own picture",
                    picture=picture,
                    word=other,
                    line=first,
                ),
            )
            return
        self.words[word_key] = (word, number)
        self.pictures[picture_key] = (word, number)
        self.pairs.append(Pair(word, picture))

    def finish(self) -> Deck:
        self.missing_headings()
        if not self.problems and len(self.pairs) < MIN_PAIRS:
            if self.pairs:
                short = Text(
                    "the deck needs at least {least} {least:pair|pairs}, and it has only {count}",
                    least=MIN_PAIRS,
                    count=len(self.pairs),
                )
            else:
                short = Text(
                    "the deck needs at least {least} {least:pair|pairs}, and it has none",
                    least=MIN_PAIRS,
                )
            self.problem(None, short)
        if self.problems or self.lang is None:
            raise DeckError(self.source, self.problems)
        return Deck(
            name=self.headings["name"][0],
            lang=self.lang,
            pairs=tuple(self.pairs),
            author=self.headings.get("author", ("", 0))[0],
            licence=self.headings.get("licence", ("", 0))[0],
        )


def parse_deck(text: str, source: str = "<deck>", family: bool = True) -> Deck:
    """The deck written in ``text``; :class:`DeckError` lists all that is wrong.

    ``source`` names the deck in error messages (normally its file name). The
    text is put in Unicode NFC first; a byte order mark at the start is skipped.
    ``family``: the house rule of the family table (on), which takes no vulgar word.
    """
    return _Reader(source, family).read(text)


def deck_from_pairs(
    name: str,
    lang: str,
    pairs: Iterable[tuple[str, str]],
    source: str = Text("the deck"),
    family: bool = True,
) -> Deck:
    """A deck given as data (a game record, a web form), checked like a deck file.

    Problems name the card by its number, counting from 1, where a file names its line.

    >>> deck_from_pairs("Pets", "en", [("cat", "🐈"), ("dog", "🐕")]).pairs[1].word
    'dog'
    """
    reader = _Reader(source, family)
    reader.heading(None, "name", unicodedata.normalize("NFC", name).strip())
    reader.heading(None, "lang", lang.strip())
    for number, (word, picture) in enumerate(pairs, start=1):
        word = unicodedata.normalize("NFC", word).translate(_INVISIBLE).strip()
        picture = unicodedata.normalize("NFC", picture).strip()
        reader.card(number, [word or "", picture] if picture else [word])
    return reader.finish()


def _decode(data: bytes, source: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DeckError(
            source,
            [DeckProblem(None, Text("the file is saved as UTF-16: save it again as UTF-8 text"))],
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        problem = DeckProblem(
            line, Text("the file is not UTF-8 text: save it again choosing the UTF-8 encoding")
        )
        raise DeckError(source, [problem]) from None


def load_deck(path: str | os.PathLike[str], family: bool = True) -> Deck:
    """The deck in a file; a file that is missing, unreadable or wrong is a :class:`DeckError`.
    ``family``: the house rule of the family table (on), which takes no vulgar word."""
    source = os.fspath(path)

    def fail(text: Text) -> DeckError:
        return DeckError(source, [DeckProblem(None, text)])

    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise fail(Text("there is no such file")) from None
    except IsADirectoryError:
        raise fail(Text("this is a folder, not a deck file")) from None
    except PermissionError:
        raise fail(Text("the file cannot be opened: permission denied")) from None
    except OSError as error:
        why = str(error.strerror or error)
        raise fail(Text("the file cannot be read ({why})", why=why)) from None
    if len(data) > MAX_FILE_BYTES:
        raise fail(
            Text(
                "the file is too big to be a deck (a deck is at most {count} {count:byte|bytes})",
                count=MAX_FILE_BYTES,
            )
        )
    return parse_deck(_decode(data, source), source, family)


def _builtin_folder() -> Traversable:
    folder = resources.files("igroteka")
    for part in _BUILTIN_FOLDER:
        folder = folder / part
    return folder


_BUILTIN_DECKS: dict[str, Deck] = {}


@functools.cache
def builtin_languages() -> tuple[str, ...]:
    """The languages that have a built-in deck, in the order of :data:`LANGUAGES`."""
    names = {entry.name for entry in _builtin_folder().iterdir() if entry.is_file()}
    return tuple(lang for lang in LANGUAGES if f"{lang}.deck" in names)


def builtin_deck(lang: str) -> Deck:
    """The deck that comes with the game for a language (see :func:`builtin_languages`)."""
    if lang in _BUILTIN_DECKS:
        return _BUILTIN_DECKS[lang]
    available = builtin_languages()
    source = "/".join(("igroteka", *_BUILTIN_FOLDER, f"{lang}.deck"))
    if lang not in available:
        problem = Text(
            "there is no built-in deck for ‘{lang}’ (there are: {choices})",
            lang=lang,
            choices=", ".join(available),
        )
        raise DeckError(Text("built-in decks"), [DeckProblem(None, problem)])
    text = (_builtin_folder() / f"{lang}.deck").read_text(encoding="utf-8")
    deck = parse_deck(text, source)
    if deck.lang != lang:
        mismatch = Text("the deck says ‘lang: {lang}’", lang=deck.lang)
        raise DeckError(source, [DeckProblem(None, mismatch)])
    _BUILTIN_DECKS[lang] = deck
    return deck


def main(argv: Sequence[str] | None = None) -> int:
    """Check deck files: ``python -m igroteka.games.klepka.deck FILE...``.

    Prints a line for each good file and the problems of each bad one; the exit
    status is 0 when every file is a good deck, 1 when one is not.
    """
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: python -m igroteka.games.klepka.deck FILE.deck...", file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        try:
            deck = load_deck(path)
        except DeckError as error:
            print(error, file=sys.stderr)
            status = 1
        else:
            language = _LANGUAGE_NAMES[deck.lang]
            print(f"{path}: good, ‘{deck.name}’ in {language}, {len(deck.pairs)} pairs")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
