"""Building a tribe (Layer Three - Advanced Tribe Creation - Evolutionary Adjustments;
Stand Alone Games)."""

import pytest

from campaigns.occulites.catalog.blueprints import StatLine
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe_builder import (
    EvolutionaryAdjustment,
    allocate_level_points,
    apply_evolutionary_adjustments,
    check_evolutionary_totals,
    starting_blueprints,
)

TRIBE = ("pronflub", "grublic", "mipny", "froog", "zorb")


def test_tribe_starts_with_five_genetic_blueprints():
    blueprints = starting_blueprints(TRIBE)
    assert set(blueprints) == set(TRIBE)
    assert all(stats == StatLine(2, 6, 4, 4, 5) for stats in blueprints.values())
    check_evolutionary_totals(blueprints)


def test_tribe_needs_five_different_occulites():
    with pytest.raises(RuleViolation, match="starts with 5 different Occulites"):
        starting_blueprints(TRIBE[:4])
    with pytest.raises(RuleViolation, match="starts with 5 different Occulites"):
        starting_blueprints((*TRIBE, "sixth"))
    with pytest.raises(RuleViolation, match="starts with 5 different Occulites"):
        starting_blueprints((*TRIBE[:4], "pronflub"))


def test_pronflub_example_front_line_attacker():
    # Layer Three, worked example: Pronflub gives one Speed to Grublic, takes an Attack from
    # Mipny, gives a Defence to and takes a Health from Froog: 4 of the 5 adjustments.
    adjustments = [
        EvolutionaryAdjustment("speed", "pronflub", "grublic"),
        EvolutionaryAdjustment("attack", "mipny", "pronflub"),
        EvolutionaryAdjustment("defence", "pronflub", "froog"),
        EvolutionaryAdjustment("health", "froog", "pronflub"),
    ]
    tribe = apply_evolutionary_adjustments(starting_blueprints(TRIBE), adjustments)
    # "His Defence is lower than normal, but he can take an additional hit by having 6 Health."
    assert tribe["pronflub"] == StatLine(awareness=2, speed=5, attack=5, defence=3, health=6)
    assert tribe["grublic"].speed == 7
    assert tribe["mipny"].attack == 3
    assert tribe["froog"] == StatLine(awareness=2, speed=6, attack=4, defence=5, health=4)
    assert tribe["zorb"] == StatLine(2, 6, 4, 4, 5)
    # "check that your Genetic Blueprints add up correctly": 10 / 30 / 20 / 20 / 25.
    check_evolutionary_totals(tribe)


def test_no_adjustment_is_allowed():
    assert apply_evolutionary_adjustments(starting_blueprints(TRIBE), []) == starting_blueprints(
        TRIBE
    )


def test_five_adjustments_are_allowed_and_a_sixth_is_refused():
    move = EvolutionaryAdjustment("health", "zorb", "froog")
    tribe = apply_evolutionary_adjustments(starting_blueprints(TRIBE), [move] * 4)
    assert (tribe["zorb"].health, tribe["froog"].health) == (1, 9)
    with pytest.raises(RuleViolation, match="at most 5 Evolutionary Adjustments"):
        apply_evolutionary_adjustments(starting_blueprints(TRIBE), [move] * 6)


def test_adjustment_never_leaves_a_statistic_below_one():
    move = EvolutionaryAdjustment("awareness", "zorb", "froog")
    other = EvolutionaryAdjustment("awareness", "zorb", "mipny")
    with pytest.raises(RuleViolation, match="Awareness can never go below 1"):
        apply_evolutionary_adjustments(starting_blueprints(TRIBE), [move, other])


def test_adjustment_is_kept_within_the_campaign_maximum():
    move = EvolutionaryAdjustment("awareness", "zorb", "froog")
    other = EvolutionaryAdjustment("awareness", "mipny", "froog")
    with pytest.raises(RuleViolation, match="Awareness can be at most 3"):
        apply_evolutionary_adjustments(starting_blueprints(TRIBE), [move, other])


