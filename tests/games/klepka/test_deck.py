"""Klepka decks: the built-in decks, the .deck format a teacher writes, and its messages."""

from __future__ import annotations

import pickle
import unicodedata
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igroteka.games.klepka.deck import (
    APOSTROPHES,
    LANGUAGES,
    Deck,
    DeckError,
    DeckProblem,
    Pair,
    builtin_deck,
    builtin_languages,
    deck_from_pairs,
    load_deck,
    main,
    parse_deck,
)

HEAD = "name: Test\nlang: en\n"


def deck_text(*cards: str, head: str = HEAD) -> str:
    return head + "".join(f"{card}\n" for card in cards)


def refusal(text: str, source: str = "t.deck") -> str:
    """The message of the DeckError that a deck text must raise."""
    with pytest.raises(DeckError) as caught:
        parse_deck(text, source)
    return str(caught.value)


# --- the built-in decks --------------------------------------------------------------


EVERY_DECK = pytest.mark.parametrize("lang", builtin_languages())
"""Every test of the built-in decks runs over every built-in deck, a new one included."""


@EVERY_DECK
def test_a_builtin_deck_has_at_least_70_pairs_of_unique_words(lang: str) -> None:
    deck = builtin_deck(lang)
    assert deck.lang == lang
    assert len(deck.pairs) >= 70
    assert len({pair.word.casefold() for pair in deck.pairs}) == len(deck.pairs)


@EVERY_DECK
def test_every_picture_in_a_builtin_deck_is_distinct(lang: str) -> None:
    pictures = [pair.picture for pair in builtin_deck(lang).pairs]
    assert len(set(pictures)) == len(pictures)


@EVERY_DECK
def test_builtin_words_are_single_lowercase_words_of_letters(lang: str) -> None:
    for pair in builtin_deck(lang).pairs:
        word = pair.word.replace("’", "")
        assert word.isalpha(), pair
        assert pair.word == pair.word.lower(), pair


@EVERY_DECK
def test_builtin_pictures_are_single_emoji_that_need_no_variation_selector(lang: str) -> None:
    for pair in builtin_deck(lang).pairs:
        assert len(pair.picture) == 1, pair
        assert unicodedata.category(pair.picture) == "So", pair


SAME_THINGS = [
    ("cat", "кіт", "кошка"),
    ("apple", "яблуко", "яблоко"),
    ("ball", "м’яч", "мяч"),
    ("horse", "кінь", "лошадь"),
    ("tangerine", "мандарин", "мандарин"),
    ("clock", "будильник", "будильник"),
    ("laptop", "ноутбук", "ноутбук"),
    ("car", "машина", "машина"),
    ("taxi", "таксі", "такси"),
    ("truck", "вантажівка", "грузовик"),
]


def test_the_decks_share_pictures_for_the_same_things() -> None:
    decks = [{pair.word: pair.picture for pair in builtin_deck(lang).pairs} for lang in LANGUAGES]
    for words in SAME_THINGS:
        assert len({deck[word] for deck, word in zip(decks, words, strict=True)}) == 1, words


def picture_of(lang: str, word: str) -> str | None:
    return next((p.picture for p in builtin_deck(lang).pairs if p.word == word), None)


def test_the_review_names_each_picture_as_a_child_would() -> None:
    """docs/decks.md, the review: 🍊 a tangerine, ⏰ an alarm clock, 💻 a laptop, 🚗 alone is
    a car (🚕 a taxi, 🚚 a truck)."""
    for word, picture in [("мандарин", "🍊"), ("будильник", "⏰"), ("ноутбук", "💻")]:
        assert picture_of("uk", word) == picture_of("ru", word) == picture
    assert picture_of("uk", "машина") == picture_of("ru", "машина") == "🚗"
    assert picture_of("uk", "таксі") == picture_of("ru", "такси") == "🚕"
    assert picture_of("uk", "вантажівка") == picture_of("ru", "грузовик") == "🚚"
    assert picture_of("en", "tangerine") == "🍊" and picture_of("en", "laptop") == "💻"


AMBIGUOUS = {
    "🐇": "a rabbit or a hare (кролик or заєць)",
    "🐰": "a rabbit or a hare (кролик or заєць)",
    "👪": "a family is not a picture of one thing",
    "👨‍👩‍👧": "a family is not a picture of one thing",
    "🕐": "a clock face or a watch",
    "⌚": "a watch, not the clock a child knows",
}


