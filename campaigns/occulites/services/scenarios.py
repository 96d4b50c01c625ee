"""Choosing this timeslot's scenario (nominate, fill the bag, draw, redraw) and
recording each tribe's result."""

import random
from collections.abc import Mapping, Sequence

from django.db import transaction

from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind
from campaigns.occulites.ledger_kinds import OcculitesKind
from campaigns.occulites.rules import season as season_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import lock_campaign, record_row_change
from campaigns.table.models import Campaign
from campaigns.table.services import draw_log_record

from ..models import (
    Occulite,
    OcculitesSeason,
    ScenarioChoice,
    ScenarioNomination,
    ScenarioResult,
    Tribe,
)
from ._common import (
    _both_totals,
    _check_in_season,
    _current_result,
    _locked_tribe,
    _record,
    _record_season,
    _vp_loss_deltas,
)
from .season import season_for
from .totals import AVAILABLE_SPEND_TOTAL, SUNGEMS, TOTAL_VP, tribe_totals

REDRAW_CONFIRMATION = "A redraw costs 1 VP from both totals: confirm to go ahead."


def _current_choice(campaign: Campaign, season: OcculitesSeason) -> ScenarioChoice | None:
    return ScenarioChoice.objects.filter(campaign=campaign, timeslot=season.timeslot).first()


def _choice_for(campaign: Campaign, season: OcculitesSeason) -> tuple[ScenarioChoice, bool]:
    return ScenarioChoice.objects.get_or_create(campaign=campaign, timeslot=season.timeslot)


def scenario_nominate(*, tribe: Tribe, actor, scenario_key: str) -> ScenarioNomination:
    """A player nominates the scenario they want next; its Encounter number of their
    Tribal Tokens will go in the bag (Choosing Scenarios - Choosing a Scenario)."""
    season_rules.scenario(scenario_key)
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
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
            record_row_change(deltas, "choice", choice.pk, "exists", False, True)
        record_row_change(deltas, "nomination", nomination.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SCENARIO_NOMINATE,
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


def scenario_bag_for(
    campaign: Campaign,
    *,
    season: OcculitesSeason | None = None,
    choice: ScenarioChoice | None = None,
) -> season_rules.ScenarioBag:
    """The bag as it would be filled now (for the page): refuses while a needed Time of the
    Season cell is missing and the group has entered no house value. ``season`` and
    ``choice``, when the caller has them, save reading them again."""
    season = season or season_for(campaign)
    choice = choice or _current_choice(campaign, season)
    if choice is None:
        raise RuleViolation("Nominate at least one scenario")
    return _bag(choice, season)


def draw_bag(
    season: OcculitesSeason, choice: ScenarioChoice | None, waiting: Sequence[str]
) -> season_rules.ScenarioBag:
    """The bag the draw takes a token from, or the rule that stops the draw now: the season
    is on, nothing is drawn yet, every tribe (``waiting`` names those that have not) has
    nominated, every cell has a value and the bag is not empty (Choosing Scenarios -
    Choosing a Scenario). The service and the Season page both ask this."""
    _check_in_season(season)
    if choice is None:
        raise RuleViolation("Nominate at least one scenario")
    if choice.drawn_scenario:
        raise RuleViolation("The scenario for this timeslot has already been drawn")
    if waiting:
        raise RuleViolation(
            f"Each player nominates a scenario first (waiting for {', '.join(waiting)})"
        )
    bag = _bag(choice, season)
    season_rules.check_bag_not_empty(bag)
    return bag


def redraw_closed(
    season: OcculitesSeason, choice: ScenarioChoice | None, *, results_recorded: bool
) -> str:
    """Why no tribe may redraw now ("" while a redraw is open): only after the draw and
    before anyone has played the scenario (Choosing Scenarios - Choosing a Scenario)."""
    if season.long_dark:
        return "The season is over: the Long Dark has come"
    if choice is None or not choice.drawn_scenario:
        return "Draw the scenario before redrawing it"
    if results_recorded:
        return "The scenario has been played: it can no longer be redrawn"
    return ""


def redraw_unaffordable(tribe: Tribe, totals: Mapping[str, int]) -> str:
    """Why this tribe cannot pay for a redraw ("" when it can): 1 VP off its Available
    Spend Total and its Total Victory Points alike (Campaign Rules - Having some control of
    your Fate in a Campaign)."""
    cost = season_rules.REDRAW_VP_COST
    if totals[AVAILABLE_SPEND_TOTAL] < cost:
        return (
            f"A redraw costs {cost} VP and the Available Spend Total "
            f"is {totals[AVAILABLE_SPEND_TOTAL]}"
        )
    if totals[TOTAL_VP] < cost:
        return f"A redraw costs {cost} VP and {tribe.name} has {totals[TOTAL_VP]}"
    return ""


def scenario_draw(*, campaign: Campaign, actor, rng: random.Random | None = None) -> ScenarioChoice:
    """Fill the bag from every tribe's nomination and draw one token, recorded in the shared
    log. Every tribe must have nominated; a missing table cell needs a house value first
    (Choosing Scenarios - Choosing a Scenario)."""
    with transaction.atomic():
        campaign = lock_campaign(campaign.pk)
        season = season_for(campaign)
        choice = _current_choice(campaign, season)
        waiting = Tribe.objects.filter(campaign=campaign)
        if choice is not None:
            waiting = waiting.exclude(nominations__choice=choice)
        bag = draw_bag(season, choice, list(waiting.values_list("name", flat=True)))
        drawn = season_rules.draw_scenario(bag, rng or random.SystemRandom())
        return _apply_draw(campaign, actor, season, choice, bag, drawn, redraw_by=None)


def _apply_draw(campaign, actor, season, choice, bag, drawn, *, redraw_by: Tribe | None):
    name = SCENARIOS[drawn.scenario_key].name
    tribe = Tribe.objects.get(pk=int(drawn.tribe_key))
    deltas: dict = {}
    record_row_change(
        deltas, "choice", choice.pk, "drawn_scenario", choice.drawn_scenario, drawn.scenario_key
    )
    record_row_change(
        deltas, "choice", choice.pk, "drawn_tribe_id", choice.drawn_tribe_id, tribe.pk
    )
    if redraw_by:
        record_row_change(
            deltas, "choice", choice.pk, "redraws", choice.redraws, choice.redraws + 1
        )
        choice.redraws += 1
        deltas.update(_both_totals(-season_rules.REDRAW_VP_COST))
    choice.drawn_scenario = drawn.scenario_key
    choice.drawn_tribe = tribe
    choice.save()
    draw_log_record(
        campaign=campaign,
        actor=actor,
        tool="occulites.scenario_bag",
        label=f"Scenario bag, timeslot {season.timeslot}" + (" (redraw)" if redraw_by else ""),
        result={**_bag_summary(bag), "drawn": f"{drawn.tribe_key}:{drawn.scenario_key}"},
        summary=f"{tribe.name}'s token: {name}",
    )
    if redraw_by:
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SCENARIO_REDRAW,
            tribe=redraw_by,
            reason=f"Redrew the scenario for 1 VP off both totals: {name} "
            "(Choosing Scenarios - Choosing a Scenario)",
            deltas=deltas,
        )
    else:
        _record_season(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SCENARIO_DRAW,
            season=season,
            reason=f"Timeslot {season.timeslot}: drew {tribe.name}'s token, {name}",
            deltas=deltas,
        )
    return choice


