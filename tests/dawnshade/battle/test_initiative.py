"""The initiative bag, stack and discard (Battles - Initiative Stack; Battle Dice - Defense
Dice; Let The Battle Begin!; Round Marker; Solo Mode - Battles)."""

import random
from collections import Counter

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.initiative import (
    KO_ALLY_CHIP_SPENT,
    KO_ALLY_NEXT_LIVING,
    InitiativeState,
    initiative_bag_contents,
    initiative_draw_round,
    initiative_end_turn,
    initiative_formation_change,
    initiative_setup,
    initiative_whose_turn,
)


class Picks:
    """A fake rng whose randrange returns the scripted indices into the (sorted) bag."""

    def __init__(self, *indices):
        self.indices = list(indices)

    def randrange(self, n):
        index = self.indices.pop(0)
        assert 0 <= index < n
        return index


def state(stack, bag=(), discard=(), seats=("ash", "flash"), **kwargs):
    return InitiativeState(
        bag=tuple(bag),
        stack=tuple(stack),
        discard=tuple(discard),
        draw_per_round=kwargs.pop("draw_per_round", len(seats)),
        seats=tuple(seats),
        **kwargs,
    )


def test_one_foe_chip_per_occupied_ring_and_one_ally_chip_per_player_with_three_or_four():
    assert Counter(initiative_bag_contents(foe_positions=[1, 2, 4], players=3)) == Counter(
        {"ally": 3, "I": 1, "II": 1, "IV": 1}
    )
    assert Counter(initiative_bag_contents(foe_positions=[1, 2], players=4)) == Counter(
        {"ally": 4, "I": 1, "II": 1}
    )


def test_two_players_put_in_one_more_ally_chip():
    assert Counter(initiative_bag_contents(foe_positions=[1, 2], players=2)) == Counter(
        {"ally": 3, "I": 1, "II": 1}
    )


def test_example_alouatta_howler_on_ring_one_puts_the_grey_one_chip_in_the_bag():
    assert "I" in initiative_bag_contents(foe_positions=[1], players=3)


def test_solo_against_one_foe_uses_five_ally_chips_and_foe_chips_one_to_five():
    assert initiative_bag_contents(foe_positions=[1], players=1) == (
        ("ally",) * 5 + ("I", "II", "III", "IV", "V")
    )


def test_solo_against_several_foes_uses_all_seven_foe_chips():
    assert initiative_bag_contents(foe_positions=[1, 2], players=1) == (
        ("ally",) * 5 + ("I", "II", "III", "IV", "V", "VI", "VII")
    )


def test_chips_drawn_a_round_equal_the_players_and_two_in_solo_with_rounds_five_and_four():
    four = initiative_setup(foe_positions=[1, 2], seats=["a", "b", "c", "d"])
    assert (four.draw_per_round, four.rounds_total) == (4, 5)
    two = initiative_setup(foe_positions=[1], seats=["a", "b"])
    assert (two.draw_per_round, two.rounds_total) == (2, 5)
    solo = initiative_setup(foe_positions=[1], seats=["ash"])
    assert (solo.draw_per_round, solo.rounds_total) == (2, 4)


def test_logbook_special_instructions_can_set_the_rounds():
    assert initiative_setup(foe_positions=[1], seats=["ash"], rounds_total=6).rounds_total == 6


def test_a_foe_on_an_occupied_ring_or_an_eighth_foe_is_refused():
    with pytest.raises(RuleViolation, match="already holds a foe"):
        initiative_bag_contents(foe_positions=[1, 1], players=2)
    with pytest.raises(RuleViolation, match="eighth foe"):
        initiative_bag_contents(foe_positions=[1, 2, 3, 4, 5, 6, 7, 1], players=2)
    with pytest.raises(RuleViolation, match="I to VII"):
        initiative_bag_contents(foe_positions=[8], players=2)


def test_player_counts_beyond_the_four_characters_are_refused():
    with pytest.raises(RuleViolation, match="1 to 4"):
        initiative_bag_contents(foe_positions=[1], players=5)


def test_the_round_draw_puts_chips_on_the_stack_in_the_order_drawn():
    setup = initiative_setup(foe_positions=[1, 2], seats=["ash", "flash", "wysp"])
    # Bag sorted: ally, ally, ally, I, II.
    drawn = initiative_draw_round(setup, Picks(4, 0, 2))
    assert drawn.stack == ("II", "ally", "I")
    assert Counter(drawn.bag) == Counter({"ally": 2})
    assert drawn == initiative_draw_round(setup, Picks(4, 0, 2))


def test_the_draw_is_reproducible_with_a_seeded_rng():
    setup = initiative_setup(foe_positions=[1, 3], seats=["ash", "flash"])
    assert initiative_draw_round(setup, random.Random(7)) == initiative_draw_round(
        setup, random.Random(7)
    )


def test_a_new_round_cannot_be_drawn_while_chips_remain_on_the_stack():
    with pytest.raises(RuleViolation, match="still has chips"):
        initiative_draw_round(state(["ally"], bag=["I"]), Picks(0))


def test_an_empty_bag_is_refilled_from_the_discard_and_the_drawing_goes_on():
    before = state([], bag=["I"], discard=["ally", "ally", "II"], draw_per_round=2)
    after = initiative_draw_round(before, Picks(0, 2))
    assert after.stack == ("I", "II")
    assert after.bag == ("ally", "ally")
    assert after.discard == ()


def test_a_draw_from_an_empty_bag_with_an_empty_discard_is_refused():
    with pytest.raises(RuleViolation, match="Bag is empty and so is the Initiative Discard"):
        initiative_draw_round(state([], draw_per_round=1), Picks(0))