@EVERY_DECK
def test_no_builtin_deck_has_a_picture_a_child_names_two_ways(lang: str) -> None:
    for pair in builtin_deck(lang).pairs:
        assert pair.picture not in AMBIGUOUS, (pair, AMBIGUOUS.get(pair.picture))


def test_ukrainian_deck_exercises_the_letters_ye_yi_apostrophe_and_soft_sign() -> None:
    words = [pair.word for pair in builtin_deck("uk").pairs]
    for letter in "єї’":
        assert any(letter in word for word in words), letter
    assert sum("’" in word for word in words) >= 3
    assert sum(word.endswith("ь") for word in words) >= 3
    assert {"м’яч", "кінь", "олень", "їжак", "єнот"} <= set(words)


def test_russian_deck_exercises_yo_and_the_soft_sign_the_chain_rules_treat() -> None:
    """ё counts as е in a chain (ёлка follows a word ending in е); a final ь is skipped."""
    words = [pair.word for pair in builtin_deck("ru").pairs]
    assert {"ёлка", "ёжик", "мёд", "вертолёт"} <= set(words)
    assert sum(word.endswith("ь") for word in words) >= 5
    assert {"лошадь", "мышь", "медведь", "морковь", "корабль"} <= set(words)


def test_russian_deck_has_only_russian_letters() -> None:
    for pair in builtin_deck("ru").pairs:
        assert not set(pair.word) & set("ґєії’'ʼ"), pair
        assert all("CYRILLIC" in unicodedata.name(char) for char in pair.word), pair


def test_ukrainian_deck_has_no_russian_letters_and_no_typed_apostrophe() -> None:
    for pair in builtin_deck("uk").pairs:
        assert not set(pair.word) & set("ыэъё'ʼ"), pair
        assert all("CYRILLIC" in unicodedata.name(char) for char in pair.word if char != "’")


@EVERY_DECK
def test_builtin_deck_files_are_nfc_utf8_text_with_all_headings(lang: str) -> None:
    resource = resources.files("igroteka") / "games" / "klepka" / "data" / f"{lang}.deck"
    text = resource.read_bytes().decode("utf-8")
    assert unicodedata.is_normalized("NFC", text)
    assert "\r" not in text and not text.startswith("\ufeff")
    deck = builtin_deck(lang)
    assert deck.name and deck.author and deck.licence


def test_builtin_languages_include_english_ukrainian_and_russian() -> None:
    languages = builtin_languages()
    assert {"en", "uk", "ru"} <= set(languages)
    assert set(languages) <= set(LANGUAGES)
    assert builtin_deck("en") is builtin_deck("en")  # read once


def test_a_builtin_deck_for_a_language_without_one_is_refused() -> None:
    with pytest.raises(DeckError, match="there is no built-in deck for ‘fr’"):
        builtin_deck("fr")


# --- a teacher's deck ----------------------------------------------------------------


def test_a_teacher_deck_with_comments_and_blank_lines_loads(tmp_path: Path) -> None:
    path = tmp_path / "animals.deck"
    path.write_text(
        "# My class deck, week 3\n"
        "\n"
        "name: Animals and food\n"
        "lang: en\n"
        "author: Mrs Smith\n"
        "licence: CC BY 4.0\n"
        "\n"
        "   # animals\n"
        "cat    🐈\n"
        "dog\t🐕\n"
        "\n"
        "# food\n"
        "apple 🍎\n",
        encoding="utf-8",
    )
    deck = load_deck(path)
    assert deck == Deck(
        name="Animals and food",
        lang="en",
        pairs=(Pair("cat", "🐈"), Pair("dog", "🐕"), Pair("apple", "🍎")),
        author="Mrs Smith",
        licence="CC BY 4.0",
    )


def test_load_deck_takes_a_plain_string_path(tmp_path: Path) -> None:
    path = tmp_path / "fruit.deck"
    path.write_text(deck_text("apple 🍎", "pear 🍐"), encoding="utf-8")
    assert load_deck(str(path)).pairs == (Pair("apple", "🍎"), Pair("pear", "🍐"))


