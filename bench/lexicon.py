"""Benchmark of the lexicon: cold build, warm load, memory, lookups, best words; each beside a
baseline.

    python bench/lexicon.py [--builds 3] [--only-build] [--hands 200] [--scan-hands 5]
                            [--lookups 20000] [--seed 1]

- cold build: a new process builds a language's index into an empty cache folder; its CPU
  time (every thread of it) beside new processes loading pymorphy3's analyser for the same
  language just before it (median of 3), as a ratio: the median of the builds' ratios, and
  their range (issue 39 asks for at most 100x);
- warm load: a new process loads a language's compiled index (built before
  timing), beside a new process loading pymorphy3's analyser for it;
- memory: resident set of a process with both indexes and both analysers loaded;
- lookups per second: "is this a word" on a mix of dictionary forms and made-up
  strings, by the index and by pymorphy3's own analyser (a known parse);
- best word from a random 20-letter Ukrainian hand (letters drawn by their
  frequency in Ukrainian), with and without a Polysemy, beside a plain scan of
  the whole word list on a few of the hands; the answers must agree.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np

from _common import table
from igroteka.lexicon.index import index
from igroteka.lexicon.morph import analyzer
from igroteka.lexicon.search import best_words

# Relative frequency of Ukrainian letters in running text (per cent, rounded).
FREQUENCY = {
    **{"о": 9.4, "а": 7.2, "и": 6.1, "н": 6.5, "і": 5.8, "в": 5.4, "т": 5.3, "е": 5.0},
    **{"р": 4.6, "с": 4.3, "к": 3.6, "л": 3.5, "у": 3.4, "д": 3.0, "м": 3.0, "п": 2.8},
    **{"з": 2.2, "я": 2.0, "ь": 1.7, "г": 1.6, "б": 1.5, "ч": 1.3, "х": 1.2, "й": 1.0},
    **{"ц": 0.9, "ї": 0.8, "ж": 0.8, "ш": 0.8, "ю": 0.7, "є": 0.4, "щ": 0.3, "ф": 0.3},
    "ґ": 0.1,
}
LETTERS = list(FREQUENCY)
WEIGHTS = list(FREQUENCY.values())

LOAD = """
import time, sys
sys.path.insert(0, {src!r})
start = time.perf_counter()
{body}
print(time.perf_counter() - start)
"""


BUILD = """
import os, sys, tempfile, time
sys.path.insert(0, {src!r})
with tempfile.TemporaryDirectory() as folder:
    os.environ["IGROTEKA_CACHE"] = folder
    start, wall = time.process_time(), time.perf_counter()
    from igroteka.lexicon.index import prepare
    prepare({lang!r})
    print(time.process_time() - start, time.perf_counter() - wall)
"""

LOAD_CPU = """
import time
start = time.process_time()
import pymorphy3
pymorphy3.MorphAnalyzer(lang={lang!r})
print(time.process_time() - start)
"""


def cold_builds(builds: int) -> None:
    """A language's index built from nothing, beside loading pymorphy3's analyser: three loads
    before each build, so that each build has a baseline of the same moment (this machine's
    speed drifts from minute to minute); the ratio is the median of the builds' ratios."""
    src = str(Path(__file__).resolve().parents[1] / "src")
    rows = []
    for lang in ("uk", "ru"):
        loads, runs, ratios = [], [], []
        for _ in range(builds):
            beside = [float(run(LOAD_CPU.format(lang=lang))[0]) for _ in range(3)]
            cpu, wall = (float(value) for value in run(BUILD.format(src=src, lang=lang)))
            loads += beside
            runs.append((cpu, wall))
            ratios.append(cpu / statistics.median(beside))
        cpu = statistics.median(cpu for cpu, _ in runs)
        wall = statistics.median(wall for _, wall in runs)
        ratio = statistics.median(ratios)
        spread = f"{min(ratios):.0f}-{max(ratios):.0f}"
        rows.append((lang, cpu, wall, statistics.median(loads), f"{ratio:.0f}× ({spread})"))
    print(f"Cold build into an empty cache, seconds (median of {builds}, a new process each)")
    print(table(["language", "build CPU", "build wall", "analyser load CPU", "ratio"], rows))


