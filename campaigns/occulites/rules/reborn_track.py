"""The Reborn Track: where a killed Occulite (or Podmothine Tentacle) is placed and its way home.

Source: Advanced Rules, Layer Two - Advanced Mechanics, The Reborn Track, and the Reborn
action (Advanced Actions). Terrain and predator deaths name their own positions.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Self

from campaigns.occulites.rules.errors import RuleViolation

REBORN_TRACK_SOURCE = "Layer Two - Advanced Mechanics, The Reborn Track"
HIGHEST_SPACE = 5
DYING_WOUNDS = 2
TRIBAL_TOKEN_EXTRA_SPACES = 1


@dataclass(frozen=True)
class PrintedRebornPosition:
    """A death whose Reborn Track space the rulebook prints."""

    key: str
    cause: str
    position: int
    source: str


PRINTED_REBORN_POSITIONS = MappingProxyType(
    {
        entry.key: entry
        for entry in (
            PrintedRebornPosition(
                "sucked_under_swamp",
                "Stuck three times in a row and sucked under Swampy Ground",
                1,
                "Layer Four - Advanced Terrain, Swampy Ground",
            ),
            PrintedRebornPosition(
                "tree_is_alive",
                "Killed by a living tree (Boost card on the Arboreal Terrors table)",
                2,
                "Layer Four - Advanced Terrain, Tree (Arboreal Terrors)",
            ),
            PrintedRebornPosition(
                "swept_off_the_board",
                "Carried downstream off the board by a River",
                3,
                "Layer Four - Advanced Terrain, Water - River",
            ),
            PrintedRebornPosition(
                "burnt_alive",
                "Tripped and burnt alive on Lava Flats",
                4,
                "Layer Four - Advanced Terrain, Lava Flats",
            ),
            PrintedRebornPosition(
                "puscual_brutal",
                "Destroyed by an attacking Puscual that tripled its successes",
                4,
                "Creatures and Predators, Puscual (Brutal)",
            ),
            PrintedRebornPosition(
                "quadrupled_in_combat",
                "Quadrupled in Combat and killed instantly",
                5,
                REBORN_TRACK_SOURCE,
            ),
        )
    }
)


def wounds_past_zero(health_before: int, health_lost: int) -> int:
    """The Reborn Track: how many wounds past 0 a figure took when it died.

    Example: Grublic had 1 Health left and lost 2, so he took 1 wound past 0.
    """
    if health_before < 1:
        raise RuleViolation("A figure with no Health left cannot lose more")
    if health_lost < health_before:
        raise RuleViolation("The figure still has Health left, so it is not killed")
    return health_lost - health_before


def _agreed_placement(position: int, reborn_by_agreement: bool) -> int:
    # Reborn by agreement without a Home Cave: "one space further away than what you
    # normally would", still never beyond the 5 space.
    return min(HIGHEST_SPACE, position + reborn_by_agreement)


def reborn_track_position(wounds_past_zero: int, *, reborn_by_agreement: bool = False) -> int:
    """The Reborn Track: wounds past 0 plus 2, never higher than space 5.

    With `reborn_by_agreement` (players agreed to Rebirth without a Home Cave on the board)
    the figure goes one space further away.
    """
    if wounds_past_zero < 0:
        raise RuleViolation("Wounds past 0 cannot be negative")
    return _agreed_placement(
        min(HIGHEST_SPACE, wounds_past_zero + DYING_WOUNDS), reborn_by_agreement
    )


def printed_reborn_position(cause: str, *, reborn_by_agreement: bool = False) -> int:
    """The space printed for a death by terrain, predator or quadrupling (see each `source`)."""
    if cause not in PRINTED_REBORN_POSITIONS:
        raise RuleViolation("The rulebook prints no Reborn Track space for that death")
    return _agreed_placement(PRINTED_REBORN_POSITIONS[cause].position, reborn_by_agreement)


@dataclass(frozen=True)
class RebornTrack:
    """Who is on the Reborn Track and on which space (figure name -> space 1-5)."""

    positions: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        for figure, position in self.positions.items():
            if not 1 <= position <= HIGHEST_SPACE:
                raise RuleViolation(f"{figure} must be on a Reborn Track space from 1 to 5")
        object.__setattr__(self, "positions", MappingProxyType(dict(self.positions)))

    def to_dict(self) -> dict[str, Any]:
        return {"positions": dict(self.positions)}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(stored["positions"])


@dataclass(frozen=True)
class RebornTrackMove:
    """A figure's move along the track; at space 0 it is back in its Home Cave."""

    track: RebornTrack
    figure: str
    from_position: int
    to_position: int

    @property
    def reborn(self) -> bool:
        return self.to_position == 0


def place_on_reborn_track(track: RebornTrack, figure: str, position: int) -> RebornTrack:
    """Put a killed figure on its Reborn Track space (The Reborn Track)."""
    if figure in track.positions:
        raise RuleViolation(f"{figure} is already on the Reborn Track")
    return RebornTrack({**track.positions, figure: position})


def advance_on_reborn_track(
    track: RebornTrack, figure: str, *, tribal_token: bool = False
) -> RebornTrackMove:
    """Reborn action: give up all actions to move one space; at 0 the figure is back home.

    A Tribal Token moves an Occulite 1 extra space (Chief Occulite, Advanced Game only).
    """
    if figure not in track.positions:
        raise RuleViolation(f"{figure} is not on the Reborn Track")
    start = track.positions[figure]
    to_position = max(0, start - 1 - TRIBAL_TOKEN_EXTRA_SPACES * tribal_token)
    remaining = {name: space for name, space in track.positions.items() if name != figure}
    if to_position:
        remaining[figure] = to_position
    return RebornTrackMove(RebornTrack(remaining), figure, start, to_position)
