"""The Long Dark: Sungem Heat at the end of the season, and who wins the campaign."""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from campaigns.occulites.rules.errors import RuleViolation

# Completing the Campaign - The Long Dark.
SURVIVAL_HEAT = 75
REROLL_VP_COST = 1
BONUS_VP_PER_STEP = 2
BONUS_HEAT_STEP = 2
# "10 Dice labelled 0 through 9 (0 counts as zero)" (Contents Listing).
DIE_FACES = range(10)


@dataclass(frozen=True)
class LongDarkRoll:
    """A tribe's Sungem dice, one per Sungem, and which of them have been rerolled."""

    dice: tuple[int, ...]
    rerolled: frozenset[int] = frozenset()

    @property
    def heat(self) -> int:
        return sum(self.dice)

    @property
    def vp_spent(self) -> int:
        return len(self.rerolled) * REROLL_VP_COST


@dataclass(frozen=True)
class LongDarkOutcome:
    """A tribe's Long Dark: Heat, survival, the bonus VP and its final VP total."""

    heat: int
    survived: bool
    bonus_vp: int
    final_victory_points: int


def _check_die(value: int) -> None:
    if value not in DIE_FACES:
        raise RuleViolation("A die shows a digit from 0 to 9")


def long_dark_roll(sungems: int, rng: random.Random) -> LongDarkRoll:
    """Roll one d10 (0-9) for each Sungem the tribe holds (Completing the Campaign - The
    Long Dark)."""
    if sungems < 0:
        raise RuleViolation("A tribe cannot hold a negative number of Sungems")
    return LongDarkRoll(dice=tuple(rng.randint(0, 9) for _ in range(sungems)))


def long_dark_entered(dice: Sequence[int]) -> LongDarkRoll:
    """Take the physical dice a tribe rolled, one per Sungem (The Long Dark)."""
    for value in dice:
        _check_die(value)
    return LongDarkRoll(dice=tuple(dice))


def long_dark_reroll(
    roll: LongDarkRoll,
    die_index: int,
    *,
    available_spend_total: int,
    rng: random.Random | None = None,
    value: int | None = None,
) -> LongDarkRoll:
    """Reroll one die for 1 VP (off the Total Victory Points and the Available Spend Total);
    each die may be rerolled only once. The new face comes from ``rng`` or is ``value``,
    read off a physical die (Completing the Campaign - The Long Dark)."""
    if not 0 <= die_index < len(roll.dice):
        raise RuleViolation("There is no such die to reroll")
    if die_index in roll.rerolled:
        raise RuleViolation("Each die may be rerolled only once")
    if available_spend_total < REROLL_VP_COST:
        raise RuleViolation(
            f"A reroll costs {REROLL_VP_COST} VP and the Available Spend Total "
            f"is {available_spend_total}"
        )
    if (rng is None) == (value is None):
        raise RuleViolation("Either roll the die in the app or enter what it shows")
    if value is None:
        value = rng.randint(0, 9)
    _check_die(value)
    dice = roll.dice[:die_index] + (value,) + roll.dice[die_index + 1 :]
    return LongDarkRoll(dice=dice, rerolled=roll.rerolled | {die_index})


def long_dark_bonus_vp(heat: int) -> int:
    """2 VP for every full 2 Heat above 75 (Completing the Campaign - The Long Dark)."""
    if heat < 0:
        raise RuleViolation("Heat cannot be negative")
    return max(0, heat - SURVIVAL_HEAT) // BONUS_HEAT_STEP * BONUS_VP_PER_STEP


def long_dark_outcome(roll: LongDarkRoll, total_victory_points: int) -> LongDarkOutcome:
    """Total the Heat: at least 75 to survive, the bonus VP added to the Total Victory
    Points. ``total_victory_points`` already has the rerolls taken off it.

    Completing the Campaign - The Long Dark.
    """
    if total_victory_points < 0:
        raise RuleViolation("Total Victory Points cannot be negative")
    heat = roll.heat
    survived = heat >= SURVIVAL_HEAT
    bonus_vp = long_dark_bonus_vp(heat)
    return LongDarkOutcome(
        heat=heat,
        survived=survived,
        bonus_vp=bonus_vp,
        final_victory_points=total_victory_points + bonus_vp,
    )


def long_dark_winners(outcomes: Mapping[str, LongDarkOutcome]) -> tuple[str, ...]:
    """The tribes that win the campaign: the most VP among those that survived. A tribe
    that does not survive loses whatever its VP; equal best totals share the win, and if
    none survives nobody wins (the rulebook covers neither case).

    Completing the Campaign.
    """
    survivors = {key: outcome for key, outcome in outcomes.items() if outcome.survived}
    if not survivors:
        return ()
    best = max(outcome.final_victory_points for outcome in survivors.values())
    return tuple(key for key, outcome in survivors.items() if outcome.final_victory_points == best)


@cache
def _ways_to_roll(dice: int) -> tuple[int, ...]:
    """How many of the 10**dice equally likely rolls give each total (index = total)."""
    ways = (1,)
    for _ in range(dice):
        spread = [0] * (len(ways) + len(DIE_FACES) - 1)
        for total, count in enumerate(ways):
            for face in DIE_FACES:
                spread[total + face] += count
        ways = tuple(spread)
    return ways


def long_dark_survival_chance(sungems: int, heat_already: int = 0) -> Fraction:
    """The exact chance that ``sungems`` d10 (0-9), added to ``heat_already`` (dice kept
    so far), reach the 75 Heat needed to survive (Completing the Campaign - The Long
    Dark)."""
    if sungems < 0 or heat_already < 0:
        raise RuleViolation("Sungems and Heat cannot be negative")
    ways = _ways_to_roll(sungems)
    needed = max(0, SURVIVAL_HEAT - heat_already)
    return Fraction(sum(ways[needed:]), len(DIE_FACES) ** sungems)