def test_an_ally_chip_is_the_active_players_turn_and_passes_the_marker_clockwise():
    current = state(["ally", "ally"], seats=("ash", "flash", "wysp"))
    turn = initiative_whose_turn(current, living_foes={1})
    assert (turn.side, turn.character, turn.key) == ("ally", "ash", "ally:ash")
    after = initiative_end_turn(current, "ally:ash", living_foes={1})
    assert after.active_player == "flash"
    assert after.stack == ("ally",)
    assert after.discard == ("ally",)


def test_a_foe_chip_is_the_turn_of_the_foe_on_that_ring():
    turn = initiative_whose_turn(state(["III"]), living_foes={1, 3})
    assert (turn.side, turn.position, turn.key) == ("foe", 3, "foe:III")


def test_a_kod_foes_chip_goes_to_the_next_foe_in_numerical_order():
    assert initiative_whose_turn(state(["II"]), living_foes={1, 4}).position == 4


def test_example_chip_seven_with_its_foe_kod_wraps_to_the_foe_on_ring_one():
    assert initiative_whose_turn(state(["VII"]), living_foes={1, 3}).position == 1


def test_solo_against_one_foe_the_empty_rings_chips_pass_to_that_foe():
    for chip in ("II", "III", "IV", "V"):
        assert initiative_whose_turn(state([chip], seats=["ash"]), living_foes={1}).position == 1


def test_finishing_a_turn_out_of_initiative_order_is_refused():
    with pytest.raises(RuleViolation, match="out of initiative order.*the foe on ring I"):
        initiative_end_turn(state(["I", "ally"]), "ally:ash", living_foes={1})
    with pytest.raises(RuleViolation, match="out of initiative order.*ash"):
        initiative_end_turn(state(["ally"]), "ally:flash", living_foes={1})


def test_a_finished_foe_turn_leaves_the_active_player_marker_where_it_is():
    after = initiative_end_turn(state(["I", "ally"]), "foe:I", living_foes={1})
    assert after.active_player == "ash"


def test_the_round_ends_when_the_stack_is_empty_and_the_round_marker_moves():
    current = state(["I"], bag=["ally"], discard=["ally"], rounds_total=5)
    after = initiative_end_turn(current, "foe:I", living_foes={1})
    assert after.round_over
    assert after.rounds_finished == 1
    assert after.rounds_left == 4
    assert after.current_round == 2


def test_after_the_last_round_no_more_chips_are_drawn():
    last = state(["I"], bag=["ally"], rounds_total=1)
    over = initiative_end_turn(last, "foe:I", living_foes={1})
    assert over.battle_over
    assert over.current_round is None
    with pytest.raises(RuleViolation, match="battle has ended"):
        initiative_draw_round(over, Picks(0))


def test_a_whole_two_player_round():
    setup = initiative_setup(foe_positions=[1, 2], seats=["ash", "flash"])
    current = initiative_draw_round(setup, Picks(0, 3))  # ally, then II
    current = initiative_end_turn(current, "ally:ash", living_foes={1, 2})
    current = initiative_end_turn(current, "foe:II", living_foes={1, 2})
    assert current.round_over
    assert current.active_player == "flash"
    assert Counter(current.bag) == Counter({"ally": 2, "I": 1})
    assert Counter(current.discard) == Counter({"ally": 1, "II": 1})


def test_a_formation_change_swaps_the_next_chip_with_one_from_the_bag():
    current = state(["ally", "I", "ally"], bag=["II", "III"])
    after = initiative_formation_change(current, Picks(1))
    assert after.stack == ("ally", "III", "ally")
    assert after.bag == ("I", "II")


def test_a_formation_change_by_the_last_chip_in_the_stack_has_no_effect():
    current = state(["ally"], bag=["II", "III"])
    assert initiative_formation_change(current, Picks()) == current


def test_a_formation_change_refills_an_empty_bag_from_the_discard_first():
    current = state(["ally", "I"], bag=[], discard=["II"])
    after = initiative_formation_change(current, Picks(0))
    assert after.stack == ("ally", "II")
    assert after.bag == ("I",)
    assert after.discard == ()


def test_a_formation_change_with_nothing_to_draw_is_refused():
    with pytest.raises(RuleViolation, match="no chip to draw"):
        initiative_formation_change(state(["ally", "I"]), Picks(0))


def test_a_kod_active_player_needs_the_tables_choice():
    current = state(["ally"], seats=("ash", "flash", "wysp"))
    with pytest.raises(RuleViolation, match="table must choose"):
        initiative_whose_turn(current, living_foes={1}, knocked_out_allies={"ash"})
    passed = initiative_whose_turn(
        current,
        living_foes={1},
        knocked_out_allies={"ash"},
        ko_ally_choice=KO_ALLY_NEXT_LIVING,
    )
    assert passed.character == "flash"
    after = initiative_end_turn(
        current,
        "ally:flash",
        living_foes={1},
        knocked_out_allies={"ash"},
        ko_ally_choice=KO_ALLY_NEXT_LIVING,
    )
    assert after.active_player == "wysp"
    spent = initiative_whose_turn(
        current, living_foes={1}, knocked_out_allies={"ash"}, ko_ally_choice=KO_ALLY_CHIP_SPENT
    )
    assert spent.chip_spent and spent.character == "ash"


def test_the_state_round_trips_through_json():
    current = initiative_draw_round(
        initiative_setup(foe_positions=[2, 5], seats=["ash", "flash"]), random.Random(3)
    )
    assert InitiativeState.from_dict(current.to_dict()) == current


def test_the_bag_is_shown_in_a_stable_order():
    assert initiative_setup(foe_positions=[3, 1], seats=["a", "b"]).bag == (
        "ally",
        "ally",
        "ally",
        "I",
        "III",
    )
