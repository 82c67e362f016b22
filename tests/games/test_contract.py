"""The contract every registered game keeps with the kernel, checked on each of them.

A game that passes these plugs into the platform: its options are the ones it declares,
it is deterministic, its records replay, its actions survive their JSON form, a refused
action changes nothing and says why in every language, no view tells what the seat may
not know, and bots of every level finish a game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from igroteka.engine import IllegalAction, Match, OptionsError, replay
from igroteka.engine.context import context
from igroteka.engine.declaration import Option
from igroteka.engine.record import GameRecord
from igroteka.games import entry, game_names, register
from igroteka.i18n import Text, catalogue
from tests.games import tiny

SMALL: dict[str, dict[str, Any]] = {
    "klepka": {"pairs": 5},
    "letters": {"pairs": 10},
    "associations": {"goal": 10},
}
"""Options that keep each game short enough to play many times."""


@pytest.fixture(autouse=True, scope="module")
def with_the_test_game() -> Iterator[None]:
    unregister = register(tiny.ENTRY)
    yield
    unregister()


def names() -> list[str]:
    return [*game_names(), tiny.NAME] if tiny.NAME not in game_names() else list(game_names())


def bot_game(
    name: str,
    seed: int,
    players: int = 2,
    level: str | None = None,
    options: dict[str, Any] | None = None,
) -> Match[Any, Any]:
    """A whole game of bots (of ``level``, or of every level in turn) from ``seed``, with the
    short game's options and ``options``."""
    from igroteka.engine import play_out

    found = entry(name)
    levels = found.declaration.bot_levels
    chosen = [level or levels[seat % len(levels)] for seat in range(players)]
    options = {**SMALL.get(name, {}), **(options or {})}
    match = Match.start(found.game, [f"bot:{c}" for c in chosen], options, seed)
    agents = {seat: found.make_bot(c, seat, seed) for seat, c in enumerate(chosen)}
    play_out(match, agents, max_actions=20_000)
    return match


def states_of(match: Match[Any, Any]) -> list[Any]:
    """Every state the match went through, from the first."""
    again = Match.start(match.game, match.players, match.options, match.seed)
    states = [again.state]
    for logged in match.log:
        again.play(logged.seat, match.game.decode_action(logged.action))
        states.append(again.state)
    return states


# ---------------------------------------------------------------- options


def values_refused(option: Option) -> list[Any]:
    if option.kind == "number":
        assert option.low is not None and option.high is not None
        return [option.low - 1, option.high + 1, "many", True]
    if option.kind == "choice":
        return ["no-such-choice", 1.5, None]
    if option.kind == "flag":
        return ["yes", 1]
    return []


def values_accepted(option: Option) -> list[Any]:
    if option.kind == "number":
        return [option.low, option.default]
    if option.kind == "choice":
        return [choice.value for choice in option.choices if choice.value != "own"]
    if option.kind == "flag":
        return [True, False]
    return []


@pytest.mark.parametrize("name", names())
def test_the_declared_options_are_the_ones_the_rules_accept(name: str) -> None:
    """Every value the declaration offers starts a game; every value outside it is refused
    with a reason, and the declared defaults are the rules' own."""
    found = entry(name)
    game, declared = found.game, found.declaration
    defaults = game.parse_options({})
    for option in declared.options:
        if option.key in defaults and option.kind != "number":
            assert defaults[option.key] == option.default, option.key
        for value in values_accepted(option):
            options = game.parse_options({option.key: value})
            game.setup(options, game.max_players, seed=1)
        for value in values_refused(option):
            with pytest.raises(OptionsError) as refused:
                game.parse_options({option.key: value})
            assert isinstance(refused.value.reason, Text), (option.key, value)
    with pytest.raises(OptionsError):
        game.parse_options({"no_such_option": 1})
    assert set(declared.bot_levels) >= {declared.standin}
    for lang in ("en", "uk", "ru"):
        assert declared.title[lang] and declared.summary[lang]
        assert all(option.label[lang] for option in declared.options)


