"""Bad input to the server gets an error message, changes nothing, and the server keeps serving."""

from __future__ import annotations

import json
from typing import Any

import pytest

from igroteka.i18n import Text, translate
from igroteka.store import Store
from tests.server.support import CREATORS, bot, connected, new_room, seat, server, start


def answer(ws: Any) -> Any:
    """The next message that is not news of who is here."""
    reply = ws.receive_json()
    while reply["type"] == "room":
        reply = ws.receive_json()
    return reply


def welcome_and_errors(client: Any, room: str, token: str | None, sends: list[str]) -> list[Any]:
    with connected(client, room, token) as ws:
        replies = [ws.receive_json()]
        for text in sends:
            ws.send_text(text)
            replies.append(answer(ws))
    return replies


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{not json", "bad-json"),
        ("[1, 2]", "bad-message"),
        (json.dumps({"type": "dance"}), "unknown-type"),
        ("x" * 20_000, "too-large"),
        (json.dumps({"type": "action", "action": {"type": "flip"}, "seq": 0}), "illegal"),
        (
            json.dumps({"type": "action", "action": {"type": "flip", "position": 0}, "seq": 7}),
            "bad-seq",
        ),
        (json.dumps({"type": "action", "action": {"type": "flip", "position": 0}}), "bad-seq"),
        (
            json.dumps(
                {"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0, "id": 5}
            ),
            "bad-id",
        ),
        (
            json.dumps(
                {
                    "type": "action",
                    "action": {"type": "flip", "position": 0},
                    "seq": 0,
                    "id": "x" * 65,
                }
            ),
            "bad-id",
        ),
        (json.dumps({"type": "action", "action": "flip", "seq": 0}), "illegal"),
    ],
)
def test_malformed_messages_are_answered_and_change_nothing(text: str, error: str) -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        token = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        welcome, reply = welcome_and_errors(client, room, token, [text])
        assert reply["type"] == "error" and reply["error"] == error and reply["reason"]
        assert client.get(f"/api/rooms/{room}").json()["seq"] == welcome["seq"] == 0
        ping = welcome_and_errors(client, room, token, [json.dumps({"type": "ping"})])
        assert ping[-1] == {"type": "pong"}  # still serving


def test_nobody_acts_for_another_seat_or_as_a_spectator() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        seat(client, room, 0, "Ann")
        bob = seat(client, room, 1, "Bob")
        start(client, room)
        flip = json.dumps({"type": "action", "action": {"type": "flip", "position": 0}, "seq": 0})
        assert welcome_and_errors(client, room, bob, [flip])[-1]["error"] == "not-your-turn"
        assert welcome_and_errors(client, room, None, [flip])[-1]["error"] == "spectator"
        with connected(client, room, "forged") as ws:
            assert ws.receive_json()["error"] == "bad-token"
        assert client.get(f"/api/rooms/{room}").json()["seq"] == 0


def test_asking_again_for_a_room_that_is_nowhere_does_not_ask_the_store_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A room id is drawn at random and stored before anyone hears it: an id found in no
    store stays no room's, and an id no room can have is refused without asking."""
    asked: list[str] = []
    room_of = Store.room

    def counted(store: Store, room_id: str) -> Any:
        asked.append(room_id)
        return room_of(store, room_id)

    monkeypatch.setattr(Store, "room", counted)
    with server() as client:
        for _ in range(3):
            assert client.get("/api/rooms/nowhere").json()["error"] == "no-room"
        assert client.get(f"/api/rooms/{'x' * 65}").json()["error"] == "no-room"
        assert client.get("/api/rooms/no%20room").json()["error"] == "no-room"
        room = new_room(client, "klepka", 2)
        assert client.get(f"/api/rooms/{room}").json()["id"] == room
    assert asked.count("nowhere") == 1
    assert "x" * 65 not in asked and "no room" not in asked


def test_unknown_rooms_seats_and_levels_are_refused_with_reasons() -> None:
    with server() as client:
        assert client.get("/api/rooms/nowhere").json()["error"] == "no-room"
        with connected(client, "nowhere") as ws:
            assert ws.receive_json()["error"] == "no-room"
        room = new_room(client, "letters", 2)
        reply = client.post(f"/api/rooms/{room}/seats/5", json={"name": "Ann"})
        assert reply.status_code == 404 and "no seat 6" in reply.json()["reason"]
        creator = CREATORS[room]
        reply = client.post(
            f"/api/rooms/{room}/seats/0/bot", json={"level": "genius", "token": creator}
        )
        assert reply.status_code == 400 and "genius" in reply.json()["reason"]
        seat(client, room, 0, "Ann")
        assert client.post(f"/api/rooms/{room}/seats/0", json={"name": "Bob"}).status_code == 409
        reply = client.post(f"/api/rooms/{room}/start", json={"token": creator})
        assert reply.status_code == 409 and "seat 2 is still open" in reply.json()["reason"]
        bot(client, room, 1, "easy")
        reply = client.post(
            "/api/rooms", json={"game": "letters", "players": 2, "options": {"pairs": 3}}
        )
        assert reply.status_code == 400 and "between 10 and 120" in reply.json()["reason"]
        reply = client.post("/api/rooms", json={"game": "letters", "players": 9})
        assert reply.status_code == 400 and "1 to 6" in reply.json()["reason"]


