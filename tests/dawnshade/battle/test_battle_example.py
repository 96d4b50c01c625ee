"""Rulebook examples that cross several battle tools, and a whole battle played through the
pure rules (Battles; Let The Battle Begin!; Victory & Defeat; Reset & Return Väki)."""

import random

import pytest

from campaigns.dawnshade.rules.battle_conditions import (
    attack_resolve,
    condition_place,
    conditions_end_turn,
    special_ability_triggers,
)
from campaigns.dawnshade.rules.combo import ComboMeter, combo_add_rings, combo_reset
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.initiative import (
    foes_on_rings,
    initiative_draw_round,
    initiative_end_turn,
    initiative_formation_change,
    initiative_setup,
    initiative_whose_turn,
)
from campaigns.dawnshade.rules.outcome import battle_outcome
from campaigns.dawnshade.rules.stacks import (
    ally_stack,
    foe_stack,
    stack_add_shields,
    stack_reset,
)
from campaigns.dawnshade.rules.target_deck import target_deck_build, target_deck_reveal


def test_example_razorback_scout_then_magus_take_rings_one_and_two():
    assert foes_on_rings(["razorback_scout", "razorback_magus"]) == (
        (1, "razorback_scout"),
        (2, "razorback_magus"),
    )
    with pytest.raises(RuleViolation, match="eighth foe"):
        foes_on_rings(["drudge"] * 8)


def test_example_ashs_turn_two_hits_a_special_no_shield_and_a_formation_change():
    target = foe_stack(position=1, hp=3, shields=1)
    report = attack_resolve(target, 2)
    assert (report.stack.shields, report.stack.hp) == (0, 2)
    assert special_ability_triggers([], special_symbols_rolled=1)
    ash = ally_stack(character="ash", hp_stat=3, armour_items=0)
    assert stack_add_shields(ash, 0).shields == 0
    setup = initiative_setup(foe_positions=[1], seats=["ash", "flash"])
    drawn = initiative_draw_round(setup, random.Random(11))
    changed = initiative_formation_change(drawn, random.Random(5))
    assert changed.stack[0] == drawn.stack[0]
    assert len(changed.stack) == len(drawn.stack)


def test_a_whole_solo_battle_from_set_up_to_reset():
    rng = random.Random(2024)
    ash = ally_stack(character="ash", hp_stat=3, armour_items=1, cogbot_fighter=True)
    ash = condition_place(ash, "mended")  # from the Temple
    foe = foe_stack(position=1, hp=4, shields=1)
    initiative = initiative_setup(foe_positions=[1], seats=["ash"])
    assert initiative.rounds_total == 4
    deck = target_deck_build(["ash"], miss_cards=1, rng=rng)
    meter = ComboMeter()
    result = None
    while result is None:
        if initiative.round_over:
            initiative = initiative_draw_round(initiative, rng)
        living = {1} if not foe.knocked_out else set()
        turn = initiative_whose_turn(initiative, living_foes=living)
        if turn.side == "ally":
            foe = attack_resolve(foe, 2, attacker_conditions=ash.condition_keys).stack
            meter = combo_add_rings(meter, flame_rings=1, thorn_rings=0)
            ash = conditions_end_turn(ash).stack
        else:
            reveal = target_deck_reveal(deck, rng, when_empty="reshuffle")
            deck = reveal.deck
            if not reveal.miss:
                ash = attack_resolve(ash, 1).stack
        initiative = initiative_end_turn(initiative, turn.key, living_foes=living)
        result = battle_outcome([ash], [foe], last_round_over=initiative.battle_over)
    assert result.outcome in ("foe_ko", "foe_retreat", "ally_retreat", "ally_ko")
    reset = stack_reset(ash)
    assert reset.hp == 3 and reset.shields == 1 and reset.conditions == ()
    assert combo_reset() == ComboMeter()
