"""Luftle castes a tribe can recruit: statistics, abilities, cost and how many."""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.occulites.catalog.blueprints import StatLine

_CASTES = "Luftles - Luftle Caste Types"


@dataclass(frozen=True)
class LuftleCaste:
    """One Luftle caste.

    ``recruit_limit_per_scenario`` is how many may be recruited at the end of one scenario,
    ``tribe_maximum`` how many the tribe may hold at once. Only a Luftle Chief learns
    abilities; ``tribal_tokens`` are the tokens he brings, to be spent on Luftles only.
    """

    key: str
    name: str
    stats: StatLine
    abilities: tuple[str, ...]
    vp_cost: int
    recruit_limit_per_scenario: int
    tribe_maximum: int
    source: str
    learns_abilities: bool = False
    tribal_tokens: int = 0


_CASTE_LIST = (
    LuftleCaste(
        key="grunt",
        name="Luftle Grunt",
        stats=StatLine(awareness=2, speed=7, attack=1, defence=2, health=2),
        abilities=("diminutive", "slave", "swarm", "teamwork"),
        vp_cost=2,
        recruit_limit_per_scenario=2,
        tribe_maximum=3,
        source=_CASTES,
    ),
    LuftleCaste(
        key="scout",
        name="Luftle Scout",
        stats=StatLine(awareness=2, speed=9, attack=1, defence=2, health=2),
        abilities=("diminutive", "slave", "swarm", "teamwork"),
        vp_cost=3,
        recruit_limit_per_scenario=1,
        tribe_maximum=2,
        source=_CASTES,
    ),
    LuftleCaste(
        key="guard",
        name="Luftle Guard",
        stats=StatLine(awareness=2, speed=7, attack=2, defence=3, health=2),
        abilities=("diminutive", "slave", "swarm", "teamwork"),
        vp_cost=3,
        recruit_limit_per_scenario=1,
        tribe_maximum=2,
        source=_CASTES,
    ),
    LuftleCaste(
        key="drummer",
        name="Luftle Drummer",
        stats=StatLine(awareness=2, speed=6, attack=1, defence=2, health=2),
        abilities=("diminutive", "drumbeat", "slave", "swarm", "teamwork"),
        vp_cost=3,
        recruit_limit_per_scenario=1,
        tribe_maximum=1,
        source=_CASTES,
    ),
    LuftleCaste(
        key="chief",
        name="Luftle Chief",
        stats=StatLine(awareness=2, speed=7, attack=3, defence=3, health=4),
        abilities=("diminutive", "slave", "surge_forth", "swarm", "teamwork"),
        vp_cost=5,
        recruit_limit_per_scenario=1,
        tribe_maximum=1,
        learns_abilities=True,
        tribal_tokens=2,
        source=_CASTES,
    ),
)

LUFTLE_CASTES = MappingProxyType({caste.key: caste for caste in _CASTE_LIST})

LUFTLE_CHIEF = "chief"
