"""Read helpers for the Occulites pages: each runs a fixed number of queries, however long
the campaign's history grows."""

from dataclasses import dataclass, field

from django.db.models import CharField, OuterRef, Subquery, prefetch_related_objects
from django.db.models.functions import Cast, Coalesce
from django.http import Http404

from campaigns.occulites.rules import long_dark as long_dark_rules
from campaigns.occulites.rules import season as season_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames, with_users
from campaigns.table.models import Campaign, LedgerTotal

from .models import (
    LongDarkRoll,
    Luftle,
    LuftleStatus,
    Occulite,
    OcculitesSeason,
    ScenarioChoice,
    ScenarioNomination,
    Tribe,
)
from .services import SUNGEMS, TOTAL_VP, season_for
from .services.scenarios import (
    draw_bag,
    redraw_closed,
    redraw_unaffordable,
    scenario_bag_for,
    timeslots_recorded,
    tribes_choosing_next_scenario,
)
from .services.snapshot import HELD_COLUMNS, figures_with_holdings
from .services.totals import TOTAL_KEYS


@dataclass
class TribeSheet:
    """A tribe with its roster and totals, ready for a template."""

    tribe: Tribe
    totals: dict[str, int] = field(default_factory=dict)
    occulites: list = field(default_factory=list)
    luftles: list = field(default_factory=list)


_TRIBE_FIELDS = attnames(Tribe)
_OCCULITE_FIELDS = attnames(Occulite)
_LUFTLE_FIELDS = attnames(Luftle)

# The sheet's reads, each by the campaign alone so its SQL is built once (compiled_sql.py).
_TRIBES = CompiledQuery(
    lambda campaign_id: Tribe.objects.filter(campaign_id=campaign_id).values_list(
        *_TRIBE_FIELDS, "player__username"
    )
)
_TRIBE = CompiledQuery(
    lambda campaign_id, tribe_id: Tribe.objects.filter(
        campaign_id=campaign_id, pk=tribe_id
    ).values_list(*_TRIBE_FIELDS)
)
# Each figure with its abilities, one read (``figures_with_holdings``).
_OCCULITES = CompiledQuery(
    lambda campaign_id: (
        Occulite.objects.filter(tribe__campaign_id=campaign_id)
        .order_by("position", "pk", "abilities__pk")
        .values_list(*_OCCULITE_FIELDS, *HELD_COLUMNS)
    )
)
_LUFTLES = CompiledQuery(
    lambda campaign_id: (
        Luftle.objects.filter(tribe__campaign_id=campaign_id, status=LuftleStatus.ACTIVE)
        .order_by("pk", "abilities__pk")
        .values_list(*_LUFTLE_FIELDS, *HELD_COLUMNS)
    )
)
# The same reads of one tribe (its own sheet): the other tribes' figures are not read.
_TRIBE_OCCULITES = CompiledQuery(
    lambda campaign_id, tribe_id: (
        Occulite.objects.filter(tribe__campaign_id=campaign_id, tribe_id=tribe_id)
        .order_by("position", "pk", "abilities__pk")
        .values_list(*_OCCULITE_FIELDS, *HELD_COLUMNS)
    )
)
_TRIBE_LUFTLES = CompiledQuery(
    lambda campaign_id, tribe_id: (
        Luftle.objects.filter(
            tribe__campaign_id=campaign_id, tribe_id=tribe_id, status=LuftleStatus.ACTIVE
        )
        .order_by("pk", "abilities__pk")
        .values_list(*_LUFTLE_FIELDS, *HELD_COLUMNS)
    )
)
_CHOICE_FIELDS = attnames(ScenarioChoice)
_CHOICE_TIMESLOT = _CHOICE_FIELDS.index("timeslot")
_CHOICES = CompiledQuery(
    lambda campaign_id: ScenarioChoice.objects.filter(campaign_id=campaign_id).values_list(
        *_CHOICE_FIELDS
    )
)


def _ledger_total(key: str) -> Coalesce:
    """The tribe's running sum of one ledger key (LedgerTotal), 0 before its first entry;
    an index lookup per tribe (campaign, subject, key)."""
    return Coalesce(
        Subquery(
            LedgerTotal.objects.filter(
                campaign_id=OuterRef("campaign_id"),
                subject_type="tribe",
                subject_id=Cast(OuterRef("pk"), output_field=CharField()),
                key=key,
            ).values("total")[:1]
        ),
        0,
    )


# The tribes with their totals in one read: on PostgreSQL a query's round trip costs more
# than the three index lookups per tribe it carries.
def _tribes_with_totals(campaign_id, tribe_id=None):
    tribes = Tribe.objects.filter(campaign_id=campaign_id)
    if tribe_id is not None:
        tribes = tribes.filter(pk=tribe_id)
    return tribes.annotate(
        **{f"ledger_{key}": _ledger_total(key) for key in TOTAL_KEYS}
    ).values_list(*_TRIBE_FIELDS, *(f"ledger_{key}" for key in TOTAL_KEYS), "player__username")


