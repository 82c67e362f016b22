"""The crossword game through the web client: people and a bot on the board (Playwright).

The words laid are found by the server's own move generator on the seat's view (read through a
websocket of the seat's token), so a test never guesses a word; the score the page previews is
compared with the score the server then records.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from igroteka.games.crossword import movegen
from igroteka.games.crossword.board import Board, Tile, premiums, tile_set
from igroteka.games.crossword.rules import accepted
from igroteka.games.crossword.score import placement_problem, words
from tests.server.support import free_port, join, running
from tests.web.test_browser import browser  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def view_of(port: int, room: str, token: str) -> dict[str, Any]:
    """A seat's view as the server tells it, through a websocket of its own."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{port}/ws/{room}") as socket:
        join(socket, token)
        welcome = json.loads(socket.recv(timeout=10))
    view: dict[str, Any] = welcome["view"]
    return view


def tokens(page: Any, room: str) -> dict[int, str]:
    held = page.evaluate(f"localStorage.getItem('igroteka.room.{room}')")
    return {int(seat): token for seat, token in json.loads(held).items()}


def has_a_play(view: dict[str, Any]) -> bool:
    """Whether :func:`a_play` finds a play of the seat's rack."""
    try:
        a_play(view)
    except AssertionError:
        return False
    return True


def a_play(view: dict[str, Any], most: int = 4) -> movegen.Play:
    """A play of the seat's rack: without a blank if there is one, else one whose blanks stand
    for letters the rack lacks (typing a letter takes a rack tile first, then a blank)."""
    rack = "".join(view["rack"])
    found = movegen.plays(Board(tuple(view["board"])), rack, "ru")
    plain = [play for play in found if not any(tile.blank for tile in play.tiles)]
    typed = [
        play for play in found if all(tile.letter not in rack for tile in play.tiles if tile.blank)
    ]
    chosen = plain or typed
    assert chosen, f"no play for {rack}"
    short = [play for play in chosen if len(play.tiles) <= most] or chosen
    return max(short, key=lambda play: (play.score, [tile.cell for tile in play.tiles]))


def box(page: Any, selector: str) -> dict[str, float]:
    """Where an element is, once the page has drawn it (a redraw may replace it meanwhile)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = page.locator(selector).first.bounding_box()
        if found is not None:
            return dict(found)
        time.sleep(0.05)
    raise AssertionError(f"{selector} is not on the page")


def pick_blank(page: Any, tile: Tile) -> None:
    """A blank laid asks for its letter."""
    if tile.blank:
        page.click(f".cw-ask .cw-letters button[data-letter='{tile.letter}']")


def a_non_word(view: dict[str, Any]) -> tuple[Tile, list[str]]:
    """One rack tile beside the board's letters that makes a run the crossword does not accept."""
    board = Board(tuple(view["board"]))
    letters = sorted({tile for tile in view["rack"] if tile != "*"})
    for row, col in sorted(board.filled()):
        for r, c in ((row, col + 1), (row + 1, col), (row, col - 1), (row - 1, col)):
            for letter in letters:
                tile = Tile(r, c, letter)
                if placement_problem(board, (tile,)) is not None:
                    continue
                made = words(board, (tile,), tile_set("ru"), premiums())
                refused = [word.text for word in made if not accepted(word.text, "ru")]
                if refused:
                    return tile, refused
    raise AssertionError("every tile of the rack makes a word somewhere")


def cell(tile: Tile) -> str:
    return f".cw-cell[data-row='{tile.row}'][data-col='{tile.col}']"


def rack_tile(letter: str) -> str:
    return f".cw-rack .cw-tile[data-letter='{letter}'] >> nth=0"


def shown_rack(page: Any) -> list[str]:
    return sorted(
        tile.get_attribute("data-letter") for tile in page.query_selector_all(".cw-rack .cw-tile")
    )


def preview_total(page: Any) -> int:
    return int(page.get_attribute(".cw-total-score", "data-score"))


