"""No module of the package imports itself back, not even through an import inside a function.

An import inside a function can hide a cycle from Python (it runs after both modules have
loaded) but not from a reader: the two modules are one unit that cannot be understood apart.
The graph here counts every ``import`` of an ``igroteka`` module anywhere in a file, except
those under ``if TYPE_CHECKING:`` (they never run); a name imported from a package that is
a module of its own (``from igroteka.lexicon import gaddag``) counts as that module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in (SOURCE / "igroteka").rglob("*.py"):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(inner) for inner in ast.walk(node))
    return hidden


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that ``name`` (at ``path``) imports, anywhere in it."""

    def nearest(dotted: str) -> str:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text("utf-8"))
    hidden = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            yield from (nearest(a.name) for a in node.names if a.name.startswith("igroteka"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            if base.startswith("igroteka"):
                for alias in node.names:
                    whole = f"{base}.{alias.name}"
                    yield whole if whole in known else nearest(base)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for after in graph[node]:
            if after not in order:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], order[after])
        if low[node] == order[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in graph:
        if node not in order:
            visit(node)
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imported(name, path, known)) - {name, ""} for name, path in known.items()}


@pytest.mark.slow
def test_no_module_imports_itself_back_through_others() -> None:
    graph = import_graph()
    assert (
        len(graph) > 50 and "igroteka.lexicon.gaddag" in graph["igroteka.games.crossword.movegen"]
    )
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle_held_open_inside_a_function() -> None:
    graph = import_graph()
    # the cycle the lexicon had: the index built the GADDAG, which reads the index itself and
    # through the search
    graph["igroteka.lexicon.index"].add("igroteka.lexicon.gaddag")
    lexicon = ["igroteka.lexicon.gaddag", "igroteka.lexicon.index", "igroteka.lexicon.search"]
    assert cycles(graph) == [lexicon]
