"""Game records: saved, read back, replayed exactly; a cut or edited record is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from igroteka.engine import GameRecord, Match, OptionsError, RecordError, codec, play_out, replay
from igroteka.games import get_game, versions
from igroteka.games.klepka.bots import make_bot


def finished_match(seed: int = 4) -> Match[Any, Any]:
    match: Match[Any, Any] = Match.start(
        get_game("klepka"), ["bot:easy", "bot:hard"], {"pairs": 6}, seed
    )
    play_out(match, {0: make_bot("easy", 0, seed), 1: make_bot("hard", 1, seed)})
    return match


def test_a_record_saves_to_json_and_replays_into_the_same_game() -> None:
    match = finished_match()
    text = match.record().to_json()
    record = GameRecord.from_json(text)
    assert record == match.record()
    again = replay(get_game("klepka"), record)
    assert again.state == match.state and again.outcome() == match.outcome()


def test_a_record_that_was_cut_short_is_refused() -> None:
    text = finished_match().record().to_json()
    with pytest.raises(RecordError, match="cut short"):
        GameRecord.from_json(text[: len(text) // 2])


def test_an_edited_record_is_refused() -> None:
    data = json.loads(finished_match().record().to_json())
    data["actions"][3]["action"]["position"] = 0
    with pytest.raises(RecordError, match="edited"):
        GameRecord.from_json(json.dumps(data))


def test_a_record_with_an_illegal_action_is_refused_even_with_a_good_checksum() -> None:
    match = finished_match()
    record = match.record()
    bad = GameRecord(record.game, record.options, record.seed, record.players, record.actions[:-1])
    truncated = GameRecord.from_json(bad.to_json())
    assert replay(get_game("klepka"), truncated).outcome() is None  # a game not yet finished
    first = record.actions[0]
    doubled = GameRecord(record.game, record.options, record.seed, record.players, (first, first))
    with pytest.raises(RecordError, match="action 2 of the record"):
        replay(get_game("klepka"), doubled)


def test_something_that_is_not_a_record_is_refused() -> None:
    with pytest.raises(RecordError, match="not an Igroteka game record"):
        GameRecord.from_json('{"hello": "world"}')


def test_a_match_needs_a_player_count_the_game_allows() -> None:
    with pytest.raises(OptionsError, match="1 to 6 players"):
        Match.start(get_game("klepka"), [f"p{i}" for i in range(7)], {}, 0)


def test_a_record_says_which_rules_and_lexicon_it_was_played_with() -> None:
    """A record keeps the versions its game was played with: the rules', and the lexicon's
    for a game that asks the lexicon."""
    klepka = GameRecord.from_json(finished_match().record().to_json())
    assert klepka.versions == {"rules": get_game("klepka").version}
    letters = Match.start(get_game("letters"), ["A", "B"], {}, 1, versions("letters"))
    saved = GameRecord.from_json(letters.record().to_json())
    assert saved.versions["rules"] == get_game("letters").version
    assert saved.versions["lexicon"] == versions("letters")["lexicon"]


def test_a_record_of_the_first_format_without_versions_is_still_read() -> None:
    """Records saved before versions were kept (format 1) replay as before."""
    match = finished_match()
    body = match.record().body()
    del body["versions"]
    body["version"] = 1
    text = json.dumps({**body, "checksum": codec.digest(body)})
    record = GameRecord.from_json(text)
    assert record.versions == {}
    assert replay(get_game("klepka"), record).outcome() == match.outcome()


def test_a_record_that_no_longer_replays_says_what_changed_since() -> None:
    """After an update a record whose action the rules now refuse names the versions it was
    played with beside today's, so the player knows why."""
    record = finished_match().record()
    first = record.actions[0]
    old = GameRecord(
        record.game, record.options, record.seed, record.players, (first, first), {"rules": 0}
    )
    now = get_game("klepka").version
    with pytest.raises(RecordError, match=rf"it was played with rules 0 \(now {now}\)"):
        replay(get_game("klepka"), old, versions("klepka"))
