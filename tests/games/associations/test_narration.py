"""What the association game tells its players: a sentence for each step, the banner for the
seats asked to act, the others and a spectator, and the rules explained the first time. Before
the reveal it says only *that* a seat has laid or voted, never which card: the narrator reads
the events a seat may see and that seat's view, nothing else."""

from __future__ import annotations

import re

import pytest

from igroteka.engine import Match, play_out
from igroteka.engine.context import context
from igroteka.engine.game import Event, events_for
from igroteka.engine.narration import Banner
from igroteka.games import entry
from igroteka.games.associations.bots import make_bot
from igroteka.games.associations.narration import NARRATOR
from igroteka.games.associations.rules import (
    AssociationsGame,
    AssociationsState,
    Confirm,
    Lay,
    Phase,
    Tell,
    Vote,
)
from igroteka.i18n import Text, translate
from tests.games.associations.test_rules import (
    at_cell,
    lay_all,
    new,
    number_of,
    someone_elses,
    story_number,
)

GAME = AssociationsGame()
NAMES = ["Ann", "Bob", "Olya", "Ivan"]


def step(
    state: AssociationsState, seat: int, action: object, reader: int | None
) -> tuple[AssociationsState, list[str]]:
    """The state after an action, and the sentences ``reader`` reads of it."""
    after, events = GAME.apply(state, seat, action)  # type: ignore[arg-type]
    said = [NARRATOR.narrate(event, seat, NAMES) for event in events_for(events, reader)]
    return after, [sentence for sentence in said if sentence is not None]


def banner(state: AssociationsState, seat: int | None) -> Banner:
    return NARRATOR.banner(GAME.view(state, seat), context(GAME, state, 0), seat, NAMES)


def told(state: AssociationsState, clue: str = "море") -> AssociationsState:
    after, _ = GAME.apply(state, 0, Tell(state.hands[0][0], clue))
    return after


def voted(state: AssociationsState, choice: dict[int, int]) -> tuple[AssociationsState, list[str]]:
    said: list[str] = []
    for seat, number in choice.items():
        state, more = step(state, seat, Vote((number,)), None)
        said += more
    return state, said


# ---------------------------------------------------------------- the sentences


def test_the_association_game_is_declared_with_its_narrator() -> None:
    assert entry("associations").declaration.narrator is NARRATOR


def test_the_clue_is_told_to_all_and_only_the_storyteller_reads_of_the_card() -> None:
    state = new(4)
    card = state.hands[0][0]
    _, others = step(state, 0, Tell(card, "море"), 1)
    _, own = step(state, 0, Tell(card, "море"), 0)
    assert others == ["Ann tells: “море”"]
    assert own == ["Ann tells: “море”", "You laid your card face down"]
    assert translate(Text("{name} tells: “{clue}”", name="Ann", clue="море"), "uk") == (
        "Ann загадує: «море»"
    )


def test_a_clue_said_aloud_is_told_as_said_aloud() -> None:
    state = new(4)
    _, said = step(state, 0, Tell(state.hands[0][0], "", aloud=True), 1)
    assert said == ["Ann said the clue aloud"]


def test_a_clue_on_a_special_cell_names_the_form_the_cell_asks() -> None:
    state = at_cell(new(4), 5)
    _, said = step(state, 0, Tell(state.hands[0][0], "Куди веде дорога?"), 1)
    assert said == ["Ann tells: “Куди веде дорога?” (the cell asks for a question)"]


def test_each_judgement_of_a_story_is_told_without_its_answer_and_then_the_verdict() -> None:
    state = at_cell(new(4), 17)
    state, _ = step(state, 0, Tell(state.hands[0][0], "Once upon a time a whale flew home"), 1)
    state, first = step(state, 1, Confirm(False), 2)
    state, _ = step(state, 2, Confirm(False), 3)
    _, last = step(state, 3, Confirm(True), 0)
    assert first == ["Bob has judged the clue’s form"]
    assert last == [
        "Ivan has judged the clue’s form",
        "Most of the table said the clue is not a story: the storyteller will not move this round",
    ]


def test_a_card_laid_is_told_to_all_by_count_and_to_its_player_as_theirs() -> None:
    state = told(new(4))
    _, others = step(state, 1, Lay((state.hands[1][0],)), 2)
    _, own = step(state, 1, Lay((state.hands[1][0],)), 1)
    assert others == ["Bob laid 1 card face down"]
    assert own == ["Bob laid 1 card face down", "You laid your card face down"]


def test_at_a_table_of_three_each_lays_two_cards_and_the_sentence_says_two() -> None:
    state = told(new(3))
    _, said = step(state, 1, Lay(state.hands[1][:2]), 2)
    assert said == ["Bob laid 2 cards face down"]


