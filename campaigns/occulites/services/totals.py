"""The tribe totals, summed from the ledger: Total Victory Points, Available Spend Total
and Sungems (Campaign Rules - Available Spend Total; Sungems)."""

from collections.abc import Iterable

from django.db.models import IntegerField, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from campaigns.table.models import LedgerEntry

from ..models import Tribe

TOTAL_VP = "total_vp"
AVAILABLE_SPEND_TOTAL = "available_spend_total"
SUNGEMS = "sungems"
TOTAL_KEYS = (TOTAL_VP, AVAILABLE_SPEND_TOTAL, SUNGEMS)


def tribes_totals(tribes: Iterable[Tribe]) -> dict[int, dict[str, int]]:
    """Total Victory Points, Available Spend Total and Sungems of many tribes, summed from
    the ledger in ONE query (undo entries carry the negated deltas, so they cancel)."""
    tribes = list(tribes)
    tribe_ids = [tribe.pk for tribe in tribes]
    totals = {pk: dict.fromkeys(TOTAL_KEYS, 0) for pk in tribe_ids}
    if not tribe_ids:
        return totals
    # Scoped to the tribes' campaigns, so the (campaign, subject) index is used and the cost
    # does not grow with the other campaigns on the server.
    campaign_ids = {tribe.campaign_id for tribe in tribes}
    if None in campaign_ids:
        campaign_ids = set(
            Tribe.objects.filter(pk__in=tribe_ids).values_list("campaign_id", flat=True)
        )
    rows = (
        LedgerEntry.objects.filter(
            campaign_id__in=campaign_ids,
            subject_type="tribe",
            subject_id__in=[str(pk) for pk in tribe_ids],
        )
        .order_by()
        .values("subject_id")
        .annotate(
            **{
                key: Coalesce(Sum(Cast(KT(f"deltas__{key}"), IntegerField())), 0)
                for key in TOTAL_KEYS
            }
        )
    )
    for row in rows:
        totals[int(row["subject_id"])] = {key: row[key] for key in TOTAL_KEYS}
    return totals


def tribe_totals(tribe: Tribe) -> dict[str, int]:
    """One tribe's totals from the ledger (see ``tribes_totals``)."""
    return tribes_totals([tribe])[tribe.pk]
