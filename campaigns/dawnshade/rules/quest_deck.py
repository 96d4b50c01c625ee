"""Building the Quest Deck (by tile type, or from the numbered tiles the group owns), and
where the Watchers Blessings go in a solo game.

Set-up - Quest Deck and Watchers Blessings; End of Game / Campaign (completed Event tiles are
set aside for the rest of the campaign); Alternate Game Modes - Solo Mode.

Ten tiles are chosen at random by type (1 Starting Village, 1 Watchers Temple, 1 Battle,
1 Major Threat, 2 Outpost, 2 Event, 2 Journey); the Starting Village goes on the Quest Mat,
the other eight are shuffled on top of the Major Threat, so the deck holds nine with the
Major Threat at the bottom.
"""

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Self

from campaigns.dawnshade.catalog.quest_deck import (
    EVENT,
    MAJOR_THREAT,
    QUEST_TILE_TYPES,
    STARTING_VILLAGE,
)
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


@dataclass(frozen=True)
class QuestDeck:
    """The Starting Village's tile number and the deck, top first, as (type, number)."""

    starting_village: int
    tiles: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "starting_village": self.starting_village,
            "tiles": [list(tile) for tile in self.tiles],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            starting_village=stored["starting_village"],
            tiles=tuple((kind, number) for kind, number in stored["tiles"]),
        )


def quest_deck_from_owned(
    owned: Mapping[str, Collection[int]],
    rng: random.Random,
    *,
    completed_event_tiles: Collection[int] = (),
) -> QuestDeck:
    """Choose each type's tiles at random from the numbers the group owns, leaving out the
    Event tiles completed earlier in the campaign; shuffle all but the Starting Village and
    the Major Threat, and put the Major Threat at the bottom (Set-up - Quest Deck)."""
    chosen: dict[str, list[int]] = {}
    for kind, tile_type in QUEST_TILE_TYPES.items():
        pool = sorted(set(owned.get(kind, ())))
        if kind == EVENT:
            pool = [number for number in pool if number not in set(completed_event_tiles)]
        if len(pool) < tile_type.per_deck:
            raise RuleViolation(
                f"A Quest Deck needs {tile_type.per_deck} {tile_type.name} tile(s) and only "
                f"{len(pool)} are available"
            )
        chosen[kind] = rng.sample(pool, tile_type.per_deck)
    middle = [
        (kind, number)
        for kind, numbers in chosen.items()
        if kind not in (STARTING_VILLAGE, MAJOR_THREAT)
        for number in numbers
    ]
    rng.shuffle(middle)
    return QuestDeck(
        starting_village=chosen[STARTING_VILLAGE][0],
        tiles=(*middle, (MAJOR_THREAT, chosen[MAJOR_THREAT][0])),
    )


def quest_deck_draw(deck: QuestDeck) -> tuple[tuple[str, int], QuestDeck]:
    """Reveal the top tile (Phases of a Turn - Move Kinship)."""
    if not deck.tiles:
        raise RuleViolation("The Quest Deck is empty")
    return deck.tiles[0], QuestDeck(deck.starting_village, deck.tiles[1:])


def quest_deck_take_major_threat(deck: QuestDeck) -> tuple[tuple[str, int], QuestDeck]:
    """Max Threat reached: the Major Threat comes from the bottom of the deck at once
    (Major Threats)."""
    if not deck.tiles or deck.tiles[-1][0] != MAJOR_THREAT:
        raise RuleViolation("The Major Threat is no longer at the bottom of the Quest Deck")
    return deck.tiles[-1], QuestDeck(deck.starting_village, deck.tiles[:-1])
