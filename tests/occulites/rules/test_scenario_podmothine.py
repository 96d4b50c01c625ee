"""The Podmothine's tentacles (Creatures and Predators, Podmothine)."""

import random

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_podmothine import (
    PodmothineState,
    activate_tentacles,
    tentacle_activates_on,
    tentacle_destroyed,
    tentacle_leaves_body,
    tentacle_reborn,
    tentacle_returns_to_body,
)


def test_six_tentacles_start_on_the_body():
    state = PodmothineState()
    assert (state.tentacles_in_play, state.tentacles_on_body) == (6, 6)


def test_tentacles_activate_on_0_to_2_before_any_event():
    assert tentacle_activates_on(0) == 2


def test_two_event_cards_make_tentacles_activate_on_0_to_4():
    # Podmothine example: "if you had two events cards revealed ... 0,1,2,3 or 4"
    assert tentacle_activates_on(2) == 4


def test_a_negative_event_count_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        tentacle_activates_on(-1)


def test_one_die_per_tentacle_in_play_decides_who_activates():
    activation = activate_tentacles(PodmothineState(), 0, entered=[0, 1, 2, 3, 9, 5])
    assert activation.activated == (True, True, True, False, False, False)
    assert activation.tentacles_activated == 3


def test_event_cards_widen_the_activation_range():
    activation = activate_tentacles(PodmothineState(), 2, entered=[3, 4, 5, 9, 9, 9])
    assert activation.tentacles_activated == 2


def test_sneaking_fails_any_roll_of_4_or_more():
    # Advanced Actions, Sneak
    activation = activate_tentacles(PodmothineState(), 4, sneaking=True, entered=[3, 4, 5, 6, 0, 9])
    assert activation.activated == (True, False, False, False, True, False)


def test_a_seeded_activation_rolls_a_die_per_tentacle_in_play():
    state = tentacle_destroyed(PodmothineState(), was_on_body=True)
    activation = activate_tentacles(state, 1, rng=random.Random(3))
    assert len(activation.dice) == 5
    assert activation.activated == tuple(die <= 3 for die in activation.dice)


def test_entered_dice_must_match_the_tentacles_in_play():
    with pytest.raises(RuleViolation, match="takes 6 dice, not 5"):
        activate_tentacles(PodmothineState(), 0, entered=[0, 1, 2, 3, 4])


def test_tentacles_leave_and_return_to_the_body():
    state = tentacle_leaves_body(PodmothineState())
    assert state.tentacles_on_body == 5
    assert tentacle_returns_to_body(state).tentacles_on_body == 6


def test_a_destroyed_tentacle_leaves_play_and_is_reborn_on_the_body():
    # Podmothine, Reborn (Podmothine): back in the centre space of the body
    state = tentacle_destroyed(tentacle_leaves_body(PodmothineState()), was_on_body=False)
    assert (state.tentacles_in_play, state.tentacles_on_body) == (5, 5)
    state = tentacle_reborn(state)
    assert (state.tentacles_in_play, state.tentacles_on_body) == (6, 6)


def test_a_seventh_tentacle_is_refused():
    with pytest.raises(RuleViolation, match="already in play"):
        tentacle_reborn(PodmothineState())
    with pytest.raises(RuleViolation, match="six tentacles"):
        PodmothineState(7, 6)


def test_moving_tentacles_that_are_not_there_is_refused():
    with pytest.raises(RuleViolation, match="already on the Podmothine's body"):
        tentacle_returns_to_body(PodmothineState())
    empty_body = PodmothineState(2, 0)
    with pytest.raises(RuleViolation, match="No tentacle is on"):
        tentacle_leaves_body(empty_body)
    with pytest.raises(RuleViolation, match="No tentacle is on"):
        tentacle_destroyed(empty_body, was_on_body=True)
    with pytest.raises(RuleViolation, match="No tentacle is in play"):
        tentacle_destroyed(PodmothineState(0, 0), was_on_body=False)


def test_more_tentacles_on_the_body_than_in_play_is_refused():
    with pytest.raises(RuleViolation, match="Only tentacles in play"):
        PodmothineState(3, 4)


def test_the_podmothine_survives_a_round_trip_through_a_dict():
    state = tentacle_leaves_body(PodmothineState())
    assert PodmothineState.from_dict(state.to_dict()) == state
