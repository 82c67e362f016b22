"""Benchmark of the Klepka chain solver against integer programs, side by side.

Times :func:`igroteka.games.klepka.chain.best_chain` and, on the same hands in
the same run (one after the other, the order alternating), the baselines: the
tests' integer program solved by HiGHS (tests/games/klepka/chain_ilp.py, exact
on every hand), and a CP-SAT model (OR-Tools) when ``ortools`` is installed
(``--cpsat``). Four kinds of hand:

- ``40 words``: 40 nouns (English or Ukrainian, from the tables below) with
  0 to 3 Syncopes;
- ``game``: 7 to 15 words of a built-in deck with 0 to 3 Syncopes (a hand at
  the end of a game);
- ``deck``: a one-player game's whole deck, 150 words up to all of a built-in
  deck (src/igroteka/games/klepka/data/*.deck), with 0 to 2 Syncopes;
- ``many S``: 40 to 50 nouns with 4 to 10 Syncopes.

Prints, per kind, the median and the worst time of each, and the ratios of
the solver's to the baseline's (targets: median at most 0.5, worst at most 1).
Exits non-zero if the solver's chain and a baseline differ (length or
Syncopes used), or if ``check_chain`` refuses a chain of the solver.

    python bench/chain_solver.py [--scale 1] [--seed 1] [--cpsat] [--dense 0]

``--scale 4`` draws four times as many hands; ``--dense N`` adds N dense hands
of random strings over five letters (the hardest for every solver).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the integer program in tests/

from tests.games.klepka.chain_ilp import longest_chain

from igroteka.games.klepka.chain import Chain, ChainRules, best_chain, check_chain
from igroteka.games.klepka.deck import builtin_deck

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

Hand = tuple[list[str], int]
Answer = tuple[int, int]
"""The best chain's length in letters and the Syncopes it uses."""


def vocabulary(text: str) -> list[str]:
    """The words of a table, once each, in a fixed order."""
    return sorted(dict.fromkeys(text.split()))


def dense_hand(rng: random.Random, size: int) -> list[str]:
    """Random strings of 2 to 8 letters over a five-letter alphabet: a dense graph."""
    return [
        "".join(rng.choice(DENSE_ALPHABET) for _ in range(rng.randint(2, 8))) for _ in range(size)
    ]


def hands(rng: random.Random, scale: float, dense: int) -> dict[str, list[Hand]]:
    """The hands of each kind, drawn from ``rng``."""
    pools = {"en": vocabulary(ENGLISH), "uk": vocabulary(UKRAINIAN)}
    decks = {lang: [pair.word for pair in builtin_deck(lang).pairs] for lang in ("en", "uk")}

    def nouns(size: int) -> list[str]:
        return rng.sample(pools[rng.choice(("en", "uk"))], size)

    def count(n: int) -> int:
        return max(1, round(n * scale))

    drawn: dict[str, list[Hand]] = {
        "40 words": [(nouns(40), rng.randint(0, 3)) for _ in range(count(300))],
        "game": [
            (rng.sample(decks[rng.choice(("en", "uk"))], rng.randint(7, 15)), rng.randint(0, 3))
            for _ in range(count(300))
        ],
        "deck": [],
        "many S": [(nouns(rng.randint(40, 50)), rng.randint(4, 10)) for _ in range(count(100))],
    }
    for _ in range(count(30)):
        deck = decks[rng.choice(("en", "uk"))]
        drawn["deck"].append((rng.sample(deck, rng.randint(150, len(deck))), rng.randint(0, 2)))
    if dense:
        drawn["dense"] = [(dense_hand(rng, 40), rng.randint(0, 3)) for _ in range(dense)]
    return drawn


def cpsat_chain(words: Sequence[str], syncopes: int) -> Answer:
    """The longest chain as a CP-SAT model (OR-Tools): a circuit through the words used.

    A node per word and one for the table; an arc from word a to word b when b
    starts with a's last letter, or with another of its letters (a jump, which
    scores one less and takes a Syncope); a word left out takes its own loop.
    Written for the benchmark only, from the chain rules as the tests state them.
    """
    from ortools.sat.python import cp_model

    from igroteka.games.klepka.chain import first_letter, last_letter, letters

    if not words:
        return 0, 0
    scale = syncopes + 1
    found = [letters(word) for word in words]
    first = [first_letter(word) for word in words]
    last = [last_letter(word) for word in words]
    model = cp_model.CpModel()
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    used = []
    jumps = []
    score = []
    for a in range(len(words)):
        skip = model.NewBoolVar(f"skip{a}")
        arcs.append((a + 1, a + 1, skip))
        used.append(skip.Not())
        score.append(len(found[a]) * scale * skip.Not())
        arcs.append((0, a + 1, model.NewBoolVar(f"first{a}")))
        arcs.append((a + 1, 0, model.NewBoolVar(f"last{a}")))
        for b in range(len(words)):
            if a == b:
                continue
            if first[b] == last[a]:
                arcs.append((a + 1, b + 1, model.NewBoolVar(f"{a}-{b}")))
            elif syncopes and first[b] in found[a]:
                jump = model.NewBoolVar(f"{a}~{b}")
                arcs.append((a + 1, b + 1, jump))
                jumps.append(jump)
    model.AddCircuit(arcs)
    model.AddBoolOr(used)  # the table is not a chain: at least one word
    if jumps:
        model.Add(sum(jumps) <= syncopes)
    model.Maximize(sum(score) - sum(jumps))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.Solve(model) != cp_model.OPTIMAL:
        raise RuntimeError("CP-SAT did not prove its chain optimal")
    spent = sum(solver.Value(jump) for jump in jumps)
    length = sum(len(found[a]) for a in range(len(words)) if solver.BooleanValue(used[a]))
    return length, spent


