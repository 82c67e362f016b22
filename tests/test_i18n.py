"""A refusal is read in the player's language: every sentence the rules and the server say to a
player is a Text with a translation into Ukrainian and Russian.

The command line (cli.py, terminal/) speaks English and is left out.
"""

from __future__ import annotations

import ast
import json
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from igroteka.engine import IllegalAction, Match, OptionsError, play_out
from igroteka.games import entry, game_names
from igroteka.i18n import LANGUAGES, Text, catalogue, negotiate, translate

SOURCE = Path(__file__).resolve().parents[1] / "src" / "igroteka"
ENGLISH_ONLY = ("cli.py", "terminal", "i18n.py")
REFUSALS = {
    "IllegalAction": 0,
    "OptionsError": 0,
    "RoomError": 0,
    "ChainError": 0,
    "WordInputError": 0,
    "DeckError": 0,
    "Verdict": 2,
}
"""The exceptions and values that carry a sentence for a player, and the argument it is."""


def modules() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(SOURCE.rglob("*.py")):
        if any(part in ENGLISH_ONLY for part in path.relative_to(SOURCE).parts):
            continue
        yield path, ast.parse(path.read_text("utf-8"))


def calls(name: str) -> Iterator[tuple[str, ast.Call]]:
    for path, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                called = node.func
                found = getattr(called, "id", None) or getattr(called, "attr", None)
                if found == name:
                    yield f"{path.relative_to(SOURCE)}:{node.lineno}", node


def template_of(call: ast.Call) -> str | None:
    """The template of a ``Text(...)`` call, when it is written out."""
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def templates() -> dict[str, str]:
    """Every template in the code, and where it is."""
    found: dict[str, str] = {}
    for where, call in calls("Text"):
        template = template_of(call)
        if template is not None:
            found.setdefault(template, where)
    return found


def fields(template: str) -> dict[str, int]:
    """The template's fields, and how many plural forms each asks for (0: none)."""
    parsed: dict[str, int] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            forms = len(spec.split("|")) if spec and "|" in spec else 0
            parsed[name] = max(parsed.get(name, 0), forms)
    return parsed


def test_every_template_is_a_literal() -> None:
    """A template is written out where it is said, so that it can be found and translated."""
    odd = [where for where, call in calls("Text") if template_of(call) is None]
    assert odd == []


@pytest.mark.slow
def test_every_refusal_is_translatable() -> None:
    """No refusal is a bare English string: each is a Text (or passes one on)."""
    bare = []
    for name, position in REFUSALS.items():
        for where, call in calls(name):
            if len(call.args) > position:
                argument = call.args[position]
                if isinstance(argument, ast.JoinedStr) or (
                    isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                ):
                    bare.append(f"{where}: {name}({ast.unparse(argument)[:60]})")
    assert bare == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_template_has_a_translation(lang: str) -> None:
    """Each sentence is translated, with the same fields, and plural words in three forms."""
    translated = catalogue(lang)
    code = templates()
    missing = sorted(template for template in code if template not in translated)
    assert missing == [], f"{len(missing)} untranslated"
    stale = sorted(template for template in translated if template not in code)
    assert stale == [], "translations of sentences the code no longer says"
    for english, sentence in translated.items():
        want = {name: 3 if forms else 0 for name, forms in fields(english).items()}
        got = fields(sentence)
        assert set(got) == set(want), (english, sentence)
        for name, forms in got.items():
            assert forms in (0, 3), (sentence, name)
            if want[name]:
                assert forms == 3, (english, sentence)


def catalogue_files(lang: str) -> dict[str | None, Path]:
    """The catalogues of a language: the shared one (None) and each game package's own."""
    files: dict[str | None, Path] = {None: SOURCE / "content" / "messages" / f"{lang}.json"}
    for path in sorted((SOURCE / "games").glob(f"*/messages/{lang}.json")):
        files[path.parent.parent.name] = path
    return files


