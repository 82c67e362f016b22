"""A teacher's own association deck: the recipe format, its refusals, and games played on it
(docs/decks.md, "The association game's own cards")."""

from __future__ import annotations

import base64
import itertools
import json
from pathlib import Path

import pytest

from igroteka.engine import Match, OptionsError, play_out, replay
from igroteka.engine.record import GameRecord
from igroteka.games.associations import own
from igroteka.games.associations.bots import make_bot
from igroteka.games.associations.cards import card_by_id
from igroteka.games.associations.deck import backdrops, builtin_deck
from igroteka.games.associations.declaration import DECLARATION, _deck_file
from igroteka.games.associations.own import (
    ENOUGH,
    MAX_CARDS,
    MAX_LINE,
    MAX_PICTURES,
    MAX_TEXT_BYTES,
    MAX_WORDS,
    card_from_id,
    layout,
    parse_own_deck,
    playing_cards,
    split_emoji,
)
from igroteka.games.associations.rules import AssociationsGame, parse_options
from igroteka.games.klepka.deck import DeckError
from igroteka.i18n import translate

GAME = AssociationsGame()
PICTURE = "Xk2m9dQ4vT0aLs7bRw1e3g"
HEAD = "name: Autumn\nlang: en\n"
EMOJI = list("🐋🏠🐟💡🚪🌙🦊🐢🎈🔑🐘🌵🍎🦉⏳🐍🌊🎭🦔🐙")


def cards_text(count: int, lang: str = "en", words: str = "dream") -> str:
    """A deck of ``count`` different emoji cards."""
    trios = itertools.islice(itertools.combinations(EMOJI, 3), count)
    lines = [f"name: Many\nlang: {lang}"] + [f"{' '.join(trio)} : {words}" for trio in trios]
    return "\n".join(lines) + "\n"


