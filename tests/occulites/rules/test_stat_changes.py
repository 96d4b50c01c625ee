"""Statistic changes in a campaign (Campaign Rules - Maximum Statistics During a Campaign,
Spending Victory Points - Regaining Lost Defence Points; Scenarios - Advances and
Penalties)."""

import pytest

from campaigns.occulites.catalog.blueprints import StatLine
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.stats import (
    allocate_stat_points,
    defence_regain,
    defence_reset_to_campaign_start,
    figures_with_lowest,
    next_scenario_stats,
    stat_advance,
    stat_loss,
)

BLUEPRINT = StatLine(awareness=2, speed=6, attack=4, defence=4, health=5)


def test_advance_raises_one_statistic():
    assert stat_advance(BLUEPRINT, "speed") == StatLine(2, 7, 4, 4, 5)
    assert stat_advance(BLUEPRINT, "defence", 2) == StatLine(2, 6, 4, 6, 5)


@pytest.mark.parametrize(
    ("stat", "maximum"),
    [("awareness", 3), ("speed", 8), ("attack", 7), ("defence", 7), ("health", 10)],
)
def test_advance_may_reach_but_not_pass_the_campaign_maximum(stat, maximum):
    at_maximum = BLUEPRINT.with_stat(stat, maximum - 1)
    assert stat_advance(at_maximum, stat).get(stat) == maximum
    with pytest.raises(RuleViolation, match=f"can be at most {maximum} during a campaign"):
        stat_advance(at_maximum.with_stat(stat, maximum), stat)


def test_advance_of_zero_or_negative_points_is_refused():
    with pytest.raises(RuleViolation, match="at least 1 point"):
        stat_advance(BLUEPRINT, "speed", 0)
    with pytest.raises(RuleViolation, match="at least 1 point"):
        stat_advance(BLUEPRINT, "speed", -2)


def test_unknown_statistic_is_refused():
    with pytest.raises(RuleViolation, match="'luck' is not a statistic"):
        stat_advance(BLUEPRINT, "luck")


def test_loss_lowers_a_statistic():
    loss = stat_loss(BLUEPRINT, "attack")
    assert loss.stats == StatLine(2, 6, 3, 4, 5)
    assert loss.points_lost == 1


def test_loss_stops_at_one():
    loss = stat_loss(BLUEPRINT.with_stat("defence", 2), "defence", 3)
    assert loss.stats.defence == 1
    assert loss.points_lost == 1
    assert stat_loss(BLUEPRINT.with_stat("defence", 1), "defence").points_lost == 0


def test_loss_of_zero_points_is_refused():
    with pytest.raises(RuleViolation, match="at least 1 point"):
        stat_loss(BLUEPRINT, "attack", 0)


def test_defence_points_shared_among_figures():
    # Scenario 2: "The winner gains 2 Defence points to allocate however they see fit."
    tribe = {"grublic": BLUEPRINT, "mipny": BLUEPRINT}
    shared = allocate_stat_points(tribe, "defence", {"grublic": 1, "mipny": 1}, points=2)
    assert shared["grublic"].defence == shared["mipny"].defence == 5
    both = allocate_stat_points(tribe, "defence", {"grublic": 2}, points=2)
    assert both["grublic"].defence == 6
    assert both["mipny"] == BLUEPRINT


def test_fewer_points_than_offered_may_be_taken():
    # Scenario 1: "award up to 2 Defence points".
    shared = allocate_stat_points({"grublic": BLUEPRINT}, "defence", {"grublic": 1}, points=2)
    assert shared["grublic"].defence == 5


def test_sharing_more_points_than_offered_is_refused():
    with pytest.raises(RuleViolation, match="gives only 2 Defence point"):
        allocate_stat_points(
            {"a": BLUEPRINT, "b": BLUEPRINT}, "defence", {"a": 2, "b": 1}, points=2
        )


def test_shared_points_cannot_pass_the_maximum():
    with pytest.raises(RuleViolation, match="Defence can be at most 7"):
        allocate_stat_points(
            {"a": BLUEPRINT.with_stat("defence", 6)}, "defence", {"a": 2}, points=2
        )


def test_shared_points_go_only_to_the_tribes_figures_and_are_not_negative():
    with pytest.raises(RuleViolation, match="figures of this tribe"):
        allocate_stat_points({"a": BLUEPRINT}, "defence", {"z": 1}, points=2)
    with pytest.raises(RuleViolation, match="cannot be negative"):
        allocate_stat_points({"a": BLUEPRINT, "b": BLUEPRINT}, "defence", {"a": 3, "b": -1}, 2)


def test_lowest_figure_is_found_and_ties_are_offered():
    # Scenario 5: +1 Awareness "to the figure with the lowest Awareness".
    tribe = {
        "grublic": BLUEPRINT.with_stat("awareness", 3),
        "mipny": BLUEPRINT,
        "froog": BLUEPRINT,
    }
    assert figures_with_lowest(tribe, "awareness") == ("mipny", "froog")
    assert figures_with_lowest(tribe, "health") == ("grublic", "mipny", "froog")
    with pytest.raises(RuleViolation, match="no figures"):
        figures_with_lowest({}, "attack")


def test_next_scenario_health_penalty_leaves_the_stored_stats_alone():
    # Scenario 10: "all of your Tribe members start the next game with -1 Health".
    assert next_scenario_stats(BLUEPRINT, {"health": -1}) == StatLine(2, 6, 4, 4, 4)
    assert BLUEPRINT.health == 5


def test_next_scenario_penalty_still_starts_with_at_least_one():
    # Scenario 4: a destroyed Chief starts the next scenario with -2 Health.
    assert next_scenario_stats(BLUEPRINT.with_stat("health", 2), {"health": -2}).health == 1


def test_next_scenario_modifier_must_name_a_statistic():
    with pytest.raises(RuleViolation, match="not a statistic"):
        next_scenario_stats(BLUEPRINT, {"hand_limit": -1})


def test_defence_regained_at_one_vp_a_point():
    regain = defence_regain(
        current_defence=2, defence_before_scenario=4, points=2, available_spend_total=5
    )
    assert regain.vp_cost == 2
    assert regain.defence_after == 4


def test_defence_regained_only_up_to_its_value_before_the_scenario():
    with pytest.raises(RuleViolation, match="only be regained up to 4, its value before"):
        defence_regain(
            current_defence=3, defence_before_scenario=4, points=2, available_spend_total=5
        )


def test_unaffordable_defence_regain_is_refused():
    with pytest.raises(RuleViolation, match="costs 2 VP but the Available Spend Total is 1"):
        defence_regain(
            current_defence=2, defence_before_scenario=4, points=2, available_spend_total=1
        )


def test_defence_regain_of_no_points_or_from_a_negative_total_is_refused():
    with pytest.raises(RuleViolation, match="at least 1 Defence"):
        defence_regain(
            current_defence=2, defence_before_scenario=4, points=0, available_spend_total=5
        )
    with pytest.raises(RuleViolation, match="never be negative"):
        defence_regain(
            current_defence=2, defence_before_scenario=4, points=1, available_spend_total=-1
        )


def test_podmothine_resets_low_defence_to_its_campaign_start():
    # Scenario 7 - Advances: only Defence below the campaign-start value is reset.
    assert defence_reset_to_campaign_start(current_defence=2, campaign_start_defence=4) == 4
    assert defence_reset_to_campaign_start(current_defence=6, campaign_start_defence=4) == 6