def sayers() -> dict[str, set[str | None]]:
    """Every template in the code, and who says it: a game's package by its name, else None."""
    said: dict[str, set[str | None]] = {}
    for where, call in calls("Text"):
        template = template_of(call)
        if template is not None:
            parts = Path(where.partition(":")[0]).parts
            game = parts[1] if parts[0] == "games" and len(parts) > 2 else None
            said.setdefault(template, set()).add(game)
    return said


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_catalogue_files_are_sorted_json(lang: str) -> None:
    """The catalogues stay easy to review: sorted keys, one entry a line."""
    for path in catalogue_files(lang).values():
        entries = json.loads(path.read_text("utf-8"))
        assert list(entries) == sorted(entries), path


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_game_holds_its_own_translations(lang: str) -> None:
    """A sentence only one game's package says is translated in that package
    (games/<name>/messages/); the shared catalogue holds the rest; none is in two."""
    said = sayers()
    held: dict[str, str | None] = {}
    for owner, path in catalogue_files(lang).items():
        for template in json.loads(path.read_text("utf-8")):
            assert template not in held, (template, held.get(template), owner)
            held[template] = owner
    assert set(catalogue_files(lang)) - {None} <= set(game_names())
    misplaced = []
    for template, owner in held.items():
        by = said.get(template, set())
        own = next(iter(by)) if len(by) == 1 else None
        if owner != own:
            misplaced.append((template, owner, own))
    assert misplaced == [], "(template, where it is, where it belongs)"


def test_a_sentence_is_said_in_the_players_language() -> None:
    reason = Text("card {number} is already face up", number=3)
    assert reason == "card 3 is already face up"
    assert translate(reason, "uk") == "картка 3 вже лежить лицем догори"
    assert translate(reason, "ru") == "карточка 3 уже лежит лицом вверх"
    assert translate(reason, "de") == "card 3 is already face up"


def test_a_plain_string_stays_as_it_is() -> None:
    assert translate("just words", "uk") == "just words"


def test_the_language_comes_from_the_browser() -> None:
    assert negotiate("uk-UA,uk;q=0.9,en-US;q=0.8") == "uk"
    assert negotiate("fr-FR, ru;q=0.3, en;q=0.2") == "ru"
    assert negotiate("en;q=0, uk;q=0.1") == "uk"
    assert negotiate("fr") == "en"
    assert negotiate("") == "en"
    assert negotiate("uk;q=bad, ru") == "ru"


