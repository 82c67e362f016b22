"""What the worker processes' parent loads once, for every worker to share.

The bots compute in worker processes (:mod:`igroteka.server.workers`), forked by
a server of their own (multiprocessing's *forkserver*), which imports this module
before it forks the first of them. Importing it loads what the bots ask of the
lexicon in the languages of the games that ask it (those whose index is built;
:func:`igroteka.lexicon.shared.load`) and what each game's entry says its bots load
(its ``preload`` hook: a model, word frequencies), then moves every object alive out
of the cyclic collector's sight (``gc.freeze``), so that a collection in a worker does
not write to, and so copy, the pages of the GADDAG automaton's nodes. Every
worker begins with those pages, shared with the others for as long as none
writes to one (copy on write), instead of loading a copy of its own when its
first bot asks (about 320 MB each once every word game has been played).
"""

from __future__ import annotations

import gc

from igroteka.games import entry, game_names
from igroteka.lexicon.shared import load
from igroteka.server.readiness import word_languages

__all__ = ["LOADED", "PRELOADED"]

LOADED = tuple(load(word_languages()))
"""The languages whose lexicon the workers' parent loaded (a missing index is not built here:
the server builds it, and each worker loads it when first asked)."""
PRELOADED = {
    name: hook(LOADED) for name in game_names() if (hook := entry(name).preload) is not None
}
"""What each game's bots load once here, by game (its entry's ``preload`` hook), kept alive
to be shared by the workers forked after."""
gc.collect()  # what is garbage now would never be collected once frozen
gc.freeze()
