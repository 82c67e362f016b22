"""Klepka letters as the lobby, the command line and the API know it: titles and options.

>>> DECLARATION.option("pairs").default
64
"""

from __future__ import annotations

from igroteka.engine.declaration import Declaration, Labels, Option
from igroteka.engine.declaration import labels as _l
from igroteka.games.letters import rules
from igroteka.games.letters.bots import LEVELS
from igroteka.games.letters.narration import NARRATOR


def _number(key: str, label: Labels) -> Option:
    low, high = rules.LIMITS[key]
    return Option.number(key, label, getattr(rules.LettersOptions(), key), low, high)


def _house(key: str, label: Labels) -> Option:
    return Option(key, "flag", label, default=False, house=True)


def _flag(key: str, label: Labels) -> Option:
    return Option(key, "flag", label, default=getattr(rules.LettersOptions(), key))


OPTIONS = (
    _number("pairs", _l("Pairs of cards", "Пар карток", "Пар карточек")),
    _number("polysemy", _l("Polysemy cards", "Карток «Полісемія»", "Карточек «Полисемия»")),
    _number("chaos", _l("Chaos cards", "Карток «Хаос»", "Карточек «Хаос»")),
    _number("exchange", _l("Exchange cards", "Карток «Обмін»", "Карточек «Обмен»")),
    _number(
        "min_length",
        _l("Letters in a word, at least", "Літер у слові, щонайменше", "Букв в слове, не меньше"),
    ),
    _number(
        "reveal",
        _l(
            "Seconds unmatched cards stay up",
            "Секунд, поки невдалі картки відкриті",
            "Секунд, пока неудачные карточки открыты",
        ),
    ),
    Option.starter(_l("Who starts", "Хто починає", "Кто начинает")),
    _flag(
        "family",
        _l("Family words only", "Лише слова для всієї родини", "Только слова для всей семьи"),
    ),
    _house(
        "nouns_singular",
        _l(
            "Only nouns in the singular",
            "Лише іменники в однині",
            "Только существительные в единственном числе",
        ),
    ),
    _house("unique_words", _l("No word twice", "Жодне слово двічі", "Ни одного слова дважды")),
    _house(
        "double_slang", _l("Slang scores double", "Сленг — подвійні бали", "Сленг — двойные баллы")
    ),
    _house(
        "classic_deck",
        _l(
            "The classic deck (a colour per letter)",
            "Класична колода (колір на літеру)",
            "Классическая колода (цвет на букву)",
        ),
    ),
)

DECLARATION = Declaration(
    name="letters",
    title=_l("Klepka: letters", "Клепка: літери", "Клепка: буквы"),
    summary=_l(
        "Find pairs of letters by memory and compose Ukrainian words from the letters you hold",
        "Знаходьте за пам’яттю пари літер і складайте з них українські слова",
        "Находите по памяти пары букв и составляйте из них украинские слова",
    ),
    icon="🔤",
    options=OPTIONS,
    bot_levels=tuple(LEVELS),
    standin="medium",
    lexicon=True,
    narrator=NARRATOR,
    languages=("uk",),
)