def problems(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(DeckError) as refused:
        parse_own_deck(text)
    return [(problem.line, str(problem.text)) for problem in refused.value.problems]


# ---------------------------------------------------------------- the format


def test_a_card_is_its_emoji_a_backdrop_if_named_and_its_words_after_a_colon() -> None:
    deck = parse_own_deck(HEAD + "🐋 🏠 night : dream, far from home\n")
    (card,) = deck.cards
    assert (deck.name, deck.lang) == ("Autumn", "en")
    assert card.backdrop == "night"
    assert card.emoji == ("🐋", "🏠️")  # spelled as the tag data spells it
    assert card.tags("en")[:2] == ("whale", "animal")  # the emoji's CLDR names first
    assert card.tags("en")[-2:] == ("dream", "far from home")  # then the teacher's words


def test_a_backdrop_may_be_named_in_the_decks_language() -> None:
    deck = parse_own_deck("name: Осінь\nlang: uk\n🐋 🏠 захід сонця : сон\n🐟 💡 ліс : ідея\n")
    assert [card.backdrop for card in deck.cards] == ["sunset", "forest"]


def test_without_a_backdrop_the_cards_go_round_the_backdrops_or_take_the_decks() -> None:
    deck = parse_own_deck(cards_text(13))
    names = list(backdrops())
    assert [card.backdrop for card in deck.cards] == names + names[:1]
    deck = parse_own_deck("name: A\nlang: en\nbackdrop: snow\n🐋 🏠 : a\n🐟 💡 : b\n")
    assert {card.backdrop for card in deck.cards} == {"snow"}


def test_emoji_may_be_written_together_and_joined_emoji_count_as_one() -> None:
    assert split_emoji("🐋🏠️ 👨‍👩‍👧 🇺🇦 1️⃣ 👍🏽 night") == (
        ["🐋", "🏠️", "👨\u200d👩\u200d👧", "🇺🇦", "1️⃣", "👍🏽"],
        "night",
    )
    deck = parse_own_deck(HEAD + "🐋🏠 : home\n")
    assert deck.cards[0].emoji == ("🐋", "🏠️")


def test_an_emoji_the_game_does_not_know_needs_the_teachers_words() -> None:
    deck = parse_own_deck(HEAD + "🪼 🫎 : jelly, moose\n")
    assert deck.cards[0].tags("en") == ("jelly", "moose")
    assert problems(HEAD + "🪼 🫎\n") == [
        (
            3,
            "the game knows no words for these emoji: write the card's words after a colon, "
            "such as ‘🪼 🫎 : sea, calm’",
        )
    ]


def test_a_known_emoji_card_may_leave_the_words_out() -> None:
    (card,) = parse_own_deck(HEAD + "🐋 🏠\n").cards
    assert "whale" in card.tags("en")


def test_a_picture_card_names_an_uploaded_picture_and_its_words_are_its_tags() -> None:
    (card,) = parse_own_deck(HEAD + f"picture {PICTURE} : our classroom, window\n").cards
    assert (card.picture, card.backdrop, card.glyphs) == (PICTURE, "", ())
    assert card.tags("en") == ("our classroom", "window")


def test_comments_and_blank_lines_are_skipped_but_a_keycap_emoji_is_a_card() -> None:
    deck = parse_own_deck(HEAD + "# a comment\n\n   \n#️⃣ 🔔 : bell\n")
    assert [card.emoji[0] for card in deck.cards] == ["#️⃣"]


def test_words_are_separated_by_commas_and_each_kept_once() -> None:
    (card,) = parse_own_deck(HEAD + "🐋 🏠 : dream;  Dream , far  away,,\n").cards
    assert card.mood.en == ("dream", "far away")


def test_headings_are_read_as_in_a_klepka_deck() -> None:
    deck = parse_own_deck("Name: A\nLANG: uk\nauthor: Ms K\nlicense: CC BY\n🐋 🏠 : сон\n")
    assert (deck.name, deck.lang, deck.author, deck.licence) == ("A", "uk", "Ms K", "CC BY")


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("🐋 : alone", "a card has 2 to 4 emoji, and this one has 1"),
        ("🐋 🏠 🐟 💡 👁️ : many", "a card has 2 to 4 emoji, and this one has 5"),
        (
            "dream 🐋 🏠",
            "‘dream’ is not an emoji: a card is 2 to 4 emoji, a backdrop if you like, "
            "then a colon and its words",
        ),
        (
            "🐋 🏠 dream far",
            "‘dream far’ is neither an emoji nor a backdrop (the backdrops are night, fog, "
            "sea, desert, room, forest, sky, snow, sunset, deep, space, meadow); the card's "
            "words go after a colon",
        ),
        ("🐋 🏠 : dr3am", "‘dr3am’ has ‘3’, which cannot be part of a word"),
        ("🐋 🏠 : сон", "‘сон’ is not written in English letters, but the deck says ‘lang: en’"),
        (
            "picture abc : cat",
            "‘abc’ is not the id of an uploaded picture: add the picture in the lobby, "
            "which writes its line",
        ),
        (
            f"picture {PICTURE}",
            "a picture card needs its words after a colon: what the picture shows or "
            "makes you think of",
        ),
        (
            f"picture {PICTURE} {PICTURE} : two",
            "write a picture card as ‘picture ID : words’, with the id its upload gave",
        ),
        (
            "title: Autumn",
            "‘title:’ is not a heading (the headings are name, lang, author, licence and "
            "backdrop); a card is its emoji, a colon, then its words",
        ),
        ("lang: uk", "‘lang:’ is given twice (first on line 2)"),
        (
            "🐋 🏠 : " + ", ".join(f"w{'a' * n}" for n in range(9)),
            "a card has at most 8 words, and this one has 9",
        ),
        (
            "🐋 🏠 : " + "a" * MAX_LINE,
            f"the line is too long: at most {MAX_LINE} characters, and it has {MAX_LINE + 6}",
        ),
    ],
)
def test_a_bad_line_is_refused_with_its_number_and_why(line: str, problem: str) -> None:
    assert problems(HEAD + "🦔 🍎 : autumn\n" + line + "\n") == [(4, problem)]


