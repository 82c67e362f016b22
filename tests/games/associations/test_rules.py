"""The association game: one test per rule of sheet 004 and per decision
(docs/rules/associations.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from igroteka.engine import IllegalAction, OptionsError
from igroteka.games.associations.rules import (
    CLUE_LIMIT,
    HAND,
    AssociationsGame,
    AssociationsState,
    Confirm,
    Lay,
    Phase,
    Tell,
    Vote,
    tokens_for,
)
from igroteka.games.associations.scoring import moves

GAME = AssociationsGame()


def new(players: int, seed: int = 1, **options: object) -> AssociationsState:
    return GAME.setup(GAME.parse_options({"starter": 0, **options}), players, seed)


def play(state: AssociationsState, seat: int, action: object) -> AssociationsState:
    after, _ = GAME.apply(state, seat, action)  # type: ignore[arg-type]
    return after


CLUES = {
    "question": "Куди веде дорога?",
    "four_words": "море вночі без кінця",
    "love": "What I love most",
}


def tell(state: AssociationsState, clue: str = "ночь") -> AssociationsState:
    """The storyteller's first card, with a clue of the form its cell asks."""
    clue = CLUES.get(state.form, clue)
    teller = state.storyteller
    hand = state.hands[teller]
    others = hand[1:5] if state.players == 2 else ()
    return play(state, teller, Tell(hand[0], clue, others=tuple(others)))


def lay_all(state: AssociationsState) -> AssociationsState:
    count = 2 if state.players == 3 else 1
    for seat in range(state.players):
        if seat != state.storyteller and not state.laid[seat]:
            state = play(state, seat, Lay(state.hands[seat][:count]))
    return state


def number_of(state: AssociationsState, card: str) -> int:
    return 1 + state.table.index(card)


def vote(state: AssociationsState, choice: dict[int, int]) -> AssociationsState:
    for seat, number in choice.items():
        state = play(state, seat, Vote((number,)))
    return state


def story_number(state: AssociationsState) -> int:
    return number_of(state, state.told[0])


def someone_elses(state: AssociationsState, seat: int, not_of: Sequence[int]) -> int:
    """The number of a card laid by another player than ``seat`` and those of ``not_of``."""
    for number, card in enumerate(state.table, 1):
        owner = (
            next(s for s, cards in enumerate(state.laid) if card in cards)
            if card not in state.told
            else state.storyteller
        )
        if owner != seat and owner not in not_of:
            return number
    raise AssertionError("no such card")


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize(("players", "tokens"), [(2, 3), (3, 5), (4, 4), (5, 5), (6, 6)])
def test_tokens_one_per_player_five_at_three_three_at_two(players: int, tokens: int) -> None:
    assert tokens_for(players) == tokens
    assert GAME.view(new(players), 0)["tokens"] == tokens


def test_each_player_holds_six_cards_and_the_deck_has_sixty_four() -> None:
    state = new(4)
    assert all(len(hand) == HAND for hand in state.hands)
    assert len(state.pile) + sum(len(h) for h in state.hands) == 64


def test_the_deck_grows_with_the_table_unless_the_options_fix_it() -> None:
    """64 cards at five or six run out in five to seven rounds and come back: the deck is the
    sheet's 64 up to four players, 84 at five and all 97 built-in cards at six."""

    def size(state: AssociationsState) -> int:
        return len(state.pile) + sum(len(hand) for hand in state.hands)

    assert [size(new(players)) for players in (3, 4, 5, 6)] == [64, 64, 84, 97]
    assert size(new(6, cards=64)) == 64  # a room that asks for 64 gets 64
    assert len(set(new(6).pile)) == len(new(6).pile)
    with pytest.raises(OptionsError, match="42 to 97"):
        GAME.parse_options({"cards": 30})


