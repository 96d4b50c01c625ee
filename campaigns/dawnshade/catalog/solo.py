"""Solo Mode: what is removed, where the Watchers Blessings go, and the Event and Battle
variations. Solo is played on top of any game mode."""

from dataclasses import dataclass
from types import MappingProxyType

_SOLO = "Alternate Game Modes - Solo Mode"


@dataclass(frozen=True)
class SoloRemoval:
    """Components taken out of the game at set-up when only one character is played."""

    item_cards: tuple[str, ...]
    watchers_blessings: tuple[str, ...]
    source: str


SOLO_REMOVALS = SoloRemoval(
    item_cards=("mimic", "winged_sandals", "vaki_channeler"),
    watchers_blessings=("transfuse", "miss"),
    source=_SOLO,
)
SOLO_REMOVED_ITEM_NAMES = MappingProxyType(
    {"mimic": "Mimic", "winged_sandals": "Winged Sandals", "vaki_channeler": "Väki Channeler"}
)


@dataclass(frozen=True)
class SoloBlessingPlacement:
    """The hexes that get a Watchers Blessing when the Starting Village is on ``village_hex``.
    ``blessing_hexes`` is ``None`` for the row the rulebook leaves empty (Hex 12)."""

    village_hex: int
    blessing_hexes: tuple[int, ...] | None
    source: str

    @property
    def missing(self) -> bool:
        return self.blessing_hexes is None


# Transcribed as printed: the Hex 9 row lists eight hexes where every other row lists six.
_PLACEMENTS = {
    1: (6, 8, 11, 14, 17, 19),
    2: (7, 10, 12, 14, 15, 18),
    3: (4, 7, 8, 9, 15, 16),
    4: (7, 10, 12, 14, 15, 17),
    5: (3, 8, 12, 15, 18, 19),
    6: (2, 9, 13, 14, 16, 18),
    7: (1, 4, 13, 15, 16, 17),
    8: (1, 7, 11, 12, 16, 17),
    9: (1, 2, 7, 8, 11, 13, 18, 19),
    10: (3, 4, 7, 13, 16, 17),
    11: (1, 4, 7, 8, 13, 17),
    12: None,
}

SOLO_BLESSING_PLACEMENTS = MappingProxyType(
    {
        village_hex: SoloBlessingPlacement(village_hex, hexes, _SOLO)
        for village_hex, hexes in _PLACEMENTS.items()
    }
)

# Event variations (1 or more characters).
SOLO_COGFIGHTING_DRUDGES = 5  # one on each of Foe positions III-VII
SOLO_COGFIGHTING_DRUDGE_POSITIONS = (3, 4, 5, 6, 7)
SOLO_COGFIGHTING_DRUDGE_HP = 1
SOLO_COGFIGHTING_SPINS = 3
SOLO_COGFIGHTING_ELIMINATIONS_TO_SUCCEED = 3
SOLO_COGBASHING_DRUDGES = 3
SOLO_COGBASHING_HITS_TO_SUCCEED = 2

# Battle variations (1 character).
SOLO_BATTLE_ROUNDS = 4
SOLO_ALLY_INITIATIVE_CHIPS = 5
SOLO_FOE_INITIATIVE_CHIPS_SINGLE_FOE = (1, 2, 3, 4, 5)
SOLO_FOE_INITIATIVE_CHIPS_SEVERAL_FOES = (1, 2, 3, 4, 5, 6, 7)
SOLO_INITIATIVE_DRAWN_PER_ROUND = 2
