"""The one command line: play, replay and tools.

    igroteka play GAME --players Ann,bot:LEVEL --seed 7
    igroteka play GAME --players bot:LEVEL,bot:LEVEL --json
    igroteka replay game.json --json
    igroteka GAME TOOL ...
    igroteka words check --lang ru --rule nouns полка полкан
    igroteka words best --lang uk --wildcard --top 5 молкот
    igroteka words prepare --lang uk ru

The flags of ``play GAME`` come from each game's declaration, and a game's own tools
(``igroteka GAME TOOL``) from its entry's ``tools`` hook (``games/<name>/tools.py``):
nothing here is written for one game.

Bad arguments get one clear line on stderr and exit code 2; never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import os
import secrets
import socket
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from igroteka.clitypes import Parser, UsageError, choice_or_seat, seconds, text_file, whole
from igroteka.engine import Agent, GameRecord, Match, OptionsError, RecordError, play_out, replay
from igroteka.engine.codec import dumps
from igroteka.engine.declaration import Declaration, Option
from igroteka.games import entry, game_names, versions

BOT_PREFIX = "bot:"
JSON_DEFAULT_SEED = 0
MAX_SEED = 2**64 - 1
"""Seeds are 64 bits (:meth:`igroteka.engine.Rng.from_seed`): a larger one would repeat a game."""


# ---------------------------------------------------------------- the values of serve's flags
# The values of every command's flags are in igroteka.clitypes; these two are the server's.


def origin(text: str) -> str:
    """``--origin``: a site's origin, ``https://host[:port]``, with no path."""
    from igroteka.server.guard import origin_of

    found = origin_of(text)
    if found is None:
        raise UsageError(
            f"--origin is a site's address, like https://games.example.org, not ‘{text}’"
        )
    return found


def public_url(text: str) -> str:
    """``--public-url``: the address others open the server at, ``https://host[:port]``."""
    from igroteka.server.invites import public_url as origin_of_site

    found = origin_of_site(text)
    if found is None:
        raise UsageError(
            "--public-url is the address others open, like https://games.school.example "
            f"(http or https, no path), not ‘{text}’"
        )
    return found


# ---------------------------------------------------------------- play


def _players(text: str) -> list[str]:
    players = [name.strip() for name in text.split(",")]
    if any(not name for name in players):
        raise UsageError("--players needs names or bot:LEVEL separated by commas, none empty")
    people = [name.casefold() for name in players if not name.startswith(BOT_PREFIX)]
    twice = next((name for name in players if people.count(name.casefold()) > 1), None)
    if twice is not None:
        raise UsageError(f"--players names each person once, but ‘{twice}’ is given twice")
    return players


def _agents(game_name: str, players: Sequence[str], seed: int) -> dict[int, Agent[Any]]:
    make_bot = entry(game_name).make_bot
    return {
        seat: make_bot(name[len(BOT_PREFIX) :], seat, seed)
        for seat, name in enumerate(players)
        if name.startswith(BOT_PREFIX)
    }


def summary(match: Match[Any, Any]) -> dict[str, Any]:
    """The JSON summary of a finished (or stopped) game, the same from play and replay."""
    outcome = match.outcome()
    result: dict[str, Any] = {
        "game": match.game.name,
        "seed": match.seed,
        "players": list(match.players),
        "options": {k: v for k, v in match.options.items() if k != "deck"},
        "actions": len(match.log),
        "finished": outcome is not None,
        "scores": None,
        "winners": None,
    }
    deck = match.options.get("deck")
    if isinstance(deck, Mapping):  # a deck kept as an object names itself (an own deck's
        result["deck"] = deck["name"]  # text, the association game's, is left out whole)
    if outcome is not None:
        result["scores"] = list(outcome.scores)
        result["winners"] = sorted(outcome.winners)
        result["reason"] = outcome.reason
        result.update({k: v for k, v in outcome.details.items()})
    return result


def cmd_play(args: argparse.Namespace) -> int:
    players = _players(args.players)
    if args.seed is not None:
        seed = args.seed
    elif args.json:
        seed = JSON_DEFAULT_SEED
    else:
        seed = secrets.randbelow(1_000_000)
    game_entry = entry(args.game)
    agents = _agents(args.game, players, seed)
    people = [seat for seat in range(len(players)) if seat not in agents]
    if args.json and people:
        raise UsageError("--json plays bots only: every player must be bot:LEVEL")
    options = args.options(args)
    match: Match[Any, Any] = Match.start(
        game_entry.game, players, options, seed, versions(args.game)
    )
    _check_writable(args.record)  # told now, not after a whole game
    if args.json:
        play_out(match, agents)
        _save(match, args.record)
        print(dumps(summary(match)))
        return 0
    return _play_in_terminal(match, agents, people, args)