def test_new_cards_composed_for_a_game_do_not_tell_its_seed() -> None:
    """Generated cards' ids name the generator's seed: a hash of the game's, never the game's
    own, which would give away every shuffle to come."""
    for seed in (7, 123456789, 2**40):
        state = new(4, seed, cards=42, generated=60)
        cards = [c for hand in state.hands for c in hand] + list(state.pile)
        made = [c for c in cards if c.startswith("g-")]
        assert len(made) == 60
        assert not any(c.startswith(f"g-{seed}-") for c in made)
        assert new(4, seed, cards=42, generated=60).pile == state.pile  # still the seed's deck


def test_the_storyteller_changes_every_round_in_seat_order() -> None:
    state = new(4)
    tellers = []
    for _ in range(5):
        tellers.append(state.storyteller)
        state = lay_all(tell(state))
        state = vote(state, {s: story_number(state) for s in range(4) if s != state.storyteller})
    assert tellers == [0, 1, 2, 3, 0]


def test_the_others_lay_in_secret_and_the_table_is_shown_once_all_have() -> None:
    state = tell(new(4))
    assert state.phase == Phase.LAY and GAME.actors(state) == {1, 2, 3}
    state = play(state, 1, Lay((state.hands[1][0],)))
    for seat in (None, 0, 2, 3):
        view = GAME.view(state, seat)
        assert view["table"] == [] and view["mine"] == ([] if seat else view["mine"])
        assert state.laid[1][0] not in str(view)  # nobody learns the card laid
    assert GAME.view(state, 1)["mine"] == list(state.laid[1])
    assert GAME.view(state, 2)["done"] == [1]  # only that seat 1 has laid
    state = lay_all(state)
    assert state.phase == Phase.VOTE and len(state.table) == 4


def test_the_table_is_shuffled_afresh_every_round() -> None:
    positions = []
    state = new(4, seed=3)
    for _ in range(6):
        state = lay_all(tell(state))
        positions.append(story_number(state))
        state = vote(state, {s: story_number(state) for s in range(4) if s != state.storyteller})
    assert len(set(positions)) > 1


def test_a_vote_is_secret_until_everyone_has_voted() -> None:
    state = lay_all(tell(new(4)))
    state = play(state, 1, Vote((story_number(state),)))
    for seat in (None, 0, 2, 3):
        assert "voted" not in GAME.view(state, seat) and GAME.view(state, seat)["last"] is None
    assert GAME.view(state, 1)["voted"] == [story_number(state)]


def test_nobody_votes_for_their_own_card() -> None:
    state = lay_all(tell(new(4)))
    own = number_of(state, state.laid[2][0])
    with pytest.raises(IllegalAction, match="your own card"):
        GAME.check(state, 2, Vote((own,)))
    with pytest.raises(IllegalAction, match="storyteller waits"):
        GAME.check(state, 0, Vote((1,)))


def test_at_three_each_lays_two_and_may_vote_for_neither() -> None:
    state = tell(new(3))
    with pytest.raises(IllegalAction, match="lay 2 cards"):
        GAME.check(state, 1, Lay((state.hands[1][0],)))
    state = lay_all(state)
    assert len(state.table) == 5
    for card in state.laid[1]:
        with pytest.raises(IllegalAction, match="your own card"):
            GAME.check(state, 1, Vote((number_of(state, card),)))
    state = vote(state, {1: story_number(state), 2: story_number(state)})
    assert all(len(hand) == HAND for hand in state.hands)  # everyone drew back to six


# ---------------------------------------------------------------- scoring


def test_everyone_found_the_card_the_storyteller_stays_the_others_move_three() -> None:
    state = lay_all(tell(new(4)))
    state = vote(state, {s: story_number(state) for s in (1, 2, 3)})
    assert state.steps == (0, 3, 3, 3)


def test_nobody_found_it_each_moves_by_the_votes_on_their_card() -> None:
    state = lay_all(tell(new(4)))
    two, three = number_of(state, state.laid[2][0]), number_of(state, state.laid[3][0])
    state = vote(state, {1: two, 2: three, 3: two})
    assert state.steps == (0, 0, 2, 1)