def test_the_last_card_laid_shows_the_numbered_table() -> None:
    state = told(new(4))
    for seat in (1, 2):
        state, _ = step(state, seat, Lay((state.hands[seat][0],)), None)
    _, said = step(state, 3, Lay((state.hands[3][0],)), None)
    assert said == [
        "Ivan laid 1 card face down",
        "The cards are shuffled and shown, numbered 1 to 4",
    ]


def test_a_vote_is_told_to_all_as_done_and_to_its_voter_by_number() -> None:
    state = lay_all(told(new(4)))
    number = someone_elses(state, 1, [])
    _, others = step(state, 1, Vote((number,)), 2)
    _, own = step(state, 1, Vote((number,)), 1)
    assert others == ["Bob has voted"]
    assert own == ["Bob has voted", f"You voted for card {number}"]


def test_the_reveal_names_the_card_who_found_it_and_the_moves() -> None:
    state = lay_all(told(new(4)))
    story = story_number(state)
    decoy = number_of(state, state.laid[1][0])
    _, said = voted(state, {1: story, 2: decoy, 3: story})
    assert said[-3:] == [
        "Ivan has voted",
        f"Card {story} was the storyteller’s: Bob and Ivan found it; "
        "moves: Ann +3, Bob +4 and Ivan +3",
        "Bob is the storyteller now",
    ]


def test_the_reveal_says_when_everybody_found_the_card() -> None:
    state = lay_all(told(new(4)))
    story = story_number(state)
    _, said = voted(state, {1: story, 2: story, 3: story})
    assert said[-2] == (
        f"Card {story} was the storyteller’s: everybody found it; "
        "moves: Bob +3, Olya +3 and Ivan +3"
    )


def test_the_reveal_says_when_nobody_found_the_card() -> None:
    state = lay_all(told(new(4)))
    choice = {seat: someone_elses(state, seat, [0]) for seat in (1, 2, 3)}
    _, said = voted(state, choice)
    assert f"Card {story_number(state)} was the storyteller’s: nobody found it;" in said[-2]


def test_at_a_table_of_two_the_reveal_names_the_token_on_the_card() -> None:
    state = new(2)
    hand = state.hands[0]
    state, said = step(state, 0, Tell(hand[0], "ніч", others=hand[1:5]), 0)
    assert said[1:] == [
        "You laid five cards face down, the one your clue is for among them",
        "The cards are shuffled and shown, numbered 1 to 5",
    ]
    story = story_number(state)
    other = next(n for n in range(1, 6) if n != story)
    _, own = step(state, 1, Vote((other, story)), 1)
    assert own[:2] == [
        "Bob has voted",
        f"You placed token 1 on card {other} and token 2 on card {story}",
    ]
    assert (
        own[2]
        == f"Card {story} was the storyteller’s: Bob’s token 2 was on it; moves: Ann +1 and Bob +1"
    )


def test_the_end_names_the_winner_or_the_draw() -> None:
    assert NARRATOR.narrate(
        Event("game_over", {"scores": [25, 3], "winners": [0]}), None, NAMES
    ) == ("The game is over: Ann wins with 25 steps")
    draw = Event("game_over", {"scores": [24, 24, 3], "winners": [0, 1]})
    said = NARRATOR.narrate(draw, None, NAMES)
    assert said == "The game is over: a draw: Ann and Bob share the win"
    assert said is not None and translate(said, "ru") == "Игра окончена: ничья: побеждают Ann и Bob"


# ---------------------------------------------------------------- the banner


def test_while_telling_the_storyteller_is_asked_for_a_card_and_a_clue() -> None:
    shown = banner(new(4), 0)
    assert shown.headline == "You are the storyteller" and shown.turn == 0
    assert shown.prompt == "Choose a card of your hand and give a clue for it"


def test_while_telling_the_others_and_a_spectator_read_who_tells() -> None:
    for seat in (1, None):
        shown = banner(new(4), seat)
        assert shown.headline == "Ann is the storyteller: choosing a card and a clue"
        assert shown.prompt is None and shown.turn == 0


def test_on_a_special_cell_the_storyteller_is_told_the_form_asked() -> None:
    shown = banner(at_cell(new(4), 9), 0)
    assert shown.prompt == (
        "Choose a card of your hand and give a clue for it; your cell asks for exactly four words"
    )


def test_at_a_table_of_two_the_storyteller_is_asked_for_five_cards() -> None:
    assert banner(new(2), 0).prompt == "Lay five cards of your hand and give a clue for one of them"


