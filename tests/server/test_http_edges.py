"""The HTTP edge: whatever a client sends is refused as ``{error, reason}``, never a 500; a
server's own bug is a 500 that keeps the connection; every answer carries its headers."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from starlette.routing import Mount

from igroteka.server import create_app
from igroteka.server.app import UVICORN
from igroteka.server.guard import MAX_BODY, PAGE_POLICY
from tests.server.support import FAST, free_port, join, new_room, seat, server

JSON = {"Content-Type": "application/json"}


def surrogate_bodies(room: str) -> list[tuple[str, str, str]]:
    """A lone surrogate in each JSON string a client may send: (path, body, field named)."""
    return [
        ("/api/rooms", '{"game": "\\ud800", "players": 2}', "game"),
        ("/api/rooms", '{"game": "klepka", "players": 2, "options": {"pairs": "\\udfff"}}', ""),
        ("/api/rooms", '{"game": "klepka", "players": 2, "options": {"x": ["a", "\\ud83d"]}}', ""),
        ("/api/rooms", '{"game": "klepka", "players": 2, "\\udc00": 1}', ""),
        (f"/api/rooms/{room}/seats/0", '{"name": "Ann\\ud800"}', "name"),
        (f"/api/rooms/{room}/seats/1/bot", '{"level": "\\udbff"}', "level"),
        (f"/api/rooms/{room}/start", '{"token": "\\ud800"}', "token"),
        (f"/api/rooms/{room}/options", '{"token": "", "options": {"deck": "\\ud800"}}', ""),
        (f"/api/rooms/{room}/seats/0/leave", '{"token": "\\udc00"}', "token"),
    ]


def test_a_lone_surrogate_anywhere_in_a_body_is_a_bad_request_not_a_500() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        for path, body, field in surrogate_bodies(room):
            reply = client.post(path, content=body, headers=JSON)
            assert reply.status_code == 422, (path, body, reply.text)
            answer = reply.json()
            assert answer["error"] == "bad-request" and "lone surrogate" in answer["reason"]
            assert not field or f"‘{field}’" in answer["reason"]
            assert "\\ud" not in reply.text.lower()  # nothing unencodable said back
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "open"


def test_nan_and_infinity_anywhere_in_a_body_are_refused_as_not_json_and_change_nothing() -> None:
    """Rule: JSON has no NaN nor Infinity (RFC 8259); Python's reader would take them."""
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        bodies = [
            ("/api/rooms", '{"game": "klepka", "players": 2, "options": {"pairs": NaN}}'),
            ("/api/rooms", '{"game": "klepka", "players": 2, "turn_timer": Infinity}'),
            (f"/api/rooms/{room}/options", '{"token": "", "options": {"pairs": [-Infinity]}}'),
            (f"/api/rooms/{room}/seats/0", '{"name": "Ann", "x": 1e400}'),
        ]
        for path, body in bodies:
            reply = client.post(path, content=body, headers={**JSON, "Accept-Language": "uk"})
            assert reply.status_code == 422, (path, reply.text)
            assert reply.json()["error"] == "bad-request"
            assert reply.json()["reason"] == (
                "запит — не коректний JSON: NaN та Infinity — не числа JSON"
            )
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "open"
        assert len(client.get("/api/rooms").json()) == 1


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("seed", 2**53, "‘seed’ must be at most 9007199254740991"),
        ("seed", 2**64, "‘seed’ must be at most 9007199254740991"),
        ("seed", True, "‘seed’ must be a whole number"),
        ("players", "2", "‘players’ must be a whole number"),
        ("seed", -1, "‘seed’ must be at least 0"),
        ("players", 0, "‘players’ must be at least 1"),
        ("players", 10**12, "‘players’ must be at most 64"),
        ("turn_timer", 10**20, "‘turn_timer’ must be at most 3600"),
        ("private", 0, "‘private’ must be true or false"),
        ("private", "yes", "‘private’ must be true or false"),
    ],
)
def test_a_number_out_of_bounds_is_refused_naming_its_field(
    field: str, value: Any, reason: str
) -> None:
    with server() as client:
        body = {"game": "klepka", "players": 2, field: value}
        reply = client.post("/api/rooms", json=body)
        assert reply.status_code == 422 and reply.json()["reason"] == reason


def test_the_largest_seed_the_store_keeps_is_taken() -> None:
    with server() as client:
        body = {"game": "klepka", "players": 2.0, "seed": 2**53 - 1}
        assert client.post("/api/rooms", json=body).status_code == 201


