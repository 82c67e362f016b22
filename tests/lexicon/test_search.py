"""Best words from a player's letters (sheet 002), and the compiled index behind them."""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from pathlib import Path

import pytest

from igroteka.lexicon import WordInputError, check
from igroteka.lexicon import index as index_module
from igroteka.lexicon.index import index, signature
from igroteka.lexicon.morph import analyses
from igroteka.lexicon.search import best_words
from tests.lexicon.support import tiny_dictionary


def words_of(letters: str, lang: str = "uk", **options: object) -> dict[str, str | None]:
    found = best_words(letters, lang, top=100_000, **options)  # type: ignore[arg-type]
    return {f.word: f.wildcard for f in found}


def test_the_letters_make_every_word_they_spell_in_any_order() -> None:
    found = words_of("кіт")
    assert "кіт" in found and "тік" in found
    assert "кит" not in found  # no и among the letters


def test_the_longest_words_come_first() -> None:
    found = best_words("молоко", "uk", top=3)
    assert found[0].word == "молоко" and found[0].score == 6


def test_polysemy_stands_for_one_letter_once_in_voda() -> None:
    assert words_of("вда", wildcard=True)["вода"] == "о"


def test_polysemy_stands_for_every_occurrence_of_its_letter_in_moloko() -> None:
    assert words_of("млк", wildcard=True)["молоко"] == "о"
    assert "молоко" not in words_of("млк")


def test_polysemy_stands_for_one_letter_only() -> None:
    assert "вода" not in words_of("в", wildcard=True)  # о and д both missing


def test_a_word_the_letters_make_alone_is_reported_without_the_polysemy() -> None:
    assert words_of("кіт", wildcard=True)["кіт"] is None


def test_an_apostrophe_needs_no_card() -> None:
    assert "м'ясо" in words_of("мясо")


def test_the_nouns_rule_keeps_only_its_nouns() -> None:
    assert "столи" in words_of("столи")
    assert "столи" not in words_of("столи", rule="nouns")
    assert "стіл" in words_of("стіл", rule="nouns")


@pytest.mark.parametrize("lang", ["uk", "ru"])
@pytest.mark.slow
def test_nouns_singular_gives_exactly_the_words_that_may_be_nouns_in_the_singular(
    lang: str,
) -> None:
    """The letters' house rule "only nouns in the singular" (sheet 002): the index's flags."""
    rng = random.Random(11)
    alphabet = "оаинівтерскудлмпзяьгбч" if lang == "uk" else "оаинвтерскудлмпзяьгбч"
    for _ in range(4):
        letters = "".join(rng.choices(alphabet, k=9))
        every = words_of(letters, lang, wildcard=True)
        nouns = words_of(letters, lang, wildcard=True, nouns_singular=True)
        expected = {
            word: wild
            for word, wild in every.items()
            if any(a.pos == "noun" and a.number == "singular" for a in analyses(word, lang))
        }
        assert expected.items() <= nouns.items()
        # and no more, but for the indeclinable "nouns" the dictionary makes of function words
        # (до, акі), which analyses() leaves out and the rules refuse
        function = ("preposition", "conjunction", "particle")
        extra = nouns.keys() - expected.keys()
        assert all(any(a.pos in function for a in analyses(word, lang)) for word in extra), extra
    assert "стіл" in words_of("стіл", nouns_singular=True)
    assert "столи" not in words_of("столи", nouns_singular=True)


def test_a_scoring_function_of_the_callers_ranks_the_words() -> None:
    points = {"ф": 10}
    found = best_words("фотокіт", "uk", top=1, score=lambda w: sum(points.get(c, 1) for c in w))
    assert "ф" in found[0].word


@pytest.mark.parametrize("wildcard", [False, True])
@pytest.mark.slow
def test_the_search_finds_exactly_what_a_plain_scan_finds(wildcard: bool) -> None:
    rng = random.Random(7)
    words = index("uk").words
    for _ in range(3):
        rack = Counter(rng.choices("оаинівтерскудлмпзяьгбч", k=10))
        first = rng.choice("пскдм")
        expected = {}
        for word in words.iterkeys(first):
            need = Counter(char for char in word if char != "'")
            short = [char for char, count in need.items() if rack[char] < count]
            if not short:
                expected[word] = None
            elif wildcard and len(short) == 1:
                expected[word] = short[0]
        found = words_of("".join(rack.elements()), wildcard=wildcard)
        assert {w: c for w, c in found.items() if w.startswith(first)} == expected