def test_author_and_licence_are_optional_and_license_is_understood() -> None:
    deck = parse_deck(deck_text("apple 🍎", "pear 🍐"))
    assert (deck.author, deck.licence) == ("", "")
    deck = parse_deck(deck_text("apple 🍎", "pear 🍐", head=HEAD + "License: CC0\n"))
    assert deck.licence == "CC0"


def test_headings_and_language_ignore_case() -> None:
    deck = parse_deck(deck_text("apple 🍎", "pear 🍐", head="Name: Fruit\nLANG: EN\n"))
    assert (deck.name, deck.lang) == ("Fruit", "en")


def test_a_ukrainian_teacher_deck_keeps_its_letters_and_apostrophes() -> None:
    deck = parse_deck("name: Тварини\nlang: uk\nкінь 🐎\nм’яч ⚽\nїжак 🦔\nєнот 🦝\n")
    assert [pair.word for pair in deck.pairs] == ["кінь", "м’яч", "їжак", "єнот"]


@pytest.mark.parametrize("apostrophe", list(APOSTROPHES))
def test_a_word_with_each_apostrophe_variant_loads_as_written(apostrophe: str) -> None:
    word = f"м{apostrophe}ясо"
    deck = parse_deck(f"name: Їжа\nlang: uk\n{word} 🍖\nхліб 🍞\n")
    assert deck.pairs[0].word == word


def test_an_english_word_with_an_apostrophe_or_hyphen_loads() -> None:
    deck = parse_deck(deck_text("jack-o'-lantern 🎃", "o’clock 🕐"))
    assert [pair.word for pair in deck.pairs] == ["jack-o'-lantern", "o’clock"]


def test_a_word_of_several_words_keeps_single_spaces() -> None:
    deck = parse_deck(deck_text("ice   cream 🍦", "teddy\tbear 🧸"))
    assert [pair.word for pair in deck.pairs] == ["ice cream", "teddy bear"]


def test_cards_copied_from_a_spreadsheet_with_tabs_load() -> None:
    deck = parse_deck("name: Sheet\tcopy\nlang:\ten\napple\t🍎\npear\t\t🍐\t\n")
    assert deck.pairs == (Pair("apple", "🍎"), Pair("pear", "🍐"))


def test_a_picture_may_be_any_short_sign_such_as_a_translation() -> None:
    deck = parse_deck(deck_text("cat кіт", "dog собака", "family 👨‍👩‍👧"))
    assert [pair.picture for pair in deck.pairs] == ["кіт", "собака", "👨‍👩‍👧"]


def test_a_keycap_emoji_starting_with_hash_is_a_picture_not_a_comment() -> None:
    deck = parse_deck(deck_text("hash #️⃣", "one 1️⃣"))
    assert deck.pairs[0].picture == "#️⃣"


def test_stress_marks_on_letters_are_kept() -> None:
    deck = parse_deck("name: Наголоси\nlang: uk\nмоло\u0301ко 🥛\nхліб 🍞\n")
    assert deck.pairs[0].word == "моло\u0301ко"


def test_letters_typed_as_a_base_and_a_combining_mark_are_joined() -> None:
    decomposed = "\u0456\u0308жак"  # Cyrillic і and a combining diaeresis: ї in NFD
    deck = parse_deck(f"name: Т\nlang: uk\n{decomposed} 🦔\nи\u0306од 🧪\n")
    assert [pair.word for pair in deck.pairs] == ["їжак", "йод"]


def test_invisible_characters_pasted_into_a_deck_are_dropped() -> None:
    deck = parse_deck(
        deck_text("ca\u200bt 🐈", "\u00addog\u2060 🐕\u200e", "\u200b", "o\u200dx 🐂")
    )
    assert deck.pairs == (Pair("cat", "🐈"), Pair("dog", "🐕"), Pair("ox", "🐂"))
    family = parse_deck(deck_text("family 👨\u200d👩\u200d👧", "dog 🐕")).pairs[0].picture
    assert family == "👨\u200d👩\u200d👧"


