"""Bots for the association game: they tell, lay and vote by the tags of the cards.

A bot knows only its seeded share of each card's tags (the CLDR names and
keywords of the emoji and the mood words, :meth:`Card.tags`): ``easy`` 35 %,
``medium`` 60 %, ``hard`` 85 %, so that bots do not read each other's minds.
Words of a clue and of tags are compared by lemma (pymorphy3 for uk and ru,
suffix stripping for en); phrases count word by word.

- guessing: each card on the table but its own scores the clue's words it
  knows among the card's tags (mood words weaker); the best wins, ties at random;
- laying: the hand card that scores best for the clue (``hard``: best, a decoy);
- telling: ``easy`` clues a card by a tag it knows; ``medium`` prefers a tag
  few other cards of the deck share; ``hard`` estimates, for each card and tag
  (or mood word with a tag), the share of guessers who would find it, and aims
  for one half: "some but not all". Every clue has the form its cell asks, its
  nouns in the accusative after «Найбільше я люблю» (:func:`accusative`);
- ``random`` lays, votes and tells at random (its clue is still a tag of its card).

>>> from igroteka.engine import Match, play_out
>>> from igroteka.games.associations.rules import AssociationsGame
>>> match = Match.start(AssociationsGame(), ["a", "b", "c"], {"goal": 10}, seed=3)
>>> bots = {seat: make_bot("medium", seat, seed=3) for seat in range(3)}
>>> play_out(match, bots).winners <= {0, 1, 2}
True
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from igroteka.engine.bot import check_level
from igroteka.engine.game import Event, JsonObject
from igroteka.games.associations.deck import LANGUAGES, builtin_deck, card_by_id, normalise
from igroteka.games.associations.rules import (
    HAND,
    LOVE,
    Action,
    Confirm,
    Lay,
    Phase,
    Tell,
    Vote,
    form_problem,
)
from igroteka.lexicon.morph import PROPER_MARKS

__all__ = [
    "LEVELS",
    "AssociationsBot",
    "Level",
    "accusative",
    "clue_bank",
    "clue_words",
    "make_bot",
]


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    known: float
    """The share of each card's tags the bot knows."""
    telling: str
    """``random``, ``obvious`` (a tag it knows), ``specific`` (a rare tag) or ``half``."""


LEVELS: dict[str, Level] = {
    "random": Level("random", 0.35, "random"),
    "easy": Level("easy", 0.35, "obvious"),
    "medium": Level("medium", 0.6, "specific"),
    "hard": Level("hard", 0.85, "half"),
}

MOOD_CREDIT = 0.6
"""What a clue word among a card's mood words counts, beside 1 for a name or keyword."""
STEM_CREDIT = 0.3
"""What a clue word sharing only the first letters of a tag word counts."""
GUESSER_SHARE = 0.6
"""The share of tags the hard storyteller supposes the others know."""
SIMULATIONS = 16
"""Rounds the hard storyteller simulates for each clue it weighs."""
FINALISTS = 6
CLOSER = 96
"""The best FINALISTS clues are weighed again over CLOSER rounds (the best of many noisy
estimates is too often one lucky)."""
SPECIFIC = 0.1
"""The share of the deck's other cards the medium storyteller wants its clue to fit."""


