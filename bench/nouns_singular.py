"""Klepka letters, house rule ``nouns_singular``: how long "can this seat compose?" takes.

    python bench/nouns_singular.py [--hands 7] [--sizes 5,10,15,20,25]

Once the table is empty the rules ask, after every turn, whether each seat's
cards make a word the options allow (``can_compose``, inside ``apply``). With
the house rule, most words are refused. The former design weighed every word
the cards make (a ``score`` function: nothing can be cut off early); the index
now flags the words that may be nouns in the singular, so the search skips the
rest and stops at the best few. Both run here on the same hands (the first
cards of seeded deals of the default deck, a Polysemy added, as a hand of the
late game holds), and must agree; the figures are medians in milliseconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections.abc import Callable

from _common import table
from igroteka.games.letters.deck import Kind
from igroteka.games.letters.rules import EMPTY, LettersGame, LettersState, can_compose, word_problem
from igroteka.lexicon.search import best_words

GAME = LettersGame()


def hand(size: int, seed: int) -> LettersState:
    """A game under the house rule whose table is empty and whose seat 0 holds ``size``
    letter cards and a Polysemy."""
    state = GAME.setup(GAME.parse_options({"nouns_singular": True}), 2, seed=seed)
    letters = [c for c in state.table if c != EMPTY and state.deck[c].kind == Kind.LETTER]
    wild = [c for c in state.table if c != EMPTY and state.deck[c].kind == Kind.POLYSEMY]
    held = (*letters[:size], *wild[:1])
    hands = (held, ())
    return dataclasses.replace(state, table=(EMPTY,) * len(state.table), hands=hands)


def weighed_all(state: LettersState) -> bool:
    """The former design: every word the cards make weighed by the rules' verdict."""
    deck = state.deck
    held = "".join(deck[c].letter for c in state.hands[0] if deck[c].kind == Kind.LETTER)
    wild = any(deck[c].kind == Kind.POLYSEMY for c in state.hands[0])

    def allowed(word: str) -> float:
        return 1.0 if word_problem(word, state.options, frozenset(), frozenset()) is None else 0.0

    found = best_words(held, "uk", wildcard=wild, top=1, score=allowed)
    return any(f.score > 0 for f in found)


def timed(ask: Callable[[LettersState], bool], state: LettersState) -> tuple[bool, float]:
    start = time.perf_counter()
    answer = ask(state)
    return answer, (time.perf_counter() - start) * 1000


def flagged(state: LettersState) -> bool:
    """The rules of now."""
    return can_compose(state, 0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--sizes", default="5,10,15,20,25")
    arguments = parser.parse_args()
    best_words("кіт", "uk", nouns_singular=True)  # the index loaded before any timing
    rows = []
    for size in (int(part) for part in arguments.sizes.split(",")):
        now, before = [], []
        for seed in range(arguments.hands):
            state = hand(size, seed)
            answer, took = timed(flagged, state)
            former, took_before = timed(weighed_all, state)
            if answer != former:
                raise SystemExit(f"the two disagree on seed {seed}, {size} letters")
            now.append(took)
            before.append(took_before)
        new, old = statistics.median(now), statistics.median(before)
        rows.append((size, round(new, 1), round(max(now), 1), round(old, 1), round(old / new, 1)))
    headers = (
        "letters + Polysemy",
        "flags: median ms",
        "worst ms",
        "weigh all: median ms",
        "ratio",
    )
    print(table(headers, rows))


if __name__ == "__main__":
    main()
