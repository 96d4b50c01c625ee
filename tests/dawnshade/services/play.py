"""Short-hands for playing a turn through the services in tests."""

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Tile


def turn(
    campaign,
    actor,
    *,
    hexes,
    tile_type=None,
    outcome="completed",
    xp=None,
    tawny=None,
    loot=None,
    outpost="",
    label="",
    back_to=None,
    visit_outpost="",
    blessing="",
    between=None,
):
    """Move (to a new tile, or `back_to` a revealed one), do `between()` there, complete it
    and earn its rewards."""
    if back_to is not None:
        tile = Tile.objects.get(
            kinship__campaign=campaign, game_number=back_to.game_number, pk=back_to.pk
        )
        services.kinship_move(
            campaign=campaign,
            actor=actor,
            kind="return",
            tile_id=tile.pk,
            hexes=hexes,
            visit_outpost=visit_outpost,
        )
    else:
        services.kinship_move(
            campaign=campaign,
            actor=actor,
            tile_type=tile_type,
            outpost=outpost,
            label=label,
            hexes=hexes,
            blessing=blessing,
        )
    if between:
        between()
    services.visit_complete(campaign=campaign, actor=actor, outcome=outcome)
    services.visit_earn_rewards(
        campaign=campaign, actor=actor, xp=xp, tawny=tawny or {}, loot_shoot_items=loot
    )


def each(characters, *amounts):
    return {character.pk: amount for character, amount in zip(characters, amounts, strict=True)}


def village(campaign):
    """The Starting Village of the game in play."""
    return Tile.objects.filter(kinship__campaign=campaign, tile_type="starting_village").latest(
        "pk"
    )