@dataclass
class Run:
    """The times of one kind of hand (seconds), per solver."""

    name: str
    times: dict[str, list[float]] = field(default_factory=dict)

    def add(self, solver: str, seconds: float) -> None:
        self.times.setdefault(solver, []).append(seconds)


def timed(run: Callable[[], Answer]) -> tuple[Answer, float]:
    start = time.perf_counter()
    answer = run()
    return answer, time.perf_counter() - start


def measure(
    name: str, drawn: Sequence[Hand], baselines: dict[str, Callable[..., Answer]]
) -> tuple[Run, bool]:
    """Time the solver and every baseline on each hand; False if anything disagrees."""
    rules = ChainRules()
    run = Run(name)
    good = True
    for index, (words, syncopes) in enumerate(drawn):
        chains: list[Chain] = []

        def solver(
            words: list[str] = words, syncopes: int = syncopes, chains: list[Chain] = chains
        ) -> Answer:
            chain = best_chain(words, syncopes, rules)
            chains.append(chain)
            return chain.length, chain.syncopes

        order: list[tuple[str, Callable[[], Answer]]] = [("solver", solver)]
        order += [
            (label, lambda f=f, w=words, s=syncopes: f(w, s)) for label, f in baselines.items()
        ]
        if index % 2:
            order.reverse()  # the same share of each solver runs first
        answers = {}
        for label, call in order:
            answers[label], seconds = timed(call)
            run.add(label, seconds)
        chain = chains[0]
        if check_chain(chain.links, words, syncopes, rules) != chain:
            print(f"{name}: check_chain does not give back {chain}")
            good = False
        for label, answer in answers.items():
            if answer != answers["solver"]:
                print(f"{name}: solver {answers['solver']}, {label} {answer}: {syncopes} {words}")
                good = False
    return run, good


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark of the Klepka chain solver.")
    parser.add_argument("--scale", type=float, default=1.0, help="times as many hands (1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpsat", action="store_true", help="also a CP-SAT model (ortools)")
    parser.add_argument("--dense", type=int, default=0, help="dense hands of 40 words (0)")
    args = parser.parse_args(argv)
    baselines: dict[str, Callable[..., Answer]] = {"HiGHS": longest_chain}
    if args.cpsat:
        if importlib.util.find_spec("ortools") is None:
            print("--cpsat needs ortools (pip install ortools)")
            return 2
        baselines["CP-SAT"] = cpsat_chain
    rng = random.Random(args.seed)
    began = time.perf_counter()
    good = True
    runs = []
    for name, drawn in hands(rng, args.scale, args.dense).items():
        run, same = measure(name, drawn, baselines)
        runs.append((run, len(drawn)))
        good &= same
    print(f"seed {args.seed}; times in ms (median / worst); ratio: solver's / baseline's")
    header = f"{'hands':<9}{'n':>5} | {'solver':>15}"
    for label in baselines:
        header += f" | {label:>15} {'ratio':>11}"
    print(header)
    print("-" * len(header))
    met = True
    for run, n in runs:
        mine = run.times["solver"]
        line = f"{run.name:<9}{n:>5} | {figures(mine):>15}"
        for label in baselines:
            theirs = run.times[label]
            median = statistics.median(mine) / statistics.median(theirs)
            worst = max(mine) / max(theirs)
            met &= median <= 0.5 and worst <= 1
            line += f" | {figures(theirs):>15} {median:>5.2f}/{worst:<5.2f}"
        print(line.rstrip())
    print("targets: median ratio <= 0.5, worst ratio <= 1: " + ("met" if met else "NOT met"))
    print(f"{time.perf_counter() - began:.0f} s in all")
    if good:
        print("the solver agrees with every baseline on every hand")
        return 0
    print("DISAGREEMENT: see above")
    return 1


def figures(times: Sequence[float]) -> str:
    return f"{1000 * statistics.median(times):.1f} / {1000 * max(times):.0f}"


if __name__ == "__main__":
    sys.exit(main())
