"""The defaults a game gets from BaseGame, and the helpers every rules file shares."""

from __future__ import annotations

import dataclasses

import pytest

from igroteka.engine.base import BaseGame, replacer
from tests.games import tiny


@dataclasses.dataclass(frozen=True, slots=True)
class Pile:
    phase: str
    left: int
    taken: tuple[int, ...] = ()


def test_a_replaced_state_is_a_new_value_and_the_old_one_stands() -> None:
    replace = replacer(Pile)
    before = Pile("take", 5)
    after = replace(before, left=3, taken=(2,))
    assert after == Pile("take", 3, (2,)) and before == Pile("take", 5)
    assert after == dataclasses.replace(before, left=3, taken=(2,))


def test_a_field_the_state_has_not_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="no such field: \\['lfet'\\]"):
        replacer(Pile)(Pile("take", 5), lfet=3)


def test_by_default_the_seats_awaited_act_and_nothing_happens_by_itself() -> None:
    game = tiny.TakeAway()
    state = game.setup(game.parse_options({"starter": 1}), 3, seed=7)
    assert game.actors(state) == game.awaited(state) == frozenset({1})
    assert game.automatic(state) is None and game.pause(state) is None
    assert game.phase(state) == "take" and game.outcome(state) is None


def test_by_default_a_choice_rests_on_the_whole_view_of_its_seat() -> None:
    """BaseGame.basis: whatever changes in what the seat sees makes an earlier choice stale."""
    game = tiny.TakeAway()
    state = game.setup(game.parse_options({"starter": 0}), 2, seed=7)
    take = tiny.Take(1)
    after, _ = game.apply(state, 0, take)
    assert BaseGame.basis(game, state, 1, take) == BaseGame.basis(game, state, 1, take)
    assert BaseGame.basis(game, state, 1, take) != BaseGame.basis(game, after, 1, take)
