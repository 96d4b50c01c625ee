"""The Väki Mat: the väki pool and the väki characters hold, Watchers Alignment and its
shifts, and the Watchers Blessings the Kinship holds.

Set-up - Väki Pool, Watchers Blessings, Watchers Alignment; Let The Battle Begin! - Reset &
Return Väki; Watchers Temple - Cataclysm.
"""

from collections.abc import Mapping

from django.db import transaction

from campaigns.dawnshade.catalog.blessings import BLESSINGS
from campaigns.dawnshade.catalog.solo import SOLO_REMOVALS
from campaigns.dawnshade.catalog.vaki import ELEMENTS, TIER_I
from campaigns.dawnshade.catalog.watchers import WATCHER_ORDER
from campaigns.dawnshade.rules.alignment import ALIGNED, BALANCED, spend_vaki_for_alignment
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.vaki import vaki_combine as combine_rule
from campaigns.dawnshade.rules.vaki import vaki_draw as draw_rule
from campaigns.dawnshade.rules.vaki import vaki_split as split_rule
from campaigns.table.errors import ValidationError
from campaigns.table.models import Campaign, LedgerEntry

from ._common import check_character_player, kinship_character, locked_kinship, record
from .chapters import status_key
from .kinds import Kind
from .totals import align_key, blessing_key, condition_key, kinship_totals, of, pool_key, vaki_key

ALIGNMENT_STATUS = "alignment_status"


def _move_deltas(character, before_pool, before_held, move) -> dict:
    deltas = {}
    for element in ELEMENTS:
        if move.pool[element] != before_pool[element]:
            deltas[pool_key(element)] = move.pool[element] - before_pool[element]
        if move.held[element] != before_held[element]:
            deltas[of(character.pk, vaki_key(element))] = move.held[element] - before_held[element]
    return deltas


