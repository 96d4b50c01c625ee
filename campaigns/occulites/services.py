"""One function per player action on an Occulites campaign.

Each runs in one transaction: lock the campaign, check with the pure rules
(``campaigns.occulites.rules``), write the rows, append a ledger entry whose reason names the
rule or scenario, and bump the version. A refused action raises ``RuleViolation`` (or a
``ValidationError`` for a form field) and writes nothing.

Tribe totals live in the ledger: entries with subject ("tribe", tribe pk) and deltas keys
``total_vp``, ``available_spend_total`` and ``sungems``. Row changes are recorded in the same
entry as ``{"<model>.<pk>.<field>": {"from": old, "to": new}}`` so one restorer can undo them.
"""

import random
from collections.abc import Iterable, Mapping, Sequence

from django.db import transaction
from django.db.models import IntegerField, Q, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.blueprints import (
    STARTING_GENETIC_BLUEPRINT,
    STAT_NAMES,
    STATS,
    TRIBE_SIZE,
    StatLine,
)
from campaigns.occulites.catalog.luftles import LUFTLE_CASTES, LUFTLE_CHIEF
from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.occulites.rules import abilities as ability_rules
from campaigns.occulites.rules import long_dark as long_dark_rules
from campaigns.occulites.rules import luftles as luftle_rules
from campaigns.occulites.rules import reborn as reborn_rules
from campaigns.occulites.rules import season as season_rules
from campaigns.occulites.rules import stats as stat_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import (
    LuftleSnapshot,
    OcculiteSnapshot,
    TribeSnapshot,
    check_new_occulite,
)
from campaigns.table.errors import Conflict, ValidationError
from campaigns.table.ledger import ledger_record, lock_campaign, register_undo, reversed_deltas
from campaigns.table.models import Campaign, LedgerEntry
from campaigns.table.services import draw_log_record

