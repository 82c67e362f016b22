"""Klepka's own command-line tools (the :attr:`~igroteka.engine.entry.Entry.tools` hook):

    igroteka klepka chain --syncopes 1 apple egg goat
    igroteka klepka chain --json --soft-sign strict "ice cream" moon

The chain solver is imported when a tool runs, so that ``igroteka --help`` stays quick.
"""

from __future__ import annotations

import argparse

from igroteka.clitypes import Parser, Subcommands, UsageError
from igroteka.engine.codec import dumps

__all__ = ["add_tools", "cmd_chain"]


def cmd_chain(args: argparse.Namespace) -> int:
    """``igroteka klepka chain``: the optimal chain of a hand of words."""
    from igroteka.games.klepka.chain import (
        ChainError,
        ChainRules,
        best_chain,
        card_key,
        check_word,
    )

    if args.syncopes < 0:
        raise UsageError("--syncopes cannot be negative")
    for word in args.words:
        try:
            check_word(word)
        except ChainError as error:
            raise UsageError(error.reason) from None
    # A card may be several words ('ice cream', given as one argument); two arguments are
    # the same card when a player's typing would match them to one (case, apostrophes).
    words = [word.strip() for word in args.words]
    first: dict[str, int] = {}
    for index, word in enumerate(words):
        earlier = first.setdefault(card_key(word), index)
        if earlier != index:
            raise UsageError(f"each word may be given only once: ‘{words[earlier]}’ and ‘{word}’")
    chain = best_chain(words, args.syncopes, ChainRules(soft_sign=args.soft_sign or "skip"))
    if args.json:
        print(dumps({"length": chain.length, "chain": list(chain.links)}))
    else:
        print(" → ".join("✦SYNCOPE" if w == "SYNCOPE" else w for w in chain.links) or "(empty)")
        print(f"{chain.length} {'letter' if chain.length == 1 else 'letters'}")
    return 0


def add_tools(subparsers: Subcommands) -> None:
    """``igroteka klepka``, with its tool ``chain``."""
    tools = subparsers.add_parser("klepka", help="Klepka tools")
    tool = tools.add_subparsers(dest="tool", required=True, parser_class=Parser)
    chain = tool.add_parser("chain", help="the optimal chain of a hand of words")
    chain.add_argument("--syncopes", type=int, default=0)
    chain.add_argument("--soft-sign", choices=["skip", "strict"], dest="soft_sign")
    chain.add_argument("--json", action="store_true")
    chain.add_argument(
        "words", nargs="+", metavar="WORD", help="a card; quote one of several words"
    )
    chain.set_defaults(func=cmd_chain)
