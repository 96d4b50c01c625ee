"""Battle stacks (Battles - Foe and Ally Battle Stacks; Battle Dice; Quest Tiles - Outpost -
Foundry; Reset & Return Väki)."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.stacks import (
    COGBEHEMOTH,
    COGBEHEMOTH_SHIELD,
    COGBOT_FIGHTER,
    HP,
    SHIELD,
    BattleStack,
    ally_stack,
    foe_stack,
    stack_activate_cogbehemoth,
    stack_add_shields,
    stack_reset,
    stack_restore_hp,
    stack_take_damage,
)


def test_an_ally_stack_has_hp_for_the_hp_stat_and_a_shield_per_armour_item_at_the_bottom():
    stack = ally_stack(character="ash", hp_stat=4, armour_items=2)
    assert (stack.hp, stack.shields) == (4, 2)
    assert stack.chips == (SHIELD, SHIELD, HP, HP, HP, HP)


def test_a_foe_stack_has_its_sld_shields_under_its_hp():
    stack = foe_stack(position=2, hp=3, shields=1)
    assert stack.key == "foe:II"
    assert stack.chips == (SHIELD, HP, HP, HP)


def test_damage_comes_off_the_bottom_shields_first_then_hp():
    report = stack_take_damage(ally_stack(character="ash", hp_stat=4, armour_items=2), 3)
    assert (report.shields_removed, report.hp_removed) == (2, 1)
    assert (report.stack.shields, report.stack.hp) == (0, 3)


def test_the_stack_is_kod_at_zero_hp_and_excess_hits_are_lost():
    report = stack_take_damage(foe_stack(position=1, hp=2, shields=1), 5)
    assert report.knocked_out
    assert report.hp_removed == 2


def test_damage_to_a_kod_stack_is_refused():
    kod = stack_take_damage(foe_stack(position=1, hp=1, shields=0), 1).stack
    with pytest.raises(RuleViolation, match="KO'd and out of the battle"):
        stack_take_damage(kod, 1)


def test_negative_hits_are_refused():
    with pytest.raises(RuleViolation, match="negative"):
        stack_take_damage(foe_stack(position=1, hp=1, shields=0), -1)


def test_defense_hits_add_shields_up_to_three_and_no_more():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=1)
    assert stack_add_shields(stack, 1).shields == 2
    assert stack_add_shields(stack, 5).shields == 3
    full = stack_add_shields(stack, 2)
    assert stack_add_shields(full, 1) == full


def test_a_stack_with_negative_hp_or_shields_past_the_maximum_is_refused():
    with pytest.raises(RuleViolation, match="at most 3 shields"):
        BattleStack("ash", "ally", 3, 3, chips=(SHIELD,) * 4 + (HP,) * 3)
    with pytest.raises(RuleViolation, match="at least 1 HP"):
        BattleStack("ash", "ally", -1, 0, chips=())
    with pytest.raises(RuleViolation, match="more HP than their HP stat"):
        BattleStack("ash", "ally", 2, 0, chips=(HP,) * 3)
    with pytest.raises(RuleViolation, match="negative"):
        foe_stack(position=1, hp=2, shields=-1)


def test_armour_beyond_three_items_adds_no_fourth_shield():
    assert ally_stack(character="ash", hp_stat=3, armour_items=4).shields == 3


def test_the_cogbot_fighter_sits_between_the_first_and_second_hp_chip():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=1, cogbot_fighter=True)
    assert tuple(reversed(stack.chips)) == (HP, COGBOT_FIGHTER, HP, HP, SHIELD)


def test_a_destroyed_cogbot_fighter_absorbs_the_rest_of_the_blow_leaving_one_hp():
    stack = ally_stack(character="ash", hp_stat=4, armour_items=1, cogbot_fighter=True)
    report = stack_take_damage(stack, 9)
    assert report.destroyed == (COGBOT_FIGHTER,)
    assert (report.shields_removed, report.hp_removed, report.absorbed) == (1, 3, 5)
    assert report.stack.hp == 1
    assert not report.knocked_out
    assert report.stack.cogbot_fighter_lost


def test_the_cogbot_fighter_falls_on_exactly_enough_damage_too():
    stack = ally_stack(character="ash", hp_stat=2, armour_items=0, cogbot_fighter=True)
    report = stack_take_damage(stack, 1)
    assert report.destroyed == (COGBOT_FIGHTER,)
    assert (report.stack.hp, report.absorbed) == (1, 0)


def test_the_cogbehemoth_comes_with_three_shields_under_the_first_hp_chip():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=2, cogbehemoth=True)
    assert tuple(reversed(stack.chips)) == (
        HP,
        COGBEHEMOTH,
        COGBEHEMOTH_SHIELD,
        COGBEHEMOTH_SHIELD,
        COGBEHEMOTH_SHIELD,
        HP,
        HP,
        SHIELD,
        SHIELD,
    )
    assert (stack.shields, stack.cogbehemoth_shields) == (2, 3)


def test_with_a_fighter_the_cogbehemoth_goes_between_the_first_and_second_hp_under_it():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=0, cogbot_fighter=True)
    stack = stack_activate_cogbehemoth(stack)
    assert tuple(reversed(stack.chips)) == (
        HP,
        COGBOT_FIGHTER,
        HP,
        COGBEHEMOTH,
        COGBEHEMOTH_SHIELD,
        COGBEHEMOTH_SHIELD,
        COGBEHEMOTH_SHIELD,
        HP,
    )


def test_character_and_cogbehemoth_each_hold_three_shields_for_six_in_all():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=3, cogbehemoth=True)
    assert stack.shields + stack.cogbehemoth_shields == 6
    assert stack_add_shields(stack, 1) == stack
    assert stack_add_shields(stack, 1, cogbehemoth=True) == stack
    dented = stack_take_damage(stack, 3 + 2 + 1).stack  # shields, HP below, one of its shields
    assert dented.cogbehemoth_shields == 2
    assert stack_add_shields(dented, 4, cogbehemoth=True).cogbehemoth_shields == 3


def test_a_destroyed_cogbehemoth_absorbs_the_rest_leaving_one_hp():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=1, cogbehemoth=True)
    report = stack_take_damage(stack, 20)
    assert report.destroyed == (COGBEHEMOTH,)
    assert report.shields_removed == 1
    assert report.hp_removed == 2
    assert report.cogbehemoth_shields_removed == 3
    assert report.absorbed == 14
    assert report.stack.hp == 1
    assert not report.stack.has_cogbehemoth


def test_a_cogbehemoth_over_a_fighter_leaves_the_fighter_by_stack_order_or_one_hp():
    stack = stack_activate_cogbehemoth(
        ally_stack(character="ash", hp_stat=3, armour_items=0, cogbot_fighter=True)
    )
    by_order = stack_take_damage(stack, 10)
    assert by_order.destroyed == (COGBEHEMOTH,)
    assert by_order.stack.has_cogbot_fighter
    assert by_order.stack.hp == 2  # HP 1 above the Fighter and HP 2 under it
    one_hp = stack_take_damage(stack, 10, behemoth_with_fighter="one_hp")
    assert one_hp.stack.has_cogbot_fighter
    assert one_hp.stack.hp == 1


def test_precise_skips_shields_and_a_fighter_still_falls_when_its_hp_is_gone():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=2, cogbot_fighter=True)
    report = stack_take_damage(stack, 5, ignore_shields=True)
    assert (report.shields_removed, report.hp_removed) == (0, 2)
    assert report.destroyed == (COGBOT_FIGHTER,)
    assert (report.stack.hp, report.stack.shields) == (1, 2)


def test_precise_ko_leaves_the_shields_behind_but_the_stack_is_kod():
    report = stack_take_damage(foe_stack(position=1, hp=2, shields=3), 2, ignore_shields=True)
    assert report.knocked_out
    assert report.stack.shields == 3


def test_restored_hp_never_goes_above_the_hp_stat():
    stack = ally_stack(character="ash", hp_stat=3, armour_items=1)
    hurt = stack_take_damage(stack, 2).stack
    assert stack_restore_hp(hurt, 1).hp == 3
    assert stack_restore_hp(stack, 1).hp == 3
    assert stack_restore_hp(hurt, 1).chips == (HP, HP, HP)


def test_reset_restores_hp_and_shields_drops_the_cogbehemoth_and_keeps_a_living_fighter():
    stack = ally_stack(
        character="ash", hp_stat=3, armour_items=2, cogbot_fighter=True, cogbehemoth=True
    )
    hurt = stack_take_damage(stack, 5).stack
    reset = stack_reset(hurt)
    assert reset == ally_stack(character="ash", hp_stat=3, armour_items=2, cogbot_fighter=True)


def test_reset_after_the_fighter_was_kod_has_no_fighter_and_says_so():
    stack = ally_stack(character="ash", hp_stat=2, armour_items=0, cogbot_fighter=True)
    reset = stack_reset(stack_take_damage(stack, 4).stack)
    assert not reset.has_cogbot_fighter
    assert reset.cogbot_fighter_lost
    assert reset.hp == 2


def test_a_stack_round_trips_through_json():
    stack = ally_stack(
        character="ash", hp_stat=3, armour_items=1, cogbot_fighter=True, conditions=("mended",)
    )
    assert BattleStack.from_dict(stack.to_dict()) == stack


def test_foes_have_no_cogbots():
    with pytest.raises(RuleViolation, match="Only allies pilot"):
        stack_activate_cogbehemoth(foe_stack(position=1, hp=2, shields=0))


def test_a_foe_chip_with_more_than_three_shields_is_refused():
    with pytest.raises(RuleViolation, match="between 0 and 3 shields"):
        foe_stack(position=1, hp=2, shields=4)
