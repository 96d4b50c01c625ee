"""Undo restorers of the Occulites ledger entries, registered on import."""

from campaigns.occulites.ledger_kinds import OcculitesKind
from campaigns.table.errors import Conflict
from campaigns.table.ledger import (
    RowRestorer,
    register_undo,
    reversed_deltas,
    undo_with_partner,
)
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


def _holding_step(owner_field: str):
    """An ability held by an Occulite or a Luftle: the key names the figure and the ability."""

    def step(pk: int, ability_key: str, change: dict):
        owner = {owner_field: pk}
        holding = AbilityHolding.objects.filter(ability_key=ability_key, **owner).first()
        current = _holding_state(holding) if holding else None
        if current != change["to"]:
            raise Conflict("That ability has changed since; undo the later change first.")

        def put_back():
            if holding is not None:
                holding.delete()
            if change["from"] is not None:
                kind, expires = _parse_state(change["from"])
                AbilityHolding.objects.create(
                    ability_key=ability_key, kind=kind, expires_after_timeslot=expires, **owner
                )

        return put_back

    return step


def _luftle_still_active(luftle: Luftle) -> None:
    if luftle.status != LuftleStatus.ACTIVE:
        raise Conflict("That Luftle has been lost since; undo that first.")


def _choice_not_moved_on(choice: ScenarioChoice) -> None:
    if choice.drawn_scenario or choice.nominations.count() > 1:
        raise Conflict("The scenario choice has moved on; undo the later step first.")


def _tribe_totals_stay_positive(entry: LedgerEntry) -> None:
    """After the reversal no tribe total may be below 0 (the points were spent since)."""
    if entry.subject_type != "tribe":
        return
    after = tribe_totals(Tribe(pk=int(entry.subject_id), campaign_id=entry.campaign_id))
    for key, value in reversed_deltas(
        {k: v for k, v in entry.deltas.items() if k in TOTAL_KEYS}
    ).items():
        after[key] += value
    if after[AVAILABLE_SPEND_TOTAL] < 0 or after[SUNGEMS] < 0 or after[TOTAL_VP] < 0:
        raise Conflict("Those points have been spent since; undo the spending first.")


_restore_rows = RowRestorer(
    _MODELS,
    custom={"ability": _holding_step("occulite_id"), "luftle_ability": _holding_step("luftle_id")},
    check_removal={"luftle": _luftle_still_active, "choice": _choice_not_moved_on},
    check_entry=_tribe_totals_stay_positive,
    # Nominations go before the choice they belong to.
    delete_last=("choice",),
)


# Every kind but the paired Sungem moves undoes through the row restorer alone.
_PAIRED = (OcculitesKind.SUNGEMS_RAID, OcculitesKind.SUNGEMS_SIEGE_SWAP)
for _kind in OcculitesKind:
    if _kind is OcculitesKind.TRIBE_CREATE:
        continue  # founding a tribe is not undone (its Occulites are the tribe)
    register_undo(_kind, undo_with_partner(_restore_rows) if _kind in _PAIRED else _restore_rows)
