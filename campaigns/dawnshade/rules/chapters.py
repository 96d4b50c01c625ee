"""Chapters of a campaign: which Starting Village narrative each game reads, the outpost level
in play, Full Chapter's alignment reset, the end of a chapter and the campaign's Artifact.

Quest Tiles - Starting Village; Quest Tiles - Outpost Upgrades; Alternate Game Modes; End
of Game / Campaign.

Power Level is a one-game campaign starting at the Chapter I Starting Village; the rulebook
does not say which conclusion it reads, so ``campaign_concluded`` only reports that its one
game ends the campaign.
"""

from collections.abc import Collection
from dataclasses import dataclass

from campaigns.dawnshade.catalog.modes import FULL_CHAPTER, MODES, POWER_LEVEL, TRILOGY
from campaigns.dawnshade.catalog.outposts import HIGHEST_OUTPOST_LEVEL
from campaigns.dawnshade.catalog.quest_deck import VICTORY_OUTCOMES
from campaigns.dawnshade.rules.alignment import ALIGNED, BALANCED, AlignmentStatus
from campaigns.dawnshade.rules.errors import RuleViolation

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
# Trilogy's second game picks one of these narratives.
TRILOGY_MIDDLE_CHAPTERS = (2, 3, 4, 5)
FINAL_CHAPTER = 6
# Full Chapter resets Watchers Alignment at the start of this game.
FULL_CHAPTER_ALIGNMENT_RESET_GAME = 4
# Event tiles completed in a game are set aside for the rest of the campaign.
EVENTS_SET_ASIDE_PER_GAME = 2


def campaign_games(mode: str) -> int:
    """How many games the campaign lasts: Trilogy 3, Full Chapter 6, Power Level 1."""
    if mode not in MODES:
        raise RuleViolation("The game mode is Trilogy, Full Chapter or Power Level")
    return MODES[mode].games


def _check_game(mode: str, game_number: int) -> None:
    games = campaign_games(mode)
    if not 1 <= game_number <= games:
        raise RuleViolation(f"A {MODES[mode].name} campaign has games 1 to {games}")


def starting_village_chapters(mode: str, game_number: int) -> tuple[int, ...]:
    """The chapter narratives the Starting Village may be read from in this game: one
    chapter, or Trilogy's second game's choice of II-V."""
    _check_game(mode, game_number)
    if mode == TRILOGY:
        return {1: (1,), 2: TRILOGY_MIDDLE_CHAPTERS, 3: (FINAL_CHAPTER,)}[game_number]
    # Full Chapter reads the chapters in order; Power Level starts at Chapter I.
    return (game_number,)


def outpost_level(mode: str, game_number: int) -> int:
    """The Outpost Upgrade level unlocked: Trilogy game n has level n; Full Chapter goes up a
    level every two games; Power Level has every level unlocked from the start."""
    _check_game(mode, game_number)
    if mode == TRILOGY:
        return game_number
    if mode == FULL_CHAPTER:
        return (game_number + 1) // 2
    return HIGHEST_OUTPOST_LEVEL


def alignment_resets_at_start(mode: str, game_number: int) -> bool:
    """True when every alignment cube goes back to 0 as this game starts (Full Chapter, game
    4); the first game of any mode starts Balanced anyway."""
    _check_game(mode, game_number)
    return game_number == 1 or (
        mode == FULL_CHAPTER and game_number == FULL_CHAPTER_ALIGNMENT_RESET_GAME
    )


def campaign_concluded(mode: str, game_number: int) -> bool:
    """True when completing this game's Major Threat concludes the campaign."""
    _check_game(mode, game_number)
    return game_number == campaign_games(mode) or mode == POWER_LEVEL


@dataclass(frozen=True)
class ArtifactUnlock:
    """The Artifact a Victory conclusion unlocks: ``key`` is ``"balanced"`` or the Watcher the
    Kinship is aligned with. The Artifacts' names and effects are not in the rulebook."""

    key: str


def artifact_unlocked(
    *, outcome: str, status: AlignmentStatus, already_unlocked: Collection[str] = ()
) -> ArtifactUnlock | None:
    """The Artifact unlocked by concluding the campaign: only on a Victory (Foe KO or Foe
    Retreat against the final Major Threat), while Balanced or Aligned, and only the first
    time for that alignment. Unaligned unlocks nothing."""
    if outcome not in VICTORY_OUTCOMES:
        return None
    if status.kind == BALANCED:
        key = BALANCED
    elif status.kind == ALIGNED:
        key = status.watcher
    else:
        return None
    if key in already_unlocked:
        return None
    return ArtifactUnlock(key)
