"""The chain solver's searches and bounds, each test named after the rule it checks."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.games.klepka import exhaustive as exhaustive_module
from igroteka.games.klepka import program, solver
from igroteka.games.klepka.chain import best_chain, check_chain, last_letter, letters
from igroteka.games.klepka.cover import every_word, trails_needed
from igroteka.games.klepka.deck import builtin_deck, builtin_languages
from igroteka.games.klepka.exhaustive import Exhaustive
from igroteka.games.klepka.graph import Graph
from tests.games.klepka.chain_ilp import longest_chain


def graph_of(words: Sequence[str], syncopes: int) -> Graph:
    """A hand as the solver sees it: each word's letters and the letter it goes on from."""
    return Graph([(letters(word), last_letter(word)) for word in sorted(words)], syncopes)


def deck_words(lang: str) -> list[str]:
    return [pair.word for pair in builtin_deck(lang).pairs]


# -- hands where every word fits ---------------------------------------------------


def test_the_fewest_trails_are_counted_per_piece_of_the_graph() -> None:
    assert trails_needed(graph_of(["apple", "egg", "goat"], 0)) == 1
    assert trails_needed(graph_of(["apple", "egg", "tiger"], 0)) == 2
    assert trails_needed(graph_of(["abba", "cdc"], 0)) == 2  # two loops on two letters
    assert trails_needed(graph_of(["ab", "ab", "ab"], 0)) == 3  # a is left 3 times more


def test_a_hand_where_syncopes_can_join_every_word_uses_all_its_words() -> None:
    words = ["apple", "tiger", "rat", "lemon", "nest", "kite", "ear", "table", "bottle", "melon"]
    words += ["orange", "grape"]
    assert every_word(graph_of(words, len(words) - 1)) is not None
    chain = best_chain(words, syncopes=len(words) - 1)
    assert sorted(chain.words) == sorted(words)
    assert (chain.length, chain.syncopes) == longest_chain(words, len(words) - 1)
    assert check_chain(chain.links, words, len(words) - 1) == chain


@pytest.mark.parametrize("lang", builtin_languages())
def test_a_whole_deck_with_a_syncope_for_every_word_uses_every_word(lang: str) -> None:
    """Here the fewest trails cannot all be joined: more Syncopes than that are needed."""
    words = deck_words(lang)
    chain = best_chain(words, len(words))
    assert len(chain.words) == len(words)
    assert chain.syncopes >= trails_needed(graph_of(words, 0)) - 1
    assert (chain.length, chain.syncopes) == longest_chain(words, len(words))
    assert check_chain(chain.links, words, len(words)) == chain


def test_a_hand_that_no_syncopes_can_join_whole_is_left_to_the_other_searches() -> None:
    assert every_word(graph_of(["apple", "tiger", "rat", "owl"], 0)) is None  # too few
    # 'owl' may only follow 'lemon' (the one word with an o) and nothing follows it but 'lemon'.
    words = ["apple", "tiger", "rat", "owl", "lemon", "nest", "kite", "ear"]
    assert every_word(graph_of(words, 7)) is None
    assert len(best_chain(words, 7).words) == 7


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcde", min_size=1, max_size=4), min_size=1, max_size=8),
    extra=st.integers(0, 3),
)
def test_when_every_word_fits_no_chain_is_better(words: list[str], extra: int) -> None:
    syncopes = len(words) - 1 + extra
    graph = graph_of(words, syncopes)
    found = every_word(graph)
    best = Exhaustive(graph).chain()
    assert best is not None
    if found is not None:
        assert graph.score(found) == graph.score(best)
        assert sorted(e for e, _, _ in found) == list(range(graph.count))


# -- the budgets ----------------------------------------------------------------------


def test_a_relaxation_that_falls_into_pieces_is_cut_until_it_is_one_chain() -> None:
    """Relaxed, 'cxxxd' and the cycle 'ab' 'ba' make 9 letters; no chain has them all."""
    words = ["ab", "ba", "cxxxd"]
    graph = graph_of(words, 0)
    steps = program.chain(graph)
    assert [sorted(words)[graph.word[e]] for e, _, _ in steps] == ["cxxxd"]


