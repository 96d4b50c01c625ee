"""Watchers Alignment: the six tracks, the status they give, and what a shift grants.

Set-up - Watchers Alignment; Let The Battle Begin! - Reset & Return Väki.

A *shift* is read as any change of status (Aligned with one Watcher, Balanced, Unaligned)
caused by moving a cube: the rulebook speaks of a shift "from one Watcher to another" and
separately of a shift to Balanced or to Unaligned. Moving from Unaligned back to a Watcher is
taken to be a shift to that Watcher. The tracks' length is not printed, so no upper bound is
enforced.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.conditions import POSITIVE, Condition, condition_for
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER, WATCHERS
from campaigns.dawnshade.rules.errors import RuleViolation

BALANCED = "balanced"
ALIGNED = "aligned"
UNALIGNED = "unaligned"

# Each väki spent (or returned to the pool after a battle) moves its Watcher's cube one space.
ALIGNMENT_PER_VAKI = 1
# Balanced shift: every member gets one Tier I väki.
BALANCED_SHIFT_TIER_I_VAKI = 1


def starting_alignment() -> Mapping[str, int]:
    """Every cube at 0: the Kinship starts Balanced."""
    return MappingProxyType(dict.fromkeys(WATCHER_ORDER, 0))


@dataclass(frozen=True)
class AlignmentStatus:
    """Balanced, Unaligned, or Aligned with ``watcher``."""

    kind: str
    watcher: str | None = None

    @property
    def label(self) -> str:
        if self.kind == ALIGNED:
            return f"Aligned with {WATCHERS[self.watcher].name}"
        return self.kind.capitalize()


def _check_tracks(tracks: Mapping[str, int]) -> None:
    if set(tracks) != set(WATCHER_ORDER):
        raise RuleViolation("There is one alignment track for each of the six Watchers")
    if any(value < 0 for value in tracks.values()):
        raise RuleViolation("An alignment cube cannot go left of 0")


def alignment_status(tracks: Mapping[str, int]) -> AlignmentStatus:
    """Balanced when all six cubes are level; Unaligned when two or more share the lead;
    otherwise Aligned with the Watcher whose cube is furthest along."""
    _check_tracks(tracks)
    furthest = max(tracks.values())
    leaders = [watcher for watcher in WATCHER_ORDER if tracks[watcher] == furthest]
    if len(leaders) == len(WATCHER_ORDER):
        return AlignmentStatus(BALANCED)
    if len(leaders) > 1:
        return AlignmentStatus(UNALIGNED)
    return AlignmentStatus(ALIGNED, leaders[0])


@dataclass(frozen=True)
class ShiftBenefit:
    """What a shift grants. For a Watcher, the initiating player may give one member
    ``condition`` (its positive side); for Balanced, every member takes
    ``tier_i_vaki_each`` Tier I väki; for Unaligned, nothing."""

    status: AlignmentStatus
    condition: Condition | None = None
    tier_i_vaki_each: int = 0

    @property
    def nothing(self) -> bool:
        return self.condition is None and self.tier_i_vaki_each == 0


def shift_benefit(status: AlignmentStatus) -> ShiftBenefit:
    """The benefit of shifting to ``status`` (Set-up - Watchers Alignment)."""
    if status.kind == ALIGNED:
        element = WATCHERS[status.watcher].element
        return ShiftBenefit(status, condition=condition_for(element, POSITIVE))
    if status.kind == BALANCED:
        return ShiftBenefit(status, tier_i_vaki_each=BALANCED_SHIFT_TIER_I_VAKI)
    return ShiftBenefit(status)


@dataclass(frozen=True)
class AlignmentChange:
    """One cube moved: the tracks and status before and after, and the shift if there was
    one (``benefit`` is None when the status did not change)."""

    tracks_before: Mapping[str, int]
    tracks_after: Mapping[str, int]
    status_before: AlignmentStatus
    status_after: AlignmentStatus
    benefit: ShiftBenefit | None

    @property
    def shifted(self) -> bool:
        return self.benefit is not None


def alignment_shift(before: AlignmentStatus, after: AlignmentStatus) -> ShiftBenefit | None:
    """The benefit of going from status ``before`` to ``after``, or None if it is no shift."""
    if before == after:
        return None
    return shift_benefit(after)


def spend_vaki_for_alignment(tracks: Mapping[str, int], element: str) -> AlignmentChange:
    """Spend one väki of ``element`` to move its Watcher's cube one space to the right."""
    _check_tracks(tracks)
    if element not in ELEMENTS:
        raise RuleViolation(f"There is no väki element called {element!r}")
    watcher = ELEMENTS[element].watcher
    after = dict(tracks)
    after[watcher] += ALIGNMENT_PER_VAKI
    status_before = alignment_status(tracks)
    status_after = alignment_status(after)
    return AlignmentChange(
        tracks_before=MappingProxyType(dict(tracks)),
        tracks_after=MappingProxyType(after),
        status_before=status_before,
        status_after=status_after,
        benefit=alignment_shift(status_before, status_after),
    )


def return_vaki(tracks: Mapping[str, int], elements: Sequence[str]) -> tuple[AlignmentChange, ...]:
    """Return väki to the pool after a battle, in the order the players choose: each one
    raises its Watcher's alignment by 1, and every shift on the way grants its benefit
    (Let The Battle Begin! - Reset & Return Väki)."""
    changes = []
    for element in elements:
        change = spend_vaki_for_alignment(tracks, element)
        changes.append(change)
        tracks = change.tracks_after
    return tuple(changes)


def reset_alignment() -> Mapping[str, int]:
    """Every cube back to 0 (Full Chapter's reset at the start of game 4, or a Cataclysm)."""
    return starting_alignment()
