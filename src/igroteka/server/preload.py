"""What the worker processes' parent loads once, for every worker to share.

The bots compute in worker processes (:mod:`igroteka.server.workers`), forked by
a server of their own (multiprocessing's *forkserver*), which imports this module
before it forks the first of them. Importing it loads the association bots' meaning model
(:mod:`igroteka.games.associations.meaning`) and what the bots ask of the
lexicon in the languages of the games that ask it (those whose index is built;
:func:`igroteka.lexicon.shared.load`), then moves every object alive out of the
cyclic collector's sight (``gc.freeze``), so that a collection in a worker does
not write to, and so copy, the pages of the crossword automaton's nodes. Every
worker begins with those pages, shared with the others for as long as none
writes to one (copy on write), instead of loading a copy of its own when its
first bot asks (about 320 MB each once every word game has been played).
"""

from __future__ import annotations

import gc

from igroteka.games.associations import meaning
from igroteka.lexicon.shared import load
from igroteka.server.readiness import word_languages

__all__ = ["LOADED", "MEANINGS", "RANKED"]

RANKED = ("uk",)
"""The languages whose frequency list the bots use: Klepka letters' (games/letters/bots.py
ranks words by it). The crossword bots do not, so the Russian list (115 MB) is not loaded."""

_wanted = word_languages()
LOADED = tuple(load(_wanted, [lang for lang in RANKED if lang in _wanted]))
"""The languages whose lexicon the workers' parent loaded (a missing index is not built here:
the server builds it, and each worker loads it when first asked)."""
MEANINGS = meaning.load()
"""The association bots' model and the cards' vectors, loaded (not run: a run would start the
model's threads, which a fork must not copy) before the workers are forked."""
gc.collect()  # what is garbage now would never be collected once frozen
gc.freeze()
