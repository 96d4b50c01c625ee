"""Battle outcomes and rounds (Let The Battle Begin! - Victory & Defeat; Round Marker; Solo
Mode - Battles)."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.outcome import battle_outcome, battle_rounds
from campaigns.dawnshade.rules.stacks import ally_stack, foe_stack, stack_take_damage


def kod(stack):
    return stack_take_damage(stack, stack.hp_and_shields).stack


ASH = ally_stack(character="ash", hp_stat=3, armour_items=1)  # 4 chips
FOE = foe_stack(position=1, hp=3, shields=0)  # 3 chips


def test_rounds_are_five_four_in_solo_or_the_logbooks_number():
    assert battle_rounds(characters=3) == 5
    assert battle_rounds(characters=1) == 4
    assert battle_rounds(characters=1, logbook_rounds=6) == 6


def test_all_foes_kod_is_a_foe_ko_victory():
    result = battle_outcome([ASH], [kod(FOE)], last_round_over=False)
    assert result.outcome == "foe_ko" and result.victory


def test_all_allies_kod_is_an_ally_ko_defeat():
    result = battle_outcome([kod(ASH)], [FOE], last_round_over=False)
    assert result.outcome == "ally_ko" and not result.victory


def test_the_battle_goes_on_until_the_last_round_is_over():
    assert battle_outcome([ASH], [FOE], last_round_over=False) is None


def test_more_hp_and_shields_at_the_end_is_a_foe_retreat():
    result = battle_outcome([ASH], [FOE], last_round_over=True)
    assert (result.outcome, result.ally_total, result.foe_total) == ("foe_retreat", 4, 3)


def test_fewer_is_an_ally_retreat():
    big = foe_stack(position=1, hp=5, shields=1)
    assert battle_outcome([ASH], [big], last_round_over=True).outcome == "ally_retreat"


def test_a_tie_goes_to_the_foes_as_an_ally_retreat():
    even = foe_stack(position=1, hp=3, shields=1)
    result = battle_outcome([ASH], [even], last_round_over=True)
    assert (result.ally_total, result.foe_total) == (4, 4)
    assert result.outcome == "ally_retreat"


def test_cogbehemoth_shields_count_and_kod_stacks_count_nothing():
    mech = ally_stack(character="ash", hp_stat=1, armour_items=0, cogbehemoth=True)
    other = foe_stack(position=2, hp=1, shields=0)
    result = battle_outcome([mech], [FOE, kod(other)], last_round_over=True)
    assert (result.ally_total, result.foe_total) == (4, 3)


def test_stacks_on_the_wrong_side_are_refused():
    with pytest.raises(RuleViolation, match="mixed up"):
        battle_outcome([FOE], [ASH], last_round_over=True)
