"""Sungems gained or lost, carried off in a Home Cave Raid, and swapped in a Siege."""

from django.db import transaction

from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_mark
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.errors import ValidationError
from campaigns.table.models import LedgerEntry

from ..models import Tribe
from ._common import _locked_tribe, _record
from .totals import SUNGEMS, tribe_totals, tribes_totals


def tribe_sungems_change(*, tribe: Tribe, actor, amount: int, reason: str) -> LedgerEntry:
    """Sungems gained (positive) or lost (negative); a tribe never holds fewer than 0."""
    if amount == 0:
        raise ValidationError({"amount": "Enter how many Sungems were gained or lost."})
    with transaction.atomic():
        campaign, tribe = _locked_tribe(tribe, actor=actor)
        held = tribe_totals(tribe)[SUNGEMS]
        if held + amount < 0:
            raise RuleViolation(f"{tribe.name} holds only {held} Sungems")
        return _record(
            campaign=campaign,
            actor=actor,
            kind=OcculitesKind.SUNGEMS_CHANGE,
            tribe=tribe,
            reason=f"{amount:+d} Sungems: {reason}",
            deltas={SUNGEMS: amount},
        )


def _sungem_pair(
    *, campaign, actor, kind, losing: Tribe, gaining: Tribe, amount: int, reason: str, option=""
) -> tuple[LedgerEntry, LedgerEntry]:
    mark = entry_mark(EntryKey.OPTION, option) if option else {}
    lost = _record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        tribe=losing,
        reason=reason,
        deltas={SUNGEMS: -amount, **mark},
    )
    gained = _record(
        campaign=campaign,
        actor=actor,
        kind=kind,
        tribe=gaining,
        reason=reason,
        deltas={SUNGEMS: amount, "pair_of": {"from": lost.pk, "to": lost.pk}, **mark},
    )
    return lost, gained


def home_cave_raid_steal(
    *, attacker: Tribe, defender: Tribe, actor, sungems: int, option: str = ""
) -> tuple[LedgerEntry, LedgerEntry]:
    """Sungems carried off in a Home Cave Raid leave the Defender's Sungem Total and join
    the Attacker's, as a pair of entries (Campaign Rules - Sungems; Scenario 8 -
    Penalties). Undoing either entry undoes both."""
    if sungems < 1:
        raise ValidationError({"sungems": "Enter how many Sungems were carried off."})
    with transaction.atomic():
        campaign, attacker = _locked_tribe(attacker, actor=actor)
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
            kind=OcculitesKind.SUNGEMS_RAID,
            losing=defender,
            gaining=attacker,
            amount=sungems,
            option=option,
            reason=f"Home Cave Raid: {attacker.name} carried {sungems} Sungem(s) off from "
            f"{defender.name} (Scenario 8)",
        )


def siege_swap_sungems(
    *, attacker: Tribe, defender: Tribe, actor, option: str = ""
) -> tuple[LedgerEntry, LedgerEntry] | None:
    """The Attacker took the Home Cave: the two tribes swap Sungem totals (Scenario 11:
    Siege at the Cave Mouth - Rewards). Written as a pair of entries; nothing when the
    totals are already equal."""
    with transaction.atomic():
        campaign, attacker = _locked_tribe(attacker, actor=actor)
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
            kind=OcculitesKind.SUNGEMS_SIEGE_SWAP,
            losing=losing,
            gaining=gaining,
            amount=abs(difference),
            option=option,
            reason=f"Siege at the Cave Mouth: {attacker.name} took the Home Cave of "
            f"{defender.name}; the tribes swap Sungem totals (Scenario 11)",
        )
