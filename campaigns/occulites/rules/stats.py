"""Statistic changes during a campaign: advances, losses, Defence regained."""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.occulites.catalog.blueprints import (
    CAMPAIGN_MAXIMUM_STATS,
    STAT_MINIMUM,
    STAT_NAMES,
    STATS,
    StatLine,
)
from campaigns.occulites.rules.errors import RuleViolation

# "You may spend Victory Points ... on a 1:1 basis" (Campaign Rules - Spending Victory Points).
DEFENCE_REGAIN_VP_PER_POINT = 1


@dataclass(frozen=True)
class StatLoss:
    """A statistic lowered by a penalty: the new line and how much actually came off."""

    stats: StatLine
    points_lost: int


@dataclass(frozen=True)
class DefenceRegain:
    """Defence bought back after a scenario: points, their VP cost and the new Defence."""

    points: int
    vp_cost: int
    defence_after: int


def check_stat(stat: str) -> None:
    """Refuse a name that is not one of the five statistics (Genetic Blueprints)."""
    if stat not in STATS:
        raise RuleViolation(
            f"'{stat}' is not a statistic (Awareness, Speed, Attack, Defence or Health)"
        )


def check_within_campaign_maximum(stat: str, value: int, *, stand_alone: bool = False) -> None:
    """Refuse a statistic above its campaign maximum or below 1.

    Campaign Rules - Maximum Statistics During a Campaign (AW 3, S 8, A 7, D 7, H 10);
    Stand Alone Games refer to the same table to keep a tribe balanced (``stand_alone``
    words the refusal for a tribe built outside a campaign).
    """
    maximum = CAMPAIGN_MAXIMUM_STATS.stats.get(stat)
    if value > maximum:
        if stand_alone:
            raise RuleViolation(
                f"{STAT_NAMES[stat]} can be at most {maximum}: a stand-alone tribe keeps to "
                "the Campaign Maximum Statistics to stay balanced"
            )
        raise RuleViolation(f"{STAT_NAMES[stat]} can be at most {maximum} during a campaign")
    if value < STAT_MINIMUM:
        raise RuleViolation(f"{STAT_NAMES[stat]} can never go below {STAT_MINIMUM}")


def stat_advance(stats: StatLine, stat: str, amount: int = 1) -> StatLine:
    """Raise one statistic by a scenario advance, refusing to pass the campaign maximum.

    Campaign Rules - Maximum Statistics During a Campaign; Scenarios - Advances.
    """
    check_stat(stat)
    if amount < 1:
        raise RuleViolation("An advance adds at least 1 point")
    value = stats.get(stat) + amount
    check_within_campaign_maximum(stat, value)
    return stats.with_stat(stat, value)


def stat_loss(stats: StatLine, stat: str, amount: int = 1) -> StatLoss:
    """Lower one statistic by a penalty; it stops at 1 rather than going below.

    Campaign Rules - Losing Figures in a Scenario ("can never reduce a statistic to less
    than 1"); Layer One - Advanced Combat Table ("Defence can never be reduced below 1").
    """
    check_stat(stat)
    if amount < 1:
        raise RuleViolation("A penalty takes away at least 1 point")
    value = max(STAT_MINIMUM, stats.get(stat) - amount)
    return StatLoss(stats=stats.with_stat(stat, value), points_lost=stats.get(stat) - value)


def allocate_stat_points(
    stats_by_figure: Mapping[str, StatLine],
    stat: str,
    allocation: Mapping[str, int],
    points: int,
) -> Mapping[str, StatLine]:
    """Share an advance's points of one statistic among figures, e.g. "2 Defence points to
    allocate however they see fit" (Scenario 2), "up to 2 Defence points" (Scenario 1).

    Scenarios - Advances; Campaign Rules - Maximum Statistics During a Campaign.
    """
    check_stat(stat)
    if any(amount < 0 for amount in allocation.values()):
        raise RuleViolation("Points given to a figure cannot be negative")
    unknown = set(allocation) - set(stats_by_figure)
    if unknown:
        raise RuleViolation("Points can only go to figures of this tribe")
    given = sum(allocation.values())
    if given > points:
        raise RuleViolation(
            f"This advance gives only {points} {STAT_NAMES[stat]} point(s), not {given}"
        )
    updated = dict(stats_by_figure)
    for figure, amount in allocation.items():
        if amount:
            updated[figure] = stat_advance(updated[figure], stat, amount)
    return MappingProxyType(updated)


def figures_with_lowest(stats_by_figure: Mapping[str, StatLine], stat: str) -> tuple[str, ...]:
    """The figures an advance "to the figure with the lowest ..." may go to; on a tie the
    player picks among them (Scenario 4 - lowest Attack, Scenario 5 - lowest Awareness)."""
    check_stat(stat)
    if not stats_by_figure:
        raise RuleViolation("The tribe has no figures to choose from")
    lowest = min(stats.get(stat) for stats in stats_by_figure.values())
    return tuple(figure for figure, stats in stats_by_figure.items() if stats.get(stat) == lowest)


def next_scenario_stats(stats: StatLine, modifiers: Mapping[str, int]) -> StatLine:
    """The statistics a figure starts its next scenario with, under next-scenario-only
    penalties such as "-1 Health next game" (Scenarios 4, 5 and 10 - Penalties).

    The stored statistics do not change. A figure still starts with at least 1 in each
    statistic: the rulebook does not say what a penalty larger than the statistic does.
    """
    for stat in modifiers:
        check_stat(stat)
    return StatLine(
        *(max(STAT_MINIMUM, stats.get(stat) + modifiers.get(stat, 0)) for stat in STATS)
    )


def defence_regain(
    current_defence: int,
    defence_before_scenario: int,
    points: int,
    available_spend_total: int,
) -> DefenceRegain:
    """Buy back Defence lost in the scenario just played, 1 VP a point, up to what it was
    before that scenario.

    Campaign Rules - Spending Victory Points - Regaining Lost Defence Points; Layer One -
    Dynamic Defence.
    """
    if points < 1:
        raise RuleViolation("Regain at least 1 Defence point")
    if available_spend_total < 0:
        raise RuleViolation("The Available Spend Total can never be negative")
    defence_after = current_defence + points
    if defence_after > defence_before_scenario:
        raise RuleViolation(
            f"Defence can only be regained up to {defence_before_scenario}, its value before "
            "the scenario"
        )
    vp_cost = points * DEFENCE_REGAIN_VP_PER_POINT
    if vp_cost > available_spend_total:
        raise RuleViolation(
            f"Regaining {points} Defence costs {vp_cost} VP but the Available Spend Total is "
            f"{available_spend_total}"
        )
    return DefenceRegain(points=points, vp_cost=vp_cost, defence_after=defence_after)


def defence_reset_to_campaign_start(current_defence: int, campaign_start_defence: int) -> int:
    """An Occulite's Defence after Scenario 7's advance: back up to its campaign-start value
    if it is lower, unchanged otherwise (Scenario 7: The Podmothine - Advances)."""
    return max(current_defence, campaign_start_defence)
