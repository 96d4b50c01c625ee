"""A tribe's per-timeslot lines, kept beside the ledger (`TribeTimeslotLine`).

`record_entry` runs for every ledger entry of an Occulites campaign, inside its transaction
with the campaign locked (the game registers it with the platform): a tribe entry adds its
columns to the line of the current timeslot. `rebuild` recomputes every line from the
entries by walking them in order, after a restore. The tribe sheet and print pages read the
lines: ten rows at most per tribe, however long the history.
"""

from django.db.models import Count, Q

from campaigns.occulites.ledger_kinds import UNDO
from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.models import LedgerEntry

from ..models import Tribe, TribeTimeslotLine
from .scenario_rows import (
    ADVANCE,
    EntryFacts,
    TimeslotSums,
    entry_columns,
    walk_sums,
)


def _walk_timeslot(campaign_id: int) -> int:
    """The timeslot the walk is in now: 1 + advances - undone advances (one indexed query)."""
    counts = (
        LedgerEntry.objects.filter(campaign_id=campaign_id)
        .filter(Q(kind=ADVANCE) | Q(kind=UNDO, subject_type="season"))
        .aggregate(
            advances=Count("id", filter=Q(kind=ADVANCE)),
            undone=Count("id", filter=Q(kind=UNDO, reverses__kind=ADVANCE)),
        )
    )
    return 1 + counts["advances"] - counts["undone"]


def record_entry(entry: LedgerEntry) -> None:
    """Add a tribe entry's columns to its tribe's line for the current timeslot."""
    if entry.subject_type != "tribe" or not entry.subject_id.isdigit():
        return
    facts = EntryFacts(kind=entry.kind, is_tribe_entry=True, deltas=entry.deltas)
    columns = entry_columns(facts, _walk_timeslot(entry.campaign_id))
    if not any(getattr(columns, name) for name in TimeslotSums.COLUMNS):
        return
    tribe_id = int(entry.subject_id)
    line = TribeTimeslotLine.objects.filter(
        tribe_id=tribe_id, tribe__campaign_id=entry.campaign_id, timeslot=columns.timeslot
    ).first()
    if line is None:
        if not Tribe.objects.filter(pk=tribe_id, campaign_id=entry.campaign_id).exists():
            return  # not one of this campaign's tribes: nothing on its sheet
        line = TribeTimeslotLine(tribe_id=tribe_id, timeslot=columns.timeslot)
    for name in TimeslotSums.COLUMNS:
        setattr(line, name, getattr(line, name) + getattr(columns, name))
    line.save()


def rebuild(campaign_id: int, *, models=None) -> None:
    """Every tribe's lines of the campaign, from its entries in order. `models` (entry,
    tribe, line) lets the migration that fills the lines pass its historical models."""
    entry_model, tribe_model, line_model = models or (LedgerEntry, Tribe, TribeTimeslotLine)
    tribe_ids = tribe_model.objects.filter(campaign_id=campaign_id).values_list("pk", flat=True)
    rows = (
        entry_model.objects.filter(campaign_id=campaign_id)
        .filter(Q(subject_type="tribe") | Q(kind=ADVANCE) | Q(kind=UNDO, subject_type="season"))
        .order_by("id")
        .values_list("kind", "subject_type", "subject_id", "deltas", "reverses__kind")
    )
    facts_by_tribe: dict[int, list[EntryFacts]] = {pk: [] for pk in tribe_ids}
    for kind, subject_type, subject_id, deltas, reverses_kind in rows:
        if subject_type == "tribe":
            tribe_id = int(subject_id) if subject_id.isdigit() else None
            if tribe_id in facts_by_tribe:
                facts_by_tribe[tribe_id].append(EntryFacts(kind, True, deltas))
            continue
        marker = EntryFacts(kind, False, {}, reverses_kind or "")
        for facts in facts_by_tribe.values():
            facts.append(marker)
    line_model.objects.filter(tribe__campaign_id=campaign_id).delete()
    line_model.objects.bulk_create(
        line_model(
            tribe_id=tribe_id,
            timeslot=sums.timeslot,
            **{name: getattr(sums, name) for name in TimeslotSums.COLUMNS},
        )
        for tribe_id, facts in facts_by_tribe.items()
        for sums in walk_sums(facts)
    )


# The lines of every tribe of a campaign (ten a tribe at most): by the campaign alone, so
# the SQL is built once (compiled_sql.py).
_LINES = CompiledQuery(
    lambda campaign_id: TribeTimeslotLine.objects.filter(
        tribe__campaign_id=campaign_id
    ).values_list("tribe_id", "timeslot", *TimeslotSums.COLUMNS)
)


def timeslot_sums(tribes) -> dict[int, list[TimeslotSums]]:
    """Each tribe's per-timeslot sums (one query for the tribes of a campaign)."""
    sums: dict[int, list[TimeslotSums]] = {tribe.pk: [] for tribe in tribes}
    for campaign_id in {tribe.campaign_id for tribe in tribes}:
        for tribe_id, timeslot, *columns in _LINES.rows(campaign_id=campaign_id):
            if tribe_id in sums:
                sums[tribe_id].append(TimeslotSums(timeslot, *columns))
    return sums
