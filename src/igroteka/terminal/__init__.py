"""People at a keyboard: each game renders its table and asks for actions.

A game's package may hold its terminal (``games/<name>/terminal.py``), reached through its
registry entry's ``terminal`` hook: a :class:`GameTerminal` of its ``intro``, ``Narrator``,
``Person`` and ``render_results``. A game without one is played with the plain terminal
(:mod:`igroteka.terminal.plain`). This package holds what they share, and names no game.

>>> from igroteka.games import game_names
>>> isinstance(for_game(game_names()[0]), GameTerminal)
True
"""

from __future__ import annotations

from typing import Any

from igroteka.terminal.keyboard import AtKeyboard, GameTerminal, Person

__all__ = ["AtKeyboard", "GameTerminal", "Person", "for_game"]


def for_game(name: str) -> GameTerminal[Any]:
    """The terminal of a game: its own (its entry's ``terminal`` hook), else the plain one."""
    from igroteka.games import entry
    from igroteka.terminal.plain import plain

    found = entry(name)
    if found.terminal is None:
        return plain(found)
    terminal = found.terminal()
    if not isinstance(terminal, GameTerminal):
        raise TypeError(f"the terminal of {name} is no GameTerminal")
    return terminal
