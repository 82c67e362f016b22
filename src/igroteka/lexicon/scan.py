"""Reading a whole dictionary at once: which forms are words, nouns in the singular, candidates
for the rule ``nouns``, for the compiled index (:mod:`igroteka.lexicon.index`).

pymorphy3 keeps a dictionary's forms in a DAWG whose keys are the form, a separator and its
reading: the number of a *paradigm* (a lemma's table of endings and tags) and the place in it.
A form is read once per reading, millions of times in all (Ukrainian 6.5 million readings of
3.7 million forms), so nothing here is done form by form in Python:

- the DAWG's file is read whole (:mod:`igroteka.lexicon.dawgfile`): the forms, sorted, as one
  buffer of UTF-8 bytes, and each form's readings as rows of bytes;
- NumPy reads each reading's paradigm and place from its bytes, and its tag from the paradigm;
- what a tag says (a distortion, an abbreviation, a proper name, a noun in the nominative
  singular...) is worked out once for each of the dictionary's few thousand tags, and spread
  over the readings by indexing;
- a form's readings are next to each other, so what a form is, is what any of its readings is
  (one reduction over each form's readings);
- only indeclinable readings (a few thousand) go through Python: whether one is an
  abbreviation depends on its lemma and its form's other readings
  (:func:`igroteka.lexicon.morph.abbreviation`).

The rules are the judge's own: a form is a word of the rule ``any`` exactly when some reading of
it is (:func:`igroteka.lexicon.rules.check`), and the candidates for ``nouns`` are the forms with
a reading that may pass it; the judge decides each of those (tests/lexicon/test_scan.py checks
that the two agree).
"""

from __future__ import annotations

import binascii
import bisect
import itertools
import operator
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from igroteka.lexicon import dawgfile
from igroteka.lexicon.dawgfile import Keys
from igroteka.lexicon.morph import PROPER_MARKS, abbreviation
from igroteka.lexicon.text import ALPHABETS, Language

__all__ = ["GENDERS", "Scanned", "nouns_among", "read_keys", "scan"]

Mask = npt.NDArray[np.bool_]
Indices = npt.NDArray[np.int64]

# What a tag says, as bits of a number per tag.
_DIST = 1  # a distorted form: no reading of the index
_ABBR = 2  # an abbreviation
_FIXD = 4  # indeclinable: an abbreviation or not, by its lemma (see morph.abbreviation)
_PROPER = 8  # a proper name: not a word of the rule "any"
_SINGULAR = 16  # may be a noun in the singular (abbreviations too, as analyses() reads them)
_CANDIDATE = 32  # a noun in the nominative singular (or plural only), no first name
_SURNAME = 64  # the kind of proper name (the first of morph's marks the tag has): a surname,
_PLACE = 128  # a place,
_KINDS = 64 | 128  # or both bits: an organisation or a trademark (none: a common noun)
_FUNCTION = 256  # a preposition, a conjunction or a particle

GENDERS: tuple[str | None, ...] = ("masculine", "feminine", "neuter", None)
"""The genders of :class:`igroteka.lexicon.morph.Analysis`, bit by bit (1, 2, 4, 8)."""


@dataclass(frozen=True)
class Scanned:
    """What a dictionary's scan finds, in normal form (:func:`igroteka.lexicon.text.normal`).

    ``words``: the forms of the rule ``any``, sorted by code point, each once; ``singular``:
    for each of ``words``, whether some reading of it may be a noun in the singular;
    ``candidates``: the forms with a reading that may pass the rule ``nouns`` (nominative,
    singular or plural only, not a first name nor a patronymic), split by what decides them
    (:func:`igroteka.lexicon.rules.nouns_among` asks the judge only what the tags leave open):

    - ``places``: a place name in the nominative, or the surname of a famous person: they pass;
    - ``common``: a common noun in the nominative singular, and no such proper name: it passes
      unless it is a diminutive;
    - ``failing``: the rest (surnames of no famous person, organisations, brands), which fail
      on their own readings.
    """

    words: list[str]
    singular: Mask
    places: list[str]
    common: list[str]
    failing: list[str]
    genders: npt.NDArray[np.uint8]
    """For each of ``common``, the genders of its common-noun readings in the nominative, as
    bits (:data:`GENDERS`): what the diminutive judge compares its bases with."""
    bases: frozenset[str] | None
    """Every form with a reading as a common noun in the nominative singular (or plural
    only), and in Ukrainian the same spelt with г for ґ (the judge reads г as ґ): the nouns
    a diminutive may be made from; None when only some of the dictionary was read."""
    respellable: frozenset[str] | None
    """Every form the judge may also read as another form of the dictionary (Ukrainian: each
    form with ґ, spelt with г); None when only some of the dictionary was read."""


