"""Benchmark of the Klepka chain solver against an integer program and a plain search.

Draws random hands of 40 WORD cards with 0 to 3 Syncopes: hands of common nouns
(each hand English or Ukrainian, drawn at random) and dense hands of random
strings over a five-letter alphabet. Times
:func:`igroteka.games.klepka.chain.best_chain` on each hand and, in the same
run, two baselines: an integer program solved by HiGHS
(tests/games/klepka/chain_ilp.py, exact on every hand) and a plain depth-first
search over word sequences with a time limit per hand. Prints a table per kind
of hand and exits non-zero if the solver disagrees with the integer program
(length and Syncopes used) or with the plain search on a hand it finished, if
the plain search ever found a longer chain, or if a chain of the solver does
not pass ``check_chain``.

    python bench/chain_solver.py [--hands 1000] [--dense 200] [--seed 1] [--limit 0.3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the integer program in tests/

from tests.games.klepka.chain_ilp import longest_chain

from igroteka.games.klepka.chain import (
    ChainRules,
    best_chain,
    check_chain,
    first_letter,
    last_letter,
    letters,
)

ENGLISH = """
apple arm baby bag ball band bank bath bear bed bee bell bird boat body bone book boot
bottle box boy brain bread brick bridge brother brush bucket cake camel camera candle
cap car card carpet cart castle cat chair cheese cherry chicken child church circle city
clock cloud coat coffee coin comb corn cow crab crown cup curtain cushion desk dog doll
donkey door dragon drawer dress drum duck eagle ear earth egg elbow elephant engine eye
face farm feather fence field finger fire fish flag floor flower fly foot fork fox frog
garden gate ghost giraffe girl glass glove goat gold grape grass guitar hair hammer hand
hat head heart hill holiday honey horse hospital house ice ice-cream island jacket jam
jelly jewel kettle key king kitchen kite knee knife ladder lake lamp leaf leg lemon letter
library lion lip lock map market match meat milk mirror monkey moon morning mother
mountain mouse mouth nail name neck needle nest night nose note nut ocean office onion
orange owl page paint pan paper parrot pear pen pencil piano picture pig pillow pin pipe
plane plate pocket potato queen rabbit rain ring river road robot rock roof room root rope
rose salt sand school scissors sea seed sheep shelf ship shirt shoe sister sky snake snow
sock soup spoon spring square star station stick stone storm street sugar sun t-shirt
table tail teacher tent thread thumb ticket tiger toe tomato tooth towel tower town toy
train tree truck umbrella uncle valley vase village violin wall watch water whale wheel
window wing winter wolf wood worm yard year yogurt zebra zoo anchor arrow axe badge barn
basket beach bean belt bench blanket bowl bus butter button cabbage canoe carrot chalk
cookie cotton daisy deer dolphin dust engineer fairy forest fountain garlic goose hedge
helmet hook igloo ink jar jug kangaroo koala lettuce lizard magnet medal melon mitten mole
mushroom octopus olive oven owl paddle peach penguin pepper pirate pizza pumpkin puppet
raft rocket saddle sail scarf shark shell skirt sled slipper snail spider sponge squirrel
stamp statue sweater swing teapot tortoise tractor tunnel turkey vest wagon walnut wallet
weasel whistle yacht
"""

UKRAINIAN = """
яблуко абрикос автобус айстра акула ананас апельсин банан батько береза бджола білка
борщ брат буряк вагон вата веселка вечір вишня вовк вода вогонь ворона вухо газета гай
гарбуз голка голова гора горіх груша гусак ґудзик ґанок ґава дерево дзвін дзеркало дім
діброва дощ дорога дуб душа дятел жаба жираф жовтень жук завод заєць замок зебра зерно
зима змія зірка золото зошит іграшка їжак їжа інжир індик йогурт каша калина капуста
карта картопля кава квітка кит кінь кішка клен ключ книга коза колесо комар комп’ютер
корова кошик кран крапля кріт кукурудза лелека лев лимон липа лисиця листя ліжко ліс лось
ложка лопата мавпа мак малина мама марка масло меч миша міст місто місяць море морква
мотузка м’яч м’ясо м’ята небо ніж ніс ніч носоріг обід овес огірок озеро олень олівець
осінь острів павук пальто папір парасолька пастух перо півень пісня пісок площа подушка
поле помідор порося потяг птах пшениця ріка рука риба рис річка роса сад сало свиня село
серце сир сіль сім’я слива слон сніг сова сокира сонце сорока стіл стілець сукня сумка
табуретка тварина театр телефон тінь тигр торт трава трактор тюльпан учень учитель фарба
фіалка хата хвіст хліб хмара хміль цап цвях цибуля цукор чайник часник черепаха черешня
човен шафа шапка школа шоколад штани щука щур ягода язик якір ялинка ящірка хрест день
пень камінь корінь ремінь лінь біль мідь грудень серпень липень травень квітень березень
вересень листопад тиждень годинник будинок весілля подвір’я пір’я здоров’я бур’ян в’язень
дев’ятка з’їзд ім’я лебідь ведмідь голуб орел сокіл дельфін краб рак горобець ластівка
метелик мураха муха оса равлик черв’як бобер борсук їжачок кролик хом’як
вітер грім блискавка хмаринка туман роса іній криниця річечка ставок болото луг степ
пагорб печера скеля камінчик пляж хвиля парус корабель човник якірець маяк берег острівець
"""

DENSE_ALPHABET = "abcde"


def vocabulary(text: str) -> list[str]:
    """The words of a table, once each, in a fixed order."""
    return sorted(dict.fromkeys(text.split()))


def dense_hand(rng: random.Random, size: int) -> list[str]:
    """Random strings of 2 to 8 letters over a five-letter alphabet: a dense graph."""
    return [
        "".join(rng.choice(DENSE_ALPHABET) for _ in range(rng.randint(2, 8))) for _ in range(size)
    ]


class OutOfTime(Exception):
    pass


def baseline(
    words: Sequence[str], syncopes: int, rules: ChainRules, limit: float
) -> tuple[int, bool]:
    """The longest chain by trying every sequence of words: (length, finished in time).

    Plain depth-first search: after each word, every unused word that follows it
    (by its last letter, or through a Syncope while one is left) is tried next.
    When out of time, the length is that of the longest chain seen so far.
    """
    found = [letters(word) for word in words]
    first = [first_letter(word) for word in words]
    last = [last_letter(word, rules) for word in words]
    count = len(words)
    best = 0
    calls = 0
    deadline = time.perf_counter() + limit

    def extend(i: int, used: int, left: int, length: int) -> None:
        nonlocal best, calls
        calls += 1
        if calls & 1023 == 0 and time.perf_counter() > deadline:
            raise OutOfTime
        best = max(best, length)
        for j in range(count):
            if used >> j & 1:
                continue
            if first[j] == last[i]:
                extend(j, used | 1 << j, left, length + len(found[j]))
            elif left and first[j] in found[i]:
                extend(j, used | 1 << j, left - 1, length + len(found[j]))

    try:
        for i in range(count):
            extend(i, 1 << i, syncopes, len(found[i]))
    except OutOfTime:
        return best, False
    return best, True


@dataclass
class Run:
    """The measures of one kind of hand."""

    name: str
    solver: list[float] = field(default_factory=list)
    ilp: list[float] = field(default_factory=list)
    ilp_agreed: int = 0
    base: list[float] = field(default_factory=list)
    finished: int = 0
    agreed: int = 0

    def add(self, other: Run) -> None:
        self.solver += other.solver
        self.ilp += other.ilp
        self.ilp_agreed += other.ilp_agreed
        self.base += other.base
        self.finished += other.finished
        self.agreed += other.agreed


def quantile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(
    label: str, hands: Sequence[tuple[list[str], int]], limit: float, runs: dict[str, Run]
) -> bool:
    """Time the solver and the baseline on each hand; False if anything disagrees."""
    good = True
    rules = ChainRules()
    for words, syncopes in hands:
        start = time.perf_counter()
        chain = best_chain(words, syncopes, rules)
        took = time.perf_counter() - start
        if check_chain(chain.links, words, syncopes, rules) != chain:
            print(f"{label}: check_chain does not give back {chain}")
            good = False
        start = time.perf_counter()
        exact = longest_chain(words, syncopes, rules)
        ilp = time.perf_counter() - start
        same = exact == (chain.length, chain.syncopes)
        if not same:
            print(f"{label}: solver {chain.length, chain.syncopes}, program {exact}: {words}")
            good = False
        start = time.perf_counter()
        length, finished = baseline(words, syncopes, rules, limit)
        base = time.perf_counter() - start
        for key in (label, f"{label} {syncopes}S"):
            run = runs.setdefault(key, Run(key))
            run.solver.append(took)
            run.ilp.append(ilp)
            run.ilp_agreed += same
            run.base.append(base)
            run.finished += finished
            run.agreed += finished and length == chain.length
        if finished and length != chain.length:
            print(f"{label}: solver {chain.length}, baseline {length}: {words}, {syncopes}")
            good = False
        if length > chain.length:
            print(f"{label}: baseline found {length} > solver {chain.length}: {words}")
            good = False
    return good


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark of the Klepka chain solver.")
    parser.add_argument("--hands", type=int, default=1000, help="hands of nouns (1000)")
    parser.add_argument("--dense", type=int, default=200, help="dense hands (200)")
    parser.add_argument("--size", type=int, default=40, help="words in a hand (40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limit", type=float, default=0.3, help="seconds the baseline may take per hand (0.3)"
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pools = {"en": vocabulary(ENGLISH), "uk": vocabulary(UKRAINIAN)}
    nouns: dict[str, list[tuple[list[str], int]]] = {"en": [], "uk": []}
    for _ in range(args.hands):
        lang = rng.choice(("en", "uk"))
        nouns[lang].append((rng.sample(pools[lang], args.size), rng.randint(0, 3)))
    dense = [(dense_hand(rng, args.size), rng.randint(0, 3)) for _ in range(args.dense)]

    runs: dict[str, Run] = {}
    began = time.perf_counter()
    good = measure("en", nouns["en"], args.limit, runs)
    good &= measure("uk", nouns["uk"], args.limit, runs)
    good &= measure("dense", dense, args.limit, runs)
    nouns_all = Run("nouns")
    for key in ("en", "uk"):
        if key in runs:
            nouns_all.add(runs[key])
    for syncopes in range(4):
        both = Run(f"nouns {syncopes}S")
        for key in (f"en {syncopes}S", f"uk {syncopes}S"):
            if key in runs:
                both.add(runs[key])
        runs[both.name] = both
    runs["nouns"] = nouns_all

    print(
        f"{args.size} words a hand, 0-3 Syncopes (S), seed {args.seed}; "
        f"plain search limit {args.limit:g} s a hand; times in ms"
    )
    header = (
        f"{'hands':<10}{'n':>6} | {'solver':>8}{'p90':>8}{'worst':>9} | "
        f"{'program':>8}{'p90':>8}{'worst':>8}{'same':>6} | "
        f"{'search':>7}{'finished':>9}{'same':>6}"
    )
    print(header)
    print("-" * len(header))
    order = ["en", "uk", "nouns", *(f"nouns {k}S" for k in range(4)), "dense"]
    order += [f"dense {k}S" for k in range(4)]
    for key in order:
        run = runs.get(key)
        if run is None or not run.solver:
            continue
        ms = [1000 * t for t in run.solver]
        ilp = [1000 * t for t in run.ilp]
        base = [1000 * t for t in run.base]
        print(
            f"{run.name:<10}{len(ms):>6} | {statistics.median(ms):>8.2f}{quantile(ms, 0.9):>8.1f}"
            f"{max(ms):>9.1f} | {statistics.median(ilp):>8.1f}{quantile(ilp, 0.9):>8.1f}"
            f"{max(ilp):>8.1f}{run.ilp_agreed:>6} | {statistics.median(base):>7.1f}"
            f"{run.finished:>9}{run.agreed:>6}"
        )
    print(
        "(solver and program: median, 90th percentile, worst; search: median time, hands it "
        "finished; same: hands where the baseline's answer is the solver's)"
    )
    print(f"{time.perf_counter() - began:.0f} s in all")
    if good:
        print(
            "the solver agrees with the integer program on every hand, and with the plain "
            "search on every hand it finished"
        )
        return 0
    print("DISAGREEMENT: see above")
    return 1


if __name__ == "__main__":
    sys.exit(main())
