"""Klepka letters: which words a player may compose (docs/rules/letters.md, "Words")."""

from __future__ import annotations

import dataclasses

import pytest

from igroteka.engine import IllegalAction
from igroteka.games.letters.rules import Compose, Laying, LettersState, Stop, can_compose
from tests.games.letters.support import GAME, give, new, on_table, play


def compose(state: LettersState, seat: int, *words: str) -> LettersState:
    return play(state, seat, Compose(tuple(Laying(word) for word in words)))


def refusal(state: LettersState, seat: int, *words: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        compose(state, seat, *words)
    return str(refused.value.reason)


def test_the_same_player_may_not_compose_a_word_twice_but_another_player_may() -> None:
    state = new()
    state = give(state, 0, on_table(state, "кіткіт"))
    state = give(state, 1, on_table(state, "кіт"))
    once = compose(state, 0, "кіт")
    reason = refusal(once, 0, "кіт")
    assert "already" in reason and "another player may" in reason
    assert once.hands[0] == compose(state, 0, "кіт").hands[0]  # refused: nothing changed
    theirs = dataclasses.replace(once, turn=1)
    assert compose(theirs, 1, "кіт").sheets[1][-1].word == "кіт"


def test_one_player_may_not_compose_a_word_twice_in_one_composition() -> None:
    state = new()
    state = give(state, 0, on_table(state, "мячмяч"))
    assert "already" in refusal(state, 0, "м’яч", "м'яч")
    assert len(compose(state, 0, "м’яч").hands[0]) == 3  # once is fine: м я ч are left


def test_family_words_only_is_on_by_default_and_refuses_vulgar_and_obscure_words() -> None:
    assert new().options.family
    state = new()
    state = give(state, 0, on_table(state, "дупаньоро"))
    assert "vulgar" in refusal(state, 0, "дупа")
    assert "obscure" in refusal(state, 0, "ньоро")
    free = dataclasses.replace(state, options=dataclasses.replace(state.options, family=False))
    assert [w.word for w in compose(free, 0, "дупа", "ньоро").sheets[0]] == ["дупа", "ньоро"]


def test_family_words_only_refuses_a_slur_and_keeps_a_plain_word_that_shares_its_forms() -> None:
    state = new()
    state = give(state, 0, on_table(state, "хохлисук"))
    assert "vulgar" in refusal(state, 0, "хохли")  # the seed-21 hard bot's word, issue 27
    assert compose(state, 0, "сук").sheets[0][-1].word == "сук"  # a bough, though of сука too


def test_common_interjections_are_words_and_so_are_place_names_but_not_first_names() -> None:
    state = new()
    state = give(state, 0, on_table(state, "ойураохльвів"))
    assert [w.word for w in compose(state, 0, "ой", "ура").sheets[0]] == ["ой", "ура"]
    assert compose(state, 0, "Львів").sheets[0][-1].word == "львів"
    named = give(new(), 0, on_table(new(), "петро"))
    assert "first name" in refusal(named, 0, "Петро")


def test_a_player_whose_cards_make_only_an_interjection_can_still_compose() -> None:
    state = new()
    state = give(state, 0, on_table(state, "ой"))
    table_empty = dataclasses.replace(state, table=(-1,) * len(state.table))
    assert can_compose(table_empty, 0)
    done = play(compose(table_empty, 0, "ой"), 0, Stop())
    assert GAME.outcome(done) is not None  # nobody's cards make a word now


def test_under_nouns_singular_a_seat_can_compose_only_if_its_cards_make_a_singular_noun() -> None:
    """House rule nouns_singular: the game ends when nobody's cards make a noun in the singular,
    whatever other words they make (and the question is quick: the index flags such nouns)."""
    state = new(nouns_singular=True)
    state = give(state, 0, on_table(state, "іти"))  # іти, ти, ті: a verb and pronouns
    state = give(state, 1, on_table(state, "кіт"))
    empty = dataclasses.replace(state, table=(-1,) * len(state.table))
    assert not can_compose(empty, 0)
    assert can_compose(empty, 1)
    plain = dataclasses.replace(empty, options=new().options)
    assert can_compose(plain, 0)  # without the house rule, іти is a word
