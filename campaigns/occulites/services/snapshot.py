"""The tribe as the pure rules see it, read from its rows."""

from dataclasses import dataclass

from django.db.models import Q

from campaigns.occulites.catalog.blueprints import STATS, StatLine
from campaigns.occulites.rules.tribe import LuftleSnapshot, OcculiteSnapshot, TribeSnapshot
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames, rows_by_parent

from ..models import AbilityHolding, Luftle, LuftleStatus, Occulite, Tribe


def tribe_holdings(tribe: Tribe):
    """Every ability held by the tribe's Occulites and Luftles. By their ids, so each side is
    an index lookup: an OR across two joins reads the whole table, every campaign's."""
    return AbilityHolding.objects.filter(
        Q(occulite__in=Occulite.objects.filter(tribe=tribe).values("pk"))
        | Q(luftle__in=Luftle.objects.filter(tribe=tribe).values("pk"))
    )


@dataclass(frozen=True)
class TribeRows:
    """A tribe's Occulites, its Luftles of every status and every ability they hold, read
    once for a page that asks the rules several questions about the same tribe."""

    occulites: list[Occulite]
    luftles: list[Luftle]
    holdings: list[AbilityHolding]

    @property
    def active_luftles(self) -> list[Luftle]:
        return [luftle for luftle in self.luftles if luftle.status == LuftleStatus.ACTIVE]


_OCCULITE_FIELDS = attnames(Occulite)
_LUFTLE_FIELDS = attnames(Luftle)
_HOLDING_FIELDS = attnames(AbilityHolding)
# A figure's columns followed by one ability it holds: a LEFT JOIN through the (figure,
# ability) unique index gives a row a holding, or one row of NULLs where it holds none, so
# the figures and their abilities are one read (``figures_with_holdings``).
HELD_COLUMNS = [f"abilities__{name}" for name in _HOLDING_FIELDS]
# The rules' reads of one tribe, each by the tribe alone so its SQL is built once.
_OCCULITES = CompiledQuery(
    lambda tribe_id: (
        Occulite.objects.filter(tribe_id=tribe_id)
        .order_by("position", "pk", "abilities__pk")
        .values_list(*_OCCULITE_FIELDS, *HELD_COLUMNS)
    )
)
_LUFTLES = CompiledQuery(
    lambda tribe_id: (
        Luftle.objects.filter(tribe_id=tribe_id)
        .order_by("pk", "abilities__pk")
        .values_list(*_LUFTLE_FIELDS, *HELD_COLUMNS)
    )
)
_HOLDINGS = CompiledQuery(
    lambda tribe_id: tribe_holdings(Tribe(pk=tribe_id)).values_list(*_HOLDING_FIELDS)
)


def figures_with_holdings(model, fields: list[str], rows) -> list[tuple]:
    """(figure, the abilities it holds) from rows of the figure's `fields` followed by
    ``HELD_COLUMNS``, in the rows' order."""
    grouped = rows_by_parent(rows, fields.index("id"), len(fields))
    figures = as_instances(model, fields, [first for first, _ in grouped.values()])
    return [
        (figure, as_instances(AbilityHolding, _HOLDING_FIELDS, grouped[figure.pk][1]))
        for figure in figures
    ]


def held_abilities(tribe: Tribe) -> list[AbilityHolding]:
    """Every ability held by the tribe's Occulites and Luftles (``tribe_holdings``), in one
    query whose SQL is built once."""
    return as_instances(AbilityHolding, _HOLDING_FIELDS, _HOLDINGS.rows(tribe_id=tribe.pk))


def tribe_rows(tribe: Tribe) -> TribeRows:
    """The tribe's rows in two queries (see ``TribeRows``)."""
    occulites = figures_with_holdings(
        Occulite, _OCCULITE_FIELDS, _OCCULITES.rows(tribe_id=tribe.pk)
    )
    luftles = figures_with_holdings(Luftle, _LUFTLE_FIELDS, _LUFTLES.rows(tribe_id=tribe.pk))
    return TribeRows(
        occulites=[occulite for occulite, _ in occulites],
        luftles=[luftle for luftle, _ in luftles],
        # In the order the tribe's abilities were gained, as one read of them gives.
        holdings=sorted(
            (holding for _, held in occulites + luftles for holding in held),
            key=lambda holding: holding.pk,
        ),
    )


def tribe_snapshot(
    tribe: Tribe, *, timeslot: int, available_spend_total: int, rows: TribeRows | None = None
) -> TribeSnapshot:
    """The tribe as the pure rules see it: Occulites keyed by pk, active abilities by kind,
    the Luftles in the tribe. ``rows``: the tribe's rows, when the caller has read them."""
    rows = rows or tribe_rows(tribe)
    by_occulite: dict[int, dict[str, list[str]]] = {}
    by_luftle: dict[int, list[str]] = {}
    for holding in rows.holdings:
        if not holding.is_active(timeslot):
            continue
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
        for occulite in rows.occulites
    )
    luftles = tuple(
        LuftleSnapshot(
            caste=luftle.caste,
            base_letter=luftle.base_letter,
            learned_abilities=tuple(by_luftle.get(luftle.pk, ())),
        )
        for luftle in rows.active_luftles
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
