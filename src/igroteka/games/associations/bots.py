"""Bots for the association game: they read a clue by its meaning, and aim their own.

A bot knows its seeded share of each card's tags (the CLDR names and keywords of
the emoji and the mood words, :meth:`Card.tags`): ``easy`` 35 %, ``medium`` 60 %
in the room's language, ``hard`` every tag in the three languages, so that bots
do not read each other's minds. It reads a clue by its meaning
(:mod:`~igroteka.games.associations.meaning`, a multilingual sentence-embedding
model): how near the clue is to the tags it knows of a card (:meth:`AssociationsBot.fit`).

- guessing: the card on the table, not its own, that fits the clue best;
- laying: the hand card that fits the clue best (a decoy);
- telling, where the storyteller scores only if some but not all find its card:
  ``random`` says a word it knows of a card, both at random; ``easy`` says how a
  card feels, a mood word it knows (else the first tag it knows of a card, an
  emoji's name); ``medium`` and ``hard`` weigh every word they know (``hard``
  also a mood word with a word) by the chance that some but not all the others
  find its card (:mod:`~igroteka.games.associations.telling`), ``hard`` over
  more deals of the others' hands. None says a bare category word ("animal").
  Every clue has the form its cell asks, its nouns in the accusative after
  «Найбільше я люблю» (:func:`accusative`), as a sentence ("What I love most: …");
- ``random`` lays and votes at random.

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
from typing import Any, NamedTuple

import numpy as np

from igroteka.engine.bot import check_level
from igroteka.engine.game import Event, JsonObject
from igroteka.games.associations.cards import card_by_id
from igroteka.games.associations.deck import LANGUAGES, builtin_deck, normalise
from igroteka.games.associations.meaning import (
    NEXT_CREDIT,
    card_whole,
    closeness,
    embed,
    tag_vectors,
)
from igroteka.games.associations.rules import (
    LOVE,
    Action,
    Confirm,
    Lay,
    Phase,
    Tell,
    Vote,
    cards_for,
    form_problem,
)
from igroteka.games.associations.telling import Aim, bare_category
from igroteka.lexicon.morph import PROPER_MARKS

__all__ = [
    "LEVELS",
    "STYLES",
    "AssociationsBot",
    "Case",
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
    """``random`` (a tag it knows), ``mood`` (a mood word), ``specific`` (a rare tag) or
    ``half`` (the clue some but not all the others find most often)."""


LEVELS: dict[str, Level] = {
    "random": Level("random", 0.35, "random"),
    "easy": Level("easy", 0.35, "mood"),
    "medium": Level("medium", 0.6, "specific"),
    "hard": Level("hard", 1.0, "half"),  # every tag, in the three languages
}

DEALS: dict[str, int] = {"medium": 12, "hard": 48}
"""Deals of the others' hands over which a storyteller of a level weighs its clues."""
NEIGHBOURS = 8
"""Words beyond its own that the hard storyteller weighs for each card of its hand."""
DOUBT = 0.03
"""At a table of two where extra tokens cost a step, a guesser places another token only on
a card that fits the clue within this of its first choice."""


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
    rest = _after_opening(text)
    for word in _WORD.findall(text if rest is None else rest):
        word = word.replace("'", "’") if lang == "uk" else word
        if word in stop or len(word) < 2:
            continue
        lemmas |= _lemmas(word, lang) - stop
    return frozenset(lemmas)


def _after_opening(text: str) -> str | None:
    """What a normalised clue says after the opening its cell asks (“what i love most”), or
    None when it has none."""
    opening = next((opening for opening in LOVE if text.startswith(opening)), None)
    return None if opening is None else text[len(opening) :]


def _bare(clue: str, lang: str) -> str:
    """A clue without the opening its cell asks (“What I love most…”): what it means."""
    text = normalise(clue, lang)
    rest = _after_opening(text)
    return clue if rest is None else rest.strip(" :,—-") or text


@dataclass(frozen=True, slots=True)
class _Known:
    """What a bot knows of a card: the tags (words and phrases) it remembers."""

    tags: tuple[str, ...]


@functools.lru_cache(maxsize=8192)
def _tag_split(card_id: str, lang: str) -> tuple[tuple[str, ...], frozenset[str]]:
    card = card_by_id(card_id)
    mood = frozenset(normalise(word, lang) for word in card.mood.get(lang))
    return card.tags(lang), mood


