"""The ledger: append-only entries, version bumps, undo by reversing entry."""

import pytest

from campaigns.table import services
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import ledger_record, ledger_totals, ledger_undo, register_undo
from campaigns.table.models import Campaign, LedgerEntry

register_undo("test.vp")


def test_creating_a_campaign_writes_the_first_entry(campaign, user):
    entry = LedgerEntry.objects.get(campaign=campaign)
    assert entry.kind == "campaign.create"
    assert entry.actor == user
    assert "The Long Season" in entry.reason


def test_every_write_bumps_the_version_in_the_same_transaction(campaign, user):
    before = campaign.version
    services.campaign_rename(campaign=campaign, actor=user, name="Second Season")
    campaign.refresh_from_db()
    assert campaign.version == before + 1


def test_entries_cannot_be_updated_or_deleted(campaign):
    entry = LedgerEntry.objects.get(campaign=campaign)
    entry.reason = "rewritten"
    with pytest.raises(TypeError):
        entry.save()
    with pytest.raises(TypeError):
        entry.delete()
    with pytest.raises(TypeError):
        LedgerEntry.objects.filter(pk=entry.pk).update(reason="rewritten")
    with pytest.raises(TypeError):
        LedgerEntry.objects.filter(pk=entry.pk).delete()
    assert LedgerEntry.objects.get(pk=entry.pk).reason != "rewritten"


def test_no_code_outside_the_ledger_updates_or_deletes_entries():
    """A source scan: nothing calls update()/delete() on the ledger or saves an old entry."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    offenders = []
    pattern = re.compile(r"LedgerEntry\.objects[^\n]*\.(update|delete|bulk_update)\(")
    for path in [*root.glob("campaigns/**/*.py"), *root.glob("rulesref/**/*.py")]:
        if pattern.search(path.read_text()):
            offenders.append(str(path))
    assert offenders == []


def test_undo_appends_a_reversing_entry_pointing_at_the_original(campaign, user):
    with_vp = ledger_record(
        campaign=campaign,
        actor=user,
        kind="test.vp",
        subject_type="tribe",
        subject_id=1,
        subject_label="Red tribe",
        reason="Won the hunt",
        deltas={"total_vp": 5, "available_spend_total": 5},
    )
    reversal = ledger_undo(campaign=campaign, actor=user, entry_id=with_vp.pk)
    assert reversal.reverses == with_vp
    assert reversal.deltas == {"total_vp": -5, "available_spend_total": -5}
    entries = LedgerEntry.objects.filter(campaign=campaign, subject_type="tribe")
    assert ledger_totals(entries, ("total_vp", "available_spend_total")) == {
        "total_vp": 0,
        "available_spend_total": 0,
    }
    assert LedgerEntry.objects.filter(pk=with_vp.pk).exists()


def test_an_entry_can_be_undone_only_once(campaign, user):
    entry = ledger_record(
        campaign=campaign,
        actor=user,
        kind="test.vp",
        subject_type="tribe",
        subject_label="Red",
        reason="VP",
        deltas={"total_vp": 1},
    )
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    with pytest.raises(Conflict):
        ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)


def test_an_undo_itself_and_unregistered_kinds_cannot_be_undone(campaign, user):
    first = LedgerEntry.objects.get(campaign=campaign, kind="campaign.create")
    with pytest.raises(ValidationError):
        ledger_undo(campaign=campaign, actor=user, entry_id=first.pk)
    entry = ledger_record(
        campaign=campaign,
        actor=user,
        kind="test.vp",
        subject_type="tribe",
        subject_label="Red",
        reason="VP",
        deltas={"total_vp": 1},
    )
    reversal = ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    with pytest.raises(ValidationError):
        ledger_undo(campaign=campaign, actor=user, entry_id=reversal.pk)


def test_undoing_a_rename_restores_the_old_name(campaign, user):
    services.campaign_rename(campaign=campaign, actor=user, name="Renamed")
    entry = LedgerEntry.objects.get(campaign=campaign, kind="campaign.rename")
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    assert Campaign.objects.get(pk=campaign.pk).name == "The Long Season"


def test_a_failed_service_writes_nothing(campaign, user):
    version = campaign.version
    with pytest.raises(ValidationError):
        services.campaign_rename(campaign=campaign, actor=user, name="   ")
    campaign.refresh_from_db()
    assert campaign.version == version
    assert LedgerEntry.objects.filter(campaign=campaign).count() == 1


def test_a_stale_rename_is_refused_instead_of_overwriting(campaign, user, player):
    services.campaign_rename(
        campaign=campaign, actor=player, name="Theirs", expected_name="The Long Season"
    )
    with pytest.raises(Conflict):
        services.campaign_rename(
            campaign=campaign, actor=user, name="Mine", expected_name="The Long Season"
        )
    assert Campaign.objects.get(pk=campaign.pk).name == "Theirs"


def test_history_rows_name_each_month_as_strftime_does():
    import datetime
    import zoneinfo

    from campaigns.table.history import history_row

    for month in range(1, 13):
        when = datetime.datetime(2026, month, 3, 7, 5, tzinfo=datetime.UTC)
        row = history_row("r", "w", "s", when, False, False, "", datetime.UTC)
        assert row["time"] == f"{when.day} {when:%b %H:%M}" == f"3 {when:%b} 07:05"
    # With microseconds, in a zone ahead of UTC: the local day, hour and minute.
    helsinki = zoneinfo.ZoneInfo("Europe/Helsinki")
    when = datetime.datetime(2026, 12, 31, 23, 59, 1, 123456, tzinfo=datetime.UTC)
    row = history_row("r", "w", "s", when, False, False, "", helsinki)
    assert row["time"] == "1 Jan 01:59"
    assert row["iso_time"] == "2027-01-01T01:59:01.123456+02:00"
