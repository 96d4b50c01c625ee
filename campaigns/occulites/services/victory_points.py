"""Victory Points gained, removed by a rule, and spent."""

from collections.abc import Mapping

from django.db import transaction

from campaigns.occulites.ledger_kinds import OcculitesKind
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import ValidationError
from campaigns.table.models import LedgerEntry

from ..models import Tribe
from ._common import _both_totals, _locked_tribe, _record, _vp_loss_deltas
from .totals import AVAILABLE_SPEND_TOTAL, tribe_totals


def tribe_award_vp(*, tribe: Tribe, actor, amount: int, reason: str) -> LedgerEntry:
    """Victory Points gained: both the Total Victory Points and the Available Spend Total
    grow (Campaign Rules - Available Spend Total). A negative amount is refused: points are
    only taken away by a named rule (``tribe_lose_vp``)."""
    if amount < 0:
        raise ValidationError(
            {
                "amount": "Victory Points gained cannot be negative: the Total Victory Points "
                "only fall where a rule removes points (Campaign Rules - Available Spend Total)"
            }
        )
    if amount == 0:
        raise ValidationError({"amount": "Award at least 1 Victory Point."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.VP_AWARD,
            tribe=tribe,
            reason=f"+{amount} VP: {reason}",
            deltas=_both_totals(amount),
        )


def tribe_lose_vp(*, tribe: Tribe, actor, amount: int, rule: str) -> LedgerEntry:
    """Victory Points a rule removes from both totals (e.g. Siege at the Cave Mouth: the
    Attacker loses 3 VP); ``rule`` names it. Neither total goes below 0."""
    if amount < 1:
        raise ValidationError({"amount": "Remove at least 1 Victory Point."})
    if not rule.strip():
        raise ValidationError({"rule": "Name the rule that removes the points."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        totals = tribe_totals(tribe)
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.VP_LOSE,
            tribe=tribe,
            reason=f"-{amount} VP: {rule}",
            deltas=_vp_loss_deltas(totals, amount),
        )


def _check_affordable(totals: Mapping[str, int], cost: int, what: str) -> None:
    if cost > totals[AVAILABLE_SPEND_TOTAL]:
        raise RuleViolation(
            f"{what} costs {cost} VP but the Available Spend Total is "
            f"{totals[AVAILABLE_SPEND_TOTAL]} (Campaign Rules - Available Spend Total)"
        )


def tribe_spend_vp(*, tribe: Tribe, actor, amount: int, reason: str) -> LedgerEntry:
    """Spend Victory Points: the Available Spend Total falls, the Total does not. Refused
    when unaffordable; the campaign lock makes concurrent spends queue, so the total can
    never go negative."""
    if amount < 1:
        raise ValidationError({"amount": "Spend at least 1 Victory Point."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        _check_affordable(tribe_totals(tribe), amount, reason or "This")
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.VP_SPEND,
            tribe=tribe,
            reason=f"Spent {amount} VP: {reason}",
            deltas={AVAILABLE_SPEND_TOTAL: -amount},
        )