def scenario_redraw(
    *, tribe: Tribe, actor, confirmed: bool, rng: random.Random | None = None
) -> ScenarioChoice:
    """A tribe pays 1 VP, off its Total Victory Points and its Available Spend Total, to
    draw again from the whole bag; the player must confirm, and is asked only once the
    redraw is one the rules allow (Choosing Scenarios)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        choice = _current_choice(campaign, season)
        played = ScenarioResult.objects.filter(
            tribe__campaign=campaign, timeslot=season.timeslot
        ).exists()
        totals = tribe_totals(tribe)
        refusal = redraw_closed(season, choice, results_recorded=played) or redraw_unaffordable(
            tribe, totals
        )
        if refusal:
            raise RuleViolation(refusal)
        if not confirmed:
            raise ValidationError({"confirmed": REDRAW_CONFIRMATION})
        bag = _bag(choice, season)
        redraw = season_rules.scenario_redraw(
            bag, rng or random.SystemRandom(), available_spend_total=totals[AVAILABLE_SPEND_TOTAL]
        )
        return _apply_draw(campaign, actor, season, choice, bag, redraw.drawn, redraw_by=tribe)


# Which tribe played at which timeslot, with the options it chose: every result of the
# campaign (one a tribe a timeslot), read by the campaign alone so its SQL is built once.
_RESULT_MARKS = CompiledQuery(
    lambda campaign_id: ScenarioResult.objects.filter(tribe__campaign_id=campaign_id).values_list(
        "tribe_id", "timeslot", "scenario_key", "options_chosen"
    )
)


def timeslots_recorded(campaign: Campaign) -> set[int]:
    """The timeslots at which any tribe of the campaign has recorded its result."""
    return {timeslot for _, timeslot, _, _ in _RESULT_MARKS.rows(campaign_id=campaign.pk)}


_RESULT_FIELDS = attnames(ScenarioResult)
_RESULT_TIMESLOT = _RESULT_FIELDS.index("timeslot")
_RESULTS = CompiledQuery(
    lambda campaign_id: ScenarioResult.objects.filter(tribe__campaign_id=campaign_id).values_list(
        *_RESULT_FIELDS
    )
)


def results_at(campaign_id: int, timeslot: int) -> dict[int, ScenarioResult]:
    """The results recorded at that timeslot, by tribe id (every result of the campaign is
    read, forty at most, so that the SQL takes the campaign alone and is built once)."""
    rows = [
        row for row in _RESULTS.rows(campaign_id=campaign_id) if row[_RESULT_TIMESLOT] == timeslot
    ]
    return {
        result.tribe_id: result for result in as_instances(ScenarioResult, _RESULT_FIELDS, rows)
    }


def scenario_recorded_at(campaign_id: int, timeslot: int) -> str:
    """The scenario the first tribe to record its result at that timeslot played ("" if
    none has)."""
    marks = _RESULT_MARKS.rows(campaign_id=campaign_id)
    return next((key for _, played_at, key, _ in marks if played_at == timeslot), "")


def scenarios_played(campaign: Campaign) -> dict[int, dict[int, str]]:
    """The scenario each tribe of the campaign played at each timeslot recorded, by tribe id
    and timeslot."""
    played: dict[int, dict[int, str]] = {}
    for tribe_id, timeslot, scenario_key, _ in _RESULT_MARKS.rows(campaign_id=campaign.pk):
        played.setdefault(tribe_id, {})[timeslot] = scenario_key
    return played


def tribes_choosing_next_scenario(campaign: Campaign, season: OcculitesSeason) -> list[Tribe]:
    """Tribes whose result last timeslot gives them the next scenario without a draw (the
    Defender who loses a Home Cave Raid: Scenario 8, Advances)."""
    choosing_keys = {
        option.key
        for played in SCENARIOS.values()
        for option in played.options
        if option.kind is OptionKind.CHOOSE_NEXT_SCENARIO
    }
    tribe_ids = [
        tribe_id
        for tribe_id, timeslot, _, options_chosen in _RESULT_MARKS.rows(campaign_id=campaign.pk)
        if timeslot == season.timeslot - 1 and choosing_keys & set(options_chosen)
    ]
    if not tribe_ids:
        return []
    tribes = Tribe.objects.in_bulk(tribe_ids)
    return [tribes[tribe_id] for tribe_id in tribe_ids]


def scenario_choose(*, tribe: Tribe, actor, scenario_key: str) -> ScenarioChoice:
    """The Defender who lost a Home Cave Raid picks the next scenario; no tokens go in a
    bag (Scenario 8: Home Cave Raid, Advances)."""
    season_rules.scenario(scenario_key)
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        _check_in_season(season)
        if tribe not in tribes_choosing_next_scenario(campaign, season):
            raise RuleViolation(
                "Only a Defender who lost the Home Cave Raid last timeslot picks the next "
                "scenario without a draw"
            )
        choice, _ = _choice_for(campaign, season)
        if choice.drawn_scenario:
            raise RuleViolation("The scenario for this timeslot has already been chosen")
        # Undo clears the pick and leaves the (empty) choice open for nominations.
        deltas: dict = {}
        record_row_change(deltas, "choice", choice.pk, "drawn_scenario", "", scenario_key)
        record_row_change(
            deltas, "choice", choice.pk, "drawn_tribe_id", choice.drawn_tribe_id, tribe.pk
        )
        choice.drawn_scenario = scenario_key
        choice.drawn_tribe = tribe
        choice.save()
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SCENARIO_CHOOSE,
            tribe=tribe,
            reason=f"Timeslot {season.timeslot}: {tribe.name} picked "
            f"{SCENARIOS[scenario_key].name} without a draw (Scenario 8: Home Cave Raid)",
            deltas=deltas,
        )
    return choice


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
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        _check_in_season(season)
        choice = _current_choice(campaign, season)
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
        deltas: dict = _both_totals(vp) if vp >= 0 else _vp_loss_deltas(totals, -vp)
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
        record_row_change(deltas, "result", result.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SCENARIO_RESULT,
            tribe=tribe,
            reason=f"Timeslot {season.timeslot}, {scenario.name}: {deltas[TOTAL_VP]:+d} VP, "
            f"{sungems_gained} Sungem(s) ({scenario.source} - Rewards)",
            deltas=deltas,
        )
    return result
