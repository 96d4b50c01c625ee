"""The Ridge: lightning strikes on an Event card, and the storm's Speed penalty.

Source: Scenario 3: The Ridge, Special Rules.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from campaigns.occulites.rules.dice import d10s_rolled_or_entered
from campaigns.occulites.rules.errors import RuleViolation

RIDGE_SOURCE = "Scenario 3: The Ridge, Special Rules"


def ridge_speed(speed: int, event_cards_revealed: int) -> int:
    """The Ridge: -1 Speed per Event card revealed, to a minimum of 1."""
    if speed < 1:
        raise RuleViolation("Speed is at least 1")
    if event_cards_revealed < 0:
        raise RuleViolation("The number of Event cards cannot be negative")
    return max(1, speed - event_cards_revealed)


@dataclass(frozen=True)
class RidgeFigure:
    """A figure on the Ridge; `shares_space_with` names the Luftle sharing its space."""

    name: str
    shares_space_with: str | None = None


@dataclass(frozen=True)
class RidgeState:
    """The figures lightning has removed from the scenario so far."""

    struck: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"struck": list(self.struck)}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(tuple(stored["struck"]))


@dataclass(frozen=True)
class LightningStrike:
    """Each figure's die, the highest, who was hit, and the Ridge afterwards."""

    rolls: tuple[tuple[str, int], ...]
    hit: tuple[str, ...]
    ridge: RidgeState

    @property
    def highest(self) -> int | None:
        return max((die for _, die in self.rolls), default=None)


def _check_figures(state: RidgeState, figures: Sequence[RidgeFigure]) -> None:
    names = {figure.name for figure in figures}
    if len(names) != len(figures):
        raise RuleViolation("Each figure on the Ridge needs its own name")
    partners = {figure.name: figure.shares_space_with for figure in figures}
    for figure in figures:
        if figure.name in state.struck:
            raise RuleViolation(f"{figure.name} was struck by lightning and is out of the scenario")
        partner = figure.shares_space_with
        if partner is not None and partners.get(partner) != figure.name:
            raise RuleViolation(
                f"{figure.name} and {partner} must both be on the Ridge, sharing one space"
            )


def strike_lightning(
    state: RidgeState,
    figures: Sequence[RidgeFigure],
    *,
    rng: random.Random | None = None,
    entered: Sequence[int] | None = None,
) -> LightningStrike:
    """The Ridge, on an Event card: a d10 for each figure on the Ridge; the highest is hit.

    Ties all hit; a Luftle sharing its space with another Luftle takes its partner with it.
    `entered` dice are in the order of `figures`.
    """
    _check_figures(state, figures)
    dice = d10s_rolled_or_entered(len(figures), rng, entered)
    rolls = tuple((figure.name, die) for figure, die in zip(figures, dice, strict=True))
    highest = max(dice, default=None)
    hit: list[str] = []
    for figure, die in zip(figures, dice, strict=True):
        if die == highest:
            hit.extend(
                name
                for name in (figure.name, figure.shares_space_with)
                if name is not None and name not in hit
            )
    return LightningStrike(rolls, tuple(hit), RidgeState((*state.struck, *hit)))