def reveal_pause(match: Match[Any, Any], delay: float, paced: bool) -> float:
    """How long a bot's revealed cards stay up at a terminal: the game's reveal time
    (``Game.pause``, a room option), unless ``--delay`` sets the pace (``paced``), or the game
    chooses none: then twice the delay."""
    chosen = None if paced else match.game.pause(match.state)
    return delay * 2 if chosen is None else chosen


def _play_in_terminal(
    match: Match[Any, Any],
    agents: dict[int, Agent[Any]],
    people: list[int],
    args: argparse.Namespace,
) -> int:
    from igroteka.terminal import for_game
    from igroteka.terminal.text import Console, Quit

    terminal = for_game(match.game.name)
    console = Console()
    names = list(match.players)
    delay: float = args.delay if args.delay is not None else (0.6 if people else 0.0)
    persons = {seat: terminal.person(names[seat], seat, console, names) for seat in people}
    agents.update(persons)
    console.say(terminal.intro(match.options, match.seed))

    def before_automatic(seat: int) -> None:
        """Revealed cards stay up: a person turns theirs back with Enter, a bot's wait a moment:
        the room's reveal time (``Game.pause``) unless ``--delay`` sets the pace."""
        if seat in persons:
            persons[seat].look(match.view(seat))
        elif delay:
            time.sleep(reveal_pause(match, delay, args.delay is not None))

    try:
        play_out(
            match,
            agents,
            on_events=terminal.narrator(console, names, delay),
            before_automatic=before_automatic,
        )
    except (Quit, KeyboardInterrupt):  # Ctrl-C in a pause stops the game like one at a prompt
        console.say("\nGame stopped.")
        _save(match, args.record)
        return 130
    outcome = match.view(None)["outcome"]
    console.say(f"\nGame over: {outcome['reason']}.")
    console.say(terminal.render_results(outcome, names))
    console.say(f"Replay this game with: igroteka play {match.game.name} --seed {match.seed} ...")
    _save(match, args.record)
    return 0


def _check_writable(path: str | None) -> None:
    """Refuse a record file that could not be written, before the game rather than after."""
    if path is None:
        return
    if not path:
        raise UsageError("--record needs the name of a file to save the game in")
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise UsageError(f"cannot write the record to {path}: {error.strerror}") from None
    if not existed:
        os.remove(path)


def _save(match: Match[Any, Any], path: str | None) -> None:
    if not path:
        return
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(match.record().to_json())
    except OSError as error:
        raise UsageError(f"cannot write the record to {path}: {error.strerror}") from None
    print(f"Record saved to {path}", file=sys.stderr)


# ---------------------------------------------------------------- replay


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{args.file} is not a text file") from None
    record = GameRecord.from_json(text)
    match = replay(entry(record.game).game, record, versions(record.game))
    result = summary(match)
    if args.json:
        print(dumps(result))
        return 0
    players = result["players"]
    count = f"{len(players)} player{'s' if len(players) != 1 else ''}"
    print(f"{record.game}, seed {record.seed}, {count}: {', '.join(players)}")
    print(f"{result['actions']} actions, replayed and checked.")
    if result["finished"]:
        winners = ", ".join(players[s] for s in result["winners"])
        scores = ", ".join(f"{p} {s}" for p, s in zip(players, result["scores"], strict=True))
        print(f"Scores: {scores}. Won by {winners}.")
    else:
        print("The game was not finished.")
    return 0


# ---------------------------------------------------------------- words


def cmd_words_check(args: argparse.Namespace) -> int:
    from igroteka.lexicon import WordInputError, check, normal

    for word in args.words:  # every word is read before any is judged
        try:
            normal(word, args.lang)
        except WordInputError as error:
            raise UsageError(error.reason) from None
    verdicts = [check(word, args.lang, args.rule, famous=not args.no_famous) for word in args.words]
    if args.json:
        print(dumps([{"word": v.word, "ok": v.ok, "reason": v.reason} for v in verdicts]))
    else:
        for verdict in verdicts:
            print(f"{verdict.word}: yes" if verdict.ok else f"{verdict.word}: no, {verdict.reason}")
    return 0 if all(verdict.ok for verdict in verdicts) else 1


