"""Klepka, words and pictures: a memory game of WORD and PICTURE cards (rule sheet 000).

See :mod:`igroteka.games.klepka.rules` for the rules, :mod:`.chain` for the
chain solver, :mod:`.deck` for decks and :mod:`.bots` for the bots.
"""
