"""Statistics of an Occulite: the starting Genetic Blueprint and the limits on it."""

from dataclasses import dataclass, replace
from types import MappingProxyType

# The order the rulebook prints a profile in: AW, S, A, D, H.
STATS = ("awareness", "speed", "attack", "defence", "health")

STAT_NAMES = MappingProxyType(
    {
        "awareness": "Awareness",
        "speed": "Speed",
        "attack": "Attack",
        "defence": "Defence",
        "health": "Health",
    }
)

# "This can never reduce a statistic to less than 1" (Campaign Rules - Losing Figures;
# Layer Three - Evolutionary Adjustments).
STAT_MINIMUM = 1

# "You start the game with a tribe of five Occulites" (Genetic Blueprints).
TRIBE_SIZE = 5


@dataclass(frozen=True)
class StatLine:
    """One figure's five statistics, in the rulebook's AW/S/A/D/H order."""

    awareness: int
    speed: int
    attack: int
    defence: int
    health: int

    def get(self, stat: str) -> int:
        return getattr(self, stat)

    def with_stat(self, stat: str, value: int) -> "StatLine":
        return replace(self, **{stat: value})


@dataclass(frozen=True)
class StatProfile:
    """A printed row of statistics (a blueprint, a maximum or a required total)."""

    key: str
    name: str
    stats: StatLine
    source: str


STARTING_GENETIC_BLUEPRINT = StatProfile(
    key="starting_genetic_blueprint",
    name="Genetic Blueprint",
    stats=StatLine(awareness=2, speed=6, attack=4, defence=4, health=5),
    source="Your Tribe... Just Your Average Occulite - Genetic Blueprints",
)

CAMPAIGN_MAXIMUM_STATS = StatProfile(
    key="campaign_maximum_stats",
    name="Maximum Statistics During a Campaign",
    stats=StatLine(awareness=3, speed=8, attack=7, defence=7, health=10),
    source="Campaign Rules - Maximum Statistics During a Campaign",
)

EVOLUTIONARY_ADJUSTMENT_TOTALS = StatProfile(
    key="evolutionary_adjustment_totals",
    name="Tribe totals after Evolutionary Adjustments",
    stats=StatLine(awareness=10, speed=30, attack=20, defence=20, health=25),
    source="Layer Three - Advanced Tribe Creation - Evolutionary Adjustments",
)

# "you may make up to 5 Evolutionary Adjustments" (Layer Three).
MAX_EVOLUTIONARY_ADJUSTMENTS = 5
