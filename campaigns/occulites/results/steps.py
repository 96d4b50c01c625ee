"""Where a tribe's post-scenario wizard stands, read from the records every phone shares.

The wizard keeps no state of its own: the scenario result, the ledger entries written since
it, and the roster say which steps are done. Each step is one service call that is complete
on its own, so a wizard left half-way leaves a consistent campaign.
"""

from dataclasses import dataclass, field

from django.db.models import Count

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.scenarios import (
    SCENARIOS,
    AppliesTo,
    OptionKind,
    Recipient,
    Scenario,
    ScenarioOption,
)
from campaigns.occulites.ledger_kinds import UNDO, EntryKey, OcculitesKind, entry_marked
from campaigns.occulites.models import ScenarioResult, Tribe
from campaigns.occulites.queries import choice_at
from campaigns.occulites.services.abilities import tribe_result_at
from campaigns.occulites.services.reborn_owed import (
    reborn_entries_by_occulite,
    reborn_owed_ids,
)
from campaigns.occulites.services.scenario_options import (
    APPLIED_KINDS,
    option_reason,
    option_title,
)
from campaigns.occulites.services.scenarios import scenario_recorded_at
from campaigns.occulites.services.snapshot import tribe_rows
from campaigns.table.models import LedgerEntry

STEPS = (
    ("result", "Result"),
    ("options", "Penalties and advances"),
    ("reborn", "Reborn"),
    ("luftles", "Luftles"),
    ("spend", "Spend"),
)
STEP_KEYS = tuple(key for key, _ in STEPS)

RECIPIENT_NOTE = {
    Recipient.EACH_TRIBE: "",
    Recipient.WINNER: "The winner only.",
    Recipient.LOSER: "The loser only.",
    Recipient.ATTACKER: "The Attacker only.",
    Recipient.DEFENDER: "The Defender only.",
    Recipient.MOST: "The side with the most only.",
}

# Options the wizard applies with a service call: services.scenario_options.APPLIED_KINDS.
# Where the options the wizard does not apply itself take effect.
OPTION_NOTES = {
    OptionKind.REBORN_PENALTY: "Take the reborn penalty for each Occulite struck in step 3 "
    "(Reborn).",
    OptionKind.SKIP_REBORN_PENALTY: "A Chief destroyed in this game owes no reborn penalty in "
    "step 3 (Reborn).",
    OptionKind.LUFTLE_DISCOUNT: "Applied to the Luftle prices in step 5 (Spend).",
    OptionKind.LUFTLE_FREE: "Offered when recruiting in step 5 (Spend).",
    OptionKind.CHOOSE_NEXT_SCENARIO: "The Defender picks the next scenario instead of a draw.",
}

# Options whose own kind of entry says they were applied (a raid, a swap, Luftles gone),
# whichever page wrote it.
APPLIED_BY_KIND = {
    OptionKind.SUNGEMS_STOLEN: OcculitesKind.SUNGEMS_RAID,
    OptionKind.SUNGEM_SWAP: OcculitesKind.SUNGEMS_SIEGE_SWAP,
    OptionKind.LUFTLES_RUN_AWAY: OcculitesKind.LUFTLE_CASUALTIES,
}


def wizard_options(scenario: Scenario) -> tuple[ScenarioOption, ...]:
    """The penalties and advances a tribe ticks when it records its result: everything but
    the VP rewards (counted instead) and the Learned Ability allowance (the spending step)."""
    return tuple(
        option
        for option in scenario.options
        if option.kind not in (OptionKind.VP, OptionKind.LEARNED_ABILITIES)
    )


def played_scenario(campaign_id: int, timeslot: int) -> str:
    """This timeslot's scenario: the one drawn, else one a tribe has already recorded."""
    choice = choice_at(campaign_id, timeslot)
    if choice and choice.drawn_scenario:
        return choice.drawn_scenario
    return scenario_recorded_at(campaign_id, timeslot)


@dataclass
class OptionProgress:
    """One ticked penalty or advance and what has been applied for it so far."""

    option: ScenarioOption
    title: str
    reason: str
    applied: list = field(default_factory=list)
    points_left: int | None = None
    needs_service: bool = False
    done: bool = False
    note: str = ""

    @property
    def accepts_more(self) -> bool:
        """Still open: not applied yet, or applied once per figure involved."""
        per_figure = self.option.applies_to is AppliesTo.FIGURES_INVOLVED
        return self.needs_service and (not self.done or per_figure)


@dataclass
class RebornOwed:
    occulite: object
    entry: LedgerEntry | None = None


@dataclass
class WizardState:
    """Everything the wizard shows about one tribe at this timeslot."""

    tribe: Tribe
    season: object
    scenario: Scenario | None
    result: ScenarioResult | None
    occulites: list
    luftles: list
    entries: list
    options: list
    reborn_owed: list
    chief_skips_reborn: bool
    lightning: bool

    @property
    def options_done(self) -> bool:
        return all(progress.done for progress in self.options)

    @property
    def reborn_done(self) -> bool:
        return all(owed.entry for owed in self.reborn_owed)

    def step_status(self) -> list[dict]:
        recorded = self.result is not None
        status = {
            "result": "done" if recorded else "to do",
            "options": (
                "locked"
                if not recorded
                else "done"
                if self.options_done
                else f"{sum(not p.done for p in self.options)} to apply"
            ),
            "reborn": (
                "locked"
                if not recorded
                else "done"
                if self.reborn_done
                else f"{sum(not o.entry for o in self.reborn_owed)} to take"
            ),
            "luftles": "locked"
            if not recorded
            else "no Luftles"
            if not self.luftles
            else "if any died",
            "spend": "any time",
        }
        return [{"key": key, "label": label, "status": status[key]} for key, label in STEPS]

    def next_step(self, after: str) -> str:
        """The step to show after ``after``: the next one with something to do."""
        order = STEP_KEYS[STEP_KEYS.index(after) + 1 :]
        for step in order:
            if step == "options" and self.options and not self.options_done:
                return step
            if step == "reborn" and self.reborn_owed and not self.reborn_done:
                return step
            if step == "luftles" and self.luftles:
                return step
            if step == "spend":
                return step
        return "spend"

    def first_step(self) -> str:
        return "result" if self.result is None else self.next_step("result")


