"""The ``check`` message: would an action be accepted now? The rules judge it, nothing changes
(docs/protocol.md). The web's chain builder asks it as each link is placed."""

from __future__ import annotations

from typing import Any

from igroteka.games.klepka.rules import Kind, KlepkaGame
from igroteka.i18n import Text, translate
from tests.server.support import connected, new_room, seat, server, start

DECK = {
    "name": "Test",
    "lang": "en",
    "pairs": [["cat", "🐈"], ["tiger", "🐅"], ["rat", "🐀"], ["egg", "🥚"]],
}
OPTIONS: dict[str, Any] = {"deck": DECK, "pairs": 4, "syncopes": 1}


def answer(ws: Any) -> dict[str, Any]:
    """The next message that is not news of who is here."""
    while True:
        reply: dict[str, Any] = ws.receive_json()
        if reply["type"] != "room":
            return reply


def clear_the_table(ws: Any, seq: int) -> int:
    """Take every pair, word then picture, and last the lone Syncope (the layout of seed 5,
    the seed of every test room): the seq once the chains are to be built."""
    game = KlepkaGame()
    state = game.setup(game.parse_options(OPTIONS), 1, seed=5)
    order: list[int] = []
    for pair in range(len(DECK["pairs"])):
        for kind in (Kind.WORD, Kind.PICTURE):
            order += [p for p, c in enumerate(state.cards) if c.pair == pair and c.kind == kind]
    order += [p for p, c in enumerate(state.cards) if c.kind == Kind.SYNCOPE]
    for position in order:
        action = {"type": "flip", "position": position}
        ws.send_json({"type": "action", "action": action, "seq": seq, "id": str(position)})
        while (reply := answer(ws))["type"] != "ack":
            assert reply["type"] == "update", reply
        seq = reply["seq"]
    return seq


def check(ws: Any, links: list[str], check_id: str = "c") -> dict[str, Any]:
    ws.send_json({"type": "check", "action": {"type": "chain", "links": links}, "id": check_id})
    return answer(ws)


def test_a_chain_is_checked_link_by_link_without_being_played() -> None:
    with server() as client:
        room = new_room(client, "klepka", 1, **OPTIONS)
        token = seat(client, room, 0, "Ann")
        start(client, room)
        with connected(client, room, token, lang="uk") as ws:
            seq = clear_the_table(ws, answer(ws)["seq"])
            assert check(ws, ["tiger"], "1") == {"type": "checked", "id": "1", "ok": True}
            assert check(ws, ["tiger", "rat"], "2")["ok"] is True
            broken = check(ws, ["tiger", "rat", "cat"], "3")
            assert broken["ok"] is False and broken["detail"] == {"link": 2}
            said = Text(
                "‘{previous}’ ends with {end}, ‘{word}’ starts with {start}",
                previous="rat",
                end="t",
                word="cat",
                start="c",
            )
            assert broken["reason"] == translate(said, "uk") != str(said)  # in Ann's language
            syncope = check(ws, ["tiger", "rat", "SYNCOPE", "egg"], "4")
            assert syncope["ok"] is False and syncope["detail"] == {"link": 3}
            assert check(ws, ["tiger", "rat", "SYNCOPE", "tiger"], "5")["detail"] == {"link": 3}
            assert check(ws, ["tiger", "rat", "SYNCOPE", "tiger", "SYNCOPE"], "6")["ok"] is False
            # nothing changed: the chain is still to be built, and is built now
            chain = {"type": "chain", "links": ["cat", "tiger", "rat"]}
            ws.send_json({"type": "action", "action": chain, "seq": seq, "id": "chain"})
            assert answer(ws)["type"] == "update"
            assert answer(ws)["type"] == "ack"
            assert check(ws, ["tiger"])["error"] == "over"


def test_a_check_needs_an_id_a_seat_and_a_game_that_has_started() -> None:
    with server() as client:
        room = new_room(client, "klepka", 1, **OPTIONS)
        token = seat(client, room, 0, "Ann")
        with connected(client, room, token) as ws:
            answer(ws)
            assert check(ws, ["tiger"])["error"] == "not-started"
        start(client, room)
        with connected(client, room, token) as ws:
            answer(ws)
            ws.send_json({"type": "check", "action": {"type": "flip", "position": 0}})
            assert answer(ws)["error"] == "bad-id"
            flip = {"type": "check", "action": {"type": "flip", "position": 99}, "id": "x"}
            ws.send_json(flip)
            refused = answer(ws)
            assert (
                refused["ok"] is False and refused["reason"] == "there is no card 100 on the table"
            )
            ws.send_json({"type": "check", "action": {"type": "dance"}, "id": "y"})
            assert answer(ws)["ok"] is False
        with connected(client, room) as ws:
            answer(ws)
            assert check(ws, ["tiger"])["error"] == "spectator"
