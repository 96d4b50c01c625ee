"""Learned, Luftle Chief and situational abilities: buying, gaining and losing them."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.luftles import LUFTLE_CHIEF
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_mark
from campaigns.occulites.rules import abilities as ability_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames
from campaigns.table.ledger import record_row_change
from campaigns.table.models import LedgerEntry

from ..models import (
    AbilityHolding,
    LuftleStatus,
    Occulite,
    OcculitesSeason,
    ScenarioResult,
    Tribe,
)
from ._common import (
    _holding_state,
    _locked_tribe,
    _record,
    _remove_holdings,
    _snapshot_with_spend,
    _spend_deltas,
)
from .season import season_for
from .snapshot import held_abilities, tribe_snapshot


def learned_bought_this_timeslot(tribe: Tribe, timeslot: int) -> int:
    """Learned Abilities bought at this timeslot; a tribe-wide one counts once."""
    return _learned_bought_among(held_abilities(tribe), timeslot)


def _learned_bought_among(holdings: Sequence[AbilityHolding], timeslot: int) -> int:
    """``learned_bought_this_timeslot`` counted from holdings the caller has read."""
    return _count_learned(
        holding.ability_key
        for holding in holdings
        if holding.kind == "learned" and holding.gained_at_timeslot == timeslot
    )


def _count_learned(ability_keys) -> int:
    tribe_wide = set()
    count = 0
    for key in ability_keys:
        if key in ABILITIES and ABILITIES[key].tribe_wide:
            tribe_wide.add(key)
        else:
            count += 1
    return count + len(tribe_wide)


@dataclass(frozen=True)
class LearnedAllowance:
    """The Learned Abilities the tribe may still buy now: those its last scenario's
    Advances allow (``allowed``, None before its first scenario), ``bought`` so far for it;
    ``timeslot`` is that scenario's, and purchases are recorded against it."""

    timeslot: int
    allowed: int | None
    bought: int


def scenario_just_played(tribe: Tribe, season: OcculitesSeason) -> ScenarioResult | None:
    """The tribe's last recorded scenario: this timeslot's, or, once the next timeslot has
    begun and until its result is in, the one before (spending belongs to a scenario's end,
    Campaign Rules - Spending Victory Points)."""
    # A tribe has one result a timeslot (ten at most): read them all and pick here.
    rows = [row for row in _RESULTS.rows(tribe_id=tribe.pk) if row[_TIMESLOT] <= season.timeslot]
    return as_instances(ScenarioResult, _RESULT_FIELDS, rows[-1:])[0] if rows else None


def tribe_result_at(tribe: Tribe, timeslot: int) -> ScenarioResult | None:
    """The tribe's result of that timeslot, if it is recorded."""
    rows = [row for row in _RESULTS.rows(tribe_id=tribe.pk) if row[_TIMESLOT] == timeslot]
    if not rows:
        return None
    (result,) = as_instances(ScenarioResult, _RESULT_FIELDS, rows)
    ScenarioResult.tribe.field.set_cached_value(result, tribe)
    return result


_RESULT_FIELDS = attnames(ScenarioResult)
_TIMESLOT = _RESULT_FIELDS.index("timeslot")
# Read by every spending and recording page: its SQL is built once (compiled_sql.py).
_RESULTS = CompiledQuery(
    lambda tribe_id: (
        ScenarioResult.objects.filter(tribe_id=tribe_id)
        .order_by("timeslot")
        .values_list(*_RESULT_FIELDS)
    )
)


def learned_allowance(
    tribe: Tribe,
    season: OcculitesSeason,
    *,
    played: ScenarioResult | None | bool = False,
    holdings: Sequence[AbilityHolding] | None = None,
) -> LearnedAllowance:
    """What the Advances of the scenario just played allow, and what was bought with it
    (Campaign Rules - Abilities in a Campaign: Learned Abilities). ``played`` is the
    ``scenario_just_played`` and ``holdings`` the tribe's ability holdings (all of them),
    when the caller has read them already."""
    result = scenario_just_played(tribe, season) if played is False else played
    if result is None:
        timeslot, allowed = season.timeslot, None
    else:
        timeslot = result.timeslot
        allowed = SCENARIOS[result.scenario_key].learned_abilities_allowed
    if holdings is None:
        bought = learned_bought_this_timeslot(tribe, timeslot)
    else:
        bought = _learned_bought_among(holdings, timeslot)
    return LearnedAllowance(timeslot=timeslot, allowed=allowed, bought=bought)


def learned_allowance_this_scenario(tribe: Tribe, season: OcculitesSeason) -> int | None:
    """The Advances' Learned Ability allowance of the scenario just played, or None before
    the tribe's first scenario (then only the points limit purchases)."""
    return learned_allowance(tribe, season).allowed