def cmd_words_best(args: argparse.Namespace) -> int:
    from igroteka.lexicon import WordInputError
    from igroteka.lexicon.index import cache_dir, is_built
    from igroteka.lexicon.search import best_words, letters_of

    try:
        letters_of(args.rack, args.lang)  # bad letters are told before any long wait
    except WordInputError as error:
        raise UsageError(error.reason) from None
    if not is_built(args.lang):
        print(
            f"igroteka: building the {args.lang} word index in {cache_dir()} (once; seconds)...",
            file=sys.stderr,
        )
    try:
        found = best_words(
            args.rack, args.lang, rule=args.rule, wildcard=args.wildcard, top=args.top
        )
    except WordInputError as error:
        raise UsageError(error.reason) from None
    if args.json:
        rows = [{"word": f.word, "score": f.score, "wildcard": f.wildcard} for f in found]
        print(dumps(rows))
    elif not found:
        print("no word can be made from these letters")
    else:
        for f in found:
            polysemy = f"  (Polysemy as {f.wildcard})" if f.wildcard else ""
            print(f"{f.word}  {f.score:g}{polysemy}")
    return 0


def cmd_words_prepare(args: argparse.Namespace) -> int:
    """Build the word indexes of ``--lang`` ahead of time, side by side, each in a process of
    its own, with their progress; one sentence and exit code 1 when one cannot be."""
    import threading

    from igroteka.lexicon.index import PrepareError
    from igroteka.server.builders import LexiconIndexes
    from igroteka.server.console import Console
    from igroteka.server.dictionaries import Dictionary

    langs = list(dict.fromkeys(args.lang))
    indexes = LexiconIndexes()
    console = Console(langs)
    failed: list[Dictionary] = []

    def one(lang: str) -> None:
        if indexes.is_built(lang):  # nothing to do: said so at once
            console.show(Dictionary(lang, "ready", 1.0))
            return
        found = Dictionary(lang, "preparing", began=time.monotonic())
        console.show(found)

        def progress(done: float) -> None:
            found.progress = max(0.0, min(1.0, done))
            console.show(found)

        try:
            indexes.prepare(lang, progress)
        except PrepareError as error:  # said once, below, on stderr
            found.state, found.reason = "failed", error.reason
            failed.append(found)
            return
        found.state, found.progress = "ready", 1.0
        found.took = time.monotonic() - (found.began or 0.0)
        console.show(found)

    threads = [threading.Thread(target=one, args=(lang,), daemon=True) for lang in langs]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        indexes.stop()  # interrupted: the builders end too
    for found in failed:
        print(f"igroteka: {found.lang}: {found.reason}", file=sys.stderr)
    return 1 if failed else 0


# ---------------------------------------------------------------- serve


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from igroteka.server import Settings, create_app
    from igroteka.server.app import UVICORN, hide_tokens
    from igroteka.server.collector import tune
    from igroteka.server.invites import reachable_at
    from igroteka.store import StoreError, default_url

    tune()  # a server's garbage collector: server/collector.py
    url = args.db or default_url()
    listening = _listen(args.host, args.port)
    port = listening.getsockname()[1]
    others = reachable_at(args.host, port)
    try:
        settings = Settings(
            reveal=args.reveal,
            bot=args.bot_delay,
            chosen_seeds=args.chosen_seeds,
            origins=tuple(args.origins),
            public_url=args.public_url,
            addresses=others,
        )
        if args.redis:
            _redis_answers(args.redis)
        app = create_app(url, settings, synchronous=args.synchronous, redis=args.redis)
    except StoreError as error:
        listening.close()
        raise UsageError(str(error)) from None
    for line in serve_notice(args.host, port, url, args.public_url, others):
        print(line, flush=True)
    level = {"log_level": args.log_level} if args.log_level else {}
    config = uvicorn.Config(app, **{**UVICORN, **level})
    hide_tokens()  # uvicorn's loggers are set up now
    server = uvicorn.Server(config)  # no permessage-deflate
    server.run(sockets=[listening])
    return 0


