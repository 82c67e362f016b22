"""The chain rules of Klepka, each test named after the rule it checks."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igroteka.games.klepka import program
from igroteka.games.klepka.chain import (
    SYNCOPE,
    Chain,
    ChainError,
    ChainRules,
    best_chain,
    check_chain,
    check_word,
    first_letter,
    last_letter,
    letters,
    word_length,
)
from igroteka.games.klepka.deck import builtin_deck, builtin_languages
from igroteka.games.klepka.exhaustive import Exhaustive
from igroteka.games.klepka.graph import Graph
from tests.games.klepka.chain_ilp import longest_chain

STRICT = ChainRules(soft_sign="strict")


def refusal(links: Sequence[str], words: Sequence[str], syncopes: int = 0, **rules: str) -> str:
    """The reason check_chain gives for refusing a chain."""
    with pytest.raises(ChainError) as caught:
        check_chain(links, words, syncopes, ChainRules(**rules))  # type: ignore[arg-type]
    return caught.value.reason


# -- letters ---------------------------------------------------------------------------


def test_case_does_not_matter() -> None:
    assert letters("Apple") == letters("APPLE") == "apple"
    assert first_letter("Їжак") == "ї"
    assert check_chain(["APPLE", "egg"], ["apple", "Egg"], 0).links == ("apple", "Egg")


def test_apostrophe_variants_are_the_same_and_not_letters() -> None:
    spellings = ["м’ясо", "м'ясо", "мʼясо"]
    assert {letters(word) for word in spellings} == {"мясо"}
    assert {word_length(word) for word in spellings} == {4}
    assert first_letter("’ясла") == "я"
    for typed in spellings:
        # A player may type any apostrophe; the chain keeps the card's spelling.
        assert check_chain([typed, "огірок"], ["огірок", "м’ясо"], 0).links == ("м’ясо", "огірок")


def test_hyphens_are_not_letters() -> None:
    assert letters("ice-cream") == "icecream"
    assert word_length("t-shirt") == 6
    assert last_letter("жар-птиця") == "я"


def test_russian_yo_counts_as_ye() -> None:
    assert letters("Ёлка") == "елка"
    assert check_chain(["море", "ёлка"], ["ёлка", "море"], 0) == Chain(("море", "ёлка"), 8)


def test_ukrainian_letters_are_letters_of_their_own() -> None:
    assert first_letter("ґанок") != first_letter("гай")
    assert {first_letter(word) for word in ["іній", "їжак", "єнот", "ирій"]} == {"і", "ї", "є", "и"}
    assert refusal(["сані", "їжак"], ["сані", "їжак"]) == "‘сані’ ends with і, ‘їжак’ starts with ї"
    words = ["ґудзик", "кіт", "гай"]
    assert refusal(words, words) == "‘кіт’ ends with т, ‘гай’ starts with г"
    assert check_chain(["ґудзик", "кіт", "тигр"], ["ґудзик", "кіт", "тигр"], 0).length == 13


def test_only_letters_count_as_letters() -> None:
    assert letters("R2-D2!") == "rd"
    assert letters("й") == letters("и\u0306") == "й"  # a letter typed with a combining mark


def test_a_word_without_letters_is_refused() -> None:
    for word in ["", "’-’", "42", " "]:
        with pytest.raises(ChainError) as caught:
            check_word(word)
        assert caught.value.reason == f"‘{word}’ has no letters"
    with pytest.raises(ChainError):
        best_chain(["cat", "--"])
    assert refusal(["cat", "’"], ["cat", "’"]) == "‘’’ has no letters"


# -- the final soft sign ---------------------------------------------------------------


def test_final_soft_sign_is_skipped_by_default() -> None:
    assert last_letter("сіль") == "л"
    assert last_letter("кінь") == "н"
    assert check_chain(["сіль", "лимон"], ["лимон", "сіль"], 0) == Chain(("сіль", "лимон"), 9)
    assert best_chain(["лимон", "сіль", "ніс"]).links == ("лимон", "ніс", "сіль")


def test_final_soft_sign_is_the_last_letter_when_strict() -> None:
    assert last_letter("сіль", STRICT) == "ь"
    assert (
        refusal(["сіль", "лимон"], ["сіль", "лимон"], soft_sign="strict")
        == "‘сіль’ ends with ь, ‘лимон’ starts with л"
    )
    # ... so such a word goes on only through a Syncope.
    assert check_chain(["сіль", SYNCOPE, "лимон"], ["сіль", "лимон"], 1, STRICT).length == 9
    assert best_chain(["сіль", "лимон"], 0, STRICT).links == ("лимон",)
    assert best_chain(["сіль", "лимон"], 1, STRICT).links == ("сіль", SYNCOPE, "лимон")


def test_soft_sign_counts_in_the_length() -> None:
    assert word_length("кінь") == 4
    assert check_chain(["кінь", "ніс"], ["кінь", "ніс"], 0).length == 7


def test_the_soft_sign_option_has_two_values() -> None:
    assert ChainRules().soft_sign == "skip"
    with pytest.raises(ValueError):
        ChainRules(soft_sign="lenient")  # type: ignore[arg-type]


# -- a chain a player builds -----------------------------------------------------------


def test_each_word_starts_with_the_last_letter_of_the_one_before() -> None:
    words = ["apple", "egg", "goat", "tiger"]
    assert check_chain(["apple", "egg", "goat", "tiger"], words, 0).length == 17
    assert refusal(["apple", "tiger"], words) == "‘apple’ ends with e, ‘tiger’ starts with t"
    assert refusal(["egg", "goat", "apple"], words) == "‘goat’ ends with t, ‘apple’ starts with a"


def broken_at(links: list[str], words: list[str], syncopes: int = 0) -> int | None:
    with pytest.raises(ChainError) as refused:
        check_chain(links, words, syncopes)
    return refused.value.link


def test_a_refusal_names_the_link_that_breaks_the_chain() -> None:
    """The index among the links, Syncopes counted, where a screen shows the reason."""
    words = ["apple", "egg", "goat", "tiger", "rat"]
    assert broken_at(["apple", "egg", "goat", "rat"], words) == 3  # goat ends with t
    assert broken_at(["apple", "SYNCOPE", "goat"], words, 1) == 2  # no g in apple
    assert broken_at(["egg", "goat", "lion"], words) == 2  # not held
    assert broken_at(["tiger", "rat", "tiger"], words) == 2  # used twice
    assert broken_at(["SYNCOPE", "egg"], words, 1) == 0
    assert broken_at(["egg", "SYNCOPE"], words, 1) == 1  # a chain may not end with one
    assert broken_at(["tiger", "SYNCOPE", "apple", "SYNCOPE", "egg"], words, 1) == 3
    assert broken_at(["tiger", "’"], words) == 1  # no letters


def test_a_chain_good_as_far_as_a_word_is_a_chain_so_each_tap_can_be_judged() -> None:
    """Every prefix of a good chain that ends with a word is accepted: a screen asks about the
    chain as far as its last word after each tap."""
    words = ["tiger", "rat", "apple", "egg", "goat"]
    links = ["tiger", "rat", "SYNCOPE", "apple", "egg", "goat"]
    for end in range(1, len(links) + 1):
        if links[end - 1] != SYNCOPE:
            assert check_chain(links[:end], words, 1).links == tuple(links[:end])


def test_an_empty_chain_has_length_zero() -> None:
    assert check_chain([], ["cat"], 0) == Chain((), 0)
    assert best_chain([]) == Chain((), 0)
    assert best_chain([], syncopes=3) == Chain((), 0)


def test_a_single_word_is_a_chain() -> None:
    assert check_chain(["cat"], ["cat", "dog"], 0) == Chain(("cat",), 3)
    assert best_chain(["zebra"]) == Chain(("zebra",), 5)


def test_not_all_words_need_be_used() -> None:
    assert check_chain(["dog", "goat"], ["cat", "dog", "goat", "mouse"], 0).words == ("dog", "goat")


def test_a_word_is_used_at_most_once() -> None:
    assert refusal(["cat", "tent", "tail", "cat"], ["cat", "tent", "tail"]) == "‘cat’ is used twice"
    assert refusal(["TOT", "tot", "tot"], ["tot"]) == "‘tot’ is used 3 times"
    assert refusal(["tot"] * 3, ["tot", "Tot"]) == "‘tot’ is used 3 times, but you hold only 2"
    # Two cards with the same word are two words.
    assert check_chain(["tot", "Tot"], ["tot", "Tot"], 0).links == ("tot", "Tot")


def test_only_the_players_own_words_count() -> None:
    assert refusal(["cat", "tiger"], ["cat", "tent"]) == "‘tiger’ is not one of your words"


def test_the_chain_keeps_the_spelling_of_the_cards() -> None:
    chain = check_chain(["APPLE", "Egg"], ["apple", "EGG"], 0)
    assert chain.links == ("apple", "EGG")


def test_length_is_the_total_number_of_letters() -> None:
    chain = check_chain(["apple", SYNCOPE, "pear", "rock"], ["rock", "apple", "pear"], 1)
    assert chain.length == 5 + 4 + 4
    assert chain.words == ("apple", "pear", "rock")
    assert chain.syncopes == 1
    assert check_chain(["м’ясо", "огірок"], ["огірок", "м’ясо"], 0).length == 10


# -- Syncopes --------------------------------------------------------------------------


def test_a_syncope_lets_the_next_word_start_with_any_letter_of_the_previous() -> None:
    words = ["apple", "pear", "lemon", "tiger"]
    for second in ["pear", "lemon"]:
        assert check_chain(["apple", SYNCOPE, second], words, 1).syncopes == 1
    assert (
        refusal(["apple", SYNCOPE, "tiger"], words, 1)
        == "‘tiger’ must start with a letter of ‘apple’ (a, p, l, e)"
    )


def test_a_syncope_may_stand_where_it_is_not_needed() -> None:
    # A player may waste a Syncope; the best chain never does.
    assert check_chain(["apple", SYNCOPE, "egg"], ["apple", "egg"], 1).length == 8
    assert best_chain(["apple", "egg"], syncopes=1).links == ("apple", "egg")


def test_a_syncope_cannot_start_a_chain() -> None:
    assert refusal([SYNCOPE, "apple"], ["apple"], 1) == "a Syncope stands only between two words"


def test_a_syncope_cannot_end_a_chain() -> None:
    assert refusal(["apple", SYNCOPE], ["apple"], 1) == "a Syncope stands only between two words"
    assert refusal([SYNCOPE], [], 1) == "a Syncope stands only between two words"


def test_two_syncopes_cannot_stand_together() -> None:
    assert (
        refusal(["apple", SYNCOPE, SYNCOPE, "lemon"], ["apple", "lemon"], 2)
        == "a Syncope stands only between two words"
    )


def test_a_player_uses_at_most_the_syncopes_they_hold() -> None:
    words = ["apple", "pear", "rose"]
    assert refusal(["apple", SYNCOPE, "pear"], words, 0) == "you hold 0 Syncopes, not 1"
    assert (
        refusal(["apple", SYNCOPE, "pear", SYNCOPE, "rose"], words, 1)
        == "you hold 1 Syncope, not 2"
    )
    with pytest.raises(ValueError):
        check_chain(["apple"], words, -1)
    with pytest.raises(ValueError):
        best_chain(words, -1)


# -- the best chain --------------------------------------------------------------------


def test_the_best_chain_is_the_longest() -> None:
    words = ["apple", "egg", "goat", "tiger", "rat", "toe", "eagle"]
    chain = best_chain(words)
    assert chain.length == brute_force(words, 0, ChainRules())[0]
    assert check_chain(chain.links, words, 0) == chain


def test_the_best_chain_uses_syncopes_when_they_help() -> None:
    chain = best_chain(["apple", "tiger", "rat"], syncopes=2)
    assert chain == Chain(("tiger", "rat", SYNCOPE, "apple"), 13)


def test_the_best_chain_prefers_fewer_syncopes() -> None:
    # "cab" then "bad" needs none; "bad", Syncope, "cab" is as long.
    assert best_chain(["bad", "cab"], syncopes=1) == Chain(("cab", "bad"), 6)


def test_the_best_chain_does_not_depend_on_the_order_of_the_hand() -> None:
    words = ["сіль", "лимон", "ніс", "м’ясо", "олень", "носоріг", "гарбуз", "ґанок", "сова"]
    first = best_chain(words, syncopes=2)
    rng = random.Random(7)
    for _ in range(10):
        rng.shuffle(words)
        assert best_chain(words, syncopes=2) == first


def test_the_best_chain_of_a_ukrainian_hand() -> None:
    words = ["м’ясо", "сіль", "лимон", "ніс", "олень", "кінь", "яблуко"]
    chain = best_chain(words)
    assert chain.links == ("яблуко", "олень", "ніс", "сіль", "лимон")
    assert chain.length == brute_force(words, 0, ChainRules())[0] == 23
    assert best_chain(words, syncopes=1).length == brute_force(words, 1, ChainRules())[0]


def test_the_best_chain_of_a_big_hand_is_valid() -> None:
    rng = random.Random(3)
    pool = [
        *("apple", "egg", "goat", "tiger", "rat", "toe", "eagle", "lemon", "nest", "tent"),
        *("teapot", "sun", "night", "tree", "кінь", "сіль", "ніс", "лимон", "олень"),
        *("носоріг", "гарбуз", "зебра", "апельсин", "сова", "ананас"),
    ]
    for syncopes in range(4):
        words = rng.sample(pool, 20)
        chain = best_chain(words, syncopes)
        assert check_chain(chain.links, words, syncopes) == chain
        assert chain.syncopes <= syncopes


# -- the best chain against every possible chain ---------------------------------------


def brute_force(words: Sequence[str], syncopes: int, rules: ChainRules) -> tuple[int, int]:
    """The longest chain by trying every sequence: (length, Syncopes it needs)."""
    found = [letters(word) for word in words]
    first = [first_letter(word) for word in words]
    last = [last_letter(word, rules) for word in words]
    best = (0, 0)

    def extend(previous: int, used: int, left: int, length: int, spent: int) -> None:
        nonlocal best
        if (length, -spent) > (best[0], -best[1]):
            best = (length, spent)
        for i in range(len(words)):
            if used >> i & 1:
                continue
            if first[i] == last[previous]:
                extend(i, used | 1 << i, left, length + len(found[i]), spent)
            elif left and first[i] in found[previous]:
                extend(i, used | 1 << i, left - 1, length + len(found[i]), spent + 1)

    for i in range(len(words)):
        extend(i, 1 << i, syncopes, len(found[i]), 0)
    return best


small_words = st.text(alphabet="abcьAB’", min_size=1, max_size=4).filter(
    lambda word: bool(letters(word))
)


@settings(max_examples=250, deadline=None)
@given(
    words=st.lists(small_words, max_size=7),
    syncopes=st.integers(0, 2),
    soft_sign=st.sampled_from(["skip", "strict"]),
)
def test_the_best_chain_is_as_long_as_the_longest_of_all_chains(
    words: list[str], syncopes: int, soft_sign: str
) -> None:
    rules = ChainRules(soft_sign=soft_sign)  # type: ignore[arg-type]
    chain = best_chain(words, syncopes, rules)
    assert (chain.length, chain.syncopes) == brute_force(words, syncopes, rules)
    assert check_chain(chain.links, words, syncopes, rules) == chain
    for index, link in enumerate(chain.links):
        if link == SYNCOPE:  # never where the next word chains on without it
            before, after = chain.links[index - 1], chain.links[index + 1]
            assert last_letter(before, rules) != first_letter(after)


@settings(max_examples=50, deadline=None)
@given(words=st.lists(small_words, max_size=7), syncopes=st.integers(0, 2), data=st.data())
def test_the_best_chain_is_the_same_for_the_same_hand(
    words: list[str], syncopes: int, data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(words))
    assert best_chain(shuffled, syncopes) == best_chain(words, syncopes)


# -- the searches of the solver agree ----------------------------------------------


def graph_of(words: Sequence[str], syncopes: int) -> Graph:
    """A hand as the solver sees it: each word's letters and the letter it goes on from."""
    return Graph([(letters(word), last_letter(word)) for word in sorted(words)], syncopes)


