"""The invite a room's page hands out: on an address others can open, with its QR code."""

from __future__ import annotations

import dataclasses

from fastapi.testclient import TestClient

from tests.server.support import FAST, new_room, seat, server

PUBLIC = dataclasses.replace(FAST, public_url="https://games.school.example")
LAN = dataclasses.replace(FAST, addresses=("http://192.168.1.20:8000", "http://10.0.0.7:8000"))


def invite(client: TestClient, room: str, origin: str) -> dict[str, object]:
    response = client.get(f"/api/rooms/{room}/invite", params={"origin": origin})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_the_invite_is_on_the_public_url_whatever_address_the_page_is_at() -> None:
    with server(settings=PUBLIC) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        for page in ("http://127.0.0.1:8000", "http://localhost:8000", "http://10.1.2.3:8000"):
            answer = invite(client, room, page)
            assert answer["link"] == f"https://games.school.example/r/{room}"
            assert answer["here_only"] is False
            qr = str(answer["qr"])
            assert qr.startswith("<svg") and "<script" not in qr


def test_a_page_only_this_computer_opens_invites_on_its_network_address() -> None:
    with server(settings=LAN) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        for page in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"):
            answer = invite(client, room, page)
            assert answer["link"] == f"http://192.168.1.20:8000/r/{room}"
            assert answer["here_only"] is False
        # a page others reach already (a name on the network): its own address stands
        named = invite(client, room, "http://teacher.local:8000")
        assert named["link"] == f"http://teacher.local:8000/r/{room}"


def test_an_invite_only_this_computer_can_open_says_so() -> None:
    with server() as client:  # a server on 127.0.0.1, no public address, no network's
        room = new_room(client, "klepka", 2, pairs=4)
        answer = invite(client, room, "http://127.0.0.1:8000")
        assert answer["link"] == f"http://127.0.0.1:8000/r/{room}"
        assert answer["here_only"] is True
        other = invite(client, room, "http://192.168.1.20:8000")
        assert other["link"] == f"http://192.168.1.20:8000/r/{room}"
        assert other["here_only"] is False


def test_an_invite_without_a_pages_origin_is_on_the_address_asked() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        answer = client.get(f"/api/rooms/{room}/invite").json()
        assert answer["link"] == f"http://testserver/r/{room}"
        junk = invite(client, room, "javascript:alert(1)")
        assert junk["link"] == f"http://testserver/r/{room}"


def test_an_invite_of_no_room_or_a_too_long_origin_is_refused() -> None:
    with server() as client:
        missing = client.get("/api/rooms/nothing-here/invite")
        assert (missing.status_code, missing.json()["error"]) == (404, "no-room")
        room = new_room(client, "klepka", 2, pairs=4)
        long = client.get(f"/api/rooms/{room}/invite", params={"origin": "http://" + "a" * 300})
        assert (long.status_code, long.json()["error"]) == (422, "bad-request")
        # no origin, and an address asked of hundreds of characters: no link, a reason
        host = ".".join(letter * 60 for letter in "abcde") + ".example"
        asked = client.get(f"/api/rooms/{room}/invite", headers={"Host": host})
        assert asked.json()["error"] == "bad-request", asked.text
        assert "too long for an invite link" in asked.json()["reason"]


def test_the_move_link_too_is_on_the_public_url() -> None:
    with server(settings=PUBLIC) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        ann = seat(client, room, 0, "Ann")
        answer = client.post(
            f"/api/rooms/{room}/seats/0/move",
            json={"token": ann},
            headers={"Origin": "http://127.0.0.1:8000"},
        ).json()
        assert answer["link"] == f"https://games.school.example/r/{room}#move=0.{answer['code']}"


def test_a_page_at_the_public_url_may_open_a_websocket() -> None:
    with server(settings=PUBLIC) as client:
        room = new_room(client, "klepka", 2, pairs=4)
        headers = {"Origin": "https://games.school.example"}
        with client.websocket_connect(f"/ws/{room}", headers=headers) as ws:
            ws.send_json({"type": "join", "token": None})
            assert ws.receive_json()["type"] == "welcome"
