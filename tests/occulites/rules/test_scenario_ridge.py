"""The Ridge: lightning and the storm's Speed penalty (Scenario 3: The Ridge, Special Rules)."""

import random

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_ridge import (
    RidgeFigure,
    RidgeState,
    ridge_speed,
    strike_lightning,
)


def test_the_highest_roller_is_hit_and_removed():
    figures = [RidgeFigure("Grublic"), RidgeFigure("Mipny"), RidgeFigure("Froog")]
    strike = strike_lightning(RidgeState(), figures, entered=[3, 8, 5])
    assert strike.highest == 8
    assert strike.hit == ("Mipny",)
    assert strike.ridge.struck == ("Mipny",)


def test_ties_for_highest_are_all_hit():
    figures = [RidgeFigure("Grublic"), RidgeFigure("Mipny"), RidgeFigure("Froog")]
    strike = strike_lightning(RidgeState(), figures, entered=[9, 2, 9])
    assert strike.hit == ("Grublic", "Froog")


def test_a_luftle_sharing_a_space_takes_its_partner_with_it():
    figures = [
        RidgeFigure("Grunt A", shares_space_with="Grunt B"),
        RidgeFigure("Grunt B", shares_space_with="Grunt A"),
        RidgeFigure("Grublic"),
    ]
    strike = strike_lightning(RidgeState(), figures, entered=[7, 1, 4])
    assert strike.hit == ("Grunt A", "Grunt B")


def test_a_struck_figure_is_out_of_the_scenario():
    strike = strike_lightning(RidgeState(), [RidgeFigure("Grublic")], entered=[0])
    with pytest.raises(RuleViolation, match="Grublic was struck by lightning"):
        strike_lightning(strike.ridge, [RidgeFigure("Grublic")], rng=random.Random(1))


def test_nobody_on_the_ridge_means_nobody_is_hit():
    strike = strike_lightning(RidgeState(), [], rng=random.Random(1))
    assert strike.hit == ()
    assert strike.highest is None


def test_a_seeded_strike_hits_every_figure_on_the_highest_die():
    figures = [RidgeFigure(name) for name in ("A", "B", "C", "D", "E")]
    strike = strike_lightning(RidgeState(), figures, rng=random.Random(5))
    assert strike.hit == tuple(name for name, die in strike.rolls if die == strike.highest)


def test_a_space_partner_must_share_back_and_be_on_the_ridge():
    with pytest.raises(RuleViolation, match="sharing one space"):
        strike_lightning(
            RidgeState(), [RidgeFigure("Grunt A", shares_space_with="Grunt B")], entered=[1]
        )


def test_figures_need_distinct_names():
    with pytest.raises(RuleViolation, match="its own name"):
        strike_lightning(RidgeState(), [RidgeFigure("A"), RidgeFigure("A")], entered=[1, 2])


def test_entered_dice_must_match_the_figures():
    with pytest.raises(RuleViolation, match="takes 2 dice, not 1"):
        strike_lightning(RidgeState(), [RidgeFigure("A"), RidgeFigure("B")], entered=[1])


@pytest.mark.parametrize(("speed", "events", "after"), [(6, 0, 6), (6, 2, 4), (6, 3, 3), (2, 3, 1)])
def test_each_event_card_takes_1_speed_to_a_minimum_of_1(speed, events, after):
    assert ridge_speed(speed, events) == after


def test_ridge_speed_refuses_bad_numbers():
    with pytest.raises(RuleViolation, match="Speed is at least 1"):
        ridge_speed(0, 1)
    with pytest.raises(RuleViolation, match="cannot be negative"):
        ridge_speed(6, -1)


def test_the_ridge_survives_a_round_trip_through_a_dict():
    state = RidgeState(("Grublic", "Grunt A"))
    assert RidgeState.from_dict(state.to_dict()) == state
