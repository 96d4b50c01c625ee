"""The Sungem Season: ten timeslots and the Time of the Season table."""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.occulites.catalog.scenarios import SCENARIOS

# "A full Sungem Season is broken down into 10 timeslots" (Campaign Rules).
SEASON_TIMESLOTS = 10

# "with 5 being a maximum and 0 being a minimum" (Choosing Scenarios).
ENCOUNTER_NUMBER_MIN = 0
ENCOUNTER_NUMBER_MAX = 5

_TABLE = "Choosing Scenarios - Time of the Season Table"


@dataclass(frozen=True)
class SeasonRow:
    """One scenario's row of the Time of the Season table: its Encounter number (tokens in
    the bag) for timeslots 1-10. A cell the rulebook does not print is None, and the group
    must enter a house value before drawing with it."""

    scenario_key: str
    encounter_numbers: tuple[int | None, ...]
    source: str

    def encounter_number(self, timeslot: int) -> int | None:
        return self.encounter_numbers[timeslot - 1]


_MISSING_ROW = (None,) * SEASON_TIMESLOTS

_PRINTED_ROWS = {
    "returning_from_the_hunt": (5, 5, 5, 5, 4, 4, 4, 3, 2, 1),
    # The tenth column of this row is not printed.
    "unexpected_skirmish": (5, 5, 5, 5, 5, 5, 4, 4, 3, None),
}

TIME_OF_THE_SEASON = MappingProxyType(
    {
        key: SeasonRow(
            scenario_key=key, encounter_numbers=_PRINTED_ROWS.get(key, _MISSING_ROW), source=_TABLE
        )
        for key in SCENARIOS
    }
)