def read_keys(dictionary: Any) -> Keys:
    """Every key of the dictionary's DAWG (its forms and their readings), read from its file
    (:mod:`igroteka.lexicon.dawgfile`)."""
    return dawgfile.read(Path(dictionary.path) / "words.dawg", payload=_PAYLOAD)


_PAYLOAD = 9
"""The bytes of a reading after its form's ``\\x01``: 8 of base64 and a line end."""


def scan(
    dictionary: Any,
    lang: Language,
    keys: Sequence[str] | None = None,
    progress: Callable[[float], object] = lambda _: None,
) -> Scanned:
    """Read a pymorphy3 dictionary (``analyzer(lang).dictionary``) whole, or only the ``keys``
    of its DAWG given (sorted), ``progress`` told how far the scan is (0 to 1)."""
    read = read_keys(dictionary) if keys is None else Keys.of(keys, _PAYLOAD)
    progress(0.3)
    lines = _Lines(read, lang)
    progress(0.5)
    table = _Paradigms.of(dictionary)
    tags = _tags(table, lines.para, lines.idx)
    flags = _tag_flags(dictionary, lang)[tags]
    word = (flags & (_DIST | _ABBR | _PROPER)) == 0
    candidate = (flags & (_DIST | _ABBR | _CANDIDATE)) == _CANDIDATE
    singular = (flags & _SINGULAR) != 0
    _spare_indeclinables(dictionary, lines, table, flags, (word, candidate))
    kind = flags & _KINDS
    place = candidate & (kind == _PLACE)
    surnames = np.flatnonzero(candidate & (kind == _SURNAME))
    place[_famous(dictionary, lines, surnames, lang, table)] = True
    common = candidate & (kind == 0)  # a diminutive's base too (кофе)
    fixed = (flags & _FIXD) != 0  # indeclinable: not a noun where the form is a function word
    function = (flags & (_FUNCTION | _DIST)) == _FUNCTION
    genders = _tag_genders(dictionary, lang)[tags]
    progress(0.7)
    kept = word | candidate | singular
    columns: list[npt.NDArray[Any]] = [word, singular, candidate, function, common]
    columns += [place & ~fixed, place & fixed, common & ~fixed, common & fixed]
    columns += [np.where(fixed, 0, genders), np.where(fixed, genders, 0)]
    forms, grouped = lines.group(kept, columns)
    any_word, any_singular, any_candidate, any_function, any_base, *nouns = grouped
    progress(0.9)
    places, fixed_places, commons, fixed_commons, genders_of, fixed_genders_of = nouns
    nouns_too = ~any_function  # до, по, ли: an indeclinable noun reading is an artefact
    any_place = places | (fixed_places & nouns_too)
    any_common = (commons | (fixed_commons & nouns_too)) & ~any_place
    gendered = genders_of | np.where(nouns_too, fixed_genders_of, 0)
    failing = any_candidate & ~any_place & ~any_common
    bases = list(itertools.compress(forms, any_base.tolist()))
    if lang == "uk":
        bases += [form.replace("ґ", "г") for form in bases if "ґ" in form]
    return Scanned(
        words=list(itertools.compress(forms, any_word.tolist())),
        singular=any_singular[any_word],
        places=list(itertools.compress(forms, any_place.tolist())),
        common=list(itertools.compress(forms, any_common.tolist())),
        failing=list(itertools.compress(forms, failing.tolist())),
        genders=gendered[any_common],
        bases=frozenset(bases) if keys is None else None,
        respellable=_respellable(lines) if keys is None else None,
    )


def _respellable(lines: _Lines) -> frozenset[str]:
    """The forms the judge may also read as another form of the dictionary: each form spelt
    with a letter it also reads another as (Ukrainian ґ, which г may be), spelt without."""
    substitute = _READ_AS_OTHERS.get(lines.lang)
    if substitute is None:
        return frozenset()
    letter, other = substitute
    numbers = lines.forms_with(other).tolist()
    return frozenset(lines.forms[number].replace(other, letter) for number in numbers)


