"""The paper Campaign Tracker's per-scenario lines, rebuilt from the ledger.

The ledger does not store the timeslot on each entry; the season's "advance" entries mark
where one timeslot ends, so walking a tribe's entries and those markers in order puts every
change in its timeslot. Undoing an advance steps back.
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


def scenario_lines(
    entries: Iterable[EntryFacts], scenario_by_timeslot: dict[int, str], last_timeslot: int
) -> list[ScenarioLine]:
    """One line per timeslot from 1 to `last_timeslot`, with running totals.

    Spending lowers only the Available Spend Total; a loss (redraw, penalty) lowers both
    totals and counts as VP lost, not spent.
    """
    lines = {
        t: ScenarioLine(t, scenario_by_timeslot.get(t, "")) for t in range(1, last_timeslot + 1)
    }
    timeslot = 1
    totals = {TOTAL_VP: 0, AVAILABLE_SPEND_TOTAL: 0, SUNGEMS: 0}
    for entry in entries:
        if not entry.is_tribe_entry:
            if entry.kind == ADVANCE:
                timeslot += 1
            elif entry.kind == UNDO and entry.reverses_kind == ADVANCE:
                timeslot -= 1
            continue
        line = lines[min(max(timeslot, 1), last_timeslot)]
        total, spend, gems = (
            _number(entry.deltas, key) for key in (TOTAL_VP, AVAILABLE_SPEND_TOTAL, SUNGEMS)
        )
        # An undo carries the negated deltas: it takes back from the column the original
        # entry filled, instead of filling the opposite column.
        sign = -1 if entry.kind == UNDO else 1
        original_total, original_spend = sign * total, sign * spend
        if original_total > 0:
            line.vp_gained += sign * original_total
        elif original_total < 0:
            line.vp_lost -= sign * original_total
        elif original_spend < 0:
            line.vp_spent -= sign * original_spend
        line.sungems_change += gems
        totals[TOTAL_VP] += total
        totals[AVAILABLE_SPEND_TOTAL] += spend
        totals[SUNGEMS] += gems
        line.total_vp = totals[TOTAL_VP]
        line.available_spend_total = totals[AVAILABLE_SPEND_TOTAL]
        line.sungems = totals[SUNGEMS]
        line.touched = True
    # Lines with no entries carry the running totals forward.
    previous = None
    for t in sorted(lines):
        line = lines[t]
        if previous and not line.touched:
            line.total_vp, line.available_spend_total, line.sungems = (
                previous.total_vp,
                previous.available_spend_total,
                previous.sungems,
            )
        previous = line
    return [lines[t] for t in sorted(lines)]


def timeslot_starts(markers: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """(first entry id, timeslot) from the season's markers in id order, each (id, +1) for
    an advance or (id, -1) for an undone advance; the season starts at timeslot 1."""
    starts = [(0, 1)]
    for entry_id, step in markers:
        starts.append((entry_id, starts[-1][1] + step))
    return starts


@dataclass(frozen=True)
class TimeslotSums:
    """One timeslot's tribe entries summed, with each change in the paper sheet's column
    (as `scenario_lines` puts it): the database adds them up, the page reads one row."""

    timeslot: int
    vp_gained: int = 0
    vp_lost: int = 0
    vp_spent: int = 0
    total_vp: int = 0
    available_spend_total: int = 0
    sungems: int = 0


def lines_from_sums(
    sums: Iterable[TimeslotSums], scenario_by_timeslot: dict[int, str], last_timeslot: int
) -> list[ScenarioLine]:
    """The same lines as `scenario_lines`, from per-timeslot sums instead of every entry."""
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