def strings(value: object) -> list[str]:
    """Every text in a view: the words a player could try."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def attempts(view: dict[str, object], rng: random.Random) -> list[object]:
    """Actions a careless or mischievous player might send, most of them refused."""
    words = [text for text in strings(view) if text.isalpha()] + ["бзбз", "кіт", "столы", "Київ"]
    links = rng.sample(words, min(len(words), rng.randint(1, 3)))
    return [
        [],
        "flip",
        {"type": "dance"},
        {"type": "flip"},
        {"type": "flip", "position": rng.choice([-1, 0, 1, 5, 999])},
        {"type": "conceal"},
        {"type": "stop"},
        {"type": "london", "yes": rng.random() < 0.5},
        {"type": "london", "yes": "maybe"},
        {"type": "chain", "links": links},
        {"type": "chain", "links": [*links, "~", *links]},
        {"type": "chain", "links": "кіт"},
        {"type": "compose", "words": links},
        {"type": "compose", "words": []},
        {"type": "compose", "words": [{"word": links[0], "cards": [0, 0]}]},
        {"type": "compose", "words": [{"word": links[0], "cards": "x"}]},
        {"type": "chaos"},
        {"type": "exchange", "give": rng.randrange(60), "take": rng.randrange(60)},
        {"type": "exchange"},
        *crossword_attempts(view, rng),
        *association_attempts(view, rng),
    ]


def crossword_attempts(view: dict[str, object], rng: random.Random) -> list[object]:
    """Plays of the crossword game: tiles of the rack (or not) on cells anywhere."""
    rack = [str(tile) for tile in view.get("rack", []) or ["а"]]  # type: ignore[union-attr]
    row, col = rng.randrange(-1, 16), rng.randrange(15)
    laid = [[row, col + i, rng.choice(rack), rng.random() < 0.2] for i in range(rng.randint(1, 4))]
    return [
        {"type": "pass"},
        {"type": "play", "tiles": laid},
        {"type": "play", "tiles": [[7, 7, "ъ", False], [7, 8, "ы", False]]},
        {"type": "play", "tiles": [[7, 7, "q", False]]},
        {"type": "play", "tiles": []},
        {"type": "exchange", "tiles": [*rng.sample(rack, min(len(rack), 2)), "щ", "щ"]},
        {"type": "exchange", "tiles": []},
    ]


def association_attempts(view: dict[str, object], rng: random.Random) -> list[object]:
    """Clues, lays and votes of the association game: some in the hand or on the table."""
    hand = [str(card) for card in view.get("hand", []) or ["whale-over-house"]]  # type: ignore[union-attr]
    card = rng.choice(hand)
    return [
        {"type": "tell", "card": card, "clue": rng.choice(["", "x" * 300, "Где?", "море", "\x07"])},
        {"type": "tell", "card": "no-such-card", "clue": "море"},
        {"type": "tell", "card": card, "clue": "море", "others": [card, card]},
        {"type": "tell", "card": card, "clue": "a b c", "aloud": "yes"},
        {"type": "confirm", "ok": rng.random() < 0.5},
        {"type": "confirm", "ok": "maybe"},
        {"type": "lay", "cards": rng.sample(hand, min(len(hand), rng.randint(1, 3)))},
        {"type": "lay", "cards": [card, card]},
        {"type": "lay", "cards": "x"},
        {"type": "vote", "cards": [rng.choice([0, 1, 2, 99])]},
        {"type": "vote", "cards": [1, 1]},
        {"type": "vote", "cards": [1, 2, 3, 4]},
        {"type": "vote", "cards": []},
    ]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.slow
def test_every_refusal_in_random_games_is_translated(name: str) -> None:
    """Whatever a player sends in whatever state, the refusal has a Ukrainian and a Russian text."""
    found = entry(name)
    game = found.game
    levels = found.bot_levels
    refusals: dict[str, str] = {}
    for bad in ({"pairs": -1}, {"pairs": "many"}, {"colour": "red"}, {"starter": 99}):
        try:
            Match.start(game, ["a", "b"], bad, seed=1)
        except OptionsError as error:
            refusals[error.reason] = "options"
    for seed in range(3):
        rng = random.Random(seed)
        players = [f"p{n}" for n in range(rng.randint(2, 3))]
        played = Match.start(game, players, {}, seed)
        bots = {n: found.make_bot(levels[n % len(levels)], n, seed) for n in range(len(players))}
        play_out(played, bots)
        match = Match.start(game, players, {}, seed)
        for logged in played.log:
            for seat in range(len(players)):
                for data in attempts(game.view(match.state, seat), rng):
                    try:
                        game.check(match.state, seat, game.decode_action(data))
                    except IllegalAction as error:
                        refusals[error.reason] = str(data)
            match.play(logged.seat, game.decode_action(logged.action))
    assert len(refusals) > 15
    for reason, said_to in refusals.items():
        assert isinstance(reason, Text), (reason, said_to)
        for lang in ("uk", "ru"):
            translated = translate(reason, lang)
            assert translated != reason and "{" not in translated, (reason, lang)
            assert re.search("[а-яіїєґ]", translated), (reason, lang)


def untranslated(text: object, lang: str) -> list[str]:
    """The templates of a sentence and of every sentence inside it without a translation."""
    if not isinstance(text, Text):
        return []
    missing = [] if text.template in catalogue(lang) else [text.template]
    for value in text.values.values():
        missing += untranslated(value, lang)
    return missing


@pytest.mark.parametrize("name", game_names())
@pytest.mark.slow
def test_every_sentence_and_banner_of_random_games_is_translated(name: str) -> None:
    """The move log and the banner of whole games, for each seat and a spectator, are said in
    Ukrainian and Russian: every sentence and every sentence within one (a bot's name)."""
    from igroteka.engine import events_for
    from igroteka.engine.context import context
    from igroteka.engine.narration import bot_name

    found = entry(name)
    game, narrator, levels = found.game, found.declaration.narrator, found.bot_levels
    said: list[Text] = []
    for seed in range(2):
        players = ["Ann", "Bob", "Olya"][: 2 + seed]
        chosen = [levels[n % len(levels)] for n in range(len(players))]
        names = [*players[:-1], bot_name(chosen[-1])]
        played = Match.start(game, players, {}, seed)
        play_out(played, {n: found.make_bot(chosen[n], n, seed) for n in range(len(players))})
        match = Match.start(game, players, {}, seed)
        for number, logged in enumerate(played.log, start=1):
            events = match.play(logged.seat, game.decode_action(logged.action))
            told = context(game, match.state, number)
            for seat in [None, *range(len(players))]:
                for event in events_for(events, seat):
                    sentence = narrator.narrate(event, logged.seat, names)
                    if sentence is not None:
                        said.append(sentence)
                banner = narrator.banner(game.view(match.state, seat), told, seat, names)
                said += [banner.headline] + ([banner.prompt] if banner.prompt else [])
            said += [m.explanation for e in events if (m := narrator.moment(e)) is not None]
    assert said
    for lang in ("uk", "ru"):
        assert sorted({t for text in said for t in untranslated(text, lang)}) == [], lang
