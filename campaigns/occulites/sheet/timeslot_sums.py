"""A tribe's ledger summed per timeslot by the database, for the tribe sheet and print pages.

The season's advance entries (and undos of them) say where each timeslot starts; one query
then groups the tribe's entries by timeslot and adds up each paper-sheet column, so a page
reads ten rows, not every entry of the season.
"""

from django.db.models import Case, F, IntegerField, Q, Sum, Value, When
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from campaigns.occulites.ledger_kinds import UNDO
from campaigns.table.models import LedgerEntry

from .scenario_rows import (
    ADVANCE,
    AVAILABLE_SPEND_TOTAL,
    SUNGEMS,
    TOTAL_VP,
    TimeslotSums,
)


def season_markers(campaign) -> list[tuple[int, int]]:
    """(id, +1) for each advance of the season, (id, -1) for each undo of one, in order."""
    rows = (
        LedgerEntry.objects.filter(campaign=campaign)
        .filter(Q(kind=ADVANCE) | Q(kind=UNDO, subject_type="season", reverses__kind=ADVANCE))
        .order_by("id")
        .values_list("id", "kind")
    )
    return [(entry_id, 1 if kind == ADVANCE else -1) for entry_id, kind in rows]


def _number(key: str):
    return Coalesce(Cast(KT(f"deltas__{key}"), IntegerField()), Value(0))


def tribe_timeslot_sums(tribe, starts: list[tuple[int, int]]) -> list[TimeslotSums]:
    """The tribe's entries summed per timeslot (one query). An undo carries the negated
    deltas, so adding every entry's own numbers to the original's column takes it back."""
    timeslot = Case(
        *(When(id__gte=first_id, then=Value(t)) for first_id, t in reversed(starts[1:])),
        default=Value(starts[0][1]),
    )
    undo = Q(kind=UNDO)
    rows = (
        LedgerEntry.objects.filter(
            campaign_id=tribe.campaign_id, subject_type="tribe", subject_id=str(tribe.pk)
        )
        .order_by()
        .alias(vp=_number(TOTAL_VP), spend=_number(AVAILABLE_SPEND_TOTAL), gems=_number(SUNGEMS))
        .annotate(timeslot=timeslot)
        .values("timeslot")
        .annotate(
            total_vp=Sum("vp"),
            available_spend_total=Sum("spend"),
            sungems=Sum("gems"),
            # The column the original entry filled: a gain, a loss, else a purchase.
            vp_gained=Sum(
                Case(When((~undo & Q(vp__gt=0)) | (undo & Q(vp__lt=0)), then="vp"), default=0)
            ),
            vp_lost=Sum(
                Case(When((~undo & Q(vp__lt=0)) | (undo & Q(vp__gt=0)), then=-F("vp")), default=0)
            ),
            vp_spent=Sum(
                Case(
                    When(
                        Q(vp=0) & ((~undo & Q(spend__lt=0)) | (undo & Q(spend__gt=0))),
                        then=-F("spend"),
                    ),
                    default=0,
                )
            ),
        )
        .order_by("timeslot")
    )
    return [
        TimeslotSums(
            timeslot=row["timeslot"],
            vp_gained=row["vp_gained"],
            vp_lost=row["vp_lost"],
            vp_spent=row["vp_spent"],
            total_vp=row["total_vp"],
            available_spend_total=row["available_spend_total"],
            sungems=row["sungems"],
        )
        for row in rows
    ]
