"""The crossword's own command-line tools (the :attr:`~igroteka.engine.entry.Entry.tools`
hook), each reading a position from a JSON file (``-``: standard input):

    igroteka crossword check position.json
    igroteka crossword moves --top 5 --json position.json

The rules and the move generator are imported when a tool runs, so that ``igroteka --help``
stays quick.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from igroteka.clitypes import Parser, Subcommands, UsageError, whole
from igroteka.engine.codec import dumps

__all__ = ["add_tools", "cmd_check", "cmd_moves"]


def _position(path: str) -> Any:
    """The position in a file (``-``: standard input), or one clear line and exit 2."""
    from igroteka.games.crossword.position import PositionError, read_position

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise UsageError(f"cannot read {path}: {reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(f"{path} is not JSON: {error.msg} (line {error.lineno})") from None
    try:
        return read_position(data)
    except PositionError as error:
        raise UsageError(f"{path}: {error.reason}") from None


def cmd_check(args: argparse.Namespace) -> int:
    """``igroteka crossword check``: judge one play on a position."""
    from igroteka.engine.game import IllegalAction
    from igroteka.games.crossword.rules import judge

    found = _position(args.file)
    if not found.move:
        raise UsageError(f'{args.file}: "move" lists the tiles of the play to judge')
    try:
        judged = judge(found.board, found.move, found.lang, every=found.every, bonus=found.bonus)
    except IllegalAction as error:
        reason = str(error.reason)
        print(dumps({"ok": False, "reason": reason}) if args.json else f"no: {reason}")
        return 1
    words = [{"word": word.text.upper(), "score": word.score} for word in judged.words]
    if args.json:
        print(dumps({"ok": True, "score": judged.score, "words": words}))
    else:
        made = ", ".join(f"{word['word']} {word['score']}" for word in words)
        print(f"yes: {judged.score} points ({made})")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    """``igroteka crossword moves``: the best single-line plays of a rack."""
    from igroteka.games.crossword.movegen import plays
    from igroteka.games.crossword.notation import write

    found = _position(args.file)
    if found.rack is None:
        raise UsageError(f'{args.file}: "rack" holds the tiles to play, as "АБВГДЕ*"')
    best = sorted(
        plays(found.board, found.rack, found.lang, every=found.every),
        key=lambda play: (-play.score, [tile.cell for tile in play.tiles]),
    )[: args.top]
    rows = [
        {
            "move": [[t.row, t.col, t.letter.upper(), t.blank] for t in play.tiles],
            "score": play.score,
            "words": [{"word": word.upper(), "score": score} for word, score in play.words],
        }
        for play in best
    ]
    if args.json:
        print(dumps(rows))
    elif not rows:
        print("no play: pass, or change tiles")
    else:
        for play in best:
            print(f"{play.score:>4}  {write(play.tiles, found.board)}")
    return 0


def add_tools(subparsers: Subcommands) -> None:
    """``igroteka crossword``, with its tools ``check`` and ``moves``."""
    crossword = subparsers.add_parser(
        "crossword", help="crossword tools: judge a play, find the best"
    )
    cross_tool = crossword.add_subparsers(dest="tool", required=True, parser_class=Parser)
    judge = cross_tool.add_parser("check", help="judge one play on a position (a JSON file)")
    moves = cross_tool.add_parser("moves", help="the best single-line plays of a rack")
    moves.add_argument("--top", type=whole("--top", 1), default=10, help="how many plays (10)")
    for command, func in ((judge, cmd_check), (moves, cmd_moves)):
        command.add_argument("--json", action="store_true")
        command.add_argument("file", metavar="FILE", help="the position as JSON; - for stdin")
        command.set_defaults(func=func)
