"""Building a tribe: starting blueprints, Evolutionary Adjustments and stand-alone levels."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.occulites.catalog.blueprints import (
    EVOLUTIONARY_ADJUSTMENT_TOTALS,
    MAX_EVOLUTIONARY_ADJUSTMENTS,
    STARTING_GENETIC_BLUEPRINT,
    STAT_NAMES,
    STATS,
    TRIBE_SIZE,
    StatLine,
)
from campaigns.occulites.catalog.stand_alone import TRIBE_LEVELS, TribeLevel
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.stats import check_stat, check_within_campaign_maximum


@dataclass(frozen=True)
class EvolutionaryAdjustment:
    """One point of a statistic taken from one Occulite and given to another."""

    stat: str
    from_occulite: str
    to_occulite: str


@dataclass(frozen=True)
class LevelAllocation:
    """A stand-alone tribe after its level's statistic points are placed: the blueprints,
    the points left unplaced, and the points it has for Learned Abilities."""

    blueprints: Mapping[str, StatLine]
    unspent: Mapping[str, int]
    ability_points: int


def starting_blueprints(occulite_keys: Sequence[str]) -> Mapping[str, StatLine]:
    """Five Occulites, each with the starting Genetic Blueprint (AW 2, S 6, A 4, D 4, H 5).

    Your Tribe... Just Your Average Occulite - Genetic Blueprints.
    """
    if len(occulite_keys) != TRIBE_SIZE or len(set(occulite_keys)) != TRIBE_SIZE:
        raise RuleViolation(f"A tribe starts with {TRIBE_SIZE} different Occulites")
    return MappingProxyType({key: STARTING_GENETIC_BLUEPRINT.stats for key in occulite_keys})


def apply_evolutionary_adjustments(
    blueprints: Mapping[str, StatLine], adjustments: Sequence[EvolutionaryAdjustment]
) -> Mapping[str, StatLine]:
    """Make up to 5 Evolutionary Adjustments, each moving 1 point of a statistic from one
    Occulite to the same statistic of another, never leaving a statistic below 1 (nor,
    since the tribe is balanced against them, above the campaign maxima).

    Layer Three - Advanced Tribe Creation - Evolutionary Adjustments; Stand Alone Games.
    """
    if len(adjustments) > MAX_EVOLUTIONARY_ADJUSTMENTS:
        raise RuleViolation(
            f"A tribe may make at most {MAX_EVOLUTIONARY_ADJUSTMENTS} Evolutionary Adjustments"
        )
    adjusted = dict(blueprints)
    for adjustment in adjustments:
        check_stat(adjustment.stat)
        if adjustment.from_occulite not in adjusted or adjustment.to_occulite not in adjusted:
            raise RuleViolation(
                "An Evolutionary Adjustment moves a point between Occulites of this tribe"
            )
        if adjustment.from_occulite == adjustment.to_occulite:
            raise RuleViolation("An Evolutionary Adjustment moves a point to a different Occulite")
        giver = adjusted[adjustment.from_occulite]
        taker = adjusted[adjustment.to_occulite]
        given = giver.get(adjustment.stat) - 1
        taken = taker.get(adjustment.stat) + 1
        check_within_campaign_maximum(adjustment.stat, given, stand_alone=True)
        check_within_campaign_maximum(adjustment.stat, taken, stand_alone=True)
        adjusted[adjustment.from_occulite] = giver.with_stat(adjustment.stat, given)
        adjusted[adjustment.to_occulite] = taker.with_stat(adjustment.stat, taken)
    return MappingProxyType(adjusted)


def check_evolutionary_totals(blueprints: Mapping[str, StatLine]) -> None:
    """Check the tribe's blueprints add up to AW 10, S 30, A 20, D 20, H 25.

    Layer Three - Advanced Tribe Creation - Evolutionary Adjustments.
    """
    for stat in STATS:
        expected = EVOLUTIONARY_ADJUSTMENT_TOTALS.stats.get(stat)
        total = sum(stats.get(stat) for stats in blueprints.values())
        if total != expected:
            raise RuleViolation(
                f"{STAT_NAMES[stat]} should add up to {expected} across the tribe, not {total}"
            )


def tribe_level(key: str) -> TribeLevel:
    """The catalogue entry for a stand-alone tribe level, refused if unknown."""
    try:
        return TRIBE_LEVELS[key]
    except KeyError:
        raise RuleViolation(f"'{key}' is not a tribe level (New to Legendary)") from None


def allocate_level_points(
    level_key: str,
    blueprints: Mapping[str, StatLine],
    allocation: Mapping[str, Mapping[str, int]],
) -> LevelAllocation:
    """Place a stand-alone level's Speed, Attack, Defence and Health points on any
    Occulites, within the campaign maxima; ``allocation`` maps Occulite -> statistic ->
    points. Points not placed are reported as unspent.

    Stand Alone Games (New, Young, Experienced, Veteran, Legendary Tribe).
    """
    level = tribe_level(level_key)
    placed = dict.fromkeys(STATS, 0)
    updated = dict(blueprints)
    for occulite_key, points_by_stat in allocation.items():
        if occulite_key not in updated:
            raise RuleViolation("Level points go to Occulites of this tribe")
        for stat, points in points_by_stat.items():
            check_stat(stat)
            if points < 0:
                raise RuleViolation("Level points placed cannot be negative")
            placed[stat] += points
            value = updated[occulite_key].get(stat) + points
            check_within_campaign_maximum(stat, value, stand_alone=True)
            updated[occulite_key] = updated[occulite_key].with_stat(stat, value)
    for stat in STATS:
        if placed[stat] > level.stat_points(stat):
            article = "An" if level.name[:1] in "AEIOU" else "A"
            raise RuleViolation(
                f"{article} {level.name} has {level.stat_points(stat)} {STAT_NAMES[stat]} "
                f"points to place, not {placed[stat]}"
            )
    return LevelAllocation(
        blueprints=MappingProxyType(updated),
        unspent=MappingProxyType({stat: level.stat_points(stat) - placed[stat] for stat in STATS}),
        ability_points=level.ability_points,
    )
