"""Klepka's declaration: the deck a page in each language starts with, the reveal time."""

from __future__ import annotations

from igroteka.games.klepka.deck import builtin_deck, builtin_languages
from igroteka.games.klepka.declaration import DECLARATION
from igroteka.games.klepka.rules import KlepkaGame


def test_each_builtin_deck_is_a_choice_that_carries_its_language() -> None:
    choices = {choice.value: choice for choice in DECLARATION.option("lang").choices}
    for lang in builtin_languages():
        assert choices[lang].lang == builtin_deck(lang).lang == lang
        assert set(choices[lang].label) == {"en", "uk", "ru"}
    assert choices["own"].lang is None


def test_a_page_in_each_language_starts_with_the_deck_of_that_language() -> None:
    option = DECLARATION.option("lang")
    assert [option.default_for(lang) for lang in ("en", "uk", "ru")] == ["en", "uk", "ru"]
    listed = {c["value"]: c.get("lang") for c in DECLARATION.to_json()["options"][0]["choices"]}
    assert listed == {"en": "en", "uk": "uk", "ru": "ru", "own": None}


def test_the_russian_deck_can_be_chosen_and_its_words_are_on_the_table() -> None:
    game = KlepkaGame()
    state = game.setup(game.parse_options({"lang": "ru", "pairs": 5}), 2, seed=3)
    words = {card.text for card in state.cards if card.kind == "word"}
    assert words and words <= {pair.word for pair in builtin_deck("ru").pairs}
