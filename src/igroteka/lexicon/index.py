"""The compiled word index of a language, built once into a cache directory.

Reading a dictionary's millions of forms (:mod:`igroteka.lexicon.scan`) takes 10-15 s of
CPU, so it is done once per language and per version of its sources: the word lists are
compiled into a sorted word list, a marisa trie, NumPy bit sets and a GADDAG automaton packed
in a NumPy array, and saved in the cache directory (``$IGROTEKA_CACHE``, else
``$XDG_CACHE_HOME/igroteka``, else ``~/.cache/igroteka``). A later start loads
them in a fraction of a second. The name of the files carries a digest of
everything the lists depend on (the versions of pymorphy3 and of the
dictionary package, the curated word lists, the index format), so a new
version of any of them builds a new index and the old files are removed.

Per language, of words in normal form (see :func:`igroteka.lexicon.text.normal`):

- ``words``: every form that passes the ``any`` rule, sorted, each numbered by its place
  (:class:`igroteka.lexicon.wordlist.WordList`, which turns a number back into its word);
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
import errno
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

from igroteka.i18n import Text
from igroteka.lexicon.automaton import build as build_gaddag
from igroteka.lexicon.signatures import Signatures, collector_paused, signature
from igroteka.lexicon.text import Language, check_language
from igroteka.lexicon.wordlist import WordList

__all__ = [
    "FORMAT",
    "Index",
    "PrepareError",
    "Progress",
    "cache_dir",
    "index",
    "index_key",
    "is_built",
    "prepare",
    "signature",
    "version",
]

FORMAT = 16
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
    for module in (
        *("text", "morph", "rules", "diminutive", "frequency", "signatures", "automaton"),
        *("scan", "wordlist"),
    ):
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
_TRIES = ("nouns",)
_TABLES = ("word_signatures", "noun_signatures")


def _paths(lang: Language, key: str) -> dict[str, Path]:
    """The files of a language's index: the trie of words, a DAWG each, the tables' parts."""
    folder = cache_dir()
    paths = {name: folder / f"{lang}-{name}-{key}.npy" for name in _ARRAYS}
    for name in _TRIES:
        paths[name] = folder / f"{lang}-{name}-{key}.marisa"
    for part in WordList.PARTS:
        paths[f"words.{part}"] = folder / f"{lang}-words-{key}.{part}"
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


Progress = Callable[[float], object]
"""Told how far a preparation is, from 0 to 1, as it goes (often: cheap to call)."""


class PrepareError(Exception):
    """A language's index cannot be made: ``reason`` says why, for a person (a Text)."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = reason


def prepare(lang: str, progress: Progress | None = None) -> None:
    """Have a language's index in the cache: built now if it is not there, ``progress`` told
    how far the build is. One process builds a language at a time (a lock file in the cache
    folder); another that asks meanwhile waits for it, told how far it is, and then finds the
    index built. Files are written whole or not at all, so a build that is stopped leaves
    nothing that a later one would use. A fault of the cache folder (not writable, a full
    disk) raises :class:`PrepareError` with a sentence that says so.
    """
    language = check_language(lang)
    tell = progress or _quiet
    paths = _paths(language, index_key(language))
    if _complete(paths):
        tell(1.0)
        return
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with _building(folder / f"{language}.lock", tell) as mark:
            if not _complete(paths):
                with collector_paused():  # millions of objects made once: nothing to collect
                    _build(language, paths, mark)
                _remove_stale(folder, language, set(paths.values()))
    except OSError as error:
        raise PrepareError(_fault(error, folder)) from error
    tell(1.0)


def _quiet(_: float) -> None:
    pass


def _complete(paths: dict[str, Path]) -> bool:
    return all(path.exists() for path in paths.values())