def nouns_among(found: Scanned, lang: Language) -> set[str]:
    """The forms of a dictionary's scan that pass the rule ``nouns`` (famous surnames
    included): what the judge (:func:`igroteka.lexicon.rules.check`) says of each candidate,
    asked only where the tags leave it open. A place name passes, so does a common noun in
    the nominative singular unless it is a diminutive; the judge decides the rest, and every
    form it also reads as another spelling (Ukrainian г as ґ: гуля is a surname, ґуля a
    noun). tests/lexicon/test_scan.py checks these are the nouns the judge takes among every
    candidate."""
    from igroteka.lexicon.diminutive import base_of
    from igroteka.lexicon.rules import check, famous_surnames

    asking = (*found.common, *found.failing)
    if found.respellable is not None:  # a form another cannot be read as is not asked
        asking = tuple(form for form in asking if form in found.respellable)
    respelt = {form for form in asking if _respelt(form, lang)}
    genders = [frozenset(g for n, g in enumerate(GENDERS) if bits >> n & 1) for bits in range(16)]
    common = {
        form
        for form, bits in zip(found.common, found.genders.tolist(), strict=True)
        if form not in respelt and base_of(form, lang, genders[bits], found.bases) is None
    }
    asked = {*respelt, *famous_surnames(lang)}
    return {*found.places, *common, *(form for form in asked if check(form, lang, "nouns").ok)}


_READ_AS_OTHERS = {"uk": ("г", "ґ")}
"""A letter the judge also reads as another (pymorphy3's substitutes: Ukrainian г as ґ) where
the scan keeps the dictionary's spelling (Russian ё it reads as е, as the judge does)."""


def _respelt(form: str, lang: Language) -> bool:
    """Whether the judge also reads ``form`` as another form of the dictionary."""
    from igroteka.lexicon.morph import known_parses

    letter, _ = _READ_AS_OTHERS.get(lang, ("", ""))
    if not letter or letter not in form:
        return False
    return any(spelt != form for spelt, _, _ in known_parses(form, lang))


def _famous(
    dictionary: Any, lines: _Lines, chosen: Indices, lang: Language, table: _Paradigms
) -> Indices:
    """The lines of ``chosen`` (surnames) that are a famous person's, by form or lemma."""
    from igroteka.lexicon.rules import famous_surnames
    from igroteka.lexicon.text import normal

    famous = famous_surnames(lang)
    firsts, group_of, lemmas = _lemmas(dictionary, lines, chosen, table)
    found = [
        lines.form(line) in famous or normal(lemma, lang) in famous
        for line, lemma in zip(firsts.tolist(), lemmas, strict=True)
    ]
    return chosen[np.array(found, dtype=bool)[group_of]] if found else chosen[:0]


def _lemmas(
    dictionary: Any, lines: _Lines, chosen: Indices, table: _Paradigms
) -> tuple[Indices, Indices, list[str]]:
    """The lines of ``chosen`` in groups that share what a lemma is built from (the form, the
    paradigm, the prefix and suffix of the line's place in it, whether that place is the
    first), the groups in the order of their first lines: each group's first line, the group
    of each line, and each group's lemma."""
    if not chosen.size:
        return chosen, chosen, []
    place = table.starts[lines.para[chosen]] + lines.idx[chosen]
    parts = (lines.form_of[chosen], lines.para[chosen], lines.idx[chosen] == 0)
    keys = np.stack([*parts, table.suffix[place], table.prefix[place]], axis=1)
    _, first, shared = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(first)  # the groups by their first line
    renumbered = np.empty_like(order)
    renumbered[order] = np.arange(len(order))
    firsts = chosen[first[order]]
    lemmas = [
        dictionary.build_normal_form(int(lines.para[line]), int(lines.idx[line]), lines.raw(line))
        for line in firsts.tolist()
    ]
    return firsts, renumbered[shared.reshape(-1)], lemmas


def _tag_flags(dictionary: Any, lang: Language) -> npt.NDArray[np.uint16]:
    """What each of the dictionary's tags says, as bits (``_DIST``...), by tag number."""
    flags = np.zeros(len(dictionary.gramtab), dtype=np.uint16)
    for number, tag in enumerate(dictionary.gramtab):
        flags[number] = _flags_of(tag, lang)
    return flags