def ability_buy(*, occulite: Occulite, actor, ability_key: str) -> list[AbilityHolding]:
    """Buy a Learned Ability for an Occulite from the Available Spend Total: pools,
    prerequisites, "only one tribe member", tribe-wide abilities, N before N+1 and the
    scenario's allowance are checked by the rules (Campaign Rules - Gaining Learned
    Abilities)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id, actor=actor)
        season = season_for(campaign)
        snapshot = _snapshot_with_spend(tribe, season)
        allowance = learned_allowance(tribe, season)
        purchase = ability_rules.learned_ability_purchase(
            snapshot,
            str(occulite.pk),
            ability_key,
            bought_this_scenario=allowance.bought,
            allowed_this_scenario=allowance.allowed,
        )
        deltas = _spend_deltas(purchase.vp_cost)
        holdings = []
        for key in purchase.granted_to:
            holdings.append(
                AbilityHolding.objects.create(
                    occulite_id=int(key),
                    ability_key=ability_key,
                    kind="learned",
                    gained_at_timeslot=allowance.timeslot,
                )
            )
            record_row_change(deltas, "ability", int(key), ability_key, None, "learned")
        name = ABILITIES[ability_key].name
        holder = "the whole tribe" if len(purchase.granted_to) > 1 else occulite.name
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.ABILITY_BUY,
            tribe=tribe,
            reason=f"{holder} learned {name} for {purchase.vp_cost} VP "
            "(Campaign Rules - Gaining Learned Abilities)",
            deltas=deltas,
        )
    return holdings


def luftle_chief_ability_buy(*, tribe: Tribe, actor, ability_key: str) -> AbilityHolding:
    """Teach the tribe's Luftle Chief an ability from the Luftle Chief pool; he is exempt
    from the "every Occulite first" rule (Luftles - Luftle Chief Ability Pool)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        snapshot = _snapshot_with_spend(tribe, season)
        allowance = learned_allowance(tribe, season)
        purchase = ability_rules.luftle_chief_ability_purchase(
            snapshot,
            ability_key,
            bought_this_scenario=allowance.bought,
            allowed_this_scenario=allowance.allowed,
        )
        chief = tribe.luftles.get(status=LuftleStatus.ACTIVE, caste=LUFTLE_CHIEF)
        holding = AbilityHolding.objects.create(
            luftle=chief,
            ability_key=ability_key,
            kind="learned",
            gained_at_timeslot=allowance.timeslot,
        )
        deltas = _spend_deltas(purchase.vp_cost)
        record_row_change(deltas, "luftle_ability", chief.pk, ability_key, None, "learned")
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.ABILITY_BUY_LUFTLE_CHIEF,
            tribe=tribe,
            reason=f"Luftle Chief {chief.base_letter} learned {ABILITIES[ability_key].name} for "
            f"{purchase.vp_cost} VP (Luftles - Luftle Chief Ability Pool)",
            deltas=deltas,
        )
    return holding


def situational_ability_gain(
    *,
    tribe: Tribe,
    actor,
    ability_key: str,
    occulites: Sequence[Occulite] = (),
    reason: str,
    option: str = "",
) -> list[AbilityHolding]:
    """A scenario or situation gives an ability (Eyebeam for the next scenario only, Eagle
    Eyed, Hasty, Treacherous); a tribe-wide one lands on every Occulite (Campaign Rules -
    Scenario and Situational Ability Pool)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        # Lapsed one-scenario holdings make way for a new gain of the same ability.
        for holding in AbilityHolding.objects.filter(
            occulite__tribe=tribe, ability_key=ability_key
        ):
            if not holding.is_active(season.timeslot):
                holding.delete()
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        gain = ability_rules.situational_ability_gain(
            snapshot, ability_key, [str(occulite.pk) for occulite in occulites]
        )
        if not gain.granted_to:
            raise RuleViolation(f"Every figure chosen already has {ABILITIES[ability_key].name}")
        # Gained after this timeslot's scenario, it lasts for the next one(s).
        expires = season.timeslot + gain.lasts_scenarios if gain.lasts_scenarios else None
        deltas: dict = entry_mark(EntryKey.OPTION, option) if option else {}
        holdings = []
        for key in gain.granted_to:
            holding = AbilityHolding.objects.create(
                occulite_id=int(key),
                ability_key=ability_key,
                kind="situational",
                expires_after_timeslot=expires,
                gained_at_timeslot=season.timeslot,
            )
            holdings.append(holding)
            record_row_change(
                deltas, "ability", int(key), ability_key, None, _holding_state(holding)
            )
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.ABILITY_SITUATIONAL,
            tribe=tribe,
            reason=f"Gained {ABILITIES[ability_key].name}: {reason}",
            deltas=deltas,
        )
    return holdings


def ability_remove(*, occulite: Occulite, actor, ability_key: str, reason: str) -> LedgerEntry:
    """An Occulite loses a learned or situational ability (a tribe-wide one goes from every
    holder); innate abilities are never lost (Layer Five - Tribal Types)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id, actor=actor)
        season = season_for(campaign)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        loss = ability_rules.ability_loss(snapshot, str(occulite.pk), ability_key)
        deltas = _remove_holdings([int(key) for key in loss.lost_by], ability_key)
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.ABILITY_REMOVE,
            tribe=tribe,
            reason=f"Lost {ABILITIES[ability_key].name}: {reason}",
            deltas=deltas,
        )
