"""What every Character Mat has: six stats and three Skill Dice.

The four characters' starting stats, skill cards and special abilities are printed on their
mats, which are not transcribed; the group enters each character's starting stats.
"""

from dataclasses import dataclass
from types import MappingProxyType

_MAT = "Characters - Character Mat"


@dataclass(frozen=True)
class Stat:
    """One of the six Stat Dials. ``trainable`` is whether a training point may raise it."""

    key: str
    abbreviation: str
    name: str
    summary: str
    trainable: bool
    source: str


STATS = MappingProxyType(
    {
        stat.key: stat
        for stat in (
            Stat("agi", "AGI", "Agility", "How many dice you roll in a turn.", False, _MAT),
            Stat("atk", "ATK", "Attack", "How many Attack Dice you may roll.", True, _MAT),
            Stat("items", "ITEMS", "Items", "How many Item Cards you may hold.", True, _MAT),
            Stat(
                "hp", "HP", "Hitpoints", "HP chips in your Battle Stack at the start.", True, _MAT
            ),
            Stat("def", "DEF", "Defense", "How many Defense Dice you may roll.", True, _MAT),
            Stat("dev", "DEV", "Devotion", "How many Väki Dice you may roll.", True, _MAT),
        )
    }
)
STAT_ORDER = tuple(STATS)
TRAINABLE_STATS = tuple(key for key, stat in STATS.items() if stat.trainable)

SKILL_DICE_PER_CHARACTER = 3
SKILL_DIE_SLOTS = (1, 2, 3)
SKILL_CARDS_PER_CHARACTER = 7
PLAYABLE_CHARACTERS = 4  # in the base game

# The highest value each Stat Dial can show is printed on the dials, not in the rulebook.
STAT_DIAL_MAXIMUMS = None
