"""Short-hands for the table tools' tests."""

from campaigns.dawnshade import services
from campaigns.dawnshade.services.table_tools import tool_kind
from campaigns.dawnshade.services.totals import kinship_totals
from campaigns.table.tool_state import tool_state


def give_tawny(campaign, actor, characters, amount):
    for character in characters:
        services.character_tawny_change(
            campaign=campaign, actor=actor, character=character, amount=amount, reason="test"
        )


def tawny(campaign, character):
    return kinship_totals(campaign).of(character).tawny


def state(campaign, tool):
    return tool_state(campaign, tool_kind(tool))


def to_tavern(campaign, actor):
    services.kinship_move(
        campaign=campaign, actor=actor, tile_type="outpost", outpost="tavern", hexes=1
    )


def to_temple(campaign, actor):
    services.kinship_move(campaign=campaign, actor=actor, tile_type="watchers_temple", hexes=1)
