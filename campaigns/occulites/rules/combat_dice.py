"""A side of a combat: the stat its dice are checked against, its rerolls, and its roll.

Sources: Combat in Dawn (Step 9), Core Rules (Charging; Stand Up: when a figure is Prone),
Combat Involving Multiple Figures (gang-up rerolls), Hydris Tribes (Hunting Net).
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from campaigns.occulites.rules.combat_cards import (
    BoostPlay,
    CombatCard,
    DiceCount,
    Purpose,
    combat_dice_count,
)
from campaigns.occulites.rules.dice import DiceRoll, enter_dice, roll_dice
from campaigns.occulites.rules.errors import RuleViolation

FULL_SPEED_CHARGE_REROLLS = 1
HUNTING_NET_REROLLS = 2


def prone_stat(stat: int) -> int:
    """Core Rules, when a figure is Prone: Attack and Defence are halved, rounding down, min 1."""
    if stat < 0:
        raise RuleViolation("A stat cannot be negative")
    return max(1, stat // 2)


@dataclass(frozen=True)
class SupportingFigure:
    """A friendly figure adjacent to the same enemy; `stat` is its Attack or Defence."""

    stat: int
    prone: bool = False


@dataclass(frozen=True)
class RerollSources:
    """Where a side's rerolls come from.

    `full_speed_charge`: the attacker charged its full Speed (Core Rules, Charging).
    `supporting`: gang-up figures (Combat Involving Multiple Figures).
    `hunting_net`: the Netter's throw has 2 free rerolls (Hydris Tribes, Hunting Net).
    `free`: any other number an ability or effect grants.
    """

    full_speed_charge: bool = False
    supporting: tuple[SupportingFigure, ...] = ()
    hunting_net: bool = False
    free: int = 0


def gang_up_rerolls(supporting: Sequence[SupportingFigure]) -> int:
    """Combat Involving Multiple Figures: rerolls equal to the supporters' combined stat.

    A Prone figure may not contribute to a Gangup (Core Rules, when a figure is Prone).
    """
    for figure in supporting:
        if figure.prone:
            raise RuleViolation("A Prone figure may not contribute to a Gangup")
        if figure.stat < 0:
            raise RuleViolation("A stat cannot be negative")
    return sum(figure.stat for figure in supporting)


def reroll_allowance(sources: RerollSources, purpose: Purpose) -> int:
    """How many rerolls a side has (Charging; Combat Involving Multiple Figures; Hunting Net)."""
    if purpose is Purpose.DEFENCE and sources.full_speed_charge:
        raise RuleViolation("Only the attacker gets the full-speed Charge reroll")
    if purpose is Purpose.DEFENCE and sources.hunting_net:
        raise RuleViolation("Only the Netter throwing the Hunting Net gets its 2 free rerolls")
    if sources.free < 0:
        raise RuleViolation("The number of rerolls cannot be negative")
    return (
        FULL_SPEED_CHARGE_REROLLS * sources.full_speed_charge
        + gang_up_rerolls(sources.supporting)
        + HUNTING_NET_REROLLS * sources.hunting_net
        + sources.free
    )


@dataclass(frozen=True)
class CombatSide:
    """What one side brings to a combat.

    `stat` is the figure's Attack (attacker) or Defence (defender) before Prone; `opening`
    is the "Opening" card effect (each 0 counts as two successes, Combat Example); `lucky`
    is the Lucky ability (it may reroll a die twice, General Ability Pool).
    """

    stat: int
    card: CombatCard
    boosts: tuple[BoostPlay, ...] = ()
    prone: bool = False
    opening: bool = False
    rerolls: RerollSources = RerollSources()
    lucky: bool = False


@dataclass(frozen=True)
class SidePlan:
    """A side ready to roll: its dice, the stat they are checked against, its rerolls."""

    purpose: Purpose
    dice_count: DiceCount
    stat: int
    rerolls: int
    opening: bool
    lucky: bool


def plan_side(side: CombatSide, purpose: Purpose) -> SidePlan:
    """Work out a side's dice, checked stat and rerolls (Combat in Dawn, Steps 2-9)."""
    if side.stat < 0:
        raise RuleViolation("A stat cannot be negative")
    return SidePlan(
        purpose=purpose,
        dice_count=combat_dice_count(side.card, side.boosts, purpose),
        stat=prone_stat(side.stat) if side.prone else side.stat,
        rerolls=reroll_allowance(side.rerolls, purpose),
        opening=side.opening,
        lucky=side.lucky,
    )


def roll_side(plan: SidePlan, rng: random.Random) -> DiceRoll:
    """Step 9: roll as many dice as the cards allow, in the app."""
    return roll_dice(
        plan.dice_count.total,
        plan.stat,
        rng,
        opening=plan.opening,
        rerolls_allowed=plan.rerolls,
        lucky=plan.lucky,
    )


def enter_side(plan: SidePlan, digits: Sequence[int]) -> DiceRoll:
    """Step 9 with physical dice: the digits typed in must be as many as the cards allow."""
    allowed = plan.dice_count.total
    if len(digits) != allowed:
        raise RuleViolation(
            f"The cards allow {allowed} dice for the {plan.purpose}, not {len(digits)}"
        )
    return enter_dice(
        digits,
        plan.stat,
        opening=plan.opening,
        rerolls_allowed=plan.rerolls,
        lucky=plan.lucky,
    )