def vaki_draw(
    *, campaign: Campaign, actor, character, element: str, amount: int | None = 1, reason: str = ""
) -> LedgerEntry:
    """A character collects Tier I väki from the pool (Väki dice hits, a blessing); an empty
    element waits until väki is returned."""
    if element not in TIER_I:
        raise ValidationError(
            {
                "element": "Väki is collected as Tier I (Sun, Mountain, Water); Tier II is made by combining."
            }
        )
    if not amount or amount < 1:
        raise ValidationError({"amount": "Collect at least one väki."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        pool, held = totals.pool, totals.of(character).vaki
        try:
            move = draw_rule(pool, held, element, amount)
        except RuleViolation as refusal:
            raise ValidationError({"amount": str(refusal)}) from None
        why = f" ({' '.join(reason.split())[:80]})" if reason.strip() else ""
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.VAKI_DRAW,
            subject=character,
            reason=f"{character.name} collected {amount} {ELEMENTS[element].name} väki{why}",
            deltas=_move_deltas(character, pool, held, move),
        )


def vaki_combine(*, campaign: Campaign, actor, character, result: str) -> LedgerEntry:
    """Return the two Tier I väki beside a Tier II element for one of it (Water + Sun =
    Nature, Mountain + Water = Air, Sun + Mountain = Fire)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        pool, held = totals.pool, totals.of(character).vaki
        try:
            move = combine_rule(pool, held, result)
        except RuleViolation as refusal:
            raise ValidationError({"result": str(refusal)}) from None
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.VAKI_COMBINE,
            subject=character,
            reason=f"{character.name} combined väki into 1 {ELEMENTS[result].name}",
            deltas=_move_deltas(character, pool, held, move),
        )


def vaki_split(*, campaign: Campaign, actor, character, element: str) -> LedgerEntry:
    """Split one Tier II väki back into its two Tier I (while returning väki after a battle)."""
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        pool, held = totals.pool, totals.of(character).vaki
        try:
            move = split_rule(pool, held, element)
        except RuleViolation as refusal:
            raise ValidationError({"result": str(refusal)}) from None
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.VAKI_SPLIT,
            subject=character,
            reason=f"{character.name} split 1 {ELEMENTS[element].name} väki",
            deltas=_move_deltas(character, pool, held, move),
        )


def vaki_spend_for_alignment(
    *,
    campaign: Campaign,
    actor,
    character,
    element: str,
    condition_to=None,
    balanced_vaki: Mapping[int, str] | None = None,
    returning: bool = False,
) -> LedgerEntry:
    """Spend (or, after a battle, return) one väki to the pool: its Watcher's alignment rises
    by 1. A shift to a Watcher lets the spender give one member its positive condition
    (``condition_to``); a shift to Balanced gives every member one Tier I väki
    (``balanced_vaki``: each member's element); a shift to Unaligned gives nothing."""
    balanced_vaki = balanced_vaki or {}
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        character = kinship_character(kinship, character)
        check_character_player(campaign, character, actor=actor)
        totals = kinship_totals(campaign)
        pool = dict(totals.pool)
        held = totals.of(character).vaki
        if element not in ELEMENTS:
            raise ValidationError({"element": "Choose the väki to spend."})
        if held[element] < 1:
            raise ValidationError(
                {"element": f"{character.name} holds no {ELEMENTS[element].name} väki"}
            )
        change = spend_vaki_for_alignment(totals.alignment, element)
        watcher = ELEMENTS[element].watcher
        deltas: dict = {
            of(character.pk, vaki_key(element)): -1,
            pool_key(element): 1,
            align_key(watcher): 1,
        }
        pool[element] += 1
        verb = "returned" if returning else "spent"
        reason = (
            f"{character.name} {verb} 1 {ELEMENTS[element].name} väki: {change.status_after.label}"
        )
        if change.shifted:
            deltas[ALIGNMENT_STATUS] = {
                "from": status_key(change.status_before),
                "to": status_key(change.status_after),
            }
            benefit = change.benefit
            if change.status_after.kind == ALIGNED:
                condition = benefit.condition
                if condition_to is None:
                    raise ValidationError(
                        {
                            "condition_to": f"The shift to {change.status_after.label} gives one member "
                            f"{condition.name or 'its positive condition'}: choose who"
                        }
                    )
                member = kinship_character(kinship, condition_to, field="condition_to")
                if not totals.of(member).value(condition_key(condition.key)):
                    deltas[of(member.pk, condition_key(condition.key))] = 1
                reason += f"; {member.name} receives {condition.name or 'its positive condition'}"
            elif change.status_after.kind == BALANCED:
                for member in kinship.characters.all():
                    chosen = balanced_vaki.get(member.pk)
                    if chosen not in TIER_I:
                        raise ValidationError(
                            {
                                f"balanced_{member.pk}": f"Balanced: {member.name} receives 1 Tier I väki: choose which"
                            }
                        )
                    if pool[chosen] < 1:
                        raise ValidationError(
                            {f"balanced_{member.pk}": f"The {ELEMENTS[chosen].name} pool is empty"}
                        )
                    pool[chosen] -= 1
                    deltas[pool_key(chosen)] = deltas.get(pool_key(chosen), 0) - 1
                    key = of(member.pk, vaki_key(chosen))
                    deltas[key] = deltas.get(key, 0) + 1
                reason += "; every member receives 1 Tier I väki"
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.VAKI_ALIGNMENT,
            subject=character,
            reason=reason,
            deltas={key: value for key, value in deltas.items() if value != 0},
        )


def blessing_receive(*, campaign: Campaign, actor, blessing: str) -> LedgerEntry:
    """The Active Player placed a tile on a Watchers Blessing's hex and receives it."""
    if blessing not in BLESSINGS:
        raise ValidationError({"blessing": "Choose the blessing."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        if kinship.solo and blessing in SOLO_REMOVALS.watchers_blessings:
            raise ValidationError({"blessing": "That blessing is taken out of a solo game."})
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.BLESSING_RECEIVE,
            reason=f"Received the {BLESSINGS[blessing].name} blessing",
            deltas={blessing_key(blessing): 1},
        )


def blessing_use(*, campaign: Campaign, actor, blessing: str) -> LedgerEntry:
    """Use a Watchers Blessing (any time, for any character) and discard it."""
    if blessing not in BLESSINGS:
        raise ValidationError({"blessing": "Choose the blessing."})
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        if kinship_totals(campaign).blessings[blessing] < 1:
            raise ValidationError(
                {"blessing": f"The Kinship holds no {BLESSINGS[blessing].name} blessing"}
            )
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.BLESSING_USE,
            reason=f"Used the {BLESSINGS[blessing].name} blessing",
            deltas={blessing_key(blessing): -1},
        )


def alignment_reset(*, campaign: Campaign, actor, reason: str) -> LedgerEntry:
    """Every alignment cube back to 0 (a Cataclysm tile's effect): Balanced."""
    reason = " ".join((reason or "").split())[:120] or "a Cataclysm"
    with transaction.atomic():
        campaign, kinship = locked_kinship(campaign)
        totals = kinship_totals(campaign)
        deltas = {
            align_key(watcher): -totals.alignment[watcher]
            for watcher in WATCHER_ORDER
            if totals.alignment[watcher]
        }
        if not deltas:
            raise ValidationError("The Kinship is Balanced at 0 already.")
        return record(
            campaign=campaign,
            actor=actor,
            kind=Kind.ALIGNMENT_RESET,
            reason=f"Watchers Alignment reset to Balanced ({reason})",
            deltas=deltas,
        )
