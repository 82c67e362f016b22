"""People at a keyboard: one module per game renders its table and asks for actions.

Each module has ``intro(options, seed)``, ``Narrator(console, names, delay)``,
``Person(name, seat, console, names)`` and ``render_results(outcome, names)``.
"""

import importlib
from types import ModuleType

_MODULES = {"klepka": "igroteka.terminal.klepka", "letters": "igroteka.terminal.letters"}


def for_game(name: str) -> ModuleType:
    """The terminal module of a game."""
    return importlib.import_module(_MODULES[name])
