"""Refusals of the battle services, each with the rule's words and nothing written; a Major
Threat set up as a battle; undo refused once the battle has moved on."""

import pytest

from campaigns.dawnshade import services
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import ledger_undo
from campaigns.table.models import LedgerEntry

from .fight import battle, fight_until_decided, library, setup, to_battle

pytestmark = pytest.mark.django_db


@pytest.fixture
def foes(campaign, user, playing):
    found = library(campaign, user)
    to_battle(campaign, user)
    return found


def test_an_eighth_foe_is_refused(campaign, user, foes, nothing_written):
    with nothing_written(campaign), pytest.raises(ValidationError, match="eighth foe"):
        services.battle_setup(
            campaign=campaign, actor=user, foes=[(p, foes[0].pk) for p in range(1, 9)]
        )


def test_a_foe_on_an_occupied_ring_is_refused(campaign, user, foes, nothing_written):
    with nothing_written(campaign), pytest.raises(ValidationError, match="already holds a foe"):
        services.battle_setup(
            campaign=campaign, actor=user, foes=[(1, foes[0].pk), (1, foes[1].pk)]
        )


def test_a_battle_is_set_up_only_on_a_battle_tile(campaign, user, playing, nothing_written):
    found = library(campaign, user)
    with nothing_written(campaign), pytest.raises(Exception, match="not on a Battle"):
        services.battle_setup(campaign=campaign, actor=user, foes=[(1, found[0].pk)])


def test_a_stale_next_turn_is_a_conflict(campaign, user, foes, nothing_written):
    setup(campaign, user, foes)
    services.battle_end_turn(campaign=campaign, actor=user, turn_number=0)
    with nothing_written(campaign), pytest.raises(Conflict):
        services.battle_end_turn(campaign=campaign, actor=user, turn_number=0)
    assert battle(campaign).turn_number == 1


def test_a_special_fires_once_a_turn(campaign, user, foes, nothing_written):
    setup(campaign, user, foes)
    services.battle_special(campaign=campaign, actor=user, stack="s1")
    with nothing_written(campaign), pytest.raises(Exception, match="specials do not stack"):
        services.battle_special(campaign=campaign, actor=user, stack="s1")


def test_undo_is_refused_once_the_battle_moved_on(campaign, user, foes):
    setup(campaign, user, foes)
    services.battle_hits(campaign=campaign, actor=user, target="foe:II", hits=1)
    hit = LedgerEntry.objects.filter(campaign=campaign).latest("id")
    services.battle_hits(campaign=campaign, actor=user, target="foe:II", hits=1)
    with pytest.raises(Conflict):
        ledger_undo(campaign=campaign, actor=user, entry_id=hit.pk)


def test_a_major_threat_is_fought_as_a_battle_and_its_xp_entered(campaign, user, playing):
    ash, flash, wysp = playing
    found = library(campaign, user)
    services.kinship_reveal_major_threat(campaign=campaign, actor=user)
    setup(campaign, user, found[:1])
    assert battle(campaign).tile_type == "major_threat"
    decided = fight_until_decided(campaign, user, ally_hits=4)
    # Trilogy's Major Threat rewards are in the Logbook: the XP must be entered.
    with pytest.raises(ValidationError):
        services.battle_finish(campaign=campaign, actor=user, turn_number=decided.turn_number)
    assert battle(campaign).phase == "fighting"
    services.battle_finish(
        campaign=campaign,
        actor=user,
        turn_number=decided.turn_number,
        xp=20,
        tawny={ash.pk: 1, flash.pk: 1, wysp.pk: 1},
        loot_shoot_items=0,
    )
    assert services.kinship_totals(campaign).xp == 20
