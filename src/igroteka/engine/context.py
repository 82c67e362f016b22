"""The context the authority sends beside every view: the same fields for every game.

A client reads whose move it is, which part of the game this is, and how it
ended from here, without knowing the game's own view::

    {"seq": 12, "actors": [1], "awaited": [1], "phase": "flip",
     "outcome": None, "deadline": None}

``seq`` counts the actions so far; an action a client sends carries the
``seq`` of the view it was chosen on. ``deadline`` is when the turn timer of
the awaited seats runs out (seconds since the epoch), or ``None``.

>>> from igroteka.games import game_names, get_game
>>> game = get_game(game_names()[0])
>>> state = game.setup(game.parse_options({}), 2, seed=1)
>>> told = context(game, state, seq=0)
>>> sorted(told), told["phase"] == game.phase(state)
(['actors', 'awaited', 'deadline', 'outcome', 'phase', 'seq'], True)
"""

from __future__ import annotations

from typing import Any

from igroteka.engine.game import Game, JsonObject

__all__ = ["context"]


def context(
    game: Game[Any, Any], state: Any, seq: int, deadline: float | None = None
) -> JsonObject:
    """The kernel's context of a state: seq, actors, awaited, phase, outcome, deadline."""
    outcome = game.outcome(state)
    return {
        "seq": seq,
        "actors": sorted(game.actors(state)),
        "awaited": sorted(game.awaited(state)),
        "phase": game.phase(state),
        "outcome": outcome.to_json() if outcome is not None else None,
        "deadline": deadline,
    }
