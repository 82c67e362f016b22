"""How a bot storyteller aims its clue: found by some of the table, not by all.

The storyteller scores only when some but not all the others find its card. So a
``medium`` or ``hard`` storyteller weighs each clue it could say (a word it knows of a
card of its hand; ``hard`` also a mood word with a word) by the expected share of rounds
in which that happens, over deals of the others' hands from the cards it has not seen:
each other player lays the card of its hand that fits the clue best, then each guesser
picks a card of the table with a chance that grows with how well it fits the clue
(:data:`TEMPERATURE`, the spread at which a guesser finds the card as often as the
``medium`` guesser does on the written bank), never its own. How well a card fits a
clue is the guessers' own measure (:meth:`AssociationsBot.fit`), read from the card's
words the storyteller knows.

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

from igroteka.games.associations.deck import card_by_id, emoji_tags, wanted_emoji
from igroteka.games.associations.meaning import vocabulary

if TYPE_CHECKING:
    from igroteka.games.associations.bots import AssociationsBot

__all__ = ["TEMPERATURE", "Aim", "categories"]

TEMPERATURE: Final = 0.02
"""How sharply a modelled guesser prefers the card that fits best: the chance of a card is
proportional to exp(fit / TEMPERATURE), the fit read from the words in the room's language.
Chosen by measure: of 0.01, 0.015, 0.02, 0.03 and 0.06, the hard storyteller's clue was found
by some but not all three medium guessers most often at 0.02 (0.73 of 240 rounds)."""
CATEGORY: Final = 4
"""A word that is a keyword (not the name) of this many emoji or more is a category."""
HAND: Final = 6
SHARE: Final = 0.6
"""The chance that a modelled guesser knows a given word of a card (the medium bot's)."""

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
    hands from ``pool`` (the same for every clue), and how each clue's card fares."""

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

    def fits(self, vectors: Floats) -> Floats:
        """How well each card (hand, then pool) fits each clue (a row of ``vectors``)."""
        rows = []
        for card in self.cards:
            tags, wholes = self.bot.vectors(card, self.lang, every=False)
            if len(tags) == 0:
                rows.append(np.full(len(vectors), -1.0))
                continue
            near = tags @ vectors.T
            top = -np.partition(-near, 1, axis=0)[:2] if len(tags) > 1 else np.vstack([near] * 2)
            rows.append(top[0] + 0.5 * top[1] + np.max(wholes @ vectors.T, axis=0))
        return np.array(rows)

    def some_not_all(
        self, owners: Sequence[int], vectors: Floats, unknown: Sequence[float] | None = None
    ) -> Floats:
        """For each clue (told for the hand card ``owners[k]``), the expected share of rounds
        in which some but not all the others find its card. A guesser knows a word of a card
        with the chance :data:`SHARE`: ``unknown[k]``, when given, is how well the card fits
        clue ``k`` for a guesser who does not know the words the clue says."""
        fits = self.fits(vectors)
        top = fits.max()
        weight = np.exp((fits - top) / TEMPERATURE)
        columns = np.arange(len(owners))
        own = weight[np.asarray(owners), columns]
        blind = own if unknown is None else np.exp((np.asarray(unknown) - top) / TEMPERATURE)
        total = np.zeros(len(owners))
        for deal in self.deals:
            hands = deal[: self.others * HAND].reshape(self.others, -1)
            laid = []  # per other player: the weight of the cards it lays, per clue
            for hand in hands:
                best = np.argsort(-fits[hand], axis=0)[: self.lays]
                laid.append(weight[hand[best], columns].sum(axis=0))
            decoys = np.sum(laid, axis=0)
            everyone = np.ones(len(owners))
            nobody = np.ones(len(owners))
            for mine in laid:
                rest = decoys - mine
                found = SHARE * own / (own + rest) + (1 - SHARE) * blind / (blind + rest)
                everyone *= found
                nobody *= 1 - found
            total += 1 - everyone - nobody
        return total / max(1, len(self.deals))

    def without(self, owner: int, said: Sequence[str], vector: Floats) -> float:
        """How well the hand card ``owner`` fits a clue for one who knows none of ``said``."""
        card = self.cards[owner]
        langs_tags = self.bot.known(card, self.lang).tags
        tags, wholes = self.bot.vectors(card, self.lang, every=False)
        keep = [n for n, tag in enumerate(langs_tags) if tag not in said]
        if not keep:
            return -1.0
        near = np.sort(tags[keep] @ vector)[::-1]
        second = near[1] if len(near) > 1 else near[0]
        whole = float(np.max(wholes @ vector)) if not set(said) & set(langs_tags) else near[0]
        return float(near[0] + 0.5 * second + whole)

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

    def two_players(self, owners: Sequence[int], vectors: Floats) -> tuple[Floats, Floats]:
        """At a table of two: for each clue, the chance that the guesser's first or second
        token is on its card beside the four hand cards that fit it least, and the fits."""
        fits = self.fits(vectors)[: self.hand]
        weight = np.exp((fits - fits.max()) / TEMPERATURE)
        worth = np.zeros(len(owners))
        for k, owner in enumerate(owners):
            rest = [n for n in np.argsort(fits[:, k]) if n != owner][:4]
            table = weight[[owner, *rest], k]
            first = table / table.sum()
            second = sum(first[n] * first[0] / (1 - first[n]) for n in range(1, len(first)))
            worth[k] = first[0] + second
        return worth, fits
