"""The Long Dark (Completing the Campaign): Sungem dice, rerolls, Heat, survival at 75,
2 VP per 2 Heat above 75, the winner, and the exact chance of surviving."""

import random
from fractions import Fraction
from math import comb

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.long_dark import (
    LongDarkOutcome,
    long_dark_bonus_vp,
    long_dark_entered,
    long_dark_outcome,
    long_dark_reroll,
    long_dark_roll,
    long_dark_survival_chance,
    long_dark_winners,
)


class ScriptedDice:
    """A fake rng whose randint returns the scripted faces in order."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, low, high):
        assert (low, high) == (0, 9)
        return self.faces.pop(0)


def test_one_die_per_sungem_showing_0_to_9():
    roll = long_dark_roll(12, random.Random(42))
    assert len(roll.dice) == 12
    assert all(0 <= die <= 9 for die in roll.dice)
    assert roll == long_dark_roll(12, random.Random(42))


def test_heat_is_the_sum_of_the_final_dice():
    roll = long_dark_roll(3, ScriptedDice(0, 9, 4))
    assert roll.dice == (0, 9, 4)
    assert roll.heat == 13


def test_no_sungems_means_no_dice_and_negative_sungems_are_refused():
    assert long_dark_roll(0, random.Random(1)).heat == 0
    with pytest.raises(RuleViolation, match="negative number of Sungems"):
        long_dark_roll(-1, random.Random(1))


def test_entered_dice_must_be_digits():
    assert long_dark_entered([9, 0, 5]).heat == 14
    with pytest.raises(RuleViolation, match="digit from 0 to 9"):
        long_dark_entered([9, 10])
    with pytest.raises(RuleViolation, match="digit from 0 to 9"):
        long_dark_entered([-1])


def test_reroll_replaces_one_die_and_costs_one_vp():
    roll = long_dark_entered([1, 8, 2])
    rerolled = long_dark_reroll(roll, 0, available_spend_total=3, rng=ScriptedDice(7))
    assert rerolled.dice == (7, 8, 2)
    assert rerolled.vp_spent == 1
    entered = long_dark_reroll(rerolled, 2, available_spend_total=2, value=9)
    assert entered.dice == (7, 8, 9)
    assert entered.vp_spent == 2


def test_reroll_result_must_be_accepted_even_if_worse():
    rerolled = long_dark_reroll(
        long_dark_entered([6]), 0, available_spend_total=1, rng=ScriptedDice(0)
    )
    assert rerolled.heat == 0


def test_each_die_may_be_rerolled_only_once():
    rerolled = long_dark_reroll(long_dark_entered([1, 2]), 0, available_spend_total=5, value=3)
    with pytest.raises(RuleViolation, match="Each die may be rerolled only once"):
        long_dark_reroll(rerolled, 0, available_spend_total=4, value=9)


def test_reroll_needs_a_vp_to_spend():
    with pytest.raises(RuleViolation, match="A reroll costs 1 VP"):
        long_dark_reroll(long_dark_entered([1]), 0, available_spend_total=0, value=9)


def test_reroll_of_a_missing_die_or_a_bad_face_is_refused():
    roll = long_dark_entered([1, 2])
    with pytest.raises(RuleViolation, match="no such die"):
        long_dark_reroll(roll, 2, available_spend_total=5, value=3)
    with pytest.raises(RuleViolation, match="digit from 0 to 9"):
        long_dark_reroll(roll, 1, available_spend_total=5, value=10)
    with pytest.raises(RuleViolation, match="Either roll the die in the app or enter"):
        long_dark_reroll(roll, 1, available_spend_total=5)
    with pytest.raises(RuleViolation, match="Either roll the die in the app or enter"):
        long_dark_reroll(roll, 1, available_spend_total=5, rng=random.Random(1), value=3)


@pytest.mark.parametrize(
    ("heat", "bonus"), [(60, 0), (74, 0), (75, 0), (76, 0), (77, 2), (78, 2), (79, 4), (85, 10)]
)
def test_two_vp_for_every_two_heat_above_75(heat, bonus):
    assert long_dark_bonus_vp(heat) == bonus


def test_negative_heat_is_refused():
    with pytest.raises(RuleViolation, match="Heat cannot be negative"):
        long_dark_bonus_vp(-1)


def test_at_least_75_heat_survives_and_adds_the_bonus():
    roll = long_dark_entered([9] * 8 + [7])  # 79 Heat
    outcome = long_dark_outcome(roll, total_victory_points=30)
    assert outcome == LongDarkOutcome(heat=79, survived=True, bonus_vp=4, final_victory_points=34)
    assert long_dark_outcome(long_dark_entered([9] * 8 + [3]), 30).survived


def test_below_75_heat_does_not_survive():
    outcome = long_dark_outcome(long_dark_entered([9] * 8 + [2]), total_victory_points=50)
    assert outcome.heat == 74
    assert not outcome.survived
    assert outcome.final_victory_points == 50


def test_negative_total_victory_points_are_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        long_dark_outcome(long_dark_entered([9]), total_victory_points=-1)


def test_winner_is_the_survivor_with_most_vp():
    outcomes = {
        "palaudis": LongDarkOutcome(80, True, 4, 40),
        "hydris": LongDarkOutcome(70, False, 0, 60),
        "nimbus": LongDarkOutcome(76, True, 0, 38),
    }
    assert long_dark_winners(outcomes) == ("palaudis",)


def test_equal_best_survivors_share_the_win_and_no_survivor_means_no_winner():
    tied = {"a": LongDarkOutcome(77, True, 2, 40), "b": LongDarkOutcome(75, True, 0, 40)}
    assert long_dark_winners(tied) == ("a", "b")
    frozen = {"a": LongDarkOutcome(10, False, 0, 40), "b": LongDarkOutcome(70, False, 0, 50)}
    assert long_dark_winners(frozen) == ()


def test_eight_sungems_can_never_reach_75():
    # 8 dice show at most 72.
    assert long_dark_survival_chance(8) == 0


def test_nine_sungems_survive_with_5005_rolls_in_a_billion():
    # 9 dice reach 75 when their shortfalls from 9 add up to at most 6: C(6 + 9, 9) rolls.
    assert long_dark_survival_chance(9) == Fraction(comb(15, 9), 10**9)


def test_ten_sungems_chance_matches_inclusion_exclusion():
    # Shortfalls of 10 dice (each 0-9) adding up to at most 15.
    ways = sum(
        comb(total + 9, 9) - 10 * comb(total - 10 + 9, 9) if total >= 10 else comb(total + 9, 9)
        for total in range(16)
    )
    assert long_dark_survival_chance(10) == Fraction(ways, 10**10)


def test_chance_grows_with_every_sungem():
    chances = [long_dark_survival_chance(n) for n in range(8, 25)]
    assert chances == sorted(chances)
    assert long_dark_survival_chance(17) > Fraction(1, 2)  # mean Heat 76.5
    # Even many Sungems can all roll low, so survival is never certain.
    assert 0 < 1 - long_dark_survival_chance(40) < Fraction(1, 10**9)


def test_chance_counts_heat_already_kept():
    assert long_dark_survival_chance(1, heat_already=70) == Fraction(1, 2)
    assert long_dark_survival_chance(0, heat_already=75) == 1
    assert long_dark_survival_chance(0, heat_already=74) == 0


def test_chance_of_negative_sungems_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        long_dark_survival_chance(-1)
