"""Stand Alone Games: how advanced a tribe is, and the points that buys."""

from dataclasses import dataclass
from types import MappingProxyType

_LEVELS = "Stand Alone Games"


@dataclass(frozen=True)
class TribeLevel:
    """A stand-alone experience level: statistic points to allocate and ability points.

    Awareness is never among the points a level gives.
    """

    key: str
    name: str
    speed_points: int
    attack_points: int
    defence_points: int
    health_points: int
    ability_points: int
    source: str

    def stat_points(self, stat: str) -> int:
        return getattr(self, f"{stat}_points", 0)


_LEVEL_LIST = (
    TribeLevel("new", "New Tribe", 0, 0, 0, 0, 0, _LEVELS),
    TribeLevel("young", "Young Tribe", 0, 0, 0, 0, 2, _LEVELS),
    TribeLevel("experienced", "Experienced Tribe", 3, 2, 2, 3, 5, _LEVELS),
    TribeLevel("veteran", "Veteran Tribe", 5, 4, 4, 5, 8, _LEVELS),
    TribeLevel("legendary", "Legendary Tribe", 7, 6, 6, 7, 11, _LEVELS),
)

TRIBE_LEVELS = MappingProxyType({level.key: level for level in _LEVEL_LIST})
