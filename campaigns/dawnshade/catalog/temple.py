"""The Watchers Temple: what goes into the Divine Guidance bag and how many Cataclysm tiles
are revealed, by alignment status.

The Cataclysm tiles themselves (their effects) are not transcribed; the group reads the tile.
The Temple's XP is in ``catalog.rewards``.
"""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.conditions import NEGATIVE, POSITIVE

_TEMPLE = "Watchers Temple - Divine Guidance, Cataclysm"
_CATACLYSM = "Watchers Temple - Cataclysm"

# Aligned: 6 Tawny and every unused condition token of the aligned Watcher's element. Balanced
# or Unaligned: one condition token of each Watcher. Each player draws one item.
DIVINE_GUIDANCE_TAWNY = 6
TAWNY_PER_DRAW = 1
TOKENS_PER_WATCHER_WHEN_NOT_ALIGNED = 1
DRAWS_PER_PLAYER = 1


@dataclass(frozen=True)
class TempleByStatus:
    """What the Temple does for one alignment status (``"aligned"``, ``"balanced"`` or
    ``"unaligned"``, as in ``rules.alignment``).

    ``tawny_in_bag`` and ``aligned_tokens_only`` describe the Divine Guidance bag;
    ``condition_side`` is the side of the drawn tokens that applies. ``cataclysm_tiles`` is
    how many are revealed and ``cataclysm_of_aligned_watcher`` whether they are the aligned
    Watcher's (otherwise drawn at random).
    """

    status: str
    tawny_in_bag: int
    aligned_tokens_only: bool
    condition_side: str
    cataclysm_tiles: int
    cataclysm_of_aligned_watcher: bool
    source: str


TEMPLE_BY_STATUS = MappingProxyType(
    {
        row.status: row
        for row in (
            TempleByStatus("aligned", DIVINE_GUIDANCE_TAWNY, True, POSITIVE, 1, True, _TEMPLE),
            TempleByStatus("balanced", 0, False, POSITIVE, 0, False, _TEMPLE),
            TempleByStatus("unaligned", 0, False, NEGATIVE, 2, False, _TEMPLE),
        )
    }
)

# Cataclysm tiles go face up on empty spaces next to the Temple, or over Quest Tiles there when
# none is empty, and block those spaces for the rest of the campaign.
CATACLYSM_SOURCE = _CATACLYSM
CATACLYSM_TILES_TRANSCRIBED = False