def test_while_laying_a_player_asked_reads_the_clue_and_what_to_do() -> None:
    state = told(new(4))
    shown = banner(state, 1)
    assert shown.headline == "Ann’s clue: “море”"
    assert shown.prompt == "Lay a card of your hand that fits the clue, in secret"
    assert shown.waiting == (1, 2, 3)
    assert translate(shown.headline, "uk") == "Загадує Ann: «море»"


def test_at_three_a_player_is_asked_for_two_cards() -> None:
    assert (
        banner(told(new(3)), 1).prompt == "Lay two cards of your hand that fit the clue, in secret"
    )


def test_a_player_who_has_laid_the_storyteller_and_a_spectator_read_who_is_awaited() -> None:
    state = told(new(4))
    state, _ = step(state, 1, Lay((state.hands[1][0],)), None)
    for seat in (1, 0, None):
        shown = banner(state, seat)
        assert shown.headline == "Waiting for Olya and Ivan to lay their cards"
        assert shown.waiting == (2, 3)
    assert banner(state, 0).prompt == "You are the storyteller: wait while the others choose"
    assert banner(state, 1).prompt is None and banner(state, None).prompt is None


def test_whom_the_table_waits_for_agrees_in_number_in_ukrainian_and_russian() -> None:
    """«Ждём, пока Bob положит карточки»: one person, a verb in the singular; several, plural."""
    state = told(new(4))
    state, _ = step(state, 1, Lay((state.hands[1][0],)), None)
    several = banner(state, None).headline
    assert translate(several, "ru") == "Ждём, пока Olya и Ivan положат карточки"
    assert translate(several, "uk") == "Чекаємо, поки Olya і Ivan покладуть картки"
    state, _ = step(state, 2, Lay((state.hands[2][0],)), None)
    one = banner(state, None).headline
    assert one == "Waiting for Ivan to lay their cards"
    assert translate(one, "ru") == "Ждём, пока Ivan положит карточки"
    assert translate(one, "uk") == "Чекаємо, поки Ivan покладе картки"
    state = lay_all(state)
    for seat in (1, 2):
        state, _ = step(state, seat, Vote((someone_elses(state, seat, []),)), None)
    assert translate(banner(state, None).headline, "ru") == "Ждём голоса: Ivan"
    judged = at_cell(new(3), 17)
    judged, _ = step(judged, 0, Tell(judged.hands[0][0], "Once upon a time a whale flew"), 1)
    judged, _ = step(judged, 1, Confirm(True), None)
    assert translate(banner(judged, None).headline, "ru") == (
        "Ждём, пока Olya оценит форму ассоциации"
    )
    assert translate(banner(judged, None).headline, "uk") == (
        "Чекаємо, поки Olya оцінить форму асоціації"
    )


def test_while_voting_a_voter_is_asked_which_card_is_the_storytellers() -> None:
    state = lay_all(told(new(4)))
    assert banner(state, 2).prompt == (
        "Which card is Ann’s? Vote with your token, never for your own card"
    )
    state, _ = step(state, 2, Vote((someone_elses(state, 2, []),)), None)
    assert banner(state, 2).headline == "Waiting for Bob and Ivan to vote"
    assert translate(banner(state, None).headline, "uk") == "Чекаємо на голоси: Bob і Ivan"


def test_at_two_the_voter_is_asked_for_ranked_tokens() -> None:
    state = new(2)
    hand = state.hands[0]
    state, _ = step(state, 0, Tell(hand[0], "ніч", others=hand[1:5]), None)
    assert banner(state, 1).prompt == (
        "Which card is Ann’s? Place one to three tokens: token 1 where you are surest"
    )


def test_while_a_story_is_judged_the_judges_are_asked_yes_or_no() -> None:
    state = at_cell(new(4), 17)
    state, _ = step(state, 0, Tell(state.hands[0][0], "Once upon a time a whale flew home"), 1)
    assert banner(state, 1).prompt == (
        "Does the clue have the form its cell asks, a story? Answer yes or no"
    )
    assert banner(state, 0).headline == "Waiting for Bob, Olya and Ivan to judge the clue’s form"


def test_at_the_end_everyone_reads_who_won() -> None:
    state = played_to_the_end(new(4, special=False))
    outcome = GAME.outcome(state)
    assert outcome is not None
    (winner,) = outcome.winners
    for seat in (0, 1, None):
        shown = banner(state, seat)
        assert shown.headline == (
            f"The game is over: {NAMES[winner]} wins with {outcome.scores[winner]} steps"
        )
        assert shown.prompt is None and shown.waiting == ()


