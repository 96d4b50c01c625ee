"""A demo Trilogy campaign for `manage.py demo_data`: three characters, the first game played
through to its Major Threat, and the second game (Chapter III) under way.

Everything goes through the services, so the demo's history is a real ledger. The starting
stats and Logbook rewards are made up for the demo (the rulebook does not print them).
"""

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Tile
from campaigns.dawnshade.rules.training import RaiseStat, UnlockSkillDie


def _turn(
    campaign,
    actor,
    characters,
    *,
    hexes,
    outcome="completed",
    tawny=(0, 0, 0),
    xp=None,
    between=None,
    **move,
):
    services.kinship_move(campaign=campaign, actor=actor, hexes=hexes, **move)
    if between:
        between()
    services.visit_complete(campaign=campaign, actor=actor, outcome=outcome)
    services.visit_earn_rewards(
        campaign=campaign,
        actor=actor,
        xp=xp,
        loot_shoot_items=0,
        tawny={c.pk: amount for c, amount in zip(characters, tawny, strict=True)},
    )


def populate_demo_trilogy(*, campaign, owner, friend) -> None:
    """Game 1 played (Chapter I), game 2 (Chapter III) two tiles in."""
    services.kinship_create(campaign=campaign, actor=owner, mode="trilogy", difficulty="normal")
    ash = services.character_add(
        campaign=campaign,
        actor=owner,
        name="Ash",
        player=owner,
        stats={"agi": 2, "atk": 2, "items": 2, "hp": 5, "def": 1, "dev": 1},
    )
    flash = services.character_add(
        campaign=campaign,
        actor=friend,
        name="Flash",
        player=friend,
        stats={"agi": 3, "atk": 1, "items": 3, "hp": 4, "def": 2, "dev": 2},
    )
    wysp = services.character_add(
        campaign=campaign,
        actor=owner,
        name="Wysp",
        stats={"agi": 2, "atk": 1, "items": 2, "hp": 4, "def": 1, "dev": 3},
    )
    party = [ash, flash, wysp]
    services.chapter_start(campaign=campaign, actor=owner)
    _turn(campaign, owner, party, hexes=2, tile_type="journey", tawny=(2, 1, 1))
    _turn(
        campaign,
        friend,
        party,
        hexes=2,
        tile_type="event",
        label="7",
        outcome="succeed",
        tawny=(3, 3, 3),
    )
    village = Tile.objects.get(kinship__campaign=campaign, tile_type="starting_village")

    def train():
        services.guild_hall_train(
            campaign=campaign,
            actor=owner,
            spends={
                ash.pk: [RaiseStat("atk")],
                flash.pk: [UnlockSkillDie(1)],
                wysp.pk: [RaiseStat("dev")],
            },
        )

    _turn(
        campaign,
        owner,
        party,
        hexes=2,
        kind="return",
        tile_id=village.pk,
        visit_outpost="guild_hall",
        between=train,
    )
    _turn(campaign, friend, party, hexes=3, tile_type="watchers_temple", blessing="wild")
    services.vaki_draw(campaign=campaign, actor=friend, character=flash, element="water")
    services.vaki_spend_for_alignment(
        campaign=campaign, actor=friend, character=flash, element="water", condition_to=ash
    )
    _turn(campaign, owner, party, hexes=3, tile_type="battle", outcome="foe_ko", tawny=(4, 4, 4))
    _turn(
        campaign,
        owner,
        party,
        hexes=4,
        tile_type="outpost",
        outpost="mercantile",
        outcome="foe_ko",
        xp=12,
        tawny=(5, 5, 5),
    )
    services.chapter_end(campaign=campaign, actor=owner)

    services.chapter_start(campaign=campaign, actor=owner, narrative_chapter=3)

    def shop():
        services.item_buy(
            campaign=campaign,
            actor=owner,
            character=ash,
            name="Iron Vest",
            item_type="permanent",
            tier=2,
            buy_price=6,
            sell_price=3,
            armour=True,
        )

    _turn(campaign, owner, party, hexes=2, tile_type="outpost", outpost="mercantile", between=shop)
    services.kinship_move(
        campaign=campaign, actor=friend, hexes=1, tile_type="outpost", outpost="foundry"
    )
