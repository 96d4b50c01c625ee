"""Unexpected Skirmish: rolling for the Tribe members still making their way to the fight.

Source: Scenario 2: Unexpected Skirmish, Tribal placement.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from campaigns.occulites.rules.dice import d10s_rolled_or_entered
from campaigns.occulites.rules.errors import RuleViolation

SKIRMISH_SOURCE = "Scenario 2: Unexpected Skirmish, Tribal placement"
ARRIVAL_DICE = 5
OCCULITE_ARRIVES_ON = 2
LUFTLE_ARRIVES_ON = 5
FIRST_ROLLING_TURN = 2


@dataclass(frozen=True)
class Straggler:
    """A Tribe member not yet on the board."""

    name: str
    luftle: bool = False


@dataclass(frozen=True)
class SkirmishArrivals:
    """One tribe's stragglers, who has arrived, and the last turn it rolled for them.

    `last_turn_rolled` is 1 until the first roll: nobody rolls on the first turn.
    """

    waiting: tuple[Straggler, ...]
    arrived: tuple[str, ...] = ()
    last_turn_rolled: int = 1

    def __post_init__(self) -> None:
        names = [straggler.name for straggler in self.waiting] + list(self.arrived)
        if len(set(names)) != len(names):
            raise RuleViolation("Each Tribe member needs its own name")

    def to_dict(self) -> dict[str, Any]:
        return {
            "waiting": [[s.name, s.luftle] for s in self.waiting],
            "arrived": list(self.arrived),
            "last_turn_rolled": self.last_turn_rolled,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            waiting=tuple(Straggler(*straggler) for straggler in stored["waiting"]),
            arrived=tuple(stored["arrived"]),
            last_turn_rolled=stored["last_turn_rolled"],
        )


@dataclass(frozen=True)
class ArrivalGroup:
    """The dice allocated to one straggler and whether it arrived."""

    name: str
    dice: tuple[int, ...]
    arrives_on: int

    @property
    def arrived(self) -> bool:
        return any(die <= self.arrives_on for die in self.dice)


@dataclass(frozen=True)
class ArrivalRoll:
    """A turn's arrival roll, group by group, and the tribe's stragglers afterwards."""

    groups: tuple[ArrivalGroup, ...]
    arrivals: SkirmishArrivals


def _check_allocation(state: SkirmishArrivals, allocation: Mapping[str, int]) -> None:
    waiting = {straggler.name for straggler in state.waiting}
    for name, dice in allocation.items():
        if name not in waiting:
            raise RuleViolation(f"{name} is not waiting to arrive")
        if dice < 0:
            raise RuleViolation("A figure cannot be allocated a negative number of dice")
    if sum(allocation.values()) != ARRIVAL_DICE:
        raise RuleViolation("All 5 dice must be allocated to the figures not yet arrived")


def _check_entered(allocation: Mapping[str, int], entered: Mapping[str, Sequence[int]]) -> None:
    for name in entered:
        if not allocation.get(name):
            raise RuleViolation(f"Dice were entered for {name}, who has none allocated")
    for name, count in allocation.items():
        typed = len(entered.get(name, ()))
        if count and typed != count:
            raise RuleViolation(f"{name} was allocated {count} dice, not {typed}")


def roll_arrivals(
    state: SkirmishArrivals,
    allocation: Mapping[str, int],
    *,
    turn: int,
    rng: random.Random | None = None,
    entered: Mapping[str, Sequence[int]] | None = None,
) -> ArrivalRoll:
    """Scenario 2, Tribal placement: at the start of every turn after the first, allocate all
    5 dice among the figures not yet arrived and roll group by group; a figure arrives if any
    of its dice shows 0-2 (0-5 for a Luftle)."""
    if not state.waiting:
        raise RuleViolation("The whole Tribe has arrived")
    if turn < FIRST_ROLLING_TURN:
        raise RuleViolation("Stragglers are rolled for at the start of every turn after the first")
    if turn <= state.last_turn_rolled:
        raise RuleViolation(f"The stragglers were already rolled for on turn {turn}")
    _check_allocation(state, allocation)
    if entered is not None:
        _check_entered(allocation, entered)
    groups = []
    for straggler in state.waiting:
        count = allocation.get(straggler.name, 0)
        if count == 0:
            continue
        arrives_on = LUFTLE_ARRIVES_ON if straggler.luftle else OCCULITE_ARRIVES_ON
        if entered is None:
            dice = d10s_rolled_or_entered(count, rng, None)
        else:
            dice = d10s_rolled_or_entered(count, None, entered[straggler.name])
        groups.append(ArrivalGroup(straggler.name, dice, arrives_on))
    arrived = {group.name for group in groups if group.arrived}
    return ArrivalRoll(
        tuple(groups),
        SkirmishArrivals(
            waiting=tuple(s for s in state.waiting if s.name not in arrived),
            arrived=(*state.arrived, *(s.name for s in state.waiting if s.name in arrived)),
            last_turn_rolled=turn,
        ),
    )
