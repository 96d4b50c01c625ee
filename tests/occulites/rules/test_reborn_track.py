"""The Reborn Track: where a killed figure is placed and its way back to the Home Cave."""

import pytest

from campaigns.occulites.rules.combat_tables import (
    CombatLoss,
    apply_combat_loss,
    resolve_combat,
)
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.reborn_track import (
    PRINTED_REBORN_POSITIONS,
    RebornTrack,
    advance_on_reborn_track,
    place_on_reborn_track,
    printed_reborn_position,
    reborn_track_position,
    wounds_past_zero,
)


def test_reborn_track_example_grublic_goes_to_space_3():
    # Layer Two, The Reborn Track: "Grublic had 1 Health left and lost 2 Health, he would
    # have taken 1 wound past 0, plus the 2 for actually dying, which would equal 3."
    wounds = wounds_past_zero(health_before=1, health_lost=2)
    assert wounds == 1
    assert reborn_track_position(wounds) == 3


def test_reborn_track_example_through_the_combat_table():
    after = apply_combat_loss(1, 4, CombatLoss(health=2))
    assert reborn_track_position(after.wounds_past_zero) == 3


def test_dying_exactly_at_zero_goes_to_space_2():
    assert reborn_track_position(wounds_past_zero(2, 2)) == 2


def test_the_5_space_is_the_maximum():
    assert reborn_track_position(3) == 5
    assert reborn_track_position(9) == 5


def test_a_figure_beaten_four_times_over_goes_to_space_5():
    result = resolve_combat(1, 0)
    assert result.options[0].defender.killed_outright
    assert printed_reborn_position("quadrupled_in_combat") == 5


@pytest.mark.parametrize(
    ("cause", "position"),
    [
        ("sucked_under_swamp", 1),
        ("tree_is_alive", 2),
        ("swept_off_the_board", 3),
        ("burnt_alive", 4),
        ("puscual_brutal", 4),
        ("quadrupled_in_combat", 5),
    ],
)
def test_terrain_and_predator_deaths_use_their_printed_spaces(cause, position):
    assert printed_reborn_position(cause) == position
    assert PRINTED_REBORN_POSITIONS[cause].source


def test_an_unprinted_death_is_refused():
    with pytest.raises(RuleViolation, match="prints no Reborn Track space"):
        printed_reborn_position("eaten_by_nymphlets")


def test_rebirth_by_agreement_places_the_figure_one_space_further():
    # The Reborn Track: Rebirth without a Home Cave, by agreement with the opponent
    assert reborn_track_position(1, reborn_by_agreement=True) == 4
    assert printed_reborn_position("sucked_under_swamp", reborn_by_agreement=True) == 2


def test_rebirth_by_agreement_still_stops_at_space_5():
    assert reborn_track_position(3, reborn_by_agreement=True) == 5


def test_wounds_past_zero_refuses_a_figure_still_alive():
    with pytest.raises(RuleViolation, match="still has Health left"):
        wounds_past_zero(health_before=3, health_lost=2)


def test_wounds_past_zero_refuses_a_figure_with_no_health():
    with pytest.raises(RuleViolation, match="no Health left"):
        wounds_past_zero(health_before=0, health_lost=2)


def test_reborn_track_position_refuses_negative_wounds():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        reborn_track_position(-1)


def test_a_reborn_action_moves_the_figure_one_space():
    # Advanced Actions, Reborn: give up all actions and move one space along
    track = place_on_reborn_track(RebornTrack(), "Grublic", 3)
    move = advance_on_reborn_track(track, "Grublic")
    assert (move.from_position, move.to_position, move.reborn) == (3, 2, False)
    assert move.track.positions == {"Grublic": 2}


def test_a_tribal_token_moves_an_occulite_one_extra_space():
    # Chief Occulite: "Advance an Occulite 1 extra space on the Reborn Track"
    track = place_on_reborn_track(RebornTrack(), "Grublic", 3)
    assert advance_on_reborn_track(track, "Grublic", tribal_token=True).to_position == 1


def test_reaching_space_0_puts_the_figure_back_in_its_home_cave():
    track = place_on_reborn_track(RebornTrack(), "Grublic", 1)
    move = advance_on_reborn_track(track, "Grublic", tribal_token=True)
    assert move.to_position == 0
    assert move.reborn
    assert "Grublic" not in move.track.positions


def test_a_figure_already_on_the_track_cannot_be_placed_again():
    track = place_on_reborn_track(RebornTrack(), "Grublic", 3)
    with pytest.raises(RuleViolation, match="already on the Reborn Track"):
        place_on_reborn_track(track, "Grublic", 2)


def test_a_place_off_the_track_is_refused():
    with pytest.raises(RuleViolation, match="from 1 to 5"):
        place_on_reborn_track(RebornTrack(), "Grublic", 6)


def test_advancing_a_figure_not_on_the_track_is_refused():
    with pytest.raises(RuleViolation, match="not on the Reborn Track"):
        advance_on_reborn_track(RebornTrack(), "Grublic")


def test_a_podmothine_tentacle_shares_the_track():
    # Creatures and Predators, Podmothine: Reborn (Podmothine) uses the same track
    track = place_on_reborn_track(RebornTrack(), "Grublic", 3)
    track = place_on_reborn_track(track, "Tentacle 2", reborn_track_position(0))
    assert track.positions == {"Grublic": 3, "Tentacle 2": 2}


def test_the_track_survives_a_round_trip_through_a_dict():
    track = place_on_reborn_track(RebornTrack(), "Grublic", 3)
    assert RebornTrack.from_dict(track.to_dict()) == track
