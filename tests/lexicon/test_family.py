"""The family table's judgements (lexicon/family.py) and word frequencies (lexicon/frequency.py)."""

from __future__ import annotations

import pytest

from igroteka.i18n import translate
from igroteka.lexicon import check
from igroteka.lexicon.family import card_unfit, interjection, obscure, unfit, vulgar
from igroteka.lexicon.frequency import zipf


def test_a_vulgar_word_is_known_by_any_form_of_a_listed_lemma_or_a_root_of_the_mat() -> None:
    assert vulgar("дупою", "uk") and vulgar("Сси", "uk")  # дупа; ссати
    assert vulgar("хуйня", "uk") and vulgar("пиздець", "uk")  # roots, listed or not
    assert not any(vulgar(word, "uk") for word in ("дуб", "корабля", "рубля", "сир", "суп"))


def test_obscure_forms_are_the_listed_ones_and_a_rare_word_is_not_obscure() -> None:
    assert obscure("ньоро", "uk") and obscure("ІО", "uk")
    assert zipf("пфальцграфинях", "uk") == 0 and not obscure("пфальцграфинях", "uk")
    assert not obscure("ом", "uk") and not obscure("до", "uk")  # a unit, a note: words


def test_unfit_says_why_in_the_players_language() -> None:
    why = unfit("дупа", "uk")
    assert why is not None and "грубе" in translate(why, "uk") and "дупа" in why
    assert "маловідома" in translate(unfit("ньоро", "uk") or "", "uk")
    assert unfit("кіт", "uk") is None and unfit("пфальцграфинях", "uk") is None


def test_common_interjections_are_listed_because_the_dictionary_lacks_them() -> None:
    for word in ("ой", "ох", "ах", "ура"):
        assert interjection(word, "uk") and not check(word, "uk").ok
    assert not interjection("кіт", "uk") and not interjection("ой", "ru")  # no Russian list


def test_frequencies_rank_common_words_above_rare_forms_whatever_the_apostrophe() -> None:
    assert zipf("та", "uk") > zipf("кіт", "uk") > 4 > zipf("ґанок", "uk") > 0
    assert zipf("м’яч", "uk") == zipf("мʼяч", "uk") == zipf("М'ЯЧ", "uk") > 4
    assert zipf("кот", "ru") > 4


RUSSIAN_VULGAR = ("хуй", "пизда", "блядь", "жопа", "мудак", "говно", "хер", "сука", "шлюха")
UKRAINIAN_VULGAR = ("дупа", "гівно", "курва", "срака", "мудак", "хуйня")
SLURS = {
    "ru": ("хохол", "хохлы", "жид", "кацап", "москаль", "чурка", "хач", "ниггер", "пидор"),
    "uk": ("хохол", "хохли", "жид", "кацап", "москаль", "чурка"),
}
ORDINARY = {
    # Words that begin as a root of the mat or a listed word does, or hold one: none is unfit.
    "ru": (
        "хлебать", "ребенок", "небо", "требовать", "оскорблять", "колебаться", "хлеб", "мебель",
        "гребень", "ебонит", "хутор", "хулиган", "художник", "пиджак", "пижама", "блюдо",
        "бляха", "жонглер", "мудрый", "мудрость", "мандарин", "мандат", "херес", "херувим",
        "срам", "сражение", "среда", "сучок", "сук", "судак", "шлюпка", "курица", "курс",
        "говор", "говорить", "дерево", "пердимонокль", "жидкость", "москва", "москит",
        "кацавейка", "чурбан", "хачапури", "пиджак", "елка", "залп", "целый", "фата",
    ),
    "uk": (
        "хліб", "небо", "ребро", "колиска", "хутір", "художник", "піжама", "блюдо", "бляха",
        "мудрий", "мудрість", "мандарин", "херес", "херувим", "сором", "срібло", "сучок", "сук",
        "судак", "шлюпка", "курка", "курс", "гвинт", "дупло", "жито", "рідина", "москіт",
        "чурбан", "хачапурі", "ялинка", "залп", "цілий", "наїб", "їжак", "ібіс", "єнот",
        "зброя", "пирог", "гість", "сокира",
    ),
}  # fmt: skip


