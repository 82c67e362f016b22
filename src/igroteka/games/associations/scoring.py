"""How far each piece moves when the votes of a round are shown (sheet 004).

At a table of three or more, with ``owners`` (the seat that laid each card on
the table, numbered from 1 in that order) and ``votes`` (per seat, the number
it voted for; none for the storyteller):

- everyone found the storyteller's card: the storyteller stays, the others move 3;
- nobody found it: the storyteller stays, each other player moves one step for
  every vote on their cards;
- otherwise the storyteller and each player who found the card move 3, and the
  players move one step more for every vote on their cards (option
  ``votes_for``: ``everyone`` but the storyteller, as Dixit and Imaginarium, or
  only the ``guessers``, the sheet read word for word).

>>> moves(0, (0, 1, 2, 3), ((), (1,), (2,), (1,)))
(3, 4, 0, 3)
>>> moves(0, (0, 1, 2), ((), (1,), (1,)))
(0, 3, 3)
>>> moves(0, (0, 1, 2), ((), (3,), (2,)))
(0, 1, 1)

At a table of two the guesser ranks up to three tokens: token 1 on the
storyteller's card moves 2, token 2 moves 1, token 3 moves nothing; the
storyteller moves 1 when token 1 or 2 found the card (a clue worth finding). Under the house
rule ``extra_tokens: cost`` each of tokens 2 and 3 on another card moves the storyteller 1.

>>> two_player_moves(0, 3, (4, 3))
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["STORYTELLER_FOUND", "moves", "two_player_moves"]

FOUND = 3
"""Steps for the storyteller and for each player who found the card."""
TWO_PLAYER_STEPS = (2, 1, 0)
STORYTELLER_FOUND = 1
"""At a table of two: the storyteller's steps when token 1 or 2 found the card."""


def moves(
    storyteller: int,
    owners: Sequence[int],
    votes: Sequence[Sequence[int]],
    *,
    votes_for: str = "everyone",
) -> tuple[int, ...]:
    """The steps of every seat for one round at a table of three or more."""
    players = len(votes)
    story = 1 + owners.index(storyteller)
    others = [seat for seat in range(players) if seat != storyteller]
    found = [seat for seat in others if story in votes[seat]]
    received = [0] * players
    for seat in others:
        for number in votes[seat]:
            received[owners[number - 1]] += 1
    steps = [0] * players
    if len(found) == len(others):
        for seat in others:
            steps[seat] = FOUND
    elif not found:
        for seat in others:
            steps[seat] = received[seat]
    else:
        steps[storyteller] = FOUND
        for seat in others:
            if seat in found:
                steps[seat] = FOUND + received[seat]
            elif votes_for == "everyone":
                steps[seat] = received[seat]
    return tuple(steps)


def two_player_moves(
    storyteller: int, story: int, ranked: Sequence[int], *, extra_cost: bool = False
) -> tuple[int, int]:
    """The steps of both seats at a table of two: ``story`` is the storyteller's card's number,
    ``ranked`` the numbers the guesser's tokens 1, 2, 3 lie on. With ``extra_cost`` (a house
    rule), each of tokens 2 and 3 that is not on the storyteller's card moves the storyteller
    one step more.

    >>> two_player_moves(0, 3, (4, 3, 1)), two_player_moves(0, 3, (4, 3, 1), extra_cost=True)
    ((1, 1), (2, 1))
    """
    steps = [0, 0]
    if story in ranked:
        rank = ranked.index(story)
        steps[1 - storyteller] = TWO_PLAYER_STEPS[rank]
        steps[storyteller] = STORYTELLER_FOUND if TWO_PLAYER_STEPS[rank] else 0
    if extra_cost:
        steps[storyteller] += sum(1 for number in ranked[1:] if number != story)
    return steps[0], steps[1]
