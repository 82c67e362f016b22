"""Loading a language's lexicon once, in a process that forks others which then share it.

A server's bots compute in worker processes (:mod:`igroteka.server.workers`),
forked by a forkserver that first loads the lexicon with :func:`load`
(:mod:`igroteka.server.preload`). A worker that loads the lexicon for itself
holds a copy of all of it: the GADDAG automaton's nested dicts (134 MB for
Ukrainian, 83 MB for Russian), the frequency list (83 MB for Ukrainian), the
analyser's tables. Loaded in their parent before it forks them, they are in the
workers from the start, in pages the workers share for as long as none of them
writes to a page (copy on write):

- the index's files (tries, bit sets, the packed automaton) are mapped from
  the cache, read-only: the system keeps one copy of a file's pages for every
  process that maps it, whenever it mapped it;
- the Python objects built from them (the automaton's dicts, the frequency
  dict) are moved out of the cyclic collector's sight before the fork
  (``gc.freeze``), or each collection in a worker would write to every one of
  them. Reading a dict still writes the reference count of what it hands out,
  so a worker copies the pages of the nodes it walks; the rest stays shared
  (bench/memory.py measures it).
"""

from __future__ import annotations

from collections.abc import Iterable

from igroteka.lexicon.text import check_language

__all__ = ["load"]


def load(langs: Iterable[str], ranked: Iterable[str] = ()) -> list[str]:
    """Load what the games' bots ask of the lexicon in each of ``langs`` whose index is
    built (a missing one takes minutes to build: it is built later, and each process
    that uses it loads it then): the word index, the GADDAG automaton, the analyser.
    Also the frequency lists of the languages in ``ranked`` (the bots that rank words
    by frequency play in those). The languages loaded, in order."""
    from igroteka.lexicon import gaddag, search
    from igroteka.lexicon.frequency import zipf
    from igroteka.lexicon.index import index, is_built
    from igroteka.lexicon.morph import analyzer

    loaded: list[str] = []
    for lang in langs:
        language = check_language(lang)
        if not is_built(language):
            continue
        index(language)
        gaddag.automaton(language)
        analyzer(language)
        search._singular_signatures(language)  # an array worked out from it
        loaded.append(language)
    for lang in ranked:
        language = check_language(lang)
        if language in loaded:
            zipf("а", language)  # wordfreq's list, read whole on its first question
    return loaded
