"""Siege at the Cave Mouth: the Conditions Track that ends the game when it reaches 0.

Source: Scenario 11: Siege at the Cave Mouth (Setup and Special Rules).
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Self

from campaigns.occulites.rules.dice import d10s_rolled_or_entered
from campaigns.occulites.rules.errors import RuleViolation

SIEGE_SOURCE = "Scenario 11: Siege at the Cave Mouth, Special Rules"
CONDITIONS_TRACK_START = 9
# Each 0 or 1 rolled moves the Conditions Token one space towards 0.
MOVES_TOKEN_ON = 1
LUFTLES_PER_EXTRA_DIE = 2


class SiegeSide(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True)
class SiegeLosses:
    """One side's figures killed during the game."""

    occulites: int = 0
    luftles: int = 0


@dataclass(frozen=True)
class SiegeState:
    """The Conditions Token's space and each side's dead."""

    conditions: int = CONDITIONS_TRACK_START
    attacker_losses: SiegeLosses = SiegeLosses()
    defender_losses: SiegeLosses = SiegeLosses()

    def __post_init__(self) -> None:
        if not 0 <= self.conditions <= CONDITIONS_TRACK_START:
            raise RuleViolation("The Conditions Token runs from 9 down to 0")
        for losses in (self.attacker_losses, self.defender_losses):
            if losses.occulites < 0 or losses.luftles < 0:
                raise RuleViolation("Figures killed cannot be negative")

    @property
    def game_over(self) -> bool:
        return self.conditions == 0

    def losses(self, side: SiegeSide) -> SiegeLosses:
        return self.attacker_losses if side is SiegeSide.ATTACKER else self.defender_losses

    def to_dict(self) -> dict[str, Any]:
        return {
            "conditions": self.conditions,
            "attacker_losses": [self.attacker_losses.occulites, self.attacker_losses.luftles],
            "defender_losses": [self.defender_losses.occulites, self.defender_losses.luftles],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            stored["conditions"],
            SiegeLosses(*stored["attacker_losses"]),
            SiegeLosses(*stored["defender_losses"]),
        )


def _check_running(state: SiegeState) -> None:
    if state.game_over:
        raise RuleViolation("The siege is over: the Conditions Token has reached 0")


def record_siege_loss(
    state: SiegeState, side: SiegeSide, *, occulites: int = 0, luftles: int = 0
) -> SiegeState:
    """Count `side`'s figures killed: they add dice to the enemy's conditions roll."""
    _check_running(state)
    if occulites < 0 or luftles < 0:
        raise RuleViolation("Figures killed cannot be negative")
    before = state.losses(side)
    after = SiegeLosses(before.occulites + occulites, before.luftles + luftles)
    if side is SiegeSide.ATTACKER:
        return replace(state, attacker_losses=after)
    return replace(state, defender_losses=after)


def conditions_dice(state: SiegeState, side: SiegeSide) -> int:
    """Scenario 11: one d10, plus one for each enemy Occulite or two enemy Luftles killed."""
    enemy = SiegeSide.DEFENDER if side is SiegeSide.ATTACKER else SiegeSide.ATTACKER
    killed = state.losses(enemy)
    return 1 + killed.occulites + killed.luftles // LUFTLES_PER_EXTRA_DIE


@dataclass(frozen=True)
class ConditionsRoll:
    """Both players' dice at the end of a turn and the track afterwards."""

    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    steps: int
    siege: SiegeState


def roll_conditions(
    state: SiegeState,
    *,
    rng: random.Random | None = None,
    attacker_entered: Sequence[int] | None = None,
    defender_entered: Sequence[int] | None = None,
) -> ConditionsRoll:
    """Scenario 11: at the end of each player's turn both players roll; each 0 or 1 moves the
    Conditions Token one space towards 0, and at 0 the game ends at once."""
    _check_running(state)
    if rng is not None and (attacker_entered is not None or defender_entered is not None):
        raise TypeError("pass either rng or entered dice")
    attacker_dice = d10s_rolled_or_entered(
        conditions_dice(state, SiegeSide.ATTACKER), rng, attacker_entered
    )
    defender_dice = d10s_rolled_or_entered(
        conditions_dice(state, SiegeSide.DEFENDER), rng, defender_entered
    )
    steps = sum(die <= MOVES_TOKEN_ON for die in (*attacker_dice, *defender_dice))
    conditions = max(0, state.conditions - steps)
    return ConditionsRoll(
        attacker_dice, defender_dice, steps, replace(state, conditions=conditions)
    )


def siege_event_card(state: SiegeState) -> SiegeState:
    """Scenario 11: an Event card drawn moves the Conditions Token one space towards 0."""
    _check_running(state)
    return replace(state, conditions=state.conditions - 1)
