"""The running totals beside the ledger always equal the sums of the entries themselves."""

import random

from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.table.ledger import ledger_record, ledger_totals_rebuild, numeric_deltas
from campaigns.table.models import Campaign, LedgerEntry, LedgerTotal


def _summed_from_entries(campaign_id: int) -> dict:
    sums: dict = {}
    for entry in LedgerEntry.objects.filter(campaign_id=campaign_id):
        for key, value in numeric_deltas(entry.deltas).items():
            where = (entry.subject_type, entry.subject_id, key)
            sums[where] = sums.get(where, 0) + value
    return {where: total for where, total in sums.items() if total}


def _running(campaign_id: int) -> dict:
    return {
        (row.subject_type, row.subject_id, row.key): row.total
        for row in LedgerTotal.objects.filter(campaign_id=campaign_id)
        if row.total
    }


def test_running_totals_match_the_entries_after_random_writes(campaign, user):
    rng = random.Random(7)
    for n in range(120):
        subject = rng.choice([("tribe", "1"), ("tribe", "2"), ("campaign", str(campaign.pk))])
        deltas = {
            key: rng.randint(-3, 3) for key in rng.sample(["vp", "gems", "character.4.xp"], 2)
        }
        deltas["flag"] = rng.choice([True, False])  # a flag is not a count
        deltas["name"] = {"from": "a", "to": "b"}  # nor is a row change
        ledger_record(
            campaign=campaign,
            actor=user,
            kind="test.write",
            subject_type=subject[0],
            subject_id=subject[1],
            subject_label=f"write {n}",
            reason="random",
            deltas=deltas,
        )
    assert _running(campaign.pk) == _summed_from_entries(campaign.pk)
    assert all(key != "flag" and key != "name" for _t, _s, key in _running(campaign.pk))


def test_rebuild_gives_the_same_totals(campaign, user):
    for value in (5, -2, 4):
        ledger_record(
            campaign=campaign,
            actor=user,
            kind="test.write",
            subject_type="tribe",
            subject_id="9",
            subject_label="t",
            reason="r",
            deltas={"vp": value},
        )
    before = _running(campaign.pk)
    LedgerTotal.objects.filter(campaign=campaign).update(total=0)
    ledger_totals_rebuild(campaign.pk)
    assert _running(campaign.pk) == before == {("tribe", "9", "vp"): 7}


def test_every_demo_campaign_totals_match_its_entries(db):
    """The demo plays each game through its services (writes and undos)."""
    call_command("demo_data")
    for campaign in Campaign.objects.all():
        assert _running(campaign.pk) == _summed_from_entries(campaign.pk), campaign.game


def test_a_write_adds_a_bounded_number_of_queries(campaign, user):
    def record():
        ledger_record(
            campaign=campaign,
            actor=user,
            kind="test.write",
            subject_type="campaign",  # the platform's own subject: no game keeps more of it
            subject_id=str(campaign.pk),
            subject_label="t",
            reason="r",
            deltas={"a": 1, "b": 2, "c": 3, "d": 4},
        )

    record()
    with CaptureQueriesContext(connection) as captured:
        record()
    # insert, version bump (+ re-read), read the totals, update them
    assert len(captured) <= 6
