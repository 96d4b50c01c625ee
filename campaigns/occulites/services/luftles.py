"""Recruiting Luftles and removing the ones lost."""

import re
from collections.abc import Sequence

from django.db import transaction

from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF
from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind
from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_mark
from campaigns.occulites.rules import luftles as luftle_rules
from campaigns.occulites.rules.tribe import LuftleSnapshot
from campaigns.table.compiled_sql import CompiledQuery, as_instances
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change, row_changes
from campaigns.table.models import LedgerEntry

from ..models import Luftle, LuftleStatus, OcculitesSeason, ScenarioResult, Tribe
from ._common import (
    _current_result,
    _locked_tribe,
    _record,
    _snapshot_with_spend,
    _spend_deltas,
)
from .abilities import scenario_just_played
from .season import season_for
from .snapshot import tribe_snapshot

BASE_LETTERING = re.compile(r"[A-Z]{1,4}")


# The campaign's recruits not undone, a few a scenario: read by the (campaign, kind) index
# and sorted to the tribe and the time here (by subject, SQLite picked the subject index
# and read every Sungem change of the tribe), so the SQL, built once, takes only ids.
_STANDING_RECRUITS = CompiledQuery(
    lambda campaign_id: (
        LedgerEntry.objects.filter(
            campaign_id=campaign_id,
            kind=OcculitesKind.LUFTLE_RECRUIT,
            reversed_by__isnull=True,
        )
        .order_by()
        .values_list("created_at", "deltas", "subject_type", "subject_id")
    )
)


def luftles_alive_at_scenario_end(
    tribe: Tribe,
    season: OcculitesSeason,
    *,
    played: ScenarioResult | None | bool = False,
    active_luftles: Sequence[Luftle] | None = None,
) -> tuple | None:
    """The tribe's live Luftles that were already in it when its last scenario ended: not
    those recruited since that result, read from the recruit entries' row keys (Campaign
    Rules - Recruiting a Luftle Chief). None before the tribe's first scenario: no scenario
    has ended, and the roster as set up stands (as for Learned Abilities). ``played``: the
    ``scenario_just_played`` and ``active_luftles`` the tribe's live Luftles, when the caller
    has read them already."""
    result = scenario_just_played(tribe, season) if played is False else played
    if result is None:
        return None
    recruits = as_instances(
        LedgerEntry,
        ["created_at", "deltas"],
        [
            row
            for row in _STANDING_RECRUITS.rows(campaign_id=tribe.campaign_id)
            if row[2:] == ("tribe", str(tribe.pk))
        ],
    )
    recruited = {
        pk
        for entry in recruits
        if entry.created_at >= result.recorded_at
        for model, pk, _, _ in row_changes(entry)
        if model == "luftle"
    }
    if active_luftles is None:
        active_luftles = tribe.luftles.filter(status=LuftleStatus.ACTIVE)
    return tuple(
        LuftleSnapshot(caste=luftle.caste, base_letter=luftle.base_letter)
        for luftle in active_luftles
        if luftle.pk not in recruited
    )


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
    # The bases are lettered (Luftles - Recruiting Luftles to Your Tribe): letters A-Z only.
    if not BASE_LETTERING.fullmatch(base_letter):
        raise ValidationError(
            {"base_letter": "Enter the letter on the Luftle's base: letters A-Z, as printed."}
        )
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
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
            alive_at_scenario_end=luftles_alive_at_scenario_end(tribe, season),
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
            kind=OcculitesKind.LUFTLE_RECRUIT,
            tribe=tribe,
            reason=f"Recruited {LUFTLE_CASTES[caste].name} {base_letter} for {price} "
            "(Campaign Rules - Recruiting Luftles)",
            deltas=deltas,
        )
    return luftle


def luftle_casualties(
    *, tribe: Tribe, actor, base_letters: Sequence[str], ran_away: bool = False, option: str = ""
) -> LedgerEntry:
    """Luftles killed (or run away) are removed, not replaced; a Luftle Chief left as the
    only Luftle leaves the tribe with his learned abilities (Luftles - Luftle Caste Types)."""
    letters = [letter.strip().upper() for letter in base_letters]
    if not letters:
        raise ValidationError({"base_letters": "Choose the Luftles that were lost."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        live = list(tribe.luftles.filter(status=LuftleStatus.ACTIVE))
        season = season_for(campaign)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        losses = luftle_rules.luftle_losses(
            [LuftleSnapshot(caste=luftle.caste, base_letter=luftle.base_letter) for luftle in live],
            letters,
            advised=luftle_rules.counts_as_having_a_luftle(snapshot),
        )
        status = LuftleStatus.RAN_AWAY if ran_away else LuftleStatus.KILLED
        deltas: dict = entry_mark(EntryKey.OPTION, option) if option else {}
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
            kind=OcculitesKind.LUFTLE_CASUALTIES,
            tribe=tribe,
            reason=reason,
            deltas=deltas,
        )