def run(code: str) -> list[str]:
    """The last line a new Python process prints, split."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1].split()


def in_new_process(body: str) -> float:
    src = str(Path(__file__).resolve().parents[1] / "src")
    code = LOAD.format(src=src, body=body)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def scan(words: Sequence[str], rack: Counter[str], wildcard: bool) -> dict[str, str | None]:
    """The baseline: every word of the list checked against the letters, one by one."""
    found: dict[str, str | None] = {}
    for word in words:
        need = Counter(char for char in word if char != "'")
        short = [char for char, count in need.items() if rack[char] < count]
        if not short:
            found[word] = None
        elif wildcard and len(short) == 1:
            found[word] = short[0]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--scan-hands", type=int, default=5, dest="scan_hands")
    parser.add_argument("--lookups", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--builds", type=int, default=3, help="cold builds of each language")
    parser.add_argument("--only-build", action="store_true", dest="only_build")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    good = True
    cold_builds(args.builds)
    if args.only_build:
        return 0
    print()

    for lang in ("uk", "ru"):
        index(lang)  # build before timing, if the cache has none
    rows = []
    for lang in ("uk", "ru"):
        ours = min(
            in_new_process(f"from igroteka.lexicon.index import index; index({lang!r})")
            for _ in range(3)
        )
        theirs = min(
            in_new_process(f"import pymorphy3; pymorphy3.MorphAnalyzer(lang={lang!r})")
            for _ in range(3)
        )
        rows.append((lang, ours, theirs))
    print("Warm load, seconds (best of 3, a new process each)")
    print(table(["language", "index", "pymorphy3 analyser"], rows))
    for lang in ("uk", "ru"):
        analyzer(lang)
        compiled = index(lang)
        for sigs in (compiled.word_signatures, compiled.noun_signatures):
            for array in (sigs.bits, sigs.first, sigs.more):
                np.asarray(array).sum()  # every page read: all of it resident, as in long use
        sum(1 for _ in compiled.words.iterkeys())
    print(
        f"\nResident memory with both indexes (every page read) and both analysers: "
        f"{resident_mb():.0f} MB"
    )

    print("\nLookups: is it a word (half dictionary forms, half made-up strings)")
    rows = []
    for lang in ("uk", "ru"):
        words = index(lang).words
        sample = [key for key, _ in zip(words.iterkeys(""), range(200_000), strict=False)]
        real = rng.sample(sample, args.lookups // 2)
        fake = ["".join(rng.sample(word, len(word))) + "ъ" for word in real]
        queries = real + fake
        rng.shuffle(queries)
        start = time.perf_counter()
        ours = [query in words for query in queries]
        ours_rate = len(queries) / (time.perf_counter() - start)
        morph = analyzer(lang)
        start = time.perf_counter()
        theirs = [any(parse.is_known for parse in morph.parse(query)) for query in queries]
        theirs_rate = len(queries) / (time.perf_counter() - start)
        if ours != theirs:
            differ = sum(a != b for a, b in zip(ours, theirs, strict=True))
            print(f"  {lang}: {differ} answers differ from pymorphy3's")
        rows.append(
            (lang, f"{ours_rate:,.0f}", f"{theirs_rate:,.0f}", f"{ours_rate / theirs_rate:.0f}×")
        )
    print(table(["language", "index /s", "pymorphy3 /s", "speed-up"], rows))

    print("\nBest word from a random 20-letter Ukrainian hand (ms)")
    hands = ["".join(rng.choices(LETTERS, WEIGHTS, k=20)) for _ in range(args.hands)]
    every = list(index("uk").words.iterkeys(""))
    rows = []
    for wildcard in (False, True):
        times = []
        for hand in hands:
            start = time.perf_counter()
            best_words(hand, "uk", wildcard=wildcard, top=1)
            times.append(1000 * (time.perf_counter() - start))
        scans = []
        for hand in hands[: args.scan_hands]:
            start = time.perf_counter()
            found = scan(every, Counter(hand), wildcard)
            scans.append(1000 * (time.perf_counter() - start))
            top = max(len(word.replace("'", "")) for word in found) if found else 0
            mine = best_words(hand, "uk", wildcard=wildcard, top=1)
            if (mine[0].score if mine else 0) != top:
                print(f"  DISAGREEMENT on {hand}: scan {top}, search {mine}")
                good = False
        ordered = sorted(times)
        rows.append(
            (
                "with Polysemy" if wildcard else "letters only",
                statistics.median(times),
                ordered[int(0.9 * len(ordered))],
                max(times),
                statistics.median(scans),
            )
        )
    print(table(["hand", "median", "p90", "worst", "plain scan median"], rows))
    print(f"({args.hands} hands; the plain scan on {args.scan_hands} of them, same answers)")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
