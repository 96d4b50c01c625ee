"""The game's d10s: rolling or entering them, counting successes, rerolling die by die.

Every die shows 0-9 and 0 counts as zero (Contents Listing: "10 Dice labelled 0 through 9").
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from campaigns.occulites.rules.errors import RuleViolation

D10_FACES = tuple(range(10))


def check_d10s(digits: Sequence[int], count: int | None = None) -> tuple[int, ...]:
    """Check dice typed in from the table (Contents Listing: dice labelled 0 through 9).

    When `count` is given the roll must have exactly that many dice.
    """
    for digit in digits:
        if isinstance(digit, bool) or not isinstance(digit, int) or digit not in D10_FACES:
            raise RuleViolation(f"A d10 shows 0 to 9, not {digit!r}")
    if count is not None and len(digits) != count:
        dice = "die" if count == 1 else "dice"
        raise RuleViolation(f"This roll takes {count} {dice}, not {len(digits)}")
    return tuple(digits)


def roll_d10s(count: int, rng: random.Random) -> tuple[int, ...]:
    """Roll `count` d10s showing 0-9 (Contents Listing: dice labelled 0 through 9)."""
    if count < 0:
        raise RuleViolation("The number of dice cannot be negative")
    return tuple(rng.randint(0, 9) for _ in range(count))


def d10s_rolled_or_entered(
    count: int, rng: random.Random | None, entered: Sequence[int] | None
) -> tuple[int, ...]:
    """Roll `count` d10s with `rng`, or check the `count` digits the player typed in.

    Every table tool accepts either (Contents Listing: dice labelled 0 through 9).
    """
    if (rng is None) == (entered is None):
        raise TypeError("pass either rng or entered dice")
    if entered is not None:
        return check_d10s(entered, count)
    return roll_d10s(count, rng)


def is_success(die: int, stat: int) -> bool:
    """Combat in Dawn, Step 9: a roll at or under the stat succeeds, and 0 always does."""
    return die == 0 or die <= stat


def count_successes(dice: Sequence[int], stat: int, *, opening: bool = False) -> int:
    """Combat in Dawn, Step 9: count the successful dice.

    With the "Opening" card effect each 0 counts as two successes (Combat Example).
    """
    return sum(2 if opening and die == 0 else 1 for die in dice if is_success(die, stat))


@dataclass(frozen=True)
class Reroll:
    """One die picked up and rolled again (`position` counts from 0)."""

    position: int
    before: int
    after: int


@dataclass(frozen=True)
class DiceRoll:
    """A roll of d10s against one stat, with the rerolls it may still take.

    A die may be rerolled only once and the new roll stands (Core Rules, Charging), unless
    the figure is Lucky (General Ability Pool: it may reroll dice already rerolled).
    """

    dice: tuple[int, ...]
    stat: int
    opening: bool = False
    rerolls_allowed: int = 0
    lucky: bool = False
    rerolls: tuple[Reroll, ...] = ()

    def __post_init__(self) -> None:
        check_d10s(self.dice)
        if self.stat < 0:
            raise RuleViolation("A stat cannot be negative")
        if self.rerolls_allowed < 0:
            raise RuleViolation("The number of rerolls cannot be negative")
        if len(self.rerolls) > self.rerolls_allowed:
            raise RuleViolation(f"Rerolls allowed for this roll: {self.rerolls_allowed}")

    @property
    def successes(self) -> int:
        return count_successes(self.dice, self.stat, opening=self.opening)

    @property
    def die_succeeds(self) -> tuple[bool, ...]:
        return tuple(is_success(die, self.stat) for die in self.dice)

    @property
    def rerolls_left(self) -> int:
        return self.rerolls_allowed - len(self.rerolls)

    @property
    def rerolled_positions(self) -> frozenset[int]:
        return frozenset(reroll.position for reroll in self.rerolls)

    def to_dict(self) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "stat": self.stat,
            "opening": self.opening,
            "rerolls_allowed": self.rerolls_allowed,
            "lucky": self.lucky,
            "rerolls": [[r.position, r.before, r.after] for r in self.rerolls],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            dice=tuple(stored["dice"]),
            stat=stored["stat"],
            opening=stored["opening"],
            rerolls_allowed=stored["rerolls_allowed"],
            lucky=stored["lucky"],
            rerolls=tuple(Reroll(*reroll) for reroll in stored["rerolls"]),
        )


def roll_dice(
    count: int,
    stat: int,
    rng: random.Random,
    *,
    opening: bool = False,
    rerolls_allowed: int = 0,
    lucky: bool = False,
) -> DiceRoll:
    """Roll `count` d10s against `stat` (Combat in Dawn, Step 9)."""
    return DiceRoll(
        roll_d10s(count, rng),
        stat,
        opening=opening,
        rerolls_allowed=rerolls_allowed,
        lucky=lucky,
    )


def enter_dice(
    digits: Sequence[int],
    stat: int,
    *,
    count: int | None = None,
    opening: bool = False,
    rerolls_allowed: int = 0,
    lucky: bool = False,
) -> DiceRoll:
    """Take the digits rolled on the table against `stat` (Combat in Dawn, Step 9)."""
    return DiceRoll(
        check_d10s(digits, count),
        stat,
        opening=opening,
        rerolls_allowed=rerolls_allowed,
        lucky=lucky,
    )


def reroll_die(
    roll: DiceRoll,
    position: int,
    *,
    rng: random.Random | None = None,
    entered: int | None = None,
) -> DiceRoll:
    """Reroll the die at `position` (from 0), rolled with `rng` or typed in as `entered`.

    Core Rules, Charging: "You cannot reroll a die more than once and you must accept the
    new roll even if it is worse"; Lucky (General Ability Pool) lifts the once-only limit
    but not the number of rerolls allowed.
    """
    if not 0 <= position < len(roll.dice):
        raise RuleViolation(f"There is no die {position + 1} in this roll")
    if roll.rerolls_left == 0:
        raise RuleViolation(f"No rerolls left: this roll allows {roll.rerolls_allowed}")
    if position in roll.rerolled_positions and not roll.lucky:
        raise RuleViolation(f"Die {position + 1} was already rerolled; a die is rerolled only once")
    (after,) = d10s_rolled_or_entered(1, rng, None if entered is None else (entered,))
    dice = list(roll.dice)
    before, dice[position] = dice[position], after
    return DiceRoll(
        tuple(dice),
        roll.stat,
        opening=roll.opening,
        rerolls_allowed=roll.rerolls_allowed,
        lucky=roll.lucky,
        rerolls=(*roll.rerolls, Reroll(position, before, after)),
    )
