"""Game modes (how many games a campaign lasts) and difficulty (the Max Threat)."""

from dataclasses import dataclass
from types import MappingProxyType

TRILOGY = "trilogy"
FULL_CHAPTER = "full_chapter"
POWER_LEVEL = "power_level"


@dataclass(frozen=True)
class GameMode:
    """A way to play the campaign. ``games`` is the number of game sessions (chapters played)
    in the campaign. Solo is not a mode of its own: it is played on top of any of these (see
    ``catalog.solo``)."""

    key: str
    name: str
    games: int
    source: str


MODES = MappingProxyType(
    {
        mode.key: mode
        for mode in (
            GameMode(TRILOGY, "Trilogy Mode", 3, "Set-up - Game Mode"),
            GameMode(
                FULL_CHAPTER,
                "Campaign Mode (Full Chapter Mode)",
                6,
                "Alternate Game Modes - Campaign Mode (Full Chapter Mode)",
            ),
            GameMode(POWER_LEVEL, "Power Level Mode", 1, "Alternate Game Modes - Power Level Mode"),
        )
    }
)


@dataclass(frozen=True)
class Difficulty:
    """A difficulty level: the threat at which the Major Threat is triggered."""

    key: str
    name: str
    max_threat: int
    source: str


_DIFFICULTY = "Set-up - Difficulty Level & Threat Tracker"

DIFFICULTIES = MappingProxyType(
    {
        difficulty.key: difficulty
        for difficulty in (
            Difficulty("easy", "Easy", 19, _DIFFICULTY),
            Difficulty("normal", "Normal", 16, _DIFFICULTY),
            Difficulty("hard", "Hard", 13, _DIFFICULTY),
        )
    }
)

# Every game starts with the Threat Tracker at 0 (Set-up, item 6).
STARTING_THREAT = 0