def test_the_exhaustive_memo_is_emptied_past_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exhaustive_module, "MEMO_LIMIT", 50)
    graph = graph_of(["ab", "bc", "ca", "ad", "db", "bd", "dc", "cb", "ba"], 2)
    search = Exhaustive(graph)
    for k in range(3):
        search.value(graph.vertices, 0, k, budget=200)
        assert len(search.best) <= 50 + 200  # at most the limit and one question's budget


def test_a_search_past_its_budget_gives_up_instead_of_growing() -> None:
    graph = graph_of(deck_words("uk")[:30], 3)
    search = Exhaustive(graph)
    assert search.chain(budget=500) is None
    assert len(search.best) <= 500


def test_the_same_hand_gives_the_same_chain_on_every_run() -> None:
    """The budgets count positions, not time, and HiGHS is deterministic."""
    rng = random.Random(5)
    words = rng.sample(deck_words("en"), 40)
    first = best_chain(words, 2)
    for _ in range(3):
        assert best_chain(words, 2) == first


# -- big hands, checked by the independent integer program ---------------------------


@pytest.mark.parametrize(("lang", "syncopes"), [("en", 0), ("en", 1), ("en", 2), ("uk", 2)])
def test_the_whole_deck_is_solved_exactly(lang: str, syncopes: int) -> None:
    words = deck_words(lang)
    chain = best_chain(words, syncopes)
    assert (chain.length, chain.syncopes) == longest_chain(words, syncopes)
    assert check_chain(chain.links, words, syncopes) == chain


@pytest.mark.parametrize("seed", range(4))
def test_hands_of_the_lobbys_limits_with_many_syncopes_are_solved_exactly(seed: int) -> None:
    """40 to 50 words with 4 to 10 Syncopes: the hands that used to take minutes."""
    rng = random.Random(2000 + seed)
    words = rng.sample(deck_words(rng.choice(builtin_languages())), rng.randint(40, 50))
    syncopes = rng.randint(4, 10)
    chain = best_chain(words, syncopes)
    assert (chain.length, chain.syncopes) == longest_chain(words, syncopes)
    assert check_chain(chain.links, words, syncopes) == chain


@pytest.mark.parametrize("seed", range(4))
def test_hands_of_40_nouns_with_syncopes_are_solved_exactly(seed: int) -> None:
    rng = random.Random(3000 + seed)
    words = rng.sample(deck_words(rng.choice(builtin_languages())), 40)
    syncopes = 1 + seed % 3
    chain = best_chain(words, syncopes)
    assert (chain.length, chain.syncopes) == longest_chain(words, syncopes)


def test_every_search_of_the_solver_is_exact_on_a_small_dense_hand() -> None:
    words = ["ab", "bca", "cab", "abc", "bb", "cc", "acb", "ba"]
    graph = graph_of(words, 2)
    scores = {
        graph.score(found)
        for found in (
            Exhaustive(graph).chain(),
            program.chain(graph),
            solver.steps(graph),
        )
        if found is not None
    }
    assert len(scores) == 1


@settings(max_examples=80, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcdeь", min_size=1, max_size=5), min_size=1, max_size=10),
    syncopes=st.integers(0, 3),
)
def test_the_integer_program_alone_finds_the_best_chain(words: list[str], syncopes: int) -> None:
    """Without the linear program's rounds every hand goes to the integer program and its cuts."""
    graph = graph_of([word for word in words if letters(word)], syncopes)
    best = Exhaustive(graph).chain()
    assert best is not None
    kept = program.LP_ROUNDS
    program.LP_ROUNDS = 0
    try:
        found = program.chain(graph)
    finally:
        program.LP_ROUNDS = kept
    assert graph.score(found) == graph.score(best)
