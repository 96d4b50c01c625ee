"""The paper Campaign Tracker's per-scenario lines, from the ledger.

The ledger does not store the timeslot on each entry; the season's "advance" entries mark
where one timeslot ends, so walking a tribe's entries and those markers in order puts every
change in its timeslot (undoing an advance steps back). The pages read the same sums kept
per timeslot as entries are written (`timeslot_lines.py`); the walk rebuilds them.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from campaigns.occulites.ledger_kinds import UNDO, OcculitesKind

TOTAL_VP = "total_vp"
AVAILABLE_SPEND_TOTAL = "available_spend_total"
SUNGEMS = "sungems"
ADVANCE = OcculitesKind.SEASON_ADVANCE


@dataclass
class ScenarioLine:
    """One timeslot of one tribe, as the paper sheet has it."""

    timeslot: int
    scenario_key: str = ""
    vp_gained: int = 0
    vp_lost: int = 0
    vp_spent: int = 0
    sungems_change: int = 0
    total_vp: int = 0
    available_spend_total: int = 0
    sungems: int = 0
    touched: bool = False  # any entry fell in this timeslot


def _number(deltas: dict, key: str) -> int:
    value = deltas.get(key, 0)
    return value if isinstance(value, int) else 0


@dataclass(frozen=True)
class EntryFacts:
    """What the walk needs from a ledger entry."""

    kind: str
    is_tribe_entry: bool
    deltas: dict
    reverses_kind: str = ""


@dataclass(frozen=True)
class TimeslotSums:
    """One timeslot's tribe entries summed, each change in the paper sheet's column."""

    timeslot: int
    vp_gained: int = 0
    vp_lost: int = 0
    vp_spent: int = 0
    total_vp: int = 0
    available_spend_total: int = 0
    sungems: int = 0

    COLUMNS = (
        "vp_gained",
        "vp_lost",
        "vp_spent",
        "total_vp",
        "available_spend_total",
        "sungems",
    )


def entry_columns(entry: EntryFacts, timeslot: int) -> TimeslotSums:
    """What one tribe entry adds to its timeslot's line. Spending lowers only the Available
    Spend Total; a loss (redraw, penalty) lowers both totals and counts as VP lost, not
    spent. An undo carries the negated deltas: it takes back from the column the original
    entry filled, instead of filling the opposite column."""
    total, spend, gems = (
        _number(entry.deltas, key) for key in (TOTAL_VP, AVAILABLE_SPEND_TOTAL, SUNGEMS)
    )
    sign = -1 if entry.kind == UNDO else 1
    original_total, original_spend = sign * total, sign * spend
    gained = lost = spent = 0
    if original_total > 0:
        gained = total
    elif original_total < 0:
        lost = -total
    elif original_spend < 0:
        spent = -spend
    return TimeslotSums(timeslot, gained, lost, spent, total, spend, gems)


def walk_sums(entries: Iterable[EntryFacts]) -> list[TimeslotSums]:
    """Every tribe entry added to the line of the timeslot it was written in, walking the
    campaign's entries in order: an advance starts the next timeslot, undoing one steps
    back."""
    timeslot = 1
    sums: dict[int, TimeslotSums] = {}
    for entry in entries:
        if not entry.is_tribe_entry:
            if entry.kind == ADVANCE:
                timeslot += 1
            elif entry.kind == UNDO and entry.reverses_kind == ADVANCE:
                timeslot -= 1
            continue
        sums[timeslot] = add_sums(sums.get(timeslot), entry_columns(entry, timeslot))
    return [sums[t] for t in sorted(sums)]


def add_sums(line: TimeslotSums | None, more: TimeslotSums) -> TimeslotSums:
    if line is None:
        return more
    return TimeslotSums(
        line.timeslot,
        *(getattr(line, name) + getattr(more, name) for name in TimeslotSums.COLUMNS),
    )


def scenario_lines(
    entries: Iterable[EntryFacts], scenario_by_timeslot: dict[int, str], last_timeslot: int
) -> list[ScenarioLine]:
    """One line per timeslot from 1 to `last_timeslot`, with running totals, from the
    entries themselves (see `walk_sums`)."""
    return lines_from_sums(walk_sums(entries), scenario_by_timeslot, last_timeslot)


def lines_from_sums(
    sums: Iterable[TimeslotSums], scenario_by_timeslot: dict[int, str], last_timeslot: int
) -> list[ScenarioLine]:
    """The paper sheet's lines 1..`last_timeslot` from per-timeslot sums, with running
    totals; a timeslot outside the season's lines counts in the nearest one."""
    lines = {
        t: ScenarioLine(t, scenario_by_timeslot.get(t, "")) for t in range(1, last_timeslot + 1)
    }
    for part in sums:
        line = lines[min(max(part.timeslot, 1), last_timeslot)]
        line.vp_gained += part.vp_gained
        line.vp_lost += part.vp_lost
        line.vp_spent += part.vp_spent
        line.sungems_change += part.sungems
        line.total_vp += part.total_vp  # this timeslot's change, made running below
        line.available_spend_total += part.available_spend_total
        line.sungems += part.sungems
        line.touched = True
    running = {TOTAL_VP: 0, AVAILABLE_SPEND_TOTAL: 0, SUNGEMS: 0}
    for t in sorted(lines):
        line = lines[t]
        running[TOTAL_VP] += line.total_vp
        running[AVAILABLE_SPEND_TOTAL] += line.available_spend_total
        running[SUNGEMS] += line.sungems
        line.total_vp = running[TOTAL_VP]
        line.available_spend_total = running[AVAILABLE_SPEND_TOTAL]
        line.sungems = running[SUNGEMS]
    return [lines[t] for t in sorted(lines)]