_TRIBES_WITH_TOTALS = CompiledQuery(lambda campaign_id: _tribes_with_totals(campaign_id))
_TRIBE_WITH_TOTALS = CompiledQuery(_tribes_with_totals)


def campaign_tribes(campaign: Campaign) -> list[Tribe]:
    """The campaign's tribes, each with its player (one query, its SQL built once)."""
    return with_users(Tribe, _TRIBE_FIELDS, _TRIBES.rows(campaign_id=campaign.pk), "player")


def campaign_tribes_with_totals(campaign: Campaign) -> tuple[list[Tribe], dict[int, dict]]:
    """The campaign's tribes, each with its player, and the three ledger totals of each
    (by tribe id): one query."""
    return _with_totals(_TRIBES_WITH_TOTALS.rows(campaign_id=campaign.pk))


def _with_totals(rows) -> tuple[list[Tribe], dict[int, dict]]:
    tribes = with_users(Tribe, _TRIBE_FIELDS, rows, "player")
    width = len(_TRIBE_FIELDS)
    totals = {
        tribe.pk: dict(zip(TOTAL_KEYS, row[width : width + len(TOTAL_KEYS)], strict=True))
        for tribe, row in zip(tribes, rows, strict=True)
    }
    return tribes, totals


def tribe_or_404(campaign: Campaign, tribe_id: int) -> Tribe:
    """The campaign's tribe of that id, or 404 (a tribe of another campaign is not found)."""
    rows = _TRIBE.rows(campaign_id=campaign.pk, tribe_id=tribe_id)
    if not rows:
        raise Http404("No such tribe")
    (tribe,) = as_instances(Tribe, _TRIBE_FIELDS, rows)
    Tribe.campaign.field.set_cached_value(tribe, campaign)
    return tribe


def campaign_rosters(campaign: Campaign) -> list[TribeSheet]:
    """Every tribe with its Occulites (each with every ability it holds, `holdings`) and live
    Luftles (each with its learned abilities, `learned`) and its three ledger totals: three
    queries, each by the campaign alone, its SQL built once (prefetch_related's query
    building was a third of the sheet's refresh)."""
    return _rosters(
        _with_totals(_TRIBES_WITH_TOTALS.rows(campaign_id=campaign.pk)),
        _OCCULITES.rows(campaign_id=campaign.pk),
        _LUFTLES.rows(campaign_id=campaign.pk),
    )


def _rosters(tribes_with_totals, occulite_rows, luftle_rows) -> list[TribeSheet]:
    tribes, totals = tribes_with_totals
    occulites = figures_with_holdings(Occulite, _OCCULITE_FIELDS, occulite_rows)
    luftles = figures_with_holdings(Luftle, _LUFTLE_FIELDS, luftle_rows)
    sheets = {tribe.pk: TribeSheet(tribe=tribe, totals=totals[tribe.pk]) for tribe in tribes}
    for occulite, holdings in occulites:
        occulite.holdings = holdings
        sheets[occulite.tribe_id].occulites.append(occulite)
    for luftle, holdings in luftles:
        luftle.learned = holdings
        sheets[luftle.tribe_id].luftles.append(luftle)
    return list(sheets.values())


def campaign_sheet(campaign: Campaign) -> tuple:
    """The season and every tribe's roster (``campaign_rosters``), each Occulite with its
    abilities active now (`active_abilities`), plus the three ledger totals: a constant
    number of queries. Every tab's live refresh reads this."""
    season = season_for(campaign)
    sheets = campaign_rosters(campaign)
    _mark_active_abilities(sheets, season)
    return season, sheets


def tribe_sheet_of(campaign: Campaign, tribe_id: int) -> tuple:
    """The season and one tribe's roster as ``campaign_sheet`` gives it (None for no such
    tribe in the campaign), reading that tribe's figures only."""
    season = season_for(campaign)
    arguments = {"campaign_id": campaign.pk, "tribe_id": tribe_id}
    sheets = _rosters(
        _with_totals(_TRIBE_WITH_TOTALS.rows(**arguments)),
        _TRIBE_OCCULITES.rows(**arguments),
        _TRIBE_LUFTLES.rows(**arguments),
    )
    _mark_active_abilities(sheets, season)
    return season, (sheets[0] if sheets else None)


def _mark_active_abilities(sheets, season) -> None:
    for sheet in sheets:
        for occulite in sheet.occulites:
            occulite.active_abilities = [
                holding for holding in occulite.holdings if holding.is_active(season.timeslot)
            ]


@dataclass(frozen=True)
class LongDarkStanding:
    tribe: Tribe
    totals: dict[str, int]
    sungems: int
    survival_chance: object
    outcome: long_dark_rules.LongDarkOutcome | None


_ROLL_FIELDS = attnames(LongDarkRoll)
_LONG_DARK_ROLLS = CompiledQuery(
    lambda campaign_id: LongDarkRoll.objects.filter(tribe__campaign_id=campaign_id).values_list(
        *_ROLL_FIELDS
    )
)


