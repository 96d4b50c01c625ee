"""A demo Trilogy campaign for `manage.py demo_data`: three characters, the first game played
through to its Major Threat, and the second game (Chapter III) under way, with a battle on
the Battle Mat a round and more in (and the group's Quest Tile numbers noted for the Quest
Deck).

Everything goes through the services, so the demo's history is a real ledger. The starting
stats and Logbook rewards are made up for the demo (the rulebook does not print them).
"""

import random

from campaigns.dawnshade import services
from campaigns.dawnshade.battle.state import battle_load, foe_key
from campaigns.dawnshade.models import Foe, Tile
from campaigns.dawnshade.rules.training import RaiseStat, UnlockSkillDie
from campaigns.dawnshade.services.battle import battle_tool, current_turn
from campaigns.table.tool_state import tool_state

DEMO_FOES = (
    ("Razorback Scout", "might", 3, 1, 1, 1, "Gore: +1 hit against a character with no shields"),
    ("Razorback Magus", "might", 4, 0, 2, 1, ""),
    ("Thorn Warden", "neutral", 4, 2, 1, 2, ""),
)
DEMO_OWNED_TILES = {
    "starting_village": [1, 2],
    "watchers_temple": [3, 4],
    "battle": [5, 6, 7],
    "major_threat": [8, 9],
    "outpost": [10, 11, 12, 13],
    "event": [7, 14, 15, 16],
    "journey": [17, 18, 19],
}


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
    services.visit_complete(campaign=campaign, actor=friend, outcome="completed")
    services.visit_earn_rewards(
        campaign=campaign, actor=friend, xp=None, loot_shoot_items=0, tawny={c.pk: 0 for c in party}
    )
    services.quest_tiles_owned(campaign=campaign, actor=owner, owned=DEMO_OWNED_TILES)
    _battle_in_progress(campaign, owner, friend)


def _battle_in_progress(campaign, owner, friend) -> None:
    """Onto a Battle tile: three foes from the library, the battle set up and played into its
    second round (allies deal 1 hit a turn, each foe's Target Card takes 1)."""
    for name, faction, hp, sld, atk, defense, special in DEMO_FOES:
        services.foe_add(
            campaign=campaign,
            actor=owner,
            name=name,
            faction=faction,
            hp=hp,
            sld=sld,
            atk=atk,
            defense=defense,
            special=special,
        )
    services.kinship_move(campaign=campaign, actor=owner, hexes=2, tile_type="battle")
    foes = Foe.objects.filter(kinship__campaign=campaign).order_by("pk")
    rng = random.Random(11)
    services.battle_setup(
        campaign=campaign,
        actor=owner,
        foes=[(position, foe.pk) for position, foe in enumerate(foes, start=1)],
        note="Defeat the Magus before it reaches the Kinship",
        miss_cards=1,
        rng=rng,
    )
    actors = (owner, friend)
    second_round_turns = 0
    for step in range(40):
        now = battle_load(tool_state(campaign, battle_tool()))
        if now.initiative.rounds_finished >= 1:
            if second_round_turns == 2:
                break  # round 1 played, round 2 two turns in
            second_round_turns += 1
        turn = current_turn(now)
        if turn is None:
            break
        actor = actors[step % 2]
        if turn.side == "foe":
            services.battle_target_reveal(
                campaign=campaign,
                actor=actor,
                turn_number=now.turn_number,
                when_empty="reshuffle",
                when_knocked_out="redraw",
                rng=rng,
            )
            card = battle_load(tool_state(campaign, battle_tool())).target_deck.revealed[-1]
            if card != "miss":
                services.battle_hits(
                    campaign=campaign,
                    actor=actor,
                    target=card,
                    hits=1,
                    attacker=foe_key(turn.position),
                )
        else:
            target = next(s.key for s in now.foe_stacks if not s.knocked_out)
            services.battle_hits(
                campaign=campaign, actor=actor, target=target, hits=1, attacker=turn.character
            )
        now = battle_load(tool_state(campaign, battle_tool()))
        if now.result() is not None:
            break
        services.battle_end_turn(
            campaign=campaign, actor=actor, turn_number=now.turn_number, rng=rng
        )