def test_windows_line_endings_and_a_byte_order_mark_keep_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "windows.deck"
    path.write_bytes("\ufeffname: W\r\nlang: en\r\ncat 🐈\r\ncat 🐱\r\n".encode())
    with pytest.raises(DeckError, match="line 4: ‘cat’ appears twice \\(first on line 3\\)"):
        load_deck(path)
    path.write_bytes("\ufeffname: W\r\nlang: en\r\ncat 🐈\r\ndog 🐕\r\n".encode())
    assert load_deck(path).name == "W"


# --- what is refused, and how it is said ---------------------------------------------


def test_a_duplicated_word_is_refused_with_both_line_numbers() -> None:
    message = refusal(deck_text("apple 🍎", "cat 🐈", "dog 🐕", "cat 🐱"))
    assert message == "t.deck, line 6: ‘cat’ appears twice (first on line 4)"


def test_a_word_repeated_in_another_case_or_apostrophe_is_refused() -> None:
    assert "line 4: ‘Cat’ appears twice (first on line 3, as ‘cat’)" in refusal(
        deck_text("cat 🐈", "Cat 🐱")
    )
    text = "name: Т\nlang: uk\nм’яч ⚽\nм'яч 🏀\n"
    assert "line 4: ‘м'яч’ appears twice (first on line 3, as ‘м’яч’)" in refusal(text)


def test_a_picture_used_twice_is_refused() -> None:
    message = refusal(deck_text("cat 🐈", "kitten 🐈"))
    assert message == (
        "t.deck, line 4: the picture 🐈 is already used for ‘cat’ on line 3; "
        "each pair needs its own picture"
    )


def test_a_picture_with_and_without_the_emoji_selector_counts_as_the_same() -> None:
    assert "already used for ‘sun’" in refusal(deck_text("sun ☀️", "sunny ☀"))


def test_unknown_language_is_refused() -> None:
    message = refusal("name: Fruit\nlang: fr\napple 🍎\npear 🍐\n")
    assert message == "t.deck, line 2: unknown language ‘fr’ (use en, uk or ru)"


def test_ua_gets_a_hint_that_ukrainian_is_uk() -> None:
    assert "unknown language ‘ua’ (use en, uk or ru; Ukrainian is uk)" in refusal(
        "name: Фрукти\nlang: ua\nяблуко 🍎\nгруша 🍐\n"
    )


def test_a_card_line_without_a_picture_is_refused() -> None:
    message = refusal(deck_text("apple 🍎", "pear", "cat 🐈"))
    assert message == "t.deck, line 4: a card needs a word and a picture, with a space between them"


def test_a_comma_between_word_and_picture_gets_a_hint() -> None:
    message = refusal(deck_text("apple, 🍎", "pear,🍐"))
    hint = "put a space between the word and the picture, not a comma"
    assert message.splitlines() == [f"t.deck, line 3: {hint}", f"t.deck, line 4: {hint}"]


def test_a_word_without_letters_is_refused() -> None:
    assert "line 3: ‘123’ has no letters" in refusal(deck_text("123 🔢", "cat 🐈"))


def test_a_picture_written_before_its_word_gets_a_hint() -> None:
    message = refusal(deck_text("🍎 apple", "cat 🐈"))
    assert "line 3: write the word first and then its picture: ‘apple 🍎’" in message


def test_a_word_with_a_digit_or_sign_is_refused() -> None:
    assert "line 3: ‘c4t’ has ‘4’, which cannot be part of a word" in refusal(
        deck_text("c4t 🐈", "dog 🐕")
    )


def test_a_comment_at_the_end_of_a_card_line_is_refused() -> None:
    message = refusal(deck_text("cat 🐈 # our cat", "dog 🐕"))
    assert "line 3: a comment needs a line of its own, starting with #" in message


def test_a_wrong_apostrophe_sign_is_refused_with_the_right_ones_named() -> None:
    message = refusal("name: Т\nlang: uk\nм`яч ⚽\nхліб 🍞\n")
    assert "line 3: ‘м`яч’ has ‘`’: write the apostrophe as ’ or '" in message


def test_a_latin_letter_hidden_in_a_ukrainian_word_is_refused() -> None:
    message = refusal("name: Т\nlang: uk\nкiт 🐈\nхліб 🍞\n")  # Latin i
    assert "line 3: ‘кiт’ mixes alphabets: ‘i’ is a Latin letter" in message