def test_the_russian_mat_and_coarse_words_are_vulgar_in_every_form() -> None:
    assert all(vulgar(word, "ru") for word in RUSSIAN_VULGAR)
    assert vulgar("жопой", "ru") and vulgar("Пиздец", "ru") and vulgar("заебал", "ru")
    assert vulgar("разъебай", "ru") and vulgar("ёбаный", "ru")  # ё is е, prefixes are roots


def test_the_ukrainian_vulgar_words_of_the_issue_are_vulgar() -> None:
    assert all(vulgar(word, "uk") for word in UKRAINIAN_VULGAR)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_ethnic_and_other_slurs_are_unfit_in_both_languages(lang: str) -> None:
    for word in SLURS[lang]:
        why = unfit(word, lang)
        assert why is not None and "vulgar" in why, word


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_ordinary_words_that_begin_like_a_vulgar_one_are_fit(lang: str) -> None:
    assert [word for word in ORDINARY[lang] if unfit(word, lang) is not None] == []


def test_negr_is_the_dictionarys_neutral_word_and_not_listed() -> None:
    assert unfit("негр", "ru") is None and unfit("негр", "uk") is None


def test_a_plain_word_is_not_refused_for_being_also_a_form_of_a_vulgar_one() -> None:
    assert not vulgar("сук", "ru") and not vulgar("сук", "uk")  # a bough; also of сука
    assert not vulgar("сучок", "uk")  # a twig; also of сучка
    assert vulgar("суки", "ru") and vulgar("сука", "uk")  # a listed word in its own right


def test_a_form_of_two_words_is_the_commoner_ones() -> None:
    """гімну is of гімн (a hymn) and of гімно, серу of сер (a sir) and of срати, сучья of сук
    (boughs) and of сучий: the commoner word is the one a family reads, and it is fit; суки
    and сучки are of сука and сучка first, and stay refused."""
    for word in ("гімну", "гімні", "гімном", "сере", "серу", "сери"):
        assert unfit(word, "uk") is None, word
    assert unfit("сучья", "ru") is None
    for word, lang in (("суки", "uk"), ("сучки", "uk"), ("суки", "ru"), ("гімна", "uk")):
        assert vulgar(word, lang), word


def test_russian_obscure_forms_are_the_listed_ones_and_notes_units_and_classics_are_words() -> None:
    assert obscure("аум", "ru") and obscure("ЭМ", "ru") and obscure("уяр", "ru")
    why = unfit("аум", "ru")
    assert why is not None and "малоизвестная" in translate(why, "ru")
    for word in ("ля", "ом", "ар", "еж", "уж", "щи", "ус", "аир", "гну", "кий", "фет", "кот"):
        assert not obscure(word, "ru"), word
    assert not obscure("аум", "uk")  # each language has its own list


def test_a_card_word_of_any_language_is_judged_by_the_vulgar_lists_only() -> None:
    assert card_unfit("Fucking", "en") is not None and card_unfit("bitches", "en") is not None
    assert card_unfit("bull-shit", "en") is not None and card_unfit("nigger", "en") is not None
    for word in ("cat", "shiitake", "Scunthorpe", "cocktail", "ass", "bass", "class", "dickens"):
        assert card_unfit(word, "en") is None, word
    assert card_unfit("морська свинка", "uk") is None and card_unfit("стара дупа", "uk")
    assert card_unfit("жопа", "ru") is not None and card_unfit("аум", "ru") is None  # chosen
    why = card_unfit("Shit", "en")
    assert why is not None and "Shit" in why and "грубе" in translate(why, "uk")


def test_bad_input_to_a_card_judgement_gives_no_traceback() -> None:
    assert card_unfit("", "en") is None and card_unfit("кiт", "uk") is None  # a Latin i
    assert card_unfit("cat", "fr") is None and card_unfit("  -  ", "ru") is None
