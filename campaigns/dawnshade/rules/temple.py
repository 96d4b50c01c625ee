"""The Watchers Temple: Divine Guidance drawn from the Dawnshade Bag, and the Cataclysm.

Source: Watchers Temple (Divine Guidance, Cataclysm); Set-up - Watchers Alignment (status).

Readings: when Aligned, how many of the Watcher's condition tokens are still free is counted
by the group (``available_tokens``); when Balanced or Unaligned one token of each Watcher goes
in. A drawn token whose side is not named in the rulebook (Air's and Nature's negative) is
given as its catalogue key, whose entry is marked missing.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from campaigns.dawnshade.catalog.conditions import condition_for
from campaigns.dawnshade.catalog.temple import (
    TAWNY_PER_DRAW,
    TEMPLE_BY_STATUS,
    TOKENS_PER_WATCHER_WHEN_NOT_ALIGNED,
)
from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER, WATCHERS
from campaigns.dawnshade.rules.alignment import ALIGNED, AlignmentStatus
from campaigns.dawnshade.rules.errors import RuleViolation

TAWNY = "tawny"


def divine_guidance_bag(
    status: AlignmentStatus, *, available_tokens: int | None = None
) -> tuple[str, ...]:
    """What goes into the Dawnshade Bag: ``"tawny"`` and Watcher keys (one per condition
    token). Aligned: 6 Tawny and the aligned Watcher's free tokens; Balanced or Unaligned: one
    token of each Watcher (Watchers Temple - Divine Guidance)."""
    row = TEMPLE_BY_STATUS[status.kind]
    if status.kind == ALIGNED:
        if available_tokens is None or available_tokens < 0:
            raise RuleViolation(
                f"Count the {WATCHERS[status.watcher].name} condition tokens not in use: "
                "they all go into the bag"
            )
        return (TAWNY,) * row.tawny_in_bag + (status.watcher,) * available_tokens
    return tuple(
        watcher for watcher in WATCHER_ORDER for _ in range(TOKENS_PER_WATCHER_WHEN_NOT_ALIGNED)
    )


@dataclass(frozen=True)
class GuidanceDraw:
    """One player's draw: 1 Tawny, or a condition (catalogue key) for their stack in the next
    battle."""

    player: str
    tawny: int = 0
    condition: str | None = None


@dataclass(frozen=True)
class DivineGuidance:
    """Every player's draw, in order from the Active Player, and what is left in the bag."""

    draws: tuple[GuidanceDraw, ...]
    bag_left: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "draws": [[d.player, d.tawny, d.condition] for d in self.draws],
            "bag_left": list(self.bag_left),
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            draws=tuple(GuidanceDraw(*draw) for draw in stored["draws"]),
            bag_left=tuple(stored["bag_left"]),
        )


def divine_guidance_draw(
    status: AlignmentStatus,
    players: Sequence[str],
    rng: random.Random,
    *,
    available_tokens: int | None = None,
) -> DivineGuidance:
    """Each player, from the Active Player on, draws one item: a Tawny goes to their Tawny, a
    condition onto their battle stack, positive side when Aligned or Balanced, negative when
    Unaligned (Watchers Temple - Divine Guidance)."""
    if not players:
        raise RuleViolation("Divine Guidance needs at least one player")
    bag = list(divine_guidance_bag(status, available_tokens=available_tokens))
    side = TEMPLE_BY_STATUS[status.kind].condition_side
    draws = []
    for player in players:
        if not bag:
            raise RuleViolation("The Dawnshade Bag is empty: nothing left to draw")
        item = bag.pop(rng.randrange(len(bag)))
        if item == TAWNY:
            draws.append(GuidanceDraw(player, tawny=TAWNY_PER_DRAW))
        else:
            condition = condition_for(WATCHERS[item].element, side)
            draws.append(GuidanceDraw(player, condition=condition.key))
    return DivineGuidance(draws=tuple(draws), bag_left=tuple(sorted(bag)))


@dataclass(frozen=True)
class Cataclysm:
    """How many Cataclysm tiles to reveal, and whose: ``watcher`` for the aligned Watcher's
    tiles, None for tiles drawn at random (Watchers Temple - Cataclysm)."""

    tiles: int
    watcher: str | None


def cataclysm(status: AlignmentStatus) -> Cataclysm:
    """Aligned: one tile of that Watcher. Unaligned: two random tiles. Balanced: none
    (Watchers Temple - Cataclysm)."""
    row = TEMPLE_BY_STATUS[status.kind]
    watcher = status.watcher if row.cataclysm_of_aligned_watcher else None
    return Cataclysm(tiles=row.cataclysm_tiles, watcher=watcher)
