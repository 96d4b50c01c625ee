"""Which killed Occulites still owe their reborn penalty: read from the result (who died)
and the reborn entries written since (each names its Occulite)."""

from collections.abc import Iterable

from django.db.models import Count

from campaigns.occulites.catalog.scenarios import SCENARIOS, OptionKind
from campaigns.occulites.ledger_kinds import EntryKey, OcculitesKind, entry_marked
from campaigns.table.models import Campaign, LedgerEntry

from ..models import Occulite, ScenarioResult, Tribe


def reborn_owed_ids(result: ScenarioResult, occulites: Iterable[Occulite]) -> set[int]:
    """The Occulites of a tribe's result that owe a reborn penalty: every one killed,
    except a Chief the scenario spares (Campaign Rules - Losing Figures in a Scenario;
    Scenario 6 - Penalties)."""
    scenario = SCENARIOS.get(result.scenario_key)
    chosen = set(result.options_chosen)
    chief_spared = bool(scenario) and any(
        option.kind is OptionKind.SKIP_REBORN_PENALTY and option.key in chosen
        for option in scenario.options
    )
    killed = set(result.occulites_killed)
    return {
        occulite.pk
        for occulite in occulites
        if occulite.pk in killed and not (chief_spared and occulite.is_chief)
    }


def reborn_entries_by_occulite(entries: Iterable[LedgerEntry]) -> dict[int, LedgerEntry]:
    """The reborn penalty entries among ``entries``, by the Occulite each was taken for
    (the first one, when an Occulite took several)."""
    found: dict[int, LedgerEntry] = {}
    for entry in entries:
        if entry.kind == OcculitesKind.OCCULITE_REBORN:
            occulite_pk = entry_marked(entry.deltas, EntryKey.REBORN_OF)
            if occulite_pk is not None:
                found.setdefault(occulite_pk, entry)
    return found


def reborn_penalties_owed(campaign: Campaign, timeslot: int) -> dict[Tribe, list[Occulite]]:
    """The tribes whose result at ``timeslot`` left Occulites still owing their reborn
    penalty, each with those Occulites: three queries, however long the history."""
    results = list(
        ScenarioResult.objects.filter(tribe__campaign=campaign, timeslot=timeslot)
        .exclude(occulites_killed=[])
        .select_related("tribe")
    )
    if not results:
        return {}
    occulites: dict[int, list[Occulite]] = {}
    for occulite in Occulite.objects.filter(tribe__in=[result.tribe for result in results]):
        occulites.setdefault(occulite.tribe_id, []).append(occulite)
    entries = (
        LedgerEntry.objects.filter(
            campaign=campaign,
            kind=OcculitesKind.OCCULITE_REBORN,
            created_at__gte=min(result.recorded_at for result in results),
        )
        .annotate(undone=Count("reversed_by"))
        .filter(undone=0)
        .order_by("id")
    )
    taken_by_tribe: dict[str, list[LedgerEntry]] = {}
    for entry in entries:
        taken_by_tribe.setdefault(entry.subject_id, []).append(entry)
    owed = {}
    for result in results:
        since = [
            entry
            for entry in taken_by_tribe.get(str(result.tribe_id), [])
            if entry.created_at >= result.recorded_at
        ]
        taken = reborn_entries_by_occulite(since)
        roster = occulites.get(result.tribe_id, [])
        still = [
            occulite
            for occulite in roster
            if occulite.pk in reborn_owed_ids(result, roster) and occulite.pk not in taken
        ]
        if still:
            owed[result.tribe] = still
    return owed