def test_seats_and_steps_out_of_bounds_are_bad_requests() -> None:
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        for path in (f"/api/rooms/{room}/seats/-1", f"/api/rooms/{room}/seats/{10**30}"):
            reply = client.post(path, json={"name": "Ann"})
            assert reply.status_code == 422 and "‘seat’" in reply.json()["reason"]
        reply = client.get(f"/api/rooms/{room}/replay/{10**30}")
        assert reply.status_code == 422 and "‘step’ must be at most" in reply.json()["reason"]


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 100_000 + b"]" * 100_000,  # past Python's recursion limit
        b'{"game": "\xff\xfe"}',  # not UTF-8
    ],
)
def test_a_body_fastapi_cannot_parse_is_a_bad_request_with_a_reason(body: bytes) -> None:
    """These answered 400 ``{"detail": …}``; every refusal is ``{error, reason}``."""
    with server() as client:
        reply = client.post("/api/rooms", content=body, headers=JSON)
        assert reply.status_code == 422
        assert reply.json() == {"error": "bad-request", "reason": "the request is not valid JSON"}


def test_a_body_over_the_limit_is_too_large_and_makes_no_room() -> None:
    """Valid JSON padded past the limit would make a room if it were read whole."""
    padded = b'{"game": "klepka", "players": 2}' + b" " * (MAX_BODY + 1)
    with server() as client:
        rooms = client.app.state.rooms.rooms  # type: ignore[attr-defined]
        told = client.post("/api/rooms", content=padded, headers=JSON)
        streamed = client.post("/api/rooms", content=iter([padded]), headers=JSON)
        for reply in (told, streamed):
            assert reply.status_code == 413, reply.text
            assert reply.json() == {"error": "too-large", "reason": "a request is at most 4 MB"}
            assert reply.headers["x-frame-options"] == "DENY"
        assert "content-length" not in streamed.request.headers
        assert rooms == {}
        assert client.post("/api/rooms", json={"game": "klepka", "players": 2}).status_code == 201


def test_an_unknown_route_or_method_is_refused_in_the_readers_language() -> None:
    with server() as client:
        reply = client.get("/api/nowhere", headers={"Accept-Language": "uk"})
        assert reply.status_code == 404
        assert reply.json() == {"error": "no-route", "reason": "за цією адресою нічого немає"}
        reply = client.delete("/api/rooms")
        assert reply.status_code == 405 and reply.json()["error"] == "method"
        assert reply.headers["allow"] == "GET, POST"  # two routes: the list, and a new room
        assert client.get("/static/nothing.js").json()["error"] == "no-route"


def test_a_validation_detail_never_echoes_the_body() -> None:
    """The detail beside the reason names the problem; it does not send megabytes back."""
    with server() as client:
        reply = client.post("/api/rooms", json={"game": "x" * 100_000})
        assert reply.status_code == 422 and len(reply.content) < 2_000
        assert reply.json()["detail"][0]["loc"] == ["body", "players"]