from .models import (
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

TOTAL_VP = "total_vp"
AVAILABLE_SPEND_TOTAL = "available_spend_total"
SUNGEMS = "sungems"
TOTAL_KEYS = (TOTAL_VP, AVAILABLE_SPEND_TOTAL, SUNGEMS)

DEFAULT_OCCULITE_NAMES = ("Chief", "Second", "Third", "Fourth", "Fifth")
CUSTOM_TRIBE_TYPE = "custom"
NAME_MAX_LENGTH = 60


# --- totals --------------------------------------------------------------------------------


def tribes_totals(tribes: Iterable[Tribe]) -> dict[int, dict[str, int]]:
    """Total Victory Points, Available Spend Total and Sungems of many tribes, summed from
    the ledger in ONE query (undo entries carry the negated deltas, so they cancel)."""
    tribe_ids = [tribe.pk for tribe in tribes]
    totals = {pk: dict.fromkeys(TOTAL_KEYS, 0) for pk in tribe_ids}
    if not tribe_ids:
        return totals
    rows = (
        LedgerEntry.objects.filter(
            subject_type="tribe", subject_id__in=[str(pk) for pk in tribe_ids]
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


# --- helpers -------------------------------------------------------------------------------


def season_for(campaign: Campaign) -> OcculitesSeason:
    """The campaign's season record, made on first use."""
    season, _ = OcculitesSeason.objects.get_or_create(campaign=campaign)
    return season


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


def _change(deltas: dict, model: str, pk: int, field: str, old, new) -> None:
    deltas[f"{model}.{pk}.{field}"] = {"from": old, "to": new}


def _locked_tribe(tribe: Tribe | int) -> tuple[Campaign, Tribe]:
    """Lock the tribe's campaign, then re-read the tribe inside the transaction."""
    tribe_id = tribe.pk if isinstance(tribe, Tribe) else tribe
    campaign_id = Tribe.objects.values_list("campaign_id", flat=True).get(pk=tribe_id)
    campaign = lock_campaign(campaign_id)
    return campaign, Tribe.objects.get(pk=tribe_id)


def _holding_state(holding: AbilityHolding) -> str:
    if holding.expires_after_timeslot is None:
        return holding.kind
    return f"{holding.kind}@{holding.expires_after_timeslot}"


def _active_holdings(tribe: Tribe, timeslot: int) -> list[AbilityHolding]:
    holdings = AbilityHolding.objects.filter(occulite__tribe=tribe) | AbilityHolding.objects.filter(
        luftle__tribe=tribe
    )
    return [holding for holding in holdings if holding.is_active(timeslot)]


def tribe_snapshot(tribe: Tribe, *, timeslot: int, available_spend_total: int) -> TribeSnapshot:
    """The tribe as the pure rules see it: Occulites keyed by pk, active abilities by kind,
    the Luftles in the tribe."""
    holdings = _active_holdings(tribe, timeslot)
    by_occulite: dict[int, dict[str, list[str]]] = {}
    by_luftle: dict[int, list[str]] = {}
    for holding in holdings:
        if holding.occulite_id:
            kinds = by_occulite.setdefault(holding.occulite_id, {})
            kinds.setdefault(holding.kind, []).append(holding.ability_key)
        else:
            by_luftle.setdefault(holding.luftle_id, []).append(holding.ability_key)
    occulites = tuple(
        OcculiteSnapshot(
            key=str(occulite.pk),
            name=occulite.name,
            stats=stats_of(occulite),
            is_chief=occulite.is_chief,
            is_netter=occulite.is_netter,
            innate_abilities=tuple(by_occulite.get(occulite.pk, {}).get("innate", ())),
            learned_abilities=tuple(by_occulite.get(occulite.pk, {}).get("learned", ())),
            situational_abilities=tuple(by_occulite.get(occulite.pk, {}).get("situational", ())),
        )
        for occulite in tribe.occulites.all()
    )
    luftles = tuple(
        LuftleSnapshot(
            caste=luftle.caste,
            base_letter=luftle.base_letter,
            learned_abilities=tuple(by_luftle.get(luftle.pk, ())),
        )
        for luftle in tribe.luftles.filter(status=LuftleStatus.ACTIVE)
    )
    return TribeSnapshot(
        tribe_type=tribe.tribe_type,
        occulites=occulites,
        luftles=luftles,
        available_spend_total=available_spend_total,
    )


def stats_of(occulite: Occulite) -> StatLine:
    """An Occulite's current statistics as a ``StatLine``."""
    return StatLine(*(getattr(occulite, stat) for stat in STATS))


def _innate_for(tribe: Tribe, *, is_chief: bool, is_netter: bool) -> tuple[str, ...]:
    if tribe.tribe_type == CUSTOM_TRIBE_TYPE:
        return tuple(tribe.custom_innate_abilities)
    return ability_rules.innate_abilities_for(
        tribe.tribe_type, is_chief=is_chief, is_netter=is_netter
    )


def _spend_deltas(vp_cost: int) -> dict:
    return {AVAILABLE_SPEND_TOTAL: -vp_cost} if vp_cost else {}


def _current_result(tribe: Tribe, timeslot: int) -> ScenarioResult | None:
    return ScenarioResult.objects.filter(tribe=tribe, timeslot=timeslot).first()


# --- tribes and Occulites ------------------------------------------------------------------


def _create_occulite(tribe: Tribe, *, name: str, position: int, is_chief: bool, is_netter: bool):
    blueprint = STARTING_GENETIC_BLUEPRINT.stats
    occulite = Occulite.objects.create(
        tribe=tribe,
        name=name,
        position=position,
        is_chief=is_chief,
        is_netter=is_netter,
        defence_before_scenario=blueprint.defence,
        **{stat: blueprint.get(stat) for stat in STATS},
        **{f"start_{stat}": blueprint.get(stat) for stat in STATS},
    )
    for key in _innate_for(tribe, is_chief=is_chief, is_netter=is_netter):
        AbilityHolding.objects.create(occulite=occulite, ability_key=key, kind="innate")
    return occulite


def tribe_create(
    *,
    campaign: Campaign,
    actor,
    name: str,
    tribe_type: str = "none",
    colour: str = "",
    player=None,
    occulite_names: Sequence[str] | None = None,
    custom_type_name: str = "",
    custom_innate_abilities: Sequence[str] = (),
) -> Tribe:
    """Found a tribe of five Occulites with the starting Genetic Blueprint (AW 2, S 6, A 4,
    D 4, H 5): the first is the Chief, a Hydris tribe's second is its Netter, and each is
    born with its tribe type's innate abilities.

    Genetic Blueprints; Chief Occulite; Occulite Tribes - Palaudis and Hydris.
    """
    name = _clean_name(name)
    if tribe_type != CUSTOM_TRIBE_TYPE and tribe_type not in TRIBE_TYPES:
        raise ValidationError({"tribe_type": f"'{tribe_type}' is not a tribe type."})
    names = [_clean_name(n, "occulite_names") for n in (occulite_names or DEFAULT_OCCULITE_NAMES)]
    if len(names) != TRIBE_SIZE:
        raise ValidationError(
            {"occulite_names": f"A tribe starts with {TRIBE_SIZE} Occulites (Genetic Blueprints)."}
        )
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season_for(campaign)
        if Tribe.objects.filter(campaign=campaign, name=name).exists():
            raise ValidationError({"name": f"There is already a tribe called “{name}”."})
        tribe = Tribe.objects.create(
            campaign=campaign,
            player=player,
            name=name,
            tribe_type=tribe_type,
            colour=colour,
            custom_type_name=custom_type_name,
            custom_innate_abilities=list(custom_innate_abilities),
            position=Tribe.objects.filter(campaign=campaign).count(),
        )
        for position, occulite_name in enumerate(names):
            _create_occulite(
                tribe,
                name=occulite_name,
                position=position,
                is_chief=position == 0,
                is_netter=position == 1 and tribe_type == "hydris",
            )
        type_name = (
            custom_type_name or "custom"
            if tribe_type == CUSTOM_TRIBE_TYPE
            else TRIBE_TYPES[tribe_type].name
        )
        _record(
            campaign=campaign,
            actor=actor,
            kind="tribe.create",
            tribe=tribe,
            reason=f"Founded {name} ({type_name}) with five Occulites (Genetic Blueprints)",
            deltas=dict.fromkeys(TOTAL_KEYS, 0),
        )
    return tribe


def occulite_add(
    *, tribe: Tribe, actor, name: str, is_chief: bool = False, is_netter: bool = False
) -> Occulite:
    """Add an Occulite to a tribe that has lost one from its roster; a tribe never holds
    more than five (Genetic Blueprints), one Chief, and (Hydris) one Netter."""
    name = _clean_name(name)
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        check_new_occulite(snapshot, is_chief=is_chief, is_netter=is_netter)
        taken = set(tribe.occulites.values_list("position", flat=True))
        position = min(set(range(TRIBE_SIZE)) - taken)
        occulite = _create_occulite(
            tribe, name=name, position=position, is_chief=is_chief, is_netter=is_netter
        )
        deltas: dict = {}
        _change(deltas, "occulite", occulite.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind="occulite.add",
            tribe=tribe,
            reason=f"{name} joined {tribe.name} (Genetic Blueprints)",
            deltas=deltas,
        )
    return occulite


# --- Victory Points and Sungems ------------------------------------------------------------


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
        campaign, tribe = _locked_tribe(tribe)
        return _record(
            campaign=campaign,
            actor=actor,
            kind="vp.award",
            tribe=tribe,
            reason=f"+{amount} VP: {reason}",
            deltas={TOTAL_VP: amount, AVAILABLE_SPEND_TOTAL: amount},
        )


def _vp_loss_deltas(totals: Mapping[str, int], amount: int) -> dict:
    """A rule that removes points takes them off both totals, never below 0."""
    return {
        TOTAL_VP: -min(amount, totals[TOTAL_VP]),
        AVAILABLE_SPEND_TOTAL: -min(amount, totals[AVAILABLE_SPEND_TOTAL]),
    }


def tribe_lose_vp(*, tribe: Tribe, actor, amount: int, rule: str) -> LedgerEntry:
    """Victory Points a rule removes from both totals (e.g. Siege at the Cave Mouth: the
    Attacker loses 3 VP); ``rule`` names it. Neither total goes below 0."""
    if amount < 1:
        raise ValidationError({"amount": "Remove at least 1 Victory Point."})
    if not rule.strip():
        raise ValidationError({"rule": "Name the rule that removes the points."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        totals = tribe_totals(tribe)
        return _record(
            campaign=campaign,
            actor=actor,
            kind="vp.lose",
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
        campaign, tribe = _locked_tribe(tribe)
        _check_affordable(tribe_totals(tribe), amount, reason or "This")
        return _record(
            campaign=campaign,
            actor=actor,
            kind="vp.spend",
            tribe=tribe,
            reason=f"Spent {amount} VP: {reason}",
            deltas={AVAILABLE_SPEND_TOTAL: -amount},
        )


def tribe_sungems_change(*, tribe: Tribe, actor, amount: int, reason: str) -> LedgerEntry:
    """Sungems gained (positive) or lost (negative); a tribe never holds fewer than 0."""
    if amount == 0:
        raise ValidationError({"amount": "Enter how many Sungems were gained or lost."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        held = tribe_totals(tribe)[SUNGEMS]
        if held + amount < 0:
            raise RuleViolation(f"{tribe.name} holds only {held} Sungems")
        return _record(
            campaign=campaign,
            actor=actor,
            kind="sungems.change",
            tribe=tribe,
            reason=f"{amount:+d} Sungems: {reason}",
            deltas={SUNGEMS: amount},
        )


def _sungem_pair(
    *, campaign, actor, kind, losing: Tribe, gaining: Tribe, amount: int, reason: str
) -> tuple[LedgerEntry, LedgerEntry]:
    lost = _record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        tribe=losing,
        reason=reason,
        deltas={SUNGEMS: -amount},
    )
    gained = _record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        tribe=gaining,
        reason=reason,
        deltas={SUNGEMS: amount, "pair_of": {"from": lost.pk, "to": lost.pk}},
    )
    return lost, gained


def home_cave_raid_steal(
    *, attacker: Tribe, defender: Tribe, actor, sungems: int
) -> tuple[LedgerEntry, LedgerEntry]:
    """Sungems carried off in a Home Cave Raid leave the Defender's Sungem Total and join
    the Attacker's, as a pair of entries (Campaign Rules - Sungems; Scenario 8 -
    Penalties). Undoing either entry undoes both."""
    if sungems < 1:
        raise ValidationError({"sungems": "Enter how many Sungems were carried off."})
    with transaction.atomic():
        campaign, attacker = _locked_tribe(attacker)
        defender = Tribe.objects.get(pk=defender.pk, campaign=campaign)
        if defender.pk == attacker.pk:
            raise ValidationError({"defender": "A tribe cannot raid its own Home Cave."})
        held = tribe_totals(defender)[SUNGEMS]
        if sungems > held:
            raise RuleViolation(
                f"{defender.name} holds only {held} Sungems to be carried off "
                "(Scenario 8: Home Cave Raid)"
            )
        return _sungem_pair(
            campaign=campaign,
            actor=actor,
            kind="sungems.raid",
            losing=defender,
            gaining=attacker,
            amount=sungems,
            reason=f"Home Cave Raid: {attacker.name} carried {sungems} Sungem(s) off from "
            f"{defender.name} (Scenario 8)",
        )


def siege_swap_sungems(
    *, attacker: Tribe, defender: Tribe, actor
) -> tuple[LedgerEntry, LedgerEntry] | None:
    """The Attacker took the Home Cave: the two tribes swap Sungem totals (Scenario 11:
    Siege at the Cave Mouth - Rewards). Written as a pair of entries; nothing when the
    totals are already equal."""
    with transaction.atomic():
        campaign, attacker = _locked_tribe(attacker)
        defender = Tribe.objects.get(pk=defender.pk, campaign=campaign)
        if defender.pk == attacker.pk:
            raise ValidationError({"defender": "Choose the other tribe."})
        totals = tribes_totals([attacker, defender])
        difference = totals[defender.pk][SUNGEMS] - totals[attacker.pk][SUNGEMS]
        if difference == 0:
            return None
        losing, gaining = (defender, attacker) if difference > 0 else (attacker, defender)
        return _sungem_pair(
            campaign=campaign,
            actor=actor,
            kind="sungems.siege_swap",
            losing=losing,
            gaining=gaining,
            amount=abs(difference),
            reason=f"Siege at the Cave Mouth: {attacker.name} took the Home Cave of "
            f"{defender.name}; the tribes swap Sungem totals (Scenario 11)",
        )


# --- abilities -----------------------------------------------------------------------------


def learned_bought_this_timeslot(tribe: Tribe, timeslot: int) -> int:
    """Learned Abilities bought at this timeslot; a tribe-wide one counts once."""
    holdings = AbilityHolding.objects.filter(kind="learned", gained_at_timeslot=timeslot).filter(
        Q(occulite__tribe=tribe) | Q(luftle__tribe=tribe)
    )
    tribe_wide = set()
    count = 0
    for key in holdings.values_list("ability_key", flat=True):
        if key in ABILITIES and ABILITIES[key].tribe_wide:
            tribe_wide.add(key)
        else:
            count += 1
    return count + len(tribe_wide)


def learned_allowance_this_scenario(tribe: Tribe, season: OcculitesSeason) -> int | None:
    """The Advances' Learned Ability allowance of the scenario just recorded, or None before
    any scenario of this timeslot is recorded (then only the points limit purchases)."""
    result = _current_result(tribe, season.timeslot)
    if result is None:
        return None
    return SCENARIOS[result.scenario_key].learned_abilities_allowed


def ability_buy(*, occulite: Occulite, actor, ability_key: str) -> list[AbilityHolding]:
    """Buy a Learned Ability for an Occulite from the Available Spend Total: pools,
    prerequisites, "only one tribe member", tribe-wide abilities, N before N+1 and the
    scenario's allowance are checked by the rules (Campaign Rules - Gaining Learned
    Abilities)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id)
        season = season_for(campaign)
        totals = tribe_totals(tribe)
        snapshot = tribe_snapshot(
            tribe, timeslot=season.timeslot, available_spend_total=totals[AVAILABLE_SPEND_TOTAL]
        )
        purchase = ability_rules.learned_ability_purchase(
            snapshot,
            str(occulite.pk),
            ability_key,
            bought_this_scenario=learned_bought_this_timeslot(tribe, season.timeslot),
            allowed_this_scenario=learned_allowance_this_scenario(tribe, season),
        )
        deltas = _spend_deltas(purchase.vp_cost)
        holdings = []
        for key in purchase.granted_to:
            holdings.append(
                AbilityHolding.objects.create(
                    occulite_id=int(key),
                    ability_key=ability_key,
                    kind="learned",
                    gained_at_timeslot=season.timeslot,
                )
            )
            _change(deltas, "ability", int(key), ability_key, None, "learned")
        name = ABILITIES[ability_key].name
        holder = "the whole tribe" if len(purchase.granted_to) > 1 else occulite.name
        _record(
            campaign=campaign,
            actor=actor,
            kind="ability.buy",
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
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        totals = tribe_totals(tribe)
        snapshot = tribe_snapshot(
            tribe, timeslot=season.timeslot, available_spend_total=totals[AVAILABLE_SPEND_TOTAL]
        )
        purchase = ability_rules.luftle_chief_ability_purchase(
            snapshot,
            ability_key,
            bought_this_scenario=learned_bought_this_timeslot(tribe, season.timeslot),
            allowed_this_scenario=learned_allowance_this_scenario(tribe, season),
        )
        chief = tribe.luftles.get(status=LuftleStatus.ACTIVE, caste=LUFTLE_CHIEF)
        holding = AbilityHolding.objects.create(
            luftle=chief,
            ability_key=ability_key,
            kind="learned",
            gained_at_timeslot=season.timeslot,
        )
        deltas = _spend_deltas(purchase.vp_cost)
        _change(deltas, "luftle_ability", chief.pk, ability_key, None, "learned")
        _record(
            campaign=campaign,
            actor=actor,
            kind="ability.buy_luftle_chief",
            tribe=tribe,
            reason=f"Luftle Chief {chief.base_letter} learned {ABILITIES[ability_key].name} for "
            f"{purchase.vp_cost} VP (Luftles - Luftle Chief Ability Pool)",
            deltas=deltas,
        )
    return holding


def situational_ability_gain(
    *, tribe: Tribe, actor, ability_key: str, occulites: Sequence[Occulite] = (), reason: str
) -> list[AbilityHolding]:
    """A scenario or situation gives an ability (Eyebeam for the next scenario only, Eagle
    Eyed, Hasty, Treacherous); a tribe-wide one lands on every Occulite (Campaign Rules -
    Scenario and Situational Ability Pool)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
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
        deltas: dict = {}
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
            _change(deltas, "ability", int(key), ability_key, None, _holding_state(holding))
        _record(
            campaign=campaign,
            actor=actor,
            kind="ability.situational",
            tribe=tribe,
            reason=f"Gained {ABILITIES[ability_key].name}: {reason}",
            deltas=deltas,
        )
    return holdings


def ability_remove(*, occulite: Occulite, actor, ability_key: str, reason: str) -> LedgerEntry:
    """An Occulite loses a learned or situational ability (a tribe-wide one goes from every
    holder); innate abilities are never lost (Layer Five - Tribal Types)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id)
        season = season_for(campaign)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        loss = ability_rules.ability_loss(snapshot, str(occulite.pk), ability_key)
        deltas = _remove_holdings([int(key) for key in loss.lost_by], ability_key)
        return _record(
            campaign=campaign,
            actor=actor,
            kind="ability.remove",
            tribe=tribe,
            reason=f"Lost {ABILITIES[ability_key].name}: {reason}",
            deltas=deltas,
        )


def _remove_holdings(occulite_ids: Iterable[int], ability_key: str) -> dict:
    deltas: dict = {}
    for holding in AbilityHolding.objects.filter(
        occulite_id__in=list(occulite_ids), ability_key=ability_key
    ):
        _change(deltas, "ability", holding.occulite_id, ability_key, _holding_state(holding), None)
        holding.delete()
    return deltas


# --- statistics ----------------------------------------------------------------------------


def occulite_stat_change(
    *, occulite: Occulite, actor, stat: str, amount: int, reason: str
) -> LedgerEntry:
    """A scenario advance (positive, refused past the campaign maximum) or penalty
    (negative, stopping at 1) to one statistic (Campaign Rules - Maximum Statistics During a
    Campaign; Losing Figures in a Scenario)."""
    if amount == 0:
        raise ValidationError({"amount": "Enter the points gained or lost."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id)
        occulite = Occulite.objects.get(pk=occulite.pk)
        stats = stats_of(occulite)
        if amount > 0:
            after = stat_rules.stat_advance(stats, stat, amount)
        else:
            after = stat_rules.stat_loss(stats, stat, -amount).stats
        old, new = stats.get(stat), after.get(stat)
        deltas: dict = {}
        _change(deltas, "occulite", occulite.pk, stat, old, new)
        setattr(occulite, stat, new)
        occulite.save(update_fields=[stat])
        return _record(
            campaign=campaign,
            actor=actor,
            kind="occulite.stat",
            tribe=tribe,
            reason=f"{occulite.name} {STAT_NAMES[stat]} {old}→{new}: {reason}",
            deltas=deltas,
        )


def occulite_defence_regain(*, occulite: Occulite, actor, points: int) -> LedgerEntry:
    """Buy back lost Defence at 1 VP a point, up to its value before the scenario just
    played (Campaign Rules - Regaining Lost Defence Points)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id)
        occulite = Occulite.objects.get(pk=occulite.pk)
        totals = tribe_totals(tribe)
        regain = stat_rules.defence_regain(
            occulite.defence,
            occulite.defence_before_scenario,
            points,
            totals[AVAILABLE_SPEND_TOTAL],
        )
        stat_rules.check_within_campaign_maximum("defence", regain.defence_after)
        deltas = _spend_deltas(regain.vp_cost)
        _change(deltas, "occulite", occulite.pk, "defence", occulite.defence, regain.defence_after)
        occulite.defence = regain.defence_after
        occulite.save(update_fields=["defence"])
        return _record(
            campaign=campaign,
            actor=actor,
            kind="occulite.defence_regain",
            tribe=tribe,
            reason=f"{occulite.name} regained {points} Defence for {regain.vp_cost} VP "
            "(Campaign Rules - Regaining Lost Defence Points)",
            deltas=deltas,
        )


def _season_deck(season: OcculitesSeason) -> reborn_rules.NaturalSelectionDeck:
    if not season.natural_selection_deck:
        raise ValidationError(
            {
                "flipped": "The group has not said what its Natural Selection Deck holds "
                "(the rulebook does not print it): set the deck first."
            }
        )
    return reborn_rules.NaturalSelectionDeck(
        {int(value): count for value, count in season.natural_selection_deck.items()}
    )


def occulite_reborn_penalty(
    *,
    occulite: Occulite,
    actor,
    flipped: Mapping[str, int] | None = None,
    rng: random.Random | None = None,
    ability_to_lose: str | None = None,
) -> tuple[LedgerEntry, reborn_rules.RebornPenalty]:
    """Bring a killed Occulite back weaker: one Natural Selection card per statistic and
    one for the ability slot, entered (``flipped``) or drawn here from the group's deck
    (recorded in the shared log). The lowest card's slot loses 1, ties each lose 1, never
    below 1; the ability slot removes ``ability_to_lose``; Lucky is lost instead of a
    statistic (Campaign Rules - Losing Figures in a Scenario)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id)
        season = season_for(campaign)
        deck = _season_deck(season)
        occulite = Occulite.objects.get(pk=occulite.pk)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        drawn = flipped is None
        if drawn:
            flipped = reborn_rules.draw_reborn_cards(deck, rng or random.SystemRandom())
        penalty = reborn_rules.reborn_penalty(snapshot.occulite(str(occulite.pk)), flipped, deck)
        lost = list(penalty.abilities_lost)
        if penalty.loses_chosen_ability:
            if ability_to_lose not in penalty.losable_abilities:
                names = ", ".join(ABILITIES[key].name for key in penalty.losable_abilities)
                raise ValidationError(
                    {
                        "ability_to_lose": "The lowest card fell on the ability slot: choose "
                        f"the learned ability {occulite.name} loses ({names})"
                    }
                )
            lost.append(ability_to_lose)
        deltas: dict = {}
        for stat in penalty.stats_lowered:
            old, new = getattr(occulite, stat), penalty.stats_after.get(stat)
            _change(deltas, "occulite", occulite.pk, stat, old, new)
            setattr(occulite, stat, new)
        occulite.save(update_fields=list(STATS))
        for key in lost:
            deltas.update(_remove_holdings([occulite.pk], key))
        cards = ", ".join(
            f"{STAT_NAMES.get(slot, 'ability')} {value}" for slot, value in flipped.items()
        )
        if drawn:
            draw_log_record(
                campaign=campaign,
                actor=actor,
                tool="reborn_cards",
                label=f"Natural Selection cards for {occulite.name}",
                result={"flipped": dict(flipped)},
                summary=cards,
            )
        outcome = (
            ", ".join(STAT_NAMES[stat] for stat in penalty.stats_lowered) or "no statistic"
        ) + " lowered"
        if lost:
            outcome += "; lost " + ", ".join(ABILITIES[key].name for key in lost)
        entry = _record(
            campaign=campaign,
            actor=actor,
            kind="occulite.reborn",
            tribe=tribe,
            reason=f"{occulite.name} reborn ({cards}): {outcome} "
            "(Campaign Rules - Losing Figures in a Scenario)",
            deltas=deltas,
        )
    return entry, penalty


def next_scenario_effect_add(
    *, tribe: Tribe, actor, target: str, amount: int, reason: str, occulite: Occulite | None = None
) -> NextScenarioEffect:
    """A penalty for the next scenario only, e.g. -1 Health next game (Scenarios 4, 5 and
    10 - Penalties) or one card fewer in hand; the stored statistics do not change."""
    if target != "hand_limit":
        stat_rules.check_stat(target)
    if amount == 0:
        raise ValidationError({"amount": "Enter the change."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        if occulite is not None and occulite.tribe_id != tribe.pk:
            raise RuleViolation("That Occulite is not in this tribe")
        effect = NextScenarioEffect.objects.create(
            tribe=tribe,
            occulite=occulite,
            target=target,
            amount=amount,
            for_timeslot=season.timeslot + 1,
            reason=reason[:160],
        )
        deltas: dict = {}
        _change(deltas, "effect", effect.pk, "exists", False, True)
        who = occulite.name if occulite else tribe.name
        _record(
            campaign=campaign,
            actor=actor,
            kind="effect.next_scenario",
            tribe=tribe,
            reason=f"{who}: {amount:+d} {STAT_NAMES.get(target, 'hand limit')} next scenario "
            f"only ({reason})",
            deltas=deltas,
        )
    return effect


# --- Luftles -------------------------------------------------------------------------------


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
        totals = tribe_totals(tribe)
        snapshot = tribe_snapshot(
            tribe, timeslot=season.timeslot, available_spend_total=totals[AVAILABLE_SPEND_TOTAL]
        )
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
        _change(deltas, "luftle", luftle.pk, "exists", False, True)
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
                _change(deltas, "luftle", luftle.pk, "status", luftle.status, str(new_status))
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


# --- the season ----------------------------------------------------------------------------


def season_set_deck(*, campaign: Campaign, actor, card_counts: Mapping[int, int]):
    """The group says how many Natural Selection cards carry each number (the rulebook
    prints only 108 cards, 8 Puscual and 6 Sungem events)."""
    deck = reborn_rules.NaturalSelectionDeck(dict(card_counts))
    stored = {str(value): count for value, count in sorted(deck.card_counts.items()) if count}
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season = season_for(campaign)
        deltas: dict = {}
        _change(
            deltas,
            "season",
            season.pk,
            "natural_selection_deck",
            season.natural_selection_deck,
            stored,
        )
        season.natural_selection_deck = stored
        season.save(update_fields=["natural_selection_deck"])
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="season.deck",
            subject_type="season",
            subject_id=season.pk,
            subject_label=campaign.name,
            reason=f"Set the Natural Selection Deck: {sum(stored.values())} numbered cards",
            deltas=deltas,
        )
    return season


def season_set_house_value(
    *, campaign: Campaign, actor, scenario_key: str, timeslot: int, value: int
) -> OcculitesSeason:
    """The group's Encounter number for a Time of the Season cell the rulebook leaves
    empty (Choosing Scenarios - Time of the Season Table)."""
    season_rules.encounter_number(scenario_key, timeslot, value)  # validates all three
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season = season_for(campaign)
        old = season.house_encounter_numbers
        new = {key: dict(cells) for key, cells in old.items()}
        new.setdefault(scenario_key, {})[str(timeslot)] = value
        deltas: dict = {}
        _change(deltas, "season", season.pk, "house_encounter_numbers", old, new)
        season.house_encounter_numbers = new
        season.save(update_fields=["house_encounter_numbers"])
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="season.house_value",
            subject_type="season",
            subject_id=season.pk,
            subject_label=campaign.name,
            reason=f"House value: {SCENARIOS[scenario_key].name} at timeslot {timeslot} puts "
            f"{value} token(s) in the bag",
            deltas=deltas,
        )
    return season


def _check_in_season(season: OcculitesSeason) -> None:
    if season.long_dark:
        raise RuleViolation("The season is over: the Long Dark has come")


def _choice_for(campaign: Campaign, season: OcculitesSeason) -> tuple[ScenarioChoice, bool]:
    return ScenarioChoice.objects.get_or_create(campaign=campaign, timeslot=season.timeslot)


def scenario_nominate(*, tribe: Tribe, actor, scenario_key: str) -> ScenarioNomination:
    """A player nominates the scenario they want next; its Encounter number of their
    Tribal Tokens will go in the bag (Choosing Scenarios - Choosing a Scenario)."""
    season_rules.scenario(scenario_key)
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        _check_in_season(season)
        choice, created = _choice_for(campaign, season)
        if choice.drawn_scenario:
            raise RuleViolation("The scenario for this timeslot has already been drawn")
        if choice.nominations.filter(tribe=tribe).exists():
            raise RuleViolation("Each player nominates one scenario")
        nomination = ScenarioNomination.objects.create(
            choice=choice, tribe=tribe, scenario_key=scenario_key
        )
        deltas: dict = {}
        if created:
            _change(deltas, "choice", choice.pk, "exists", False, True)
        _change(deltas, "nomination", nomination.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind="scenario.nominate",
            tribe=tribe,
            reason=f"Nominated {SCENARIOS[scenario_key].name} for timeslot {season.timeslot}",
            deltas=deltas,
        )
    return nomination


def _house_values(season: OcculitesSeason) -> dict[str, int]:
    return {
        key: cells[str(season.timeslot)]
        for key, cells in season.house_encounter_numbers.items()
        if str(season.timeslot) in cells
    }


def _bag(choice: ScenarioChoice, season: OcculitesSeason) -> season_rules.ScenarioBag:
    nominations = [
        season_rules.ScenarioNomination(tribe_key=str(n.tribe_id), scenario_key=n.scenario_key)
        for n in choice.nominations.all()
    ]
    return season_rules.scenario_bag(nominations, season.timeslot, _house_values(season))


def _bag_summary(bag: season_rules.ScenarioBag) -> dict:
    return {
        "timeslot": bag.timeslot,
        "tokens": {
            f"{n.tribe_key}:{n.scenario_key}": count
            for n, count in bag.tokens_per_nomination.items()
        },
    }


def scenario_bag_for(campaign: Campaign) -> season_rules.ScenarioBag:
    """The bag as it would be filled now (for the page): refuses while a needed Time of the
    Season cell is missing and the group has entered no house value."""
    season = season_for(campaign)
    choice = ScenarioChoice.objects.filter(campaign=campaign, timeslot=season.timeslot).first()
    if choice is None:
        raise RuleViolation("Nominate at least one scenario")
    return _bag(choice, season)


def scenario_draw(*, campaign: Campaign, actor, rng: random.Random | None = None) -> ScenarioChoice:
    """Fill the bag from every tribe's nomination and draw one token, recorded in the shared
    log. Every tribe must have nominated; a missing table cell needs a house value first
    (Choosing Scenarios - Choosing a Scenario)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season = season_for(campaign)
        _check_in_season(season)
        choice = ScenarioChoice.objects.filter(campaign=campaign, timeslot=season.timeslot).first()
        if choice is None:
            raise RuleViolation("Nominate at least one scenario")
        if choice.drawn_scenario:
            raise RuleViolation("The scenario for this timeslot has already been drawn")
        waiting = Tribe.objects.filter(campaign=campaign).exclude(nominations__choice=choice)
        if waiting.exists():
            names = ", ".join(waiting.values_list("name", flat=True))
            raise RuleViolation(f"Each player nominates a scenario first (waiting for {names})")
        bag = _bag(choice, season)
        drawn = season_rules.draw_scenario(bag, rng or random.SystemRandom())
        return _apply_draw(campaign, actor, season, choice, bag, drawn, redraw_by=None)


def _apply_draw(campaign, actor, season, choice, bag, drawn, *, redraw_by: Tribe | None):
    name = SCENARIOS[drawn.scenario_key].name
    tribe = Tribe.objects.get(pk=int(drawn.tribe_key))
    deltas: dict = {}
    _change(
        deltas, "choice", choice.pk, "drawn_scenario", choice.drawn_scenario, drawn.scenario_key
    )
    _change(deltas, "choice", choice.pk, "drawn_tribe_id", choice.drawn_tribe_id, tribe.pk)
    if redraw_by:
        _change(deltas, "choice", choice.pk, "redraws", choice.redraws, choice.redraws + 1)
        choice.redraws += 1
        deltas[TOTAL_VP] = -season_rules.REDRAW_VP_COST
        deltas[AVAILABLE_SPEND_TOTAL] = -season_rules.REDRAW_VP_COST
    choice.drawn_scenario = drawn.scenario_key
    choice.drawn_tribe = tribe
    choice.save()
    draw_log_record(
        campaign=campaign,
        actor=actor,
        tool="scenario_bag",
        label=f"Scenario bag, timeslot {season.timeslot}" + (" (redraw)" if redraw_by else ""),
        result={**_bag_summary(bag), "drawn": f"{drawn.tribe_key}:{drawn.scenario_key}"},
        summary=f"{tribe.name}'s token: {name}",
    )
    if redraw_by:
        _record(
            campaign=campaign,
            actor=actor,
            kind="scenario.redraw",
            tribe=redraw_by,
            reason=f"Redrew the scenario for 1 VP off both totals: {name} "
            "(Choosing Scenarios - Choosing a Scenario)",
            deltas=deltas,
        )
    else:
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="scenario.draw",
            subject_type="season",
            subject_id=season.pk,
            subject_label=campaign.name,
            reason=f"Timeslot {season.timeslot}: drew {tribe.name}'s token, {name}",
            deltas=deltas,
        )
    return choice


def scenario_redraw(
    *, tribe: Tribe, actor, confirmed: bool, rng: random.Random | None = None
) -> ScenarioChoice:
    """A tribe pays 1 VP, off its Total Victory Points and its Available Spend Total, to
    draw again from the whole bag; the player must confirm (Choosing Scenarios)."""
    if not confirmed:
        raise ValidationError(
            {"confirmed": "A redraw costs 1 VP from both totals: confirm to go ahead."}
        )
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        _check_in_season(season)
        choice = ScenarioChoice.objects.filter(campaign=campaign, timeslot=season.timeslot).first()
        if choice is None or not choice.drawn_scenario:
            raise RuleViolation("Draw the scenario before redrawing it")
        if ScenarioResult.objects.filter(
            tribe__campaign=campaign, timeslot=season.timeslot
        ).exists():
            raise RuleViolation("The scenario has been played: it can no longer be redrawn")
        totals = tribe_totals(tribe)
        bag = _bag(choice, season)
        redraw = season_rules.scenario_redraw(
            bag, rng or random.SystemRandom(), available_spend_total=totals[AVAILABLE_SPEND_TOTAL]
        )
        if totals[TOTAL_VP] < redraw.vp_cost:
            raise RuleViolation(f"A redraw costs 1 VP and {tribe.name} has {totals[TOTAL_VP]}")
        return _apply_draw(campaign, actor, season, choice, bag, redraw.drawn, redraw_by=tribe)


def scenario_result_record(
    *,
    tribe: Tribe,
    actor,
    vp_counts: Mapping[str, int],
    sungems_gained: int = 0,
    occulites_killed: Sequence[Occulite] = (),
    options_chosen: Sequence[str] = (),
    scenario_key: str | None = None,
) -> ScenarioResult:
    """Record a tribe's result of this timeslot's scenario: its VP from the scenario's
    rewards and penalties (``vp_counts``: option key -> times it happened), Sungems gained,
    which Occulites died, and which penalties and advances were taken. VP go on both totals;
    a VP penalty takes them off both, never below 0 (Scenarios - Rewards and Penalties).
    The statistic, ability, reborn and Luftle changes are separate calls."""
    if sungems_gained < 0:
        raise ValidationError(
            {"sungems_gained": "Sungems lost are recorded as a raid or a change, not here."}
        )
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        season = season_for(campaign)
        _check_in_season(season)
        choice = ScenarioChoice.objects.filter(campaign=campaign, timeslot=season.timeslot).first()
        played = scenario_key or (choice.drawn_scenario if choice else "")
        if not played:
            raise RuleViolation("Draw this timeslot's scenario before recording its result")
        scenario = season_rules.scenario(played)
        if _current_result(tribe, season.timeslot):
            raise RuleViolation(f"{tribe.name}'s result for timeslot {season.timeslot} is recorded")
        vp = season_rules.scenario_vp(played, vp_counts)
        option_keys = {option.key for option in scenario.options}
        unknown = [key for key in options_chosen if key not in option_keys]
        if unknown:
            raise RuleViolation(f"{scenario.name} has no reward, penalty or advance '{unknown[0]}'")
        killed = list(occulites_killed)
        if any(occulite.tribe_id != tribe.pk for occulite in killed):
            raise RuleViolation("That Occulite is not in this tribe")
        totals = tribe_totals(tribe)
        deltas: dict = (
            {TOTAL_VP: vp, AVAILABLE_SPEND_TOTAL: vp} if vp >= 0 else _vp_loss_deltas(totals, -vp)
        )
        if sungems_gained:
            deltas[SUNGEMS] = sungems_gained
        result = ScenarioResult.objects.create(
            tribe=tribe,
            timeslot=season.timeslot,
            scenario_key=played,
            vp_earned=deltas[TOTAL_VP],
            sungems_gained=sungems_gained,
            vp_counts=dict(vp_counts),
            options_chosen=list(options_chosen),
            occulites_killed=[occulite.pk for occulite in killed],
        )
        _change(deltas, "result", result.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind="scenario.result",
            tribe=tribe,
            reason=f"Timeslot {season.timeslot}, {scenario.name}: {deltas[TOTAL_VP]:+d} VP, "
            f"{sungems_gained} Sungem(s) ({scenario.source} - Rewards)",
            deltas=deltas,
        )
    return result


def season_advance(*, campaign: Campaign, actor) -> OcculitesSeason:
    """Move to the next timeslot once every tribe's result is recorded; after timeslot 10
    the Long Dark comes. Each Occulite's Defence now is the ceiling for buying Defence back
    after the next scenario (Campaign Rules; Regaining Lost Defence Points)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season = season_for(campaign)
        _check_in_season(season)
        waiting = Tribe.objects.filter(campaign=campaign).exclude(results__timeslot=season.timeslot)
        if not Tribe.objects.filter(campaign=campaign).exists():
            raise RuleViolation("The campaign has no tribes yet")
        if waiting.exists():
            names = ", ".join(waiting.values_list("name", flat=True))
            raise RuleViolation(
                f"Every tribe's result must be recorded first (waiting for {names})"
            )
        deltas: dict = {}
        following = season_rules.next_timeslot(season.timeslot)
        if following is None:
            _change(deltas, "season", season.pk, "long_dark", False, True)
            season.long_dark = True
        else:
            _change(deltas, "season", season.pk, "timeslot", season.timeslot, following)
            season.timeslot = following
        season.save(update_fields=["timeslot", "long_dark"])
        for occulite in Occulite.objects.filter(tribe__campaign=campaign):
            if occulite.defence_before_scenario != occulite.defence:
                _change(
                    deltas,
                    "occulite",
                    occulite.pk,
                    "defence_before_scenario",
                    occulite.defence_before_scenario,
                    occulite.defence,
                )
                occulite.defence_before_scenario = occulite.defence
                occulite.save(update_fields=["defence_before_scenario"])
        reason = (
            "The Sungem Season is over: the Long Dark comes (Completing the Campaign)"
            if following is None
            else f"Timeslot {following} of the Sungem Season begins"
        )
        ledger_record(
            campaign=campaign,
            actor=actor,
            kind="season.advance",
            subject_type="season",
            subject_id=season.pk,
            subject_label=campaign.name,
            reason=reason,
            deltas=deltas,
        )
    return season


# --- the Long Dark -------------------------------------------------------------------------


def _check_long_dark(season: OcculitesSeason) -> None:
    if not season.long_dark:
        raise RuleViolation("The Long Dark comes only after timeslot 10")


def long_dark_roll(
    *, tribe: Tribe, actor, rng: random.Random | None = None, dice: Sequence[int] | None = None
) -> LongDarkRoll:
    """Roll one d10 (0-9) per Sungem, in the app or entered from the table, once per tribe
    (Completing the Campaign - The Long Dark). Recorded in the shared log."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        _check_long_dark(season_for(campaign))
        if LongDarkRoll.objects.filter(tribe=tribe).exists():
            raise RuleViolation(f"{tribe.name} has rolled its Sungem dice already")
        sungems = tribe_totals(tribe)[SUNGEMS]
        if dice is None:
            roll = long_dark_rules.long_dark_roll(sungems, rng or random.SystemRandom())
        else:
            if len(dice) != sungems:
                raise ValidationError(
                    {"dice": f"Roll one die per Sungem: {tribe.name} holds {sungems}."}
                )
            roll = long_dark_rules.long_dark_entered(dice)
        record = LongDarkRoll.objects.create(tribe=tribe, dice=list(roll.dice), rerolled=[])
        draw_log_record(
            campaign=campaign,
            actor=actor,
            tool="long_dark",
            label=f"{tribe.name}: {sungems} Sungem dice",
            result={"dice": list(roll.dice), "entered": dice is not None},
            summary=f"{' '.join(map(str, roll.dice)) or 'no dice'} = {roll.heat} Heat",
        )
        deltas: dict = {}
        _change(deltas, "long_dark_roll", record.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind="long_dark.roll",
            tribe=tribe,
            reason=f"The Long Dark: {sungems} Sungem dice for {roll.heat} Heat",
            deltas=deltas,
        )
    return record


def long_dark_reroll(
    *,
    tribe: Tribe,
    actor,
    die_index: int,
    rng: random.Random | None = None,
    value: int | None = None,
) -> LongDarkRoll:
    """Reroll one Sungem die for 1 VP off both totals; each die only once (Completing the
    Campaign - The Long Dark). ``value`` is a physical die's face, else the app rolls."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe)
        _check_long_dark(season_for(campaign))
        record = LongDarkRoll.objects.filter(tribe=tribe).first()
        if record is None:
            raise RuleViolation("Roll the Sungem dice before rerolling one")
        totals = tribe_totals(tribe)
        if value is None and rng is None:
            rng = random.SystemRandom()
        roll = long_dark_rules.long_dark_reroll(
            long_dark_rules.LongDarkRoll(tuple(record.dice), frozenset(record.rerolled)),
            die_index,
            available_spend_total=totals[AVAILABLE_SPEND_TOTAL],
            rng=rng if value is None else None,
            value=value,
        )
        if totals[TOTAL_VP] < long_dark_rules.REROLL_VP_COST:
            raise RuleViolation(f"A reroll costs 1 VP and {tribe.name} has {totals[TOTAL_VP]}")
        deltas: dict = {
            TOTAL_VP: -long_dark_rules.REROLL_VP_COST,
            AVAILABLE_SPEND_TOTAL: -long_dark_rules.REROLL_VP_COST,
        }
        new_rerolled = sorted(roll.rerolled)
        _change(deltas, "long_dark_roll", record.pk, "dice", record.dice, list(roll.dice))
        _change(deltas, "long_dark_roll", record.pk, "rerolled", record.rerolled, new_rerolled)
        old_face = record.dice[die_index]
        record.dice = list(roll.dice)
        record.rerolled = new_rerolled
        record.save(update_fields=["dice", "rerolled"])
        draw_log_record(
            campaign=campaign,
            actor=actor,
            tool="long_dark",
            label=f"{tribe.name}: reroll of die {die_index + 1}",
            result={"die_index": die_index, "from": old_face, "to": roll.dice[die_index]},
            summary=f"{old_face} → {roll.dice[die_index]}; {roll.heat} Heat",
        )
        _record(
            campaign=campaign,
            actor=actor,
            kind="long_dark.reroll",
            tribe=tribe,
            reason=f"The Long Dark: rerolled die {die_index + 1} ({old_face} → "
            f"{roll.dice[die_index]}) for 1 VP off both totals",
            deltas=deltas,
        )
    return record


# --- undo ----------------------------------------------------------------------------------

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
    "scenario.redraw",
    "scenario.result",
    "season.advance",
    "long_dark.roll",
    "long_dark.reroll",
):
    register_undo(_kind, _restore_rows)
register_undo("sungems.raid", _restore_pair)
register_undo("sungems.siege_swap", _restore_pair)
