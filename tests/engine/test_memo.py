"""What a game computes once per state: the parts of a view every seat sees alike."""

from __future__ import annotations

import threading

from igroteka.engine.memo import KEPT, per_state
from igroteka.games.crossword.rules import CrosswordGame


def counted() -> tuple[list[object], object]:
    calls: list[object] = []

    @per_state
    def shape(state: object) -> list[object]:
        calls.append(state)
        return [state]

    return calls, shape


def test_every_seat_asking_of_one_state_gets_the_one_answer() -> None:
    calls, shape = counted()
    state = ("board", 1)
    answers = [shape(state) for _ in range(5)]  # type: ignore[operator]
    assert len(calls) == 1
    assert all(answer is answers[0] for answer in answers)


def test_an_equal_state_that_is_another_object_is_computed_for_itself() -> None:
    calls, shape = counted()
    shape(("board", [1]))  # type: ignore[operator]
    shape(("board", [1]))  # type: ignore[operator]
    assert len(calls) == 2


def test_only_the_last_states_asked_about_are_remembered() -> None:
    calls, shape = counted()
    states = [("state", number) for number in range(KEPT + 1)]
    for state in states:
        shape(state)  # type: ignore[operator]
    shape(states[-1])  # type: ignore[operator]  # still remembered
    assert len(calls) == KEPT + 1
    shape(states[0])  # type: ignore[operator]  # the oldest was forgotten
    assert len(calls) == KEPT + 2


def test_threads_asking_at_once_all_get_a_right_answer() -> None:
    calls, shape = counted()
    states = [("state", number) for number in range(200)]
    wrong: list[object] = []

    def ask() -> None:
        for state in states:
            if shape(state) != [state]:  # type: ignore[operator]
                wrong.append(state)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
    assert len(states) <= len(calls) <= 4 * len(states)  # each computed, by one thread or more


def test_a_crossword_seat_sees_its_own_rack_beside_the_shared_board() -> None:
    game = CrosswordGame()
    state = game.setup(game.parse_options({}), 3, seed=5)
    views = [game.view(state, seat) for seat in (0, 1, 2, None)]
    assert [view["rack"] for view in views[:3]] == [list(rack) for rack in state.racks]
    assert views[3]["rack"] == []
    assert all(view["board"] is views[0]["board"] for view in views)  # made once
    unseen = [sum(view["unseen"].values()) for view in views]  # the own rack is seen
    assert unseen[:3] == [unseen[3] - len(rack) for rack in state.racks]
