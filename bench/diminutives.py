"""The crossword's diminutive judge on the nouns people use: how many it refuses, and which.

    python bench/diminutives.py [--nouns 20000,40000] [--bands 20000,40000,60000]
                                [--sample 40] [--passed 200] [--seed 1] [--list]

The measure is the 20,000 most frequent nouns of each language: wordfreq's words (``top_n_list``)
are walked in order, and a word is a noun considered when its normal form has a common-noun
reading in the nominative singular that is its own lemma (the forms the crossword's diminutive
judge is asked about; ``igroteka.lexicon.frequency.first_nouns``), until 20,000 distinct nouns
are found; the table says how deep in word ranks that went. ``--nouns`` gives the ends of the
bands of nouns (by default nouns 1-20,000, the measure, and 20,001-40,000, a check read after
the rule was settled; Russian runs out of words at about 34,600 nouns); ``--bands`` the ends of
the older bands of word ranks (the nouns among wordfreq's 20,000 most frequent words, and so on).

For each language and band the table gives the nouns considered, how many the judge refuses as
diminutives (``igroteka.lexicon.diminutive.base_of``), how many of those refusals are false by
the hand-checked labels ``tests/lexicon/diminutives-frequent-{lang}.tsv`` (the word is a noun of
its own), how many refusals no label covers yet, and how many labelled diminutives the judge
lets pass. Then a seeded random sample of the refused words (word, base, label, Zipf of each)
for checking by hand; ``--list`` prints every refused word instead (lang, word, base, label or
``?``, Zipf).

Missed diminutives: a seeded sample (``--passed``, 200 by default) of the nouns of the measure
that the judge accepts though they end in a diminutive suffix is scored against the labels of
``tests/lexicon/diminutives-passed-{lang}.tsv``; words of the sample no label covers are printed.

The labelled lists ``tests/lexicon/diminutives.tsv`` and ``diminutives-holdout.tsv`` are scored
too: precision and recall of the judge on the diminutives they name.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
from pathlib import Path

from wordfreq import top_n_list

from _common import table
from igroteka.lexicon.diminutive import base_of, looks_diminutive
from igroteka.lexicon.frequency import first_nouns, frequent_nouns, zipf
from igroteka.lexicon.text import WordInputError, normal

TESTS = Path(__file__).resolve().parent.parent / "tests" / "lexicon"


def labels(lang: str, name: str = "frequent") -> dict[str, str]:
    """The hand-checked labels of the frequent nouns the judge refused (``name`` "frequent")
    or of a sample of those it accepts (``name`` "passed"), or of a sample of its refusals in
    the check band (``name`` "check"): word -> label."""
    path = TESTS / f"diminutives-{name}-{lang}.tsv"
    if not path.exists():
        return {}
    found: dict[str, str] = {}
    for line in path.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            word, _base, label = line.split("\t")[:3]
            found[word] = label
    return found


def labelled_lists() -> list[tuple[object, ...]]:
    """Precision and recall of the judge on the two labelled lists."""
    rows: list[tuple[object, ...]] = []
    for name in ("diminutives.tsv", "diminutives-holdout.tsv"):
        text = (TESTS / name).read_text("utf-8")
        lines = [line.split("\t") for line in text.splitlines() if line and line[0] != "#"]
        for lang in ("ru", "uk", "both"):
            chosen = [row for row in lines if lang in ("both", row[0])]
            truth = [row[2] == "diminutive" for row in chosen]
            said = [base_of(row[1], row[0]) is not None for row in chosen]
            hits = sum(t and s for t, s in zip(truth, said, strict=True))
            right = sum(t == s for t, s in zip(truth, said, strict=True))
            rows.append(
                (
                    name,
                    lang,
                    len(chosen),
                    f"{right} ({right / len(chosen):.1%})",
                    f"{hits}/{sum(said)}",
                    f"{hits}/{sum(truth)} ({hits / sum(truth):.1%})",
                )
            )
    return rows


def passed_sample(lang: str, nouns: list[str], size: int, seed: int) -> list[str]:
    """A seeded sample of the nouns that end in a diminutive suffix and are not among the
    refusals read by hand (``diminutives-frequent-{lang}.tsv``): nouns the judge accepts, drawn
    from a set that stays the same when a word read there moves from refused to accepted."""
    read = labels(lang)
    looking = [word for word in nouns if looks_diminutive(word, lang) and word not in read]
    return sorted(random.Random(seed).sample(looking, min(size, len(looking))))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--nouns",
        default="20000,40000",
        help="where bands of the most frequent nouns end: the first is the measure, then a check",
    )
    parser.add_argument(
        "--bands", default="20000,40000,60000", help="where bands of word ranks end ('' for none)"
    )
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--passed", type=int, default=200, help="accepted nouns to sample")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", default="uk,ru")
    parser.add_argument("--list", action="store_true", help="print every refused word")
    arguments = parser.parse_args()
    rows: list[tuple[object, ...]] = []
    passed: list[tuple[object, ...]] = []
    unread: dict[str, list[str]] = {}
    checks: list[tuple[object, ...]] = []
    refused: dict[str, list[tuple[str, str]]] = {}
    noun_ends = [int(end) for end in arguments.nouns.split(",") if end]
    word_ends = [int(end) for end in arguments.bands.split(",") if end]
    for lang in arguments.lang.split(","):
        known = labels(lang)
        bands: list[tuple[str, list[str], float]] = []
        start = time.perf_counter()
        nouns, depth = first_nouns(lang, noun_ends[-1]) if noun_ends else ([], 0)
        took = time.perf_counter() - start
        for first, end in zip([0, *noun_ends], noun_ends, strict=False):
            ranks = depth if end >= len(nouns) else _rank(lang, nouns[end - 1])
            name = f"nouns {first + 1:,}-{min(end, len(nouns)):,} (word ranks to {ranks:,})"
            bands.append((name, nouns[first:end], took))
        for first, end in zip([0, *word_ends], word_ends, strict=False):
            start = time.perf_counter()
            ranked = frequent_nouns(lang, end - first, first)
            bands.append((f"words {first + 1:,}-{end:,}", ranked, time.perf_counter() - start))
        for index, (name, band, spent) in enumerate(bands):
            start = time.perf_counter()
            judged = [(word, base_of(word, lang)) for word in band]
            spent += time.perf_counter() - start
            found = [(word, base) for word, base in judged if base is not None]
            if index == 0:
                refused[lang] = found
            false = sum(known.get(word) == "word" for word, _ in found)
            unlabelled = sum(word not in known for word, _ in found)
            inside = set(band)
            missed = sum(
                label == "diminutive" and word in inside and base_of(word, lang) is None
                for word, label in known.items()
            )
            share = f"{false} ({false / len(band):.2%})" if band else "-"
            if index == 1 and len(noun_ends) > 1:
                read = labels(lang, "check")
                sampled = [word for word, _ in found if word in read]
                wrong = sum(read[word] == "word" for word in sampled)
                if sampled:
                    guess = wrong / len(sampled) * len(found)
                    checks.append(
                        (
                            lang,
                            name,
                            f"{wrong} of {len(sampled)}",
                            f"{guess:.0f} ({guess / len(band):.2%})",
                        )
                    )
            rows.append(
                (lang, name, len(band), len(found), share, unlabelled, missed, round(spent, 1))
            )
        if noun_ends and arguments.passed:
            measure = nouns[: noun_ends[0]]
            looking = sum(looks_diminutive(w, lang) and w not in known for w in measure)
            sample = passed_sample(lang, measure, arguments.passed, arguments.seed)
            read = labels(lang, "passed")
            small = [word for word in sample if read.get(word) == "diminutive"]
            unread[lang] = [word for word in sample if word not in read]
            inside = set(measure)
            let_pass = sum(
                label == "diminutive" and word in inside and base_of(word, lang) is None
                for word, label in known.items()
            )
            estimate = round(len(small) / len(sample) * looking) if sample else 0
            passed.append(
                (
                    lang,
                    looking,
                    len(sample),
                    f"{len(small)} ({len(small) / max(len(sample), 1):.1%})",
                    f"{estimate} + {let_pass} read = {estimate + let_pass}",
                    " ".join(small),
                )
            )
    headers: tuple[str, ...] = (
        "lang",
        "nouns",
        "considered",
        "refused",
        "false refusals",
        "unlabelled",
        "labelled diminutives let pass",
        "s",
    )
    print(table(headers, rows))
    if checks:
        print()
        headers = ("lang", "check band", "false in the sample read", "so about, of the nouns")
        print(table(headers, checks))
    if passed:
        print()
        headers = (
            "lang",
            "accepted, diminutive-looking",
            "sampled",
            "diminutives among them",
            "so about, in all (+ diminutives read among the refusals let pass)",
            "which",
        )
        print(table(headers, passed))
        for lang, words in unread.items():
            if words:
                print(f"{lang}: unlabelled in the sample of accepted nouns: {' '.join(words)}")
    print()
    headers = ("labelled list", "lang", "nouns", "right", "precision", "recall")
    print(table(headers, labelled_lists()))
    for lang, found in refused.items():
        print()
        if arguments.list:
            for word, base in found:
                label = labels(lang).get(word, "?")
                print(f"{lang}\t{word}\t{base}\t{label}\t{zipf(word, lang):.2f}")
            continue
        picked = random.Random(arguments.seed).sample(found, min(arguments.sample, len(found)))
        print(f"{lang}: a sample of {len(picked)} refused (seed {arguments.seed})")
        lines = [
            (word, base, labels(lang).get(word, "?"), zipf(word, lang), zipf(base, lang))
            for word, base in sorted(picked)
        ]
        print(table(("word", "base", "label", "zipf", "base zipf"), lines))


def _rank(lang: str, noun: str) -> int:
    """The rank of the first of wordfreq's words whose normal form is ``noun``."""
    for rank, word in enumerate(top_n_list(lang, 10**7), start=1):
        with contextlib.suppress(WordInputError):
            if normal(word, lang) == noun:
                return rank
    raise ValueError(noun)


if __name__ == "__main__":
    main()
