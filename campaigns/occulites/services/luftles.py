"""Recruiting Luftles and removing the ones lost."""

from collections.abc import Sequence

from django.db import transaction

from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF
from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind
from campaigns.occulites.rules import luftles as luftle_rules
from campaigns.occulites.rules.tribe import LuftleSnapshot
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import LedgerEntry

from ..models import Luftle, LuftleStatus, Tribe
from ._common import (
    _current_result,
    _locked_tribe,
    _record,
    _snapshot_with_spend,
    _spend_deltas,
)
from .season import season_for


def luftle_recruit(
    *, tribe: Tribe, actor, caste: str, base_letter: str, free: bool = False
) -> Luftle:
    """Recruit a Luftle after a scenario: cost (Palaudis Chief and Luftle Nest discounts),
    the Luftle Nest's free recruit, per-scenario limits, tribe maxima, and a Luftle Chief
    only while other Luftles live (Campaign Rules - Recruiting Luftles; Luftles - Luftle
    Caste Types)."""
    base_letter = (base_letter or "").strip().upper()
    if not base_letter:
        raise ValidationError({"base_letter": "Enter the letter on the Luftle's base."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        snapshot = _snapshot_with_spend(tribe, season)
        if any(luftle.base_letter == base_letter for luftle in snapshot.luftles):
            raise ValidationError(
                {"base_letter": f"A Luftle with base {base_letter} is in the tribe."}
            )
        earlier = [
            luftle_rules.LuftleRecruit(
                caste=luftle.caste,
                vp_cost=0,
                free=luftle.free_recruit,
                available_spend_total_after=0,
            )
            for luftle in tribe.luftles.filter(recruited_at_timeslot=season.timeslot)
        ]
        result = _current_result(tribe, season.timeslot)
        chosen = set(result.options_chosen) if result else set()
        scenario = SCENARIOS[result.scenario_key] if result else None
        discount = free_recruits = 0
        if scenario:
            for option in scenario.options:
                if option.key in chosen and option.kind is OptionKind.LUFTLE_DISCOUNT:
                    discount += option.amount or 0
                if option.key in chosen and option.kind is OptionKind.LUFTLE_FREE:
                    free_recruits += option.amount or 0
        recruit = luftle_rules.luftle_recruit(
            snapshot,
            caste,
            earlier_recruits=earlier,
            scenario_discount=discount,
            free_recruits=free_recruits,
            free=free,
        )
        luftle = Luftle.objects.create(
            tribe=tribe,
            caste=caste,
            base_letter=base_letter,
            recruited_at_timeslot=season.timeslot,
            free_recruit=recruit.free,
        )
        deltas = _spend_deltas(recruit.vp_cost)
        record_row_change(deltas, "luftle", luftle.pk, "exists", False, True)
        price = "free (Scenario 9: The Luftle Nest)" if recruit.free else f"{recruit.vp_cost} VP"
        _record(
            campaign=campaign,
            actor=actor,
            kind="luftle.recruit",
            tribe=tribe,
            reason=f"Recruited {LUFTLE_CASTES[caste].name} {base_letter} for {price} "
            "(Campaign Rules - Recruiting Luftles)",
            deltas=deltas,
        )
    return luftle


def luftle_casualties(
    *, tribe: Tribe, actor, base_letters: Sequence[str], ran_away: bool = False
) -> LedgerEntry:
    """Luftles killed (or run away) are removed, not replaced; a Luftle Chief left as the
    only Luftle leaves the tribe with his learned abilities (Luftles - Luftle Caste Types)."""
    letters = [letter.strip().upper() for letter in base_letters]
    if not letters:
        raise ValidationError({"base_letters": "Choose the Luftles that were lost."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        live = list(tribe.luftles.filter(status=LuftleStatus.ACTIVE))
        losses = luftle_rules.luftle_losses(
            [LuftleSnapshot(caste=luftle.caste, base_letter=luftle.base_letter) for luftle in live],
            letters,
        )
        status = LuftleStatus.RAN_AWAY if ran_away else LuftleStatus.KILLED
        deltas: dict = {}
        left = []
        for luftle in live:
            new_status = None
            if luftle.base_letter in letters:
                new_status = status
            elif losses.luftle_chief_left and luftle.caste == LUFTLE_CHIEF:
                new_status = LuftleStatus.LEFT
                left.append(luftle)
            if new_status:
                record_row_change(
                    deltas, "luftle", luftle.pk, "status", luftle.status, str(new_status)
                )
                luftle.status = new_status
                luftle.save(update_fields=["status"])
        reason = f"{'Ran away' if ran_away else 'Killed'}: Luftle(s) {', '.join(letters)}"
        if left:
            reason += "; the Luftle Chief, left alone, leaves the tribe (Luftles - Luftle Chief)"
        return _record(
            campaign=campaign,
            actor=actor,
            kind="luftle.casualties",
            tribe=tribe,
            reason=reason,
            deltas=deltas,
        )
