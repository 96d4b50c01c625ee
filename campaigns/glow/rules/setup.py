"""The setup helper: what differs from the core setup for a player count and chosen sets.

Sources: Summary; Playing with the sets in a 2 to 4 player game; 5-player games; 6-player
games; Single-player games - Setup; New Adventurers - Hulios. The core setup itself is not
in the source, so each plan lists only the expansion's changes, and a step whose detail is
only in an illustration says so in ``gap`` instead of guessing.
"""

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from campaigns.glow.catalog.journey_boards import JOURNEY_BOARDS
from campaigns.glow.catalog.sets import SET_KEYS, SETS
from campaigns.glow.catalog.setup import (
    CARDS_REMOVED_PER_DECK,
    MEETING_TRACK_SECTIONS,
    SETUP_BY_PLAYER_COUNT,
    PlayerCountSetup,
    SetRule,
)
from campaigns.glow.catalog.solo import (
    HULIOS_SOLO_EXCLUDED,
    SOLO_REMOVED_CARDS,
    SOURCE_SETUP,
    TOM_FACE_UP_TILES,
)
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.scoring import check_seat_count


@dataclass(frozen=True)
class SetupStep:
    """One thing to do differently from the core setup.

    ``core_step`` is the core rulebook's step number it changes, where the text gives one;
    ``gap`` says what the text leaves to an illustration or to the core rules.
    """

    key: str
    text: str
    source: str
    core_step: int | None = None
    gap: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "text": self.text,
            "source": self.source,
            "core_step": self.core_step,
            "gap": self.gap,
        }


@dataclass(frozen=True)
class SetupPlan:
    """A game's setup: the Summary row's numbers and the steps that differ from the core.

    ``removals`` are the sets whose envelope lists core cards to take out. A ``None``
    number is not printed in the expansion (the core setup's, or an illustration's).
    """

    player_count: int
    sets: tuple[str, ...]
    removals: tuple[str, ...]
    companions: int
    face_up_companions: int | None
    expansion_small_dice_rolled: int | None
    small_dice_in_game: int | None
    extension_side: str | None
    players_on_extension: int
    steps: tuple[SetupStep, ...]
    source: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "player_count": self.player_count,
            "sets": list(self.sets),
            "removals": list(self.removals),
            "companions": self.companions,
            "face_up_companions": self.face_up_companions,
            "expansion_small_dice_rolled": self.expansion_small_dice_rolled,
            "small_dice_in_game": self.small_dice_in_game,
            "extension_side": self.extension_side,
            "players_on_extension": self.players_on_extension,
            "steps": [step.to_dict() for step in self.steps],
            "source": self.source,
        }


def _set_names(keys: Iterable[str]) -> str:
    return ", ".join(SETS[key].name for key in keys) or "none"


def _ordered_sets(keys: Iterable[str], what: str) -> tuple[str, ...]:
    keys = tuple(keys)
    for key in keys:
        if key not in SETS:
            raise RuleViolation(
                f"'{key}' is not one of the expansion's sets (Elemental, Anibloom, Draconic)"
            )
    if len(set(keys)) != len(keys):
        raise RuleViolation(f"Each set can be {what} only once")
    return tuple(key for key in SET_KEYS if key in keys)