@pytest.mark.parametrize("name", names())
def test_a_choice_of_the_games_language_says_its_language_so_a_page_starts_in_its_own(
    name: str,
) -> None:
    """Every choice whose value is a language code (a deck, a set of tiles) carries that
    language, and the lobby's default on a page in a language is the choice in it."""
    for option in entry(name).declaration.options:
        if option.key != "lang":
            continue
        for choice in option.choices:
            assert choice.lang == (choice.value if choice.value in ("en", "uk", "ru") else None)
            if choice.lang is not None:
                assert option.default_for(choice.lang) == choice.value


@pytest.mark.parametrize("name", names())
def test_a_game_of_words_says_the_languages_it_is_played_in(name: str) -> None:
    """A game that asks the lexicon says which languages its words are in (the lobby says it
    on its card and its form): its option's of languages, else its declaration's own."""
    declared = entry(name).declaration
    listed = declared.to_json()
    assert listed["languages"] == list(declared.words_in)
    assert set(declared.words_in) <= {"en", "uk", "ru"}
    if declared.lexicon:
        assert declared.words_in
    chooser = declared.language_option
    assert listed["language_option"] == (chooser.key if chooser else None)


@pytest.mark.parametrize("name", names())
def test_a_numbered_option_accepts_its_highest_value(name: str) -> None:
    """The highest number the lobby and the command line offer is one the rules accept
    (for a deck of enough cards)."""
    found = entry(name)
    for option in found.declaration.options:
        if option.kind == "number" and option.key != "pairs":  # pairs: a deck may have fewer
            found.game.parse_options({option.key: option.high})


# ---------------------------------------------------------------- determinism and replay


@pytest.mark.parametrize("name", names())
@pytest.mark.slow
def test_the_same_seed_and_actions_give_the_same_game(name: str) -> None:
    """A game is its options, seed and actions: the same ones give equal states throughout."""
    for seed in (1, 2):
        first, second = bot_game(name, seed), bot_game(name, seed)
        assert first.log == second.log
        game = first.game
        pairs = zip(states_of(first), states_of(second), strict=True)
        assert all(game.encode_state(a) == game.encode_state(b) for a, b in pairs)


@pytest.mark.parametrize("name", names())
def test_every_intermediate_state_replays_from_its_record(name: str) -> None:
    """A record cut after any action replays to exactly the state the game had then."""
    match = bot_game(name, 3, players=3)
    game = match.game
    states = states_of(match)
    rng = random.Random(3)
    for cut in sorted(rng.sample(range(len(match.log) + 1), min(8, len(match.log) + 1))):
        record = GameRecord(
            game.name, match.options, match.seed, match.players, tuple(match.log[:cut])
        )
        again = replay(game, GameRecord.from_json(record.to_json()))
        assert game.encode_state(again.state) == game.encode_state(states[cut])


@pytest.mark.parametrize("name", names())
def test_every_action_survives_its_json_form(name: str) -> None:
    """Decoding an action's JSON and encoding it again gives the same JSON and action."""
    match = bot_game(name, 4)
    game = match.game
    for logged in match.log:
        action = game.decode_action(logged.action)
        assert game.encode_action(action) == logged.action
        assert game.decode_action(game.encode_action(action)) == action


# ---------------------------------------------------------------- refusals


WRONG_JSON: list[Any] = [None, [], "flip", 7, {}, {"kind": "no-such-action"}]


@pytest.mark.parametrize("name", names())
def test_a_refused_action_changes_nothing_and_says_why_in_every_language(name: str) -> None:
    """Malformed actions and actions of a seat that may not act now are refused with a
    translated reason, and the state stays exactly as it was."""
    match = bot_game(name, 5, players=3)
    game = match.game
    refused = 0
    for state in states_of(match)[::3]:
        before = game.encode_state(state)
        for data in WRONG_JSON:
            with pytest.raises(IllegalAction) as error:
                game.apply(state, 0, game.decode_action(data))
            assert_translated(error.value.reason)
            refused += 1
        for logged in match.log[:20]:
            action = game.decode_action(logged.action)
            for seat in set(range(3)) - game.actors(state):
                if game.automatic(state) == (seat, action):
                    continue  # the room's own timed step is legal for its seat
                with pytest.raises(IllegalAction) as error:
                    game.apply(state, seat, action)
                assert_translated(error.value.reason)
                refused += 1
        assert game.encode_state(state) == before
    assert refused > 50


