"""The crossword's diminutive judge on the nouns people use: how many it refuses, and which.

    python bench/diminutives.py [--bands 20000,40000,60000] [--sample 40] [--seed 1] [--list]

In bands of wordfreq's most frequent words (``top_n_list``; by default ranks 1-20,000, the
measure, then 20,001-40,000, a check read after the rule was settled, and 40,001-60,000, read to
tune it), the nouns considered are those with a common-noun reading in the nominative singular
that is its own lemma (the forms the crossword's diminutive judge is asked about). For each
language and band the table gives the nouns considered, how many the judge refuses as
diminutives (``igroteka.lexicon.diminutive.base_of``), how many of those refusals are false
by the hand-checked labels ``tests/lexicon/diminutives-frequent-{lang}.tsv`` (the word is a
noun of its own), how many refusals no label covers yet, and how many labelled diminutives the
judge lets pass. Then a seeded random sample of the refused words (word, base, label, Zipf of
each) for checking by hand; ``--list`` prints every refused word instead (lang, word, base,
label or ``?``, Zipf).

The labelled lists ``tests/lexicon/diminutives.tsv`` and
``diminutives-holdout.tsv`` are scored too: precision and recall of the judge on
the diminutives they name.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from _common import table
from igroteka.lexicon.diminutive import base_of
from igroteka.lexicon.frequency import frequent_nouns, zipf

TESTS = Path(__file__).resolve().parent.parent / "tests" / "lexicon"


def labels(lang: str) -> dict[str, str]:
    """The hand-checked labels of the frequent nouns the judge refused: word -> label."""
    path = TESTS / f"diminutives-frequent-{lang}.tsv"
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--bands",
        default="20000,40000,60000",
        help="the frequency ranks where bands end: the first is the measure, the next a check",
    )
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", default="uk,ru")
    parser.add_argument("--list", action="store_true", help="print every refused word")
    arguments = parser.parse_args()
    rows: list[tuple[object, ...]] = []
    refused: dict[str, list[tuple[str, str]]] = {}
    ends = [int(end) for end in arguments.bands.split(",")]
    bands = [(start, end - start) for start, end in zip([0, *ends], ends, strict=False)]
    for lang in arguments.lang.split(","):
        known = labels(lang)
        for skip, top in bands:
            start = time.perf_counter()
            nouns = frequent_nouns(lang, top, skip)
            judged = [(word, base_of(word, lang)) for word in nouns]
            took = time.perf_counter() - start
            found = [(word, base) for word, base in judged if base is not None]
            refused.setdefault(lang, []).extend(found)
            false = sum(known.get(word) == "word" for word, _ in found)
            unlabelled = sum(word not in known for word, _ in found)
            missed = sum(
                label == "diminutive" and word in nouns and base_of(word, lang) is None
                for word, label in known.items()
            )
            rows.append(
                (
                    lang,
                    f"{skip + 1:,}-{skip + top:,}",
                    len(nouns),
                    len(found),
                    f"{false} ({false / len(nouns):.2%})",
                    unlabelled,
                    missed,
                    round(took, 1),
                )
            )
    headers = (
        "lang",
        "ranks",
        "nouns",
        "refused",
        "false refusals",
        "unlabelled",
        "labelled diminutives let pass",
        "s",
    )
    print(table(headers, rows))
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
        rows = [
            (word, base, labels(lang).get(word, "?"), zipf(word, lang), zipf(base, lang))
            for word, base in sorted(picked)
        ]
        print(table(("word", "base", "label", "zipf", "base zipf"), rows))


if __name__ == "__main__":
    main()
