"""A whole battle through the services: set-up, turns, the outcome in the quest log with its
XP, the reset and the väki return with its alignment shift (Battles; Let The Battle Begin!;
Victory & Defeat; Reset & Return Väki)."""

import pytest

from campaigns.dawnshade import services
from campaigns.dawnshade.catalog.vaki import ELEMENTS
from campaigns.dawnshade.models import Visit
from campaigns.table.models import DrawLogEntry, LedgerEntry

from .fight import battle, fight_until_decided, library, setup, to_battle

pytestmark = pytest.mark.django_db


def test_a_whole_battle_from_setup_to_reset_and_the_vaki_return(campaign, user, playing):
    ash, flash, wysp = playing
    services.vaki_draw(campaign=campaign, actor=user, character=ash, element="sun", amount=1)
    services.character_condition_add(
        campaign=campaign, actor=user, character=flash, condition="mended", reason="Temple"
    )
    foes = library(campaign, user)
    to_battle(campaign, user)
    setup(campaign, user, foes, note="The Scout may only be attacked last")
    started = battle(campaign)
    assert started.note == "The Scout may only be attacked last"
    assert started.initiative.rounds_total == 5
    # Three players: three ally chips and foe chips I and II; three drawn for round 1.
    assert sorted(started.initiative.bag + started.initiative.stack) == [
        "I",
        "II",
        "ally",
        "ally",
        "ally",
    ]
    assert len(started.initiative.stack) == 3
    assert started.stacks["s2"].condition_keys == ("mended",)
    assert started.stacks["foe:I"].hp == 2 and started.stacks["foe:I"].shields == 1

    decided = fight_until_decided(campaign, user, ally_hits=1)
    assert decided.result().outcome == "foe_ko"

    services.battle_finish(
        campaign=campaign,
        actor=user,
        turn_number=decided.turn_number,
        tawny={ash.pk: 2, flash.pk: 2, wysp.pk: 2},
        loot_shoot_items=0,
    )
    visit = Visit.objects.get(kinship__campaign=campaign, seq=1)
    assert (visit.outcome, visit.rewarded, visit.xp, visit.tawny) == ("foe_ko", True, 14, 6)
    totals = services.kinship_totals(campaign)
    assert totals.xp == 14
    assert totals.of(ash).tawny == 2

    services.battle_reset(campaign=campaign, actor=user)
    after = battle(campaign)
    assert after.phase == "reset"
    assert all(
        stack.hp == stack.hp_stat and not stack.conditions for stack in after.stacks.values()
    )
    assert all(meter.flame == meter.thorn == 0 for meter in after.combo.values())
    # The carried MENDED has left Flash: resolved or removed, it is not carried on.
    assert services.kinship_totals(campaign).of(flash).conditions == ()

    services.vaki_spend_for_alignment(
        campaign=campaign,
        actor=user,
        character=ash,
        element="sun",
        condition_to=ash,
        returning=True,
    )
    totals = services.kinship_totals(campaign)
    sun_watcher = ELEMENTS["sun"].watcher
    assert totals.alignment[sun_watcher] == 1
    assert sum(totals.alignment.values()) == 1
    # The shift to Aligned gave Ash its positive condition for the next battle.
    assert totals.alignment_status.kind == "aligned"
    assert len(totals.of(ash).conditions) == 1
    assert totals.of(ash).vaki["sun"] == 0
    # Every draw is in the shared log, under the battle's tool id.
    tools = set(DrawLogEntry.objects.filter(campaign=campaign).values_list("tool", flat=True))
    assert tools == {"dawnshade.battle"}
    assert DrawLogEntry.objects.filter(campaign=campaign, label="Target Card").exists()
    assert (
        LedgerEntry.objects.filter(campaign=campaign, kind="dawnshade.battle.finish").count() == 1
    )
