"""The compiled word index of a language, built once into a cache directory.

Scanning a dictionary's millions of forms takes about half a minute, so it is
done once per language and per version of its sources: the word lists are
compiled into marisa tries, NumPy bit sets and a GADDAG automaton packed in a
NumPy array, and saved in the cache directory (``$IGROTEKA_CACHE``, else
``$XDG_CACHE_HOME/igroteka``, else ``~/.cache/igroteka``). A later start loads
them in a fraction of a second. The name of the files carries a digest of
everything the lists depend on (the versions of pymorphy3 and of the
dictionary package, the curated word lists, the index format), so a new
version of any of them builds a new index and the old files are removed.

Per language, of words in normal form (see :func:`igroteka.lexicon.text.normal`):

- ``words``: every form that passes the ``any`` rule, in a
  trie that also numbers them and turns a number back into its word
  (marisa-trie);
- ``nouns``: every form that passes the ``nouns`` rule (famous surnames
  and place names included), in a trie of its own (they are not all ``words``:
  the ``any`` rule takes no proper names);
- ``word_signatures`` and ``noun_signatures``: the *signatures* of ``words``
  and of ``nouns``, their letters in alphabetical order without apostrophes
  (кіт and тік have ікт), as bit sets by letter and count, each with the
  numbers of its words in ``words`` or ``nouns``
  (:class:`igroteka.lexicon.signatures.Signatures`), with which
  :mod:`igroteka.lexicon.search` finds the words a multiset of letters makes;
- ``singular_nouns``: one flag per word of ``words``, by its number in the trie:
  whether some reading of it is a noun in the singular (the search's
  ``nouns_singular`` asks only those, :func:`igroteka.lexicon.search.best_words`);
- ``gaddag``: the minimal automaton of the GADDAG keys of ``nouns`` (letters
  only), one NumPy array, for move generation on a board
  (:func:`igroteka.lexicon.automaton.build`; it is turned into nested dicts only
  when first asked, :func:`igroteka.lexicon.gaddag.automaton`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from igroteka.lexicon.automaton import build as build_gaddag
from igroteka.lexicon.signatures import Signatures, signature
from igroteka.lexicon.text import ALPHABETS, Language, check_language

__all__ = [
    "FORMAT",
    "Index",
    "cache_dir",
    "index",
    "index_key",
    "is_built",
    "signature",
    "version",
]

FORMAT = 15
"""The version of the index format: raise it when what goes into an index changes."""

_SOURCES = (
    "pymorphy3",
    "pymorphy3-dicts-uk",
    "pymorphy3-dicts-ru",
    "dawg2",
    "marisa-trie",
    "wordfreq",  # the diminutive judge spares everyday nouns by their frequency
)
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
    for module in ("text", "morph", "rules", "diminutive", "frequency", "signatures", "automaton"):
        digest.update(resources.files("igroteka").joinpath("lexicon", f"{module}.py").read_bytes())
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=1)
def version() -> str:
    """The lexicon's version: the index format and a digest of everything both languages'
    answers are built from (dictionaries, curated lists, the rules' code).

    A record keeps it, so a replay that fails after an update can say the dictionary changed.
    """
    digest = hashlib.sha256(" ".join(index_key(lang) for lang in ("uk", "ru")).encode())
    return f"{FORMAT}-{digest.hexdigest()[:10]}"


@dataclass(frozen=True)
class Index:
    """The compiled word lists of one language (DAWGs: ``word in index.words``)."""

    lang: Language
    words: Any
    nouns: Any
    gaddag: Any
    word_signatures: Signatures
    noun_signatures: Signatures
    singular_nouns: Any
    """A NumPy bool array: ``singular_nouns[words[word]]``, whether a word may be a noun in the
    singular."""


_ARRAYS = ("gaddag", "singular_nouns")
_TRIES = ("words", "nouns")
_TABLES = ("word_signatures", "noun_signatures")


def _paths(lang: Language, key: str) -> dict[str, Path]:
    """The files of a language's index: the trie of words, a DAWG each, the tables' parts."""
    folder = cache_dir()
    paths = {name: folder / f"{lang}-{name}-{key}.npy" for name in _ARRAYS}
    for name in _TRIES:
        paths[name] = folder / f"{lang}-{name}-{key}.marisa"
    for name in _TABLES:
        for part in Signatures.PARTS:
            paths[f"{name}.{part}"] = folder / f"{lang}-{name}-{key}.{part}"
    return paths


def _table_paths(paths: dict[str, Path], name: str) -> dict[str, Path]:
    return {part: paths[f"{name}.{part}"] for part in Signatures.PARTS}


def is_built(lang: str) -> bool:
    """Whether a language's index is in the cache already (loading it will be quick)."""
    language = check_language(lang)
    return all(path.exists() for path in _paths(language, index_key(language)).values())


@functools.cache
def index(lang: str) -> Index:
    """The index of a language: loaded from the cache, or built there first (two minutes)."""
    language = check_language(lang)
    paths = _paths(language, index_key(language))
    with _lock:
        for attempt in range(2):
            if not all(path.exists() for path in paths.values()):
                _build(language, paths)
                _remove_stale(cache_dir(), language, set(paths.values()))
            try:
                return _load(language, paths)
            except (OSError, ValueError, RuntimeError):  # marisa: RuntimeError
                if attempt:
                    raise
                for path in paths.values():  # a file cut or removed meanwhile: build anew
                    path.unlink(missing_ok=True)
    raise AssertionError("unreachable")


def _load(lang: Language, paths: dict[str, Path]) -> Index:
    import marisa_trie
    import numpy as np

    arrays = {name: np.load(paths[name], mmap_mode="r") for name in _ARRAYS}
    tries = {name: marisa_trie.Trie().mmap(str(paths[name])) for name in _TRIES}
    tables = {name: Signatures.load(_table_paths(paths, name)) for name in _TABLES}
    return Index(lang, **tries, **arrays, **tables)


def _build(lang: Language, paths: dict[str, Path]) -> None:
    import marisa_trie

    from igroteka.lexicon.morph import PROPER_MARKS, abbreviation, analyzer
    from igroteka.lexicon.rules import check, famous_surnames

    morph = analyzer(lang)
    # The lemmas each form is an abbreviation of (a first pass: the tag is not on every case).
    abbreviated: dict[str, set[str]] = {}
    for form, tag, lemma in _forms(morph):
        if "Abbr" in tag.grammemes:
            abbreviated.setdefault(form, set()).add(lemma)
    known: set[str] = set()  # every word of the dictionary, names included
    words: set[str] = set()  # the rule "any": common words
    candidates: set[str] = set()
    singular: set[str] = set()  # the forms that may be a noun in the singular
    nothing: set[str] = set()
    for form, tag, lemma in _forms(morph):
        grammemes = tag.grammemes
        if "Dist" not in grammemes and _singular_noun(tag, lang):
            singular.add(form)  # any reading, as analyses() reads them: abbreviations too
        if "Dist" in grammemes or abbreviation(form, lemma, tag, abbreviated.get(form, nothing)):
            continue
        known.add(form)
        if not any(mark in grammemes for mark in PROPER_MARKS):
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
    # The rule nouns passes only words of the dictionary, so nouns are among the known.
    nouns = {form for form in candidates if check(form, lang, "nouns").ok} & known
    folder = next(iter(paths.values())).parent
    folder.mkdir(parents=True, exist_ok=True)
    keys = build_gaddag({noun.replace("'", "") for noun in nouns}, lang)
    _save(paths["gaddag"], functools.partial(_save_array, keys))
    for name, listed, trie_name in (
        ("word_signatures", words, "words"),
        ("noun_signatures", nouns, "nouns"),
    ):
        numbered = marisa_trie.Trie(listed)
        _save(paths[trie_name], functools.partial(_save_trie, numbered))
        table = Signatures.build(listed, lang, numbered)
        table.save(_table_paths(paths, name), _save)
        if trie_name == "words":
            flags = _flags(numbered, singular)
            _save(paths["singular_nouns"], functools.partial(_save_array, flags))


def _singular_noun(tag: Any, lang: Language) -> bool:
    """Whether a reading is a noun in the singular, as :func:`igroteka.lexicon.morph.analyses`
    says (dict_uk leaves the number off some Ukrainian nouns: singular)."""
    grammemes = tag.grammemes
    return bool(
        tag.POS == "NOUN" and "plur" not in grammemes and ("sing" in grammemes or lang == "uk")
    )


def _flags(numbered: Any, chosen: set[str]) -> Any:
    """A bool array over a trie's numbers: whether each of its words is among ``chosen``."""
    import numpy as np

    flags = np.zeros(len(numbered), dtype=bool)
    for word in chosen:
        if word in numbered:
            flags[numbered[word]] = True
    return flags


def _save_trie(automaton: Any, path: Path) -> None:
    automaton.save(str(path))


def _save_array(array: Any, path: Path) -> None:
    import numpy as np

    with open(path, "wb") as handle:
        np.save(handle, array)


def _save(path: Path, write: Callable[[Path], object]) -> None:
    """Write a file whole or not at all, even with two builders at once."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    os.close(handle)
    try:
        write(Path(temporary))
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _forms(morph: Any) -> Iterator[tuple[str, Any, str]]:
    """Every dictionary form (normal form, letters of the language only), its tag and lemma."""
    lang = "uk" if "uk" in str(morph.lang) else "ru"
    allowed = set(ALPHABETS[lang]) | ({"'"} if lang == "uk" else set())
    for word, tag, lemma, _paradigm, _index in morph.dictionary.iter_known_words():
        form = word.replace("ё", "е") if lang == "ru" else word
        if set(form) <= allowed and not (form.startswith("'") or form.endswith("'")):
            yield form, tag, lemma  # an apostrophe stands between letters: пра' is junk


STALE_AFTER = 24 * 3600
"""Seconds after which another version's index files are removed: until then, another
installed version of Igroteka sharing the cache may be using them."""


def _remove_stale(folder: Path, lang: Language, keep: set[Path]) -> None:
    """Remove a language's index files other than ``keep`` that no one has written for a day."""
    now = time.time()
    for old in folder.glob(f"{lang}-*"):
        if old.suffix in (".dawg", ".marisa", ".npy", ".json") and old not in keep:
            with contextlib.suppress(OSError):
                if now - old.stat().st_mtime > STALE_AFTER:
                    old.unlink()
