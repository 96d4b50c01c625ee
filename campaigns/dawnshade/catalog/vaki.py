"""Väki: the six elements, their two tiers and the three ways to combine Tier I into Tier II."""

from dataclasses import dataclass
from types import MappingProxyType

_POOL = "Set-up - Väki Pool"


@dataclass(frozen=True)
class VakiElement:
    """One element of väki. Tier I is won on the Väki dice; Tier II only by combining."""

    key: str
    name: str
    tier: int
    colour: str
    watcher: str
    source: str


ELEMENTS = MappingProxyType(
    {
        element.key: element
        for element in (
            VakiElement("sun", "Sun", 1, "yellow", "surea", _POOL),
            VakiElement("fire", "Fire", 2, "orange", "xolot", _POOL),
            VakiElement("mountain", "Mountain", 1, "red", "jarus", _POOL),
            VakiElement("air", "Air", 2, "purple", "brecea", _POOL),
            VakiElement("water", "Water", 1, "blue", "danu", _POOL),
            VakiElement("nature", "Nature", 2, "green", "arborea", _POOL),
        )
    }
)

TIER_I = tuple(key for key, element in ELEMENTS.items() if element.tier == 1)
TIER_II = tuple(key for key, element in ELEMENTS.items() if element.tier == 2)


@dataclass(frozen=True)
class VakiCombination:
    """Two different Tier I väki returned to the pool for one Tier II väki."""

    result: str
    ingredients: frozenset[str]
    source: str


# As printed on the Väki Mat (Set-up - Väki Pool).
COMBINATIONS = MappingProxyType(
    {
        combination.result: combination
        for combination in (
            VakiCombination("nature", frozenset({"water", "sun"}), _POOL),
            VakiCombination("air", frozenset({"mountain", "water"}), _POOL),
            VakiCombination("fire", frozenset({"sun", "mountain"}), _POOL),
        )
    }
)

# Chips placed on the Väki Mat at the start of a game, per player (Set-up - Väki Pool).
STARTING_TIER_I_PER_PLAYER = 2
STARTING_TIER_II_PER_PLAYER = 1