def _tag_genders(dictionary: Any, lang: Language) -> npt.NDArray[np.uint8]:
    """By tag number: the gender bit of a common noun's reading in the nominative (what
    :func:`igroteka.lexicon.diminutive.base_of` asks of a word's readings), else 0."""
    from igroteka.lexicon.morph import analysis_facts

    bits = np.zeros(len(dictionary.gramtab), dtype=np.uint8)
    for number, tag in enumerate(dictionary.gramtab):
        if "Dist" in tag.grammemes:
            continue
        pos, case, _, proper, _, _, gender = analysis_facts(tag, lang)
        if pos == "noun" and proper is None and case == "nominative":
            bits[number] = 1 << GENDERS.index(gender)
    return bits


def _flags_of(tag: Any, lang: Language) -> int:
    grammemes = tag.grammemes
    noun = tag.POS == "NOUN"
    flags = 0
    if "Dist" in grammemes:
        flags |= _DIST
    elif noun and "plur" not in grammemes and ("sing" in grammemes or lang == "uk"):
        flags |= _SINGULAR  # dict_uk leaves the number off its singular nouns
    if "Abbr" in grammemes:
        flags |= _ABBR
    if "Fixd" in grammemes:
        flags |= _FIXD
    if tag.POS in ("PREP", "CONJ", "PRCL"):
        flags |= _FUNCTION
    if not PROPER_MARKS.isdisjoint(grammemes):
        flags |= _PROPER | _KIND.get(_kind(grammemes) or "", _KINDS)
    if (
        noun
        and ("nomn" in grammemes or (lang == "uk" and tag.case is None))
        and ("plur" not in grammemes or "Pltm" in grammemes)
        and "Name" not in grammemes
        and "Patr" not in grammemes
    ):
        flags |= _CANDIDATE
    return flags


_KIND = {"surname": _SURNAME, "place": _PLACE}


def _kind(grammemes: Any) -> str | None:
    """The kind of proper name a reading is, as :func:`igroteka.lexicon.morph.analyses` says."""
    from igroteka.lexicon.morph import proper_kind

    return proper_kind(grammemes)


def _tags(table: _Paradigms, para: Indices, idx: Indices) -> Indices:
    """The tag number of each reading."""
    found: Indices = table.tag[table.starts[para] + idx].astype(np.int64)
    return found


