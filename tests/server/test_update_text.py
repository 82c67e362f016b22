"""Each update is the message it was before its parts were encoded once for all who share
them: the same JSON values with the same keys in the same order, for every seat and every
spectator, in every language (the message is built here as the server built it before,
each part afresh for each connection, and encoded by the standard library)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from igroteka.engine import Event, Match, events_for, play_out
from igroteka.engine.context import context
from igroteka.engine.match import replay_steps
from igroteka.games import entry
from igroteka.i18n import LANGUAGES, Text, translate
from igroteka.server.authority import Authority, Connection, outcome_json
from igroteka.server.chronicle import SAID, Chronicle, banner_json, log_json

NAMES = ["Ann", "Bob", "Olya", "Taras"]
GAMES = [
    ("klepka", {"pairs": 6}),
    ("letters", {"pairs": 12, "chaos": 4, "exchange": 4}),
    ("crossword", {}),
    ("associations", {"goal": 10}),
]


def before(authority: Authority, events: tuple[Event, ...], start: int, seat: Any, lang: str):
    """The update of a seat as the server made it before: everything said afresh."""
    match, chronicle = authority.match, authority.chronicle
    told = context(match.game, match.state, authority.seq, authority.listener.deadline())
    outcome = authority.outcome()
    if outcome is not None:
        told["outcome"] = outcome_json(outcome, lang)
    view = match.view(seat)
    narrator, names = chronicle.narrator, chronicle.names
    lines, moments = [], {}
    for entry_ in chronicle.entries[start:]:
        if entry_.line is not None:
            lines.append({"seq": entry_.seq, "text": translate(entry_.line, lang)})
            continue
        for event in events_for(entry_.events, seat):
            text = narrator.narrate(event, entry_.by, names)
            if text is not None:
                lines.append({"seq": entry_.seq, "text": translate(text, lang)})
            moment = narrator.moment(event)
            if moment is not None:
                moments.setdefault(moment.rule, translate(moment.explanation, lang))
    banner = narrator.banner(view, told, seat, names)
    message = {
        "type": "update",
        "seq": authority.seq,
        "context": told,
        "view": view,
        "events": [event.to_json() for event in events_for(events, seat)],
        "banner": banner_json(banner, told["deadline"], lang),
        "log": lines,
        "moments": [{"rule": rule, "explanation": text} for rule, text in moments.items()],
    }
    return json.loads(json.dumps(message, ensure_ascii=False))


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_seat_and_spectator_is_told_what_it_was_told_before(
    game: str, options: dict[str, Any]
) -> None:
    found = entry(game)
    played = Match.start(found.game, NAMES, options, seed=3)
    play_out(played, {seat: found.make_bot("medium", seat, 3) for seat in range(4)})
    readers = [Connection(seat, lang, limit=10**6) for seat in (0, 1, 2, 3, None)
               for lang in LANGUAGES]  # fmt: skip
    twice = Connection(0, "uk", limit=10**6)  # a seat's second device
    steps = replay_steps(found.game, played.record())
    match, _ = next(steps)
    chronicle = Chronicle(found.declaration.narrator, [*NAMES[:3], Text("Bot (easy)")])
    authority = Authority("r", match, None, {*readers, twice}, None, None, chronicle)  # type: ignore[arg-type]
    chronicle.room(0, Text("The game started"))
    told = 0
    for number, (now, events) in enumerate(steps, start=1):
        start = len(chronicle.entries)
        if number % 7 == 0:
            chronicle.room(number, Text("{name} is back", name=NAMES[number % 4]))
        chronicle.game(number, now.log[-1].seat, events)
        authority.broadcast(events, start)
        for reader in readers:
            (text,) = reader.queue
            reader.queue.clear()
            said = json.loads(text)
            expected = before(authority, events, start, reader.seat, reader.lang)
            assert said == expected, (game, number, reader.seat, reader.lang)
            assert json.dumps(said) == json.dumps(expected)  # the keys in the same order
            told += 1
        (again,) = twice.queue
        twice.queue.clear()
        assert again == json.dumps(json.loads(again), ensure_ascii=False, separators=(",", ":"))
        assert json.loads(again) == before(authority, events, start, 0, "uk")
    assert told > 100


def test_a_seats_devices_and_the_spectators_share_one_encoding() -> None:
    found = entry("klepka")
    match = Match.start(found.game, NAMES[:2], {"pairs": 3}, seed=1)
    readers = [Connection(None, "ru"), Connection(None, "ru"), Connection(1, "en"),
               Connection(1, "en"), Connection(None, "en")]  # fmt: skip
    chronicle = Chronicle(found.declaration.narrator, NAMES[:2])
    authority = Authority("r", match, None, set(readers), None, None, chronicle)  # type: ignore[arg-type]
    seat = min(match.actors())
    events = match.play(seat, found.make_bot("medium", seat, 1).choose(match.view(seat)))
    chronicle.game(1, seat, events)
    authority.broadcast(events, 0)
    texts = [reader.queue[0] for reader in readers]
    assert texts[0] is texts[1] and texts[2] is texts[3]
    assert json.loads(texts[0])["view"] == json.loads(texts[4])["view"]
    assert texts[0] != texts[4]  # the same view, said in another language


def test_a_change_of_names_is_said_in_the_lines_after_it() -> None:
    narrator = entry("associations").declaration.narrator
    chronicle = Chronicle(narrator, ["Ann", "Bob"])
    chronicle.game(1, 0, (Event("voted", {"seat": 1}),))
    assert [line.text for line in chronicle.recent(None)] == ["Bob has voted"]
    chronicle.names = ["Ann", "Boris"]
    assert [line.text for line in chronicle.recent(None)] == ["Boris has voted"]
    assert [line.text for line in chronicle.recent(0)] == ["Boris has voted"]


def test_a_private_event_is_said_only_to_the_seats_that_may_see_it() -> None:
    narrator = entry("associations").declaration.narrator
    chronicle = Chronicle(narrator, ["Ann", "Bob", "Olya"])
    mine = Event("told", {"cards": [5]}, to=frozenset({0}))
    chronicle.game(
        1, 0, (mine, Event("clue", {"seat": 0, "clue": "sea", "aloud": False, "form": None}))
    )
    said = {seat: [line.text for line in chronicle.since(0, seat)] for seat in (0, 1, None)}
    assert "You laid your card face down" in said[0]
    assert "You laid your card face down" not in said[1] + said[None]
    assert said[1] == said[None] == said[0][1:]


def test_a_welcome_after_a_long_game_reads_every_line_as_the_updates_said_it() -> None:
    """The chronicle keeps the sentences of its newest entries only (SAID, so that a game's
    sentences do not pile up for the garbage collector to scan): the older ones are said
    afresh for a welcome, the same words the updates said."""
    found = entry("crossword")
    played = Match.start(found.game, NAMES, {}, seed=4)
    play_out(played, {seat: found.make_bot("easy", seat, 4) for seat in range(4)})
    chronicle = Chronicle(found.declaration.narrator, NAMES)
    told: list[Any] = []
    for number, (now, events) in enumerate(replay_steps(found.game, played.record())):
        if number == 0:
            continue
        start = len(chronicle.entries)
        chronicle.game(number, now.log[-1].seat, events)
        told.extend(log_json(chronicle.since(start, 1), "uk"))
        assert len(chronicle._said) <= SAID
    assert len(told) > 20
    assert log_json(chronicle.recent(1, count=len(told)), "uk") == told
