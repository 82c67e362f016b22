"""Bots for the association game: they tell, lay and vote by the tags of the cards.

A bot knows only its seeded share of each card's tags (the CLDR names and
keywords of the emoji and the mood words, :meth:`Card.tags`): ``random`` and
``easy`` 35 %, ``medium`` 60 %, ``hard`` 85 %, so that bots do not read each
other's minds; whatever a bot weighs, it weighs by the tags it knows. Words of a
clue and of tags are compared by lemma (pymorphy3 for uk and ru, suffix
stripping for en); phrases count word by word.

- guessing: each card on the table but its own scores the clue's words it
  knows among the card's tags (mood words weaker); the best wins, ties at random;
- laying: the hand card that scores best for the clue (``hard``: best, a decoy);
- telling, where the storyteller scores only if some but not all find its card:
  ``random`` says a tag it knows of a card, both at random; ``easy`` says how a
  card feels, a mood word it knows (else the first tag it knows of a card, an
  emoji's name); ``medium`` the tag that, as far as it knows, fits the share
  :data:`SPECIFIC` of the deck's other cards most nearly; ``hard`` weighs every
  tag it knows and every mood word with a tag by the chance that some but not all
  the others find its card, over deals of their hands from the cards it has not
  seen, each of them knowing a tag with :data:`GUESSER_SHARE`, laying its best
  card for the clue and voting for the best of the rest. Every clue has the form
  its cell asks, its nouns in the accusative after «Найбільше я люблю»
  (:func:`accusative`);
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
    """``random`` (a tag it knows), ``mood`` (a mood word), ``specific`` (a rare tag) or
    ``half`` (the clue some but not all the others find most often)."""


LEVELS: dict[str, Level] = {
    "random": Level("random", 0.35, "random"),
    "easy": Level("easy", 0.35, "mood"),
    "medium": Level("medium", 0.6, "specific"),
    "hard": Level("hard", 0.85, "half"),
}

MOOD_CREDIT = 0.6
"""What a clue word among a card's mood words counts, beside 1 for a name or keyword."""
STEM_CREDIT = 0.3
"""What a clue word sharing only the first letters of a tag word counts."""
GUESSER_SHARE = 0.6
"""The share of tags the hard storyteller supposes the others know (medium's, and the
mean of the levels')."""
DEALS = 24
"""Deals of the others' hands over which the hard storyteller weighs each clue."""
FINALISTS = 6
CLOSER = 96
"""The best FINALISTS clues are weighed again over CLOSER fresh deals (the best of many
noisy estimates is too often a lucky one)."""
SPECIFIC = 0.065
"""The share of the deck's other cards the medium storyteller wants its clue to fit as well
(about four of 58): a rare tag, not one only its card has, which too many find. A fixed
aim, blind to the hands: at a tenth it was nearly as good as hard's simulation."""


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
        self._known: dict[tuple[str, str], _Known] = {}

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
        telling = self.level.telling
        options = self._candidates(hand, lang)
        if not options:  # it knows no tag of any card: name a card by its first tag
            card = self.random.choice(hand)
            options = [(card, _tag_split(card, lang)[0][0])]
        if telling == "random":
            card, text = self.random.choice(options)
        elif telling == "mood":  # how a card feels; else the first tag known: an emoji's name
            moods = [(c, t) for c, t in options if t in _tag_split(c, lang)[1]]
            firsts = {card: text for card, text in reversed(options)}
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
        form: str = view["form"]
        pool = [c for c in _room_deck(view) if c not in hand]
        scored = []
        seen: set[tuple[str, frozenset[str]]] = set()
        half = self.level.telling == "half" and players > 2
        table = _Table(self, pool, players, lang, DEALS) if half else None
        for card, text in options:
            words = clue_words(_shaped(text, form, lang), lang)
            own = _score(words, self.known(card, lang))
            if own <= 0 or (card, words) in seen:
                continue
            seen.add((card, words))
            if table is not None:
                worth = table.some_not_all(card, words)
            elif players == 2:
                rest = sorted(_score(words, self.known(c, lang)) for c in hand if c != card)[:4]
                rivals = sum(1 for s in rest if s >= own)
                worth = GUESSER_SHARE / (1 + rivals * GUESSER_SHARE) + (1 - GUESSER_SHARE) / 5
            else:
                rare = sum(1 for c in pool if _score(words, self.known(c, lang)) >= own)
                worth = -abs(rare / len(pool) - SPECIFIC)
            scored.append((worth, self.random.random(), card, text, words))
        if not scored:
            return self.random.choice(list(options))
        if table is not None:  # the best few again, over more deals (the best of many
            closer = _Table(self, pool, players, lang, CLOSER)  # estimates is often a lucky one)
            scored = [
                (closer.some_not_all(card, words), tie, card, text, words)
                for _, tie, card, text, words in sorted(scored, reverse=True)[:FINALISTS]
            ]
        _, _, card, text, _ = max(scored)
        return card, text


def _room_deck(view: JsonObject) -> tuple[str, ...]:
    """The built-in cards the room plays with."""
    return _deck_ids()[: int(view["options"].get("cards", len(_deck_ids())))]


Spread = tuple[tuple[float, float], ...]
"""How a player scores a card for a clue: (score, chance) pairs, lowest score first."""
_NOTHING: Spread = ((0.0, 1.0),)
_LIMIT = 10
"""At most this many of a card's tags that touch a clue are weighed (2**10 cases)."""