@contextmanager
def live(app: FastAPI) -> Iterator[int]:
    """``app`` served by uvicorn in a thread, as ``igroteka serve`` serves it."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, **UVICORN)
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if running.started:
                break
            threading.Event().wait(0.01)
        yield port
    finally:
        running.should_exit = True
        thread.join(10)


def exchange(connection: socket.socket, path: str) -> tuple[int, dict[str, str], Any]:
    """One HTTP/1.1 request on an open connection, and its answer."""
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    received = b""
    while b"\r\n\r\n" not in received:
        received += connection.recv(65536)
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        body += connection.recv(65536)
    return int(lines[0].split()[1]), headers, json.loads(body)


def test_a_server_bug_is_a_500_with_a_reason_and_the_connection_stays_open(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = create_app("sqlite://", FAST)

    @app.get("/api/broken")
    async def broken() -> None:
        raise ZeroDivisionError("a bug of the server's")

    with live(app) as port, socket.create_connection(("127.0.0.1", port)) as connection:
        for _ in range(100):
            if exchange(connection, "/healthz")[0] == 200:
                break
            threading.Event().wait(0.05)
        code, headers, answer = exchange(connection, "/api/broken")
        assert code == 500 and answer["error"] == "internal" and answer["reason"]
        assert headers["x-content-type-options"] == "nosniff"
        assert exchange(connection, "/api/games")[0] == 200  # the same connection goes on
    assert "ZeroDivisionError" in capsys.readouterr().err  # a bug is still logged


EVERY = {"x-content-type-options": "nosniff", "x-frame-options": "DENY"}


def every_get_path(app: Any, room: str) -> list[str]:
    """A path to every GET route of the app (its routers' included), and to a file of each
    static folder, with the room's id (or a seat, a step, a game's name) in its parameters."""
    fill = {"{room_id}": room, "{seat}": "0", "{step}": "0", "{name}": "klepka", "{image_id}": "x"}
    paths = []
    included = [getattr(route, "original_router", None) for route in app.routes]
    routes = [r for router in included if router is not None for r in router.routes]
    for found in [*app.routes, *routes]:
        if isinstance(found, Mount):
            paths += [f"{found.path}/", f"{found.path}/index.html"]
        elif "GET" in (getattr(found, "methods", None) or ()):
            path = found.path
            for name, value in fill.items():
                path = path.replace(name, value)
            paths.append(path)
    return paths


def test_every_page_has_the_pages_policy_and_every_other_answer_one_that_runs_nothing() -> None:
    """Rule: an HTML answer, whatever route gives it (the replay's included), carries the
    pages' Content-Security-Policy, without inline script; any other answer one of its own
    or one that runs and loads nothing; every answer nosniff and no framing."""
    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        pages = 0
        for path in every_get_path(client.app, room):
            reply = client.get(path)
            assert EVERY.items() <= reply.headers.items(), path
            assert reply.headers["referrer-policy"] == "same-origin", path
            policy = reply.headers["content-security-policy"]
            if reply.headers.get("content-type", "").startswith("text/html"):
                pages += 1
                assert policy == PAGE_POLICY, path
            else:
                assert policy.startswith("default-src 'none'"), path
        assert pages >= 4  # /, /r/{id}, /r/{id}/replay, the client's index.html
        assert "frame-ancestors 'none'" in PAGE_POLICY and "script-src 'self'" in PAGE_POLICY
        assert "unsafe-inline" not in PAGE_POLICY and "unsafe-eval" not in PAGE_POLICY


def test_there_is_no_page_of_api_docs_that_would_run_a_cdns_scripts_here() -> None:
    with server() as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/redoc").status_code == 404
        assert client.get("/openapi.json").status_code == 200


def test_the_openapi_description_lists_each_routes_refusals_in_one_schema() -> None:
    with server() as client:
        schema = client.get("/openapi.json").json()
        refusal = {"$ref": "#/components/schemas/Refusal"}
        for path, methods in schema["paths"].items():
            for method, operation in methods.items():
                if not path.startswith("/api/"):
                    continue
                answers = operation["responses"]
                assert "503" in answers and "500" in answers, (method, path)
                for status, answer in answers.items():
                    if status.startswith(("4", "5")):
                        content = answer["content"]["application/json"]["schema"]
                        assert content == refusal, (method, path, status)
        room = schema["paths"]["/api/rooms/{room_id}/seats/{seat}"]["post"]["responses"]
        assert {"404", "409", "422"} <= room.keys() and "no-seat" in room["404"]["description"]


def test_a_websocket_from_another_sites_page_is_refused_with_a_reason_and_a_code() -> None:
    from starlette.websockets import WebSocketDisconnect

    with server() as client:
        room = new_room(client, "klepka", 2, pairs=4)
        seat(client, room, 0, "Ann")
        path = f"/ws/{room}?lang=uk"
        with client.websocket_connect(path, headers={"Origin": "https://evil.example"}) as ws:
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["error"] == "origin"
            assert "сервері" in refused["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        for origin in ("http://testserver", "https://testserver", None):
            headers = {"Origin": origin} if origin else {}
            with client.websocket_connect(path, headers=headers) as ws:
                join(ws)
                assert ws.receive_json()["type"] == "welcome", origin


def test_the_origins_a_server_is_given_may_open_websockets() -> None:
    from starlette.testclient import TestClient

    from igroteka.server import Settings

    origins = ("https://Games.Example.org/",)
    settings = Settings(reveal=0.0, bot=0.0, chosen_seeds=True, origins=origins)
    with TestClient(create_app("sqlite://", settings)) as client:
        for _ in range(1000):
            if client.get("/healthz").status_code == 200:
                break
        room = new_room(client, "klepka", 2, pairs=4)
        allowed = {"Origin": "https://games.example.org"}
        with client.websocket_connect(f"/ws/{room}", headers=allowed) as ws:
            join(ws)
            assert ws.receive_json()["type"] == "welcome"
        other = {"Origin": "https://games.example.org:444"}
        with client.websocket_connect(f"/ws/{room}", headers=other) as ws:
            assert ws.receive_json()["error"] == "origin"


def test_serve_takes_origins_and_refuses_what_is_no_origin() -> None:
    from igroteka.cli import UsageError, origin

    assert origin("HTTPS://Games.Example.org:8443/") == "https://games.example.org:8443"
    for wrong in ("ftp://games.example.org", "https://games.example.org/play", "games"):
        with pytest.raises(UsageError):
            origin(wrong)