def _check_sets(
    row: PlayerCountSetup, player_count: int, sets: tuple[str, ...], removals: tuple[str, ...]
) -> None:
    if not set(removals) <= set(sets):
        raise RuleViolation("Only a set that is added can have its envelope's core cards removed")
    rule = row.set_rule
    if rule is SetRule.ANIBLOOM_ONLY:
        if set(sets) - {"anibloom"}:
            raise RuleViolation("A solo game can add the Anibloom set only")
        if sets and not removals:
            raise RuleViolation(
                "In a solo game, adding Anibloom means removing the core cards on its envelope"
            )
    elif rule is SetRule.ANY_WITH_REMOVALS:
        if removals != sets:
            raise RuleViolation(
                f"With {player_count} players, every set added needs the core cards on its "
                "envelope removed"
            )
    elif rule is SetRule.TWO_FREE_OR_THIRD_WITH_REMOVALS:
        if len(sets) < 2:
            raise RuleViolation(
                "5 players use 62 companions: add 2 sets, or all 3 by removing the third "
                "set's 8 core cards"
            )
        if len(sets) == 2 and removals:
            raise RuleViolation(
                "At 5 players, the 2 sets go in without removing the cards on their envelopes"
            )
        if len(sets) == 3 and len(removals) != 1:
            raise RuleViolation(
                "At 5 players, the third set goes in only by removing the 8 core cards on "
                "its envelope (and only for that one set)"
            )
    elif rule is SetRule.ALL_THREE_FREE:
        if len(sets) != len(SET_KEYS):
            raise RuleViolation("6 players use 70 companions: all 3 sets are added")
        if removals:
            raise RuleViolation(
                "At 6 players, no core cards are removed: the envelopes' lists are ignored"
            )


def _default_removals(row: PlayerCountSetup, sets: tuple[str, ...]) -> tuple[str, ...] | None:
    """What the rules require when the helper is not told: None where it is the players'
    choice (which set is the third at 5 players)."""
    if row.set_rule in (SetRule.ANIBLOOM_ONLY, SetRule.ANY_WITH_REMOVALS):
        return sets
    if row.set_rule is SetRule.TWO_FREE_OR_THIRD_WITH_REMOVALS and len(sets) == 3:
        return None
    return ()


def _removal_steps(sets: tuple[str, ...], removals: tuple[str, ...] | None) -> list[SetupStep]:
    source = "Playing with the sets in a 2 to 4 player game; Summary"
    steps = []
    if sets:
        steps.append(
            SetupStep(
                key="add_sets",
                text=f"Shuffle in the new companions of: {_set_names(sets)} (8 cards each).",
                source="New Companions; Summary",
            )
        )
    envelope_gap = "Which core cards each envelope lists is printed on the envelope only."
    if removals is None:
        steps.append(
            SetupStep(
                key="remove_third_set_cards",
                text=(
                    "Choose which of the 3 sets is the third one, and take out of the core "
                    "deck the 8 cards listed on its envelope."
                ),
                source="5-player games - Special setup features",
                core_step=6,
                gap=envelope_gap,
            )
        )
    elif removals:
        steps.append(
            SetupStep(
                key="remove_envelope_cards",
                text=(
                    "Take out of the core deck the 8 cards listed on the envelope of: "
                    f"{_set_names(removals)}."
                ),
                source=source,
                core_step=6,
                gap=envelope_gap,
            )
        )
    elif sets:
        steps.append(
            SetupStep(
                key="keep_core_cards",
                text="Remove no core cards: the envelopes' lists are not used at this player count.",
                source="Summary",
                core_step=6,
            )
        )
    return steps


def _big_game_steps(row: PlayerCountSetup, players: int) -> list[SetupStep]:
    source = f"{players}-player games - Special setup features"
    sections = MEETING_TRACK_SECTIONS + row.extension_sections
    closest = (
        "player sitting closest" if row.players_on_extension == 1 else "2 players sitting closest"
    )
    dice_text = (
        f"After the core step 8, the first player rolls {row.expansion_small_dice_rolled} of the "
        "expansion's small dice and puts them on the extension by their results; the purple "
        "die is rerolled while it shows the footprint. "
    )
    if row.expansion_small_dice_rolled < 6:
        dice_text += "The other 2 small dice go back in the box. "
    dice_text += f"{row.small_dice_in_game} small dice are used in all."
    return [
        SetupStep(
            key="extension",
            text=f"Put the extension, {players}-player side up, at the right-hand end of the meeting track.",
            source=source,
            core_step=6,
        ),
        SetupStep(
            key="decks",
            text=(
                f"Shuffle the A and the B companions separately, put {CARDS_REMOVED_PER_DECK} "
                f"of each back in the box, then stack deck A on deck B face down beside the "
                "track."
            ),
            source=source,
            core_step=6,
            gap="Which companion belongs to deck A or B is marked on the cards, not in the text.",
        ),
        SetupStep(
            key="face_up_companions",
            text=(
                f"Lay the first {row.face_up_companions} companions face up, left to right, "
                f"before the {sections} sections ({MEETING_TRACK_SECTIONS} on the track, "
                f"{row.extension_sections} on the extension)."
            ),
            source=source,
            core_step=6,
        ),
        SetupStep(
            key="small_dice",
            text=dice_text,
            source=source,
            core_step=8,
            gap=(
                "Which 4 of the 6 small dice are rolled is shown only in an illustration."
                if row.expansion_small_dice_rolled < 6
                else None
            ),
        ),
        SetupStep(
            key="extension_placement",
            text=(
                f"Every Evening, the {closest} to the meeting track place their dice on the "
                "extension only; the others place theirs as usual. Anyone may still take any "
                "companion, on the track or the extension."
            ),
            source=f"{players}-player games - Meeting track extension",
        ),
    ]