@contextlib.contextmanager
def _building(lock: Path, tell: Progress) -> Iterator[Progress]:
    """Hold a language's build lock, waiting while another process holds it (told how far
    it is: the holder writes its progress into the lock file). Gives the holder's own
    ``progress``, which tells ``tell`` and writes the lock file."""
    import fcntl

    with open(lock, "a+b") as handle:
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                tell(_progress_of(lock))
                time.sleep(0.2)
        last = [-1.0]

        def mark(done: float) -> None:
            tell(done)
            if done - last[0] >= 0.01 or done >= 1.0:
                last[0] = done
                os.pwrite(handle.fileno(), f"{done:.3f}\n".encode(), 0)

        try:
            mark(0.0)
            yield mark
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _progress_of(lock: Path) -> float:
    """How far the process that holds a build lock is (0 when it has not said)."""
    try:
        return max(0.0, min(1.0, float(lock.read_text(encoding="ascii").split()[0])))
    except (OSError, ValueError, IndexError):
        return 0.0


def _fault(error: OSError, folder: Path) -> Text:
    """What went wrong with the cache folder, for a person."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return Text("the disk is full where the dictionaries are kept ({folder})", folder=folder)
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return Text(
            "the folder {folder} cannot be written: set IGROTEKA_CACHE to a folder that can",
            folder=folder,
        )
    return Text(
        "the dictionaries cannot be kept in {folder}: {error}",
        folder=folder,
        error=error.strerror or str(error),
    )


@functools.cache
def index(lang: str) -> Index:
    """The index of a language: loaded from the cache, or built there first (:func:`prepare`,
    seconds); :class:`PrepareError` if it cannot be."""
    language = check_language(lang)
    paths = _paths(language, index_key(language))
    with _lock:
        for attempt in range(2):
            prepare(language)
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
    tries["words"] = WordList.load({part: paths[f"words.{part}"] for part in WordList.PARTS})
    tables = {name: Signatures.load(_table_paths(paths, name)) for name in _TABLES}
    return Index(lang, **tries, **arrays, **tables)


def _build(lang: Language, paths: dict[str, Path], progress: Progress = _quiet) -> None:
    """Scan the dictionary (:mod:`igroteka.lexicon.scan`), let the judge pick the nouns, and
    write every file of the index."""
    import marisa_trie

    from igroteka.lexicon.morph import analyzer
    from igroteka.lexicon.scan import nouns_among, scan

    dictionary = analyzer(lang).dictionary
    found = scan(dictionary, lang, _keys(dictionary), lambda done: progress(0.4 * done))
    nouns = sorted(nouns_among(found, lang))
    progress(0.55)
    keys = build_gaddag({noun.replace("'", "") for noun in nouns}, lang)
    _save(paths["gaddag"], functools.partial(_save_array, keys))
    progress(0.65)
    numbered = marisa_trie.Trie(nouns)
    _save(paths["nouns"], functools.partial(_save_trie, numbered))
    table = Signatures.build(None, lang, numbered)  # every word of the trie
    table.save(_table_paths(paths, "noun_signatures"), _save)
    progress(0.7)
    # The words come sorted, each once: their numbers are their places in the list.
    WordList.save_sorted(found.words, {p: paths[f"words.{p}"] for p in WordList.PARTS}, _save)
    table = Signatures.build(found.words, lang, None)
    table.save(_table_paths(paths, "word_signatures"), _save)
    _save(paths["singular_nouns"], functools.partial(_save_array, found.singular))


def _keys(dictionary: Any) -> list[str] | None:
    """The keys of the dictionary's DAWG to scan: None, all of them (tests read a few words
    instead)."""
    return None


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


STALE_AFTER = 24 * 3600
"""Seconds after which another version's index files are removed: until then, another
installed version of Igroteka sharing the cache may be using them."""


def _remove_stale(folder: Path, lang: Language, keep: set[Path]) -> None:
    """Remove a language's index files other than ``keep`` that no one has written for a day."""
    now = time.time()
    for old in folder.glob(f"{lang}-*"):
        if old.suffix in (".dawg", ".marisa", ".npy", ".json", ".utf8") and old not in keep:
            with contextlib.suppress(OSError):
                if now - old.stat().st_mtime > STALE_AFTER:
                    old.unlink()