@functools.lru_cache(maxsize=65536)
def _spread(
    kept: tuple[str, ...], mood: frozenset[str], words: frozenset[str], lang: str, share: float
) -> Spread:
    """How a player who knows each tag of ``kept`` with the chance ``share`` scores a clue
    (of ``words``): every subset of the tags that touch the clue, weighed."""
    stems = _stems(words)
    touching = [
        tag
        for tag in kept
        if clue_words(tag, lang) & words or _stems(clue_words(tag, lang)) & stems
    ][:_LIMIT]
    if not touching:
        return _NOTHING
    chances: dict[float, float] = {}
    for mask in range(1 << len(touching)):
        subset = tuple(tag for n, tag in enumerate(touching) if mask >> n & 1)
        score = round(_score(words, _known_of(subset, mood, lang)), 6)
        chance = share ** len(subset) * (1 - share) ** (len(touching) - len(subset))
        chances[score] = chances.get(score, 0.0) + chance
    return tuple(sorted(chances.items()))


@functools.lru_cache(maxsize=65536)
def _found(own: Spread, decoys: tuple[Spread, ...], count: int) -> float:
    """The chance that a guesser picks the card scored ``own`` among ``count`` decoys, of
    which ``decoys`` may score (the rest score nothing); ties are broken at random."""
    total = 0.0
    blank = count - len(decoys)
    for score, chance in own:
        ties = [1.0]  # ties[k]: the chance that k decoys tie with the card and none beats it
        for decoy in decoys:
            below = sum(p for s, p in decoy if s < score)
            level = sum(p for s, p in decoy if s == score)
            ties = [a * below + b * level for a, b in zip([*ties, 0.0], [0.0, *ties], strict=True)]
        if score == 0:
            ties = [0.0] * blank + ties
        elif score < 0:
            continue
        total += chance * sum(p / (k + 1) for k, p in enumerate(ties))
    return total


def _sample(spread: Spread, draw: float) -> float:
    for score, chance in spread:
        draw -= chance
        if draw < 0:
            return score
    return spread[-1][0]


class _Table:
    """The hard storyteller's model of a round: the others' hands dealt at random from the
    cards it has not seen, ``rounds`` times (the same deals for every clue it weighs), and
    the others playing as bots do, each knowing a tag of a card with GUESSER_SHARE: each
    lays the card of its hand it finds best for the clue, then votes for the best of the
    others' (:meth:`some_not_all`)."""

    def __init__(
        self, bot: AssociationsBot, pool: Sequence[str], players: int, lang: str, rounds: int
    ) -> None:
        self.bot = bot
        self.lang = lang
        self.lays = 2 if players == 3 else 1
        others = players - 1
        draw = bot.random
        self.deals: list[tuple[list[tuple[str, ...]], list[float]]] = []
        for _ in range(rounds):
            cards = draw.sample(list(pool), others * HAND)
            hands = [tuple(cards[n * HAND : (n + 1) * HAND]) for n in range(others)]
            self.deals.append((hands, [draw.random() for _ in range(others * HAND * 2)]))
        self.index: dict[str, set[str]] = {}
        """Which cards of the pool a word (or the first five letters of one) may touch."""
        for card in pool:
            known = bot.known(card, lang)
            for key in (*known.words, *known.mood, *(f"{stem}…" for stem in known.stems)):
                self.index.setdefault(key, set()).add(card)

    def spread(self, card: str, words: frozenset[str]) -> Spread:
        """How a guesser scores ``card`` for the clue, by the tags of it this bot knows."""
        known = self.bot.known(card, self.lang)
        mood = _tag_split(card, self.lang)[1]
        return _spread(known.tags, mood, words, self.lang, GUESSER_SHARE)

    def some_not_all(self, card: str, words: frozenset[str]) -> float:
        """The expected share of rounds in which some but not all the others find ``card``
        told by ``words`` (each guesser's knowledge weighed exactly, the deals sampled)."""
        touched: set[str] = set()
        for key in (*words, *(f"{stem}…" for stem in _stems(words))):
            touched |= self.index.get(key, set())
        spreads = {c: self.spread(c, words) for c in touched}
        spreads = {c: found for c, found in spreads.items() if found != _NOTHING}
        own = self.spread(card, words)
        lays = self.lays
        others = len(self.deals[0][0])
        count = lays * (others - 1)
        alone = _found(own, (), count)  # no decoy fits: the chance that one finds it
        plain = 1 - alone**others - (1 - alone) ** others
        total = 0.0
        for hands, draws in self.deals:
            fitting: list[list[Spread]] = []  # per other player: the laid cards that fit
            for n, hand in enumerate(hands):
                if not any(c in spreads for c in hand):
                    fitting.append([])  # nothing fits: any card, and it scores nothing
                    continue
                at = n * HAND * 2
                keys = []
                for i, c in enumerate(hand):
                    found = spreads.get(c)
                    score = _sample(found, draws[at + 2 * i]) if found else 0.0
                    keys.append((score, draws[at + 2 * i + 1], c))
                fitting.append([spreads[c] for _, _, c in sorted(keys)[-lays:] if c in spreads])
            if not any(fitting):
                total += plain
                continue
            everyone = nobody = 1.0
            for n in range(others):
                decoys = [found for m, laid in enumerate(fitting) if m != n for found in laid]
                p = _found(own, tuple(sorted(decoys)), count)
                everyone *= p
                nobody *= 1 - p
            total += 1 - everyone - nobody
        return total / len(self.deals)
