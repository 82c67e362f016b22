"""Any card of the association game by its id: built-in, generated, or a teacher's own.

A card's id says what it is: a built-in name (``whale-over-house``), a generated
``g-<seed>-<n>``, or ``t-<n>-<recipe>``, a card of a teacher's own deck whose id holds
all of it. The first two are :mod:`igroteka.games.associations.deck`'s, the last
:mod:`igroteka.games.associations.own`'s; this module, above both, asks the right one.

>>> card_by_id("g-7-2").id, card_by_id("whale-over-house").backdrop
('g-7-2', 'night')
"""

from __future__ import annotations

from igroteka.games.associations.deck import OWN_PREFIX, Card, built_card
from igroteka.games.associations.own import card_from_id

__all__ = ["card_by_id"]


def card_by_id(card_id: str) -> Card:
    """The card with this id, of whatever kind; ``KeyError`` when there is none."""
    if card_id.startswith(OWN_PREFIX):
        return card_from_id(card_id)
    return built_card(card_id)
