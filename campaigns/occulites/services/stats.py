"""An Occulite's statistics: advances and penalties, Defence bought back, and effects on
the next scenario only."""

from django.db import transaction

from campaigns.occulites.catalog.blueprints import STAT_NAMES
from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_mark
from campaigns.occulites.rules import stats as stat_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.models import LedgerEntry

from ..models import NextScenarioEffect, Occulite, Tribe
from ._common import _locked_tribe, _record, _spend_deltas
from .season import season_for
from .snapshot import stats_of
from .totals import AVAILABLE_SPEND_TOTAL, tribe_totals


def occulite_stat_change(
    *, occulite: Occulite, actor, stat: str, amount: int, reason: str, option: str = ""
) -> LedgerEntry:
    """A scenario advance (positive, refused past the campaign maximum) or penalty
    (negative, stopping at 1) to one statistic (Campaign Rules - Maximum Statistics During a
    Campaign; Losing Figures in a Scenario). ``option`` is the scenario option it applies,
    kept in the entry for the result wizard."""
    if amount == 0:
        raise ValidationError({"amount": "Enter the points gained or lost."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id, actor=actor)
        occulite = Occulite.objects.get(pk=occulite.pk)
        stats = stats_of(occulite)
        if amount > 0:
            after = stat_rules.stat_advance(stats, stat, amount)
        else:
            after = stat_rules.stat_loss(stats, stat, -amount).stats
        old, new = stats.get(stat), after.get(stat)
        deltas: dict = entry_mark(EntryKey.OPTION, option) if option else {}
        record_row_change(deltas, "occulite", occulite.pk, stat, old, new)
        setattr(occulite, stat, new)
        occulite.save(update_fields=[stat])
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.OCCULITE_STAT,
            tribe=tribe,
            reason=f"{occulite.name} {STAT_NAMES[stat]} {old}→{new}: {reason}",
            deltas=deltas,
        )


def occulite_defence_regain(*, occulite: Occulite, actor, points: int) -> LedgerEntry:
    """Buy back lost Defence at 1 VP a point, up to its value before the scenario just
    played (Campaign Rules - Regaining Lost Defence Points)."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(occulite.tribe_id, actor=actor)
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
        record_row_change(
            deltas, "occulite", occulite.pk, "defence", occulite.defence, regain.defence_after
        )
        occulite.defence = regain.defence_after
        occulite.save(update_fields=["defence"])
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.OCCULITE_DEFENCE_REGAIN,
            tribe=tribe,
            reason=f"{occulite.name} regained {points} Defence for {regain.vp_cost} VP "
            "(Campaign Rules - Regaining Lost Defence Points)",
            deltas=deltas,
        )


def next_scenario_effect_add(
    *,
    tribe: Tribe,
    actor,
    target: str,
    amount: int,
    reason: str,
    occulite: Occulite | None = None,
    option: str = "",
) -> NextScenarioEffect:
    """A penalty for the next scenario only, e.g. -1 Health next game (Scenarios 4, 5 and
    10 - Penalties) or one card fewer in hand; the stored statistics do not change."""
    if target != "hand_limit":
        stat_rules.check_stat(target)
    if amount == 0:
        raise ValidationError({"amount": "Enter the change."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
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
        deltas: dict = entry_mark(EntryKey.OPTION, option) if option else {}
        record_row_change(deltas, "effect", effect.pk, "exists", False, True)
        who = occulite.name if occulite else tribe.name
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.EFFECT_NEXT_SCENARIO,
            tribe=tribe,
            reason=f"{who}: {amount:+d} {STAT_NAMES.get(target, 'hand limit')} next scenario "
            f"only ({reason})",
            deltas=deltas,
        )
    return effect
