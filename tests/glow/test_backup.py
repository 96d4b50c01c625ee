"""A Glow group survives a backup round trip: settings, plays, seats, Tom, and undo."""

import json

from campaigns.glow.demo import populate_demo_group
from campaigns.glow.models import GlowSettings, Play, Seat
from campaigns.table import services as table
from campaigns.table.backup import campaign_export, campaign_import
from campaigns.table.ledger import last_undoable_entry, ledger_undo
from tests.factories import UserFactory


def _plays(campaign):
    return [
        (
            p.played_on,
            p.status,
            p.solo,
            p.tom_score,
            p.picked_seat,
            [
                (s.position, s.player_name, s.adventurer, s.core_score, s.butterfly_counts)
                for s in p.seats.all()
            ],
        )
        for p in Play.objects.filter(campaign=campaign).order_by("played_on", "pk")
    ]


def test_a_glow_group_round_trips_through_a_backup(campaign, user):
    friend = UserFactory(username="demo-friend")
    table.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_group(campaign=campaign, owner=user, friend=friend)
    restored = campaign_import(json.loads(json.dumps(campaign_export(campaign))), owner=user)
    assert _plays(restored) == _plays(campaign)
    before = GlowSettings.objects.get(campaign=campaign)
    after = GlowSettings.objects.get(campaign=restored)
    assert (after.villages, after.tile_faces, after.adventurer_names) == (
        before.villages,
        before.tile_faces,
        before.adventurer_names,
    )
    # The restored ledger still undoes: the open pad's creation is the newest entry.
    entry = last_undoable_entry(restored)
    ledger_undo(campaign=restored, actor=user, entry_id=entry.pk)
    assert (
        Play.objects.filter(campaign=restored).count()
        == Play.objects.filter(campaign=campaign).count() - 1
    )
    assert (
        Seat.objects.filter(play__campaign=restored).count()
        == Seat.objects.filter(play__campaign=campaign).count() - 2
    )
