"""Set-up - Level Tracker, XP Tracker & Training Points; Characters - Character Mat (AGI):
a level per 10 XP, one training point per level, AGI +1 every third level."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.kinship import (
    XpGain,
    agi_from_levels,
    is_agi_level,
    kinship_gain_xp,
    kinship_level,
    training_points_gained,
    xp_into_level,
    xp_to_next_level,
)


@pytest.mark.parametrize(
    ("xp", "level"), [(0, 0), (9, 0), (10, 1), (11, 1), (19, 1), (20, 2), (99, 9), (100, 10)]
)
def test_a_level_for_every_10_xp(xp, level):
    assert kinship_level(xp) == level


@pytest.mark.parametrize(
    ("xp", "to_next", "into"), [(0, 10, 0), (9, 1, 9), (10, 10, 0), (11, 9, 1)]
)
def test_xp_to_the_next_level(xp, to_next, into):
    assert xp_to_next_level(xp) == to_next
    assert xp_into_level(xp) == into


def test_one_training_point_per_level_gained():
    assert training_points_gained(9, 10) == 1
    assert training_points_gained(0, 9) == 0
    assert training_points_gained(10, 11) == 0
    assert training_points_gained(5, 37) == 3


def test_negative_xp_is_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        kinship_level(-1)
    with pytest.raises(RuleViolation, match="XP earned cannot be negative"):
        kinship_gain_xp(10, -2)
    with pytest.raises(RuleViolation, match="never taken away"):
        training_points_gained(12, 8)


def test_gaining_xp_reports_levels_points_and_agi():
    assert kinship_gain_xp(28, 14) == XpGain(
        xp_before=28,
        xp_after=42,
        level_before=2,
        level_after=4,
        training_points_gained=2,
        agi_gained=1,
    )
    assert kinship_gain_xp(28, 14).levels_gained == 2


def test_power_level_battle_can_jump_many_levels():
    gain = kinship_gain_xp(0, 72)
    assert (gain.level_after, gain.training_points_gained, gain.agi_gained) == (7, 7, 2)


@pytest.mark.parametrize(
    ("level", "agi"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3), (12, 4)]
)
def test_agi_rises_by_one_every_third_level(level, agi):
    assert agi_from_levels(level) == agi


def test_green_levels_are_every_third():
    assert [level for level in range(13) if is_agi_level(level)] == [3, 6, 9, 12]
    with pytest.raises(RuleViolation):
        agi_from_levels(-1)
