"""The association game as the lobby, the command line and the API know it: titles and options.

>>> DECLARATION.option("goal").default, DECLARATION.option("cards").high
(24, 97)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from igroteka.engine.declaration import Declaration, Labels, Option
from igroteka.engine.declaration import labels as _l
from igroteka.engine.game import OptionsError
from igroteka.games.associations import rules
from igroteka.games.associations.bots import LEVELS
from igroteka.games.associations.narration import NARRATOR
from igroteka.games.associations.own import MAX_TEXT_BYTES, parse_own_deck
from igroteka.games.klepka.deck import DeckError, DeckProblem
from igroteka.i18n import Text

_DEFAULTS = rules.AssociationsOptions()


def _number(key: str, label: Labels) -> Option:
    low, high = rules.LIMITS[key]
    return Option(key, "number", label, getattr(_DEFAULTS, key), low, high, house=key != "cards")


def _choice(key: str, label: Labels, *choices: tuple[str, Labels], house: bool = True) -> Option:
    assert tuple(value for value, _ in choices) == rules.CHOICES[key]
    return Option.choice(
        key, label, *choices, default=getattr(_DEFAULTS, key), house=house, languages=key == "lang"
    )


def _flag(key: str, label: Labels) -> Option:
    return Option(key, "flag", label, default=getattr(_DEFAULTS, key), house=True)


def _deck_file(path: str) -> Mapping[str, Any]:
    """A deck file named on the command line (``--deck FILE``), its problems named by file."""

    def refused(problem: Text) -> OptionsError:
        return OptionsError(DeckError(path, [DeckProblem(None, problem)]).reason)

    try:
        with open(path, "rb") as file:
            data = file.read(MAX_TEXT_BYTES + 1)
    except OSError as error:
        why = str(error.strerror or error)
        raise refused(Text("the file cannot be read ({why})", why=why)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise refused(
            Text("the file is not UTF-8 text: save it again choosing the UTF-8 encoding")
        ) from None
    try:
        parse_own_deck(text, source=path, family=False)  # the room's house rule judges
    except DeckError as error:
        raise OptionsError(error.reason) from None
    return {"lang": "own", "deck": text}


def _deck_brief(text: str) -> dict[str, Any]:
    """A teacher's deck as a room shows it to anyone: its name, its cards, its size."""
    try:
        deck = rules.own_deck(text, family=False)  # a brief: the room's options judged it
    except OptionsError:
        return {"size": len(text)}
    return {"name": deck.name, "cards": len(deck.cards), "size": len(text)}


OPTIONS = (
    _choice(
        "lang",
        _l("Words of the cards", "Слова карток", "Слова карточек"),
        ("uk", _l("Ukrainian", "Українська", "Украинский")),
        ("ru", _l("Russian", "Російська", "Русский")),
        ("en", _l("English", "Англійська", "Английский")),
        ("own", _l("My own cards…", "Мої картки…", "Мои карточки…")),
        house=False,
    ),
    Option(
        "deck",
        "text",
        _l(
            "Your cards, one a line: 2 to 4 emoji, a colon, then the card's words",
            "Ваші картки, одна в рядку: 2–4 емодзі, двокрапка, тоді слова картки",
            "Ваши карточки, одна в строке: 2–4 эмодзи, двоеточие, затем слова карточки",
        ),
        default="",
        file=True,
        pictures=True,
        shown_when=("lang", "own"),
        read=_deck_file,
        brief=_deck_brief,
        hint=_l(
            "name: Week 5\nlang: en\n🐋 🏠 night : dream, home\n🐟 💡 : idea, captive",
            "name: Тиждень 5\nlang: uk\n🐋 🏠 ніч : сон, дім\n🐟 💡 : ідея, неволя",
            "name: Неделя 5\nlang: ru\n🐋 🏠 ночь : сон, дом\n🐟 💡 : идея, неволя",
        ),
    ),
    _number(
        "cards",
        _l(
            "Cards in the deck (0: as many as the table needs, 64 to 97)",
            "Карток у колоді (0: скільки треба столу, від 64 до 97)",
            "Карточек в колоде (0: сколько нужно столу, от 64 до 97)",
        ),
    ),
    _number(
        "generated",
        _l(
            "New cards composed for this game",
            "Нових карток для цієї гри",
            "Новых карточек для этой игры",
        ),
    ),
    _number("goal", _l("Steps to win", "Кроків до перемоги", "Шагов до победы")),
    _choice(
        "ties",
        _l("Several at the goal", "Кілька фішок на фініші", "Несколько фишек на финише"),
        ("draw", _l("a draw", "нічия", "ничья")),
        ("furthest", _l("the furthest wins", "перемагає найдальша", "побеждает дальняя")),
    ),
    _choice(
        "votes_for",
        _l("Votes on a card move", "Голоси за картку рухають", "Голоса за карточку двигают"),
        (
            "everyone",
            _l("everyone but the storyteller", "усіх, крім ведучого", "всех, кроме ведущего"),
        ),
        (
            "guessers",
            _l("only those who found the card", "лише тих, хто вгадав", "только угадавших"),
        ),
    ),
    _choice(
        "extra_tokens",
        _l(
            "At two: tokens 2 and 3",
            "Удвох: фішки 2 і 3",
            "Вдвоём: фишки 2 и 3",
        ),
        ("free", _l("cost nothing", "нічого не коштують", "ничего не стоят")),
        (
            "cost",
            _l(
                "each on another card moves the storyteller 1",
                "кожна на іншій картці — крок ведучому",
                "каждая на другой карточке — шаг ведущему",
            ),
        ),
    ),
    _flag("special", _l("Special cells ask a form of clue", "Особливі клітинки", "Особые клетки")),
    _flag(
        "equal_turns",
        _l(
            "Everyone tells equally often", "Усі ведуть однаково часто", "Все ведут одинаково часто"
        ),
    ),
    _flag(
        "family",
        _l("Family words only", "Лише слова для всієї родини", "Только слова для всей семьи"),
    ),
    Option.starter(_l("Who tells first", "Хто веде першим", "Кто ведёт первым")),
)

DECLARATION = Declaration(
    name="associations",
    title=_l("Associations", "Асоціації", "Ассоциации"),
    summary=_l(
        "Give a clue for a picture card; the others add theirs and guess which was yours",
        "Загадайте асоціацію до картинки; інші додають свої й вгадують вашу",
        "Загадайте ассоциацию к картинке; остальные добавляют свои и угадывают вашу",
    ),
    icon="🎨",
    options=OPTIONS,
    bot_levels=tuple(LEVELS),
    standin="medium",
    lexicon=False,
    narrator=NARRATOR,
)
