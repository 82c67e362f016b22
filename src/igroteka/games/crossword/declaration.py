"""The crossword game as the lobby, the command line and the API know it: titles and options.

>>> DECLARATION.option("lang").default, DECLARATION.option("bonus").high
('ru', 100)
"""

from __future__ import annotations

from igroteka.engine.declaration import Declaration, Labels, Option
from igroteka.engine.declaration import labels as _l
from igroteka.games.crossword import rules
from igroteka.games.crossword.bots import LEVELS
from igroteka.games.crossword.narration import NARRATOR

_DEFAULTS = rules.CrosswordOptions()


def _choice(key: str, label: Labels, *choices: tuple[str, Labels], house: bool = True) -> Option:
    assert tuple(value for value, _ in choices) == rules.CHOICES[key]
    return Option.choice(
        key, label, *choices, default=getattr(_DEFAULTS, key), house=house, languages=key == "lang"
    )


OPTIONS = (
    _choice(
        "lang",
        _l("Language and tiles", "Мова і фішки", "Язык и фишки"),
        (
            "ru",
            _l(
                "Russian (Erudit, 131 tiles)",
                "Російська («Ерудит», 131 фішка)",
                "Русский («Эрудит», 131 фишка)",
            ),
        ),
        ("uk", _l("Ukrainian (103 tiles)", "Українська (103 фішки)", "Украинский (103 фишки)")),
        house=False,
    ),
    _choice(
        "premiums",
        _l("Premium cells count", "Бонусні клітинки діють", "Бонусные клетки действуют"),
        (
            "every",
            _l(
                "for every word that uses them",
                "для кожного слова, що їх займає",
                "для каждого слова, которое их занимает",
            ),
        ),
        (
            "first",
            _l(
                "only under new tiles (Scrabble)",
                "лише під новими фішками (Скрабл)",
                "только под новыми фишками (Скрабл)",
            ),
        ),
    ),
    Option(
        "bonus",
        "number",
        _l("Bonus for laying all 7 tiles", "Бонус за всі 7 фішок", "Бонус за все 7 фишек"),
        default=_DEFAULTS.bonus,
        low=0,
        high=rules.BONUS_LIMIT,
        house=True,
    ),
    _choice(
        "leftover",
        _l("Tiles left at the end", "Фішки, що лишилися наприкінці", "Фишки, оставшиеся в конце"),
        ("subtract", _l("are subtracted", "віднімаються", "вычитаются")),
        ("kept", _l("cost nothing", "нічого не коштують", "ничего не стоят")),
    ),
    Option(
        "famous",
        "flag",
        _l(
            "Surnames of famous people count",
            "Прізвища відомих людей зараховуються",
            "Фамилии знаменитых людей засчитываются",
        ),
        default=True,
        house=True,
    ),
    Option(
        "family",
        "flag",
        _l("Family words only", "Лише слова для всієї родини", "Только слова для всей семьи"),
        default=_DEFAULTS.family,
        house=True,
    ),
    Option.starter(_l("Who starts", "Хто починає", "Кто начинает")),
)

DECLARATION = Declaration(
    name="crossword",
    title=_l("Erudit crossword", "Ерудит", "Эрудит"),
    summary=_l(
        "Lay words on the board crossword-wise: any number of words in one turn, "
        "premium cells count for everyone",
        "Складайте слова на полі, як у кросворді: скільки завгодно слів за хід, "
        "бонусні клітинки діють для всіх",
        "Составляйте слова на поле, как в кроссворде: сколько угодно слов за ход, "
        "бонусные клетки действуют для всех",
    ),
    icon="🧩",
    options=OPTIONS,
    bot_levels=tuple(LEVELS),
    standin="medium",
    lexicon=True,
    narrator=NARRATOR,
)
