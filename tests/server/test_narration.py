"""The table explains itself: every update and welcome carries the banner and the narrated log
in the connection's language, built from that seat's view and the events it may see only; the
room says in the log when a bot stands in for someone, and when a turn timer ran out."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igroteka.engine import GameRecord, Match, events_for
from igroteka.engine.context import context
from igroteka.engine.narration import bot_name
from igroteka.games import entry
from igroteka.i18n import translate
from igroteka.server import Settings
from tests.server.support import (
    FAST,
    bot,
    connected,
    created,
    new_room,
    play_through,
    seat,
    server,
    start,
)

QUICK = Settings(reveal=0.0, bot=0.0, away=0.1, chosen_seeds=True, limits=FAST.limits)
GAMES = [
    ("klepka", {"pairs": 4}),
    ("letters", {"pairs": 10, "chaos": 4, "exchange": 4}),
    ("crossword", {}),
    ("associations", {"goal": 10}),
]
LANGS = {0: "uk", 1: "en", None: "ru"}


def receive_until(ws: Any, test: Callable[[dict[str, Any]], bool], most: int = 500) -> Any:
    """Messages of a websocket until one passes ``test``: that one."""
    for _ in range(most):
        message = ws.receive_json()
        if test(message):
            return message
    raise AssertionError("the message wanted never came")


def texts(message: dict[str, Any]) -> list[str]:
    return [line["text"] for line in message.get("log", [])]


def test_the_welcome_and_each_update_carry_the_banner_and_the_log_in_the_readers_language() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann, bob = seat(client, room, 0, "Аня"), seat(client, room, 1, "Bob")
        start(client, room)
        with connected(client, room, ann, "uk") as ws, connected(client, room, bob) as other:
            welcome = ws.receive_json()
            assert welcome["banner"]["headline"] == "Ваш хід"
            assert welcome["banner"]["turn"] == 0 and welcome["banner"]["deadline"] is None
            assert texts(welcome) == [
                "Аня сідає на місце 1",
                "Bob сідає на місце 2",
                "Гра почалася",
            ]
            assert other.receive_json()["banner"]["headline"] == "Аня’s turn: Аня flips a card"
            receive_until(ws, lambda m: m["type"] == "room")  # Bob came
            ws.send_json({"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0})
            update = receive_until(ws, lambda m: m["type"] == "update")
            card = update["events"][0]["card"]
            assert texts(update)[0].startswith("Аня відкриває картку 1: ")
            assert update["banner"]["headline"].startswith("Ви шукаєте") or card["kind"] == (
                "syncope"
            )
            theirs = receive_until(other, lambda m: m["type"] == "update")
            assert texts(theirs)[0].startswith("Аня flipped card 1: ")


def visible_banner_and_log(
    game: str, record: GameRecord, names: list[Any]
) -> Callable[[int, int | None, str], tuple[dict[str, Any], list[str]]]:
    """What a seat may be told after each step: the narrator fed with that seat's view and the
    events it may see, and nothing else."""
    found = entry(game)
    rules, narrator = found.game, found.declaration.narrator
    match = Match.start(rules, record.players, record.options, record.seed)
    steps: list[tuple[Any, tuple[Any, ...], int | None]] = [(match.state, (), None)]
    for logged in record.actions:
        events = match.play(logged.seat, rules.decode_action(logged.action))
        steps.append((match.state, events, logged.seat))

    def told(n: int, who: int | None, lang: str) -> tuple[dict[str, Any], list[str]]:
        state, events, by = steps[n]
        made = narrator.banner(rules.view(state, who), context(rules, state, n), who, names)
        banner = {
            "headline": translate(made.headline, lang),
            "prompt": None if made.prompt is None else translate(made.prompt, lang),
            "turn": made.turn,
            "waiting": list(made.waiting),
            "deadline": None,
        }
        lines = [narrator.narrate(event, by, names) for event in events_for(events, who)]
        return banner, [translate(line, lang) for line in lines if line is not None]

    return told


def watch(client: Any, room: str, into: list[dict[str, Any]]) -> None:
    with connected(client, room, None, LANGS[None]) as ws:
        while True:
            message = ws.receive_json()
            into.append(message)
            if (message.get("context") or {}).get("outcome") is not None:
                return


@pytest.mark.parametrize(("game", "options"), GAMES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40))
@pytest.mark.slow
def test_no_banner_or_log_line_tells_a_seat_or_a_spectator_what_its_view_may_not(
    game: str, options: dict[str, Any], seed: int
) -> None:
    """Every banner and log line sent is exactly what the narrator says from the reader's own
    view and the events that reader may see: a private event (a drawn tile, a secret card) is
    never narrated to another seat, nor to a spectator."""
    with server() as client:
        made = client.post(
            "/api/rooms", json={"game": game, "players": 3, "options": options, "seed": seed}
        )
        room = created(made)
        ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
        bot(client, room, 2, "easy")
        received: dict[int | None, list[dict[str, Any]]] = {None: []}
        watcher = threading.Thread(target=watch, args=(client, room, received[None]))
        watcher.start()
        start(client, room)
        other = threading.Thread(
            target=lambda: received.__setitem__(
                1, play_through(client, room, bob, game, "easy", lang=LANGS[1])
            )
        )
        other.start()
        received[0] = play_through(client, room, ann, game, "easy", lang=LANGS[0])
        other.join(timeout=120)
        watcher.join(timeout=120)
        record = GameRecord.from_json(client.get(f"/api/rooms/{room}/record").text)
    told = visible_banner_and_log(game, record, ["Ann", "Bob", bot_name("easy")])
    for who, messages in received.items():
        updates = [m for m in messages if m["type"] == "update"]
        assert updates, who
        for message in updates:
            banner, lines = told(message["seq"], who, LANGS[who])
            assert message["banner"] == banner, (who, message["seq"])
            assert texts(message) == lines, (who, message["seq"])


def test_a_bot_standing_in_for_someone_gone_is_said_once_and_their_return_too() -> None:
    with server(settings=QUICK) as client:
        room = new_room(client, "klepka", 2, starter=1)
        ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
        start(client, room)  # Ann is not here
        said: list[str] = []

        def update() -> dict[str, Any]:
            message = receive_until(ws, lambda m: m["type"] == "update")
            said.extend(texts(message))
            return message

        with connected(client, room, bob) as ws:
            message = ws.receive_json()
            while 1 in message["context"]["awaited"]:  # Bob flips until his turn passes
                view = message["view"]
                down = [n for n, c in enumerate(view["table"]) if c == "down"]
                action = {"type": "flip", "position": min(set(down) - set(view["tried"]))}
                ws.send_json({"type": "action", "action": action, "seq": message["seq"]})
                message = update()
                while not message["context"]["awaited"]:  # the cards turn back
                    message = update()
            while 1 not in message["context"]["awaited"]:  # Ann's stand-in plays her turn
                message = update()
            gone = "Ann left; a bot plays for them until they are back"
            assert said.count(gone) == 1
            ann_flips = [n for n, line in enumerate(said) if line.startswith("Ann flipped")]
            assert ann_flips and said.index(gone) < ann_flips[0]
            with connected(client, room, ann):
                back = receive_until(ws, lambda m: m["type"] == "room")
                assert texts(back) == ["Ann is back"]


@pytest.mark.slow
def test_a_turn_timer_running_out_is_said_before_the_bots_move() -> None:
    with server(settings=QUICK) as client:
        room = new_room(client, "klepka", 2, turn_timer=1, starter=0)
        ann, bob = seat(client, room, 0, "Ann"), seat(client, room, 1, "Bob")
        start(client, room)
        with connected(client, room, ann) as ws, connected(client, room, bob, "uk") as other:
            welcome = ws.receive_json()
            assert welcome["banner"]["deadline"] == pytest.approx(time.time() + 1, abs=1.0)
            update = receive_until(ws, lambda m: m["type"] == "update")
            assert texts(update)[0] == "Ann’s time ran out: a bot moved for them"
            assert texts(update)[1].startswith("Ann flipped card")
            theirs = receive_until(other, lambda m: m["type"] == "update")
            assert texts(theirs)[0] == "Ann: час вийшов, за гравця походив бот"


def test_the_replay_tells_each_steps_sentences_in_the_language_asked() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=3, starter=0, chain="auto")
        ann = seat(client, room, 0, "Ann")
        bot(client, room, 1, "easy")
        start(client, room)
        play_through(client, room, ann, "klepka")
        step = client.get(f"/api/rooms/{room}/replay/1", headers={"Accept-Language": "uk"})
        assert step.status_code == 200, step.text
        assert step.json()["log"][0]["text"].startswith("Ann відкриває картку ")
        assert step.json()["banner"]["headline"]
        last = client.get(f"/api/rooms/{room}/replay/{step.json()['steps']}").json()
        assert last["banner"]["headline"] == "The game is over"
        assert any("won" in line["text"] or "share" in line["text"] for line in last["log"])


def test_a_room_rebuilt_after_a_restart_welcomes_with_its_games_log(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with server(url) as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        with connected(client, room, ann) as ws:
            ws.receive_json()
            ws.send_json({"type": "action", "action": {"type": "flip", "position": 2}, "seq": 0})
            flipped = texts(receive_until(ws, lambda m: m["type"] == "update"))
    with server(url) as client, connected(client, room) as ws:
        welcome = ws.receive_json()
    assert texts(welcome)[0] == "The game started"  # the seats' lines are not kept
    assert texts(welcome)[1:] == flipped


def test_a_change_of_language_tells_the_banner_and_the_log_again_in_it() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        with connected(client, room, ann) as ws:
            assert ws.receive_json()["banner"]["headline"] == "Your turn"
            ws.send_json({"type": "lang", "lang": "ru"})
            again = receive_until(ws, lambda m: "history" in m)
            assert again["banner"]["headline"] == "Ваш ход"
            assert [line["text"] for line in again["history"]][-1] == "Игра началась"