def _solo_steps(journey_board: str | None, hulios: bool) -> list[SetupStep]:
    removed = ", ".join(SOLO_REMOVED_CARDS.values())
    steps = [
        SetupStep(
            key="tom_dice",
            text=(
                "Once you have your adventurer, pick Tom's 2 large dice: two colours, both "
                "from core adventurers nobody plays; never yellow with purple, never an "
                "expansion adventurer's dice. One of the two colours is Tom's: his score "
                "token on 10, his band token on 0; the adventurer itself is not taken."
            ),
            source=SOURCE_SETUP,
            core_step=2,
        ),
    ]
    if journey_board in (None, "province_of_shadows"):
        steps.append(
            SetupStep(
                key="tom_camp",
                text="Province of Shadows: Tom's camp starts with yours on the Start space.",
                source=SOURCE_SETUP,
                core_step=2,
            )
        )
    if journey_board in (None, "archipelago_of_darkness"):
        steps.append(
            SetupStep(
                key="tom_boats",
                text=(
                    "Archipelago of Darkness: Tom's 4 boats start on the central island beside "
                    "yours; the prohibition token closes the 1/2 path on its right."
                ),
                source=SOURCE_SETUP,
                core_step=2,
            )
        )
    steps += [
        SetupStep(
            key="tom_first_roll",
            text=(
                "Roll Tom's 2 large dice onto the meeting track by their results; a yellow or "
                "purple special side is set aside for the turn and gives Tom 3 points or 2 "
                "footprints."
            ),
            source=SOURCE_SETUP,
            core_step=2,
            gap="Which of the two effects goes with which die is not said in the text.",
        ),
        SetupStep(
            key="dice_reserve",
            text="The 5 large dice go to the reserve pool; the small black die stays in the box.",
            source=SOURCE_SETUP,
            core_step=3,
        ),
        SetupStep(
            key="no_spells",
            text="Put the spell tokens back in the box: they are not used.",
            source=SOURCE_SETUP,
            core_step=5,
            gap="The solo setup prints no step 4.",
        ),
        SetupStep(
            key="solo_removed_cards",
            text=f"Take these 14 cards out of the game: {removed}.",
            source=SOURCE_SETUP,
            core_step=6,
        ),
    ]
    if hulios:
        excluded = ", ".join(SOLO_REMOVED_CARDS[key] for key in HULIOS_SOLO_EXCLUDED)
        steps.append(
            SetupStep(
                key="hulios_solo_deck",
                text=(
                    f"Hulios' deck comes from those 14: leave out {excluded}, shuffle the A and "
                    "the B cards of the other 11 separately, draw 3 A and 3 B, and box the rest."
                ),
                source=SOURCE_SETUP,
                core_step=6,
                gap="Which of the 11 cards are A and which B is marked on the cards only.",
            )
        )
    steps += [
        SetupStep(
            key="solo_decks",
            text="Shuffle deck A and deck B separately and keep them as two decks by the board.",
            source=SOURCE_SETUP,
            core_step=6,
        ),
        SetupStep(
            key="tom_tiles",
            text=(
                f"Shuffle Tom's 8 tiles face down; lay the first {TOM_FACE_UP_TILES} face up, "
                "one facing each section of the meeting track."
            ),
            source=SOURCE_SETUP,
            core_step=6,
        ),
        SetupStep(
            key="solo_face_up_companions",
            text=(
                "Deal companions from deck A, left to right, before each section without one "
                "of Tom's large dice (3 cards, or 4 when only one section holds his dice)."
            ),
            source=SOURCE_SETUP,
            core_step=6,
        ),
        SetupStep(
            key="solo_first_player",
            text="You are always first player: no first-player token, and no reroll tokens now.",
            source=SOURCE_SETUP,
            core_step=7,
        ),
    ]
    return steps


