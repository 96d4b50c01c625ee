"""Item Cards as far as the rulebook describes them: types, tiers and the Mercantile draw.

The cards themselves (names, prices, effects) are not transcribed; the group enters each item
a character holds, with its type, buy and sell price and whether it is armour.
"""

from dataclasses import dataclass
from types import MappingProxyType

_MERCANTILE = "Quest Tiles - Outpost - Mercantile"


@dataclass(frozen=True)
class ItemType:
    """How an item is used and whether it stays after use."""

    key: str
    name: str
    summary: str
    discarded_after_use: bool
    source: str


ITEM_TYPES = MappingProxyType(
    {
        item_type.key: item_type
        for item_type in (
            ItemType("instant", "Instant", "Played at any time.", True, _MERCANTILE),
            ItemType("consumable", "Consumable", "Played during your own turn.", True, _MERCANTILE),
            ItemType(
                "permanent",
                "Permanent",
                "Kept for the whole campaign until dropped or sold.",
                False,
                _MERCANTILE,
            ),
        )
    }
)

ITEM_TIERS = (1, 2, 3)

# Each armour item puts one Shield chip under a character's HP chips (Battles - Ally Battle
# Stacks).
SHIELDS_PER_ARMOUR_ITEM = 1

# Loot Shoot draws from the Tier I Item Deck (Events - Loot Shoot).
LOOT_SHOOT_ITEM_TIER = 1
