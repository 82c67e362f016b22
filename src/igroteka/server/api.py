"""The HTTP API's shapes: the bodies it reads, the answers it gives, its refusals as the
OpenAPI description says them, and what a request FastAPI could not read is told back.

Every router (:mod:`igroteka.server.routes`) speaks in these; nothing here holds state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import Path, Request
from fastapi.encoders import jsonable_encoder
from pydantic import BaseModel, BeforeValidator, Field, StrictBool, model_validator
from pydantic_core import PydanticCustomError

from igroteka.games import entry, game_names
from igroteka.guides import has_guide
from igroteka.i18n import Text
from igroteka.server.errors import STATUS
from igroteka.server.frames import not_a_number_at, printable, scrub, surrogate_at

MAX_SEATS = 64
"""The most seats a request may name (each game allows far fewer, and says so)."""
MAX_STEP = 1_000_000
"""The furthest replay step a request may name."""
MAX_SEED = 2**53 - 1
"""The largest seed: one every JSON reader holds exactly (a JavaScript number; a bound of
2**63 - 1 became a float on the way through JSON Schema tools), and well inside the store's
signed 64-bit column. The seeds the server draws have 48 bits."""


def _json_number(value: Any) -> Any:
    """A whole number as JSON has it: a number (``2`` or ``2.0``), never ``true`` nor ``"2"``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


Whole = Annotated[int, BeforeValidator(_json_number)]


class Body(BaseModel):
    """A request's JSON body. No string in it, a key included, may hold a lone surrogate
    (``"\\ud800"``): it could never be stored nor said back as UTF-8; no number may be NaN
    or Infinity, which JSON has no way to write (Python's reader takes them)."""

    @model_validator(mode="before")
    @classmethod
    def json_only(cls, data: Any) -> Any:
        where = surrogate_at(data)
        if where is not None:
            raise PydanticCustomError(
                "lone_surrogate", "a lone surrogate in {field}", {"field": where}
            )
        where = not_a_number_at(data)
        if where is not None:
            raise PydanticCustomError(
                "not_a_number", "NaN or Infinity in {field}", {"field": where}
            )
        return data


class NewRoom(Body):
    game: str = Field(description="the game's name, as GET /api/games lists them")
    players: Whole = Field(ge=1, le=MAX_SEATS, description="how many seats")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seed: Annotated[int, Field(ge=0, le=MAX_SEED), BeforeValidator(_json_number)] | None = Field(
        default=None,
        description="a chosen seed: refused unless the server allows them (serve --chosen-seeds)",
    )
    turn_timer: Annotated[int, Field(ge=1, le=3600), BeforeValidator(_json_number)] | None = Field(
        default=None, description="seconds a player has for each action, then a bot plays it"
    )
    private: StrictBool = Field(
        default=False,
        description="reachable only by its link: not listed by GET /api/rooms",
    )


class TakeSeat(Body):
    name: str = Field(description="the player's name, as the others will see it")
    avatar: str = Field(
        default="", description="one of the room's `avatars` (empty: the seat's default)"
    )


class HeldSeat(Body):
    token: str = Field(default="", description="the seat's token")


class Rematch(Body):
    token: str = Field(
        default="", description="a seat's token of the finished game, or its creator token"
    )


class ClaimSeat(Body):
    code: str = Field(description="the one-time code POST …/move answered the seat's holder")


class BotSeat(Body):
    level: str = Field(description="one of the game's bot levels")
    token: str = Field(default="", description="the room's creator token")


class Start(Body):
    token: str = Field(default="", description="the room's creator token")


class NewOptions(Body):
    token: str = Field(default="", description="the room's creator token")
    options: dict[str, Any] = Field(description="the game's options, as when the room was made")


class LeaveSeat(Body):
    token: str = Field(
        default="",
        description="the seat's token (leave it), or the room's creator token (free it)",
    )


class Refusal(BaseModel):
    """A refused request: nothing changed."""

    error: str = Field(description="the refusal's code (docs/protocol.md lists them)")
    reason: str = Field(description="why, in the language of Accept-Language")
    lang: str | None = Field(
        default=None, description="preparing, no-dictionary: the language whose dictionary"
    )
    progress: float | None = Field(
        default=None, description="preparing: how far its dictionary is, from 0 to 1"
    )


def refusals(*codes: str) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI answers of a route that may refuse with ``codes``: each status once, with
    its codes, in the one :class:`Refusal` schema. Every API route may answer ``starting``
    (503) and ``internal`` (500)."""
    by_status: dict[int, list[str]] = {}
    for code in (*codes, "starting", "internal"):
        by_status.setdefault(STATUS[code], []).append(code)
    return {
        number: {"model": Refusal, "description": "refused: " + ", ".join(found)}
        for number, found in sorted(by_status.items())
    }


WORDS = ("preparing", "no-dictionary")
"""The refusals of what needs a word game's dictionary (server/dictionaries.py)."""
ROOM = ("no-room", "gone", *WORDS)
"""The refusals of any route that names a room (a stored word game waits for its dictionary)."""
SEAT = (*ROOM, "bad-request", "no-seat", "taken", "started", "too-many-seat-requests")
"""... and a seat in it."""
FINISHED = (*ROOM, "not-started", "not-over")
"""... and its finished game."""
HELD = ("too-many-seat-requests",)
"""The refusals of a request that holds a room's token (limits.py ``Guard.holding``)."""


