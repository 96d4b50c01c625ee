"""Unexpected Skirmish arrivals (Scenario 2: Unexpected Skirmish, Tribal placement)."""

import random

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_skirmish import (
    SkirmishArrivals,
    Straggler,
    roll_arrivals,
)

STRAGGLERS = SkirmishArrivals(
    (
        Straggler("Grublic"),
        Straggler("Mipny"),
        Straggler("Froog"),
        Straggler("Grunt A", luftle=True),
    )
)


def test_a_figure_arrives_when_any_of_its_dice_shows_0_to_2():
    roll = roll_arrivals(
        STRAGGLERS,
        {"Grublic": 3, "Mipny": 2},
        turn=2,
        entered={"Grublic": [9, 2, 7], "Mipny": [3, 4]},
    )
    assert [(group.name, group.arrived) for group in roll.groups] == [
        ("Grublic", True),
        ("Mipny", False),
    ]
    assert roll.arrivals.arrived == ("Grublic",)
    assert [s.name for s in roll.arrivals.waiting] == ["Mipny", "Froog", "Grunt A"]


def test_a_luftle_arrives_on_0_to_5():
    roll = roll_arrivals(
        STRAGGLERS,
        {"Grunt A": 1, "Froog": 4},
        turn=2,
        entered={"Grunt A": [5], "Froog": [5, 6, 7, 8]},
    )
    assert roll.arrivals.arrived == ("Grunt A",)


def test_nobody_rolls_on_the_first_turn():
    with pytest.raises(RuleViolation, match="every turn after the first"):
        roll_arrivals(STRAGGLERS, {"Grublic": 5}, turn=1, rng=random.Random(1))


def test_one_roll_per_turn():
    roll = roll_arrivals(STRAGGLERS, {"Mipny": 5}, turn=2, entered={"Mipny": [9, 9, 9, 9, 9]})
    with pytest.raises(RuleViolation, match="already rolled for on turn 2"):
        roll_arrivals(roll.arrivals, {"Mipny": 5}, turn=2, rng=random.Random(1))


def test_all_5_dice_must_be_allocated():
    with pytest.raises(RuleViolation, match="All 5 dice must be allocated"):
        roll_arrivals(STRAGGLERS, {"Grublic": 4}, turn=2, rng=random.Random(1))
    with pytest.raises(RuleViolation, match="All 5 dice must be allocated"):
        roll_arrivals(STRAGGLERS, {"Grublic": 4, "Mipny": 2}, turn=2, rng=random.Random(1))


def test_dice_go_only_to_figures_not_yet_arrived():
    roll = roll_arrivals(STRAGGLERS, {"Grublic": 5}, turn=2, entered={"Grublic": [0, 9, 9, 9, 9]})
    with pytest.raises(RuleViolation, match="Grublic is not waiting"):
        roll_arrivals(roll.arrivals, {"Grublic": 5}, turn=3, rng=random.Random(1))


def test_a_negative_allocation_is_refused():
    with pytest.raises(RuleViolation, match="negative number of dice"):
        roll_arrivals(STRAGGLERS, {"Grublic": 6, "Mipny": -1}, turn=2, rng=random.Random(1))


def test_entered_dice_must_match_each_allocation():
    with pytest.raises(RuleViolation, match="Mipny was allocated 2 dice, not 1"):
        roll_arrivals(
            STRAGGLERS,
            {"Grublic": 3, "Mipny": 2},
            turn=2,
            entered={"Grublic": [1, 2, 3], "Mipny": [4]},
        )
    with pytest.raises(RuleViolation, match="Dice were entered for Froog"):
        roll_arrivals(
            STRAGGLERS,
            {"Grublic": 5},
            turn=2,
            entered={"Grublic": [1, 2, 3, 4, 5], "Froog": [1]},
        )


def test_entered_digits_outside_0_to_9_are_refused():
    with pytest.raises(RuleViolation, match="A d10 shows 0 to 9"):
        roll_arrivals(STRAGGLERS, {"Grublic": 5}, turn=2, entered={"Grublic": [1, 2, 3, 4, 10]})


def test_a_seeded_roll_uses_every_die_and_then_the_whole_tribe_has_arrived():
    state = SkirmishArrivals((Straggler("Grublic"),))
    turn = 1
    while state.waiting:
        turn += 1
        roll = roll_arrivals(state, {"Grublic": 5}, turn=turn, rng=random.Random(turn))
        assert len(roll.groups[0].dice) == 5
        state = roll.arrivals
    with pytest.raises(RuleViolation, match="whole Tribe has arrived"):
        roll_arrivals(state, {}, turn=turn + 1, rng=random.Random(1))


def test_stragglers_need_distinct_names():
    with pytest.raises(RuleViolation, match="its own name"):
        SkirmishArrivals((Straggler("Grublic"), Straggler("Grublic")))


def test_the_arrivals_survive_a_round_trip_through_a_dict():
    roll = roll_arrivals(STRAGGLERS, {"Grublic": 5}, turn=2, entered={"Grublic": [0, 9, 9, 9, 9]})
    assert SkirmishArrivals.from_dict(roll.arrivals.to_dict()) == roll.arrivals
