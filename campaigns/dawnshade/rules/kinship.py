"""The Kinship's XP, level and training points, and the AGI every third level brings.

Set-up - Level Tracker, XP Tracker & Training Points; Characters - Character Mat (AGI).
"""

from dataclasses import dataclass

from campaigns.dawnshade.rules.errors import RuleViolation

XP_PER_LEVEL = 10
TRAINING_POINTS_PER_LEVEL = 1
# AGI rises by one by itself on every third level (the green spaces on the Level Tracker).
LEVELS_PER_AGI = 3
STARTING_XP = 0
STARTING_LEVEL = 0


def _check_xp(xp: int) -> None:
    if xp < 0:
        raise RuleViolation("The Kinship's XP cannot be negative")


def kinship_level(xp: int) -> int:
    """The Kinship's level: one level for every 10 XP, starting from level 0."""
    _check_xp(xp)
    return xp // XP_PER_LEVEL


def xp_to_next_level(xp: int) -> int:
    """How much more XP the Kinship needs for its next level (1-10)."""
    _check_xp(xp)
    return XP_PER_LEVEL - xp % XP_PER_LEVEL


def xp_into_level(xp: int) -> int:
    """XP earned since the last level-up (0-9): the filled part of the Väki Mat's bar."""
    _check_xp(xp)
    return xp % XP_PER_LEVEL


def training_points_gained(xp_before: int, xp_after: int) -> int:
    """Training points the Kinship earns going from ``xp_before`` to ``xp_after``: one per
    level gained. XP only grows, so a lower ``xp_after`` is refused."""
    _check_xp(xp_before)
    _check_xp(xp_after)
    if xp_after < xp_before:
        raise RuleViolation("The Kinship gains XP; it is never taken away")
    return (kinship_level(xp_after) - kinship_level(xp_before)) * TRAINING_POINTS_PER_LEVEL


def agi_from_levels(level: int) -> int:
    """How much AGI a character has gained from the Kinship's level: +1 at levels 3, 6, 9..."""
    if level < 0:
        raise RuleViolation("The Kinship's level cannot be negative")
    return level // LEVELS_PER_AGI


def is_agi_level(level: int) -> bool:
    """True for the green levels on the Level Tracker, where every character gains 1 AGI."""
    return level > 0 and level % LEVELS_PER_AGI == 0


@dataclass(frozen=True)
class XpGain:
    """What a gain of XP does to the Väki Mat."""

    xp_before: int
    xp_after: int
    level_before: int
    level_after: int
    training_points_gained: int
    agi_gained: int

    @property
    def levels_gained(self) -> int:
        return self.level_after - self.level_before


def kinship_gain_xp(xp: int, gained: int) -> XpGain:
    """Add ``gained`` XP to the Kinship's ``xp``: the levels, training points and AGI it brings.

    XP is earned collectively, in the Earn Rewards phase; a negative gain is refused.
    """
    _check_xp(xp)
    if gained < 0:
        raise RuleViolation("XP earned cannot be negative")
    after = xp + gained
    level_before = kinship_level(xp)
    level_after = kinship_level(after)
    return XpGain(
        xp_before=xp,
        xp_after=after,
        level_before=level_before,
        level_after=level_after,
        training_points_gained=training_points_gained(xp, after),
        agi_gained=agi_from_levels(level_after) - agi_from_levels(level_before),
    )
