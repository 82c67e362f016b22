"""The seeded generator: the same seed gives the same draws, every value can come up."""

from collections import Counter

import pytest

from igroteka.engine import Rng


def test_the_same_seed_gives_the_same_sequence() -> None:
    a, b = Rng.from_seed(2024), Rng.from_seed(2024)
    for _ in range(100):
        (x, a), (y, b) = a.bits64(), b.bits64()
        assert x == y


def test_different_seeds_give_different_sequences() -> None:
    assert Rng.from_seed(1).bits64()[0] != Rng.from_seed(2).bits64()[0]


def test_draws_below_n_cover_every_value_about_evenly() -> None:
    rng = Rng.from_seed(7)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(800 < count < 1200 for count in counts.values())


def test_a_shuffle_is_a_permutation_and_leaves_the_input_alone() -> None:
    items = list(range(20))
    shuffled, _ = Rng.from_seed(3).shuffled(items)
    assert sorted(shuffled) == items and shuffled != items and items == list(range(20))


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(0)
