"""The family table's judgements (lexicon/family.py) and word frequencies (lexicon/frequency.py)."""

from __future__ import annotations

from igroteka.i18n import translate
from igroteka.lexicon import check
from igroteka.lexicon.family import interjection, obscure, unfit, vulgar
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