def recorded(port: int, room: str, token: str, before: int) -> dict[str, Any]:
    """The turn the server records after ``before`` turns (waiting for it)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        turns = view_of(port, room, token)["turns"]
        if len(turns) > before:
            turn: dict[str, Any] = turns[before]
            return turn
        time.sleep(0.1)
    raise AssertionError("the turn was not recorded")


def fits(page: Any) -> None:
    """No horizontal scroll; on a desktop, the board, the rack and Play in sight at once."""
    width = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width[0] <= width[1], f"a horizontal scroll: {width}"
    viewport = page.viewport_size
    if viewport == DESKTOP:
        for selector in (".cw-board", ".cw-rack", ".cw-play"):
            box = page.locator(selector).first.bounding_box()  # found afresh
            assert box["x"] >= 0 and box["y"] >= 0, selector
            assert box["x"] + box["width"] <= viewport["width"], selector
            assert box["y"] + box["height"] <= viewport["height"], selector


def lay_by_tapping(page: Any, play: movegen.Play) -> None:
    for tile in play.tiles:
        page.click(rack_tile(tile.rack_tile))
        page.click(cell(tile))
        pick_blank(page, tile)


def lay_by_typing(page: Any, play: movegen.Play) -> None:
    tiles = sorted(play.tiles, key=lambda tile: tile.cell)
    page.click(cell(tiles[0]))  # across
    if len(tiles) > 1 and tiles[0].row != tiles[1].row:
        page.click(cell(tiles[0]))  # again: down
    page.keyboard.type("".join(tile.letter for tile in tiles))


def lay_by_dragging(page: Any, play: movegen.Play) -> None:
    for tile in play.tiles:
        start = box(page, rack_tile(tile.rack_tile))
        end = box(page, cell(tile))
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
        page.mouse.up()
        pick_blank(page, tile)


def play_and_check(
    page: Any, port: int, room: str, token: str, lay: Callable[[Any, movegen.Play], None]
) -> None:
    """Lay a word of the rack; the preview says the server's score, then the server records it."""
    view = view_of(port, room, token)
    play = a_play(view)
    lay(page, play)
    shown = [item.inner_text() for item in page.query_selector_all(".cw-words li")]
    assert sorted(shown) == sorted(f"{word.upper()} {score}" for word, score in play.words)
    assert preview_total(page) == play.score
    page.click(".cw-play")
    turn = recorded(port, room, token, len(view["turns"]))
    assert turn["kind"] == "play" and turn["score"] == play.score
    assert sorted(list(word) for word in play.words) == sorted(turn["words"])


