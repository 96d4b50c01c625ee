"""Writing the ledger, bumping the campaign version, and undo.

Every service that changes campaign state calls `ledger_record` inside its transaction, so
the entry, the change and the version bump land together or not at all.
"""

from collections.abc import Callable

from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.models import F
from django.utils import timezone

from .compiled_sql import CompiledQuery
from .errors import Conflict, ValidationError
from .games import game
from .models import Campaign, LedgerEntry, LedgerTotal

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
    # The version bump locks the campaign row, so totals are read-modify-written one writer
    # at a time.
    bump_version(campaign)
    _add_to_totals(entry)
    registration = game(campaign.game)
    if registration is not None and registration.on_ledger_entry is not None:
        registration.on_ledger_entry(entry)
    return entry


def numeric_deltas(deltas: dict) -> dict[str, int]:
    """The deltas that are counts (summed into totals); row changes and flags are not."""
    return {
        key: value
        for key, value in deltas.items()
        if isinstance(value, int) and not isinstance(value, bool)
    }


def _add_to_totals(entry: LedgerEntry) -> None:
    changes = {key: value for key, value in numeric_deltas(entry.deltas).items() if value}
    if not changes:
        return
    subject = {
        "campaign_id": entry.campaign_id,
        "subject_type": entry.subject_type,
        "subject_id": entry.subject_id,
    }
    existing = {
        total.key: total for total in LedgerTotal.objects.filter(**subject, key__in=list(changes))
    }
    for key, total in existing.items():
        total.total += changes[key]
    LedgerTotal.objects.bulk_update(existing.values(), ["total"])
    LedgerTotal.objects.bulk_create(
        LedgerTotal(**subject, key=key, total=value)
        for key, value in changes.items()
        if key not in existing
    )


def ledger_totals_rebuild(campaign_id: int) -> None:
    """Recompute a campaign's running totals from its entries (after a restore)."""
    sums: dict[tuple[str, str, str], int] = {}
    entries = LedgerEntry.objects.filter(campaign_id=campaign_id).order_by()
    for subject_type, subject_id, deltas in entries.values_list(
        "subject_type", "subject_id", "deltas"
    ):
        for key, value in numeric_deltas(deltas).items():
            where = (subject_type, subject_id, key)
            sums[where] = sums.get(where, 0) + value
    LedgerTotal.objects.filter(campaign_id=campaign_id).delete()
    LedgerTotal.objects.bulk_create(
        LedgerTotal(campaign_id=campaign_id, subject_type=kind, subject_id=pk, key=key, total=total)
        for (kind, pk, key), total in sums.items()
    )


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
    if not undoable(entry.kind, entry.reverses_id, undone=False):
        return False
    undone = getattr(entry, "undone", None)
    if undone is None:
        undone = LedgerEntry.objects.filter(reverses=entry).exists()
    return not undone


def undoable(kind: str, reverses_id: int | None, undone: bool) -> bool:
    """`is_undoable` from an entry's columns: a registered kind, not an undo, not undone."""
    return kind in _undo_restorers and reverses_id is None and not undone


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
        from .ownership import may_undo

        if not may_undo(campaign, actor, entry):
            raise ValidationError(
                "You can undo only your own actions: the owner has set "
                "“players change only what is theirs”."
            )
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


_UNDO_FIELDS = ["id", "campaign_id", "actor_id", "kind", "reason", "reverses_id"]


def _newest_entries(campaign_id, actor_id=None):
    """The newest 20 entries (of one actor, if given) with whether each was undone; not the
    deltas: a battle's entries carry whole snapshots, and the undo button needs none."""
    entries = LedgerEntry.objects.filter(campaign_id=campaign_id)
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    # The entry that undid each, joined by the unique `reverses` index row by row: a Count
    # grouped every entry of the campaign first, and as an EXISTS PostgreSQL hashed every
    # reversal of the ledger.
    return entries.order_by("-id").values_list(*_UNDO_FIELDS, "reversed_by__id")[:20]


_NEWEST_ENTRIES = CompiledQuery(lambda campaign_id: _newest_entries(campaign_id))
_NEWEST_OWN_ENTRIES = CompiledQuery(_newest_entries)


