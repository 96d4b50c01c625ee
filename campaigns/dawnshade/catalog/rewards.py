"""XP and Tawny for each Quest Tile and outcome, in each game mode.

Trilogy Mode has no reward table: the rulebook gives the XP in the text of each tile type
and of the battle outcomes, and sends players to the Logbook for everything else (Tawny,
items, the Major Threat's rewards). Full Chapter and Power Level each print a table that
replaces the Logbook's rewards. A cell the rulebook does not print is ``None``: the group
enters it from the Logbook (or a house value) and the app never reads it as 0.
"""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.modes import FULL_CHAPTER, POWER_LEVEL, TRILOGY
from campaigns.dawnshade.catalog.quest_deck import (
    ALLY_KO,
    ALLY_RETREAT,
    BATTLE,
    COMPLETED,
    EVENT,
    FAIL,
    FOE_KO,
    FOE_RETREAT,
    JOURNEY,
    MAJOR_THREAT,
    OUTPOST,
    STARTING_VILLAGE,
    SUCCEED,
    WATCHERS_TEMPLE,
)

ALL_CHAPTERS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class RewardRow:
    """One cell pair of a reward table.

    ``chapters`` are the chapters (of the Starting Village narrative) the row applies to.
    ``xp``, ``tawny`` and ``loot_shoot_items`` are ``None`` where the rulebook prints nothing.
    ``logbook_rewards`` is true when the Logbook may add rewards of its own (items, conditions)
    on top of these, as in Trilogy Mode; the alternate modes' tables replace the Logbook's.
    """

    mode: str
    tile: str
    outcome: str
    xp: int | None
    tawny: int | None
    loot_shoot_items: int | None
    source: str
    chapters: tuple[int, ...] = ALL_CHAPTERS
    logbook_rewards: bool = False

    @property
    def missing(self) -> tuple[str, ...]:
        """The names of the cells the rulebook leaves blank."""
        cells = (
            ("xp", self.xp),
            ("tawny", self.tawny),
            ("loot_shoot_items", self.loot_shoot_items),
        )
        return tuple(name for name, value in cells if value is None)


_SV = "Quest Tiles - Starting Village"
_OUTPOST = "Quest Tiles - Outpost"
_JOURNEY = "Quest Tiles - Journey"
_TEMPLE = "Watchers Temple"
_EVENT = "Events"
_VICTORY = "Let The Battle Begin! - Victory & Defeat"
_MAJOR = "End of Game / Campaign"


def _trilogy(tile, outcome, xp, source):
    return RewardRow(TRILOGY, tile, outcome, xp, None, None, source, logbook_rewards=True)


_TRILOGY_ROWS = (
    _trilogy(STARTING_VILLAGE, COMPLETED, 2, _SV),
    _trilogy(OUTPOST, COMPLETED, 2, _OUTPOST),
    _trilogy(JOURNEY, COMPLETED, 4, _JOURNEY),
    _trilogy(WATCHERS_TEMPLE, COMPLETED, 8, _TEMPLE),
    # The Events section gives 6 XP for completing an Event, whatever the outcome.
    _trilogy(EVENT, SUCCEED, 6, _EVENT),
    _trilogy(EVENT, FAIL, 6, _EVENT),
    _trilogy(BATTLE, FOE_KO, 14, _VICTORY),
    _trilogy(BATTLE, FOE_RETREAT, 10, _VICTORY),
    _trilogy(BATTLE, ALLY_RETREAT, 7, _VICTORY),
    _trilogy(BATTLE, ALLY_KO, 4, _VICTORY),
    # A Major Threat's rewards are listed in the Logbook only; the battle XP above is given
    # for Battle tiles, so it is not assumed for the Major Threat.
    _trilogy(MAJOR_THREAT, FOE_KO, None, _MAJOR),
    _trilogy(MAJOR_THREAT, FOE_RETREAT, None, _MAJOR),
    _trilogy(MAJOR_THREAT, ALLY_RETREAT, None, _MAJOR),
    _trilogy(MAJOR_THREAT, ALLY_KO, None, _MAJOR),
)

_FULL = "Alternate Game Modes - Campaign Mode (Full Chapter Mode)"


def _full(tile, outcome, xp, tawny, items=0, chapters=ALL_CHAPTERS):
    return RewardRow(FULL_CHAPTER, tile, outcome, xp, tawny, items, _FULL, chapters=chapters)


_FULL_CHAPTER_ROWS = (
    _full(STARTING_VILLAGE, COMPLETED, 1, 5, chapters=(1,)),
    _full(STARTING_VILLAGE, COMPLETED, 1, 0, chapters=(2, 3, 4, 5, 6)),
    _full(OUTPOST, COMPLETED, 1, 0),
    _full(JOURNEY, COMPLETED, 2, 0),
    _full(WATCHERS_TEMPLE, COMPLETED, 5, 0),
    _full(EVENT, SUCCEED, 3, 2),
    _full(EVENT, FAIL, 3, 1),
    # One row covers Battles and Major Threats. Foe Retreat's row is printed without values;
    # Ally Retreat and Ally KO have no row at all.
    *(
        row
        for tile in (BATTLE, MAJOR_THREAT)
        for row in (
            _full(tile, FOE_KO, 6, 5, items=1),
            _full(tile, FOE_RETREAT, None, None, items=None),
            _full(tile, ALLY_RETREAT, None, None, items=None),
            _full(tile, ALLY_KO, None, None, items=None),
        )
    ),
)

_POWER = "Alternate Game Modes - Power Level Mode"


def _power(tile, outcome, xp, tawny, items=0):
    return RewardRow(POWER_LEVEL, tile, outcome, xp, tawny, items, _POWER)


_POWER_LEVEL_ROWS = (
    _power(STARTING_VILLAGE, COMPLETED, 6, 10),
    _power(OUTPOST, COMPLETED, 6, 0),
    _power(JOURNEY, COMPLETED, 12, 0),
    _power(WATCHERS_TEMPLE, COMPLETED, 24, 0),
    _power(EVENT, SUCCEED, 18, 10),
    _power(EVENT, FAIL, 18, 5),
    _power(BATTLE, FOE_KO, 72, 15, items=1),
    _power(BATTLE, FOE_RETREAT, 56, 12),
    # Ally Retreat's row is printed without values; Ally KO has no row.
    _power(BATTLE, ALLY_RETREAT, None, None, items=None),
    _power(BATTLE, ALLY_KO, None, None, items=None),
    # The table's battle rows name Battles only, unlike Full Chapter's "Battles / Major
    # Threats", so the Major Threat's cells are not printed.
    *(
        _power(MAJOR_THREAT, outcome, None, None, items=None)
        for outcome in (FOE_KO, FOE_RETREAT, ALLY_RETREAT, ALLY_KO)
    ),
)

REWARD_ROWS = MappingProxyType(
    {
        TRILOGY: _TRILOGY_ROWS,
        FULL_CHAPTER: _FULL_CHAPTER_ROWS,
        POWER_LEVEL: _POWER_LEVEL_ROWS,
    }
)
