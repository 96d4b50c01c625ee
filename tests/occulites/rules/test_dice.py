"""The shared d10 roller: dice 0-9, successes at or under the stat, rerolls die by die."""

import random

import pytest

from campaigns.occulites.rules.dice import (
    DiceRoll,
    check_d10s,
    count_successes,
    d10s_rolled_or_entered,
    enter_dice,
    is_success,
    reroll_die,
    roll_d10s,
    roll_dice,
)
from campaigns.occulites.rules.errors import RuleViolation


class ScriptedRng:
    """Returns the scripted d10 faces in order."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, low, high):
        assert (low, high) == (0, 9)
        return self.faces.pop(0)


def test_roll_d10s_shows_only_0_to_9():
    dice = roll_d10s(500, random.Random(1))
    assert set(dice) == set(range(10))


def test_roll_d10s_is_reproducible_with_a_seed():
    assert roll_d10s(6, random.Random(42)) == roll_d10s(6, random.Random(42))


def test_roll_d10s_refuses_a_negative_count():
    with pytest.raises(RuleViolation, match="negative"):
        roll_d10s(-1, random.Random(1))


def test_check_d10s_accepts_digits_0_to_9():
    assert check_d10s([0, 9, 5]) == (0, 9, 5)


@pytest.mark.parametrize("bad", [10, -1, 2.5, "3", True])
def test_check_d10s_refuses_anything_but_a_digit(bad):
    with pytest.raises(RuleViolation, match="A d10 shows 0 to 9"):
        check_d10s([1, bad])


def test_check_d10s_refuses_the_wrong_number_of_dice():
    with pytest.raises(RuleViolation, match="This roll takes 3 dice, not 2"):
        check_d10s([1, 2], 3)


def test_rolled_or_entered_takes_exactly_one_source():
    with pytest.raises(TypeError):
        d10s_rolled_or_entered(1, random.Random(1), [3])
    with pytest.raises(TypeError):
        d10s_rolled_or_entered(1, None, None)


def test_a_roll_at_or_under_the_stat_is_a_success():
    # Combat in Dawn, Step 9
    assert is_success(4, 4)
    assert is_success(3, 4)
    assert not is_success(5, 4)


def test_zero_is_always_a_success():
    assert is_success(0, 0)


def test_opening_counts_each_zero_twice():
    # Combat Example: the "Opening" card effect
    assert count_successes([0, 0, 5], 4) == 2
    assert count_successes([0, 0, 5], 4, opening=True) == 4


def test_roll_dice_counts_successes_against_the_stat():
    roll = roll_dice(4, 3, ScriptedRng(0, 3, 4, 9))
    assert roll.dice == (0, 3, 4, 9)
    assert roll.successes == 2
    assert roll.die_succeeds == (True, True, False, False)


def test_enter_dice_refuses_a_negative_stat():
    with pytest.raises(RuleViolation, match="stat cannot be negative"):
        enter_dice([1], -1)


def test_enter_dice_refuses_negative_rerolls():
    with pytest.raises(RuleViolation, match="rerolls cannot be negative"):
        enter_dice([1], 4, rerolls_allowed=-1)


def test_reroll_replaces_one_die_and_keeps_the_new_roll_even_if_worse():
    # Core Rules, Charging: "you must accept the new roll even if it is worse"
    roll = enter_dice([3, 8], 4, rerolls_allowed=1)
    rerolled = reroll_die(roll, 0, rng=ScriptedRng(9))
    assert rerolled.dice == (9, 8)
    assert rerolled.successes == 0
    assert rerolled.rerolls_left == 0


def test_reroll_accepts_an_entered_digit():
    roll = enter_dice([7, 8], 4, rerolls_allowed=2)
    rerolled = reroll_die(roll, 1, entered=2)
    assert rerolled.dice == (7, 2)
    assert rerolled.rerolled_positions == {1}


def test_reroll_refuses_an_entered_digit_outside_0_to_9():
    roll = enter_dice([7], 4, rerolls_allowed=1)
    with pytest.raises(RuleViolation, match="A d10 shows 0 to 9"):
        reroll_die(roll, 0, entered=10)


def test_reroll_refuses_a_die_already_rerolled():
    # Core Rules, Charging: "You cannot reroll a die more than once"
    roll = reroll_die(enter_dice([7, 8], 4, rerolls_allowed=2), 0, entered=6)
    with pytest.raises(RuleViolation, match="Die 1 was already rerolled"):
        reroll_die(roll, 0, entered=1)


def test_lucky_may_reroll_a_die_already_rerolled():
    # General Ability Pool, Lucky
    roll = reroll_die(enter_dice([7, 8], 4, rerolls_allowed=2, lucky=True), 0, entered=6)
    assert reroll_die(roll, 0, entered=1).dice == (1, 8)


def test_lucky_still_stops_at_the_rerolls_allowed():
    roll = reroll_die(enter_dice([7], 4, rerolls_allowed=1, lucky=True), 0, entered=6)
    with pytest.raises(RuleViolation, match="No rerolls left"):
        reroll_die(roll, 0, entered=1)


def test_reroll_refuses_when_no_rerolls_are_allowed():
    with pytest.raises(RuleViolation, match="No rerolls left: this roll allows 0"):
        reroll_die(enter_dice([7], 4), 0, entered=1)


def test_reroll_refuses_a_die_not_in_the_roll():
    with pytest.raises(RuleViolation, match="There is no die 3"):
        reroll_die(enter_dice([7, 8], 4, rerolls_allowed=1), 2, entered=1)


def test_a_roll_survives_a_round_trip_through_a_dict():
    roll = reroll_die(enter_dice([7, 0], 4, opening=True, rerolls_allowed=2), 0, entered=3)
    assert DiceRoll.from_dict(roll.to_dict()) == roll


def test_a_stored_roll_with_more_rerolls_than_allowed_is_refused():
    stored = enter_dice([7], 4, rerolls_allowed=1).to_dict()
    stored["rerolls"] = [[0, 7, 1], [0, 1, 2]]
    with pytest.raises(RuleViolation, match="Rerolls allowed for this roll: 1"):
        DiceRoll.from_dict(stored)
