"""Pry Sungem: the card value to discard to pry a Sungem off a cave wall or the Podmothine.

Source: Advanced Rules, Layer Two - Advanced Actions, Pry Sungem.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Self

from campaigns.occulites.rules.dice import check_d10s, d10s_rolled_or_entered
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_podmothine import TENTACLES

PRY_SUNGEM_SOURCE = "Layer Two - Advanced Actions, Pry Sungem"
CAVE_WALL_DICE = 3


class PryLocation(StrEnum):
    CAVE_WALL = "cave_wall"
    PODMOTHINE = "podmothine"


@dataclass(frozen=True)
class PrySungemTarget:
    """The dice rolled and the value of cards to discard; `free` needs no cards at all."""

    location: PryLocation
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        check_d10s(self.dice)

    @property
    def value(self) -> int:
        return max(self.dice, default=0)

    @property
    def free(self) -> bool:
        return self.value == 0

    def to_dict(self) -> dict[str, Any]:
        return {"location": self.location.value, "dice": list(self.dice)}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(PryLocation(stored["location"]), tuple(stored["dice"]))


def pry_sungem_dice(location: PryLocation, tentacles_on_body: int | None = None) -> int:
    """Pry Sungem: 3d10 at a cave wall; at the Podmothine one per tentacle on its body + 1.

    With no tentacles on the body nothing is rolled: the Sungem comes off for free.
    """
    if location is PryLocation.CAVE_WALL:
        return CAVE_WALL_DICE
    if tentacles_on_body is None or not 0 <= tentacles_on_body <= TENTACLES:
        raise RuleViolation("Say how many of the six tentacles are on the Podmothine's body")
    return tentacles_on_body + 1 if tentacles_on_body else 0


def pry_sungem_target(
    location: PryLocation,
    *,
    tentacles_on_body: int | None = None,
    rng: random.Random | None = None,
    entered: Sequence[int] | None = None,
) -> PrySungemTarget:
    """Pry Sungem: the highest die rolled is the card value to discard.

    No tentacles on the Podmothine, or all 0s rolled, means the Sungem comes off for free.
    """
    count = pry_sungem_dice(location, tentacles_on_body)
    if count == 0:
        return PrySungemTarget(location, ())
    return PrySungemTarget(location, d10s_rolled_or_entered(count, rng, entered))


def pry_sungem_succeeds(target: PrySungemTarget, discarded: Sequence[int]) -> bool:
    """Pry Sungem: the cards discarded, of any type, must total the target value or more."""
    if any(value < 0 for value in discarded):
        raise RuleViolation("A card's value cannot be negative")
    return sum(discarded) >= target.value
