"""Undo restorers of the Occulites ledger entries, registered on import."""

from campaigns.table.errors import Conflict
from campaigns.table.ledger import ledger_record, register_undo, reversed_deltas
from campaigns.table.models import LedgerEntry

from ..models import (
    AbilityHolding,
    LongDarkRoll,
    Luftle,
    LuftleStatus,
    NextScenarioEffect,
    Occulite,
    OcculitesSeason,
    ScenarioChoice,
    ScenarioNomination,
    ScenarioResult,
    Tribe,
)
from ._common import _holding_state
from .totals import AVAILABLE_SPEND_TOTAL, SUNGEMS, TOTAL_KEYS, TOTAL_VP, tribe_totals

_MODELS = {
    "occulite": Occulite,
    "luftle": Luftle,
    "season": OcculitesSeason,
    "choice": ScenarioChoice,
    "nomination": ScenarioNomination,
    "result": ScenarioResult,
    "effect": NextScenarioEffect,
    "long_dark_roll": LongDarkRoll,
}


def _parse_state(state: str) -> tuple[str, int | None]:
    kind, _, expires = state.partition("@")
    return kind, int(expires) if expires else None


def _restore_rows(entry: LedgerEntry) -> None:
    """Put back what an entry changed: each row change must still be as the entry left it
    (else Conflict), and the tribe's totals must stay at or above 0 after the reversal."""
    plan = []
    for key, change in entry.deltas.items():
        if not (isinstance(change, dict) and key.count(".") == 2):
            continue
        model, pk, field = key.split(".")
        pk = int(pk)
        if model in ("ability", "luftle_ability"):
            owner = {"occulite_id": pk} if model == "ability" else {"luftle_id": pk}
            holding = AbilityHolding.objects.filter(ability_key=field, **owner).first()
            current = _holding_state(holding) if holding else None
            if current != change["to"]:
                raise Conflict("That ability has changed since; undo the later change first.")
            plan.append((model, owner, field, holding, change["from"]))
            continue
        row = _MODELS[model].objects.filter(pk=pk).first()
        if field == "exists":
            if row is None:
                raise Conflict("That record is gone already.")
            if model == "luftle" and row.status != LuftleStatus.ACTIVE:
                raise Conflict("That Luftle has been lost since; undo that first.")
            if model == "choice" and (row.drawn_scenario or row.nominations.count() > 1):
                raise Conflict("The scenario choice has moved on; undo the later step first.")
            plan.append((model, None, field, row, False))
            continue
        current = getattr(row, field) if row is not None else None
        if current != change["to"]:
            raise Conflict("That has changed since; undo the later change first.")
        plan.append((model, None, field, row, change["from"]))
    if entry.subject_type == "tribe":
        after = tribe_totals(Tribe(pk=int(entry.subject_id)))
        for key, value in reversed_deltas(
            {k: v for k, v in entry.deltas.items() if k in TOTAL_KEYS}
        ).items():
            after[key] += value
        if after[AVAILABLE_SPEND_TOTAL] < 0 or after[SUNGEMS] < 0 or after[TOTAL_VP] < 0:
            raise Conflict("Those points have been spent since; undo the spending first.")
    # Nominations go before the choice they belong to.
    plan.sort(key=lambda step: step[0] == "choice")
    for model, owner, field, row, old in plan:
        if model in ("ability", "luftle_ability"):
            if row is not None:
                row.delete()
            if old is not None:
                kind, expires = _parse_state(old)
                AbilityHolding.objects.create(
                    ability_key=field, kind=kind, expires_after_timeslot=expires, **owner
                )
        elif field == "exists":
            row.delete()
        else:
            setattr(row, field, old)
            row.save(update_fields=[field])


def _restore_pair(entry: LedgerEntry) -> None:
    """A Sungem move is a pair of entries: undoing one writes the partner's reversal too."""
    partner_id = (entry.deltas.get("pair_of") or {}).get("to")
    if partner_id is None:
        partner = LedgerEntry.objects.filter(
            campaign_id=entry.campaign_id, kind=entry.kind, deltas__pair_of__to=entry.pk
        ).first()
    else:
        partner = LedgerEntry.objects.filter(pk=partner_id).first()
    if partner is None or LedgerEntry.objects.filter(reverses=partner).exists():
        _restore_rows(entry)
        return
    _restore_rows(entry)
    _restore_rows(partner)
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


for _kind in (
    "vp.award",
    "vp.lose",
    "vp.spend",
    "sungems.change",
    "occulite.add",
    "ability.buy",
    "ability.buy_luftle_chief",
    "ability.situational",
    "ability.remove",
    "occulite.stat",
    "occulite.defence_regain",
    "occulite.reborn",
    "effect.next_scenario",
    "luftle.recruit",
    "luftle.casualties",
    "season.deck",
    "season.house_value",
    "scenario.nominate",
    "scenario.draw",
    "scenario.choose",
    "scenario.redraw",
    "scenario.result",
    "season.advance",
    "long_dark.roll",
    "long_dark.reroll",
):
    register_undo(_kind, _restore_rows)
register_undo("sungems.raid", _restore_pair)
register_undo("sungems.siege_swap", _restore_pair)
