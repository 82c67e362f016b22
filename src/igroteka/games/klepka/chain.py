"""Word chains of Klepka: the rules of a chain, checking a player's chain, the best chain.

At the end of a game of Klepka each player builds a chain from their WORD cards:
each word starts with the last letter of the word before it, and a Syncope card
between two words lets the next word start with *any* letter of the previous one.
The longest chain (in letters) wins::

    >>> best_chain(["apple", "tiger", "rat"]).links
    ('tiger', 'rat')
    >>> best_chain(["apple", "tiger", "rat"], syncopes=1).links
    ('tiger', 'rat', 'SYNCOPE', 'apple')

Letters are compared after normalisation (see :func:`letters`): case does not
matter, Russian ё counts as е, apostrophes and hyphens are not letters.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from igroteka.games.klepka import solver
from igroteka.i18n import Text

__all__ = [
    "SYNCOPE",
    "Chain",
    "ChainError",
    "ChainRules",
    "best_chain",
    "card_key",
    "check_chain",
    "check_word",
    "first_letter",
    "last_letter",
    "letters",
    "word_length",
]

SYNCOPE = "SYNCOPE"
"""The token that stands for a Syncope card in a chain's links."""

_APOSTROPHES = frozenset("'\u2019\u02bc")  # ' ’ ʼ (U+02BC is a letter to str.isalpha)
_SOFT_SIGNS = "ьъ"


@dataclass(frozen=True)
class ChainRules:
    """The options of the chain rules.

    ``soft_sign`` decides what a final soft sign does: with ``"skip"`` (the
    default) a word ending in ь (or ъ) chains on from the letter before it, as in
    the game of towns; with ``"strict"`` ь is the last letter like any other, so
    such a word can only be continued through a Syncope.
    """

    soft_sign: Literal["skip", "strict"] = "skip"

    def __post_init__(self) -> None:
        if self.soft_sign not in ("skip", "strict"):
            raise ValueError(f"soft_sign is 'skip' or 'strict', not {self.soft_sign!r}")


