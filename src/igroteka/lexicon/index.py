"""The compiled word index of a language, built once into a cache directory.

Scanning a dictionary's millions of forms takes about half a minute, so it is
done once per language and per version of its sources: the word lists are
compiled into DAWGs (compact automata, read by DAWG2 in C) and saved in the
cache directory (``$IGROTEKA_CACHE``, else ``$XDG_CACHE_HOME/igroteka``, else
``~/.cache/igroteka``). A later start loads them in a fraction of a second. The
name of the files carries a digest of everything the lists depend on (the
versions of pymorphy3 and of the dictionary package, the curated word lists,
the index format), so a new version of any of them builds a new index and the
old files are removed.

Per language, of words in normal form (see :func:`igroteka.lexicon.text.normal`):

- ``words``: every form that passes the ``any`` rule (Klepka letters);
- ``nouns``: every form that passes the ``crossword`` rule (famous surnames
  included);
- ``anagrams``: the *signatures* of ``words``, their letters in alphabetical
  order without apostrophes (кіт and тік have ікт), each after a character that
  gives its length (:func:`anagram_key`), with which
  :mod:`igroteka.lexicon.search` finds the words a multiset of letters makes;
- ``spelt``: the forms of ``words`` again, each after the character of its
  number of letters, with which the search spells a signature out;
- ``gaddag``: the GADDAG keys of ``nouns`` (letters only) for crossword move
  generation (:mod:`igroteka.lexicon.gaddag`).
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from igroteka.lexicon.text import ALPHABETS, RANKS, Language, check_language

__all__ = [
    "FORMAT",
    "Index",
    "anagram_key",
    "cache_dir",
    "index",
    "index_key",
    "is_built",
    "length_mark",
    "repeats",
    "signature",
]

FORMAT = 9
"""The version of the index format: raise it when what goes into an index changes."""

_SOURCES = ("pymorphy3", "pymorphy3-dicts-uk", "pymorphy3-dicts-ru", "dawg2")
_lock = threading.Lock()


def cache_dir() -> Path:
    """Where compiled indexes are kept."""
    chosen = os.environ.get("IGROTEKA_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "igroteka"


def index_key(lang: Language) -> str:
    """A digest of everything a language's index is built from."""
    digest = hashlib.sha256(f"format {FORMAT} {lang}".encode())
    for name in _SOURCES:
        try:
            digest.update(f"{name} {metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name} -".encode())
    folder = resources.files("igroteka").joinpath("content", "lexicon")
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".txt"):
            digest.update(entry.name.encode())
            digest.update(entry.read_bytes())
    for module in ("text", "morph", "rules", "diminutive"):
        digest.update(resources.files("igroteka").joinpath("lexicon", f"{module}.py").read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Index:
    """The compiled word lists of one language (DAWGs: ``word in index.words``)."""

    lang: Language
    words: Any
    nouns: Any
    anagrams: Any
    spelt: Any
    gaddag: Any


def signature(word: str, lang: str) -> str:
    """The letters of a normal-form word in alphabetical order, apostrophes left out.

    >>> signature("м'ясо", "uk")
    'мося'
    """
    return "".join(sorted((char for char in word if char != "'"), key=RANKS[lang].__getitem__))


def length_mark(count: int) -> str:
    """The character that files a key of ``count`` letters in the anagram and spelt indexes.

    >>> length_mark(3)
    'C'
    """
    return chr(0x40 + count)


def anagram_key(sig: str) -> str:
    """A signature as the anagram index files it: after its length, as one character.

    >>> anagram_key("ікт")
    'Cікт'
    """
    return length_mark(len(sig)) + sig


REPEATS_KEY = "!"
"""The anagram index also holds ``!N``: no word repeats a letter more than N times."""


def repeats(compiled: Index) -> int:
    """The most times one letter occurs in a word of a language's lists."""
    return int(next(iter(compiled.anagrams.iterkeys(REPEATS_KEY)))[1:])


def _repeats(words: set[str]) -> int:
    return max((max(Counter(word.replace("'", "")).values()) for word in words), default=0)


_KINDS = ("words", "nouns", "anagrams", "spelt", "gaddag")


def _paths(lang: Language, key: str) -> dict[str, Path]:
    return {name: cache_dir() / f"{lang}-{name}-{key}.dawg" for name in _KINDS}


def is_built(lang: str) -> bool:
    """Whether a language's index is in the cache already (loading it will be quick)."""
    language = check_language(lang)
    return all(path.exists() for path in _paths(language, index_key(language)).values())


@functools.cache
def index(lang: str) -> Index:
    """The index of a language: loaded from the cache, or built there first (about a minute)."""
    language = check_language(lang)
    import dawg

    key = index_key(language)
    paths = _paths(language, key)
    with _lock:
        if not all(path.exists() for path in paths.values()):
            _build(language, paths)
            _remove_stale(cache_dir(), language, key)
        loaded = {name: dawg.CompletionDAWG().load(str(path)) for name, path in paths.items()}
    words, nouns, anagrams, spelt, gaddag = (loaded[name] for name in _KINDS)
    return Index(language, words, nouns, anagrams, spelt, gaddag)


def _build(lang: Language, paths: dict[str, Path]) -> None:
    import dawg

    from igroteka.lexicon.gaddag import gaddag_keys
    from igroteka.lexicon.morph import analyzer
    from igroteka.lexicon.rules import check, famous_surnames

    words: set[str] = set()
    candidates: set[str] = set()
    for form, tag in _forms(analyzer(lang)):
        grammemes = tag.grammemes
        if "Abbr" in grammemes:
            continue
        words.add(form)
        if (
            tag.POS == "NOUN"
            and ("nomn" in grammemes or (lang == "uk" and tag.case is None))
            and ("plur" not in grammemes or "Pltm" in grammemes)
            and "Name" not in grammemes
            and "Patr" not in grammemes
        ):
            candidates.add(form)
    candidates |= famous_surnames(lang)
    nouns = {form for form in candidates if check(form, lang, "crossword").ok}
    folder = next(iter(paths.values())).parent
    folder.mkdir(parents=True, exist_ok=True)
    automata = {
        "words": dawg.CompletionDAWG(sorted(words)),
        "nouns": dawg.CompletionDAWG(sorted(nouns)),
        "anagrams": dawg.CompletionDAWG(
            sorted(
                {anagram_key(signature(word, lang)) for word in words}
                | {f"{REPEATS_KEY}{_repeats(words)}"}
            )
        ),
        "spelt": dawg.CompletionDAWG(
            sorted(length_mark(len(word.replace("'", ""))) + word for word in words)
        ),
        "gaddag": dawg.CompletionDAWG(
            sorted({key for noun in nouns for key in gaddag_keys(noun.replace("'", ""))})
        ),
    }
    for name, automaton in automata.items():
        _save(paths[name], automaton.save)


def _save(path: Path, write: Callable[[str], object]) -> None:
    """Write a file whole or not at all, even with two builders at once."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    os.close(handle)
    try:
        write(temporary)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _forms(morph: Any) -> Iterator[tuple[str, Any]]:
    """Every dictionary form (normal form, letters of the language only) with a tag."""
    lang = "uk" if "uk" in str(morph.lang) else "ru"
    allowed = set(ALPHABETS[lang]) | ({"'"} if lang == "uk" else set())
    for word, tag, _normal, _paradigm, _index in morph.dictionary.iter_known_words():
        form = word.replace("ё", "е") if lang == "ru" else word
        if set(form) <= allowed and not (form.startswith("'") or form.endswith("'")):
            yield form, tag  # an apostrophe stands between letters: пра' is junk


def _remove_stale(folder: Path, lang: Language, key: str) -> None:
    for old in folder.glob(f"{lang}-*"):
        if old.suffix == ".dawg" and key not in old.name:
            old.unlink(missing_ok=True)
