"""Watchers Blessings: the six kinds of token, and how many are placed on the Quest Mat."""

from dataclasses import dataclass
from types import MappingProxyType

_BLESSINGS = "Set-up - Watchers Blessings"


@dataclass(frozen=True)
class WatchersBlessing:
    """A kind of Watchers Blessing token. Every blessing is an instant effect: it may be used
    at any time, for any character, and is discarded once used."""

    key: str
    name: str
    summary: str
    source: str


BLESSINGS = MappingProxyType(
    {
        blessing.key: blessing
        for blessing in (
            WatchersBlessing(
                "damage", "Damage", "One more damage on an attack on a Foe.", _BLESSINGS
            ),
            WatchersBlessing(
                "shield", "Shield", "One more shield, never above the maximum.", _BLESSINGS
            ),
            WatchersBlessing("vaki", "Väki", "One Tier I väki.", _BLESSINGS),
            WatchersBlessing(
                "transfuse",
                "Transfuse",
                "Move any number of HP chips from one Battle Stack to another.",
                _BLESSINGS,
            ),
            WatchersBlessing("miss", "Miss", "One more Miss card in the Target Deck.", _BLESSINGS),
            WatchersBlessing(
                "wild", "Wild", "Turn one die to the face of your choice.", _BLESSINGS
            ),
        )
    }
)

# Tokens placed face down on the Quest Mat at set-up. Where they go depends on the Starting
# Village's hex and is given in the Logbook's Quick Reference Guide, not in the rulebook
# (solo games use the table in ``catalog.solo``).
BLESSINGS_PLACED = 8
BLESSING_PLACEMENT_SOURCE = "The Logbook - Quick Reference Guide (not transcribed)"

# Unused blessings are discarded at the end of every game session of a campaign.
DISCARDED_AT_CHAPTER_END = True