def played_to_the_end(state: AssociationsState) -> AssociationsState:
    """The game played until its end by votes that always let some find the card."""
    while state.phase != Phase.OVER:
        teller = state.storyteller
        after, _ = GAME.apply(state, teller, Tell(state.hands[teller][0], "море"))
        after = lay_all(after)
        story = story_number(after)
        finders = [s for s in range(4) if s != teller][:1]
        for seat in range(4):
            if seat != teller:
                number = story if seat in finders else someone_elses(after, seat, [teller])
                after, _ = GAME.apply(after, seat, Vote((number,)))
        state = after
    return state


# ---------------------------------------------------------------- rules met for the first time


def moments(state: AssociationsState, seat: int, action: object) -> list[str]:
    _, events = GAME.apply(state, seat, action)  # type: ignore[arg-type]
    return [m.rule for m in map(NARRATOR.moment, events) if m]


def test_the_first_clue_explains_the_storytellers_clue() -> None:
    state = new(4)
    assert moments(state, 0, Tell(state.hands[0][0], "море")) == ["clue"]


def test_a_clue_on_a_special_cell_explains_the_form() -> None:
    state = at_cell(new(4), 13)
    assert moments(state, 0, Tell(state.hands[0][0], "Найбільше я люблю тишу")) == ["form"]


def test_the_table_shown_explains_the_secret_vote() -> None:
    state = told(new(4))
    for seat in (1, 2):
        state, _ = step(state, seat, Lay((state.hands[seat][0],)), None)
    assert moments(state, 3, Lay((state.hands[3][0],))) == ["vote"]


def test_a_reveal_where_everybody_or_nobody_found_the_card_explains_why_the_storyteller_stays() -> (
    None
):
    state = lay_all(told(new(4)))
    story = story_number(state)
    for seat in (1, 2):
        state, _ = step(state, seat, Vote((story,)), None)
    assert moments(state, 3, Vote((story,))) == ["everybody_or_nobody"]
    assert moments(state, 3, Vote((someone_elses(state, 3, [0]),))) == []


def test_no_moment_is_made_of_a_private_event() -> None:
    """A moment is shown to the whole table: made of a seat's own event it would tell it."""
    laid = Event("laid_cards", {"seat": 1, "cards": ["x"]}, to=frozenset({1}))
    vote = Event("vote", {"seat": 1, "cards": [2]}, to=frozenset({1}))
    assert NARRATOR.moment(laid) is None and NARRATOR.moment(vote) is None


# ---------------------------------------------------------------- over whole games


def leaves(text: object, key: str = "") -> list[tuple[str, object]]:
    """Every value a sentence is made of, with the name of its field."""
    if isinstance(text, Text):
        return [leaf for name, value in text.values.items() for leaf in leaves(value, name)]
    return [(key, text)]


@pytest.mark.parametrize(("players", "seed"), [(3, 31), (4, 32), (5, 33), (2, 34)])
def test_before_the_reveal_no_seat_reads_which_card_another_laid_or_voted_for(
    players: int, seed: int
) -> None:
    """Narrated with only the events a seat may see and its own view (the contract): no
    sentence or banner names a card, and a card's number is named before the reveal only to
    the seat that voted for it; every sentence is said in Ukrainian and Russian."""
    names = [f"P{seat}" for seat in range(players)]
    levels = ["random", "easy", "medium"]
    played: Match[object, object] = Match.start(GAME, names, {"goal": 12}, seed)
    bots = {s: make_bot(levels[s % 3], s, seed) for s in range(players)}
    play_out(played, bots)
    match: Match[object, object] = Match.start(GAME, names, {"goal": 12}, seed)
    state = match.state
    assert isinstance(state, AssociationsState)
    cards = {*state.pile, *(card for hand in state.hands for card in hand)}
    numbered = 0
    for logged in played.log:
        events = match.play(logged.seat, GAME.decode_action(logged.action))
        after = match.state
        assert isinstance(after, AssociationsState)
        for seat in (None, *range(players)):
            shown = NARRATOR.banner(GAME.view(after, seat), context(GAME, after, 0), seat, names)
            pairs = [(e, NARRATOR.narrate(e, logged.seat, names)) for e in events_for(events, seat)]
            texts = [(None, shown.headline), (None, shown.prompt), *pairs]
            for event, text in texts:
                if text is None:
                    continue
                assert isinstance(text, Text)
                for lang in ("uk", "ru"):
                    translated = translate(text, lang)
                    assert "{" not in translated and re.search("[а-яіїєґё]", translated)
                for key, value in leaves(text):
                    assert value not in cards, (seat, text)
                    if key == "number" and (event is None or event.kind != "reveal"):
                        assert event is not None and event.to == {seat}, (seat, text)
                        numbered += 1
    assert numbered > 0  # the voters were told their own votes