def test_a_cards_vulgar_word_is_refused_with_its_line_in_every_language() -> None:
    vulgar = "is a vulgar word and cannot be on a card: decks are for the whole family"
    assert problems(HEAD + "🦔 🍎 : autumn\n🐋 🏠 : dream, bullshit\n") == [
        (4, f"‘bullshit’ {vulgar}")
    ]
    assert problems("name: О\nlang: uk\n🐋 🏠 : море, курва\n") == [(3, f"‘курва’ {vulgar}")]
    assert problems("name: О\nlang: ru\n🐋 🏠 : хохол\n") == [(3, f"‘хохол’ {vulgar}")]
    assert parse_own_deck("name: О\nlang: ru\n🐋 🏠 : сук, небо, хлеб\n").cards


def test_the_family_table_is_a_house_rule_a_room_may_switch_off_for_its_own_deck() -> None:
    """Rule (family table, on by default): the room's option decides for its own deck."""
    from igroteka.games.associations.rules import parse_options

    text = "name: О\nlang: uk\n🐋 🏠 : море, курва\n"
    with pytest.raises(OptionsError) as caught:
        parse_options({"deck": text})
    assert "‘курва’ is a vulgar word" in str(caught.value)
    played = parse_options({"deck": text, "family": False})
    assert played.family is False and played.lang == "uk"
    assert "курва" in parse_own_deck(text, family=False).cards[0].tags("uk")


def test_a_card_twice_is_refused_naming_the_first() -> None:
    text = HEAD + "backdrop: sea\n🐋 🏠 : a\n🏠 🐋 : b\n" + f"picture {PICTURE} : c\n" * 2
    assert problems(text) == [
        (5, "this card is the same picture as the card on line 4: change an emoji, the "
            "backdrop or the picture"),
        (7, "this card is the same picture as the card on line 6: change an emoji, the "
            "backdrop or the picture"),
    ]  # fmt: skip


def test_a_heading_after_the_cards_and_a_missing_name_and_language_are_refused() -> None:
    assert problems("🐋 🏠 : dream\nbackdrop: sea\n") == [
        (2, "‘backdrop:’ must come before the cards (the first card is on line 1)"),
        (None, "the deck has no name: add a line such as ‘name: Animals’ above the cards"),
        (
            None,
            "the deck has no language: add a line such as ‘lang: en’ above the cards "
            "(use en, uk or ru)",
        ),
    ]


def test_an_unknown_language_and_an_unknown_backdrop_are_refused() -> None:
    assert problems("name: A\nlang: ua\nbackdrop: moon\n🐋 🏠 : a\n") == [
        (2, "unknown language ‘ua’ (use en, uk or ru; Ukrainian is uk)"),
        (3, "there is no backdrop ‘moon’ (the backdrops are night, fog, sea, desert, room, "
            "forest, sky, snow, sunset, deep, space, meadow)"),
    ]  # fmt: skip


def test_a_deck_without_cards_is_refused() -> None:
    assert problems(HEAD) == [
        (None, "the deck has no cards: write one a line under the headings, such as "
               "‘🐋 🏠 : dream’"),
    ]  # fmt: skip


def test_every_mistake_is_listed_at_once() -> None:
    found = problems(HEAD + "🐋 : a\n🐋 🏠 : b\n🐟 : c\n")
    assert [line for line, _ in found] == [3, 5]


def test_a_deck_has_at_most_200_cards_and_100_pictures() -> None:
    assert len(parse_own_deck(cards_text(MAX_CARDS)).cards) == MAX_CARDS
    assert problems(cards_text(MAX_CARDS + 1)) == [
        (None, f"a deck has at most {MAX_CARDS} cards, and this one has {MAX_CARDS + 1}")
    ]
    pictures = "".join(f"picture {n:022d} : cat\n" for n in range(MAX_PICTURES + 1))
    assert problems(HEAD + pictures) == [
        (None, f"a deck shows at most {MAX_PICTURES} uploaded pictures, and this one has "
               f"{MAX_PICTURES + 1}"),
    ]  # fmt: skip


def test_a_text_too_long_is_refused_before_it_is_read() -> None:
    text = HEAD + "# " + "x" * MAX_TEXT_BYTES + "\n🐋 🏠 : a\n"
    assert problems(text) == [(None, "the deck is too long: at most 100000 bytes")]