def test_a_refusal_is_given_in_the_players_language() -> None:
    """Refusals are read in the player's language: the websocket's ``lang``, switched by a
    ``lang`` message, and Accept-Language for HTTP; the game is the same in every language."""
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4, starter=0)
        ann = seat(client, room, 0, "Ann")
        seat(client, room, 1, "Bob")
        start(client, room)
        far = {"type": "action", "action": {"type": "flip", "position": 99}, "seq": 0}
        with connected(client, room, ann, "uk") as ws:
            answer(ws)
            ws.send_json({"type": "dance"})
            assert answer(ws)["reason"] == "немає повідомлень типу «dance»"
            ws.send_json(far)
            refused = answer(ws)
            assert refused["error"] == "illegal"
            assert refused["reason"] == translate(
                Text("there is no card {number} on the table", number=100), "uk"
            )
            assert refused["reason"] != "there is no card 100 on the table"
            ws.send_json({"type": "lang", "lang": "ru"})
            ws.send_json(far)
            assert answer(ws)["reason"] == translate(
                Text("there is no card {number} on the table", number=100), "ru"
            )
            ws.send_json({"type": "lang", "lang": "klingon"})
            assert answer(ws)["error"] == "bad-lang"
            ws.send_json({"type": "lang", "lang": "en"})
            ws.send_json(far)
            assert answer(ws)["reason"] == "there is no card 100 on the table"
        with connected(client, room, "forged", "ru") as ws:
            refused = ws.receive_json()
            assert refused["reason"] == "этот ключ не держит ни одного места в этой комнате"
        assert client.get(f"/api/rooms/{room}").json()["seq"] == 0
        reply = client.post(
            "/api/rooms",
            json={"game": "letters", "players": 9},
            headers={"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"},
        )
        assert reply.json()["reason"] == "у гру «Клепка: літери» грають від 1 до 6 гравців, а не 9"
        reply = client.post(
            f"/api/rooms/{room}/seats/0", json={"name": "Eve"}, headers={"Accept-Language": "ru"}
        )
        assert reply.status_code == 409 and reply.json()["reason"] == "игра началась: места заняты"


def test_open_seats_are_counted_in_each_language() -> None:
    """The plural agrees with the number of open seats."""
    with server() as client:
        room = new_room(client, "letters", 4)
        seat(client, room, 0, "Ann")
        token = CREATORS[room]
        answers = {
            lang: client.post(
                f"/api/rooms/{room}/start", json={"token": token}, headers={"Accept-Language": lang}
            ).json()["reason"]
            for lang in ("en", "uk", "ru")
        }
        assert answers == {
            "en": "seats 2, 3, 4 are still open: a person or a bot",
            "uk": "місця 2, 3, 4 ще вільні: посадіть людину або бота",
            "ru": "места 2, 3, 4 ещё свободны: посадите человека или бота",
        }
        bot(client, room, 1, "easy")
        bot(client, room, 2, "easy")
        reply = client.post(
            f"/api/rooms/{room}/start", json={"token": token}, headers={"Accept-Language": "uk"}
        )
        assert reply.json()["reason"] == "місце 4 ще вільне: посадіть людину або бота"


@pytest.mark.parametrize(
    ("path", "body", "english", "ukrainian"),
    [
        ("/api/rooms", {"game": "klepka"}, "‘players’ is missing", "бракує поля «players»"),
        (
            "/api/rooms",
            {"game": "klepka", "players": "two"},
            "‘players’ must be a whole number",
            "поле «players» має бути цілим числом",
        ),
        ("/api/rooms", "{bad", "the request is not valid JSON", "запит — не коректний JSON"),
        ("/api/rooms", "[1]", "the request must be a JSON object", "запит має бути об’єктом JSON"),
        (
            "/api/rooms/abc/seats/first",
            {"name": "Ann"},
            "‘seat’ must be a whole number",
            "поле «seat» має бути цілим числом",
        ),
    ],
)
def test_a_request_the_api_cannot_read_is_refused_with_a_reason(
    path: str, body: Any, english: str, ukrainian: str
) -> None:
    """Malformed HTTP requests get the same refusal shape as the rest, in the reader's language."""
    with server() as client:
        for lang, reason in (("en", english), ("uk", ukrainian)):
            headers = {"Accept-Language": lang, "Content-Type": "application/json"}
            text = body if isinstance(body, str) else json.dumps(body)
            reply = client.post(path, content=text, headers=headers)
            assert reply.status_code == 422
            assert reply.json()["error"] == "bad-request" and reply.json()["reason"] == reason
        assert client.get("/healthz").status_code == 200


def test_an_http_refusal_is_a_code_and_a_reason() -> None:
    """HTTP answers the documented shape; only websocket messages carry a type."""
    with server() as client:
        reply = client.get("/api/rooms/nowhere")
        assert reply.status_code == 404
        assert reply.json() == {"error": "no-room", "reason": "there is no room ‘nowhere’"}