def test_some_found_it_the_storyteller_and_they_move_three_and_votes_count_for_all() -> None:
    state = lay_all(tell(new(4)))
    one = number_of(state, state.laid[1][0])
    two = number_of(state, state.laid[2][0])
    state = vote(state, {1: story_number(state), 2: one, 3: two})
    # 1 found it (3) and had a vote (1); 2 guessed wrong but had a vote: Dixit counts it
    assert state.steps == (3, 4, 1, 0)


def test_the_guessers_reading_moves_only_the_finders_for_their_votes() -> None:
    state = lay_all(tell(new(4, votes_for="guessers")))
    one = number_of(state, state.laid[1][0])
    two = number_of(state, state.laid[2][0])
    state = vote(state, {1: story_number(state), 2: one, 3: two})
    assert state.steps == (3, 4, 0, 0)


def test_scoring_by_the_sheets_three_cases() -> None:
    owners = (0, 1, 2)
    assert moves(0, owners, ((), (1,), (1,))) == (0, 3, 3)
    assert moves(0, owners, ((), (3,), (2,))) == (0, 1, 1)
    assert moves(0, owners, ((), (1,), (2,))) == (3, 4, 0)


# ---------------------------------------------------------------- two players


def test_at_two_the_storyteller_lays_five_cards_of_the_hand() -> None:
    state = new(2)
    hand = state.hands[0]
    with pytest.raises(IllegalAction, match="five cards"):
        GAME.check(state, 0, Tell(hand[0], "ночь"))
    state = tell(state)
    assert state.phase == Phase.VOTE and len(state.table) == 5
    assert sorted(state.table) == sorted(hand[:5])


@pytest.mark.parametrize(("rank", "steps"), [(0, (1, 2)), (1, (1, 1)), (2, (0, 0))])
def test_at_two_token_one_moves_two_token_two_one_token_three_none(
    rank: int, steps: tuple[int, int]
) -> None:
    state = tell(new(2))
    story = story_number(state)
    others = [n for n in range(1, 6) if n != story]
    ranked = [*others[:rank], story, *others[rank:2]]
    state = play(state, 1, Vote(tuple(ranked[:3])))
    assert state.steps == steps  # the storyteller moves 1 when token 1 or 2 found the card


def test_at_two_tokens_go_on_different_cards_and_at_most_three() -> None:
    state = tell(new(2))
    with pytest.raises(IllegalAction, match="different card"):
        GAME.check(state, 1, Vote((1, 1)))
    with pytest.raises(IllegalAction, match="one to three"):
        GAME.check(state, 1, Vote((1, 2, 3, 4)))


@pytest.mark.parametrize("players", [2, 4])
def test_the_reveal_says_which_card_the_clue_was_for(players: int) -> None:
    """At two every card on the table is the storyteller's: the reveal names the clued one."""
    state = tell(new(players))
    state = lay_all(state) if players > 2 else state
    story = story_number(state)
    state = vote(state, dict.fromkeys(range(1, players), story))
    (shown,) = state.history
    assert shown.story == story and GAME.view(state, 0)["last"]["story"] == story


# ---------------------------------------------------------------- the end


def test_the_game_ends_at_the_goal_and_several_there_share_a_draw() -> None:
    state = dataclasses.replace(new(4), steps=(0, 22, 22, 10))
    state = lay_all(tell(state))
    state = vote(state, {s: story_number(state) for s in (1, 2, 3)})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {1, 2} and state.phase == Phase.OVER


def test_the_furthest_wins_when_ties_are_not_a_draw() -> None:
    state = dataclasses.replace(new(4, ties="furthest"), steps=(0, 22, 20, 10))
    state = lay_all(tell(state))
    state = vote(state, {s: story_number(state) for s in (1, 2, 3)})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {1}