def _entries_since(result: ScenarioResult) -> list[LedgerEntry]:
    """The tribe's entries written since its result was recorded, leaving out undone ones."""
    return list(
        LedgerEntry.objects.filter(
            campaign_id=result.tribe.campaign_id,
            subject_type="tribe",
            subject_id=str(result.tribe_id),
            created_at__gte=result.recorded_at,
        )
        .exclude(kind=UNDO)
        .annotate(undone=Count("reversed_by"))
        .filter(undone=0)
        .order_by("id")
    )


def _matches(option: ScenarioOption, entry: LedgerEntry) -> bool:
    """Was ``entry`` written for ``option``? Read from the entry's data, never its reason."""
    kind = APPLIED_BY_KIND.get(option.kind)
    if kind:
        return entry.kind == kind
    return entry_marked(entry.deltas, EntryKey.OPTION) == option.key


def _points_given(entry: LedgerEntry) -> int:
    return sum(
        change["to"] - change["from"]
        for key, change in entry.deltas.items()
        if key.startswith("occulite.") and isinstance(change, dict)
    )


def _option_progress(scenario, option, entries, occulites, luftles) -> OptionProgress:
    reason = option_reason(scenario, option)
    applied = [entry for entry in entries if _matches(option, entry)]
    progress = OptionProgress(
        option=option,
        title=option_title(option),
        reason=reason,
        applied=applied,
        needs_service=option.kind in APPLIED_KINDS,
        note=OPTION_NOTES.get(option.kind, ""),
    )
    if option.kind is OptionKind.STAT and option.applies_to is AppliesTo.SPLIT_AMONG_FIGURES:
        progress.points_left = max(0, option.amount - sum(_points_given(e) for e in applied))
        progress.done = progress.points_left == 0
    elif option.kind is OptionKind.DEFENCE_RESET:
        progress.done = all(o.defence >= o.start_defence for o in occulites)
    elif option.kind is OptionKind.LUFTLES_RUN_AWAY:
        progress.done = bool(applied) or not luftles
    elif progress.needs_service:
        progress.done = bool(applied)
    else:
        progress.done = True  # shown for information, applied elsewhere
    return progress


def wizard_state(tribe: Tribe, season) -> WizardState:
    """Read where the tribe stands at this timeslot: a fixed number of queries."""
    result = tribe_result_at(tribe, season.timeslot)
    scenario_key = (
        result.scenario_key if result else played_scenario(tribe.campaign_id, season.timeslot)
    )
    scenario = SCENARIOS.get(scenario_key)
    rows = tribe_rows(tribe)
    occulites = rows.occulites
    for occulite in occulites:
        occulite.active_abilities = [
            holding
            for holding in rows.holdings
            if holding.occulite_id == occulite.pk and holding.is_active(season.timeslot)
        ]
    luftles = rows.active_luftles
    entries = _entries_since(result) if result else []
    chosen = set(result.options_chosen) if result else set()
    options = []
    chief_skips = lightning = False
    if result and scenario:
        for option in wizard_options(scenario):
            if option.key not in chosen:
                continue
            options.append(_option_progress(scenario, option, entries, occulites, luftles))
            chief_skips |= option.kind is OptionKind.SKIP_REBORN_PENALTY
            lightning |= option.kind is OptionKind.REBORN_PENALTY
    killed = set(result.occulites_killed) if result else set()
    owed = reborn_owed_ids(result, occulites) if result else set()
    taken = reborn_entries_by_occulite(entries)
    reborn_owed = [
        RebornOwed(occulite=occulite, entry=taken.get(occulite.pk))
        for occulite in occulites
        if occulite.pk in owed
    ]
    return WizardState(
        tribe=tribe,
        season=season,
        scenario=scenario,
        result=result,
        occulites=occulites,
        luftles=luftles,
        entries=entries,
        options=options,
        reborn_owed=reborn_owed,
        chief_skips_reborn=chief_skips and any(o.is_chief and o.pk in killed for o in occulites),
        lightning=lightning,
    )


def losable_abilities(occulite) -> tuple[str, ...]:
    """The abilities a reborn Occulite may have to give up when the ability slot's card is
    lowest: learned or situational, leaving out those lost anyway when it is killed (Lucky,
    Eagle Eyed); innate ones are never lost (Campaign Rules - Losing Figures in a Scenario)."""
    return tuple(
        holding.ability_key
        for holding in occulite.active_abilities
        if holding.kind != "innate"
        and not (
            holding.ability_key in ABILITIES and ABILITIES[holding.ability_key].lost_when_killed
        )
    )


def lost_anyway(occulite) -> tuple[str, ...]:
    """Abilities that go whenever their holder is killed (Lucky instead of a statistic)."""
    return tuple(
        holding.ability_key
        for holding in occulite.active_abilities
        if holding.ability_key in ABILITIES and ABILITIES[holding.ability_key].lost_when_killed
    )


def reborn_entries_for(state: WizardState) -> dict[int, LedgerEntry]:
    """Reborn penalties taken since the result, by Occulite (lightning strikes included)."""
    return reborn_entries_by_occulite(state.entries)
