"""Building the Quest Deck, and where the Watchers Blessings go in a solo game.

Set-up - Quest Deck and Watchers Blessings; Alternate Game Modes - Solo Mode.
"""

import random
from collections.abc import Collection

from campaigns.dawnshade.catalog.quest_deck import MAJOR_THREAT, QUEST_TILE_TYPES, STARTING_VILLAGE
from campaigns.dawnshade.catalog.solo import SOLO_BLESSING_PLACEMENTS
from campaigns.dawnshade.rules.errors import RuleViolation


def build_quest_deck(rng: random.Random) -> tuple[str, ...]:
    """The Quest Deck in draw order, by tile type: the Starting Village goes on the map, the
    other eight tiles are shuffled and placed on top of the Major Threat, which is last."""
    shuffled = [
        tile.key
        for tile in QUEST_TILE_TYPES.values()
        if tile.key not in (STARTING_VILLAGE, MAJOR_THREAT)
        for _ in range(tile.per_deck)
    ]
    rng.shuffle(shuffled)
    return (*shuffled, MAJOR_THREAT)


def solo_blessing_hexes(village_hex: int) -> tuple[int, ...]:
    """The hexes that get a Watchers Blessing in a solo game with the Starting Village on
    ``village_hex``. The Hex 12 row is printed empty, so it is refused: enter it."""
    placement = SOLO_BLESSING_PLACEMENTS.get(village_hex)
    if placement is None:
        raise RuleViolation("The solo placement table covers Starting Village hexes 1 to 12")
    if placement.missing:
        raise RuleViolation(
            f"The rulebook leaves the Hex {village_hex} row empty; enter the blessing hexes"
        )
    return placement.blessing_hexes


def blessing_received(placed_on_hex: int, blessing_hexes: Collection[int]) -> bool:
    """True when a new Quest Tile is placed on a hex with a Watchers Blessing: the Active
    Player receives it."""
    return placed_on_hex in blessing_hexes