def _set_of(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS: dict[str, frozenset[str]] = {
    "uk": _set_of(
        "і й та а але в у на з із зі до по за під над від для про що як це той та те ці "
        "чи не ні ось все усе так там тут де коли чому хто знову колись давно одного разу "
        "був була було були змінилося найбільше я люблю мій моя моє мені ти він вона "
        "воно вони ми ви який яка яке які його її їх без через при"
    ),
    "ru": _set_of(
        "и а но в во на с со к ко до по за под над от для про что как это тот та то те "
        "ли не ни вот всё все так там тут где когда почему кто снова однажды случилось "
        "был была было были изменилось больше всего я люблю мой моя моё мне ты он она "
        "мое ее оно они мы вы какой какая какое какие его её их без через при"
    ),
    "en": _set_of(
        "a an the and or but in on at to of for with from by is are was were be it its this "
        "that these those there here what why who how when where i me my you he she we they "
        "once long ago all again more not no so just everything changed"
    ),
}

_WORD = re.compile(r"[^\W\d_](?:[\w’'ʼ-]*\w)?")


def make_bot(level: str, seat: int, seed: int) -> AssociationsBot:
    """A bot of a level (``random``, ``easy``, ``medium``, ``hard``) for a seat."""
    check_level(level, LEVELS)
    return AssociationsBot(LEVELS[level], seat, seed)


# ---------------------------------------------------------------- words


def _en_stem(word: str) -> str:
    for suffix, keep in (("ies", "y"), ("ing", ""), ("es", ""), ("ed", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


@functools.lru_cache(maxsize=65536)
def _lemmas(word: str, lang: str) -> frozenset[str]:
    """The lemmas of one word (itself among them when the dictionary does not know it)."""
    if lang == "en":
        return frozenset({word, _en_stem(word)})
    from igroteka.lexicon.morph import analyses

    found = {analysis.lemma.replace("ё", "е") for analysis in analyses(word, lang)}
    return frozenset(found or {word})


@functools.lru_cache(maxsize=65536)
def clue_words(text: str, lang: str) -> frozenset[str]:
    """The lemmas of the content words of a clue or a tag (function words left out).

    >>> sorted(clue_words("Найбільше я люблю китів", "uk"))
    ['кит']
    >>> sorted(clue_words("Light bulbs", "en"))
    ['bulb', 'bulbs', 'light']
    """
    stop = STOPWORDS.get(lang, frozenset())
    lemmas: set[str] = set()
    text = normalise(text, lang)
    for opening in LOVE:
        if text.startswith(opening):
            text = text[len(opening) :]
    for word in _WORD.findall(text):
        word = word.replace("'", "’") if lang == "uk" else word
        if word in stop or len(word) < 2:
            continue
        lemmas |= _lemmas(word, lang) - stop
    return frozenset(lemmas)


def _stems(words: Iterable[str]) -> frozenset[str]:
    return frozenset(word[:5] for word in words if len(word) >= 5)


@dataclass(frozen=True, slots=True)
class _Known:
    """What a bot knows of a card: its tags (phrases), their words, its mood words'."""

    tags: tuple[str, ...]
    words: frozenset[str]
    mood: frozenset[str]
    stems: frozenset[str]


@functools.lru_cache(maxsize=8192)
def _tag_split(card_id: str, lang: str) -> tuple[tuple[str, ...], frozenset[str]]:
    card = card_by_id(card_id)
    mood = frozenset(normalise(word, lang) for word in card.mood.get(lang))
    return card.tags(lang), mood


def _known(card_id: str, lang: str, share: float, salt: str) -> _Known:
    tags, mood = _tag_split(card_id, lang)
    if share >= 1.0:
        kept = tags
    else:
        chance = random.Random(f"{salt}:{card_id}:{lang}")
        kept = tuple(tag for tag in tags if chance.random() < share)
    return _known_of(kept, mood, lang)


@functools.lru_cache(maxsize=65536)
def _known_of(kept: tuple[str, ...], mood: frozenset[str], lang: str) -> _Known:
    words: set[str] = set()
    moods: set[str] = set()
    for tag in kept:
        (moods if tag in mood else words).update(clue_words(tag, lang))
    moods -= words
    return _Known(kept, frozenset(words), frozenset(moods), _stems(words | moods))


def _score(clue: frozenset[str], known: _Known) -> float:
    score = 0.0
    for word in clue:
        if word in known.words:
            score += 1.0
        elif word in known.mood:
            score += MOOD_CREDIT
        elif len(word) >= 5 and word[:5] in known.stems:
            score += STEM_CREDIT
    return score


def _full(card_id: str, lang: str) -> _Known:
    return _known(card_id, lang, 1.0, "")


@functools.cache
def _deck_ids() -> tuple[str, ...]:
    return tuple(card.id for card in builtin_deck())


# ---------------------------------------------------------------- clue forms


_QUESTION = {"uk": "Чому {}?", "ru": "Почему {}?", "en": "Why {}?"}
_STORY = {
    "uk": "Колись давно: {}, і все змінилося.",
    "ru": "Однажды случилось: {}, и всё изменилось.",
    "en": "Once, long ago: {}, and everything changed.",
}
_PAD = {
    "uk": ("— ось і все", "і все", "знову"),
    "ru": ("— вот и всё", "и всё", "снова"),
    "en": ("— that is all", "and more", "again"),
}
_AND = {"uk": "і", "ru": "и", "en": "and"}
_UK_VOWELS = frozenset("аеєиіїоуюя")
_CONJUNCTIONS = frozenset({"і", "й", "та", "або", "и", "или"})
_MODIFIERS = frozenset({"ADJF", "PRTF"})
_MARKED = PROPER_MARKS | {"Slng", "Infr", "Arch", "Erro", "Abbr"}
"""Readings put after the plain ones: proper names, slang, archaic and wrong forms."""


def _joined(first: str, second: str, lang: str) -> str:
    """Two tags said together: «тривога й кит» (Ukrainian takes й between vowel and
    consonant), «страх и кит», "fear and whale".

    >>> _joined("тривога", "кит", "uk"), _joined("кит", "тривога", "uk")
    ('тривога й кит', 'кит і тривога')
    >>> _joined("fear", "whale", "en")
    'fear and whale'
    """
    word = _AND[lang]
    if lang == "uk" and first[-1:] in _UK_VOWELS and second[:1] not in _UK_VOWELS:
        word = "й"
    return f"{first} {word} {second}"


def _nominatives(word: str, lang: str) -> list[Any]:
    """The dictionary's nominative readings of a word (common words before proper names)."""
    from igroteka.lexicon.morph import analyzer

    form = word.replace("’", "'") if lang == "uk" else word
    readings = []
    for parse in analyzer(lang).parse(form):
        tag = parse.tag
        if not parse.is_known or "Dist" in tag.grammemes:
            continue
        nominative = tag.case == "nomn" or (lang == "uk" and tag.POS == "NOUN" and not tag.case)
        if nominative and (tag.POS == "NOUN" or tag.POS in _MODIFIERS):
            readings.append(parse)
    common = [parse for parse in readings if _MARKED.isdisjoint(parse.tag.grammemes)]
    readings = common or readings
    nouns = [parse for parse in readings if parse.tag.POS == "NOUN"]
    if nouns:  # the dictionary's first noun; of its lemma and gender, the animate reading
        first = nouns[0]  # (dict_uk has кит, лев as an animal and as a thing)
        same = [
            p
            for p in nouns
            if (p.normal_form, p.tag.gender) == (first.normal_form, first.tag.gender)
        ]
        noun = next((p for p in same if "anim" in p.tag.grammemes), first)
        readings = [noun, *(p for p in readings if p.tag.POS != "NOUN")]
    return readings


def _plural(parse: Any) -> bool:
    return "plur" in parse.tag.grammemes


def _agrees(modifier: Any, noun: Any) -> bool:
    if _plural(modifier) != _plural(noun):
        return False
    return _plural(noun) or modifier.tag.gender == noun.tag.gender


def _closest(word: str, forms: Iterable[str]) -> str:
    """Of a lexeme's forms, the one nearest ``word`` (the longest common beginning)."""

    def shared(form: str) -> int:
        return next(
            (n for n, (a, b) in enumerate(zip(word, form, strict=False)) if a != b),
            min(len(word), len(form)),
        )

    return max(forms, key=shared, default=word)


def _inflected(word: str, parse: Any, case: str, lang: str) -> str:
    plural = _plural(parse)
    gender = parse.tag.gender
    forms = [
        found.word
        for found in parse.lexeme
        if case in found.tag.grammemes
        and _plural(found) == plural
        and (plural or parse.tag.POS == "NOUN" or found.tag.gender == gender)
    ]
    form = _closest(word.replace("’", "'"), forms)
    if lang == "uk":
        form = form.replace("'", "’")
    return form if "ё" in word else form.replace("ё", "е")


def _agreeing(readings: Sequence[list[Any]], noun: Any) -> list[Any] | None:
    """For each word, a reading of it as an adjective agreeing with ``noun``, or None."""
    found = [
        next((p for p in r if p.tag.POS in _MODIFIERS and _agrees(p, noun)), None) for r in readings
    ]
    return found if all(found) else None


def _group_accusative(words: list[str], lang: str) -> list[str]:
    """A noun phrase's words with its head noun, and the adjectives agreeing with it
    around it, in the accusative; the words after them (a genitive, a preposition's
    phrase) as they were. The head is the last noun that all words before it agree with."""
    readings = [_nominatives(word, lang) for word in words]
    best: tuple[int, Any, list[Any]] | None = None
    for n, found in enumerate(readings):
        for noun in (p for p in found if p.tag.POS == "NOUN"):
            before = _agreeing(readings[:n], noun)
            if before is not None:
                best = (n, noun, before)
                break
        if not any(p.tag.POS in _MODIFIERS for p in found):
            break  # a word that is no adjective ends the run of adjectives
    if best is None:
        return words
    head, noun, modifiers = best
    after = head + 1
    while after < len(words) and (tail := _agreeing([readings[after]], noun)):
        modifiers += tail
        after += 1
    animate = "anim" in noun.tag.grammemes
    like_genitive = animate and (_plural(noun) or noun.tag.gender == "masc")
    like_nominative = not animate and (_plural(noun) or noun.tag.gender != "femn")
    out = list(words)
    places = [*range(head), *range(head + 1, after)]
    for n, reading in [(head, noun), *zip(places, modifiers, strict=True)]:
        if like_genitive:  # an animate noun's accusative is its genitive (кита, риб)
            out[n] = _inflected(words[n], reading, "gent", lang)
        elif not like_nominative or reading is noun:  # an inanimate one's, the nominative
            out[n] = _inflected(words[n], reading, "accs", lang)
    return out


@functools.lru_cache(maxsize=8192)
def accusative(text: str, lang: str) -> str:
    """The words as the object of «люблю»: the head noun of each phrase (phrases joined
    by «і», «и»…) and the adjectives agreeing with it in the accusative, an animate
    noun's as its genitive; English, and words the dictionary does not know, unchanged.

    >>> accusative("кит", "uk"), accusative("кит", "ru"), accusative("ключ", "uk")
    ('кита', 'кита', 'ключ')
    >>> accusative("електрична лампочка", "uk"), accusative("тривога й кит", "uk")
    ('електричну лампочку', 'тривогу й кита')
    """
    if lang not in ("uk", "ru"):
        return text
    words = text.split(" ")
    out: list[str] = []
    group: list[str] = []
    for word in [*words, ""]:
        if word in _CONJUNCTIONS or not word:
            if group:
                out += _group_accusative(group, lang)
            out += [word] if word else []
            group = []
        else:
            group.append(word)
    return " ".join(out)


def _shaped(text: str, form: str, lang: str) -> str:
    """A clue of the words ``text`` in the form a cell asks."""
    if form == "question":
        return _QUESTION[lang].format(text)
    if form == "love":
        opening = LOVE[("en", "uk", "ru").index(lang)]
        said = accusative(text, lang)
        return f"{opening[0].upper()}{opening[1:]}{':' if lang == 'en' else ''} {said}"
    if form == "story":
        return _STORY[lang].format(text)
    if form == "four_words":
        words = [word for word in text.split() if any(char.isalnum() for char in word)]
        if len(words) >= 4:
            return " ".join(words[:4])
        return f"{' '.join(words)} {_PAD[lang][len(words) - 1]}"
    return text[:1].upper() + text[1:]


def _plainly_not(form: str, clue: str, aloud: bool) -> bool:
    """The clue plainly lacks its form (a "story" of one or two words)."""
    if aloud and not clue:
        return False
    if form == "story":
        return len([w for w in clue.split() if any(c.isalnum() for c in w)]) < 3
    return form_problem(form, clue) is not None


# ---------------------------------------------------------------- the clue bank


def clue_bank(lang: str) -> list[tuple[str, str]]:
    """The written clue-and-card cases of a language (``clues-<lang>.txt``): (card id, clue).

    >>> len(clue_bank("uk")) >= 150
    True
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use uk, ru or en)")
    path = resources.files("igroteka").joinpath(f"content/associations/clues-{lang}.txt")
    cases = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        card, clue = line.split("\t", 1)
        cases.append((card.strip(), clue.strip()))
    return cases


# ---------------------------------------------------------------- the bot


class AssociationsBot:
    """A bot of one :class:`Level` for one seat; its randomness comes from its seed."""

    def __init__(self, level: Level, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.seed = seed
        self.random = random.Random(seed * 7919 + seat)
        self.salt = f"{level.name}:{seed}:{seat}"

    def observe(self, events: Sequence[Event]) -> None:
        """The view holds everything the bot uses: its hand, the table, the clue."""

    def offer(self, view: JsonObject) -> Action | None:
        return None

    def refused(self, reason: str) -> None:
        raise RuntimeError(f"bot:{self.level.name} chose an illegal action: {reason}")

    def known(self, card_id: str, lang: str) -> _Known:
        """The tags of a card this bot knows."""
        return _known(card_id, lang, self.level.known, self.salt)

    def choose(self, view: JsonObject) -> Action:
        lang = str(view["options"].get("lang", "uk"))
        lang = lang if lang in LANGUAGES else "uk"
        phase = view["phase"]
        if phase == Phase.TELL:
            return self.tell(view, lang)
        if phase == Phase.CONFIRM:
            return Confirm(not _plainly_not(view["form"], view["clue"], view["aloud"]))
        if phase == Phase.LAY:
            return self.lay(view, lang)
        return self.vote(view, lang)

    # -- guessing and laying

    def scores(self, clue: str, cards: Sequence[str], lang: str) -> list[tuple[str, float]]:
        """The cards with how well each matches the clue by the tags this bot knows, best
        first (ties in a random order): what :meth:`guess` and :meth:`lay` choose by."""
        words = clue_words(clue, lang)
        keyed = [
            (-_score(words, self.known(card, lang)), self.random.random(), card) for card in cards
        ]
        return [(card, -score) for score, _, card in sorted(keyed)]

    def ranked(self, clue: str, cards: Sequence[str], lang: str) -> list[str]:
        """The cards, best match for the clue first (ties in a random order)."""
        return [card for card, _ in self.scores(clue, cards, lang)]

    def guess(self, clue: str, cards: Sequence[str], lang: str) -> str:
        """The card it takes for the storyteller's, among ``cards``."""
        if self.level.telling == "random":
            return self.random.choice(list(cards))
        return self.ranked(clue, cards, lang)[0]

    def vote(self, view: JsonObject, lang: str) -> Vote:
        table: list[str] = list(view["table"])
        mine = set(view["mine"])
        votable = [card for card in table if card not in mine]
        tokens = 3 if view["players"] == 2 else 1
        if self.level.telling == "random":
            order = self.random.sample(votable, len(votable))
        else:
            order = self.ranked(view["clue"], votable, lang)
        return Vote(tuple(table.index(card) + 1 for card in order[:tokens]))

    def lay(self, view: JsonObject, lang: str) -> Lay:
        hand: list[str] = list(view["hand"])
        count = 2 if view["players"] == 3 else 1
        if self.level.telling == "random":
            return Lay(tuple(self.random.sample(hand, count)))
        return Lay(tuple(self.ranked(view["clue"], hand, lang)[:count]))

    # -- telling

    def tell(self, view: JsonObject, lang: str) -> Tell:
        hand: list[str] = list(view["hand"])
        form: str = view["form"]
        players = int(view["players"])
        options = self._candidates(hand, lang)
        if not options:  # it knows no tag of any card: name a mood by its deck
            card = self.random.choice(hand)
            options = [(card, _tag_split(card, lang)[0][0])]
        telling = self.level.telling
        if telling in ("random", "obvious"):
            if telling == "obvious":  # the first tag known of a card: an emoji's name
                firsts = {card: text for card, text in reversed(options)}
                options = list(firsts.items())
            card, text = self.random.choice(options)
        else:
            card, text = self._best(options, view, lang)
        clue = _shaped(text, form, lang)
        others: tuple[str, ...] = ()
        if players == 2:
            rest = [c for c in hand if c != card]
            if telling == "random":
                others = tuple(self.random.sample(rest, 4))
            else:
                others = tuple(self.ranked(clue, rest, lang)[-4:])
        return Tell(card, clue, others=others)

    def _candidates(self, hand: Sequence[str], lang: str) -> list[tuple[str, str]]:
        """(card, words) a clue may say: each known tag, and for hard a mood word with a tag."""
        options: list[tuple[str, str]] = []
        for card in hand:
            known = self.known(card, lang)
            _, mood = _tag_split(card, lang)
            tags = [tag for tag in known.tags if clue_words(tag, lang)]
            options += [(card, tag) for tag in tags]
            if self.level.telling == "half":
                moods = [tag for tag in tags if tag in mood]
                plain = [tag for tag in tags if tag not in mood]
                options += [(card, _joined(m, t, lang)) for m in moods for t in plain[:4]]
        return options

    def _best(
        self,
        options: Sequence[tuple[str, str]],
        view: JsonObject,
        lang: str,
    ) -> tuple[str, str]:
        hand: list[str] = list(view["hand"])
        players = int(view["players"])
        size = int(view["options"].get("cards", len(_deck_ids())))
        pool = [c for c in _deck_ids()[:size] if c not in hand]
        scored = []
        seen: set[tuple[str, frozenset[str]]] = set()
        for card, text in options:
            words = clue_words(text, lang)
            own = _score(words, _full(card, lang))
            if own <= 0 or (card, words) in seen:
                continue
            seen.add((card, words))
            if players == 2:
                rest = sorted(_score(words, _full(c, lang)) for c in hand if c != card)[:4]
                rivals = sum(1 for s in rest if s >= own)
                worth = GUESSER_SHARE / (1 + rivals * GUESSER_SHARE) + (1 - GUESSER_SHARE) / 5
            elif self.level.telling == "specific":
                rare = sum(1 for c in pool if _score(words, _full(c, lang)) >= own) / len(pool)
                worth = -abs(rare - SPECIFIC)
            else:
                worth = self._simulated(card, words, pool, players, lang, SIMULATIONS)
            scored.append((worth, self.random.random(), card, text))
        if not scored:
            return self.random.choice(list(options))
        if self.level.telling == "half" and players > 2:  # the best few again, more closely
            scored = [
                (self._simulated(card, clue_words(text, lang), pool, players, lang, CLOSER), tie,
                 card, text)
                for _, tie, card, text in sorted(scored, reverse=True)[:FINALISTS]
            ]  # fmt: skip
        _, _, card, text = max(scored)
        return card, text

    def _simulated(
        self,
        card: str,
        words: frozenset[str],
        pool: Sequence[str],
        players: int,
        lang: str,
        rounds: int,
    ) -> float:
        """The share of simulated rounds in which some but not all guessers find ``card``.

        The others' hands are drawn from the cards it has not seen; a simulated
        player knows each of a card's matches with the clue with GUESSER_SHARE.
        """
        credit = {c: _credits(words, c, lang) for c in (card, *pool)}
        draw = self.random
        lays = 2 if players == 3 else 1
        others = players - 1

        def noisy(c: str) -> float:
            kept = sum(value for value, chance in credit[c] if draw.random() < chance)
            return kept + draw.random() * 0.01

        hits = 0
        for _ in range(rounds):
            drawn = draw.sample(list(pool), others * HAND)
            laid = [
                sorted(drawn[n * HAND : (n + 1) * HAND], key=noisy)[-lays:] for n in range(others)
            ]
            table = [card, *(c for cards in laid for c in cards)]
            found = sum(
                max((c for c in table if c not in laid[n]), key=noisy) == card
                for n in range(others)
            )
            hits += 0 < found < others
        return hits / rounds


def _credits(words: frozenset[str], card: str, lang: str) -> tuple[tuple[float, float], ...]:
    """Per clue word that a card's tags meet: what it counts, and the chance a player who
    knows GUESSER_SHARE of the tags knows one that has it (a word may be in several)."""
    tags, _ = _tag_split(card, lang)
    known = _full(card, lang)
    found = []
    for word in words:
        value = _score(frozenset((word,)), known)
        if value:
            stem = word[:5]
            times = sum(
                1
                for tag in tags
                if any(w == word or (len(w) >= 5 and w[:5] == stem) for w in clue_words(tag, lang))
            )
            found.append((value, 1 - (1 - GUESSER_SHARE) ** max(1, times)))
    return tuple(found)
