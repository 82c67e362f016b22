"""Klepka as the lobby, the command line and the API know it: titles and options.

>>> DECLARATION.option("syncopes").high
10
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from igroteka.engine.declaration import Choice, Declaration, Option
from igroteka.engine.declaration import labels as _l
from igroteka.engine.game import OptionsError
from igroteka.games.klepka import rules
from igroteka.games.klepka.bots import LEVELS
from igroteka.games.klepka.deck import DeckError, load_deck
from igroteka.games.klepka.narration import NARRATOR


def _deck_file(path: str) -> Mapping[str, Any]:
    """A deck file named on the command line, read with its own problems named by file."""
    try:
        deck = load_deck(path, family=False)  # the room's house rule judges its words
    except DeckError as error:
        raise OptionsError(error.reason) from None
    pairs = [[pair.word, pair.picture] for pair in deck.pairs]
    return {"deck": {"name": deck.name, "lang": deck.lang, "pairs": pairs}}


OPTIONS = (
    Option(
        "lang",
        "choice",
        _l("Deck", "Колода", "Колода"),
        default="en",
        choices=(
            Choice("en", _l("English words", "Англійські слова", "Английские слова"), lang="en"),
            Choice("uk", _l("Ukrainian words", "Українські слова", "Украинские слова"), lang="uk"),
            Choice("ru", _l("Russian words", "Російські слова", "Русские слова"), lang="ru"),
            Choice("own", _l("My own words…", "Мої слова…", "Мои слова…")),
        ),
    ),
    Option(
        "deck_text",
        "text",
        _l(
            "Your words, one card a line: the word, a space, then its picture",
            "Ваші слова, одна картка в рядку: слово, пробіл, картинка",
            "Ваши слова, одна карточка в строке: слово, пробел, картинка",
        ),
        file=True,
        shown_when=("lang", "own"),
        cli="deck",
        read=_deck_file,
        hint=_l(
            "name: Week 5\nlang: en\napple 🍎\nhouse 🏠\nsun 🌞",
            "name: Тиждень 5\nlang: uk\nяблуко 🍎\nбудинок 🏠\nсонце 🌞",
            "name: Неделя 5\nlang: ru\nяблоко 🍎\nдом 🏠\nсолнце 🌞",
        ),
    ),
    Option.number(
        "pairs", _l("Pairs of cards", "Пар карток", "Пар карточек"), 12, 1, rules.MAX_PAIRS
    ),
    Option.number(
        "syncopes",
        _l("Syncope cards", "Карток «Синкопа»", "Карточек «Синкопа»"),
        2,
        0,
        rules.MAX_SYNCOPES,
    ),
    Option.number(
        "reveal",
        _l(
            "Seconds revealed cards stay up",
            "Секунд, поки відкриті картки видно",
            "Секунд, пока открытые карточки видны",
        ),
        3,
        *rules.REVEAL,
    ),
    Option.choice(
        "chain",
        _l("Chains", "Ланцюжки", "Цепочки"),
        (
            "manual",
            _l("each player builds their own", "кожен складає сам", "каждый составляет сам"),
        ),
        (
            "auto",
            _l(
                "the best, found by the game",
                "найкращі, їх знаходить гра",
                "лучшие, их находит игра",
            ),
        ),
        house=False,
    ),
    Option(
        "starter",
        "choice",
        _l("Who starts", "Хто починає", "Кто начинает"),
        default="london",
        choices=(
            Choice(
                "london",
                _l(
                    "who has been to London", "той, хто бував у Лондоні", "тот, кто бывал в Лондоне"
                ),
            ),
            Choice("random", _l("drawn by lot", "жереб", "жребий")),
        ),
        seat=True,
        house=True,
    ),
    Option.choice(
        "after_syncope",
        _l("After a Syncope", "Після «Синкопи»", "После «Синкопы»"),
        ("pass", _l("the turn passes", "хід переходить", "ход переходит")),
        ("again", _l("the player flips again", "гравець відкриває ще", "игрок открывает ещё")),
    ),
    Option.choice(
        "syncope_in_search",
        _l("A Syncope in a search", "«Синкопа» під час пошуку", "«Синкопа» во время поиска"),
        ("ends", _l("ends the search", "закінчує пошук", "заканчивает поиск")),
        ("continues", _l("the search goes on", "пошук триває", "поиск продолжается")),
    ),
    Option.choice(
        "ties",
        _l("Equal chains", "Рівні ланцюжки", "Равные цепочки"),
        ("shared", _l("share the victory", "ділять перемогу", "делят победу")),
        (
            "cards",
            _l(
                "more cards wins",
                "перемагає, хто має більше карток",
                "побеждает, у кого больше карточек",
            ),
        ),
    ),
    Option.choice(
        "soft_sign",
        _l("A word ending in ь", "Слово на ь", "Слово на ь"),
        (
            "skip",
            _l(
                "chains from the letter before ь",
                "ланцюжок іде від літери перед ь",
                "цепочка идёт от буквы перед ь",
            ),
        ),
        (
            "strict",
            _l("ь is its last letter", "ь — його остання літера", "ь — его последняя буква"),
        ),
    ),
    Option(
        "family",
        "flag",
        _l("Family words only", "Лише слова для всієї родини", "Только слова для всей семьи"),
        default=True,
        house=True,
    ),
)

DECLARATION = Declaration(
    name="klepka",
    title=_l("Klepka: words and pictures", "Клепка: слова й картинки", "Клепка: слова и картинки"),
    summary=_l(
        "Find the pairs of a word and its picture by memory, then chain your words end to start",
        "Знайдіть за пам’яттю пари слова й картинки, тоді складіть зі своїх слів ланцюжок",
        "Найдите по памяти пары слова и картинки, затем составьте из своих слов цепочку",
    ),
    icon="🖼️",
    options=OPTIONS,
    bot_levels=tuple(LEVELS),
    standin="medium",
    narrator=NARRATOR,
)