def _known(card_id: str, lang: str, share: float, salt: str) -> _Known:
    tags, _ = _tag_split(card_id, lang)
    if share >= 1.0:
        return _Known(tags)
    chance = random.Random(f"{salt}:{card_id}:{lang}")
    return _Known(tuple(tag for tag in tags if chance.random() < share))


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
_LOVE_SAID = {"uk": "Найбільше я люблю", "ru": "Больше всего я люблю", "en": "What I love most:"}
_UK_VOWELS = frozenset("аеєиіїоуюя")
_CONJUNCTIONS = frozenset({"і", "й", "та", "або", "и", "или"})
_MODIFIERS = frozenset({"ADJF", "PRTF"})
_MARKED = PROPER_MARKS | {"Slng", "Infr", "Arch", "Erro", "Abbr"}
"""Readings put after the plain ones: proper names, slang, archaic and wrong forms."""


def _together(first: Any, second: Any) -> Any:
    """Two words' meaning said together: the direction between theirs."""
    both = first + second
    return both / max(float(np.linalg.norm(both)), 1e-9)


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
        opening = _LOVE_SAID[lang]
        return f"{opening} {accusative(text, lang)}"
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


STYLES: tuple[str, ...] = ("literal", "associative", "poetic")
"""How the bank's clues are written: what the card shows, an idea it calls up without naming
what is drawn, or a saying, a line of a song or a metaphor."""


class _Option(NamedTuple):
    """A clue a storyteller may say: for which card, its words, and their meaning."""

    card: str
    text: str
    vector: Any


class Case(NamedTuple):
    """A written clue of the bank: the card it was written for, its style, the clue."""

    card: str
    style: str
    clue: str