@pytest.mark.parametrize(
    ("letters", "message"),
    [("", "no letters"), ("abc", "Latin letters"), ("кі1", "digits"), ("ыы", "alphabet: ы")],
)
def test_letters_that_are_no_letters_are_refused(letters: str, message: str) -> None:
    with pytest.raises(WordInputError, match=message):
        best_words(letters, "uk")


def test_russian_hands_work_and_yo_is_ye() -> None:
    assert "елка" in words_of("ёлка", "ru")


# -- the compiled index -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_index_agrees_with_the_dictionary_check(lang: str) -> None:
    rng = random.Random(3)
    compiled = index(lang)
    sample = [
        w
        for w, _ in zip(
            compiled.words.iterkeys(rng.choice("абвгдклмнопрст")), range(300), strict=False
        )
    ]
    for word in sample:
        assert check(word, lang).ok, word
        assert (word in compiled.nouns) == check(word, lang, "nouns").ok, word
    for word in sample[:100]:
        scrambled = word[::-1] + "ъь"
        assert (scrambled in compiled.words) == check(scrambled, lang).ok


def test_abbreviations_and_names_are_not_among_the_words_found() -> None:
    found = {f.word for f in best_words("кіткпшянж", "uk", top=200)}
    assert "кіт" in found
    assert not {"ікт", "кк", "пп", "янш"} & found  # abbreviations, a surname


def test_ties_are_in_the_alphabets_order() -> None:
    # і comes after и and before к in the alphabet; by code point it would come last.
    found = [f.word for f in best_words("кіит", "uk", top=6)]
    assert found == ["киті", "іти", "кит", "кіт", "тик", "тік"]


def test_signatures_sort_letters_and_drop_apostrophes() -> None:
    assert signature("тік", "uk") == signature("кіт", "uk") == "ікт"
    assert signature("м'ясо", "uk") == "мося"


def versions(folder: Path) -> set[str]:
    """The versions of the Ukrainian index in a cache folder (the digest in the file names)."""
    return {path.name.split("-")[-1].split(".")[0] for path in folder.glob("uk-*")}


def test_an_index_is_built_once_and_rebuilt_when_its_sources_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []  # a tiny dictionary instead of millions of forms
    tiny_dictionary(monkeypatch, tmp_path, ["кіт", "тік", "кит", "столи", "стіл", "молоко"], built)
    first = index_module.index("uk")
    build = ["scan"]  # a build reads the dictionary once
    assert built == build
    assert "кіт" in first.words and "стіл" in first.nouns and "столи" not in first.nouns
    assert "ікт" in first.word_signatures and "кіт" not in first.word_signatures
    assert "илост" in first.word_signatures and "илост" not in first.noun_signatures  # столи
    assert first.word_signatures.most["о"] == 3  # молоко: о three times
    index_module.index("uk")
    assert built == build  # loaded from the cache, not built again
    monkeypatch.setattr(index_module, "FORMAT", index_module.FORMAT + 1)
    index_module.index("uk")
    assert built == build * 2  # a new version of the sources: built anew
    assert len(versions(tmp_path)) == 2  # another version's files, written today, are left alone
    day_before = time.time() - 2 * 24 * 3600
    for path in tmp_path.glob("uk-*"):
        os.utime(path, (day_before, day_before))
    monkeypatch.setattr(index_module, "FORMAT", index_module.FORMAT + 1)
    index_module.index("uk")
    assert len(versions(tmp_path)) == 1  # files no one has written for a day are removed
    nouns = next(tmp_path.glob("uk-nouns-*"))
    nouns.write_bytes(b"cut short")
    assert "стіл" in index_module.index("uk").nouns  # a spoilt file is built anew
    assert built == build * 4


def test_letter_points_rank_the_words_and_the_polysemy_letters_count() -> None:
    points = {"ф": 10.0, "щ": 8.0}
    found = best_words("фотокіт", "uk", top=1, points=points)
    assert "ф" in found[0].word
    assert found[0].score == sum(points.get(char, 1.0) for char in found[0].word)
    moloko = words_of("млк", wildcard=True)
    assert "молоко" in moloko
    scored = {f.word: f.score for f in best_words("млк", "uk", wildcard=True, top=100_000)}
    assert scored["молоко"] == 6.0  # the three о the Polysemy stands for count


def test_the_index_reports_whether_it_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from igroteka.lexicon.index import is_built

    index("uk")
    assert is_built("uk")
    monkeypatch.setenv("IGROTEKA_CACHE", str(tmp_path))
    assert not is_built("uk")