class ChainError(ValueError):
    """A chain (or a word) the rules refuse. ``reason`` is a sentence for the player.

    It is a :class:`~igroteka.i18n.Text`, to be said in the player's language. ``link``
    is the index (in the chain's links, Syncopes counted) of the first link that breaks
    the chain, where a screen shows the reason; None when no one link is to blame.
    """

    def __init__(self, reason: str, link: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.link = link


@dataclass(frozen=True)
class Chain:
    """A valid chain: its links in order and its length in letters.

    ``links`` holds the words as spelt on the player's cards, with
    :data:`SYNCOPE` where a Syncope card stands, e.g.
    ``("apple", "egg", "SYNCOPE", "goat")``.
    """

    links: tuple[str, ...]
    length: int

    @property
    def words(self) -> tuple[str, ...]:
        """The words of the chain, in order, without the Syncopes."""
        return tuple(link for link in self.links if link != SYNCOPE)

    @property
    def syncopes(self) -> int:
        """How many Syncope cards the chain uses."""
        return sum(1 for link in self.links if link == SYNCOPE)


# -- letters -------------------------------------------------------------------


def _fold(char: str) -> str:
    """One character, case-folded without changing the number of characters; ё is е."""
    folded = char.casefold()
    if len(folded) != 1:  # ß -> ss, İ -> i̇: keep one character per letter
        folded = char.lower()
        if len(folded) != 1:
            folded = char
    return "е" if folded == "ё" else folded


@functools.lru_cache(maxsize=8192)
def letters(word: str) -> str:
    """The normalised letters of a word, the ones that count and chain.

    Case-folded one character at a time, ё as е; apostrophes (' ’ ʼ), hyphens
    and anything else that is not a letter are left out. The word is put in
    Unicode NFC first, so a letter typed as a base and a combining mark (й as
    и + ◌̆) is still one letter.

    >>> letters("М’ясо")
    'мясо'
    >>> letters("Ёлка-палка")
    'елкапалка'
    """
    return "".join(
        _fold(char)
        for char in unicodedata.normalize("NFC", word)
        if char.isalpha() and char not in _APOSTROPHES
    )


def word_length(word: str) -> int:
    """The number of letters of a word (a soft sign counts, apostrophes do not).

    >>> word_length("сім’я")
    4
    """
    return len(letters(word))


def check_word(word: str) -> None:
    """Raise :class:`ChainError` if a word has no letters and so cannot be in a chain.

    >>> check_word("кіт")
    >>> try:
    ...     check_word("’-’")
    ... except ChainError as error:
    ...     print(error.reason)
    ‘’-’’ has no letters
    """
    if not letters(word):
        raise ChainError(Text("‘{word}’ has no letters", word=word))


def _letters_of(word: str) -> str:
    found = letters(word)
    if not found:
        raise ChainError(Text("‘{word}’ has no letters", word=word))
    return found


def _last(found: str, rules: ChainRules) -> str:
    if rules.soft_sign == "skip":
        kept = found.rstrip(_SOFT_SIGNS)
        if kept:
            return kept[-1]
    return found[-1]


def first_letter(word: str) -> str:
    """The letter the word starts with, normalised.

    >>> first_letter("’Apple")
    'a'
    """
    return _letters_of(word)[0]


def last_letter(word: str, rules: ChainRules = ChainRules()) -> str:
    """The letter the next word must start with (without a Syncope), normalised.

    >>> last_letter("сіль")
    'л'
    >>> last_letter("сіль", ChainRules(soft_sign="strict"))
    'ь'
    """
    return _last(_letters_of(word), rules)


# -- checking a chain a player built ---------------------------------------------


def card_key(word: str) -> str:
    """What a typed word and a card must share to match: case and apostrophes forgiven.

    Two words with the same key are the same card to a player: ``м'ясо`` typed
    with any apostrophe is ``М’ясо``. Spaces around the word do not count;
    hyphens and the spaces inside it do.

    >>> card_key(" М’ясо") == card_key("м'ясо") == card_key("мʼясо")
    True
    >>> card_key("ice cream") == card_key("icecream")
    False
    """
    return "".join(
        "'" if char in _APOSTROPHES else _fold(char)
        for char in unicodedata.normalize("NFC", word.strip())
    )


def _resolve(typed: Sequence[str], hand: Sequence[str], at: Sequence[int]) -> list[str]:
    """The card each typed word stands for, exact spellings first, then forgiving ones;
    ``at``: the index of each typed word among the chain's links, for a refusal to name."""
    left = Counter(hand)
    by_key: dict[str, list[str]] = {}
    for card in hand:
        by_key.setdefault(card_key(card), []).append(card)
    cards: list[str | None] = [None] * len(typed)
    for index, word in enumerate(typed):
        if left[word] > 0:
            left[word] -= 1
            cards[index] = word
    for index, word in enumerate(typed):
        if cards[index] is not None:
            continue
        key = card_key(word)
        for card in by_key.get(key, ()):
            if left[card] > 0:
                left[card] -= 1
                cards[index] = card
                break
    for index, word in enumerate(typed):  # the first word no card is left for breaks the chain
        if cards[index] is None:
            raise ChainError(_not_held(typed, word, by_key), at[index])
    return [card for card in cards if card is not None]


def _not_held(typed: Sequence[str], word: str, by_key: dict[str, list[str]]) -> Text:
    """Why no card is left for a typed word: not the player's, or used more than held."""
    key = card_key(word)
    if key not in by_key:
        return Text("‘{word}’ is not one of your words", word=word)
    used = sum(1 for other in typed if card_key(other) == key)  # more than held
    held = len(by_key[key])
    card = by_key[key][0]
    if held > 1:
        return Text(
            "‘{card}’ is used {count} {count:time|times}, but you hold only {held}",
            card=card,
            count=used,
            held=held,
        )
    if used == 2:
        return Text("‘{card}’ is used twice", card=card)
    return Text("‘{card}’ is used {count} {count:time|times}", card=card, count=used)


def check_chain(
    links: Sequence[str],
    words: Sequence[str],
    syncopes: int,
    rules: ChainRules = ChainRules(),
) -> Chain:
    """Check a chain a player built from their hand and return it, or raise :class:`ChainError`.

    ``words`` are the WORD cards the player holds and ``syncopes`` how many
    Syncope cards. A typed word matches a card whatever its case and apostrophe
    variant (' ’ ʼ); the chain returned spells the words as the cards do.

    >>> check_chain(["apple", "egg"], ["Egg", "apple", "tiger"], 0)
    Chain(links=('apple', 'Egg'), length=8)
    >>> try:
    ...     check_chain(["apple", "tiger"], ["apple", "tiger"], 0)
    ... except ChainError as error:
    ...     print(error.reason, "(link", error.link, end=")")
    ‘apple’ ends with e, ‘tiger’ starts with t (link 1)

    Every chain that is good as far as a word is a chain of its own, so a screen that builds
    a chain link by link asks about it as far as its last word: a Syncope is judged once the
    word after it is placed (a chain may not end with one).
    """
    if syncopes < 0:
        raise ValueError(f"a player holds 0 or more Syncopes, not {syncopes}")
    links = list(links)
    for index, link in enumerate(links):
        if link == SYNCOPE and (
            index == 0 or index == len(links) - 1 or links[index - 1] == SYNCOPE
        ):
            raise ChainError(Text("a Syncope stands only between two words"), index)
    placed = [index for index, link in enumerate(links) if link == SYNCOPE]
    if len(placed) > syncopes:
        raise ChainError(
            Text(
                "you hold {count} {count:Syncope|Syncopes}, not {used}",
                count=syncopes,
                used=len(placed),
            ),
            placed[syncopes],
        )
    at = [index for index, link in enumerate(links) if link != SYNCOPE]
    typed = [links[index] for index in at]
    for index, word in zip(at, typed, strict=True):
        if not letters(word):
            raise ChainError(Text("‘{word}’ has no letters", word=word), index)
    cards = iter(_resolve(typed, words, at))
    resolved = [SYNCOPE if link == SYNCOPE else next(cards) for link in links]
    previous: str | None = None
    after_syncope = False
    for index, link in enumerate(resolved):
        if link == SYNCOPE:
            after_syncope = True
            continue
        if previous is not None:
            start = first_letter(link)
            if after_syncope:
                if start not in letters(previous):
                    shown = ", ".join(dict.fromkeys(letters(previous)))
                    raise ChainError(
                        Text(
                            "‘{word}’ must start with a letter of ‘{previous}’ ({letters})",
                            word=link,
                            previous=previous,
                            letters=shown,
                        ),
                        index,
                    )
            else:
                end = last_letter(previous, rules)
                if start != end:
                    raise ChainError(
                        Text(
                            "‘{previous}’ ends with {end}, ‘{word}’ starts with {start}",
                            previous=previous,
                            end=end,
                            word=link,
                            start=start,
                        ),
                        index,
                    )
        previous = link
        after_syncope = False
    return Chain(tuple(resolved), sum(word_length(link) for link in typed))


# -- the best chain ---------------------------------------------------------------


def best_chain(words: Sequence[str], syncopes: int = 0, rules: ChainRules = ChainRules()) -> Chain:
    """The longest chain (in letters) a player can build from a hand, exactly.

    Among equally long chains the one with fewer Syncopes is chosen; a Syncope is
    never put between two words that chain without it. The same hand gives the
    same chain whatever the order of ``words`` (the hand is sorted first).

    How: a longest trail in a multigraph whose vertices are letters and whose
    edges are words; a word followed by a Syncope is an edge to another of its
    letters. Small and sparse hands are searched exhaustively, hands whose
    Syncopes can join every word are decided by counting trails, and the others
    by a linear program (HiGHS), cut until its solution is one chain, or the
    integer program when it is fractional. Every search but the last is bounded
    by a budget; see :mod:`igroteka.games.klepka.solver` and docs/chain-solver.md.

    >>> best_chain(["сіль", "лимон", "ніс", "м’ясо"]).links
    ('лимон', 'ніс', 'сіль')
    >>> chain = best_chain(["apple", "tiger", "rat"], syncopes=1)
    >>> chain.links, chain.length, chain.syncopes
    (('tiger', 'rat', 'SYNCOPE', 'apple'), 13, 1)
    """
    if syncopes < 0:
        raise ValueError(f"a player holds 0 or more Syncopes, not {syncopes}")
    found = [_letters_of(word) for word in words]
    order = sorted(range(len(words)), key=lambda i: (found[i], words[i]))
    hand = [(found[i], _last(found[i], rules)) for i in order]
    links: list[str] = []
    length = 0
    for index, syncope in solver.solve(hand, syncopes):
        links.append(words[order[index]])
        length += len(found[order[index]])
        if syncope:
            links.append(SYNCOPE)
    return Chain(tuple(links), length)