def test_adjustment_between_the_same_or_unknown_occulites_is_refused():
    with pytest.raises(RuleViolation, match="to a different Occulite"):
        apply_evolutionary_adjustments(
            starting_blueprints(TRIBE), [EvolutionaryAdjustment("speed", "zorb", "zorb")]
        )
    with pytest.raises(RuleViolation, match="between Occulites of this tribe"):
        apply_evolutionary_adjustments(
            starting_blueprints(TRIBE), [EvolutionaryAdjustment("speed", "zorb", "nobody")]
        )
    with pytest.raises(RuleViolation, match="not a statistic"):
        apply_evolutionary_adjustments(
            starting_blueprints(TRIBE), [EvolutionaryAdjustment("luck", "zorb", "froog")]
        )


def test_blueprints_that_do_not_add_up_are_refused():
    tribe = dict(starting_blueprints(TRIBE))
    tribe["zorb"] = StatLine(2, 7, 4, 4, 5)
    with pytest.raises(RuleViolation, match="Speed should add up to 30 across the tribe, not 31"):
        check_evolutionary_totals(tribe)


def test_experienced_tribe_places_its_points():
    # Stand Alone Games: +3 Speed, +2 Attack, +2 Defence, +3 Health, 5 ability points.
    allocation = {
        "pronflub": {"speed": 2, "attack": 2},
        "grublic": {"speed": 1, "defence": 2, "health": 3},
    }
    level = allocate_level_points("experienced", starting_blueprints(TRIBE), allocation)
    assert level.blueprints["pronflub"] == StatLine(2, 8, 6, 4, 5)
    assert level.blueprints["grublic"] == StatLine(2, 7, 4, 6, 8)
    assert dict(level.unspent) == {
        "awareness": 0,
        "speed": 0,
        "attack": 0,
        "defence": 0,
        "health": 0,
    }
    assert level.ability_points == 5


def test_points_left_unplaced_are_reported():
    level = allocate_level_points("legendary", starting_blueprints(TRIBE), {"zorb": {"speed": 2}})
    assert level.unspent["speed"] == 5
    assert level.unspent["attack"] == 6
    assert level.ability_points == 11


@pytest.mark.parametrize(
    ("level_key", "ability_points"),
    [("new", 0), ("young", 2), ("experienced", 5), ("veteran", 8), ("legendary", 11)],
)
def test_each_level_gives_its_learned_ability_points(level_key, ability_points):
    level = allocate_level_points(level_key, starting_blueprints(TRIBE), {})
    assert level.ability_points == ability_points


def test_placing_more_points_than_the_level_gives_is_refused():
    with pytest.raises(RuleViolation, match="A Veteran Tribe has 4 Attack points to place, not 5"):
        allocate_level_points(
            "veteran",
            starting_blueprints(TRIBE),
            {"zorb": {"attack": 3}, "froog": {"attack": 2}},
        )
    with pytest.raises(RuleViolation, match="A New Tribe has 0 Speed points"):
        allocate_level_points("new", starting_blueprints(TRIBE), {"zorb": {"speed": 1}})


def test_level_gives_no_awareness_points():
    with pytest.raises(RuleViolation, match="has 0 Awareness points"):
        allocate_level_points("legendary", starting_blueprints(TRIBE), {"zorb": {"awareness": 1}})


def test_level_points_respect_the_campaign_maximum():
    # "refer to the Campaign Maximum Statistics Table to ensure ... balanced".
    with pytest.raises(RuleViolation, match="Speed can be at most 8"):
        allocate_level_points("veteran", starting_blueprints(TRIBE), {"zorb": {"speed": 3}})


def test_bad_level_allocations_are_refused():
    with pytest.raises(RuleViolation, match="not a tribe level"):
        allocate_level_points("godlike", starting_blueprints(TRIBE), {})
    with pytest.raises(RuleViolation, match="cannot be negative"):
        allocate_level_points("veteran", starting_blueprints(TRIBE), {"zorb": {"speed": -1}})
    with pytest.raises(RuleViolation, match="Occulites of this tribe"):
        allocate_level_points("veteran", starting_blueprints(TRIBE), {"nobody": {"speed": 1}})