def test_equal_turns_plays_on_until_everyone_has_told_as_often() -> None:
    state = dataclasses.replace(new(4, equal_turns=True), steps=(0, 22, 0, 0))
    state = lay_all(tell(state))
    state = vote(state, {s: story_number(state) for s in (1, 2, 3)})
    assert GAME.outcome(state) is None and state.storyteller == 1
    for _ in range(3):
        state = lay_all(tell(state))
        state = vote(state, {s: story_number(state) for s in range(4) if s != state.storyteller})
    assert GAME.outcome(state) is not None and state.rounds == 4


def test_the_pile_is_made_again_from_the_cards_played() -> None:
    state = new(6, cards=42)
    for _ in range(4):
        state = lay_all(tell(state))
        state = vote(state, {s: story_number(state) for s in range(6) if s != state.storyteller})
    assert all(len(hand) == HAND for hand in state.hands)
    cards = set(state.pile) | set(state.discard) | {c for hand in state.hands for c in hand}
    assert len(cards) == 42


# ---------------------------------------------------------------- special cells and clues


def at_cell(state: AssociationsState, cell: int) -> AssociationsState:
    """The same game with the storyteller (seat 0) standing on a cell, its round begun anew."""
    from igroteka.games.associations.rules import _new_round

    return _new_round(dataclasses.replace(state, steps=(cell - 1, *state.steps[1:])), 0)


@pytest.mark.parametrize(
    ("cell", "bad", "good", "why"),
    [
        (5, "the sea at night", "Where does the road lead?", "question"),
        (9, "the sea", "the sea at night", "four words"),
        (13, "I like tea", "Найбільше я люблю тишу", "What I love most"),
        (13, "tea", "Больше всего я люблю чай", "What I love most"),
    ],
)
def test_a_special_cell_asks_a_form_of_clue_and_the_server_checks_it(
    cell: int, bad: str, good: str, why: str
) -> None:
    state = at_cell(new(4), cell)
    card = state.hands[0][0]
    with pytest.raises(IllegalAction, match=why):
        GAME.check(state, 0, Tell(card, bad))
    assert play(state, 0, Tell(card, good)).phase == Phase.LAY


def test_a_story_is_confirmed_by_the_others_and_a_refused_one_earns_nothing() -> None:
    state = at_cell(new(4), 17)
    state = play(state, 0, Tell(state.hands[0][0], "Once upon a time a whale flew home"))
    assert state.phase == Phase.CONFIRM and GAME.actors(state) == {1, 2, 3}
    for seat, ok in ((1, False), (2, False), (3, True)):
        state = play(state, seat, Confirm(ok))
    assert state.phase == Phase.LAY and not state.accepted
    state = lay_all(state)
    one = number_of(state, state.laid[1][0])
    state = vote(state, {1: story_number(state), 2: one, 3: story_number(state)})
    assert state.steps[0] == 16  # stood on 17 and stays: the clue was no story to the others


def test_special_cells_can_be_switched_off() -> None:
    state = at_cell(new(4, special=False), 5)
    assert (
        state.form == "" and play(state, 0, Tell(state.hands[0][0], "no question")).phase == "lay"
    )


def test_a_clue_said_aloud_is_confirmed_on_the_device() -> None:
    state = new(4)
    state = play(state, 0, Tell(state.hands[0][0], "", aloud=True))
    assert state.phase == Phase.LAY and state.aloud  # no form asked: nothing to confirm
    special = at_cell(new(4), 5)
    special = play(special, 0, Tell(special.hands[0][0], "", aloud=True))
    assert special.phase == Phase.CONFIRM  # a question said aloud: the others confirm its form


@pytest.mark.parametrize(
    ("clue", "why"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * (CLUE_LIMIT + 1), "at most"),
        ("a\x00b", "invisible character U\\+0000"),
        ("a\ud800b", "a clue is text"),  # half of a character
        ("moon \u202enoom", "invisible character U\\+202E"),  # would show the rest backwards
        ("moon\u200b", "invisible character U\\+200B"),
    ],
)
def test_a_bad_clue_is_refused_and_changes_nothing(clue: str, why: str) -> None:
    state = new(4)
    before = GAME.encode_state(state)
    with pytest.raises(IllegalAction, match=why):
        GAME.apply(state, 0, Tell(state.hands[0][0], clue))
    assert GAME.encode_state(state) == before