def test_a_cyrillic_letter_hidden_in_an_english_word_is_refused() -> None:
    message = refusal(deck_text("c\u0430t 🐈", "dog 🐕"))  # Cyrillic а
    assert "line 3: ‘cаt’ mixes alphabets: ‘а’ is a Cyrillic letter" in message


def test_a_russian_letter_in_a_ukrainian_deck_is_refused() -> None:
    message = refusal("name: Т\nlang: uk\nсыр 🧀\nхліб 🍞\n")
    assert "line 3: ‘сыр’ has ‘ы’, which is not a letter of the Ukrainian alphabet" in message


def test_a_ukrainian_letter_in_a_russian_deck_is_refused_and_russian_words_load() -> None:
    assert "‘і’, which is not a letter of the Russian alphabet" in refusal(
        "name: Т\nlang: ru\nкіт 🐈\nхлеб 🍞\n"
    )
    deck = parse_deck("name: Животные\nlang: ru\nёж 🦔\nсъёмка 📷\nкот 🐈\n")
    assert deck.lang == "ru" and len(deck.pairs) == 3


def test_english_words_in_a_ukrainian_deck_are_refused() -> None:
    message = refusal("name: Т\nlang: uk\ncat 🐈\nхліб 🍞\n")
    assert "line 3: ‘cat’ is not written in Ukrainian letters, but the deck says ‘lang: uk’" in (
        message
    )


VULGAR = "is a vulgar word and cannot be on a card: decks are for the whole family"


@pytest.mark.parametrize(
    ("head", "word"),
    [(HEAD, "Shit"), (HEAD, "bitches"), ("name: Т\nlang: uk\n", "дупа"),
     ("name: Т\nlang: ru\n", "жопа"), ("name: Т\nlang: ru\n", "хохлы")],
)  # fmt: skip
def test_a_vulgar_word_or_a_slur_is_refused_in_every_language_with_its_line(
    head: str, word: str
) -> None:
    message = refusal(head + "# the farm\n" + f"{word} 🍄\n")
    assert message == f"t.deck, line 4: ‘{word}’ {VULGAR}"


def test_a_deck_given_as_data_refuses_a_vulgar_word_by_its_card_number() -> None:
    with pytest.raises(DeckError) as caught:
        deck_from_pairs("Pets", "en", [("cat", "🐈"), ("fucking dog", "🐕")])
    assert str(caught.value) == f"the deck, line 2: ‘fucking dog’ {VULGAR}"


def test_the_family_table_is_a_house_rule_a_room_may_switch_off_for_its_deck() -> None:
    """Rule (family table, on by default): a room's options decide whether a deck's vulgar
    word is refused; with the house rule off the deck is played as written."""
    from igroteka.engine.game import OptionsError
    from igroteka.games.klepka.rules import parse_options

    text = "name: Т\nlang: ru\nжопа 🍑\nхлеб 🍞\n"
    with pytest.raises(OptionsError) as caught:
        parse_options({"deck_text": text})
    assert str(caught.value) == f"your deck, line 3: ‘жопа’ {VULGAR}"
    played = parse_options({"deck_text": text, "family": False})
    assert [pair.word for pair in played.deck.pairs] == ["жопа", "хлеб"]
    assert played.house_rules()["family"] is False
    shown = {"name": "Pets", "lang": "en", "pairs": [["shit", "💩"], ["cat", "🐈"]]}
    assert parse_options({"deck": shown, "family": False}).deck.pairs[0].word == "shit"
    with pytest.raises(OptionsError):
        parse_options({"deck": shown})


def test_ordinary_words_near_vulgar_ones_load() -> None:
    deck = parse_deck(deck_text("ass 🫏", "cocktail 🍸", "shiitake 🍄", "Scunthorpe 🏙"))
    assert len(deck.pairs) == 4
    assert len(parse_deck("name: Т\nlang: ru\nсук 🌳\nхлеб 🍞\nнебо 🌌\n").pairs) == 3


def test_a_deck_with_fewer_than_two_pairs_is_refused() -> None:
    assert refusal(deck_text("cat 🐈")) == (
        "t.deck: the deck needs at least 2 pairs, and it has only 1"
    )
    assert refusal(deck_text()) == "t.deck: the deck needs at least 2 pairs, and it has none"


