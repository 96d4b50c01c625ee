"""The two journey boards, and the few of their values the expansion mentions.

The boards themselves are core-game components: their full village and island values,
footprint costs and paths are not in the source, so the group enters them once (see
``rules.tom.VillageTrack`` and ``rules.tom.ArchipelagoMap``).
"""

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class JourneyBoard:
    """A journey board: how Tom travels on it and the values the expansion's text mentions.

    ``villages_mentioned`` and the footprint costs are partial (drawn from the examples),
    not the board's full list.
    """

    key: str
    name: str
    tom_travels_by: str
    villages_mentioned: tuple[int, ...]
    footprint_costs_mentioned: tuple[tuple[int, int], ...]
    source: str


_BOARD_LIST = (
    JourneyBoard(
        key="province_of_shadows",
        name="The Province of Shadows",
        tom_travels_by="camp",
        # Tom moves 3 -> 5 -> 8 (Morning) and from 12 to 15, which costs 2 footprints.
        villages_mentioned=(3, 5, 8, 12, 15),
        footprint_costs_mentioned=((15, 2),),
        source="Single-player games - MORNING – Recruit a companion; Counting Tom's points",
    ),
    JourneyBoard(
        key="archipelago_of_darkness",
        name="The Archipelago of Darkness",
        tom_travels_by="boats",
        villages_mentioned=(),
        footprint_costs_mentioned=(),
        source="Single-player games - Setup; MORNING – Recruit a companion",
    ),
)

JOURNEY_BOARDS = MappingProxyType({board.key: board for board in _BOARD_LIST})

# From the central island: the "+" example takes a path worth 4, the "-" example the 1/2
# path at the bottom left; the 1/2 path on the right is forbidden in solo (prohibition
# token).
CENTRAL_PATHS_MENTIONED = MappingProxyType(
    {"plus_example": "4", "minus_example": "1/2 (bottom left)", "forbidden": "1/2 (right)"}
)
