"""The Quest Deck: the ten Quest Tiles each game is built from, by type."""

from dataclasses import dataclass
from types import MappingProxyType

_DECK = "Set-up - Quest Deck"
_TILES = "Quest Tiles"

STARTING_VILLAGE = "starting_village"
WATCHERS_TEMPLE = "watchers_temple"
BATTLE = "battle"
MAJOR_THREAT = "major_threat"
OUTPOST = "outpost"
EVENT = "event"
JOURNEY = "journey"


@dataclass(frozen=True)
class QuestTileType:
    """A type of Quest Tile and how many of it go into each game's Quest Deck.

    ``revisitable`` is whether the Kinship may move back to a tile of this type once it is
    revealed (Phases of a Turn - Move Kinship).
    """

    key: str
    name: str
    per_deck: int
    revisitable: bool
    source: str


QUEST_TILE_TYPES = MappingProxyType(
    {
        tile.key: tile
        for tile in (
            QuestTileType(STARTING_VILLAGE, "Starting Village", 1, True, _DECK),
            QuestTileType(WATCHERS_TEMPLE, "Watchers Temple", 1, False, _DECK),
            QuestTileType(BATTLE, "Battle", 1, False, _DECK),
            QuestTileType(MAJOR_THREAT, "Major Threat", 1, False, _DECK),
            QuestTileType(OUTPOST, "Outpost", 2, True, _DECK),
            QuestTileType(EVENT, "Event", 2, False, _DECK),
            QuestTileType(JOURNEY, "Journey", 2, False, _DECK),
        )
    }
)

QUEST_DECK_SIZE = sum(tile.per_deck for tile in QUEST_TILE_TYPES.values())

# The Watchers Temple and Event tiles are named among the tiles the Kinship may not move back
# to; a Major Threat ends the game, so going back to it never arises.


@dataclass(frozen=True)
class OutpostType:
    """One of the five kinds of Outpost an Outpost tile can be."""

    key: str
    name: str
    source: str


GUILD_HALL = "guild_hall"
TAVERN = "tavern"
MERCANTILE = "mercantile"
FOUNDRY = "foundry"
BOOMSHOT_GALLERY = "boomshot_gallery"

OUTPOST_TYPES = MappingProxyType(
    {
        outpost.key: outpost
        for outpost in (
            OutpostType(GUILD_HALL, "Guild Hall", _TILES + " - Outpost"),
            OutpostType(TAVERN, "Tavern", _TILES + " - Outpost"),
            OutpostType(MERCANTILE, "Mercantile", _TILES + " - Outpost"),
            OutpostType(FOUNDRY, "Foundry", _TILES + " - Outpost"),
            OutpostType(BOOMSHOT_GALLERY, "Boomshot Gallery", _TILES + " - Outpost"),
        )
    }
)

# Quest Tile outcomes, for rewards and the quest log.
COMPLETED = "completed"
SUCCEED = "succeed"
FAIL = "fail"
FOE_KO = "foe_ko"
FOE_RETREAT = "foe_retreat"
ALLY_RETREAT = "ally_retreat"
ALLY_KO = "ally_ko"

BATTLE_OUTCOMES = (FOE_KO, FOE_RETREAT, ALLY_RETREAT, ALLY_KO)
VICTORY_OUTCOMES = (FOE_KO, FOE_RETREAT)

# Which outcomes each tile type can end with.
OUTCOMES_BY_TILE = MappingProxyType(
    {
        STARTING_VILLAGE: (COMPLETED,),
        OUTPOST: (COMPLETED,),
        JOURNEY: (COMPLETED,),
        WATCHERS_TEMPLE: (COMPLETED,),
        EVENT: (SUCCEED, FAIL),
        BATTLE: BATTLE_OUTCOMES,
        MAJOR_THREAT: BATTLE_OUTCOMES,
    }
)
