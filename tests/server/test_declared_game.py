"""A game declared in one place: registered by a test, it is in the API and plays through
the server with no other edit anywhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from igroteka.games import register
from tests.games import tiny
from tests.server.support import new_room, play_through, seat, server, start


@pytest.fixture
def takeaway() -> Iterator[None]:
    unregister = register(tiny.ENTRY)
    yield
    unregister()


def test_a_registered_game_is_listed_with_its_declaration(takeaway: None) -> None:
    """GET /api/games lists the new game: titles, summary, seats, bot levels and the schema of
    its options, as declared; the OpenAPI description names its options."""
    with server() as client:
        listed = {game["name"]: game for game in client.get("/api/games").json()}
        game = listed[tiny.NAME]
        assert game["title"]["uk"] == "Take-away (uk)"
        assert (game["min_players"], game["max_players"]) == (1, 4)
        assert game["bot_levels"] == ["random", "perfect"] and game["standin"] == "perfect"
        stones = next(option for option in game["options"] if option["key"] == "stones")
        assert (stones["kind"], stones["low"], stones["high"], stones["default"]) == (
            "number",
            5,
            40,
            15,
        )
        misere = next(option for option in game["options"] if option["key"] == "misere")
        assert misere["kind"] == "flag" and misere["house"] is True
        assert game["defaults"] == {"stones": 15, "take": 3, "starter": "random", "misere": False}
        described = client.get("/openapi.json").json()
        options = described["components"]["schemas"]["NewRoom"]["properties"]["options"]
        assert "takeaway: stones (5–40, 15), take (2–4, 3)" in options["description"]


def test_a_registered_game_plays_to_the_end_through_the_server(takeaway: None) -> None:
    """Two people (played by bots over websockets) finish a game of the new game, its options
    refused and accepted by its own rules."""
    with server() as client:
        refused = client.post(
            "/api/rooms", json={"game": tiny.NAME, "players": 2, "options": {"stones": 99}}
        )
        assert refused.status_code == 400
        assert refused.json()["reason"] == "stones must be between 5 and 40, not 99"
        room = new_room(client, tiny.NAME, 2, stones=9, misere=True)
        tokens = [seat(client, room, n, name) for n, name in enumerate(["Ann", "Bob"])]
        start(client, room)
        import threading

        results: list[list[dict[str, object]]] = []
        other = threading.Thread(
            target=lambda: results.append(
                play_through(client, room, tokens[1], tiny.NAME, "perfect")
            )
        )
        other.start()
        mine = play_through(client, room, tokens[0], tiny.NAME, "random")
        other.join(timeout=30)
        final = mine[-1]
        assert final["view"]["left"] == 0
        assert final["view"]["outcome"]["reason"] == "the pile is empty"
        assert client.get(f"/api/rooms/{room}").json()["finished"] is True
