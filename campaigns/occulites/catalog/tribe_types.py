"""Tribe types of the base game and the innate abilities each one brings."""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.occulites.catalog.abilities import AbilityPool


@dataclass(frozen=True)
class TribeType:
    """A Tribal Type (Layer Five): innate abilities by holder and its learned ability pool.

    ``ability_pool`` is None for a tribe without a type, which learns from the General
    Ability Pool only.
    """

    key: str
    name: str
    innate_all_members: tuple[str, ...]
    innate_chief: tuple[str, ...]
    innate_netter: tuple[str, ...]
    ability_pool: AbilityPool | None
    source: str


_TRIBE_TYPE_LIST = (
    TribeType(
        key="none",
        name="No tribe type",
        innate_all_members=(),
        innate_chief=(),
        innate_netter=(),
        ability_pool=None,
        source="Your Tribe... Just Your Average Occulite - Genetic Blueprints "
        "(no abilities in the Core Game)",
    ),
    TribeType(
        key="palaudis",
        name="Palaudis",
        innate_all_members=("swampwise",),
        innate_chief=("friend_of_the_luftles", "luftle_advisor"),
        innate_netter=(),
        ability_pool=AbilityPool.PALAUDIS,
        source="Occulite Tribes - Palaudis Tribes",
    ),
    TribeType(
        key="hydris",
        name="Hydris",
        innate_all_members=("waterwise",),
        innate_chief=("healing_mucus",),
        innate_netter=("hunting_net",),
        ability_pool=AbilityPool.HYDRIS,
        source="Occulite Tribes - Hydris Tribes",
    ),
)

TRIBE_TYPES = MappingProxyType({tribe_type.key: tribe_type for tribe_type in _TRIBE_TYPE_LIST})