def assert_translated(reason: str) -> None:
    assert isinstance(reason, Text), reason
    for lang in ("uk", "ru"):
        assert reason.template in catalogue(lang), (lang, reason.template)


# ---------------------------------------------------------------- secrets and views


@pytest.mark.parametrize("name", names())
def test_no_view_changes_when_what_the_seat_may_not_know_is_dealt_again(name: str) -> None:
    """Every view (each seat's and a spectator's) is the same for two states that differ
    only in what that seat may not know, at every step of a game."""
    redeal = entry(name).redeal
    assert redeal is not None, f"{name}: its entry must say how to deal its secrets again"
    match = bot_game(name, 6, players=3)
    game = match.game
    for step, state in enumerate(states_of(match)):
        for seat in (None, 0, 1, 2):
            dealt = redeal(state, 100 + step, seat)
            assert game.view(state, seat) == game.view(dealt, seat), (step, seat)


@pytest.mark.parametrize("name", names())
def test_no_event_names_a_field_kind_which_would_hide_its_own_kind_on_the_wire(
    name: str,
) -> None:
    """An event goes out as its data and its kind in one object: a field named ``kind`` (a
    prize card's kind, say) would make the replay viewer and every client misread it."""
    match = bot_game(name, 9, players=3)
    again = Match.start(match.game, match.players, match.options, match.seed)
    for logged in match.log:
        for event in again.play(logged.seat, match.game.decode_action(logged.action)):
            assert "kind" not in event.data, event
            assert event.to_json()["kind"] == event.kind


@pytest.mark.parametrize("name", names())
def test_the_context_is_the_kernels_the_same_for_every_game(name: str) -> None:
    """The context beside a view says the actors, the awaited, the phase and, at the end,
    the outcome with the reason the game ended."""
    match = bot_game(name, 7)
    game = match.game
    states = states_of(match)
    for seq, state in enumerate(states):
        said = context(game, state, seq)
        assert set(said) == {"seq", "actors", "awaited", "phase", "outcome", "deadline"}
        assert set(said["awaited"]) <= set(said["actors"])
        assert said["phase"] == game.view(state, None).get("phase", said["phase"])
        assert (said["outcome"] is None) == (seq < len(states) - 1)
    final = context(game, states[-1], len(states) - 1)["outcome"]
    assert isinstance(final["reason"], Text) and final["reason"]


@pytest.mark.parametrize("name", names())
def test_what_a_choice_rests_on_can_be_compared(name: str) -> None:
    """The basis of every logged action is hashable, so a room can tell a stale choice."""
    match = bot_game(name, 8)
    game = match.game
    for state, logged in zip(states_of(match), match.log, strict=False):
        hash(game.basis(state, logged.seat, game.decode_action(logged.action)))


@pytest.mark.parametrize("name", names())
def test_a_pause_is_said_only_before_an_automatic_step_and_is_a_short_time(name: str) -> None:
    """``pause`` is None (the server's setting) or a few seconds, and only while an automatic
    step is due; a game that declares a ``reveal`` option pauses for its value."""
    declared = {option.key for option in entry(name).declaration.options}
    match = bot_game(name, 10, options={"reveal": 7} if "reveal" in declared else {})
    game = match.game
    pauses = set()
    for state in states_of(match):
        pause = game.pause(state)
        if game.automatic(state) is None:
            assert pause is None
        elif pause is not None:
            assert isinstance(pause, float) and 0 <= pause <= 60
            pauses.add(pause)
    if "reveal" in declared:
        assert pauses == {7.0}


# ---------------------------------------------------------------- bots


@pytest.mark.parametrize("name", names())
@pytest.mark.slow
def test_bots_of_every_level_finish_a_game(name: str) -> None:
    """A game between bots of one level ends, for every level the game declares."""
    found = entry(name)
    for level in found.declaration.bot_levels:
        match = bot_game(name, 9, players=2, level=level)
        assert match.outcome() is not None, level