def clue_bank(lang: str) -> list[Case]:
    """The written clues of a language (``clues-<lang>.txt``), each for a card, in a style.

    >>> bank = clue_bank("uk")
    >>> len(bank) >= 120, {case.style for case in bank} == set(STYLES)
    (True, True)
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use uk, ru or en)")
    path = resources.files("igroteka").joinpath(f"games/associations/data/clues-{lang}.txt")
    cases = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        card, style, clue = (part.strip() for part in line.split("\t"))
        if style not in STYLES:
            raise ValueError(f"clues-{lang}.txt: unknown style {style!r}")
        cases.append(Case(card, style, clue))
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
        self._known: dict[tuple[str, str], _Known] = {}
        self._meanings: dict[tuple[str, str], tuple[Any, Any]] = {}

    def observe(self, events: Sequence[Event]) -> None:
        """The view holds everything the bot uses: its hand, the table, the clue."""

    def offer(self, view: JsonObject) -> Action | None:
        return None

    def refused(self, reason: str) -> None:
        raise RuntimeError(f"bot:{self.level.name} chose an illegal action: {reason}")

    def known(self, card_id: str, lang: str) -> _Known:
        """The tags of a card this bot knows (the same all game long)."""
        key = (card_id, lang)
        if key not in self._known:
            self._known[key] = _known(card_id, lang, self.level.known, self.salt)
        return self._known[key]

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
        """The cards with how well each fits the clue's meaning by the tags this bot knows,
        best first (ties in a random order): what :meth:`guess` and :meth:`lay` choose by."""
        keyed = [(-self.fit(clue, card, lang), self.random.random(), card) for card in cards]
        return [(card, -score) for score, _, card in sorted(keyed)]

    def fit(self, clue: str, card: str, lang: str) -> float:
        """How near the clue's meaning is to the card, as far as this bot knows the card:
        the nearest of the tags it knows, half the next nearest, and the tags said together
        (:mod:`~igroteka.games.associations.meaning`). A bot that knows every tag reads
        them in the three languages (a clue in Russian meets a card's Ukrainian words)."""
        tags, wholes = self.vectors(card, lang)
        if len(tags) == 0:
            return -1.0
        query = embed(_bare(clue, lang))
        near = np.sort(tags @ query)[::-1]
        second = near[1] if len(near) > 1 else near[0]
        return float(near[0] + NEXT_CREDIT * second + np.max(wholes @ query))

    def matched(self, clue: str, card: str, lang: str, count: int = 3) -> list[str]:
        """The tags of the card it knows nearest the clue, nearest first."""
        tags = self.known_tags(card, lang)
        near = closeness(_bare(clue, lang), self.vectors(card, lang)[0])
        return list(dict.fromkeys(tags[n] for n in np.argsort(-near)))[:count]

    def known_tags(self, card: str, lang: str) -> list[str]:
        """The tags it knows of a card that :meth:`fit` reads, in the order of
        :meth:`vectors` (in the three languages for a bot that knows every tag)."""
        langs = LANGUAGES if self.level.known >= 1 else (lang,)
        return [tag for one in langs for tag in self.known(card, one).tags]

    def vectors(self, card: str, lang: str, every: bool = True) -> tuple[Any, Any]:
        """The vectors of the words it knows of a card, and of them said together (of the
        words in ``lang`` alone when not ``every``: what the others may know)."""
        key = (card, lang if every else f"{lang}!")
        found = self._meanings.get(key)
        if found is None:
            langs = LANGUAGES if self.level.known >= 1 and every else (lang,)
            tags = [(one, self.known(card, one).tags) for one in langs]
            found = (
                np.concatenate([tag_vectors(known, one) for one, known in tags]),
                np.stack([card_whole(card, known, one) for one, known in tags]),
            )
            self._meanings[key] = found
        return found

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
        costly = view["options"].get("extra_tokens") == "cost"
        if self.level.telling == "random":
            order = self.random.sample(votable, len(votable))
            tokens = 1 if costly else tokens
        else:
            scored = self.scores(view["clue"], votable, lang)
            order = [card for card, _ in scored]
            if costly and tokens > 1:  # another token only on a card nearly as good
                tokens = sum(1 for _, fit in scored[:3] if fit >= scored[0][1] - DOUBT)
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
        telling = self.level.telling
        options = self._candidates(hand, lang)
        if not options:  # it knows no word of any card that is not a category: a name
            card = self.random.choice(hand)
            text = _tag_split(card, lang)[0][0]
            options = [_Option(card, text, tag_vectors([text], lang)[0])]
        if telling == "random":
            card, text = self.random.choice(options)[:2]
        elif telling == "mood":  # how a card feels; else the first word known: an emoji's name
            moods = [(o.card, o.text) for o in options if o.text in _tag_split(o.card, lang)[1]]
            firsts = {o.card: o.text for o in reversed(options)}
            card, text = self.random.choice(moods or list(firsts.items()))
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

    def _candidates(self, hand: Sequence[str], lang: str) -> list[_Option]:
        """The clues it may say: each word it knows of a card but a bare category word, and
        for hard a mood word with a word."""
        options: list[_Option] = []
        for card in hand:
            _, mood = _tag_split(card, lang)
            tags = [
                tag
                for tag in self.known(card, lang).tags
                if clue_words(tag, lang) and not bare_category(tag, card, lang)
            ]
            vectors = dict(zip(tags, tag_vectors(tags, lang), strict=True))
            options += [_Option(card, tag, vectors[tag]) for tag in tags]
            if self.level.telling == "half":
                moods = [tag for tag in tags if tag in mood]
                plain = [tag for tag in tags if tag not in mood]
                options += [
                    _Option(card, _joined(m, t, lang), _together(vectors[m], vectors[t]))
                    for m in moods
                    for t in plain[:4]
                ]
        return options

    def _best(self, options: Sequence[_Option], view: JsonObject, lang: str) -> tuple[str, str]:
        """The clue of :meth:`weighed` worth most (ties at random)."""
        weighed = self.weighed(options, view, lang)
        card, text, _ = max(weighed, key=lambda one: (one[2], self.random.random()))
        return card, text

    def weighed(
        self, options: Sequence[_Option], view: JsonObject, lang: str
    ) -> list[tuple[str, str, float]]:
        """Each clue it may say (card, words) with its worth: the expected share of rounds in
        which some but not all the others find its card
        (:class:`~igroteka.games.associations.telling.Aim`), ``hard`` weighing also the
        words nearest each card that are not its own (:meth:`Aim.neighbours`); at a table
        of two, the chance that the guesser's first or second token is on its card."""
        hand: list[str] = list(view["hand"])
        players = int(view["players"])
        pool = [c for c in _room_deck(view) if c not in hand]
        aim = Aim(self, hand, pool, players, lang, DEALS[self.level.name])
        options = list(options)
        if self.level.telling == "half":
            for owner, card in enumerate(hand):
                options += [
                    _Option(card, word, vector)
                    for word, vector in aim.neighbours(owner, NEIGHBOURS)
                ]
        owners = [hand.index(option.card) for option in options]
        vectors = np.stack([option.vector for option in options])
        if players == 2:
            worth = aim.two_players(owners, vectors)
        else:
            worth = aim.some_not_all(owners, vectors)
        return [(o.card, o.text, float(w)) for o, w in zip(options, worth, strict=True)]

    def clues(self, view: JsonObject, lang: str) -> list[tuple[str, str, float]]:
        """What a ``medium`` or ``hard`` storyteller weighs at its tell (card, words, worth),
        before the words take the form of the cell: what :meth:`tell` chooses from."""
        options = self._candidates(list(view["hand"]), lang)
        return self.weighed(options, view, lang) if options else []


def _room_deck(view: JsonObject) -> tuple[str, ...]:
    """The built-in cards the room plays with."""
    size = int(view["options"].get("cards") or cards_for(int(view["players"])))
    return _deck_ids()[:size]
