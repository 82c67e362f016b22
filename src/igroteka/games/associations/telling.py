"""How a bot storyteller aims its clue: found by some of the table, not by all.

The storyteller scores only when some but not all the others find its card. So a
``medium`` or ``hard`` storyteller weighs each clue it could say (a word it knows of a
card of its hand; ``hard`` also a mood word with a word, and words near a card that are
not its own) by the expected share of rounds in which that happens, over deals of the
others' hands from the cards it has not seen. Each other player knows a word of a card
with the chance :data:`SHARE` (the medium bot's), lays the card of its hand that fits
the clue best as it knows them, then picks a card of the table, never its own, with a
chance that grows with how well it fits the clue (:data:`TEMPERATURE`). How well a card
fits a clue is the guessers' own measure (:meth:`AssociationsBot.fit`).

A bare category word (“animal”, «тварина», «морда»: a keyword of many emoji, and the
name of none of the card's) is never said: it fits many cards and tells nothing.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from igroteka.games.associations.cards import card_by_id
from igroteka.games.associations.deck import emoji_tags, wanted_emoji
from igroteka.games.associations.meaning import NEXT_CREDIT, vocabulary
from igroteka.games.associations.rules import HAND

if TYPE_CHECKING:
    from igroteka.games.associations.bots import AssociationsBot

__all__ = ["TEMPERATURE", "Aim", "categories"]

TEMPERATURE: Final = 0.02
"""How sharply a modelled guesser prefers the card that fits best: the chance of a card is
proportional to exp(fit / TEMPERATURE), the fit read from the words of the room's language it
knows. Chosen by measure (bench/associations.py --only 2, 60 games of four): the hard
storyteller's clue was found by some but not all 0.680, 0.670, 0.682 and 0.674 of the time at
0.01, 0.015, 0.02 and 0.04 (±0.04): a flat optimum, 0.02 in its middle."""
CATEGORY: Final = 4
"""A word that is a keyword (not the name) of this many emoji or more is a category."""
SHARE: Final = 0.6
"""The chance that a modelled guesser knows a given word of a card (the medium bot's)."""
MINDS: Final = 6
"""Draws of what the modelled guessers know of the cards."""

Floats = npt.NDArray[np.float64]


@functools.cache
def categories(lang: str) -> frozenset[str]:
    """The words that name a kind of thing rather than a thing: keywords of many emoji.

    >>> {"тварина", "рослина", "морда"} <= categories("uk"), "animal" in categories("en")
    (True, True)
    >>> "кит" in categories("uk")
    False
    """
    counts = Counter(tag for emoji in wanted_emoji() for tag in emoji_tags(emoji, lang)[1:])
    return frozenset(tag for tag, count in counts.items() if count >= CATEGORY)


def bare_category(text: str, card: str, lang: str) -> bool:
    """The clue is only a category word, and no emoji of the card is so named."""
    names = {emoji_tags(emoji, lang)[0] for emoji in card_by_id(card).emoji if _tagged(emoji)}
    return text in categories(lang) and text not in names


def _tagged(emoji: str) -> bool:
    try:
        emoji_tags(emoji, "en")
    except KeyError:
        return False
    return True


class Aim:
    """A storyteller's model of a round for some clues at once: deals of the others'
    hands from ``pool`` (the same for every clue), each other player knowing a word of a
    card with the chance :data:`SHARE` (:data:`MINDS` draws of what they know), and how
    each clue's card fares."""

    def __init__(
        self,
        bot: AssociationsBot,
        hand: Sequence[str],
        pool: Sequence[str],
        players: int,
        lang: str,
        deals: int,
    ) -> None:
        self.bot, self.lang = bot, lang
        self.cards = [*hand, *pool]
        self.hand = len(hand)
        self.others = players - 1
        self.lays = 2 if players == 3 else 1
        draw = bot.random
        count = min(len(pool), self.others * HAND)
        self.deals = [
            np.array(draw.sample(range(len(pool)), count)) + len(hand) for _ in range(deals)
        ]
        self.minds = []  # per card: which of its words each modelled guesser knows
        for card in self.cards:
            words = len(self.bot.vectors(card, lang, every=False)[0])
            known = np.array([[draw.random() < SHARE for _ in range(words)] for _ in range(MINDS)])
            self.minds.append(np.vstack([known, np.ones((1, words), dtype=bool)]))

    def fits(self, vectors: Floats, cards: int | None = None) -> Floats:
        """How well each card (hand, then pool; the first ``cards`` of them) fits each clue
        (a column of the result): ``[m, card, clue]`` for the guesser ``m`` of
        :data:`MINDS`, the last knowing all."""
        count = len(self.cards) if cards is None else cards
        out = np.full((MINDS + 1, count, len(vectors)), -1.0)
        for n, card in enumerate(self.cards[:count]):
            tags, _ = self.bot.vectors(card, self.lang, every=False)
            if len(tags) == 0:
                continue
            near = tags @ vectors.T
            gram = tags @ tags.T
            for m, known in enumerate(self.minds[n]):
                if not known.any():
                    continue
                seen = near[known]
                top = (
                    -np.partition(-seen, 1, axis=0)[:2] if len(seen) > 1 else np.vstack([seen] * 2)
                )
                length = np.sqrt(max(float(known @ gram @ known), 1e-9))
                out[m, n] = top[0] + NEXT_CREDIT * top[1] + seen.sum(axis=0) / length
        return out

    def some_not_all(self, owners: Sequence[int], vectors: Floats) -> Floats:
        """For each clue (told for the hand card ``owners[k]``), the expected share of rounds
        in which some but not all the others find its card: each lays the card of its hand
        that fits the clue best as it knows the cards, then finds the storyteller's with a
        chance by how well each card of the table fits as it knows them."""
        fits = self.fits(vectors)
        weight = np.exp((fits - fits.max()) / TEMPERATURE)
        columns = np.arange(len(owners))
        tellers = np.asarray(owners)
        total = np.zeros(len(owners))
        for d, deal in enumerate(self.deals):
            hands = deal[: self.others * HAND].reshape(self.others, -1)
            minds = [(d * self.others + j) % MINDS for j in range(self.others)]
            laid = []  # per other player: the cards it lays, per clue
            for hand, m in zip(hands, minds, strict=True):
                laid.append(hand[np.argsort(-fits[m, hand], axis=0)[: self.lays]])
            everyone = np.ones(len(owners))
            nobody = np.ones(len(owners))
            for j, m in enumerate(minds):
                own = weight[m, tellers, columns]
                rest = sum(
                    weight[m, cards, columns].sum(axis=0) for i, cards in enumerate(laid) if i != j
                )
                found = own / (own + rest)
                everyone *= found
                nobody *= 1 - found
            total += 1 - everyone - nobody
        return total / max(1, len(self.deals))

    def two_players(self, owners: Sequence[int], vectors: Floats) -> Floats:
        """At a table of two: for each clue, the chance that the guesser's first or second
        token is on its card beside the four hand cards that fit it least."""
        fits = self.fits(vectors, self.hand)[MINDS]
        weight = np.exp((fits - fits.max()) / TEMPERATURE)
        worth = np.zeros(len(owners))
        for k, owner in enumerate(owners):
            rest = [n for n in np.argsort(fits[:, k]) if n != owner][:4]
            table = weight[[owner, *rest], k]
            first = table / table.sum()
            second = sum(first[n] * first[0] / (1 - first[n]) for n in range(1, len(first)))
            worth[k] = first[0] + second
        return worth

    def neighbours(self, owner: int, count: int) -> list[tuple[str, Floats]]:
        """Words of the vocabulary, not the card's own nor a category, that fit the hand card
        ``owner`` best: what one may say of a card beyond naming what it shows."""
        card = self.cards[owner]
        words, vectors = vocabulary(self.lang)
        tags, wholes = self.bot.vectors(card, self.lang, every=False)
        if len(tags) == 0:
            return []
        near = tags @ vectors.T
        fit = np.max(near, axis=0) + np.max(wholes @ vectors.T, axis=0)
        own = set(card_by_id(card).tags(self.lang)) | categories(self.lang)
        found = []
        for n in np.argsort(-fit):
            if words[n] not in own and len(words[n]) > 2:
                found.append((words[n], vectors[n]))
                if len(found) == count:
                    break
        return found
