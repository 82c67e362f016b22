"""The association cards: the built-in deck, the backdrops, the tags and the generator
(docs/decks-associations.md)."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from igroteka.games.associations import deck as deck_module
from igroteka.games.associations.cards import card_by_id
from igroteka.games.associations.deck import (
    ARRANGEMENTS,
    LANGUAGES,
    PAINT,
    SHAPES,
    backdrops,
    builtin_deck,
    deck,
    emoji_tags,
    extract_tags,
    format_tags,
    generate,
    normalise,
    pool_emoji,
    wanted_emoji,
)

CONTENT = resources.files("igroteka").joinpath("games/associations/data")
SEEDS = (0, 1, 7, 2024, -5, 2**40)


def committed(name: str) -> Any:
    return json.loads(CONTENT.joinpath(name).read_text("utf-8"))


# The built-in deck


def test_the_builtin_deck_has_at_least_84_cards() -> None:
    assert len(builtin_deck()) >= 84


def test_every_card_has_two_to_four_emoji_on_a_known_backdrop() -> None:
    for card in builtin_deck():
        assert 2 <= len(card.glyphs) <= 4, card.id
        assert card.backdrop in backdrops(), card.id


def test_every_emoji_sits_inside_the_frame() -> None:
    for card in builtin_deck():
        for glyph in card.glyphs:
            assert 0 <= glyph.x <= 100 and 0 <= glyph.y <= 100, card.id
            assert 8 <= glyph.size <= 72 and 0 < glyph.opacity <= 1, card.id
            assert -180 <= glyph.rotate <= 180, card.id


def test_every_emoji_of_every_card_has_tags_in_uk_ru_and_en() -> None:
    data = committed("emoji-tags.json")["emoji"]
    for card in builtin_deck():
        for emoji in card.emoji:
            for lang in LANGUAGES:
                assert data[emoji][lang], (card.id, emoji, lang)
                assert emoji_tags(emoji, lang)


def test_every_card_has_two_to_four_mood_words_in_each_language() -> None:
    for card in builtin_deck():
        for lang in LANGUAGES:
            words = card.mood.get(lang)
            assert 2 <= len(words) <= 4, (card.id, lang)
            assert all(word.strip() == word and word for word in words), card.id
            assert {normalise(word, lang) for word in words} <= set(card.tags(lang))


def test_mood_words_are_written_in_their_language() -> None:
    cyrillic = re.compile(r"[а-яіїєґё’ -]+")
    latin = re.compile(r"[a-z’ -]+")
    for card in builtin_deck():
        assert all(cyrillic.fullmatch(w) for w in card.mood.uk + card.mood.ru), card.id
        assert not any(set(w) & set("ыэъ") for w in card.mood.uk), card.id
        assert not any(set(w) & set("іїєґ") for w in card.mood.ru), card.id
        assert all(latin.fullmatch(w) for w in card.mood.en), card.id


def test_ids_are_unique_slugs_that_never_look_generated() -> None:
    ids = [card.id for card in builtin_deck()]
    assert len(set(ids)) == len(ids)
    for card_id in ids:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", card_id), card_id
        assert not card_id.startswith("g-")


def test_the_ids_of_the_first_84_cards_stay_as_they_are() -> None:
    """The game state stores ids: new cards go at the end, none is renamed or moved."""
    ids = [card.id for card in builtin_deck()[:84]]
    assert ids[:3] == ["whale-over-house", "fish-in-bulb", "eye-above-door"]
    digest = hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]
    assert digest == "286e73e6021db576"


def test_no_two_cards_are_the_same_picture() -> None:
    compositions = [card.composition for card in builtin_deck()]
    assert len(set(compositions)) == len(compositions)


def test_the_deck_uses_every_backdrop_and_many_emoji() -> None:
    cards = builtin_deck()
    assert {card.backdrop for card in cards} == set(backdrops())
    assert len({emoji for card in cards for emoji in card.emoji}) >= 100


def test_a_card_is_written_back_as_cards_json_has_it() -> None:
    for data, card in zip(committed("cards.json")["cards"], builtin_deck(), strict=True):
        assert card.to_json() == data


# Tags


def test_tags_are_the_emoji_names_and_keywords_then_the_mood_words() -> None:
    card = card_by_id("whale-over-house")
    tags = card.tags("en")
    assert tags[0] == "whale" and "house" in tags
    assert tags[-3:] == ("dream", "hush", "wonder")
    assert "кит" in card.tags("uk") and "тиша" in card.tags("uk")
    assert "кит" in card.tags("ru") and "тишина" in card.tags("ru")


def test_tags_are_lower_case_and_each_comes_once() -> None:
    for card in builtin_deck():
        for lang in LANGUAGES:
            tags = card.tags(lang)
            assert len(set(tags)) == len(tags), (card.id, lang)
            assert all(tag == tag.lower() == normalise(tag, lang) for tag in tags)


def test_russian_yo_is_folded_to_ye_in_every_tag() -> None:
    assert normalise("Лёгкость", "ru") == "легкость"
    assert "легкость" in card_by_id("balloon-and-anchor").tags("ru")
    assert not any("ё" in tag for card in builtin_deck() for tag in card.tags("ru"))


def test_ukrainian_letters_are_kept_and_the_apostrophe_is_typographic() -> None:
    assert normalise("ҐАНОК", "uk") == "ґанок"
    assert normalise("Від'їзд", "uk") == normalise("відʼїзд", "uk") == "від’їзд"
    uk = {tag for card in builtin_deck() for tag in card.tags("uk")}
    letters = "".join(uk)
    assert all(letter in letters for letter in "єії’")
    assert not any("'" in tag or "ʼ" in tag for tag in uk)
    assert "від’їзд" in card_by_id("train-in-the-clouds").tags("uk")


def test_an_unknown_language_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        builtin_deck()[0].tags("fr")


# Backdrops


def test_there_are_at_least_eight_backdrops_with_the_named_ones() -> None:
    names = set(backdrops())
    assert len(names) >= 8
    assert {"night", "fog", "sea", "desert", "room", "forest", "sky", "snow"} <= names


def test_a_backdrop_is_a_gradient_and_shapes_the_browser_can_draw() -> None:
    colour = re.compile(r"#[0-9a-f]{6}")
    for name, backdrop in backdrops().items():
        assert len(backdrop.sky) >= 2 and all(colour.fullmatch(c) for c in backdrop.sky), name
        assert backdrop.shapes, name
        for shape in backdrop.shapes:
            keys = {key for key, _ in shape.attributes}
            assert shape.kind in SHAPES and keys <= SHAPES[shape.kind] | PAINT, name
            assert "fill" in keys, name
            for key, value in shape.attributes:
                if key in ("fill", "stroke") and value != "none":
                    assert isinstance(value, str) and colour.fullmatch(value), name


def test_backdrops_have_a_title_and_matching_mood_words_in_each_language() -> None:
    for name, backdrop in backdrops().items():
        assert all(len(backdrop.title.get(lang)) == 1 for lang in LANGUAGES), name
        lengths = {len(backdrop.mood.get(lang)) for lang in LANGUAGES}
        assert len(lengths) == 1 and lengths.pop() >= 2, name


def test_a_backdrop_is_written_back_as_backdrops_json_has_it() -> None:
    data = committed("backdrops.json")["backdrops"]
    assert {name: backdrop.to_json() for name, backdrop in backdrops().items()} == data


# The generator


def test_the_generator_is_deterministic_for_a_seed() -> None:
    for seed in SEEDS:
        generate.cache_clear()
        first = generate(30, seed)
        generate.cache_clear()
        assert generate(30, seed) == first


def test_different_seeds_give_different_cards() -> None:
    pictures = [tuple(card.composition for card in generate(10, seed)) for seed in SEEDS]
    assert len(set(pictures)) == len(SEEDS)


def test_more_generated_cards_only_add_to_the_end() -> None:
    assert generate(40, 11)[:25] == generate(25, 11)


def test_generated_cards_are_distinct_and_unlike_the_builtin_ones() -> None:
    builtin = {card.composition for card in builtin_deck()}
    cards = generate(500, 3)
    compositions = [card.composition for card in cards]
    assert len(set(compositions)) == len(compositions)
    assert not builtin & set(compositions)
    assert [card.id for card in cards] == [f"g-3-{n}" for n in range(1, 501)]


def test_generated_cards_are_made_of_pool_emoji_with_moods_in_each_language() -> None:
    pool = set(pool_emoji())
    moods = {word for backdrop in backdrops().values() for word in backdrop.mood.en}
    cards = generate(200, 5)
    for card in cards:
        assert 2 <= len(card.glyphs) <= 3 and set(card.emoji) <= pool
        assert len(set(card.emoji)) == len(card.emoji), card
        assert card.backdrop in backdrops()
        for lang in LANGUAGES:
            assert len(card.mood.get(lang)) == 2 and card.tags(lang)
        assert card.mood.en[0] in moods
    assert {card.backdrop for card in cards} == set(backdrops())
    assert len({len(card.glyphs) for card in cards}) == 2


def test_every_arrangement_has_mood_words_in_each_language() -> None:
    arrangements = committed("pool.json")["arrangements"]
    assert set(arrangements) == set(ARRANGEMENTS)
    for name, words in arrangements.items():
        assert len({len(words[lang]) for lang in LANGUAGES}) == 1, name


def test_the_pool_emoji_are_tagged_and_not_repeated_within_a_group() -> None:
    pool = committed("pool.json")
    for group in ("figures", "things", "places", "containers", "small"):
        assert len(set(pool[group])) == len(pool[group]), group
    assert len(pool_emoji()) >= 60
    for emoji in pool_emoji():
        assert all(emoji_tags(emoji, lang) for lang in LANGUAGES)


def test_the_generator_refuses_a_silly_count() -> None:
    with pytest.raises(ValueError):
        generate(-1, 0)
    with pytest.raises(ValueError):
        generate(10**6, 0)


# Decks and ids


def test_the_default_deck_is_the_sheets_64_cards() -> None:
    for seed in SEEDS:
        assert deck(64, 0, seed) == builtin_deck()[:64]
    assert len(deck()) == 64


def test_a_deck_is_builtin_cards_then_generated_ones() -> None:
    cards = deck(84, 16, 9)
    assert len(cards) == 100 and len({card.id for card in cards}) == 100
    assert cards[:84] == builtin_deck()[:84] and cards[84:] == generate(16, 9)
    with pytest.raises(ValueError):
        deck(len(builtin_deck()) + 1, 0, 0)


def test_a_card_is_found_again_by_its_id() -> None:
    for card in builtin_deck()[:5] + generate(12, -3) + generate(3, 2**40):
        assert card_by_id(card.id) == card
    for bad in ("no-such-card", "g-1-0", "g-x-1", "g-1-99999"):
        with pytest.raises(KeyError):
            card_by_id(bad)


# The tag data and its build step


def records_from(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """emojibase-data records that hold what the committed tag data holds."""
    return {
        lang: [
            {"emoji": e, "label": v[lang][0], "tags": v[lang][1:], "version": v["version"]}
            for e, v in data["emoji"].items()
        ]
        for lang in LANGUAGES
    }


def test_the_committed_tag_data_is_what_the_build_step_makes_of_it() -> None:
    text = CONTENT.joinpath("emoji-tags.json").read_text("utf-8")
    data = json.loads(text)
    assert list(data["emoji"]) == list(wanted_emoji())
    remade = format_tags(extract_tags(records_from(data), wanted_emoji(), data["_source"]))
    assert remade == text


def test_the_tag_data_names_its_source_and_licences() -> None:
    source = committed("emoji-tags.json")["_source"]
    assert source["package"].startswith("emojibase-data ")
    assert "MIT" in source["licence"] and "Unicode License v3" in source["licence"]
    assert source["cldr"] != "unknown"


def write_fixture(folder: Path) -> None:
    """A tiny emojibase-data: three emoji, one with its variation selector."""
    (folder / "package.json").write_text('{"name": "emojibase-data", "version": "9.9.9"}')
    (folder / "CHANGELOG.md").write_text(
        "# Change Log\n\n## 9.9.9\n\n- Update to Emoji v99 and CLDR 77.\n\n## 9.9.8\n\n- CLDR 76\n"
    )
    words = {
        "en": [("whale", ["ocean"]), ("umbrella", ["rain"]), ("cat", ["pet"])],
        "uk": [("кит", []), ("парасолька", ["дощ"]), ("кіт", ["тварина"])],
        "ru": [("Кит", ["океан"]), ("зонт", ["дождь"]), ("кот", ["кошка"])],
    }
    for lang, entries in words.items():
        (folder / lang).mkdir()
        records = [
            {"emoji": emoji, "label": label, "tags": tags, "version": version, "skins": []}
            for (emoji, version), (label, tags) in zip(
                [("🐋", 1), ("☂\ufe0f", 0.7), ("🐈\ufe0f", 0.7)], entries, strict=True
            )
        ]
        (folder / lang / "data.json").write_text(json.dumps(records), "utf-8")


def test_the_build_step_extracts_the_wanted_emoji_from_a_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_fixture(tmp_path)
    monkeypatch.setattr(deck_module, "wanted_emoji", lambda: ("☂", "🐋"))
    out = tmp_path / "emoji-tags.json"
    assert deck_module.main(["build", "--from", str(tmp_path), "--out", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["_source"]["package"] == "emojibase-data 9.9.9 (npm)"
    assert data["_source"]["cldr"] == "77"
    assert data["emoji"] == {
        "☂": {"version": 0.7, "en": ["umbrella", "rain"], "uk": ["парасолька", "дощ"],
              "ru": ["зонт", "дождь"]},
        "🐋": {"version": 1, "en": ["whale", "ocean"], "uk": ["кит"], "ru": ["Кит", "океан"]},
    }  # fmt: skip
    assert out.read_text("utf-8") == format_tags(data)
    assert out.read_text("utf-8").count("\n") == 7  # the source, then one emoji a line


def test_the_build_step_names_an_emoji_the_package_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_fixture(tmp_path)
    monkeypatch.setattr(deck_module, "wanted_emoji", lambda: ("🐋", "🦄"))
    with pytest.raises(ValueError, match="🦄"):
        deck_module.build(tmp_path)


def test_generated_cards_pair_their_emoji_by_relation_and_containers_are_few() -> None:
    """A scene, not random stickers: something inside a container, a creature or a thing above
    a place, a creature beside a thing, a giant beside a small person, a creature with a thing
    and a place; and no more than about one card in four puts something in a jar."""
    pool = committed("pool.json")
    figures, things, places = set(pool["figures"]), set(pool["things"]), set(pool["places"])
    containers, small = set(pool["containers"]), set(pool["small"])
    for seed in SEEDS:
        cards = generate(120, seed)
        inside = 0
        for card in cards:
            emoji = card.emoji
            if len(emoji) == 3:  # a thing and a place below a creature
                assert emoji[0] in things and emoji[1] in places and emoji[2] in figures
            elif emoji[1] in small:
                assert emoji[0] in figures | things
            elif emoji[0] in containers and card.glyphs[0].size == 60:
                inside += 1
                assert emoji[1] in figures | things
            elif emoji[0] in places:  # above: the place below, drawn first
                assert emoji[1] in figures | things
            else:  # beside
                assert emoji[0] in figures and emoji[1] in things
        assert inside <= 1 + len(cards) // 4
