"""The tribe totals, the ledger's running sums: Total Victory Points, Available Spend Total
and Sungems (Campaign Rules - Available Spend Total; Sungems)."""

from collections.abc import Iterable

from campaigns.table.compiled_sql import CompiledQuery
from campaigns.table.models import LedgerTotal

from ..models import Tribe

TOTAL_VP = "total_vp"
AVAILABLE_SPEND_TOTAL = "available_spend_total"
SUNGEMS = "sungems"
TOTAL_KEYS = (TOTAL_VP, AVAILABLE_SPEND_TOTAL, SUNGEMS)


def tribes_totals(tribes: Iterable[Tribe]) -> dict[int, dict[str, int]]:
    """Total Victory Points, Available Spend Total and Sungems of many tribes in ONE query,
    from the ledger's running sums (undo entries carry the negated deltas, so they cancel)."""
    tribes = list(tribes)
    tribe_ids = [tribe.pk for tribe in tribes]
    totals = {pk: dict.fromkeys(TOTAL_KEYS, 0) for pk in tribe_ids}
    if not tribe_ids:
        return totals
    # Scoped to the tribes' campaigns, so the cost does not grow with other campaigns.
    campaign_ids = {tribe.campaign_id for tribe in tribes}
    if None in campaign_ids:
        campaign_ids = set(
            Tribe.objects.filter(pk__in=tribe_ids).values_list("campaign_id", flat=True)
        )
    rows = LedgerTotal.objects.filter(
        campaign_id__in=campaign_ids,
        subject_type="tribe",
        subject_id__in=[str(pk) for pk in tribe_ids],
        key__in=TOTAL_KEYS,
    ).values_list("subject_id", "key", "total")
    for subject_id, key, total in rows:
        totals[int(subject_id)][key] = total
    return totals


# One tribe's totals, read by every spending and recording page: its SQL is built once.
_TRIBE_TOTALS = CompiledQuery(
    lambda campaign_id, subject_id: LedgerTotal.objects.filter(
        campaign_id=campaign_id, subject_type="tribe", subject_id=subject_id, key__in=TOTAL_KEYS
    ).values_list("key", "total"),
    text=("subject_id",),
)


def tribe_totals(tribe: Tribe) -> dict[str, int]:
    """One tribe's totals from the ledger (see ``tribes_totals``)."""
    if tribe.campaign_id is None:
        return tribes_totals([tribe])[tribe.pk]
    totals = dict.fromkeys(TOTAL_KEYS, 0)
    totals.update(_TRIBE_TOTALS.rows(campaign_id=tribe.campaign_id, subject_id=str(tribe.pk)))
    return totals
