"""Battles: foe positions, foe chips, battle dice, the round marker and the battle stack limits.

The foe chips themselves (name, HP, SLD, ATK, DEF, special) are not transcribed, and neither
are the faces of the battle dice: those are entries with ``missing`` true, and the group
enters a foe's numbers from the back of its chip and the hits it rolled from the real dice.
The outcomes and their XP are in ``catalog.rewards``; the keys are in ``catalog.quest_deck``.
"""

from dataclasses import dataclass
from types import MappingProxyType

_SET_UP = "Battles - Battle Set-up"
_FOE_STACKS = "Battles - Foe Battle Stacks"
_ALLY_STACKS = "Battles - Ally Battle Stacks"
_INITIATIVE = "Battles - Initiative Stack"
_TARGET = "Battles - Target Deck"
_ROUNDS = "Battles - Round Marker"
_DICE = "Battles - Battle Dice"
_FOUNDRY = "Quest Tiles - Outpost - Foundry"
_SOLO = "Alternate Game Modes - Solo Mode"
_MAJOR = "Major Threats"

# Foe rings on the Battle Mat, I-VII; a foe keeps its ring for the whole battle (Battle Set-up).
FOE_POSITIONS = (1, 2, 3, 4, 5, 6, 7)
ROMAN = MappingProxyType({1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"})
MAX_FOES = len(FOE_POSITIONS)

# Initiative chips (Initiative Stack; Solo Mode: "all five Ally Initiative chips").
ALLY_INITIATIVE_CHIPS = 5
FEWEST_PLAYERS = 1
MOST_PLAYERS = 4  # four playable characters in the base game (Characters)
TWO_PLAYER_EXTRA_ALLY_CHIPS = 1
# Solo with one character: foe chips I-V against a single foe, I-VII against several, and
# two chips drawn each round (Solo Mode - Battles).
SOLO_SINGLE_FOE_CHIPS = (1, 2, 3, 4, 5)
SOLO_SEVERAL_FOES_CHIPS = FOE_POSITIONS
SOLO_CHIPS_DRAWN_PER_ROUND = 2

# Round marker (Battles - Round Marker; Solo Mode - Battles).
BATTLE_ROUNDS = 5
SOLO_BATTLE_ROUNDS = 4

# Battle stacks (Battle Dice - Defense Dice; Foundry - Cogbehemoths).
MAX_SHIELDS = 3
COGBEHEMOTH_SHIELDS = 3
MAX_COGBEHEMOTH_SHIELDS = 3
# A Cogbot Fighter or Cogbehemoth that is destroyed leaves its character on this much HP.
HP_LEFT_AFTER_ABSORBING = 1

# Target deck (Battles - Target Deck). How many Miss cards it holds is not printed.
TARGET_CARDS_PER_CHARACTER = 5
MISS_CARDS_IN_DECK = None

# Combo meter (Characters - Combo Meter).
COMBO_METER_MAX = 3


@dataclass(frozen=True)
class FoeFaction:
    """A colour group of foe chips, to help find them in the box (Foe Battle Stacks)."""

    key: str
    name: str
    chip_colour: str
    source: str


FOE_FACTIONS = MappingProxyType(
    {
        faction.key: faction
        for faction in (
            FoeFaction("might", "The Might", "black", _FOE_STACKS),
            FoeFaction("unity", "The Unity", "white", _FOE_STACKS),
            FoeFaction("neutral", "Neutral", "grey", _FOE_STACKS),
            FoeFaction("illusionist_mist", "Illusionist/Mist", "blue", _FOE_STACKS),
            FoeFaction("netherwalker", "Netherwalker", "orange", _FOE_STACKS),
        )
    }
)


@dataclass(frozen=True)
class FoeChipField:
    """One number or text on the back of a foe chip and what it does in the stack or the turn.

    The values of each foe are not printed in the rulebook (``missing``); the foe library the
    group builds holds them.
    """

    key: str
    name: str
    summary: str
    source: str
    missing: bool = True


FOE_CHIP_FIELDS = MappingProxyType(
    {
        field.key: field
        for field in (
            FoeChipField("hp", "HP", "HP chips right under the foe chip.", _FOE_STACKS),
            FoeChipField("sld", "SLD", "Shield chips under the foe's HP chips.", _FOE_STACKS),
            FoeChipField("atk", "ATK", "Attack Dice the foe rolls on its turn.", _FOE_STACKS),
            FoeChipField("def", "DEF", "Defense Dice the foe rolls on its turn.", _FOE_STACKS),
            FoeChipField(
                "special",
                "Special",
                "Triggers on a Special Symbol on its Attack Dice; described in the Logbook.",
                _FOE_STACKS,
            ),
            FoeChipField(
                "ultimate", "Ultimate", "Named on the chip illustration only.", _FOE_STACKS
            ),
        )
    }
)


@dataclass(frozen=True)
class BattleDie:
    """A kind of battle die: what one hit does and what its Special Symbol does.

    ``faces`` (how many pips or symbols on each side) are not printed for any die, so it is
    ``None``: players roll the real dice and enter their hits.
    """

    key: str
    name: str
    hit_effect: str
    special_symbol: str
    source: str
    faces: tuple[str, ...] | None = None

    @property
    def missing(self) -> bool:
        return self.faces is None


BATTLE_DICE = MappingProxyType(
    {
        die.key: die
        for die in (
            BattleDie(
                "skill",
                "Character Skill Dice",
                "As the character's ability card says.",
                "As the character's ability card says.",
                _DICE,
            ),
            BattleDie(
                "explode",
                "Explode Dice",
                "Removes one shield or HP chip from the bottom of the target's stack.",
                "Roll the die again and add the new result.",
                _DICE,
            ),
            BattleDie(
                "foe",
                "Foe Dice",
                "Removes one shield or HP chip from the bottom of the target's stack.",
                "The foe's special ability.",
                _DICE,
            ),
            BattleDie(
                "attack",
                "Attack Dice",
                "Removes one shield or HP chip from the bottom of the target's stack.",
                "The special ability (the Overdrive ability when the Overdrive Meter is full).",
                _DICE,
            ),
            BattleDie(
                "defense",
                "Defense Dice",
                "Adds one shield chip to the bottom of the roller's stack, at most 3.",
                "A Formation Change in the initiative stack.",
                _DICE,
            ),
            BattleDie(
                "vaki",
                "Väki Dice",
                "One Tier I väki from the Väki Mat; two hits on one die are one element.",
                "None described.",
                _DICE,
            ),
        )
    }
)

# The order an Ally's and a Foe's dice are resolved in (Let The Battle Begin!).
ALLY_RESOLUTION_ORDER = ("skill", "explode", "attack", "defense", "vaki", "combo_meter")
FOE_RESOLUTION_ORDER = ("explode", "attack_or_foe", "defense")


@dataclass(frozen=True)
class BattleKind:
    """A battle the Kinship can face. A Major Threat is fought as a battle, set up from the
    Logbook for the Kinship's level, and starts at once when the threat reaches its maximum."""

    key: str
    name: str
    source: str


BATTLE_KINDS = MappingProxyType(
    {
        kind.key: kind
        for kind in (
            BattleKind("battle", "Battle", _SET_UP),
            BattleKind("major_threat", "Major Threat", _MAJOR),
        )
    }
)


@dataclass(frozen=True)
class SourceGap:
    """Something the rulebook does not print or leaves open, and how the app handles it."""

    key: str
    summary: str
    handling: str
    source: str


BATTLE_GAPS = MappingProxyType(
    {
        gap.key: gap
        for gap in (
            SourceGap(
                "foe_chips",
                "The backs of the foe chips (HP, SLD, ATK, DEF, special) are not transcribed.",
                "The group builds a foe library once per campaign and reuses it.",
                _FOE_STACKS,
            ),
            SourceGap(
                "dice_faces",
                "The faces of the battle dice and the Dawnshade Dice are not printed.",
                "Players roll the real dice and enter hits and outcomes.",
                _DICE,
            ),
            SourceGap(
                "miss_cards",
                "How many Miss cards the Target Deck holds is not printed.",
                "The group enters the number (a Miss blessing adds one).",
                _TARGET,
            ),
            SourceGap(
                "target_deck_runs_out",
                "What to do when the Target Deck runs out is not printed.",
                "The table chooses to reshuffle the revealed cards, and the choice is logged.",
                _TARGET,
            ),
            SourceGap(
                "target_card_knocked_out",
                "What to do when a target card names a KO'd character is not printed.",
                "The table chooses to redraw or to reshuffle and draw; the choice is logged.",
                _TARGET,
            ),
            SourceGap(
                "knocked_out_active_player",
                "Who plays an Ally chip when the Active Player's character is KO'd is not printed.",
                "The table chooses: the next living character clockwise, or the chip is spent "
                "without a turn.",
                "Let The Battle Begin! - Ally's Turn",
            ),
            SourceGap(
                "focused_and_blind",
                "A stack holding both FOCUSED and BLIND: the rulebook does not say which wins.",
                "The table chooses each time.",
                "Let The Battle Begin! - Conditions",
            ),
            SourceGap(
                "solo_several_characters_players",
                "Solo with several characters: the rulebook counts players, not characters.",
                "Each character counts as a player for the initiative chips and draws.",
                _SOLO,
            ),
            SourceGap(
                "condition_placed_on_own_turn",
                "A condition placed during its holder's own turn: whether that turn's end "
                "counts as its next turn is not said.",
                "Read as lasting to the end of the following turn; a campaign setting.",
                "Let The Battle Begin! - Conditions",
            ),
            SourceGap(
                "imprecise_rounding",
                "IMPRECISE rounds up, but the text can mean the damage or the reduction.",
                "Damage halved and rounded up (3 hits deal 2); a campaign setting for 1.",
                "Let The Battle Begin! - Conditions",
            ),
            SourceGap(
                "cogbehemoth_over_fighter",
                "A Cogbehemoth under a Fighter's HP chip leaves two HP by the stack order, but "
                "the Foundry text speaks of the Fighter and one HP.",
                "Stack order by default; a campaign setting for one HP.",
                _FOUNDRY,
            ),
            SourceGap(
                "precise_and_cogbehemoth",
                "PRECISE skips shield chips; a Cogbehemoth falls only when its shields go.",
                "PRECISE never drops a Cogbehemoth and goes on to the HP chips above it.",
                _FOUNDRY,
            ),
            SourceGap(
                "ko_with_shields_left",
                "A stack at 0 HP with shields left (after PRECISE).",
                "KO'd at 0 HP; a KO'd stack counts nothing towards a retreat.",
                _DICE,
            ),
            SourceGap(
                "armour_beyond_three",
                "More than three armour items against the three-shield maximum.",
                "At most three shields at set-up.",
                _ALLY_STACKS,
            ),
            SourceGap(
                "revealed_target_cards",
                "Whether a revealed target card goes back into the deck, and where a Miss "
                "blessing's card goes, are not said.",
                "Revealed cards stay out until the deck runs out; a blessing's Miss card is "
                "shuffled in among the unrevealed ones.",
                _TARGET,
            ),
            SourceGap(
                "imprecise_and_damage_blessing",
                "Whether the Damage blessing's +1 comes before or after IMPRECISE halves.",
                "The players enter the hits; the app halves what they enter.",
                "Set-up - Watchers Blessings",
            ),
        )
    }
)