def test_a_refusal_is_said_in_the_readers_language() -> None:
    with pytest.raises(DeckError) as refused:
        parse_own_deck(HEAD + "🐋 : alone\n")
    assert translate(refused.value.reason, "uk") == (
        "ваша колода, рядок 3: на картці від 2 до 4 емодзі, а на цій — 1"
    )


# ---------------------------------------------------------------- ids and layout


def test_a_cards_id_holds_its_recipe_so_any_process_finds_the_card() -> None:
    deck = parse_own_deck(HEAD + "🐋 🏠 night : dream\n" + f"picture {PICTURE} : cat\n")
    for number, card in enumerate(deck.cards, 1):
        assert card.id.startswith(f"t-{number}-")
        card_from_id.cache_clear()
        assert card_by_id(card.id) == card


def test_an_id_not_made_by_a_deck_names_no_card() -> None:
    (card,) = parse_own_deck(HEAD + "🐋 🏠 night : dream\n").cards
    forged = json.dumps(["en", "moon", ["🐋", "🏠"], "", ["dream"]]).encode()
    code = base64.urlsafe_b64encode(forged).decode().rstrip("=")
    for wrong in ("t-1-", "t-1-%%%", f"t-1-{code}", card.id + "A", "t-0" + card.id[3:], "t-x"):
        with pytest.raises(KeyError):
            card_by_id(wrong)


def test_no_built_in_id_looks_like_an_own_cards() -> None:
    assert not any(card.id.startswith("t-") for card in builtin_deck())


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_layout_keeps_every_emoji_inside_the_frame(count: int) -> None:
    for number in range(1, 7):
        glyphs = layout(EMOJI[:count], number)
        assert [glyph.emoji for glyph in glyphs] == EMOJI[:count]
        for glyph in glyphs:
            half = glyph.size // 2
            assert half <= glyph.x <= 100 - half
            assert half <= glyph.y <= 100 - half
    assert layout(EMOJI[:2], 1) != layout(EMOJI[:2], 2)  # the cards do not all look alike


def test_a_small_deck_is_filled_up_with_built_in_cards_and_a_large_one_is_not() -> None:
    small = parse_own_deck(cards_text(10))
    ids = playing_cards(small)
    assert len(ids) == ENOUGH
    assert ids[:10] == tuple(card.id for card in small.cards)
    assert ids[10:] == tuple(card.id for card in builtin_deck()[: ENOUGH - 10])
    large = parse_own_deck(cards_text(ENOUGH + 2))
    assert playing_cards(large) == tuple(card.id for card in large.cards)


# ---------------------------------------------------------------- the option and the game


def test_the_option_takes_the_decks_language_and_keeps_its_text() -> None:
    text = cards_text(50, "ru", "сон")
    options = GAME.parse_options({"lang": "own", "deck": text})
    assert (options["lang"], options["deck"]) == ("ru", text)
    assert GAME.parse_options(options) == options  # as a record replays it
    assert parse_options({"lang": "en", "deck": text}).lang == "ru"


def test_own_without_a_deck_and_a_bad_deck_are_refused_with_the_line() -> None:
    with pytest.raises(OptionsError) as refused:
        GAME.parse_options({"lang": "own"})
    assert refused.value.reason == "write the cards of your own deck, or choose built-in cards"
    with pytest.raises(OptionsError) as refused:
        GAME.parse_options({"lang": "own", "deck": HEAD + "🐋 : a\n"})
    assert refused.value.reason == "your deck, line 3: a card has 2 to 4 emoji, and this one has 1"
    with pytest.raises(OptionsError):
        GAME.parse_options({"deck": 5})


def test_the_deck_is_dealt_from_the_own_cards() -> None:
    text = cards_text(60)
    state = GAME.setup(GAME.parse_options({"deck": text}), 4, seed=2)
    dealt = set(state.pile) | {card for hand in state.hands for card in hand}
    assert dealt == {card.id for card in parse_own_deck(text).cards}


