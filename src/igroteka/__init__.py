"""Igroteka: word and card games in Ukrainian, Russian and English.

The package is layered: :mod:`igroteka.engine` is the game-agnostic kernel,
:mod:`igroteka.games` holds the rules of each game, and everything else (bots,
command line, later the server) talks to a game only through the kernel.
"""

__version__ = "0.1.0"
