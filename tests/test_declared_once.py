"""A game is named in one place outside its own package: its line in the registry.

Adding a game touches its package (``src/igroteka/games/<name>/``: rules, bots, declaration,
entry and hooks, terminal, data, translations) and one line of ``GAMES``
(``src/igroteka/games/__init__.py``), nothing else; so no other file of ``src/igroteka`` names
a game: not its code, its prose, its data, nor a file's or folder's name. The engine, the
lexicon, the store, the server, the command line and the terminal reach every game through the
registry (an example in a docstring takes ``game_names()[0]``, or says ``GAME``).

What counts as naming a game: its registered name as a whole word, in any case, where a word
ends at anything but a letter (so ``_crossword``, ``games.klepka``, ``"Klepka"`` and
``content/klepka/`` all name one; the title "Klepka letters" names a game by its first word).
A name that is also an everyday English word (:data:`EVERYDAY`) is prose where it is only
that word (the lexicon speaks of a word's letters); it names the game where it is written as
its identifier, in lower case: quoted, a part of a path or a module's dotted name, a file's
name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from igroteka.games import GAMES

SOURCE = Path(__file__).resolve().parents[1] / "src" / "igroteka"
REGISTRY = SOURCE / "games" / "__init__.py"
TEXT = (".py", ".js", ".css", ".html", ".json", ".md", ".txt", ".list", ".svg", ".toml")
"""The text files read; every file's and folder's name is checked whatever it holds."""

EVERYDAY = {"letters": "a word's letters: the lexicon, the alphabets, the refusals of a rack"}
"""Game names that are also English words the shared code uses as such, and why."""


def owned(relative: Path) -> bool:
    """A file of a game's own package (``games/<name>/...``), where the game names itself."""
    parts = relative.parts
    return len(parts) > 2 and parts[0] == "games" and parts[1] in GAMES


def pattern(name: str) -> re.Pattern[str]:
    """Where ``name`` is named: a whole word, or for an everyday word an identifier only."""
    word = re.escape(name)
    if name not in EVERYDAY:
        return re.compile(rf"(?<![^\W\d_]){word}(?![^\W\d_])", re.IGNORECASE)
    quoted = rf"[\"'`]{word}[\"'`]"
    path = rf"[/\\]{word}(?![^\W\d_])|(?<![^\W\d_]){word}[/\\]"
    module = rf"\b(?:igroteka|games)(?:\.\w+)*\.{word}\b"
    file = rf"(?<![^\W\d_]){word}\.(?:py|js|css|html|json|md)\b"
    return re.compile("|".join((quoted, path, module, file)))


PATTERNS = {name: pattern(name) for name in GAMES}
NAME = {name: re.compile(rf"(?<![^\W\d_]){re.escape(name)}(?![^\W\d_])", re.I) for name in GAMES}


def checked() -> Iterator[Path]:
    """Every file of the package outside the games' own packages and the registry."""
    for path in sorted(SOURCE.rglob("*")):
        relative = path.relative_to(SOURCE)
        if not path.is_file() or "__pycache__" in relative.parts:
            continue
        if path == REGISTRY or owned(relative):
            continue
        yield path


def mentions() -> list[str]:
    """Each file that names a game, by its path (its folders' names and its own) or a line."""
    found = []
    for path in checked():
        relative = path.relative_to(SOURCE)
        for name, named in NAME.items():
            if named.search(relative.as_posix()):
                found.append(f"{relative}: its path names {name}")
        if path.suffix not in TEXT:
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            for name, named in PATTERNS.items():
                if named.search(line):
                    found.append(f"{relative}:{number}: {name}: {line.strip()[:100]}")
    return found


def test_no_file_outside_a_games_package_names_a_game() -> None:
    """The registry line is the one place outside its package that knows a game's name."""
    assert mentions() == []


def test_the_registry_names_each_game_once() -> None:
    text = REGISTRY.read_text("utf-8")
    assert re.search(r"^GAMES = \(.*\)$", text, re.MULTILINE)
    for name in GAMES:
        assert len(NAME[name].findall(text)) == 1, name


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('get_game("klepka")', "klepka"),
        ("a Klepka game", "klepka"),
        ("def _crossword(", "crossword"),
        ("the crossword takes", "crossword"),
        ("igroteka.games.associations.meaning", "associations"),
        ('rule="letters"', "letters"),
        ("content/letters/uk.letters", "letters"),
        ("from igroteka.games.letters import rules", "letters"),
        ("terminal/letters.py", "letters"),
        ('metavar="LETTERS"', None),
        ("the letters a player holds", None),
        ("letters_of(args.letters, lang)", None),
        ("‘{word}’ has no letters", None),
        ("an association game", None),
        ("KlepkaGame", None),
    ],
)
def test_what_counts_as_naming_a_game(line: str, named: str | None) -> None:
    """A game is named by its name as a word or an identifier; an everyday word in prose is
    not its game."""
    hits = [name for name, found in PATTERNS.items() if found.search(line)]
    assert hits == ([named] if named else [])


def test_every_everyday_word_is_a_registered_game() -> None:
    assert set(EVERYDAY) <= set(GAMES)
