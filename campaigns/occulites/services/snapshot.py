"""The tribe as the pure rules see it, read from its rows."""

from django.db.models import Q

from campaigns.occulites.catalog.blueprints import STATS, StatLine
from campaigns.occulites.rules.tribe import LuftleSnapshot, OcculiteSnapshot, TribeSnapshot

from ..models import AbilityHolding, Luftle, LuftleStatus, Occulite, Tribe


def tribe_holdings(tribe: Tribe):
    """Every ability held by the tribe's Occulites and Luftles. By their ids, so each side is
    an index lookup: an OR across two joins reads the whole table, every campaign's."""
    return AbilityHolding.objects.filter(
        Q(occulite__in=Occulite.objects.filter(tribe=tribe).values("pk"))
        | Q(luftle__in=Luftle.objects.filter(tribe=tribe).values("pk"))
    )


def _active_holdings(tribe: Tribe, timeslot: int) -> list[AbilityHolding]:
    return [holding for holding in tribe_holdings(tribe) if holding.is_active(timeslot)]


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
