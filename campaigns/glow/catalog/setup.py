"""Setup by player count: the Summary table and the 5- and 6-player setup features."""

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from campaigns.glow.catalog import NOT_PRINTED
from campaigns.glow.catalog.sets import SET_KEYS

PLAYER_COUNTS = range(1, 7)
# The expansion's small dice: the 6-player game rolls all 6 of them (6-player games).
EXPANSION_SMALL_DICE = 6
# Cards taken out of each of deck A and deck B at 5 and 6 players.
CARDS_REMOVED_PER_DECK = 3
# Core meeting track sections; the extension adds 2 (5 players) or 3 (6 players).
MEETING_TRACK_SECTIONS = 5


class SetRule(StrEnum):
    """How the chosen sets go in, per the Summary table's "Playing with the sets" row."""

    ANIBLOOM_ONLY = "anibloom_only"  # 1 player: Anibloom or nothing, with its removals
    ANY_WITH_REMOVALS = "any_with_removals"  # 2-4: 0-3 sets, each with its removals
    TWO_FREE_OR_THIRD_WITH_REMOVALS = "two_free_or_third_with_removals"  # 5 players
    ALL_THREE_FREE = "all_three_free"  # 6 players


@dataclass(frozen=True)
class PlayerCountSetup:
    """One column of the Summary table, with the 5/6-player details from their sections.

    A ``None`` field is not printed in the expansion (it is the core game's setup, or it
    is shown only in an illustration).
    """

    key: str
    player_counts: tuple[int, ...]
    companions: int
    set_rule: SetRule
    playable_sets: tuple[str, ...]
    face_up_companions: int | None
    extension_side: str | None
    extension_sections: int
    players_on_extension: int
    expansion_small_dice_rolled: int | None
    small_dice_in_game: int | None
    decks_stacked: bool | None
    source: str


_SETUP_LIST = (
    PlayerCountSetup(
        key="solo",
        player_counts=(1,),
        companions=32,
        set_rule=SetRule.ANIBLOOM_ONLY,
        playable_sets=("anibloom",),
        # 5 sections minus those holding Tom's large dice: usually 3, sometimes 4.
        face_up_companions=NOT_PRINTED,
        extension_side=None,
        extension_sections=0,
        players_on_extension=0,
        expansion_small_dice_rolled=NOT_PRINTED,
        small_dice_in_game=NOT_PRINTED,
        decks_stacked=False,
        source="Summary; Single-player games - Setup",
    ),
    PlayerCountSetup(
        key="two_to_four",
        player_counts=(2, 3, 4),
        companions=46,
        set_rule=SetRule.ANY_WITH_REMOVALS,
        playable_sets=SET_KEYS,
        face_up_companions=NOT_PRINTED,
        extension_side=None,
        extension_sections=0,
        players_on_extension=0,
        expansion_small_dice_rolled=NOT_PRINTED,
        small_dice_in_game=NOT_PRINTED,
        decks_stacked=NOT_PRINTED,
        source="Summary; Playing with the sets in a 2 to 4 player game",
    ),
    PlayerCountSetup(
        key="five",
        player_counts=(5,),
        companions=62,
        set_rule=SetRule.TWO_FREE_OR_THIRD_WITH_REMOVALS,
        playable_sets=SET_KEYS,
        face_up_companions=7,
        extension_side="five_player",
        extension_sections=2,
        players_on_extension=1,
        expansion_small_dice_rolled=4,
        small_dice_in_game=13,
        decks_stacked=True,
        source="Summary; 5-player games - Special setup features, Meeting track extension",
    ),
    PlayerCountSetup(
        key="six",
        player_counts=(6,),
        companions=70,
        set_rule=SetRule.ALL_THREE_FREE,
        playable_sets=SET_KEYS,
        face_up_companions=8,
        extension_side="six_player",
        extension_sections=3,
        players_on_extension=2,
        expansion_small_dice_rolled=EXPANSION_SMALL_DICE,
        small_dice_in_game=15,
        decks_stacked=True,
        source="Summary; 6-player games - Special setup features, Meeting track extension",
    ),
)

SETUP_BY_KEY = MappingProxyType({row.key: row for row in _SETUP_LIST})
SETUP_BY_PLAYER_COUNT = MappingProxyType(
    {count: row for row in _SETUP_LIST for count in row.player_counts}
)

# Which 4 of the 6 small dice a 5-player game rolls is shown only in an illustration.
FIVE_PLAYER_SMALL_DICE = NOT_PRINTED
