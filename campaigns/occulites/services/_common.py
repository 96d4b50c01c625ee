"""Private helpers the player actions share: names, locking, ledger entries and deltas."""

from collections.abc import Iterable, Mapping

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import TribeSnapshot
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import ledger_record, lock_campaign, record_row_change
from campaigns.table.models import Campaign, LedgerEntry
from campaigns.table.ownership import check_may_change

from ..models import AbilityHolding, OcculitesSeason, ScenarioResult, Tribe
from .snapshot import tribe_snapshot
from .totals import AVAILABLE_SPEND_TOTAL, TOTAL_VP, tribe_totals

NAME_MAX_LENGTH = 60


def _clean_name(name: str, field: str = "name") -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({field: "Give it a name."})
    if len(name) > NAME_MAX_LENGTH:
        raise ValidationError({field: f"Keep the name to {NAME_MAX_LENGTH} characters."})
    return name


def _record(
    *, campaign: Campaign, actor, kind: str, tribe: Tribe, reason: str, deltas: dict
) -> LedgerEntry:
    return ledger_record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        subject_type="tribe",
        subject_id=tribe.pk,
        subject_label=tribe.name,
        reason=reason,
        deltas=deltas,
    )


def _record_season(
    *, campaign: Campaign, actor, kind: str, season: OcculitesSeason, reason: str, deltas: dict
) -> LedgerEntry:
    return ledger_record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        subject_type="season",
        subject_id=season.pk,
        subject_label=campaign.name,
        reason=reason,
        deltas=deltas,
    )


def _locked_tribe(tribe: Tribe | int, *, actor) -> tuple[Campaign, Tribe]:
    """Lock the tribe's campaign, re-read the tribe inside the transaction, and refuse
    `actor` when the owner keeps each tribe to its player (`Campaign.edit_policy`)."""
    tribe_id = tribe.pk if isinstance(tribe, Tribe) else tribe
    campaign_id = Tribe.objects.values_list("campaign_id", flat=True).get(pk=tribe_id)
    campaign = lock_campaign(campaign_id)
    tribe = Tribe.objects.get(pk=tribe_id)
    check_may_change(campaign, actor, belongs_to_id=tribe.player_id, what=tribe.name)
    return campaign, tribe


def _holding_state(holding: AbilityHolding) -> str:
    if holding.expires_after_timeslot is None:
        return holding.kind
    return f"{holding.kind}@{holding.expires_after_timeslot}"


def _spend_deltas(vp_cost: int) -> dict:
    return {AVAILABLE_SPEND_TOTAL: -vp_cost} if vp_cost else {}


def _both_totals(amount: int) -> dict:
    """Points gained (or paid) on both the Total Victory Points and the Available Spend Total."""
    return {TOTAL_VP: amount, AVAILABLE_SPEND_TOTAL: amount}


def _vp_loss_deltas(totals: Mapping[str, int], amount: int) -> dict:
    """A rule that removes points takes them off both totals, never below 0."""
    return {
        TOTAL_VP: -min(amount, totals[TOTAL_VP]),
        AVAILABLE_SPEND_TOTAL: -min(amount, totals[AVAILABLE_SPEND_TOTAL]),
    }


def _snapshot_with_spend(tribe: Tribe, season: OcculitesSeason) -> TribeSnapshot:
    """The tribe at this timeslot with its Available Spend Total, for a purchase."""
    totals = tribe_totals(tribe)
    return tribe_snapshot(
        tribe, timeslot=season.timeslot, available_spend_total=totals[AVAILABLE_SPEND_TOTAL]
    )


def _current_result(tribe: Tribe, timeslot: int) -> ScenarioResult | None:
    return ScenarioResult.objects.filter(tribe=tribe, timeslot=timeslot).first()


def _check_in_season(season: OcculitesSeason) -> None:
    if season.long_dark:
        raise RuleViolation("The season is over: the Long Dark has come")


def _remove_holdings(occulite_ids: Iterable[int], ability_key: str) -> dict:
    deltas: dict = {}
    for holding in AbilityHolding.objects.filter(
        occulite_id__in=list(occulite_ids), ability_key=ability_key
    ):
        record_row_change(
            deltas, "ability", holding.occulite_id, ability_key, _holding_state(holding), None
        )
        holding.delete()
    return deltas
