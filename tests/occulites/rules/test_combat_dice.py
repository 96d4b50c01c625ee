"""A combat side: Prone, rerolls, and rolling or entering as many dice as the cards allow."""

import random

import pytest

from campaigns.occulites.rules.combat_cards import BoostPlay, CardKind, CombatCard, Purpose
from campaigns.occulites.rules.combat_dice import (
    CombatSide,
    RerollSources,
    SupportingFigure,
    enter_side,
    gang_up_rerolls,
    plan_side,
    prone_stat,
    reroll_allowance,
    roll_side,
)
from campaigns.occulites.rules.dice import reroll_die
from campaigns.occulites.rules.errors import RuleViolation

AGGRESSIVE_6 = CombatCard(CardKind.AGGRESSIVE, 6)


@pytest.mark.parametrize(("stat", "halved"), [(4, 2), (5, 2), (7, 3), (2, 1), (1, 1)])
def test_prone_halves_a_stat_rounding_down_to_a_minimum_of_1(stat, halved):
    # Core Rules, Stand Up: when a figure is Prone
    assert prone_stat(stat) == halved


def test_prone_stat_refuses_a_negative_stat():
    with pytest.raises(RuleViolation):
        prone_stat(-1)


def test_a_full_speed_charge_gives_the_attacker_one_reroll():
    # Core Rules, Charging
    assert reroll_allowance(RerollSources(full_speed_charge=True), Purpose.ATTACK) == 1


def test_the_defender_cannot_claim_the_charge_reroll():
    with pytest.raises(RuleViolation, match="Only the attacker"):
        reroll_allowance(RerollSources(full_speed_charge=True), Purpose.DEFENCE)


def test_gang_up_rerolls_equal_the_supporting_figures_combined_stat():
    # Combat Involving Multiple Figures: one against three, the supporters' combined stat
    assert gang_up_rerolls([SupportingFigure(4), SupportingFigure(3)]) == 7


def test_a_defender_gets_gang_up_rerolls_from_its_supporters_defence():
    # Combat Involving Multiple Figures, example: rerolls equal to the supporter's Defence
    sources = RerollSources(supporting=(SupportingFigure(4),))
    assert reroll_allowance(sources, Purpose.DEFENCE) == 4


def test_a_prone_figure_may_not_contribute_to_a_gangup():
    with pytest.raises(RuleViolation, match="Prone figure may not contribute"):
        gang_up_rerolls([SupportingFigure(4, prone=True)])


def test_a_supporting_stat_cannot_be_negative():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        gang_up_rerolls([SupportingFigure(-1)])


def test_the_hunting_net_throw_has_two_free_rerolls():
    # Hydris Tribes, Hunting Net: "Treat this as a regular Attack (but with 2 free rerolls)"
    assert reroll_allowance(RerollSources(hunting_net=True), Purpose.ATTACK) == 2


def test_only_the_netter_gets_the_hunting_net_rerolls():
    with pytest.raises(RuleViolation, match="Hunting Net"):
        reroll_allowance(RerollSources(hunting_net=True), Purpose.DEFENCE)


def test_reroll_sources_add_up_with_a_free_number():
    sources = RerollSources(full_speed_charge=True, supporting=(SupportingFigure(4),), free=1)
    assert reroll_allowance(sources, Purpose.ATTACK) == 6


def test_a_negative_free_number_of_rerolls_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        reroll_allowance(RerollSources(free=-1), Purpose.ATTACK)


def test_plan_side_checks_a_prone_figure_against_half_its_stat():
    plan = plan_side(CombatSide(stat=5, card=AGGRESSIVE_6, prone=True), Purpose.ATTACK)
    assert plan.stat == 2
    assert plan.dice_count.total == 6


def test_plan_side_refuses_a_negative_stat():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        plan_side(CombatSide(stat=-1, card=AGGRESSIVE_6), Purpose.ATTACK)


def test_roll_side_rolls_as_many_dice_as_the_cards_allow():
    side = CombatSide(stat=4, card=AGGRESSIVE_6, boosts=(BoostPlay.boost_card(2),))
    roll = roll_side(plan_side(side, Purpose.ATTACK), random.Random(7))
    assert len(roll.dice) == 8
    assert roll.stat == 4


def test_enter_side_refuses_more_dice_than_the_cards_allow():
    plan = plan_side(CombatSide(stat=4, card=AGGRESSIVE_6), Purpose.ATTACK)
    with pytest.raises(RuleViolation, match="The cards allow 6 dice for the attack, not 7"):
        enter_side(plan, [1, 2, 3, 4, 5, 6, 7])


def test_enter_side_refuses_fewer_dice_than_the_cards_allow():
    plan = plan_side(CombatSide(stat=4, card=AGGRESSIVE_6), Purpose.ATTACK)
    with pytest.raises(RuleViolation, match="not 5"):
        enter_side(plan, [1, 2, 3, 4, 5])


def test_enter_side_refuses_a_digit_outside_0_to_9():
    plan = plan_side(CombatSide(stat=4, card=AGGRESSIVE_6), Purpose.ATTACK)
    with pytest.raises(RuleViolation, match="A d10 shows 0 to 9"):
        enter_side(plan, [1, 2, 3, 4, 5, 10])


def test_a_full_speed_charger_rerolls_one_die_and_no_more():
    # Core Rules, Charging: one reroll; a second is refused
    side = CombatSide(stat=4, card=AGGRESSIVE_6, rerolls=RerollSources(full_speed_charge=True))
    roll = enter_side(plan_side(side, Purpose.ATTACK), [9, 9, 1, 2, 3, 4])
    roll = reroll_die(roll, 0, entered=2)
    assert roll.successes == 5
    with pytest.raises(RuleViolation, match="No rerolls left"):
        reroll_die(roll, 1, entered=2)


def test_a_lucky_side_carries_lucky_into_its_roll():
    side = CombatSide(stat=4, card=AGGRESSIVE_6, lucky=True, rerolls=RerollSources(free=2))
    roll = enter_side(plan_side(side, Purpose.ATTACK), [9, 9, 1, 2, 3, 4])
    roll = reroll_die(reroll_die(roll, 0, entered=8), 0, entered=0)
    assert roll.dice[0] == 0