@settings(max_examples=120, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcdeь", min_size=1, max_size=5), min_size=1, max_size=12),
    syncopes=st.integers(0, 3),
)
def test_small_hands_get_the_same_best_chain_from_every_search(
    words: list[str], syncopes: int
) -> None:
    """Small hands are searched exhaustively, big ones by the program: the same optimum."""
    graph = graph_of([word for word in words if letters(word)], syncopes)
    exhaustive = Exhaustive(graph).chain()
    assert exhaustive is not None
    assert graph.score(exhaustive) == graph.score(program.chain(graph))


@pytest.mark.parametrize("seed", range(6))
def test_big_hands_of_nouns_get_the_same_best_chain_from_both_searches(seed: int) -> None:
    """Without Syncopes a hand of nouns is searched exhaustively, whatever its size."""
    rng = random.Random(seed)
    words = rng.sample(
        [pair.word for pair in builtin_deck(rng.choice(builtin_languages())).pairs], 32
    )
    graph = graph_of(words, 0)
    exhaustive = Exhaustive(graph).chain()
    assert exhaustive is not None
    assert graph.score(exhaustive) == graph.score(program.chain(graph))
    assert Exhaustive(graph).chain(budget=3) is None  # past its budget the search gives up


@pytest.mark.parametrize("seed", range(8))
def test_the_best_chain_agrees_with_an_integer_program(seed: int) -> None:
    """On hands of 24 nouns with 0 to 3 Syncopes, checked by an independent model."""
    rng = random.Random(1000 + seed)
    syncopes = seed % 4
    words = rng.sample(
        [pair.word for pair in builtin_deck(rng.choice(builtin_languages())).pairs], 24
    )
    chain = best_chain(words, syncopes)
    assert (chain.length, chain.syncopes) == longest_chain(words, syncopes)
