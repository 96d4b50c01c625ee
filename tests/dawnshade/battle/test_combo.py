"""Combo meters (Characters - Combo Meter; Reset & Return Väki)."""

import pytest

from campaigns.dawnshade.rules.combo import (
    ComboMeter,
    CombosThisTurn,
    combo_activate,
    combo_add_rings,
    combo_reset,
)
from campaigns.dawnshade.rules.errors import RuleViolation

CHARGED = ComboMeter(flame=3, thorn=3)


def test_rings_move_the_cubes_toward_the_centre_and_stop_at_three():
    meter = combo_add_rings(ComboMeter(), flame_rings=2, thorn_rings=5)
    assert (meter.flame, meter.thorn) == (2, 3)
    assert meter.thorn_charged and not meter.flame_charged


def test_a_meter_runs_from_zero_to_three():
    with pytest.raises(RuleViolation, match="0 to 3"):
        ComboMeter(flame=4)


def test_a_charged_side_fires_on_its_characters_turn_and_resets_to_zero():
    fired = combo_activate({"ash": CHARGED}, turn_of="ash", flame_by="ash")
    assert fired.meters["ash"] == ComboMeter(flame=0, thorn=3)
    assert fired.this_turn == CombosThisTurn(flame_by="ash")


def test_positive_and_negative_may_fire_together_but_not_twice_each():
    fired = combo_activate({"ash": CHARGED}, turn_of="ash", flame_by="ash", thorn_by="ash")
    assert fired.meters["ash"] == ComboMeter()
    with pytest.raises(RuleViolation, match="at most one positive and one negative"):
        combo_activate(
            {"ash": CHARGED, "flash": CHARGED},
            turn_of="ash",
            this_turn=fired.this_turn,
            flame_by="flash",
        )


def test_example_ash_and_flash_combine_on_ashs_turn():
    meters = {"ash": ComboMeter(flame=3), "flash": ComboMeter(thorn=3)}
    fired = combo_activate(meters, turn_of="ash", flame_by="ash", thorn_by="flash")
    assert fired.meters == {"ash": ComboMeter(), "flash": ComboMeter()}


def test_another_ally_fires_only_together_with_the_active_character():
    meters = {"ash": ComboMeter(), "flash": ComboMeter(thorn=3)}
    with pytest.raises(RuleViolation, match="only together"):
        combo_activate(meters, turn_of="ash", thorn_by="flash")


def test_an_uncharged_side_cannot_fire():
    with pytest.raises(RuleViolation, match="not charged"):
        combo_activate({"ash": ComboMeter(flame=2)}, turn_of="ash", flame_by="ash")


def test_meters_reset_at_the_end_of_battle_and_round_trip_through_json():
    assert combo_reset() == ComboMeter(flame=0, thorn=0)
    assert ComboMeter.from_dict(ComboMeter(1, 3).to_dict()) == ComboMeter(1, 3)
    turn = CombosThisTurn(flame_by="ash")
    assert CombosThisTurn.from_dict(turn.to_dict()) == turn
