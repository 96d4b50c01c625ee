"""The Podmothine's tentacles: how many are in play and on the body, and their activation roll.

Source: Creatures and Predators, Podmothine; Advanced Actions, Sneak; Layer Four, Rocky
Outcrop. Used by Scenario 7: The Podmothine.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from campaigns.occulites.rules.dice import d10s_rolled_or_entered
from campaigns.occulites.rules.errors import RuleViolation

PODMOTHINE_SOURCE = "Creatures and Predators, Podmothine"
TENTACLES = 6
ACTIVATES_ON_AT_START = 2
# Advanced Actions, Sneak: any tentacle activation roll of 4+ fails.
SNEAK_FAILS_FROM = 4


@dataclass(frozen=True)
class PodmothineState:
    """Tentacles in play (not on the Reborn Track) and how many sit on the body overlay."""

    tentacles_in_play: int = TENTACLES
    tentacles_on_body: int = TENTACLES

    def __post_init__(self) -> None:
        if not 0 <= self.tentacles_in_play <= TENTACLES:
            raise RuleViolation("The Podmothine has six tentacles")
        if not 0 <= self.tentacles_on_body <= self.tentacles_in_play:
            raise RuleViolation("Only tentacles in play can be on the Podmothine's body")

    def to_dict(self) -> dict[str, Any]:
        return {
            "tentacles_in_play": self.tentacles_in_play,
            "tentacles_on_body": self.tentacles_on_body,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(stored["tentacles_in_play"], stored["tentacles_on_body"])


def tentacle_leaves_body(state: PodmothineState) -> PodmothineState:
    """A tentacle moves off the body overlay towards its prey (Podmothine)."""
    if state.tentacles_on_body == 0:
        raise RuleViolation("No tentacle is on the Podmothine's body")
    return replace(state, tentacles_on_body=state.tentacles_on_body - 1)


def tentacle_returns_to_body(state: PodmothineState) -> PodmothineState:
    """A tentacle moves back onto the body, e.g. to stuff a Sungem into it (Podmothine)."""
    if state.tentacles_on_body == state.tentacles_in_play:
        raise RuleViolation("Every tentacle in play is already on the Podmothine's body")
    return replace(state, tentacles_on_body=state.tentacles_on_body + 1)


def tentacle_destroyed(state: PodmothineState, *, was_on_body: bool) -> PodmothineState:
    """A destroyed tentacle goes to the Reborn Track (Podmothine, Reborn (Podmothine))."""
    if state.tentacles_in_play == 0:
        raise RuleViolation("No tentacle is in play")
    if was_on_body and state.tentacles_on_body == 0:
        raise RuleViolation("No tentacle is on the Podmothine's body")
    return PodmothineState(state.tentacles_in_play - 1, state.tentacles_on_body - was_on_body)


def tentacle_reborn(state: PodmothineState) -> PodmothineState:
    """Reborn (Podmothine): it comes back in the centre space of the body."""
    if state.tentacles_in_play == TENTACLES:
        raise RuleViolation("All six tentacles are already in play")
    return PodmothineState(state.tentacles_in_play + 1, state.tentacles_on_body + 1)


def tentacle_activates_on(event_cards_revealed: int) -> int:
    """Podmothine: tentacles activate on 0, 1 or 2, plus one for each Event card revealed.

    Example: with two Event cards revealed they activate on 0-4.
    """
    if event_cards_revealed < 0:
        raise RuleViolation("The number of Event cards cannot be negative")
    return ACTIVATES_ON_AT_START + event_cards_revealed


@dataclass(frozen=True)
class TentacleActivation:
    """One die per tentacle in play and which of them activate."""

    dice: tuple[int, ...]
    activates_on: int
    sneaking: bool
    activated: tuple[bool, ...]

    @property
    def tentacles_activated(self) -> int:
        return sum(self.activated)


def activate_tentacles(
    state: PodmothineState,
    event_cards_revealed: int,
    *,
    sneaking: bool = False,
    rng: random.Random | None = None,
    entered: Sequence[int] | None = None,
) -> TentacleActivation:
    """Podmothine: each time an activation is used, roll a die per tentacle before any action.

    A tentacle activates on 0 up to `tentacle_activates_on(...)`; while the activated figure
    Sneaks, any roll of 4+ fails regardless (Advanced Actions, Sneak). A figure activated on a
    Rocky Outcrop triggers no roll at all (Layer Four), so the caller does not roll then.
    """
    activates_on = tentacle_activates_on(event_cards_revealed)
    dice = d10s_rolled_or_entered(state.tentacles_in_play, rng, entered)
    activated = tuple(
        die <= activates_on and not (sneaking and die >= SNEAK_FAILS_FROM) for die in dice
    )
    return TentacleActivation(dice, activates_on, sneaking, activated)
