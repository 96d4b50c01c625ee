"""The Sungem Season record: the Natural Selection Deck, house Encounter numbers, and
moving on to the next timeslot or the Long Dark."""

from collections.abc import Mapping

from django.db import transaction

from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.ledger_kinds import OcculitesKind
from campaigns.occulites.rules import reborn as reborn_rules
from campaigns.occulites.rules import season as season_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames
from campaigns.table.ledger import lock_campaign, record_row_change
from campaigns.table.models import Campaign

from ..models import Occulite, OcculitesSeason, Tribe
from ._common import _check_in_season, _record_season
from .reborn_owed import reborn_penalties_owed

_SEASON_FIELDS = attnames(OcculitesSeason)
# Every Occulites page and service reads the season: its SQL is built once (compiled_sql.py).
_SEASON = CompiledQuery(
    lambda campaign_id: OcculitesSeason.objects.filter(campaign_id=campaign_id).values_list(
        *_SEASON_FIELDS
    )
)


def season_for(campaign: Campaign) -> OcculitesSeason:
    """The campaign's season record, made on first use."""
    rows = _SEASON.rows(campaign_id=campaign.pk)
    if rows:
        (season,) = as_instances(OcculitesSeason, _SEASON_FIELDS, rows)
        return season
    season, _ = OcculitesSeason.objects.get_or_create(campaign=campaign)
    return season


def season_set_deck(*, campaign: Campaign, actor, card_counts: Mapping[int, int]):
    """The group says how many Natural Selection cards carry each number (the rulebook
    prints only 108 cards, 8 Puscual and 6 Sungem events)."""
    deck = reborn_rules.NaturalSelectionDeck(dict(card_counts))
    stored = {str(value): count for value, count in sorted(deck.card_counts.items()) if count}
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season = season_for(campaign)
        deltas: dict = {}
        record_row_change(
            deltas,
            "season",
            season.pk,
            "natural_selection_deck",
            season.natural_selection_deck,
            stored,
        )
        season.natural_selection_deck = stored
        season.save(update_fields=["natural_selection_deck"])
        _record_season(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SEASON_DECK,
            season=season,
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
        record_row_change(deltas, "season", season.pk, "house_encounter_numbers", old, new)
        season.house_encounter_numbers = new
        season.save(update_fields=["house_encounter_numbers"])
        _record_season(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SEASON_HOUSE_VALUE,
            season=season,
            reason=f"House value: {SCENARIOS[scenario_key].name} at timeslot {timeslot} puts "
            f"{value} token(s) in the bag",
            deltas=deltas,
        )
    return season


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
        # Killed Occulites come back weaker before the next scenario; once the timeslot
        # moved on, the penalty would be lost (Campaign Rules - Losing Figures in a Scenario).
        owed = reborn_penalties_owed(campaign, season.timeslot)
        if owed:
            names = "; ".join(
                f"{tribe.name}: {', '.join(occulite.name for occulite in occulites)}"
                for tribe, occulites in owed.items()
            )
            raise RuleViolation(
                f"Reborn penalties are still owed ({names}): take them in the Reborn step "
                "first (Campaign Rules - Losing Figures in a Scenario)"
            )
        deltas: dict = {}
        following = season_rules.next_timeslot(season.timeslot)
        if following is None:
            record_row_change(deltas, "season", season.pk, "long_dark", False, True)
            season.long_dark = True
        else:
            record_row_change(deltas, "season", season.pk, "timeslot", season.timeslot, following)
            season.timeslot = following
        season.save(update_fields=["timeslot", "long_dark"])
        for occulite in Occulite.objects.filter(tribe__campaign=campaign):
            if occulite.defence_before_scenario != occulite.defence:
                record_row_change(
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
        _record_season(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SEASON_ADVANCE,
            season=season,
            reason=reason,
            deltas=deltas,
        )
    return season
