"""The association game's own command-line tools (the
:attr:`~igroteka.engine.entry.Entry.tools` hook):

    igroteka associations cards --lang en
    igroteka associations guess --level hard --clue "a long road home" --top 5

The deck, the bots and their model of meaning are imported when a tool runs, so that
``igroteka --help`` stays quick.
"""

from __future__ import annotations

import argparse
from typing import Any

from igroteka.clitypes import Parser, Subcommands, UsageError, whole
from igroteka.engine.codec import dumps
from igroteka.games.associations.declaration import DECLARATION

__all__ = ["add_tools", "cmd_cards", "cmd_guess"]


def cmd_cards(args: argparse.Namespace) -> int:
    """``igroteka associations cards``: the built-in deck, each card's emoji and tags."""
    from igroteka.games.associations.deck import builtin_deck

    cards = builtin_deck()
    if args.json:
        rows = [
            {
                "id": card.id,
                "emoji": [glyph.to_json() for glyph in card.glyphs],
                "backdrop": card.backdrop,
                "tags": list(card.tags(args.lang)),
            }
            for card in cards
        ]
        print(dumps(rows))
    else:
        for card in cards:
            tags = ", ".join(card.tags(args.lang)[:8])
            print(f"{card.id:<28} {''.join(card.emoji):<10} {card.backdrop:<8} {tags}")
    return 0


def cmd_guess(args: argparse.Namespace) -> int:
    """``igroteka associations guess``: the cards a bot guesser would choose for a clue."""
    from igroteka.games.associations.bots import make_bot
    from igroteka.games.associations.cards import card_by_id
    from igroteka.games.associations.deck import builtin_deck
    from igroteka.games.associations.meaning import MODEL
    from igroteka.games.associations.rules import CLUE_LIMIT

    clue = " ".join(args.clue.split())
    if not clue:
        raise UsageError("--clue: say the association; the clue is empty")
    if len(clue) > CLUE_LIMIT:
        raise UsageError(f"--clue: a clue has at most {CLUE_LIMIT} characters, not {len(clue)}")
    cards = _card_ids(args.cards) if args.cards else [card.id for card in builtin_deck()]
    if args.level == "random":
        return _guess_at_random(args, clue, cards)
    bot = make_bot(args.level, seat=1, seed=args.seed)
    rows: list[dict[str, Any]] = [
        {
            "id": card_id,
            "score": round(score, 3),
            "emoji": "".join(dict.fromkeys(card_by_id(card_id).emoji)),
            "matched": bot.matched(clue, card_id, args.lang),
        }
        for card_id, score in bot.scores(clue, cards, args.lang)
    ]
    if args.json:
        print(dumps({"level": args.level, "lang": args.lang, "clue": clue, "model": MODEL,
                     "cards": rows}))  # fmt: skip
        return 0
    print(
        f"bot:{args.level} reads “{clue}” by its meaning ({MODEL}): the cards best first, "
        "with the words it knows of each nearest the clue"
    )
    for row in rows[: args.top]:
        print(f"{row['score']:>6}  {row['id']:<28} {row['emoji']:<8} {', '.join(row['matched'])}")
    return 0


def _guess_at_random(args: argparse.Namespace, clue: str, cards: list[str]) -> int:
    """bot:random does not read the clue: each card has the same chance."""
    chance = round(1 / len(cards), 4)
    if args.json:
        rows = [{"id": card, "chance": chance} for card in cards]
        print(dumps({"level": "random", "lang": args.lang, "clue": clue, "chance": chance,
                     "cards": rows}))  # fmt: skip
        return 0
    print(
        f"bot:random does not read “{clue}”: it picks one of the {len(cards)} cards at random, "
        f"each with the chance 1 in {len(cards)} ({chance:.1%})"
    )
    return 0


def _card_ids(text: str) -> list[str]:
    from igroteka.games.associations.cards import card_by_id

    ids = [part.strip() for part in text.split(",") if part.strip()]
    for card_id in ids:
        try:
            card_by_id(card_id)
        except KeyError:
            raise UsageError(
                f"--cards: there is no card ‘{card_id}’ (see igroteka associations cards)"
            ) from None
    if len(set(ids)) != len(ids) or len(ids) < 2:
        raise UsageError("--cards: name two cards or more, each once, joined by commas")
    return ids


def add_tools(subparsers: Subcommands) -> None:
    """``igroteka associations``, with its tools ``cards`` and ``guess``."""
    associations = subparsers.add_parser(
        "associations", help="association game tools: its cards, a bot's guess"
    )
    assoc_tool = associations.add_subparsers(dest="tool", required=True, parser_class=Parser)
    cards = assoc_tool.add_parser("cards", help="the built-in deck: each card's emoji and tags")
    cards.add_argument("--lang", choices=["uk", "ru", "en"], default="uk")
    cards.add_argument("--json", action="store_true")
    cards.set_defaults(func=cmd_cards)
    guess = assoc_tool.add_parser(
        "guess", help="the cards a bot guesser would choose for a clue, best first, with scores"
    )
    guess.add_argument("--level", choices=DECLARATION.bot_levels, default="medium")
    guess.add_argument("--lang", choices=["uk", "ru", "en"], default="uk")
    guess.add_argument("--clue", required=True, help="the storyteller's association")
    guess.add_argument("--cards", help="the cards on the table, ID,ID,… (default: the deck)")
    guess.add_argument("--seed", type=whole("--seed"), default=0, help="the bot's (0)")
    guess.add_argument("--top", type=whole("--top", 1), default=10, help="cards listed (10)")
    guess.add_argument("--json", action="store_true")
    guess.set_defaults(func=cmd_guess)