def refusals_in(schema: dict[str, Any]) -> None:
    """FastAPI's own 422 of a route with parameters, described as the refusal it is."""
    framework = {"$ref": "#/components/schemas/HTTPValidationError"}
    refusal = {"$ref": "#/components/schemas/Refusal"}
    for operation in (op for path in schema["paths"].values() for op in path.values()):
        answer = operation["responses"].get("422")
        if answer and answer["content"]["application/json"]["schema"] == framework:
            answer["description"] = "refused: bad-request"
            answer["content"]["application/json"]["schema"] = refusal
    for unused in ("HTTPValidationError", "ValidationError"):
        schema["components"]["schemas"].pop(unused, None)


Seat = Annotated[int, Path(ge=0, le=MAX_SEATS - 1, description="the seat, numbered from 0")]
Step = Annotated[int, Path(ge=0, le=MAX_STEP, description="how many actions in")]


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="keep it: it holds the seat, and nobody acts without it")


class MoveCode(BaseModel):
    seat: int
    code: str = Field(description="one-time: the other device claims the seat with it")
    expires: int = Field(description="seconds it lasts")
    link: str | None = Field(description="the link to open there (on the request's Origin)")
    qr: str | None = Field(description="the link as a QR code, an SVG document")


class Invite(BaseModel):
    link: str = Field(
        description="the room's link to hand out: on the server's public address "
        "(serve --public-url), else on the page's own, or on this machine's network address "
        "when only this machine can open the page's (127.0.0.1)"
    )
    qr: str = Field(description="the link as a QR code, an SVG document")
    here_only: bool = Field(
        description="only this machine can open the link (localhost, 127.x, ::1): nobody "
        "else can join by it"
    )


class OpenRoom(BaseModel):
    id: str
    game: str
    players: int = Field(description="how many seats")
    taken: int = Field(description="how many are held (a person or a bot)")
    age: int = Field(description="seconds since it was made")
    turn_timer: int | None
    invite: str


def game_listing(name: str) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it: its declaration, its seats and its defaults."""
    found = entry(name)
    return {
        **found.declaration.to_json(),
        "min_players": found.game.min_players,
        "max_players": found.game.max_players,
        "defaults": found.game.parse_options({}),
        "guide": has_guide(name),
    }


def options_description() -> str:
    """The OpenAPI description of a room's options: every game's, from its declaration."""
    lines = ["The game's options (GET /api/games lists them). By game:"]
    for name in game_names():
        declared = entry(name).declaration
        fields = []
        for option in declared.options:
            if option.kind == "number":
                fields.append(f"{option.key} ({option.low}–{option.high}, {option.default})")
            elif option.kind == "choice":
                values = "|".join(c.value for c in option.choices) + (
                    "|seat" if option.seat else ""
                )
                fields.append(f"{option.key} ({values}, {option.default})")
            else:
                fields.append(f"{option.key} ({option.kind})")
        lines.append(f"{name}: {', '.join(fields) or 'none'}")
    return "\n".join(lines)


def address(request: Request) -> str:
    """Whose request it is, for the per-address limits: the client's host (behind a proxy,
    the proxy's, unless uvicorn is told to trust its X-Forwarded-For: see limits.py)."""
    return request.client.host if request.client else ""


def invalid(errors: Sequence[Any]) -> Text:
    """What is wrong with a request FastAPI could not read, from the first of its errors."""
    first = errors[0] if errors else {}
    kind = str(first.get("type", ""))
    bounds = first.get("ctx") or {}
    field = ".".join(str(part) for part in first.get("loc", ())[1:])
    if kind == "json_invalid":
        return Text("the request is not valid JSON")
    if kind == "lone_surrogate":
        return _surrogate(bounds.get("field"))
    if kind == "not_a_number":
        return Text("the request is not valid JSON: NaN and Infinity are not numbers of JSON")
    if not field:
        return Text("the request must be a JSON object")
    if kind == "greater_than_equal":
        return Text("‘{field}’ must be at least {low}", field=field, low=bounds.get("ge"))
    if kind == "less_than_equal":
        return Text("‘{field}’ must be at most {high}", field=field, high=bounds.get("le"))
    if kind == "missing":
        return Text("‘{field}’ is missing", field=field)
    if kind.startswith("int_"):
        return Text("‘{field}’ must be a whole number", field=field)
    if kind.startswith("string_"):
        return Text("‘{field}’ must be text", field=field)
    if kind.startswith(("dict_", "model_")):
        return Text("‘{field}’ must be a JSON object", field=field)
    if kind.startswith("bool_"):
        return Text("‘{field}’ must be true or false", field=field)
    return Text("‘{field}’ is not valid here", field=field)


def _surrogate(where: Any) -> Text:
    """A body with a lone surrogate: where it is, when that can be quoted back."""
    field = printable(where, 64) if where else None
    if field is None:
        return Text("the request holds a lone surrogate: its text must be Unicode")
    return Text("‘{field}’ holds a lone surrogate: its text must be Unicode", field=field)


def detail(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """FastAPI's errors, fit to be sent back: without the input they quote (a body of up to
    megabytes, or a lone surrogate that cannot be written as UTF-8)."""
    cleaned = [{k: v for k, v in error.items() if k != "input"} for error in errors]
    return list(scrub(jsonable_encoder(cleaned)))