def whose_turn(pages: list[Any], limit: float = 60) -> Any:
    """The page whose turn it is (waiting while the bot plays)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for page in pages:
            if page.query_selector(".game[data-my-turn='yes'] .cw-play"):
                return page
        time.sleep(0.05)
    raise AssertionError("nobody's turn came")


def test_two_people_and_a_bot_lay_words_exchange_and_pass(browser: Any, tmp_path: Any) -> None:  # noqa: F811
    port = free_port()
    with running(tmp_path / "games.db", port, bot=0.05):
        base = f"http://127.0.0.1:{port}"
        ann = browser.new_context(locale="ru-RU", viewport=DESKTOP).new_page()
        bob = browser.new_context(locale="ru-RU", viewport=PHONE).new_page()
        frames: list[str] = []

        def listen(socket: Any) -> None:
            socket.on("framereceived", lambda frame: frames.append(frame))

        bob.on("websocket", listen)
        ann.goto(base + "/")
        ann.wait_for_selector("#new-game")
        ann.click(".game-card[data-game=crossword]")
        ann.fill("#players", "3")
        ann.select_option("#option-lang", "ru")
        ann.click("#new-game button[type=submit]")
        ann.wait_for_selector(".seats")
        room = ann.url.rsplit("/", 1)[1]
        ann.fill(".seat-open input >> nth=0", "Аня")
        ann.click(".seat-open .seat-actions button >> nth=0")
        ann.wait_for_selector("text=Аня (вы)")
        bob.goto(ann.get_attribute(".invite a", "href"))
        bob.wait_for_selector(".seat-open")
        bob.fill(".seat-open input >> nth=0", "Боря")
        bob.click(".seat-open .seat-actions button >> nth=0")
        bob.wait_for_selector("text=Боря (вы)")
        ann.wait_for_selector(".seat-open select")
        ann.select_option(".seat-open select", "easy")
        ann.click(".seat-open .seat-actions button >> nth=1")
        ann.wait_for_selector("button.primary:not([disabled])")
        ann.click("button.primary")
        seat_of = {id(ann): 0, id(bob): 1}
        token = {0: tokens(ann, room)[0], 1: tokens(bob, room)[1]}

        def act(page: Any, step: str) -> None:
            seat = seat_of[id(page)]
            fits(page)
            assert shown_rack(page) == sorted(view_of(port, room, token[seat])["rack"])
            if step == "tap":
                play_and_check(page, port, room, token[seat], lay_by_tapping)
            elif step == "type":
                view = view_of(port, room, token[seat])
                tile, refused = a_non_word(view)
                page.click(rack_tile(tile.letter))
                page.click(cell(tile))
                page.click(".cw-play")
                page.wait_for_selector(".cw-refusal")
                said = page.inner_text(".cw-refusal")
                assert any(word in said.lower() for word in refused), said
                time.sleep(0.5)
                assert page.inner_text(".cw-refusal") == said  # it stays beside the board
                page.keyboard.press("Escape")  # the next change: the tile goes back
                assert not page.query_selector(".cw-refusal") and not page.query_selector(".cw-new")
                play_and_check(page, port, room, token[seat], lay_by_typing)
            elif step == "exchange":
                before = len(view_of(port, room, token[seat])["turns"])
                page.click(".cw-exchange")
                page.click(".cw-rack .cw-tile >> nth=0")
                page.click(".cw-rack .cw-tile >> nth=1")
                page.click(".cw-exchange-confirm")
                turn = recorded(port, room, token[seat], before)
                assert turn["kind"] == "exchange" and turn["tiles"] == 2
            else:
                before = len(view_of(port, room, token[seat])["turns"])
                page.click(".cw-pass")
                page.click(".cw-pass-confirm")
                assert recorded(port, room, token[seat], before)["kind"] == "pass"

        steps = ["tap", "type", "exchange", "pass"]
        while steps:
            page = whose_turn([ann, bob])
            view = view_of(port, room, token[seat_of[id(page)]])
            # the server draws the seed, and a rack of consonants alone makes no word: a play
            # waits for a rack that makes one, an exchange or a pass going first (and while
            # only plays are left, an extra exchange draws new tiles)
            ready = [s for s in steps if s in ("exchange", "pass") or has_a_play(view)]
            step = ready[0] if ready else "exchange"
            if ready:
                steps.remove(step)
            act(page, step)
            page.wait_for_selector(".game[data-my-turn='no']")
        for page in (ann, bob):
            page.wait_for_selector(".cw-turn-pass")
            log = page.inner_text(".cw-log")
            assert "поменяно фишек: 2" in log and "пропуск" in log
        assert not bob.query_selector(".cw-rack .cw-tile") or shown_rack(bob) == sorted(
            view_of(port, room, token[1])["rack"]
        )
        views = [json.loads(frame)["view"] for frame in frames if '"view"' in frame]
        views = [view for view in views if view]
        assert views and all(view["seat"] == 1 and "racks_left" not in view for view in views)
        for frame in frames:  # what Ann changed is hers alone
            for event in json.loads(frame).get("events", []):
                assert event["kind"] != "exchanged" or event["seat"] == 1
        ann.screenshot(path="/tmp/crossword-desktop.png")
        bob.screenshot(path="/tmp/crossword-phone.png", full_page=True)


def test_hot_seat_hands_the_device_over_and_shows_one_rack(browser: Any, tmp_path: Any) -> None:  # noqa: F811
    """Two people at one tab: after a turn, a hand-over screen, then the other's rack alone; a
    word is laid by dragging the tiles."""
    port = free_port()
    with running(tmp_path / "games.db", port, bot=0.05):
        page = browser.new_context(locale="ru-RU", viewport=DESKTOP).new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("#new-game")
        page.click(".game-card[data-game=crossword]")
        page.fill("#players", "2")
        page.click("#new-game button[type=submit]")
        page.wait_for_selector(".seats")
        room = page.url.rsplit("/", 1)[1]
        for name in ("Аня", "Боря"):
            page.wait_for_selector(".seat-open")
            page.fill(".seat-open input >> nth=0", name)
            page.click(".seat-open .seat-actions button >> nth=0")
            page.wait_for_selector(f"text={name} (вы)")
        page.click("button.primary")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-play")
        held = tokens(page, room)
        views = {seat: view_of(port, room, token) for seat, token in held.items()}
        first = views[0]["turn"]
        other = 1 - first
        names = {0: "Аня", 1: "Боря"}
        assert shown_rack(page) == sorted(views[first]["rack"])
        # the server draws the seed: the word is laid by the second if its rack makes one (a
        # rack of consonants alone makes none), else by the first, and the other passes
        second_lays = has_a_play(views[other])
        if second_lays:
            page.click(".cw-pass")
            page.click(".cw-pass-confirm")
        else:
            play_and_check(page, port, room, held[first], lay_by_dragging)
        page.wait_for_selector(".pass-device")
        assert f"Передайте устройство: {names[other]}" in page.inner_text(".pass-device")
        assert not page.query_selector(".cw-rack, .cw-board")  # no rack in the DOM meanwhile
        page.click(".pass-device button")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-play")
        assert shown_rack(page) == sorted(view_of(port, room, held[other])["rack"])
        if not second_lays:
            page.wait_for_selector(".cw-last")  # the word the first just laid, marked
            return
        play_and_check(page, port, room, held[other], lay_by_dragging)
        page.wait_for_selector(".pass-device")
        page.click(".pass-device button")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-last")  # the word just laid, marked
        assert shown_rack(page) == sorted(view_of(port, room, held[first])["rack"])


def a_seed_with_a_blank() -> int:
    """A seed whose rack (one player) holds a blank: the blank's question is asked."""
    from igroteka.games.crossword.rules import CrosswordGame

    game = CrosswordGame()
    for seed in range(1, 1000):
        if "*" in game.setup({"starter": 0}, 1, seed).racks[0]:
            return seed
    raise AssertionError("no seed gives a blank")