def test_a_deck_without_a_name_or_language_is_refused() -> None:
    message = refusal("cat 🐈\ndog 🐕\n")
    assert message.splitlines() == [
        "t.deck: the deck has no name: add a line such as ‘name: Animals’ above the cards",
        "t.deck: the deck has no language: add a line such as ‘lang: en’ above the cards "
        "(use en, uk or ru)",
    ]


def test_an_empty_name_or_language_is_refused() -> None:
    message = refusal("name:\nlang:\ncat 🐈\ndog 🐕\n")
    assert "line 1: ‘name:’ needs the name of the deck after the colon" in message
    assert "line 2: ‘lang:’ needs a language after the colon: en, uk or ru" in message


def test_a_heading_after_the_cards_is_refused() -> None:
    message = refusal("name: Late\ncat 🐈\nlang: en\ndog 🐕\n")
    assert message == (
        "t.deck, line 3: ‘lang:’ must come before the cards (the first card is on line 2)"
    )


def test_a_heading_given_twice_is_refused() -> None:
    message = refusal("name: One\nname: Two\nlang: en\ncat 🐈\ndog 🐕\n")
    assert message == "t.deck, line 2: ‘name:’ is given twice (first on line 1)"


def test_an_unknown_heading_is_refused() -> None:
    message = refusal("name: One\ntitle: Two\nlang: en\ncat 🐈\ndog 🐕\n")
    assert message.startswith("t.deck, line 2: ‘title:’ is not a heading")
    assert "a card is a word, a space, then its picture" in refusal(deck_text("cat:🐈", "dog 🐕"))


def test_a_word_too_long_for_a_card_is_refused() -> None:
    assert "is too long for a card (at most 40 characters)" in refusal(
        deck_text("a" * 41 + " 🐈", "dog 🐕")
    )


def test_a_picture_that_is_not_short_or_not_visible_is_refused() -> None:
    assert "is too long: use one emoji" in refusal(deck_text("cat " + "x" * 17, "dog 🐕"))
    assert "the picture has nothing visible in it" in refusal(deck_text("cat \ufe0f", "dog 🐕"))
    assert "the picture has an invisible character (U+0007" in refusal(
        deck_text("cat 🐈\x07", "dog 🐕")
    )
    assert "the picture has an invisible character (U+202E" in refusal(
        deck_text("cat 🐈\u202e", "dog 🐕")
    )  # it would turn the text after the picture backwards


def test_a_picture_keeps_the_joiners_and_tags_of_its_emoji() -> None:
    scotland = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    deck = parse_deck(deck_text("family 👨\u200d👩\u200d👧", "flag " + scotland), "t.deck")
    assert [pair.picture for pair in deck.pairs] == ["👨\u200d👩\u200d👧", scotland]


def test_every_problem_in_a_deck_is_reported_at_once() -> None:
    with pytest.raises(DeckError) as caught:
        parse_deck(deck_text("cat 🐈", "cat 🐱", "pear", "123 🔢"), "t.deck")
    assert [problem.line for problem in caught.value.problems] == [4, 5, 6]
    assert caught.value.source == "t.deck"
    assert len(str(caught.value).splitlines()) == 3


def test_a_long_list_of_problems_is_cut_short() -> None:
    message = refusal(deck_text(*[f"{n} {n}" for n in range(25)]))
    assert message.splitlines()[-1] == "t.deck: and 15 more problems"
    assert len(message.splitlines()) == 11


def test_a_deck_error_is_a_value_error_and_survives_pickling() -> None:
    error = DeckError("t.deck", [DeckProblem(3, "‘123’ has no letters")])
    assert isinstance(error, ValueError)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.source, copy.problems) == (str(error), error.source, error.problems)


# --- files ---------------------------------------------------------------------------


def test_a_missing_file_is_a_clear_deck_error(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.deck"
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value) == f"{path}: there is no such file"


def test_a_folder_is_not_a_deck(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"is a folder, not a deck file|cannot be opened"):
        load_deck(tmp_path)


@pytest.mark.parametrize(
    ("failure", "said"),
    [
        (PermissionError(13, "Permission denied"), "the file cannot be opened: permission denied"),
        (OSError(5, "Input/output error"), "the file cannot be read (Input/output error)"),
    ],
)
def test_an_unreadable_file_is_a_clear_deck_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: OSError, said: str
) -> None:
    path = tmp_path / "secret.deck"
    path.write_text(deck_text("cat 🐈", "dog 🐕"), encoding="utf-8")

    def refuse(*args: object, **kwargs: object) -> None:
        raise failure

    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value) == f"{path}: {said}"


