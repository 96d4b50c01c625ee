"""Move Kinship: where the Kinship may go on its turn, and who plays next.

Phases of a Turn - Move Kinship; Quest Tiles - Journey and Starting Village.

The Kinship may move to a new tile drawn from the Quest Deck, back to the Starting Village,
or to an Outpost already revealed. It may not stay put, and may not go back to a revealed
Journey, Watchers Temple, Event or Battle. Whether a new tile can be placed (a connecting
pathway) is judged by the players on the physical map; the app is told.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from campaigns.dawnshade.catalog.quest_deck import (
    JOURNEY,
    MAJOR_THREAT,
    OUTPOST,
    QUEST_TILE_TYPES,
    STARTING_VILLAGE,
)
from campaigns.dawnshade.rules.errors import RuleViolation

NEW_TILE = "new_tile"
RETURN = "return"


@dataclass(frozen=True)
class RevealedTile:
    """A Quest Tile on the Quest Mat: its quest-log key and its type."""

    key: str
    tile_type: str


@dataclass(frozen=True)
class KinshipMove:
    """A move: to a ``NEW_TILE`` drawn from the deck, or a ``RETURN`` to tile ``tile_key``."""

    kind: str
    tile_key: str | None = None


def legal_moves(
    *,
    current_tile: str,
    revealed: Sequence[RevealedTile],
    new_tile_placeable: bool,
    tiles_left_in_deck: int,
) -> tuple[KinshipMove, ...]:
    """Every move the Kinship may make this turn. An empty result means no legal move: the
    Major Threat is revealed at once. ``tiles_left_in_deck`` counts the Major Threat at the
    bottom, which is met in the ordinary way when it is the tile drawn."""
    moves = []
    if new_tile_placeable and tiles_left_in_deck > 0:
        moves.append(KinshipMove(NEW_TILE))
    for tile in revealed:
        if tile.key != current_tile and tile.tile_type in (STARTING_VILLAGE, OUTPOST):
            moves.append(KinshipMove(RETURN, tile.key))
    return tuple(moves)


def check_move(
    move: KinshipMove,
    *,
    current_tile: str,
    revealed: Sequence[RevealedTile],
    new_tile_placeable: bool,
    tiles_left_in_deck: int,
) -> None:
    """Refuse a move the rules forbid, naming the rule."""
    if move.kind == NEW_TILE:
        if tiles_left_in_deck <= 0:
            raise RuleViolation("The Quest Deck has no tile left to draw")
        if not new_tile_placeable:
            raise RuleViolation(
                "A new tile needs a pathway that connects; go back to the Starting Village or a "
                "revealed Outpost instead"
            )
        return
    if move.kind != RETURN:
        raise RuleViolation("The Kinship moves to a new tile or back to a revealed one")
    if move.tile_key == current_tile:
        raise RuleViolation("The Kinship may not stay where it is")
    by_key = {tile.key: tile for tile in revealed}
    tile = by_key.get(move.tile_key)
    if tile is None:
        raise RuleViolation("That tile is not on the Quest Mat")
    if tile.tile_type not in (STARTING_VILLAGE, OUTPOST):
        name = QUEST_TILE_TYPES[tile.tile_type].name
        raise RuleViolation(
            f"The Kinship may not go back to a revealed {name}; only to the Starting Village or "
            "an Outpost"
        )


def keeps_active_player(tile_type: str) -> bool:
    """True for a Journey: the Active Player takes another full turn, skipping Move Active
    Player."""
    if tile_type not in QUEST_TILE_TYPES:
        raise RuleViolation(f"There is no Quest Tile type {tile_type!r}")
    return tile_type == JOURNEY


def next_active_player(players: Sequence[str], active: str, tile_type: str) -> str:
    """Who is Active Player next turn: the next player clockwise (the order of ``players``),
    unless the Kinship has just completed a Journey."""
    if active not in players:
        raise RuleViolation("The Active Player must be one of the players")
    if keeps_active_player(tile_type):
        return active
    return players[(players.index(active) + 1) % len(players)]


def ends_the_game(tile_type: str) -> bool:
    """True for the Major Threat: completing it concludes the chapter."""
    return tile_type == MAJOR_THREAT
