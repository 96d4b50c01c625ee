"""Writing the ledger, bumping the campaign version, and undo.

Every service that changes campaign state calls `ledger_record` inside its transaction, so
the entry, the change and the version bump land together or not at all.
"""

from collections.abc import Callable

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .errors import Conflict, ValidationError
from .models import Campaign, LedgerEntry

# kind -> function restoring state that is not derived from the ledger (e.g. a name).
# Kinds whose effect is only numeric deltas register with `restore=None`.
_undo_restorers: dict[str, Callable[[LedgerEntry], None] | None] = {}


def register_undo(kind: str, restore: Callable[[LedgerEntry], None] | None = None) -> None:
    """Declare that entries of `kind` can be undone, and how to restore their state."""
    _undo_restorers[kind] = restore


def lock_campaign(campaign_id: int) -> Campaign:
    """Fetch the campaign row locked for this transaction (serialises concurrent writers)."""
    return Campaign.objects.select_for_update().get(pk=campaign_id)


def bump_version(campaign: Campaign) -> None:
    """Tell every open page that the campaign changed (in the caller's transaction)."""
    now = timezone.now()
    Campaign.objects.filter(pk=campaign.pk).update(version=F("version") + 1, last_activity_at=now)
    campaign.refresh_from_db(fields=["version", "last_activity_at"])


def ledger_record(
    *,
    campaign: Campaign,
    actor,
    kind: str,
    subject_type: str,
    subject_id: str | int = "",
    subject_label: str,
    reason: str,
    deltas: dict | None = None,
    reverses: LedgerEntry | None = None,
) -> LedgerEntry:
    """Append one entry and bump the campaign version. Call inside the service's transaction."""
    entry = LedgerEntry.objects.create(
        campaign=campaign,
        actor=actor,
        kind=kind,
        subject_type=subject_type,
        subject_id=str(subject_id),
        subject_label=subject_label[:120],
        reason=reason[:300],
        deltas=deltas or {},
        reverses=reverses,
    )
    bump_version(campaign)
    return entry


def reversed_deltas(deltas: dict) -> dict:
    """Numbers change sign; {"from": a, "to": b} changes swap ends."""
    result = {}
    for key, value in deltas.items():
        if isinstance(value, dict) and set(value) == {"from", "to"}:
            result[key] = {"from": value["to"], "to": value["from"]}
        else:
            result[key] = -value
    return result


def is_undoable(entry: LedgerEntry) -> bool:
    """A registered kind, not itself an undo, and not undone already.

    Uses the `undone` count when the queryset annotated it (history pages), else a query.
    """
    if entry.kind not in _undo_restorers or entry.reverses_id is not None:
        return False
    undone = getattr(entry, "undone", None)
    if undone is None:
        undone = LedgerEntry.objects.filter(reverses=entry).exists()
    return not undone


def ledger_undo(*, campaign: Campaign, actor, entry_id: int) -> LedgerEntry:
    """Undo one entry by appending a reversing entry that points at it."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        try:
            entry = LedgerEntry.objects.get(campaign=campaign, pk=entry_id)
        except LedgerEntry.DoesNotExist:
            raise ValidationError("That history entry does not exist.") from None
        if entry.kind not in _undo_restorers or entry.reverses_id is not None:
            raise ValidationError(f"“{entry.reason}” cannot be undone.")
        if LedgerEntry.objects.filter(reverses=entry).exists():
            raise Conflict(f"“{entry.reason}” was already undone.")
        restore = _undo_restorers[entry.kind]
        if restore is not None:
            restore(entry)
        return ledger_record(
            campaign=campaign,
            actor=actor,
            kind="undo",
            subject_type=entry.subject_type,
            subject_id=entry.subject_id,
            subject_label=entry.subject_label,
            reason=f"Undo: {entry.reason}",
            deltas=reversed_deltas(entry.deltas),
            reverses=entry,
        )


def ledger_totals(entries, keys: tuple[str, ...]) -> dict[str, int]:
    """Sum the numeric deltas of `keys` over entries (undo entries carry the negation)."""
    totals = dict.fromkeys(keys, 0)
    for entry in entries:
        for key in keys:
            value = entry.deltas.get(key)
            if isinstance(value, int):
                totals[key] += value
    return totals