def serve_notice(
    host: str, port: int, store: str, public: str | None, others: Sequence[str]
) -> list[str]:
    """What ``igroteka serve`` says as it starts: where this machine opens it, and where
    others can (or how to let them).

    >>> serve_notice("127.0.0.1", 8000, "sqlite://", None, ())[1]
    'Only this computer can open it. To let others on your network join, run: igroteka serve --host 0.0.0.0'
    >>> serve_notice("0.0.0.0", 8000, "sqlite://", None, ["http://192.168.1.20:8000"])[:2]
    ['Igroteka at http://127.0.0.1:8000  (store: sqlite://)', 'Others on your network: http://192.168.1.20:8000']
    """  # noqa: E501
    from igroteka.server.invites import is_loopback, is_wildcard

    here = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host) if is_wildcard(host) else host
    shown = f"[{here}]" if ":" in here else here
    lines = [f"Igroteka at http://{shown}:{port}  (store: {store})"]
    if public:
        lines.append(f"Invite links use {public}")
    if is_loopback(host):
        if not public:
            lines.append(
                "Only this computer can open it. To let others on your network join, "
                "run: igroteka serve --host 0.0.0.0"
            )
    elif others and is_wildcard(host):
        lines.append(f"Others on your network: {', '.join(others)}")
    elif is_wildcard(host) and not public:
        lines.append(
            "No network address of this computer was found: connect it to the network "
            "others are on, then start the server again"
        )
    return lines


def _redis_answers(url: str) -> None:
    """Redis answers at ``url``, or one line on why not."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3).ping()
    except (redis.RedisError, ValueError) as error:
        raise UsageError(f"Redis at {url} does not answer: {error}") from None


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to the address, or one line on why not (an unknown host, a port in use)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):
        raise UsageError(f"--host ‘{host}’ is no address of this machine") from None
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind(address)
    except OSError as error:
        listening.close()
        raise UsageError(f"cannot listen on {host} port {port}: {error.strerror}") from None
    return listening


# ---------------------------------------------------------------- the parser


def _option_help(option: Option) -> str:
    said = option.label["en"]
    if option.kind == "number":
        return f"{said} ({option.low}-{option.high}, default {option.default})"
    if option.kind == "choice":
        seat = ", or a seat number from 1" if option.seat else ""
        return f"{said} (default {option.default}{seat})"
    if option.kind == "flag":
        return f"house rule: {said}" if option.house else said
    return f"{said} (a file)" if option.file else said


def _add_option(parser: argparse.ArgumentParser, option: Option) -> None:
    """One option of a game's declaration as a flag of ``igroteka play GAME``."""
    flag, key, shown = option.flag, option.key, _option_help(option)
    values = [choice.value for choice in option.choices]
    if option.kind == "number":
        parser.add_argument(flag, dest=key, type=whole(flag), help=shown, metavar="N")
    elif option.kind == "choice" and option.seat:
        parser.add_argument(flag, dest=key, type=choice_or_seat(flag, values), help=shown)
    elif option.kind == "choice":
        parser.add_argument(flag, dest=key, choices=values, help=shown)
    elif option.kind == "flag":
        parser.add_argument(flag, dest=key, action=argparse.BooleanOptionalAction, help=shown)
    else:
        kind = text_file(flag) if option.file else str
        parser.add_argument(flag, dest=key, type=kind, help=shown, metavar="FILE")


def declared_options(declaration: Declaration, args: argparse.Namespace) -> dict[str, Any]:
    """The options given as flags; those left out take the game's defaults."""
    options: dict[str, Any] = {}
    for option in declaration.options:
        value = getattr(args, option.key)
        if value is None:
            continue
        if option.file:
            options.update(option.read(value) if option.read else {option.key: _read(value)})
        else:
            options[option.key] = value
    return options


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a text file (UTF-8)") from None


def _game_parser(games: Any, name: str) -> None:
    """``igroteka play NAME``: the flags every game takes, then its declared options."""
    declaration = entry(name).declaration
    summary = declaration.summary["en"]
    parser = games.add_parser(name, help=summary, description=summary)
    _play_arguments(parser, declaration.bot_levels)
    for option in declaration.options:
        _add_option(parser, option)
    parser.set_defaults(func=cmd_play, options=functools.partial(declared_options, declaration))


def _play_arguments(game: argparse.ArgumentParser, levels: Sequence[str]) -> None:
    """The arguments every game's ``play`` takes."""
    game.add_argument(
        "--players", required=True, help=f"names or bot:{'|'.join(levels)}, comma-separated"
    )
    game.add_argument(
        "--seed",
        type=whole("--seed", 0, MAX_SEED, "2⁶⁴ − 1"),
        help="the game's seed (same seed, same game)",
    )
    game.add_argument("--record", help="save the game record to this file")
    game.add_argument("--json", action="store_true", help="bots only: print a JSON summary")
    game.add_argument("--delay", type=seconds("--delay"), help="seconds to show each flipped card")