def test_a_file_too_big_to_be_a_deck_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.deck"
    path.write_bytes(b"#" * 1_000_001)
    with pytest.raises(DeckError, match="the file is too big to be a deck"):
        load_deck(path)


def test_a_file_saved_in_a_windows_cyrillic_encoding_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "cp1251.deck"
    path.write_bytes("name: T\nlang: uk\nкіт 🐈\n".encode() + "їжак -\n".encode("cp1251"))
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value) == (
        f"{path}, line 4: the file is not UTF-8 text: save it again choosing the UTF-8 encoding"
    )


def test_a_file_saved_as_utf16_is_refused_with_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "utf16.deck"
    path.write_text(deck_text("cat 🐈", "dog 🐕"), encoding="utf-16")
    with pytest.raises(DeckError, match="saved as UTF-16: save it again as UTF-8"):
        load_deck(path)


def test_errors_from_a_file_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "animals.deck"
    path.write_text(deck_text("cat 🐈", "cat 🐱"), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value) == f"{path}, line 4: ‘cat’ appears twice (first on line 3)"


def test_the_check_command_says_which_decks_are_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.deck"
    good.write_text(deck_text("cat 🐈", "dog 🐕"), encoding="utf-8")
    bad = tmp_path / "bad.deck"
    bad.write_text(deck_text("cat 🐈"), encoding="utf-8")
    assert main([str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: good, ‘Test’ in English, 2 pairs\n"
    assert main([str(good), str(bad)]) == 1
    captured = capsys.readouterr()
    assert "needs at least 2 pairs" in captured.err
    assert main([]) == 2


# --- properties ----------------------------------------------------------------------

WORD_LETTERS = st.sampled_from("abcdefghijklmnopqrstuvwxyzé")
PICTURES = st.sampled_from("🍎🍐🍌🐈🐕🐎🚗🚌⛵⭐🌈🔥🌳🌹🦔🦝🐚👪🦷⚽🎈🎁🔔🥁")


@given(
    st.lists(
        st.tuples(st.text(WORD_LETTERS, min_size=1, max_size=12), PICTURES),
        min_size=2,
        max_size=20,
        unique_by=(lambda card: card[0].casefold(), lambda card: card[1]),
    ),
    st.sampled_from([" ", "  ", "\t", " \t "]),
)
def test_any_deck_written_in_the_format_reads_back_the_same(
    cards: list[tuple[str, str]], gap: str
) -> None:
    text = "# made by a test\nname: Made\nlang: en\n\n"
    text += "".join(f"{word}{gap}{picture}\n" for word, picture in cards)
    deck = parse_deck(text)
    assert deck.pairs == tuple(Pair(word, picture) for word, picture in cards)


LINES = st.one_of(
    st.sampled_from(
        ["name: A", "lang: en", "lang: uk", "lang: xx", "# note", "", "cat 🐈", "кіт 🐈", "dog"]
    ),
    st.text(max_size=30),
)


@given(st.lists(LINES, max_size=12), st.sampled_from(["\n", "\r\n", "\r"]))
def test_any_text_either_loads_or_is_refused_with_a_readable_message(
    lines: list[str], ending: str
) -> None:
    try:
        deck = parse_deck(ending.join(lines), "any.deck")
    except DeckError as error:
        assert error.problems
        for line in str(error).splitlines():
            assert line.startswith("any.deck")
    else:
        assert deck.lang in LANGUAGES
        assert len(deck.pairs) >= 2
        assert all(pair.word and pair.picture for pair in deck.pairs)


def test_a_deck_given_as_data_names_no_line_for_its_name_and_language() -> None:
    """A deck from a form or a record has no heading lines: its problems say so plainly."""
    with pytest.raises(DeckError) as refused:
        deck_from_pairs("", "fr", [("cat", "🐈"), ("dog", "🐕")])
    assert str(refused.value).splitlines() == [
        "the deck: ‘name:’ needs the name of the deck after the colon",
        "the deck: unknown language ‘fr’ (use en, uk or ru)",
    ]
