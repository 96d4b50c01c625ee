"""The Conditions Track (Scenario 11: Siege at the Cave Mouth)."""

import random

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_siege import (
    SiegeSide,
    SiegeState,
    conditions_dice,
    record_siege_loss,
    roll_conditions,
    siege_event_card,
)


def test_the_conditions_token_starts_on_9():
    assert SiegeState().conditions == 9


def test_each_player_rolls_one_die_with_no_deaths():
    state = SiegeState()
    assert conditions_dice(state, SiegeSide.ATTACKER) == 1
    assert conditions_dice(state, SiegeSide.DEFENDER) == 1


def test_each_enemy_occulite_or_two_enemy_luftles_killed_add_a_die():
    state = record_siege_loss(SiegeState(), SiegeSide.DEFENDER, occulites=1, luftles=3)
    assert conditions_dice(state, SiegeSide.ATTACKER) == 3
    assert conditions_dice(state, SiegeSide.DEFENDER) == 1


def test_each_0_or_1_moves_the_token_one_space_towards_0():
    state = record_siege_loss(SiegeState(), SiegeSide.DEFENDER, occulites=1)
    roll = roll_conditions(state, attacker_entered=[0, 1], defender_entered=[2])
    assert roll.steps == 2
    assert roll.siege.conditions == 7


def test_the_game_ends_when_the_token_reaches_0():
    roll = roll_conditions(SiegeState(conditions=1), attacker_entered=[0], defender_entered=[1])
    assert roll.siege.conditions == 0
    assert roll.siege.game_over
    with pytest.raises(RuleViolation, match="The siege is over"):
        roll_conditions(roll.siege, rng=random.Random(1))


def test_an_event_card_moves_the_token_one_space():
    assert siege_event_card(SiegeState()).conditions == 8


def test_nothing_moves_once_the_siege_is_over():
    over = SiegeState(conditions=0)
    with pytest.raises(RuleViolation, match="The siege is over"):
        siege_event_card(over)
    with pytest.raises(RuleViolation, match="The siege is over"):
        record_siege_loss(over, SiegeSide.ATTACKER, occulites=1)


def test_a_seeded_roll_moves_the_token_by_the_0s_and_1s_rolled():
    roll = roll_conditions(SiegeState(), rng=random.Random(8))
    dice = roll.attacker_dice + roll.defender_dice
    assert len(dice) == 2
    assert roll.siege.conditions == 9 - sum(die <= 1 for die in dice)


def test_entered_dice_must_match_the_dice_each_player_rolls():
    with pytest.raises(RuleViolation, match="takes 1 die, not 2"):
        roll_conditions(SiegeState(), attacker_entered=[0, 1], defender_entered=[2])


def test_rolling_and_entering_together_is_a_mistake():
    with pytest.raises(TypeError):
        roll_conditions(SiegeState(), rng=random.Random(1), attacker_entered=[1])


def test_negative_deaths_and_an_off_track_token_are_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        record_siege_loss(SiegeState(), SiegeSide.ATTACKER, luftles=-1)
    with pytest.raises(RuleViolation, match="from 9 down to 0"):
        SiegeState(conditions=10)


def test_the_siege_survives_a_round_trip_through_a_dict():
    state = record_siege_loss(SiegeState(conditions=5), SiegeSide.ATTACKER, luftles=2)
    assert SiegeState.from_dict(state.to_dict()) == state


def test_a_stored_siege_with_negative_deaths_is_refused():
    stored = SiegeState().to_dict()
    stored["defender_losses"] = [-1, 0]
    with pytest.raises(RuleViolation, match="cannot be negative"):
        SiegeState.from_dict(stored)