def build_parser() -> Parser:
    parser = Parser(prog="igroteka", description="Word and card games.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    play = sub.add_parser("play", help="play a game in the terminal")
    games = play.add_subparsers(dest="game", required=True, parser_class=Parser)
    for name in game_names():
        _game_parser(games, name)

    serve = sub.add_parser("serve", help="the web server: rooms, invite links, games over the web")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on: 127.0.0.1 (the default: this computer alone), "
        "0.0.0.0 (every network: others on yours can join)",
    )
    serve.add_argument(
        "--port", type=whole("--port", 0, 65535), default=8000, help="8000; 0: any free port"
    )
    serve.add_argument("--db", help="the store's URL (default: a SQLite file in your data folder)")
    serve.add_argument(
        "--redis",
        metavar="URL",
        help="share the store's rooms with other server processes through this Redis "
        "(redis://host:6379/0); any number may run, on one machine or many, behind any proxy",
    )
    serve.add_argument(
        "--reveal",
        type=seconds("--reveal"),
        default=None,
        help="seconds revealed cards stay up in every room (default: each room's own choice)",
    )
    serve.add_argument(
        "--bot-delay",
        type=seconds("--bot-delay"),
        default=0.6,
        dest="bot_delay",
        help="seconds a bot waits",
    )
    serve.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug"],
        dest="log_level",
        help="what uvicorn logs (warning; info: its access log too)",
    )
    serve.add_argument(
        "--chosen-seeds",
        action="store_true",
        dest="chosen_seeds",
        help="let a new room name its seed (tests, local development: it gives the layout away)",
    )
    serve.add_argument(
        "--origin",
        dest="origins",
        action="append",
        default=[],
        type=origin,
        metavar="URL",
        help="a site whose pages may play here besides the server's own (repeatable)",
    )
    serve.add_argument(
        "--public-url",
        dest="public_url",
        type=public_url,
        metavar="URL",
        help="the address others open the server at (https://games.school.example, behind a "
        "proxy): invite links and their QR codes use it",
    )
    serve.add_argument(
        "--synchronous",
        choices=["NORMAL", "FULL"],
        default="FULL",
        help="SQLite's sync of each commit: FULL (the default: survives a power loss), "
        "NORMAL (a killed process only; see docs/security.md)",
    )
    serve.set_defaults(func=cmd_serve)

    rep = sub.add_parser("replay", help="replay a saved game record and check it")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")
    rep.set_defaults(func=cmd_replay)

    for name in game_names():  # each game's own tools: igroteka GAME TOOL
        add_tools = entry(name).tools
        if add_tools is not None:
            add_tools(sub)

    words = sub.add_parser("words", help="dictionary tools")
    word_tool = words.add_subparsers(dest="tool", required=True, parser_class=Parser)
    check = word_tool.add_parser("check", help="is each word allowed, and if not, why")
    check.add_argument("--lang", choices=["uk", "ru"], required=True)
    check.add_argument(
        "--rule",
        choices=["any", "nouns"],
        default="any",
        help="any: any form of any word; nouns: common nouns in the nominative singular, "
        "place names and famous surnames",
    )
    check.add_argument(
        "--no-famous",
        action="store_true",
        dest="no_famous",
        help="rule nouns: refuse the surnames of famous people too",
    )
    check.add_argument("--json", action="store_true")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.set_defaults(func=cmd_words_check)
    best = word_tool.add_parser("best", help="the best words a set of letters makes")
    best.add_argument("--lang", choices=["uk", "ru"], required=True)
    best.add_argument("--rule", choices=["any", "nouns"], default="any")
    best.add_argument(
        "--wildcard", action="store_true", help="the player also holds a Polysemy card"
    )
    best.add_argument("--top", type=whole("--top", 1), default=10, help="how many words (10)")
    best.add_argument("--json", action="store_true")
    best.add_argument("rack", metavar="LETTERS")
    best.set_defaults(func=cmd_words_best)
    ahead = word_tool.add_parser(
        "prepare", help="build the word indexes ahead of time (the server does it at start)"
    )
    ahead.add_argument(
        "--lang", nargs="+", choices=["uk", "ru"], default=["uk", "ru"], help="uk ru (both)"
    )
    ahead.set_defaults(func=cmd_words_prepare)
    return parser


def one_line(message: str) -> str:
    """A message of several lines (every problem of a deck file) as the one line of an error."""
    return "; ".join(line.strip() for line in message.splitlines() if line.strip())


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):
        parser.print_help()
        return 0
    try:
        args = parser.parse_args(argv)
        code: int = args.func(args)
        return code
    except (UsageError, OptionsError, RecordError) as error:
        print(f"igroteka: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nigroteka: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["build_parser", "main", "summary"]
