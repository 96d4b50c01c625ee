"""Conditions in battle (Let The Battle Begin! - Conditions; Characters - Special Ability)."""

import pytest

from campaigns.dawnshade.rules.battle_conditions import (
    ally_target_method,
    attack_damage,
    attack_resolve,
    condition_place,
    conditions_clear,
    conditions_end_turn,
    foe_target_method,
    may_roll_attack_dice,
    needs_evade_roll,
    special_ability_triggers,
)
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.stacks import ally_stack, foe_stack, stack_take_damage


def ash(**kwargs):
    return ally_stack(character="ash", hp_stat=4, armour_items=2, **kwargs)


def test_a_condition_goes_on_top_of_the_stack_and_different_ones_are_held_together():
    stack = condition_place(condition_place(ash(), "precise"), "subdued")
    assert stack.condition_keys == ("precise", "subdued")


def test_example_a_second_copy_of_a_condition_already_held_is_refused():
    stack = condition_place(ash(), "imprecise")
    with pytest.raises(RuleViolation, match="does not stack"):
        condition_place(stack, "imprecise")


def test_an_unknown_condition_is_refused_and_unnamed_ones_can_be_placed():
    with pytest.raises(RuleViolation, match="not one of the conditions"):
        condition_place(ash(), "slowed")
    assert condition_place(ash(), "air_negative").condition_keys == ("air_negative",)


def test_conditions_resolve_and_drop_at_the_end_of_the_holders_next_turn():
    stack = condition_place(ash(), "subdued")
    ended = conditions_end_turn(stack)
    assert ended.resolved == ("subdued",)
    assert ended.stack.conditions == ()


def test_a_condition_placed_during_the_holders_own_turn_lasts_through_the_next_one():
    stack = condition_place(ash(), "focused", during_holders_turn=True)
    first = conditions_end_turn(stack)
    assert first.resolved == ()
    assert first.stack.condition_keys == ("focused",)
    assert conditions_end_turn(first.stack).resolved == ("focused",)
    this_turn = condition_place(ash(), "focused", during_holders_turn=True, timing="this_turn")
    assert conditions_end_turn(this_turn).resolved == ("focused",)


def test_example_mended_restores_one_hp_when_it_resolves_never_above_the_hp_stat():
    hurt = stack_take_damage(ash(), 4).stack  # 2 shields and 2 HP gone
    ended = conditions_end_turn(condition_place(hurt, "mended"))
    assert (ended.stack.hp, ended.hp_restored) == (3, 1)
    full = conditions_end_turn(condition_place(ash(), "mended"))
    assert (full.stack.hp, full.hp_restored) == (4, 0)


def test_unresolved_conditions_are_removed_after_the_battle():
    stack = condition_place(condition_place(ash(), "mended"), "blind")
    assert conditions_clear(stack).conditions == ()


def test_imprecise_halves_damage_rounding_up_on_odd_and_even_hits():
    assert attack_damage(3, ["imprecise"]) == 2
    assert attack_damage(4, ["imprecise"]) == 2
    assert attack_damage(1, ["imprecise"]) == 1
    assert attack_damage(0, ["imprecise"]) == 0
    assert attack_damage(3) == 3


def test_imprecise_read_as_rounding_the_reduction_up_is_a_table_setting():
    assert attack_damage(3, ["imprecise"], imprecise_rounding="reduction_up") == 1
    assert attack_damage(4, ["imprecise"], imprecise_rounding="reduction_up") == 2


def test_precise_attacks_ignore_shields():
    report = attack_resolve(ash(), 2, attacker_conditions=["precise"])
    assert (report.stack.shields, report.stack.hp) == (2, 2)


def test_imprecise_halves_before_the_damage_comes_off_the_stack():
    report = attack_resolve(
        foe_stack(position=1, hp=3, shields=0), 5, attacker_conditions=["imprecise"]
    )
    assert report.stack.hp == 0
    report = attack_resolve(
        foe_stack(position=1, hp=4, shields=0), 5, attacker_conditions=["imprecise"]
    )
    assert report.stack.hp == 1


def test_subdued_forbids_attack_dice():
    assert not may_roll_attack_dice(["subdued"])
    assert may_roll_attack_dice(["precise"])


def test_airborne_asks_for_the_evade_roll_and_a_success_takes_no_damage():
    target = condition_place(ash(), "airborne")
    assert needs_evade_roll(target.condition_keys)
    with pytest.raises(RuleViolation, match="roll the Dawnshade Dice"):
        attack_resolve(target, 3)
    evaded = attack_resolve(target, 3, evade_succeeded=True)
    assert evaded.evaded and evaded.stack == target
    hit = attack_resolve(target, 3, evade_succeeded=False)
    assert (hit.stack.shields, hit.stack.hp) == (0, 3)


def test_focused_triggers_the_special_without_the_symbol_and_blind_stops_it():
    assert special_ability_triggers(["focused"], special_symbols_rolled=0)
    assert not special_ability_triggers(["blind"], special_symbols_rolled=2)
    assert not special_ability_triggers([], special_symbols_rolled=0)


def test_example_two_special_symbols_trigger_the_special_ability_once():
    assert special_ability_triggers([], special_symbols_rolled=2) is True


def test_focused_and_blind_together_need_the_tables_choice():
    with pytest.raises(RuleViolation, match="table must choose"):
        special_ability_triggers(["focused", "blind"], special_symbols_rolled=1)
    assert not special_ability_triggers(
        ["focused", "blind"], special_symbols_rolled=1, focused_and_blind="blind"
    )


def test_blind_replaces_choosing_a_target_or_the_target_deck_with_a_chip_flip():
    assert ally_target_method(["blind"]) == "flip_chip"
    assert ally_target_method([]) == "choose"
    assert foe_target_method(["blind"]) == "flip_chip"
    assert foe_target_method(["subdued"]) == "target_deck"


def test_conditions_cannot_go_on_a_kod_stack():
    kod = stack_take_damage(foe_stack(position=1, hp=1, shields=0), 1).stack
    with pytest.raises(RuleViolation, match="KO'd"):
        condition_place(kod, "blind")
