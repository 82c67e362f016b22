"""Benchmark of the Klepka chain solver against a plain exhaustive search.

Draws random hands of WORD cards (English or Ukrainian nouns, one language per
hand) and dense hands of random strings over a five-letter alphabet, times
:func:`igroteka.games.klepka.chain.best_chain` on each, and in the same run a
plain depth-first search over word sequences with a time limit per hand. Exits
non-zero if the two disagree on a hand the baseline finished, if the baseline
ever found a longer chain than the solver, or if a solver chain does not pass
``check_chain``.

    python bench/chain_solver.py [--hands 1000] [--dense 200] [--seed 1] [--limit 0.2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

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
метелик мураха муха оса равлик черв’як бобер борсук їжачок кролик хом’як кінь-вогонь
вітер грім блискавка хмаринка туман роса іній криниця річечка ставок болото луг степ
пагорб печера скеля камінчик пляж хвиля парус корабель човник якірець маяк берег острівець
"""

DENSE_ALPHABET = "abcde"


def vocabulary(text: str) -> list[str]:
    return sorted(dict.fromkeys(text.split()))


def random_hand(rng: random.Random, pool: Sequence[str], size: int) -> list[str]:
    return rng.sample(list(pool), size)


def dense_hand(rng: random.Random, size: int) -> list[str]:
    return [
        "".join(rng.choice(DENSE_ALPHABET) for _ in range(rng.randint(2, 8))) for _ in range(size)
    ]


class OutOfTime(Exception):
    pass


def baseline(words: Sequence[str], syncopes: int, rules: ChainRules, limit: float) -> int | None:
    """The longest chain by trying every sequence of words; ``None`` if out of time.

    Plain depth-first search: from every word, every unused word that links on
    (normally, or through a Syncope while one is left) is tried next.
    """
    found = [letters(word) for word in words]
    first = [first_letter(word) for word in words]
    last = [last_letter(word, rules) for word in words]
    count = len(words)
    best = 0
    deadline = time.perf_counter() + limit
    calls = 0

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
        best = -best - 1  # what was found so far, marked unfinished
        return best
    return best


@dataclass
class Tally:
    name: str
    solver: list[float]
    base: list[float]
    finished: int = 0
    agreed: int = 0
    hands: int = 0


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(kind: str, hands: list[tuple[list[str], int]], limit: float, tally: Tally) -> bool:
    good = True
    for words, syncopes in hands:
        rules = ChainRules()
        start = time.perf_counter()
        chain = best_chain(words, syncopes, rules)
        tally.solver.append(time.perf_counter() - start)
        checked = check_chain(chain.links, words, syncopes, rules)
        if checked.length != chain.length:
            print(f"{kind}: check_chain gives {checked.length}, not {chain.length}: {words}")
            good = False
        start = time.perf_counter()
        result = baseline(words, syncopes, rules, limit) if limit > 0 else -1
        tally.base.append(time.perf_counter() - start)
        tally.hands += 1
        if result is not None and result >= 0:
            tally.finished += 1
            if result == chain.length:
                tally.agreed += 1
            else:
                print(f"{kind}: solver {chain.length}, baseline {result}: {words} {syncopes}")
                good = False
        elif result is not None and -result - 1 > chain.length:
            print(f"{kind}: baseline found {-result - 1} > solver {chain.length}: {words}")
            good = False
    return good


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands of nouns")
    parser.add_argument("--dense", type=int, default=200, help="hands of random strings")
    parser.add_argument("--size", type=int, default=40, help="words in a hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=0.2, help="baseline seconds per hand")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pools = {"en": vocabulary(ENGLISH), "uk": vocabulary(UKRAINIAN)}
    natural: dict[str, list[tuple[list[str], int]]] = {"en": [], "uk": []}
    for _ in range(args.hands):
        lang = rng.choice(("en", "uk"))
        natural[lang].append((random_hand(rng, pools[lang], args.size), rng.randint(0, 3)))
    dense = [(dense_hand(rng, args.size), rng.randint(0, 3)) for _ in range(args.dense)]
    tallies = [
        Tally("nouns en", [], []),
        Tally("nouns uk", [], []),
        Tally("dense abcde", [], []),
    ]
    good = run("en", natural["en"], args.limit, tallies[0])
    good &= run("uk", natural["uk"], args.limit, tallies[1])
    good &= run("dense", dense, args.limit, tallies[2])
    everything = Tally(
        "nouns all",
        tallies[0].solver + tallies[1].solver,
        tallies[0].base + tallies[1].base,
        tallies[0].finished + tallies[1].finished,
        tallies[0].agreed + tallies[1].agreed,
        tallies[0].hands + tallies[1].hands,
    )
    print(
        f"{args.size} words a hand, 0..3 Syncopes, seed {args.seed}, "
        f"baseline limit {args.limit:g} s a hand; times in ms"
    )
    header = (
        f"{'hands':<12}{'n':>5} | {'solver median':>13}{'p90':>9}{'worst':>9} | "
        f"{'baseline median':>15}{'p90':>9}{'worst':>9}{'finished':>9}{'agree':>7}"
    )
    print(header)
    print("-" * len(header))
    for tally in [*tallies[:2], everything, tallies[2]]:
        if not tally.hands:
            continue
        ms = [1000 * t for t in tally.solver]
        base = [1000 * t for t in tally.base]
        print(
            f"{tally.name:<12}{tally.hands:>5} | {statistics.median(ms):>13.2f}"
            f"{percentile(ms, 0.9):>9.2f}{max(ms):>9.2f} | {statistics.median(base):>15.1f}"
            f"{percentile(base, 0.9):>9.1f}{max(base):>9.1f}{tally.finished:>9}"
            f"{tally.agreed:>7}"
        )
    print("solver agrees with the baseline on every finished hand" if good else "DISAGREEMENT")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