def last_undoable_entry(campaign: Campaign, membership=None) -> LedgerEntry | None:
    """The newest entry that can still be undone (looks at the last few only: one query).

    Given the member asking, and where the owner keeps players to their own things, a
    player's newest own entry: what their one-tap undo may take back."""
    if membership is not None and campaign.edit_policy == "own" and not membership.is_owner:
        rows = _NEWEST_OWN_ENTRIES.rows(campaign_id=campaign.pk, actor_id=membership.user_id)
    else:
        rows = _NEWEST_ENTRIES.rows(campaign_id=campaign.pk)
    for row in rows:
        entry = LedgerEntry.from_db(DEFAULT_DB_ALIAS, _UNDO_FIELDS, row[:-1])
        entry.undone = row[-1] is not None
        if is_undoable(entry):
            return entry
    return None


# --- row changes: what an entry changed outside the ledger, and putting it back ------------
#
# A service that changes a row records it in the entry's deltas as
# {"<model>.<pk>.<field>": {"from": old, "to": new}}; a row it created is recorded with the
# field "exists" ({"from": False, "to": True}). `RowRestorer` undoes such an entry: every
# change must still be as the entry left it (else Conflict), then each is put back.


def record_row_change(deltas: dict, model: str, pk: int, field: str, old, new) -> None:
    """Note in `deltas` that row `model` #`pk` had `field` changed from `old` to `new`."""
    deltas[f"{model}.{pk}.{field}"] = {"from": old, "to": new}


def row_changes(entry: LedgerEntry):
    """(model, pk, field, change) for each row change the entry recorded."""
    for key, change in entry.deltas.items():
        if isinstance(change, dict) and set(change) == {"from", "to"} and key.count(".") == 2:
            model, pk, field = key.split(".")
            yield model, int(pk), field, change


class RowRestorer:
    """The undo restorer of a game's entries that record row changes.

    `models` maps the model keys used in the deltas to their classes. `custom` maps a model
    key to a function (pk, field, change) -> callable that checks the change can be put back
    (raising Conflict) and returns the step that does it, for rows that are not plain fields
    (e.g. an ability held by a figure). `check_removal` maps a model key to a check run before
    a row the entry created is deleted (raise Conflict when it has moved on). `check_entry`
    is the game's own check of the whole entry (e.g. no balance may go below 0 after the
    reversal). Rows created by the entry of the models in `delete_last` go after the others
    (children before their parent).
    """

    def __init__(
        self,
        models: dict,
        *,
        custom: dict | None = None,
        check_removal: dict | None = None,
        check_entry: Callable[[LedgerEntry], None] | None = None,
        delete_last: tuple[str, ...] = (),
    ):
        self.models = models
        self.custom = custom or {}
        self.check_removal = check_removal or {}
        self.check_entry = check_entry
        self.delete_last = delete_last

    def _step(self, model: str, pk: int, field: str, change: dict):
        if model in self.custom:
            return self.custom[model](pk, field, change)
        row = self.models[model].objects.filter(pk=pk).first()
        if field == "exists":
            if row is None:
                raise Conflict("That record is gone already.")
            if model in self.check_removal:
                self.check_removal[model](row)
            return row.delete
        current = getattr(row, field) if row is not None else None
        if current != change["to"]:
            raise Conflict("That has changed since; undo the later change first.")

        def put_back():
            setattr(row, field, change["from"])
            row.save(update_fields=[field])

        return put_back

    def __call__(self, entry: LedgerEntry) -> None:
        plan = [
            (model in self.delete_last, self._step(model, pk, field, change))
            for model, pk, field, change in row_changes(entry)
        ]
        if self.check_entry is not None:
            self.check_entry(entry)
        plan.sort(key=lambda step: step[0])
        for _, step in plan:
            step()


def undo_with_partner(restore: Callable[[LedgerEntry], None]) -> Callable[[LedgerEntry], None]:
    """A restorer for entries written in pairs (e.g. Sungems moved from one tribe to another):
    undoing one also reverses its partner, named by `deltas["pair_of"]` on either side."""

    def restore_pair(entry: LedgerEntry) -> None:
        partner_id = (entry.deltas.get("pair_of") or {}).get("to")
        if partner_id is None:
            partner = LedgerEntry.objects.filter(
                campaign_id=entry.campaign_id, kind=entry.kind, deltas__pair_of__to=entry.pk
            ).first()
        else:
            partner = LedgerEntry.objects.filter(pk=partner_id).first()
        restore(entry)
        if partner is None or LedgerEntry.objects.filter(reverses=partner).exists():
            return
        restore(partner)
        ledger_record(
            campaign=partner.campaign,
            actor=entry.actor,
            kind="undo",
            subject_type=partner.subject_type,
            subject_id=partner.subject_id,
            subject_label=partner.subject_label,
            reason=f"Undo: {partner.reason}",
            deltas=reversed_deltas(partner.deltas),
            reverses=partner,
        )

    return restore_pair
