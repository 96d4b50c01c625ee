"""A Dawnshade campaign out to a backup file and back: the same totals for each character
(the per-character ledger keys are renumbered with the characters), the same quest log."""

import json

from campaigns.dawnshade import services
from campaigns.dawnshade.demo import populate_demo_trilogy
from campaigns.dawnshade.models import Kinship
from campaigns.table import services as table
from campaigns.table.backup import campaign_export, campaign_import
from tests.factories import UserFactory


def _by_name(campaign):
    kinship = Kinship.objects.get(campaign=campaign)
    totals = services.kinship_totals(campaign)
    return {
        "kinship": (totals.xp, totals.level, totals.threat, totals.alignment, kinship.active_seat),
        "characters": {
            c.name: (
                totals.of(c).tawny,
                totals.of(c).training_points,
                totals.stats(c),
                sorted(totals.of(c).skill_dice),
            )
            for c in kinship.characters.all()
        },
        "log": list(
            kinship.visits.values_list("game_number", "seq", "tile__tile_type", "outcome", "xp")
        ),
    }


def test_the_demo_survives_a_round_trip(db):
    owner, friend = UserFactory(username="demo"), UserFactory(username="demo-friend")
    campaign = table.campaign_create(owner=owner, game="dawnshade", name="Demo")
    table.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_trilogy(campaign=campaign, owner=owner, friend=friend)
    restored = campaign_import(json.loads(json.dumps(campaign_export(campaign))), owner=owner)
    assert _by_name(restored) == _by_name(campaign)
    # The restored Kinship plays on: the demo's battle in progress takes its next turn.
    from tests.dawnshade.battle_services.fight import battle

    seen = battle(restored).turn_number
    assert battle(restored).to_dict() == battle(campaign).to_dict()
    services.battle_end_turn(campaign=restored, actor=owner, turn_number=seen)
    assert battle(restored).turn_number == seen + 1
