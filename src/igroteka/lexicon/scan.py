"""Reading a whole dictionary at once: which forms are words, nouns in the singular, candidates
for the rule ``nouns``, for the compiled index (:mod:`igroteka.lexicon.index`).

pymorphy3 keeps a dictionary's forms in a DAWG whose keys are the form, a separator and its
reading: the number of a *paradigm* (a lemma's table of endings and tags) and the place in it.
A form is read once per reading, millions of times in all (Ukrainian 6.5 million readings of
3.7 million forms), so nothing here is done form by form in Python:

- the DAWG's keys come out in one call, sorted, and are joined into one buffer of UTF-8 bytes;
- NumPy reads each key's reading from its bytes, and each reading's tag from its paradigm;
- what a tag says (a distortion, an abbreviation, a proper name, a noun in the nominative
  singular...) is worked out once for each of the dictionary's few thousand tags, and spread
  over the readings by indexing;
- a form's readings are next to each other, so what a form is, is what any of its readings is
  (one reduction over each run of equal forms);
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
from typing import Any

import numpy as np
import numpy.typing as npt

from igroteka.lexicon.morph import PROPER_MARKS, abbreviation
from igroteka.lexicon.text import ALPHABETS, Language

__all__ = ["GENDERS", "Scanned", "nouns_among", "raw_keys", "scan"]

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


def raw_keys(dictionary: Any) -> list[str]:
    """Every key of the dictionary's DAWG: a form, ``\\x01``, its reading in base64 and a
    line end; one key per reading, sorted."""
    import dawg

    keys: list[str] = dawg.CompletionDAWG.keys(dictionary.words)
    return keys


def scan(
    dictionary: Any,
    lang: Language,
    keys: Sequence[str] | None = None,
    progress: Callable[[float], object] = lambda _: None,
) -> Scanned:
    """Read a pymorphy3 dictionary (``analyzer(lang).dictionary``) whole: its ``keys`` (by
    default all of :func:`raw_keys`), ``progress`` told how far the scan is (0 to 1)."""
    raw = raw_keys(dictionary) if keys is None else keys
    progress(0.3)
    lines = _Lines(raw, lang)
    progress(0.5)
    tags = _tags(dictionary, lines.para, lines.idx)
    flags = _tag_flags(dictionary, lang)[tags]
    word = (flags & (_DIST | _ABBR | _PROPER)) == 0
    candidate = (flags & (_DIST | _ABBR | _CANDIDATE)) == _CANDIDATE
    singular = (flags & _SINGULAR) != 0
    _spare_indeclinables(dictionary, lines, flags, word, candidate)
    kind = flags & _KINDS
    place = candidate & (kind == _PLACE)
    place[_famous(dictionary, lines, np.flatnonzero(candidate & (kind == _SURNAME)), lang)] = True
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
    )


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

    respelt = {form for form in (*found.common, *found.failing) if _respelt(form, lang)}
    genders = [frozenset(g for n, g in enumerate(GENDERS) if bits >> n & 1) for bits in range(16)]
    common = {
        form
        for form, bits in zip(found.common, found.genders.tolist(), strict=True)
        if form not in respelt and base_of(form, lang, genders[bits], found.bases) is None
    }
    asked = {*respelt, *famous_surnames(lang)}
    return {*found.places, *common, *(form for form in asked if check(form, lang, "nouns").ok)}


_READ_AS_OTHERS = {"uk": "г"}
"""The letters the judge also reads as others (pymorphy3's substitutes: Ukrainian г as ґ)
where the scan keeps the dictionary's spelling (Russian ё it reads as е, as the judge does)."""


def _respelt(form: str, lang: Language) -> bool:
    """Whether the judge also reads ``form`` as another form of the dictionary."""
    from igroteka.lexicon.morph import known_parses

    letters = _READ_AS_OTHERS.get(lang, "")
    if not any(letter in form for letter in letters):
        return False
    return any(spelt != form for spelt, _, _ in known_parses(form, lang))


def _famous(dictionary: Any, lines: _Lines, chosen: Indices, lang: Language) -> Indices:
    """The lines of ``chosen`` (surnames) that are a famous person's, by form or lemma."""
    from igroteka.lexicon.rules import famous_surnames
    from igroteka.lexicon.text import normal

    famous = famous_surnames(lang)
    found = []
    for line in chosen.tolist():
        form = lines.form(line)
        if form in famous:
            found.append(line)
            continue
        lemma = dictionary.build_normal_form(
            int(lines.para[line]), int(lines.idx[line]), lines.raw(line)
        )
        if normal(lemma, lang) in famous:
            found.append(line)
    return np.array(found, dtype=np.int64)


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


def _tags(dictionary: Any, para: Indices, idx: Indices) -> Indices:
    """The tag number of each reading (a paradigm's second third holds its tags)."""
    paradigms = dictionary.paradigms
    sizes = np.fromiter((len(paradigm) // 3 for paradigm in paradigms), np.int64, len(paradigms))
    starts = np.zeros(len(paradigms), dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    tags: npt.NDArray[np.uint16] = np.concatenate(
        [np.frombuffer(p, dtype=np.uint16)[len(p) // 3 : 2 * (len(p) // 3)] for p in paradigms]
    )
    found: Indices = tags[starts[para] + idx].astype(np.int64)
    return found


def _spare_indeclinables(
    dictionary: Any, lines: _Lines, flags: npt.NDArray[np.uint16], word: Mask, candidate: Mask
) -> None:
    """An indeclinable reading is an abbreviation when its lemma is that of another reading of
    the form tagged ``Abbr``, or it has no vowel or no consonant (morph.abbreviation): such
    readings are no word and no candidate. Decided one by one (they are few), once for each
    form and lemma."""
    fixed = np.flatnonzero((flags & (_FIXD | _DIST | _ABBR)) == _FIXD)
    if not fixed.size:
        return
    asked = {lines.form(line) for line in fixed.tolist()}
    abbreviated: dict[str, set[str]] = {}
    for line in np.flatnonzero((flags & _ABBR) != 0).tolist():
        form = lines.form(line)
        if form in asked:
            raw = lines.raw(line)
            lemma = dictionary.build_normal_form(int(lines.para[line]), int(lines.idx[line]), raw)
            abbreviated.setdefault(form, set()).add(lemma)
    decided: dict[tuple[str, str], bool] = {}  # an indeclinable word has a line per case
    for line, para, idx in zip(
        fixed.tolist(), lines.para[fixed].tolist(), lines.idx[fixed].tolist(), strict=True
    ):
        raw = lines.raw(line)
        lemma = dictionary.build_normal_form(para, idx, raw)
        shortened = decided.get((raw, lemma))
        if shortened is None:
            form = lines.form(line)
            tag = dictionary.build_tag_info(para, idx)  # Fixd, not Abbr: the same answer
            shortened = abbreviation(form, lemma, tag, abbreviated.get(form, set()))
            decided[raw, lemma] = shortened
        if shortened:
            word[line] = candidate[line] = False


class _Lines:
    """The DAWG's keys, a line each (``form \x01 reading in base64 \n``), as Python strings and
    as one buffer of their UTF-8 bytes, Russian ё read as е in it (the same length)."""

    PAYLOAD = 10
    """The bytes of a line after its form: the separator, 8 of base64, the line's end."""

    def __init__(self, keys: Sequence[str], lang: Language) -> None:
        self.keys = keys
        self.lang = lang
        data = "".join(keys).encode("utf-8")
        yo = [found.start() for found in _YO.finditer(data)] if lang == "ru" else []
        if yo:  # Russian ё (d1 91) as е (d0 b5), the same length
            data = data.replace(_YO.pattern, "е".encode())
        buffer = np.frombuffer(data, dtype=np.uint8)
        self.buffer = buffer
        ends = np.flatnonzero(buffer == 10)
        self.seps = ends - (self.PAYLOAD - 1)
        if not np.all(buffer[self.seps] == 1):
            raise ValueError("the dictionary's keys are not form, \\x01, reading")
        self.starts = np.zeros_like(ends)
        self.starts[1:] = ends[:-1] + 1
        self.para, self.idx = self._readings()
        self.changed = np.zeros(len(ends), dtype=bool)
        """Whether each line's form is not spelt as in the dictionary (Russian ё)."""
        self.changed[self._line_of(np.array(yo, dtype=np.int64))] = True

    def _line_of(self, places: Indices) -> Indices:
        """The line each byte of ``places`` is in."""
        return np.searchsorted(self.starts, places, side="right") - 1

    def _readings(self) -> tuple[Indices, Indices]:
        """Each line's paradigm and place in it: 4 bytes, big-endian, in base64."""
        eights = np.ndarray(  # the eight bytes from each place of the buffer, as one number
            shape=(len(self.buffer) - 7,), dtype="<u8", buffer=self.buffer, strides=(1,)
        )
        text = eights[self.seps + 1].tobytes().replace(b"=", b"A")  # padding as zero bits
        decoded = np.frombuffer(binascii.a2b_base64(text), dtype=">u2").reshape(-1, 3)
        return decoded[:, 0].astype(np.int64), decoded[:, 1].astype(np.int64)

    def raw(self, line: int) -> str:
        """A line's form as the dictionary spells it."""
        return self.keys[line].split("\x01", 1)[0]

    def form(self, line: int) -> str:
        """A line's form in normal form."""
        raw = self.raw(line)
        return raw.replace("ё", "е") if self.lang == "ru" else raw

    def group(
        self, chosen: Mask, columns: Sequence[npt.NDArray[Any]]
    ) -> tuple[list[str], list[npt.NDArray[Any]]]:
        """The forms of the ``chosen`` lines, each once, sorted by code point, and for each of
        ``columns`` (a flag per line) whether any line of the form has it."""
        lines = np.flatnonzero(chosen & ~self.changed)  # sorted already, a form's lines together
        first = self._runs(lines)
        forms = self._text(lines[first])
        flags = [
            np.bitwise_or.reduceat(column[lines], first) if first.size else column[:0]
            for column in columns
        ]
        moved = np.flatnonzero(chosen & self.changed)
        if moved.size:  # Russian forms spelt with ё in the dictionary: sorted elsewhere now
            forms, flags = self._merge(forms, flags, moved, columns)
        valid = _in_alphabet(forms, self.lang)
        kept = valid.tolist()
        return list(itertools.compress(forms, kept)), [flag[valid] for flag in flags]

    def _runs(self, lines: Indices) -> Indices:
        """Where each run of equal forms begins among ``lines`` (sorted), compared eight bytes
        at a time."""
        starts = self.starts[lines]
        sizes = self.seps[lines] - starts
        words = np.ndarray(  # the eight bytes from each place of the buffer, as one number
            shape=(len(self.buffer) - 7,), dtype="<u8", buffer=self.buffer, strides=(1,)
        )
        same = np.zeros(len(lines), dtype=bool)
        pairs = np.flatnonzero(sizes[1:] == sizes[:-1]) + 1  # a line and the one before it
        place = 0
        while pairs.size:  # while the two are equal so far
            left = sizes[pairs] - place
            whole = left <= 0
            same[pairs[whole]] = True
            pairs, left = pairs[~whole], left[~whole]
            differ = words[starts[pairs] + place] ^ words[starts[pairs - 1] + place]
            keep = np.where(
                left >= 8, 0, np.uint64(0xFFFFFFFFFFFFFFFF) << (8 * left.astype(np.uint64))
            )
            pairs = pairs[(differ & ~keep) == 0]
            place += 8
        return np.flatnonzero(~same)

    def _text(self, lines: Indices) -> list[str]:
        """The forms of ``lines``, in normal form."""
        if not lines.size:
            return []
        chosen = operator.itemgetter(*lines.tolist())(self.keys)
        keys = chosen if len(lines) > 1 else (chosen,)
        forms = list(map(_FORM, keys))  # each key less its reading
        if self.lang == "ru" and self.changed[lines].any():
            return [form.replace("ё", "е") for form in forms]
        return forms

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


_YO = re.compile("ё".encode())

_FORM = operator.itemgetter(slice(None, -_Lines.PAYLOAD))
"""A key's form: all of it but the reading after it."""


def _in_alphabet(forms: list[str], lang: Language) -> Mask:
    """Whether each form is written in the language's letters alone (and, in Ukrainian,
    apostrophes between letters: пра' is junk): one search over them all for what is not."""
    sizes = np.fromiter(map(len, forms), dtype=np.int64, count=len(forms))
    ends = np.cumsum(sizes + 1)  # where each form's line ends in the text of them all
    text = "\n" + "\n".join(forms) + "\n"  # each form between two line ends
    bad = [match.start() - 1 for match in _FOREIGN[lang].finditer(text)]
    if lang == "uk":  # an apostrophe first or last
        bad += [place for place in _finds(text, "\n'")] + [
            place - 1 for place in _finds(text, "'\n")
        ]
    valid = sizes > 0
    valid[np.searchsorted(ends, np.array(bad, dtype=np.int64), side="right")] = False
    return valid


def _finds(text: str, part: str) -> Iterator[int]:
    """Where ``part`` is in ``text``, each place."""
    place = text.find(part)
    while place >= 0:
        yield place
        place = text.find(part, place + 1)


_FOREIGN = {
    "uk": re.compile("[^\n" + ALPHABETS["uk"] + "']"),
    "ru": re.compile("[^\n" + ALPHABETS["ru"] + "]"),
}
"""A character no form of the language has."""