def test_a_clue_is_typed_in_any_language_and_kept_as_typed() -> None:
    state = tell(new(4), "  Ґанок   і   ёлка 🌙 ")
    assert state.clue == "Ґанок і ёлка 🌙"
    assert GAME.view(state, 2)["clue"] == "Ґанок і ёлка 🌙"
    joined = "👨\u200d👩\u200d👧 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert tell(new(4), joined).clue == joined  # an emoji family and Scotland's flag stay whole
    newer = "🪼 🫨 🐦\u200d🔥"  # Unicode 15 and 15.1, newer than Python 3.11's tables
    assert tell(new(4), newer).clue == newer


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError, match="goal must be between"):
        GAME.parse_options({"goal": 5})
    assert GAME.parse_options({"lang": "en"})["lang"] == "en"
    with pytest.raises(OptionsError, match="lang must be one of uk, ru, en"):
        GAME.parse_options({"lang": "de"})
    with pytest.raises(OptionsError, match="ties must be one of"):
        GAME.parse_options({"ties": "coin"})
    with pytest.raises(OptionsError, match="played by 2 to 6"):
        GAME.setup(GAME.parse_options({}), 7, 1)


def test_the_smallest_deck_the_options_allow_deals_six_players_and_a_table() -> None:
    """Seven cards a player: six in each hand and one for the table. 30 cards dealt six
    players an empty hand, so the fewest cards is 42."""
    with pytest.raises(OptionsError, match="the deck needs 42 to 97 built-in cards"):
        GAME.parse_options({"cards": 41})
    state = GAME.setup(GAME.parse_options({"cards": 42}), 6, 1)
    assert all(len(hand) == HAND for hand in state.hands) and len(state.pile) == 6


def test_a_view_says_how_to_draw_every_card_it_shows_and_no_other() -> None:
    """The browser draws cards from the view: each card of the hand, the table and the last
    round's table, with its backdrop's drawing and its tags in the game's language."""
    state = lay_all(tell(new(4, 5, lang="en")))
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        shown = {*view["hand"], *view["table"]}
        assert set(view["cards"]) == shown
        assert {face["backdrop"] for face in view["cards"].values()} == set(view["backdrops"])
    face = GAME.view(state, 1)["cards"][state.hands[1][0]]
    assert 2 <= len(face["emoji"]) <= 4 and all(tag == tag.lower() for tag in face["tags"])
    assert GAME.view(state, None)["cards"].keys() == set(state.table)  # a spectator: the table


def test_at_two_extra_tokens_cost_a_step_each_under_the_house_rule() -> None:
    """The sheet lets the guesser place three tokens for free (never worse than one); the house
    rule ``extra_tokens: cost`` moves the storyteller one step for each of tokens 2 and 3 that
    is not on the storyteller's card, so that doubting is a decision."""
    for rule, teller_steps in (("free", 1), ("cost", 2)):
        state = GAME.setup(GAME.parse_options({"starter": 0, "extra_tokens": rule}), 2, 4)
        hand = state.hands[0]
        state, _ = GAME.apply(state, 0, Tell(hand[0], "ніч", others=hand[1:5]))
        story = number_of(state, hand[0])
        wrong = [n for n in range(1, 6) if n != story]
        state, events = GAME.apply(state, 1, Vote((wrong[0], story, wrong[1])))
        reveal = next(event for event in events if event.kind == "reveal").data
        assert reveal["moves"][1] == 1  # token 2 on the card: one step, as the sheet says
        assert reveal["moves"][0] == teller_steps
    with pytest.raises(OptionsError, match="extra_tokens"):
        GAME.parse_options({"extra_tokens": "sometimes"})