def test_a_blank_asks_its_letter_and_a_game_alone_ends_with_the_tiles_left(
    browser: Any,  # noqa: F811
    tmp_path: Any,
) -> None:
    """Alone against the bag: the blank laid asks which letter it is, and scores nothing; two
    passes end the game, and the results say the tiles left on the rack."""
    import httpx

    port = free_port()
    with running(tmp_path / "games.db", port, bot=0.05, chosen_seeds=True):
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(
            f"{base}/api/rooms",
            json={"game": "crossword", "players": 1, "options": {}, "seed": a_seed_with_a_blank()},
        ).json()
        room, creator = made["id"], made["creator"]
        token = httpx.post(f"{base}/api/rooms/{room}/seats/0", json={"name": "Аня"}).json()["token"]
        assert httpx.post(f"{base}/api/rooms/{room}/start", json={"token": creator}).is_success
        view = view_of(port, room, token)
        assert "*" in view["rack"]
        page = browser.new_context(locale="ru-RU", viewport=PHONE).new_page()
        page.goto(base + "/")
        page.evaluate(
            f"localStorage.setItem('igroteka.room.{room}', JSON.stringify({{0: '{token}'}}))"
        )
        page.goto(f"{base}/r/{room}")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-play")
        fits(page)
        page.click(rack_tile("*"))
        page.click(".cw-cell[data-cell='H8']")
        page.wait_for_selector(".cw-ask")
        page.click(".cw-ask button[data-letter='ф']")
        laid = page.query_selector(".cw-cell[data-cell='H8'] .cw-new")
        assert "cw-blank" in laid.get_attribute("class") and laid.inner_text().strip() == "Ф"
        page.keyboard.press("Escape")  # everything back to the rack
        assert shown_rack(page) == sorted(view["rack"])
        for _ in range(2):
            seq = page.get_attribute(".game", "data-seq")
            page.click(".cw-pass")
            page.click(".cw-pass-confirm")
            page.wait_for_selector(f".game:not([data-seq='{seq}'])")
        page.wait_for_selector(".results")
        worth = sum(view["points"][tile] for tile in view["rack"])
        line = page.inner_text(".results tr")
        assert "Аня" in line and f"−{worth}" in line and "★" in line, line
        assert f"{-worth}" in page.inner_text(".results td >> nth=0")
        assert page.inner_text(".cw-players .cw-score") == f"{-worth}"  # the final score, there too
        fits(page)
        page.screenshot(path="/tmp/crossword-results.png", full_page=True)
        page.click(".replay-link")  # the replay draws the board for a spectator: no rack
        page.wait_for_selector(".replay .cw-board")
        assert not page.query_selector(".cw-rack")


def a_refused_pair(view: dict[str, Any]) -> tuple[str, str]:
    """Two letters of the rack (no blank) that, laid from the centre across, make a two-letter
    run the crossword refuses."""
    letters = [tile for tile in view["rack"] if tile != "*"]
    for n, first in enumerate(letters):
        for m, second in enumerate(letters):
            if n != m and not accepted(first + second, view["lang"]):
                return first, second
    raise AssertionError(f"every pair of {letters} is a word")