def long_dark_standings(campaign: Campaign) -> tuple[list[LongDarkStanding], tuple[int, ...]]:
    """Each tribe's chance of surviving, its Heat and bonus once rolled, and the winners
    (by VP among the survivors) once every tribe has rolled (Completing the Campaign)."""
    tribes, totals = campaign_tribes_with_totals(campaign)
    rolls = {
        roll.tribe_id: roll
        for roll in as_instances(
            LongDarkRoll, _ROLL_FIELDS, _LONG_DARK_ROLLS.rows(campaign_id=campaign.pk)
        )
    }
    standings = []
    for tribe in tribes:
        record = rolls.get(tribe.pk)
        # The page reads the roll from the tribe (None: not rolled yet), with no query.
        LongDarkRoll.tribe.field.remote_field.set_cached_value(tribe, record)
        outcome = None
        if record is not None:
            roll = long_dark_rules.LongDarkRoll(tuple(record.dice), frozenset(record.rerolled))
            outcome = long_dark_rules.long_dark_outcome(roll, totals[tribe.pk][TOTAL_VP])
        standings.append(
            LongDarkStanding(
                tribe=tribe,
                totals=totals[tribe.pk],
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


@dataclass
class SeasonChoice:
    """This timeslot's scenario choice as the Season page shows it, and what may be done
    now, by the same guards the services enforce.

    ``choosing``: nominations, house values and a Defender's pick are open (and the member
    may write); ``can_draw``: the draw would go ahead; ``can_redraw``: a redraw is open;
    ``redraw_tribes`` can pay for one, ``redraw_refusals`` says why the others cannot.
    ``bag`` is None while it cannot be filled (no nomination, a cell without a value).
    """

    season: OcculitesSeason
    tribes: list
    totals: dict
    choice: ScenarioChoice | None
    nominations: list
    bag: season_rules.ScenarioBag | None
    drawn: bool
    choosing: bool
    can_draw: bool
    draw_refusal: str
    can_redraw: bool
    redraw_tribes: list
    redraw_refusals: dict
    choosers: list


def choice_at(campaign_id: int, timeslot: int) -> ScenarioChoice | None:
    """The campaign's scenario choice of that timeslot, if any."""
    # One choice a timeslot: read by the campaign alone (its SQL built once), picked here.
    rows = [
        row for row in _CHOICES.rows(campaign_id=campaign_id) if row[_CHOICE_TIMESLOT] == timeslot
    ]
    return as_instances(ScenarioChoice, _CHOICE_FIELDS, rows)[0] if rows else None


def _current_choice(campaign: Campaign, season, tribes: list) -> ScenarioChoice | None:
    """This timeslot's scenario choice with its nominations, their tribes and the drawn one
    taken from ``tribes`` (the campaign's)."""
    choice = choice_at(campaign.pk, season.timeslot)
    if choice is None:
        return None
    by_pk = {tribe.pk: tribe for tribe in tribes}
    if choice.drawn_tribe_id in by_pk:
        ScenarioChoice.drawn_tribe.field.set_cached_value(choice, by_pk[choice.drawn_tribe_id])
    prefetch_related_objects([choice], "nominations")
    for nomination in choice.nominations.all():
        if nomination.tribe_id in by_pk:
            ScenarioNomination.tribe.field.set_cached_value(nomination, by_pk[nomination.tribe_id])
    return choice


def season_choice(campaign: Campaign, *, can_write: bool) -> SeasonChoice:
    """Everything the Season page's choice panel needs, in a constant number of queries."""
    season = season_for(campaign)
    tribes, totals = campaign_tribes_with_totals(campaign)
    choice = _current_choice(campaign, season, tribes)
    nominations = list(choice.nominations.all()) if choice else []
    try:
        bag = scenario_bag_for(campaign, season=season, choice=choice) if nominations else None
    except RuleViolation:
        bag = None
    drawn = bool(choice and choice.drawn_scenario)
    nominated = {nomination.tribe_id for nomination in nominations}
    try:
        draw_bag(season, choice, [tribe.name for tribe in tribes if tribe.pk not in nominated])
        draw_refusal = ""
    except RuleViolation as refusal:
        draw_refusal = str(refusal)
    results_recorded = drawn and season.timeslot in timeslots_recorded(campaign)
    closed = redraw_closed(season, choice, results_recorded=results_recorded)
    refusals = {
        tribe.pk: reason
        for tribe in tribes
        if (reason := redraw_unaffordable(tribe, totals[tribe.pk]))
    }
    choosing = can_write and not season.long_dark and not drawn
    return SeasonChoice(
        season=season,
        tribes=tribes,
        totals=totals,
        choice=choice,
        nominations=nominations,
        bag=bag,
        drawn=drawn,
        choosing=choosing,
        can_draw=bool(tribes) and not draw_refusal,
        draw_refusal=draw_refusal,
        can_redraw=not closed,
        redraw_tribes=[tribe for tribe in tribes if tribe.pk not in refusals],
        redraw_refusals={tribe: refusals[tribe.pk] for tribe in tribes if tribe.pk in refusals},
        choosers=tribes_choosing_next_scenario(campaign, season) if choosing else [],
    )