@dataclass(frozen=True)
class _Paradigms:
    """Every paradigm of a dictionary, place by place: the number of its suffix, its tag and
    its prefix (a paradigm's three thirds), and where each paradigm's places begin."""

    starts: Indices
    suffix: npt.NDArray[np.uint16]
    tag: npt.NDArray[np.uint16]
    prefix: npt.NDArray[np.uint16]

    @classmethod
    def of(cls, dictionary: Any) -> _Paradigms:
        """A pymorphy3 dictionary's paradigms."""
        paradigms = dictionary.paradigms
        sizes = np.fromiter((len(p) // 3 for p in paradigms), np.int64, len(paradigms))
        starts = np.zeros(len(paradigms), dtype=np.int64)
        np.cumsum(sizes[:-1], out=starts[1:])
        thirds = np.concatenate(
            [np.frombuffer(p, dtype=np.uint16).reshape(3, -1) for p in paradigms], axis=1
        )
        return cls(starts, thirds[0], thirds[1], thirds[2])


def _spare_indeclinables(
    dictionary: Any,
    lines: _Lines,
    table: _Paradigms,
    flags: npt.NDArray[np.uint16],
    spared: tuple[Mask, Mask],
) -> None:
    """An indeclinable reading is an abbreviation when its lemma is that of another reading of
    the form tagged ``Abbr``, or it has no vowel or no consonant (morph.abbreviation): such
    readings are no word and no candidate (both of ``spared`` made False). Decided one by one
    (they are few), once for each form and lemma."""
    fixed = np.flatnonzero((flags & (_FIXD | _DIST | _ABBR)) == _FIXD)
    if not fixed.size:
        return
    asked = {lines.forms[number] for number in np.unique(lines.form_of[fixed]).tolist()}
    shortened = np.flatnonzero((flags & _ABBR) != 0)
    shortened = shortened[[lines.form(line) in asked for line in shortened.tolist()]]
    abbreviated: dict[str, set[str]] = {}
    for line, lemma in _each_lemma(dictionary, lines, shortened, table):
        abbreviated.setdefault(lines.form(line), set()).add(lemma)
    firsts, group_of, lemmas = _lemmas(dictionary, lines, fixed, table)
    decided: dict[tuple[str, str], bool] = {}  # an indeclinable word has a line per case
    verdicts = []
    for line, lemma in zip(firsts.tolist(), lemmas, strict=True):
        raw = lines.raw(line)
        verdict = decided.get((raw, lemma))
        if verdict is None:
            form = lines.form(line)
            tag = dictionary.build_tag_info(int(lines.para[line]), int(lines.idx[line]))
            verdict = abbreviation(form, lemma, tag, abbreviated.get(form, set()))
            decided[raw, lemma] = verdict  # Fixd, not Abbr: the same answer for any tag
        verdicts.append(verdict)
    spare = fixed[np.array(verdicts, dtype=bool)[group_of]]
    for mask in spared:
        mask[spare] = False


def _each_lemma(
    dictionary: Any, lines: _Lines, chosen: Indices, table: _Paradigms
) -> list[tuple[int, str]]:
    """Each line of ``chosen`` with its lemma."""
    if not chosen.size:
        return []
    _, group_of, lemmas = _lemmas(dictionary, lines, chosen, table)
    return list(zip(chosen.tolist(), [lemmas[group] for group in group_of.tolist()], strict=True))


class _Lines:
    """The dictionary's readings, a line each: its form (a number among the forms, which are
    sorted by code point as the dictionary spells them, each once), its paradigm and its place
    in it; the forms as strings in normal form (Russian ё read as е)."""

    def __init__(self, keys: Keys, lang: Language) -> None:
        self.lang = lang
        self.keys = keys
        self.form_of = keys.form_of
        para, idx = _readings(keys.payloads)  # each distinct reading once
        self.para, self.idx = para[keys.payload_of], idx[keys.payload_of]
        text = keys.text
        changed = np.zeros(len(keys.starts), dtype=bool)
        """Whether each form is not spelt as in the dictionary (Russian ё)."""
        if lang == "ru":  # Russian ё (d1 91) as е (d0 b5), the same length
            changed[self.forms_with("ё")] = True
            text = text.replace("ё".encode(), "е".encode())
        decoded = text.decode("utf-8")
        self.forms = decoded.split("\n")[:-1]
        self.changed = changed[self.form_of]
        """Whether each line's form is not spelt as in the dictionary."""
        self.valid = _in_alphabet(keys, lang)[self.form_of]
        """Whether each line's form is written in the language's letters."""

    def forms_with(self, letter: str) -> Indices:
        """The forms spelt with ``letter`` in the dictionary, by number (each once)."""
        text = self.keys.text
        places = [found.start() for found in re.finditer(re.escape(letter.encode()), text)]
        found = np.searchsorted(self.keys.starts, np.array(places, dtype=np.int64), "right") - 1
        return np.unique(found)

    def raw(self, line: int) -> str:
        """A line's form as the dictionary spells it."""
        number = int(self.form_of[line])
        if not self.changed[line]:
            return self.forms[number]
        start = int(self.keys.starts[number])
        return self.keys.text[start : start + int(self.keys.sizes[number])].decode()

    def form(self, line: int) -> str:
        """A line's form in normal form."""
        return self.forms[int(self.form_of[line])]

    def group(
        self, chosen: Mask, columns: Sequence[npt.NDArray[Any]]
    ) -> tuple[list[str], list[npt.NDArray[Any]]]:
        """The forms of the ``chosen`` lines written in the language's letters, each once,
        sorted by code point, and for each of ``columns`` (a flag, or a few bits, per line)
        whether any line of the form has it (the bits of any line)."""
        packed, widths = _pack(columns)  # one reduction for them all
        chosen = chosen & self.valid
        lines = np.flatnonzero(chosen & ~self.changed)  # sorted already, a form's lines together
        numbers = self.form_of[lines]
        first = np.flatnonzero(np.diff(numbers, prepend=-1))  # where each form's lines begin
        forms = self._text(lines[first])
        flags = [np.bitwise_or.reduceat(packed[lines], first) if first.size else packed[:0]]
        moved = np.flatnonzero(chosen & self.changed)
        if moved.size:  # Russian forms spelt with ё in the dictionary: sorted elsewhere now
            forms, flags = self._merge(forms, flags, moved, [packed])
        return forms, _unpack(flags[0], columns, widths)

    def _text(self, lines: Indices) -> list[str]:
        """The forms of ``lines``, in normal form."""
        if not lines.size:
            return []
        chosen = operator.itemgetter(*self.form_of[lines].tolist())(self.forms)
        return list(chosen) if len(lines) > 1 else [chosen]

    def _merge(
        self,
        forms: list[str],
        flags: list[npt.NDArray[Any]],
        moved: Indices,
        columns: Sequence[npt.NDArray[Any]],
    ) -> tuple[list[str], list[npt.NDArray[Any]]]:
        """Add the forms of the ``moved`` lines to the sorted ``forms`` and their ``flags``."""
        spelt = self._text(moved)
        order = sorted(range(len(spelt)), key=spelt.__getitem__)
        spelt = [spelt[place] for place in order]
        moved = moved[np.array(order, dtype=np.int64)]
        first = np.flatnonzero([True, *(a != b for a, b in itertools.pairwise(spelt))])
        added = [spelt[place] for place in first.tolist()]
        values = [np.bitwise_or.reduceat(column[moved], first) for column in columns]
        places = np.array([bisect.bisect_left(forms, form) for form in added], dtype=np.int64)
        found = np.array(
            [
                place < len(forms) and forms[place] == form
                for place, form in zip(places.tolist(), added, strict=True)
            ],
            dtype=bool,
        ).reshape(-1)
        for flag, value in zip(flags, values, strict=True):
            np.bitwise_or.at(flag, places[found], value[found])
        merged: list[str] = []
        previous = 0
        for place, form in zip(
            places[~found].tolist(), itertools.compress(added, (~found).tolist()), strict=True
        ):
            merged.extend(forms[previous:place])
            merged.append(form)
            previous = place
        merged.extend(forms[previous:])
        new = places[~found]
        return merged, [
            np.insert(flag, new, value[~found]) for flag, value in zip(flags, values, strict=True)
        ]


def _readings(payloads: npt.NDArray[np.uint8]) -> tuple[Indices, Indices]:
    """Each reading's paradigm and place in it: 4 bytes, big-endian, in base64."""
    text = payloads[:, :8].tobytes().replace(b"=", b"A")  # padding as zero bits
    decoded = np.frombuffer(binascii.a2b_base64(text), dtype=">u2").reshape(-1, 3)
    return decoded[:, 0].astype(np.int32), decoded[:, 1].astype(np.int32)


def _in_alphabet(keys: Keys, lang: Language) -> Mask:
    """Whether each form of ``keys`` is written in the language's letters alone (and, in
    Ukrainian, apostrophes between letters: пра' is junk)."""
    if lang != "uk":
        return keys.written_in(ALPHABETS[lang])
    valid = keys.written_in(ALPHABETS[lang] + "'")
    text = keys.text
    firsts = [0] if text.startswith(b"'") else []  # an apostrophe first or last
    edges = [*firsts, *(place + 1 for place in _finds(text, b"\n'")), *_finds(text, b"'\n")]
    valid[np.searchsorted(keys.starts, np.array(edges, dtype=np.int64), "right") - 1] = False
    return valid


def _finds(text: bytes, part: bytes) -> Iterator[int]:
    """Where ``part`` is in ``text``, each place (few: a search a place)."""
    place = text.find(part)
    while place >= 0:
        yield place
        place = text.find(part, place + 1)


def _pack(columns: Sequence[npt.NDArray[Any]]) -> tuple[npt.NDArray[np.uint32], list[int]]:
    """``columns`` (flags, or numbers of a few bits) side by side in one number per line,
    and the bits each takes."""
    packed = np.zeros(len(columns[0]), dtype=np.uint32)
    widths = [1 if column.dtype == np.bool_ else 8 for column in columns]
    shift = 0
    for column, width in zip(columns, widths, strict=True):
        if int(column.max(initial=0)) >> width:
            raise ValueError("a column of more bits than it may have")
        packed |= column.astype(np.uint32) << np.uint32(shift)
        shift += width
    if shift > 32:
        raise ValueError("too many columns to pack")
    return packed, widths


def _unpack(
    packed: npt.NDArray[np.uint32], columns: Sequence[npt.NDArray[Any]], widths: list[int]
) -> list[npt.NDArray[Any]]:
    """The columns of :func:`_pack` again, each of its own type."""
    found = []
    shift = 0
    for column, width in zip(columns, widths, strict=True):
        bits = (packed >> np.uint32(shift)) & np.uint32((1 << width) - 1)
        found.append(bits.astype(column.dtype))
        shift += width
    return found
