"""The examples in the docstrings are true: every module's doctests run."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import igroteka


def has_examples(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    origin = spec.origin if spec else None
    return origin is not None and ">>> " in Path(origin).read_text("utf-8")


MODULES = sorted(
    found.name
    for found in pkgutil.walk_packages(igroteka.__path__, "igroteka.")
    if not found.name.endswith("__main__") and has_examples(found.name)
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_a_modules_docstrings_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
