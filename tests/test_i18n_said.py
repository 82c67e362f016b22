"""A sentence is said as the formatter says it, and once per language: the quick path of
``_render`` and the translations each Text remembers change nothing that is said."""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igroteka.i18n import LANGUAGES, Text, _formatter, _render, catalogue, translate

TEMPLATES = sorted({*catalogue("uk"), *catalogue("ru")})
"""Every English template that has a translation."""


def sample_values(template: str, number: int, inner: Text) -> dict[str, Any]:
    """Values for every field of a template: a number where a field has plural forms, else
    a number, a name or a Text in turn."""
    templates = [template] + [catalogue(lang).get(template, "") for lang in ("uk", "ru")]
    fields = [
        (name, spec)
        for said in templates
        for _, name, spec, _ in string.Formatter().parse(said)
        if name is not None
    ]
    counted = {name for name, spec in fields if spec and "|" in spec}
    values: dict[str, Any] = {}
    for name, _ in fields:
        if name not in values:
            choice = (number, f"Ann{number}", inner)[len(values) % 3]
            values[name] = number if name in counted else choice
    return values


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_is_said_as_the_formatter_says_it_in_every_language(
    template: str,
) -> None:
    inner = Text("Bot ({level})", level=Text("easy"))
    for number in (0, 1, 2, 5, 11, 21, 22, 112):
        values = sample_values(template, number, inner)
        for lang in LANGUAGES:
            said = catalogue(lang).get(template, template)
            assert _render(said, values, lang) == _formatter(lang).vformat(said, (), values)


def test_a_field_the_quick_path_does_not_know_is_left_to_the_formatter() -> None:
    values = {"name": "x", "count": 7, "a": "yz"}
    assert _render("{name!r} {count:>3} {a[0]}", values, "en") == "'x'   7 y"
    assert Text("{name!r} has {count:>3}", name="Ann", count=7) == "'Ann' has   7"
    assert Text("{{literal}} {count:card|cards}", count=2) == "{literal} cards"


@given(
    st.lists(st.sampled_from(LANGUAGES), min_size=1, max_size=8),
    st.integers(min_value=0, max_value=200),
)
def test_a_remembered_translation_is_never_said_in_another_language(
    order: list[str], count: int
) -> None:
    """Whatever order the languages are asked in, each gets its own sentence: the one a Text
    made afresh says, nested Texts included."""
    name = Text("Bot ({level})", level=Text("medium"))
    said = Text("{name} laid {count} {count:card|cards} face down", name=name, count=count)
    for lang in order:
        fresh = Text(
            "{name} laid {count} {count:card|cards} face down",
            name=Text("Bot ({level})", level=Text("medium")),
            count=count,
        )
        expected = _formatter(lang).vformat(
            catalogue(lang).get(fresh.template, fresh.template), (), fresh.values
        )
        assert translate(said, lang) == expected
        assert translate(name, lang) == translate(Text("Bot ({level})", level=Text("medium")), lang)
    assert {translate(said, "uk"), translate(said, "ru"), translate(said, "en")} == {
        translate(said, lang) for lang in LANGUAGES
    }
    assert len({translate(said, lang) for lang in LANGUAGES}) == 3  # three languages, three


def test_a_text_pickled_is_said_the_same_and_remembers_nothing_it_was_not_told() -> None:
    import pickle

    said = Text("card {number} is already face up", number=3)
    assert translate(said, "uk") == "картка 3 вже лежить лицем догори"
    again = pickle.loads(pickle.dumps(said))
    assert again == said and again.template == said.template
    assert translate(again, "ru") == "карточка 3 уже лежит лицом вверх"
    assert translate(again, "uk") == "картка 3 вже лежить лицем догори"