def test_a_view_names_the_deck_and_draws_picture_cards_by_their_url() -> None:
    lines = [f"picture {n:022d} : cat, sleep" for n in range(ENOUGH)]
    text = "name: Pets\nlang: en\n" + "\n".join(lines)
    state = GAME.setup(GAME.parse_options({"deck": text}), 3, seed=1)
    view = GAME.view(state, 0)
    assert view["options"]["deck"] == "Pets"
    assert text not in json.dumps(view, ensure_ascii=False)
    assert view["backdrops"] == {}
    for card in view["hand"]:
        picture = card_by_id(card).picture
        assert view["cards"][card] == {"image": f"/api/images/{picture}", "tags": ["cat", "sleep"]}


@pytest.mark.parametrize(
    ("players", "level"), [(2, "easy"), (3, "hard"), (4, "medium"), (6, "random")]
)
def test_bots_finish_a_game_on_an_own_deck_and_its_record_replays_exactly(
    players: int, level: str
) -> None:
    text = cards_text(30, "uk", "сон, мрія") + f"picture {PICTURE} : кіт, сон\n"
    match = Match.start(GAME, [f"bot:{level}"] * players, {"deck": text, "goal": 12}, seed=4)
    outcome = play_out(match, {s: make_bot(level, s, 4) for s in range(players)})
    assert outcome.winners
    record = GameRecord.from_json(match.record().to_json())
    assert record.options["deck"] == text
    again = replay(GAME, record)
    assert GAME.encode_state(again.state) == GAME.encode_state(match.state)


# ---------------------------------------------------------------- the declaration


def test_the_lobby_asks_for_the_deck_when_own_cards_are_chosen() -> None:
    option = DECLARATION.option("deck")
    assert (option.kind, option.file, option.pictures) == ("text", True, True)
    assert option.shown_when == ("lang", "own")
    assert "own" in [choice.value for choice in DECLARATION.option("lang").choices]


def test_a_deck_file_on_the_command_line_is_read_and_its_problems_name_the_file(
    tmp_path: Path,
) -> None:
    good = tmp_path / "autumn.deck"
    good.write_text(HEAD + "🐋 🏠 : dream\n", "utf-8")
    assert _deck_file(str(good)) == {"lang": "own", "deck": HEAD + "🐋 🏠 : dream\n"}
    bad = tmp_path / "bad.deck"
    bad.write_text(HEAD + "🐋 : dream\n", "utf-8")
    with pytest.raises(OptionsError) as refused:
        _deck_file(str(bad))
    assert refused.value.reason == f"{bad}, line 3: a card has 2 to 4 emoji, and this one has 1"
    (tmp_path / "cp1251.deck").write_bytes("name: Ночь\n".encode("cp1251"))
    with pytest.raises(OptionsError, match="not UTF-8"):
        _deck_file(str(tmp_path / "cp1251.deck"))
    with pytest.raises(OptionsError, match="cannot be read"):
        _deck_file(str(tmp_path / "missing.deck"))


DOCS = Path(__file__).resolve().parents[3] / "docs" / "decks.md"


def test_the_documented_example_reads_and_the_documented_limits_are_the_codes() -> None:
    """docs/decks.md shows a deck and states the limits: both hold."""
    section = DOCS.read_text("utf-8").partition("# Association decks: your own cards")[2]
    example = section.partition("The finished deck:\n\n```\n")[2].partition("```")[0]
    deck = parse_own_deck(example)
    assert (deck.name, len(deck.cards), deck.author) == ("The sea", 5, "Ms Kovalenko")
    for row in (
        f"| emoji on a card | {own.EMOJI[0]} to {own.EMOJI[1]} |",
        f"| words on a card | at most {MAX_WORDS} |",
        f"| characters on a line | at most {MAX_LINE} |",
        f"| cards in a deck | 1 to {MAX_CARDS} |",
        f"| pictures in a deck | at most {MAX_PICTURES} |",
        f"| the deck's text | at most {MAX_TEXT_BYTES:,} bytes |",
        f"| a deck of fewer than {ENOUGH} cards | filled up with the first built-in cards, "
        f"to {ENOUGH} |",
    ):
        assert row in section, row