def _hulios_step() -> SetupStep:
    return SetupStep(
        key="hulios_deck",
        text=(
            "The Hulios player takes the 6 companions removed from the decks and stacks the "
            "3 deck A cards on the 3 deck B cards as their own deck."
        ),
        source="New Adventurers - Hulios",
        core_step=6,
    )


def setup_plan(
    player_count: int,
    sets: Iterable[str] = (),
    *,
    removals: Iterable[str] | None = None,
    hulios: bool = False,
    journey_board: str | None = None,
) -> SetupPlan:
    """The expansion's setup for ``player_count`` (1-6) players and the chosen sets.

    ``removals`` names the sets whose envelope's core cards are taken out; left as None it
    is what the rules require (every set at 1-4 players, none at 6, none with 2 sets at 5,
    and "one of the three, your choice" with 3 sets at 5). A combination the rules forbid
    is refused with the reason. ``hulios`` adds his deck-building step; ``journey_board``
    (solo only) keeps just that board's step for Tom.
    """
    check_seat_count(player_count)
    row = SETUP_BY_PLAYER_COUNT[player_count]
    chosen = _ordered_sets(sets, "added")
    if removals is None:
        removed = _default_removals(row, chosen)
        _check_sets(row, player_count, chosen, removed if removed is not None else chosen[:1])
    else:
        removed = _ordered_sets(removals, "removed")
        _check_sets(row, player_count, chosen, removed)
    if journey_board is not None:
        if journey_board not in JOURNEY_BOARDS:
            raise RuleViolation(f"'{journey_board}' is not a journey board")
        if player_count != 1:
            raise RuleViolation("Only the solo setup changes with the journey board")

    steps = [
        SetupStep(
            key="companions",
            text=f"Play with {row.companions} companions.",
            source="Summary",
        )
    ]
    steps += _removal_steps(chosen, removed)
    if player_count == 1:
        steps += _solo_steps(journey_board, hulios)
    else:
        if row.extension_side is not None:
            steps += _big_game_steps(row, player_count)
        else:
            steps.append(
                SetupStep(
                    key="core_setup",
                    text="Everything else is the core game's setup.",
                    source="Playing with the sets in a 2 to 4 player game",
                    gap="The core rulebook's setup is not in our source.",
                )
            )
        if hulios:
            steps.append(_hulios_step())
    return SetupPlan(
        player_count=player_count,
        sets=chosen,
        removals=removed if removed is not None else (),
        companions=row.companions,
        face_up_companions=row.face_up_companions,
        expansion_small_dice_rolled=row.expansion_small_dice_rolled,
        small_dice_in_game=row.small_dice_in_game,
        extension_side=row.extension_side,
        players_on_extension=row.players_on_extension,
        steps=tuple(steps),
        source=row.source,
    )


def solo_face_up_companions(sections_with_tom_dice: Collection[int]) -> int:
    """How many companions a solo round lays out: one before each of the 5 sections that
    holds none of Tom's large dice (3, or 4 when his dice share a section or one is set
    aside). Single-player games - Setup, step 6; EVENING, step 2."""
    sections = set(sections_with_tom_dice)
    if not 1 <= len(sections) <= 2:
        raise RuleViolation("Tom's 2 large dice sit on 1 or 2 sections of the meeting track")
    if not sections <= set(range(1, MEETING_TRACK_SECTIONS + 1)):
        raise RuleViolation(f"The meeting track has sections 1 to {MEETING_TRACK_SECTIONS}")
    return MEETING_TRACK_SECTIONS - len(sections)
