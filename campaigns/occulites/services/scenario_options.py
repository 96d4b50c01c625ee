"""Applying the penalties and advances a tribe ticked when it recorded its result."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from campaigns.occulites.catalog.abilities import ABILITIES
from campaigns.occulites.catalog.blueprints import STAT_NAMES
from campaigns.occulites.catalog.scenarios import (
    SCENARIOS,
    AppliesTo,
    OptionKind,
    Recipient,
    Scenario,
    ScenarioOption,
    ScenarioSection,
)
from campaigns.occulites.rules import stats as stat_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.models import LedgerEntry

from ..models import LuftleStatus, Occulite, Tribe
from ._common import _current_result, _locked_tribe
from .abilities import situational_ability_gain
from .luftles import luftle_casualties
from .season import season_for
from .stats import next_scenario_effect_add, occulite_stat_change
from .sungems import home_cave_raid_steal, siege_swap_sungems

# Options applied here with a service call; the others take effect elsewhere (the reborn
# step, the Luftle prices, the next scenario's choice).
APPLIED_KINDS = frozenset(
    {
        OptionKind.STAT,
        OptionKind.SITUATIONAL_ABILITY,
        OptionKind.NEXT_SCENARIO_EFFECT,
        OptionKind.SUNGEMS_STOLEN,
        OptionKind.SUNGEM_SWAP,
        OptionKind.LUFTLES_RUN_AWAY,
        OptionKind.DEFENCE_RESET,
    }
)

RECIPIENT_PREFIX = {
    Recipient.EACH_TRIBE: "",
    Recipient.WINNER: "Winner: ",
    Recipient.LOSER: "Loser: ",
    Recipient.ATTACKER: "Attacker: ",
    Recipient.DEFENDER: "Defender: ",
    Recipient.MOST: "Most: ",
}


def option_title(option: ScenarioOption) -> str:
    """A short name for a reward, penalty or advance, built from its catalogue fields."""
    stat = STAT_NAMES.get(option.target or "", "")
    kind, applies = option.kind, option.applies_to
    if kind is OptionKind.STAT:
        where = {
            AppliesTo.ONE_FIGURE: " to one Occulite",
            AppliesTo.SPLIT_AMONG_FIGURES: " shared among Occulites",
            AppliesTo.LOWEST_FIGURE: f" to the lowest {stat}",
            AppliesTo.CHIEF: " to the Chief",
        }.get(applies, "")
        title = f"+{option.amount} {stat}{where}"
    elif kind is OptionKind.SITUATIONAL_ABILITY:
        name = ABILITIES[option.target].name
        title = f"{name} for the whole tribe" if applies is AppliesTo.TRIBE else f"{name}"
    elif kind is OptionKind.NEXT_SCENARIO_EFFECT:
        what = stat or "card in hand"
        whom = {
            AppliesTo.CHIEF: " (Chief)",
            AppliesTo.ALL_OCCULITES: " (every Occulite)",
            AppliesTo.FIGURES_INVOLVED: " (each figure involved)",
        }.get(applies, "")
        title = f"{option.amount:+d} {what} next scenario only{whom}"
    else:
        title = {
            OptionKind.REBORN_PENALTY: "Reborn penalty for each figure involved",
            OptionKind.SKIP_REBORN_PENALTY: "A destroyed Chief skips the reborn penalty",
            OptionKind.SUNGEMS_STOLEN: "Sungems carried off by the Attacker",
            OptionKind.SUNGEM_SWAP: "The tribes swap Sungem totals",
            OptionKind.LUFTLE_DISCOUNT: f"Luftles {option.amount} VP cheaper after this scenario",
            OptionKind.LUFTLE_FREE: f"{option.amount} free Luftle (not a Luftle Chief)",
            OptionKind.LUFTLES_RUN_AWAY: "Every Luftle in the tribe runs away",
            OptionKind.CHOOSE_NEXT_SCENARIO: "Picks the next scenario without a draw",
            OptionKind.DEFENCE_RESET: "Defence back up to its campaign-start value",
            OptionKind.LEARNED_ABILITIES: "Buy Learned Abilities",
            OptionKind.VP: f"{option.amount or 0:+d} VP",
        }[kind]
    return RECIPIENT_PREFIX[option.recipient] + title


def option_reason(scenario: Scenario, option: ScenarioOption) -> str:
    """The words written with an option's change, for the history (prose only: the entry
    names its option in its deltas, and that is what the wizard reads back)."""
    section = {
        ScenarioSection.REWARD: "Rewards",
        ScenarioSection.PENALTY: "Penalties",
        ScenarioSection.ADVANCE: "Advances",
    }[option.section]
    return f"Scenario {scenario.number} {section}: {option_title(option)}"


@dataclass(frozen=True)
class OptionApplied:
    """What applying an option wrote (None when nothing needed to change), in words."""

    entry: LedgerEntry | None
    message: str


def _of_tribe(occulite: Occulite | None, tribe: Tribe) -> Occulite:
    if occulite is None or occulite.tribe_id != tribe.pk:
        raise RuleViolation("Choose an Occulite of this tribe")
    return Occulite.objects.get(pk=occulite.pk)


def _last_entry(tribe: Tribe) -> LedgerEntry:
    return LedgerEntry.objects.filter(campaign_id=tribe.campaign_id).first()


def scenario_option_apply(
    *,
    tribe: Tribe,
    actor,
    option_key: str,
    occulite: Occulite | None = None,
    occulites: Sequence[Occulite] = (),
    points: int | None = None,
    sungems: int | None = None,
    other_tribe: Tribe | None = None,
) -> OptionApplied:
    """Apply one penalty or advance the tribe ticked with this timeslot's result, through
    the service that makes its change; the entry names the option (Scenarios - Penalties
    and Advances). ``occulite``/``occulites`` are the figures it lands on, ``points`` a
    share of a split statistic, ``sungems`` and ``other_tribe`` a raid's or a siege's."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        season = season_for(campaign)
        result = _current_result(tribe, season.timeslot)
        scenario = SCENARIOS.get(result.scenario_key) if result else None
        option = (
            next((o for o in scenario.options if o.key == option_key), None) if scenario else None
        )
        if option is None or option.key not in result.options_chosen:
            raise RuleViolation("That penalty or advance is not one this tribe ticked to apply.")
        if option.kind not in APPLIED_KINDS:
            raise RuleViolation("This one is applied elsewhere: nothing to do here.")
        reason = option_reason(scenario, option)
        kind, applies = option.kind, option.applies_to
        chief = Occulite.objects.filter(tribe=tribe, is_chief=True).first()
        if kind is OptionKind.STAT:
            figure = _of_tribe(chief if applies is AppliesTo.CHIEF else occulite, tribe)
            entry = occulite_stat_change(
                occulite=figure,
                actor=actor,
                stat=option.target,
                amount=points or option.amount,
                reason=reason,
                option=option.key,
            )
            return OptionApplied(entry, entry.reason)
        if kind is OptionKind.DEFENCE_RESET:
            figure = _of_tribe(occulite, tribe)
            # Scenario 10 - Advances: Defence below its campaign-start value goes back up.
            target = stat_rules.defence_reset_to_campaign_start(
                figure.defence, figure.start_defence
            )
            entry = occulite_stat_change(
                occulite=figure,
                actor=actor,
                stat="defence",
                amount=target - figure.defence,
                reason=reason,
                option=option.key,
            )
            return OptionApplied(entry, entry.reason)
        if kind is OptionKind.SITUATIONAL_ABILITY:
            situational_ability_gain(
                tribe=tribe,
                actor=actor,
                ability_key=option.target,
                occulites=[_of_tribe(figure, tribe) for figure in occulites],
                reason=reason,
                option=option.key,
            )
            return OptionApplied(_last_entry(tribe), f"{reason}: done.")
        if kind is OptionKind.NEXT_SCENARIO_EFFECT:
            figure = {
                AppliesTo.CHIEF: chief,
                AppliesTo.FIGURES_INVOLVED: _of_tribe(occulite, tribe)
                if applies is AppliesTo.FIGURES_INVOLVED
                else None,
            }.get(applies)
            next_scenario_effect_add(
                tribe=tribe,
                actor=actor,
                target=option.target,
                amount=option.amount,
                reason=reason,
                occulite=figure,
                option=option.key,
            )
            return OptionApplied(_last_entry(tribe), f"{reason}: noted for the next scenario.")
        if kind in (OptionKind.SUNGEMS_STOLEN, OptionKind.SUNGEM_SWAP) and (
            other_tribe is None or other_tribe.campaign_id != campaign.pk
        ):
            raise RuleViolation("Choose the other tribe of this campaign")
        if kind is OptionKind.SUNGEMS_STOLEN:
            lost, _ = home_cave_raid_steal(
                attacker=other_tribe,
                defender=tribe,
                actor=actor,
                sungems=sungems or 0,
                option=option.key,
            )
            return OptionApplied(lost, lost.reason)
        if kind is OptionKind.SUNGEM_SWAP:
            pair = siege_swap_sungems(
                attacker=tribe, defender=other_tribe, actor=actor, option=option.key
            )
            if pair is None:
                return OptionApplied(
                    None, "The two tribes hold the same number of Sungems: nothing changes hands."
                )
            return OptionApplied(pair[0], pair[0].reason)
        # Every Luftle in the tribe runs away.
        entry = luftle_casualties(
            tribe=tribe,
            actor=actor,
            base_letters=list(
                tribe.luftles.filter(status=LuftleStatus.ACTIVE).values_list(
                    "base_letter", flat=True
                )
            ),
            ran_away=True,
            option=option.key,
        )
        return OptionApplied(entry, entry.reason)