def test_the_preview_says_why_the_server_refuses_a_word_before_play_is_pressed(
    browser: Any,  # noqa: F811
    tmp_path: Any,
) -> None:
    """Two tiles laid on a phone that make no word: the preview names the word and, in place of
    a score, the server's reason in the page's language, with nothing played; a word the server
    takes is scored."""
    import httpx

    port = free_port()
    with running(tmp_path / "games.db", port, bot=0.05, chosen_seeds=True):
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(
            f"{base}/api/rooms",
            json={"game": "crossword", "players": 1, "options": {}, "seed": 3},
        ).json()
        room, creator = made["id"], made["creator"]
        token = httpx.post(f"{base}/api/rooms/{room}/seats/0", json={"name": "Аня"}).json()["token"]
        assert httpx.post(f"{base}/api/rooms/{room}/start", json={"token": creator}).is_success
        view = view_of(port, room, token)
        first, second = a_refused_pair(view)
        page = browser.new_context(locale="ru-RU", viewport=PHONE, has_touch=True).new_page()
        page.goto(base + "/")
        page.evaluate(
            f"localStorage.setItem('igroteka.room.{room}', JSON.stringify({{0: '{token}'}}))"
        )
        page.goto(f"{base}/r/{room}")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-play")
        for letter, where in ((first, "H8"), (second, "I8")):
            page.click(rack_tile(letter))
            page.click(f".cw-cell[data-cell='{where}']")
        page.wait_for_selector(".cw-preview[data-verdict='refused'] .cw-verdict")
        said = page.inner_text(".cw-verdict")
        assert said.startswith("Не принимается:") and (first + second).upper() in said.upper(), said
        assert page.inner_text(".cw-words .cw-word") == (first + second).upper()
        assert not page.query_selector(".cw-total-score, .cw-word-score, .cw-refusal")
        assert view_of(port, room, token)["turns"] == []  # only asked: nothing was played
        page.keyboard.press("Escape")  # the tiles go back: the preview goes
        assert not page.query_selector(".cw-preview")
        play = a_play(view_of(port, room, token))
        lay_by_tapping(page, play)
        page.wait_for_selector(".cw-preview[data-verdict='ok']")
        assert preview_total(page) == play.score
        assert not page.query_selector(".cw-verdict")


def a_seed_whose_first_rack_plays() -> int:
    """A seed of a game of two whose first player (seat 0) has a word on the rack."""
    from igroteka.games.crossword.rules import CrosswordGame

    game = CrosswordGame()
    for seed in range(1, 200):
        if has_a_play(game.view(game.setup({"starter": 0}, 2, seed), 0)):
            return seed
    raise AssertionError("no seed gives a rack that plays")


def test_a_hot_seat_hand_over_says_what_was_just_done(browser: Any, tmp_path: Any) -> None:  # noqa: F811
    """Two seats in one tab: the hand-over screen says the move just made, as the log narrates
    it, never what the player handing over alone was told (the tiles drawn); the next one says
    only what was done since."""
    import httpx

    port = free_port()
    with running(tmp_path / "games.db", port, bot=0.05, chosen_seeds=True):
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(
            f"{base}/api/rooms",
            json={
                "game": "crossword",
                "players": 2,
                "options": {"starter": 0},
                "seed": a_seed_whose_first_rack_plays(),
            },
        ).json()
        room = made["id"]
        held = {
            seat: httpx.post(f"{base}/api/rooms/{room}/seats/{seat}", json={"name": name}).json()[
                "token"
            ]
            for seat, name in enumerate(["Аня", "Боря"])
        }
        started = httpx.post(f"{base}/api/rooms/{room}/start", json={"token": made["creator"]})
        assert started.is_success
        page = browser.new_context(locale="ru-RU", viewport=DESKTOP).new_page()
        page.goto(base + "/")
        page.evaluate(f"localStorage.setItem('igroteka.room.{room}', '{json.dumps(held)}')")
        page.goto(f"{base}/r/{room}")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-play")
        play_and_check(page, port, room, held[0], lay_by_tapping)
        page.wait_for_selector(".pass-device .pass-done li:has-text('Аня составляет')")
        done = page.inner_text(".pass-device .pass-done")
        assert done.startswith("Только что:") and "Вы взяли" not in done, done
        assert "Передайте устройство: Боря" in page.inner_text(".pass-device")
        page.click(".pass-device button")
        page.wait_for_selector(".game[data-my-turn='yes'] .cw-pass")
        page.click(".cw-pass")
        page.click(".cw-pass-confirm")
        page.wait_for_selector(".pass-device .pass-done li:has-text('Боря пропускает ход')")
        assert "Аня составляет" not in page.inner_text(".pass-device .pass-done")
