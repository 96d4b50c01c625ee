"""Founding a tribe of Occulites and adding an Occulite to its roster."""

from collections.abc import Sequence

from django.db import transaction

from campaigns.occulites.catalog.blueprints import STARTING_GENETIC_BLUEPRINT, STATS, TRIBE_SIZE
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.catalog.tribe_types import TRIBE_TYPES
from campaigns.occulites.ledger_kinds import OcculitesKind
from campaigns.occulites.rules import abilities as ability_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe import check_new_occulite
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import lock_campaign, record_row_change
from campaigns.table.models import Campaign
from campaigns.table.ownership import check_may_change

from ..models import AbilityHolding, Occulite, OcculitesSeason, ScenarioResult, Tribe
from ._common import _clean_name, _locked_tribe, _record
from .season import season_for
from .snapshot import tribe_snapshot
from .totals import TOTAL_KEYS

DEFAULT_OCCULITE_NAMES = ("Chief", "Second", "Third", "Fourth", "Fifth")
CUSTOM_TRIBE_TYPE = "custom"


def _innate_for(tribe: Tribe, *, is_chief: bool, is_netter: bool) -> tuple[str, ...]:
    if tribe.tribe_type == CUSTOM_TRIBE_TYPE:
        return tuple(tribe.custom_innate_abilities)
    return ability_rules.innate_abilities_for(
        tribe.tribe_type, is_chief=is_chief, is_netter=is_netter
    )


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


# The most players any scenario is designed for (the Black Occulite Eyestalk of each
# scenario's header: 2-4 at most), so the most tribes a Sungem Season can hold.
MAX_TRIBES = max(scenario.max_players for scenario in SCENARIOS.values())


def tribe_founding_refusal(campaign: Campaign, season: OcculitesSeason) -> str:
    """Why no tribe may be founded now ("" when one may): a season holds at most as many
    tribes as a scenario has players (Scenarios - Explaining a Scenario's Structure), and
    once its first result is recorded the season is under way. The rulebook says nothing
    of joining a season late, so we refuse (rules reference: joining-a-season-late)."""
    if (
        season.long_dark
        or season.timeslot > 1
        or ScenarioResult.objects.filter(tribe__campaign=campaign).exists()
    ):
        return (
            "The Sungem Season is under way: the rulebook says nothing of a tribe joining "
            "late, so a new tribe starts with a new campaign"
        )
    if Tribe.objects.filter(campaign=campaign).count() >= MAX_TRIBES:
        return (
            f"A Sungem Season holds at most {MAX_TRIBES} tribes: no scenario is designed "
            f"for more than {MAX_TRIBES} players"
        )
    return ""


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

    Genetic Blueprints; Chief Occulite; Occulite Tribes - Palaudis and Hydris. Refused
    once the season is under way or full (``tribe_founding_refusal``).
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
        # Founding a tribe for another player is changing what is theirs.
        check_may_change(campaign, actor, belongs_to_id=getattr(player, "pk", None), what=name)
        season = season_for(campaign)
        founding_refusal = tribe_founding_refusal(campaign, season)
        if founding_refusal:
            raise RuleViolation(founding_refusal)
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
            kind=OcculitesKind.TRIBE_CREATE,
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
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        snapshot = tribe_snapshot(tribe, timeslot=season.timeslot, available_spend_total=0)
        check_new_occulite(snapshot, is_chief=is_chief, is_netter=is_netter)
        taken = set(tribe.occulites.values_list("position", flat=True))
        position = min(set(range(TRIBE_SIZE)) - taken)
        occulite = _create_occulite(
            tribe, name=name, position=position, is_chief=is_chief, is_netter=is_netter
        )
        deltas: dict = {}
        record_row_change(deltas, "occulite", occulite.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.OCCULITE_ADD,
            tribe=tribe,
            reason=f"{name} joined {tribe.name} (Genetic Blueprints)",
            deltas=deltas,
        )
    return occulite
