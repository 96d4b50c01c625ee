"""Read helpers for the Occulites pages: each runs a fixed number of queries, however long
the campaign's history grows."""

from dataclasses import dataclass, field

from django.db.models import Prefetch

from campaigns.occulites.rules import long_dark as long_dark_rules
from campaigns.table.models import Campaign

from .models import AbilityHolding, Luftle, LuftleStatus, NextScenarioEffect, Tribe
from .services import SUNGEMS, TOTAL_VP, season_for, tribes_totals


@dataclass
class TribeSheet:
    """A tribe with its roster and totals, ready for a template."""

    tribe: Tribe
    totals: dict[str, int]
    occulites: list = field(default_factory=list)
    luftles: list = field(default_factory=list)


def campaign_sheet(campaign: Campaign) -> tuple:
    """The season and every tribe with its Occulites (and their active abilities), live
    Luftles (with the Luftle Chief's abilities), next-scenario effects and scenario results,
    plus the three ledger totals: a constant number of queries."""
    season = season_for(campaign)
    tribes = list(
        Tribe.objects.filter(campaign=campaign)
        .select_related("player")
        .prefetch_related(
            "occulites",
            Prefetch("occulites__abilities", queryset=AbilityHolding.objects.order_by("pk")),
            Prefetch(
                "luftles",
                queryset=Luftle.objects.filter(status=LuftleStatus.ACTIVE).prefetch_related(
                    "abilities"
                ),
            ),
            Prefetch(
                "next_effects",
                queryset=NextScenarioEffect.objects.filter(for_timeslot=season.timeslot),
            ),
            "results",
        )
    )
    totals = tribes_totals(tribes)
    sheets = []
    for tribe in tribes:
        sheet = TribeSheet(tribe=tribe, totals=totals[tribe.pk], luftles=list(tribe.luftles.all()))
        for occulite in tribe.occulites.all():
            occulite.active_abilities = [
                holding
                for holding in occulite.abilities.all()
                if holding.is_active(season.timeslot)
            ]
            sheet.occulites.append(occulite)
        sheets.append(sheet)
    return season, sheets


@dataclass(frozen=True)
class LongDarkStanding:
    tribe: Tribe
    sungems: int
    survival_chance: object
    outcome: long_dark_rules.LongDarkOutcome | None


def long_dark_standings(campaign: Campaign) -> tuple[list[LongDarkStanding], tuple[int, ...]]:
    """Each tribe's chance of surviving, its Heat and bonus once rolled, and the winners
    (by VP among the survivors) once every tribe has rolled (Completing the Campaign)."""
    tribes = list(Tribe.objects.filter(campaign=campaign).select_related("long_dark_roll"))
    totals = tribes_totals(tribes)
    standings = []
    for tribe in tribes:
        record = getattr(tribe, "long_dark_roll", None)
        outcome = None
        if record is not None:
            roll = long_dark_rules.LongDarkRoll(tuple(record.dice), frozenset(record.rerolled))
            outcome = long_dark_rules.long_dark_outcome(roll, totals[tribe.pk][TOTAL_VP])
        standings.append(
            LongDarkStanding(
                tribe=tribe,
                sungems=totals[tribe.pk][SUNGEMS],
                survival_chance=long_dark_rules.long_dark_survival_chance(
                    totals[tribe.pk][SUNGEMS]
                ),
                outcome=outcome,
            )
        )
    winners: tuple[int, ...] = ()
    if standings and all(standing.outcome for standing in standings):
        keys = long_dark_rules.long_dark_winners(
            {str(standing.tribe.pk): standing.outcome for standing in standings}
        )
        winners = tuple(int(key) for key in keys)
    return standings, winners
