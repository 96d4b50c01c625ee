"""The tribe as the pure rules see it, read from its rows."""

from campaigns.occulites.catalog.blueprints import STATS, StatLine
from campaigns.occulites.rules.tribe import LuftleSnapshot, OcculiteSnapshot, TribeSnapshot

from ..models import AbilityHolding, LuftleStatus, Occulite, Tribe


def _active_holdings(tribe: Tribe, timeslot: int) -> list[AbilityHolding]:
    holdings = AbilityHolding.objects.filter(occulite__tribe=tribe) | AbilityHolding.objects.filter(
        luftle__tribe=tribe
    )
    return [holding for holding in holdings if holding.is_active(timeslot)]


def tribe_snapshot(tribe: Tribe, *, timeslot: int, available_spend_total: int) -> TribeSnapshot:
    """The tribe as the pure rules see it: Occulites keyed by pk, active abilities by kind,
    the Luftles in the tribe."""
    holdings = _active_holdings(tribe, timeslot)
    by_occulite: dict[int, dict[str, list[str]]] = {}
    by_luftle: dict[int, list[str]] = {}
    for holding in holdings:
        if holding.occulite_id:
            kinds = by_occulite.setdefault(holding.occulite_id, {})
            kinds.setdefault(holding.kind, []).append(holding.ability_key)
        else:
            by_luftle.setdefault(holding.luftle_id, []).append(holding.ability_key)
    occulites = tuple(
        OcculiteSnapshot(
            key=str(occulite.pk),
            name=occulite.name,
            stats=stats_of(occulite),
            is_chief=occulite.is_chief,
            is_netter=occulite.is_netter,
            innate_abilities=tuple(by_occulite.get(occulite.pk, {}).get("innate", ())),
            learned_abilities=tuple(by_occulite.get(occulite.pk, {}).get("learned", ())),
            situational_abilities=tuple(by_occulite.get(occulite.pk, {}).get("situational", ())),
        )
        for occulite in tribe.occulites.all()
    )
    luftles = tuple(
        LuftleSnapshot(
            caste=luftle.caste,
            base_letter=luftle.base_letter,
            learned_abilities=tuple(by_luftle.get(luftle.pk, ())),
        )
        for luftle in tribe.luftles.filter(status=LuftleStatus.ACTIVE)
    )
    return TribeSnapshot(
        tribe_type=tribe.tribe_type,
        occulites=occulites,
        luftles=luftles,
        available_spend_total=available_spend_total,
    )


def stats_of(occulite: Occulite) -> StatLine:
    """An Occulite's current statistics as a ``StatLine``."""
    return StatLine(*(getattr(occulite, stat) for stat in STATS))
