"""The Long Dark: the Sungem dice and their rerolls."""

import random
from collections.abc import Sequence

from django.db import transaction

from campaigns.occulites.ledger_kinds import OcculitesKind
from campaigns.occulites.rules import long_dark as long_dark_rules
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import ValidationError
from campaigns.table.ledger import record_row_change
from campaigns.table.services import draw_log_record

from ..models import LongDarkRoll, OcculitesSeason, Tribe
from ._common import _both_totals, _locked_tribe, _record
from .season import season_for
from .totals import AVAILABLE_SPEND_TOTAL, SUNGEMS, TOTAL_VP, tribe_totals


def _check_long_dark(season: OcculitesSeason) -> None:
    if not season.long_dark:
        raise RuleViolation("The Long Dark comes only after timeslot 10")


def long_dark_roll(
    *, tribe: Tribe, actor, rng: random.Random | None = None, dice: Sequence[int] | None = None
) -> LongDarkRoll:
    """Roll one d10 (0-9) per Sungem, in the app or entered from the table, once per tribe
    (Completing the Campaign - The Long Dark). Recorded in the shared log."""
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
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
            tool="occulites.long_dark",
            label=f"{tribe.name}: {sungems} Sungem dice",
            result={"dice": list(roll.dice), "entered": dice is not None},
            summary=f"{' '.join(map(str, roll.dice)) or 'no dice'} = {roll.heat} Heat",
        )
        deltas: dict = {}
        record_row_change(deltas, "long_dark_roll", record.pk, "exists", False, True)
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.LONG_DARK_ROLL,
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
        campaign, tribe = _locked_tribe(tribe, actor=actor)
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
        deltas = _both_totals(-long_dark_rules.REROLL_VP_COST)
        new_rerolled = sorted(roll.rerolled)
        record_row_change(deltas, "long_dark_roll", record.pk, "dice", record.dice, list(roll.dice))
        record_row_change(
            deltas, "long_dark_roll", record.pk, "rerolled", record.rerolled, new_rerolled
        )
        old_face = record.dice[die_index]
        record.dice = list(roll.dice)
        record.rerolled = new_rerolled
        record.save(update_fields=["dice", "rerolled"])
        draw_log_record(
            campaign=campaign,
            actor=actor,
            tool="occulites.long_dark",
            label=f"{tribe.name}: reroll of die {die_index + 1}",
            result={"die_index": die_index, "from": old_face, "to": roll.dice[die_index]},
            summary=f"{old_face} → {roll.dice[die_index]}; {roll.heat} Heat",
        )
        _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.LONG_DARK_REROLL,
            tribe=tribe,
            reason=f"The Long Dark: rerolled die {die_index + 1} ({old_face} → "
            f"{roll.dice[die_index]}) for 1 VP off both totals",
            deltas=deltas,
        )
    return record
