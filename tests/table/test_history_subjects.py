"""The history filter's list of subjects: each subject with entries, under its newest label,
found by skipping from subject to subject through an index (its cost is the number of
subjects, not of entries)."""

import random

import pytest
from django.db import connection
from django.db.models import Max

from campaigns.table.history import _SUBJECTS_SQL, subjects_with_history
from campaigns.table.models import LedgerEntry
from tests.factories import CampaignFactory

pytestmark = pytest.mark.django_db


def _entries(campaign, subjects, count, rng):
    LedgerEntry.objects.bulk_create(
        LedgerEntry(
            campaign=campaign,
            kind="probe",
            subject_type=subject_type,
            subject_id=subject_id,
            subject_label=f"{subject_type} {subject_id} as of {n}",
            reason="probe",
        )
        for n, (subject_type, subject_id) in enumerate(rng.choices(subjects, k=count))
    )


def _newest_per_subject(campaign):
    """The plain reading: group every entry by subject, take the newest of each."""
    newest = (
        LedgerEntry.objects.filter(campaign=campaign)
        .values("subject_type", "subject_id")
        .annotate(newest=Max("id"))
        .values_list("newest", flat=True)
    )
    return sorted(
        LedgerEntry.objects.filter(pk__in=list(newest)).values_list(
            "subject_type", "subject_id", "subject_label"
        )
    )


def test_every_subject_under_its_newest_label_and_no_other_campaigns():
    rng = random.Random(7)
    campaign, neighbour = CampaignFactory(), CampaignFactory()
    # Ids that sort differently as text and as numbers, a blank id, types that share a prefix.
    subjects = [("campaign", str(campaign.pk)), ("tribe", "9"), ("tribe", "10"), ("tribe", "")]
    subjects += [("tribes", "1"), ("character", "2"), ("character", "20"), ("a", "z")]
    for _ in range(3):  # interleaved with another campaign's entries
        _entries(campaign, subjects, 150, rng)
        _entries(neighbour, [("tribe", "9"), ("zzz", "1")], 40, rng)
    assert sorted(subjects_with_history(campaign.pk)) == _newest_per_subject(campaign)
    assert len(subjects_with_history(campaign.pk)) == len(subjects)
    assert sorted(subjects_with_history(neighbour.pk)) == _newest_per_subject(neighbour)


def test_a_campaign_without_entries_has_no_subjects():
    assert subjects_with_history(CampaignFactory().pk) == []


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite query plans")
def test_the_list_is_index_seeks_only():
    campaign = CampaignFactory()
    _entries(campaign, [("tribe", "1"), ("tribe", "2"), ("campaign", "1")], 300, random.Random(1))
    sql = _SUBJECTS_SQL.format(table=LedgerEntry._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", [campaign.pk] * 3)
        steps = [row[3] for row in cursor.fetchall()]
    seeks = [step for step in steps if "USING COVERING INDEX ledger_subject_newest" in step]
    assert len(seeks) == 3
    assert not [step for step in steps if "TEMP B-TREE" in step]
    assert not [
        step
        for step in steps
        if step.startswith("SCAN") and "step" not in step and step != "SCAN CONSTANT ROW"
    ]
