"""Short-hands for fighting a battle through the services in tests."""

import random

from campaigns.dawnshade import services
from campaigns.dawnshade.battle.state import battle_load, foe_key
from campaigns.dawnshade.models import Foe
from campaigns.dawnshade.services.battle import battle_tool, current_turn
from campaigns.table.tool_state import tool_state


def library(campaign, actor):
    """A Razorback Scout (HP 2, SLD 1) and a Razorback Magus (HP 3) in the foe library."""
    for name, hp, sld in (("Razorback Scout", 2, 1), ("Razorback Magus", 3, 0)):
        services.foe_add(
            campaign=campaign,
            actor=actor,
            name=name,
            faction="might",
            hp=hp,
            sld=sld,
            atk=1,
            defense=1,
            special="Gore",
        )
    return list(Foe.objects.filter(kinship__campaign=campaign).order_by("pk"))


def to_battle(campaign, actor, tile_type="battle"):
    services.kinship_move(campaign=campaign, actor=actor, tile_type=tile_type, hexes=1)


def setup(campaign, actor, foes, *, seed=3, **options):
    services.battle_setup(
        campaign=campaign,
        actor=actor,
        foes=[(position, foe.pk) for position, foe in enumerate(foes, start=1)],
        rng=random.Random(seed),
        **options,
    )


def battle(campaign):
    return battle_load(tool_state(campaign, battle_tool()))


def fight_until_decided(campaign, actor, *, ally_hits=3, foe_hits=1, seed=5, limit=60):
    """Allies hit the first living foe, foes hit the Target Card's ally, until it's decided."""
    rng = random.Random(seed)
    for _ in range(limit):
        now = battle(campaign)
        if now.result() is not None:
            return now
        turn = current_turn(now)
        if turn.side == "foe":
            services.battle_target_reveal(
                campaign=campaign,
                actor=actor,
                turn_number=now.turn_number,
                when_empty="reshuffle",
                when_knocked_out="redraw",
                rng=rng,
            )
            card = battle(campaign).target_deck.revealed[-1]
            if card != "miss" and foe_hits:
                services.battle_hits(
                    campaign=campaign,
                    actor=actor,
                    target=card,
                    hits=foe_hits,
                    attacker=foe_key(turn.position),
                )
        elif ally_hits:
            target = next(stack.key for stack in now.foe_stacks if not stack.knocked_out)
            services.battle_hits(
                campaign=campaign,
                actor=actor,
                target=target,
                hits=ally_hits,
                attacker=turn.character,
            )
        now = battle(campaign)
        if now.result() is not None:
            return now
        services.battle_end_turn(
            campaign=campaign, actor=actor, turn_number=now.turn_number, rng=rng
        )
    raise AssertionError("the battle did not end")
