"""Tavern games and Cogrushing: the decks, dice, stacks and stakes they are played with.

The antes and the extra 2-Tawny cards per Tavern level are in ``catalog.outposts`` (Outpost
Upgrades). The Dawnshade Dice's faces are not printed beyond their "Dawn" and "Shade" sides,
so results are entered from the real dice.
"""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.battle import SourceGap

_TAVERN = "Quest Tiles - Outpost - Tavern"
_DOUBLERS = "Quest Tiles - Outpost - Double Doubler's (D&D) Dice"
_RUNES = "Quest Tiles - Outpost - Watchers Runes"
_COGRUSHING = "Events - Cogbot Challenges - Cogrushing"
_SOLO = "Alternate Game Modes - Solo Mode"

# Watchers Runes: the Target Cards of four characters, five each, three showing Tawny and two
# Runes; a Tawny card pays every player still in 1 Tawny, the Tavern's extra cards 2 each.
RUNES_DECK_CHARACTERS = 4
RUNES_TAWNY_CARDS_PER_CHARACTER = 3
RUNES_RUNE_CARDS_PER_CHARACTER = 2
RUNES_TAWNY_PER_CARD = 1
RUNES_TAWNY_PER_EXTRA_CARD = 2
# Two Runes of the same character end the game and bust everyone still in.
RUNES_TO_BUST = 2

# Double Doubler's Dice: "balance" is one Dawn and one Shade; a success doubles what rides.
DAWNSHADE_DICE = ("dawn", "shade")
DAWNSHADE_DICE_ROLLED = 2
DOUBLERS_DICE_MULTIPLIER = 2

# Cogrushing: the turret and the six Cogbot Drudges' HP, top of their stack first.
COGRUSHING_TURRET_HP_CHIPS = 15
COGRUSHING_DRUDGE_HP = (1, 1, 1, 2, 2, 3)
COGRUSHING_DEPLOY_POSITIONS = (6, 7)
COGRUSHING_BET_MIN = 0
COGRUSHING_BET_MAX = 2
COGRUSHING_BET_MULTIPLIER = 2


@dataclass(frozen=True)
class TableGame:
    """A game the Kinship plays for Tawny or for a Succeed/Fail outcome."""

    key: str
    name: str
    objective: str
    source: str


TABLE_GAMES = MappingProxyType(
    {
        game.key: game
        for game in (
            TableGame(
                "doublers_dice",
                "Double Doubler's (D&D) Dice",
                "Roll balance (one Dawn, one Shade) twice running.",
                _DOUBLERS,
            ),
            TableGame(
                "watchers_runes",
                "Watchers Runes",
                "Win as much Tawny as you can before two Runes of one character show.",
                _RUNES,
            ),
            TableGame(
                "cogrushing",
                "Cogrushing",
                "The Active Player knocks out six rushing Cogbot Drudges before one reaches "
                "the turret; the others bet against them.",
                _COGRUSHING,
            ),
        )
    }
)

# In solo Cogrushing the player moves the Drudges themself; with nobody else at the table
# nobody bets.
COGRUSHING_SOLO_SOURCE = _SOLO
TAVERN_SOURCE = _TAVERN

TAVERN_GAPS = MappingProxyType(
    {
        gap.key: gap
        for gap in (
            SourceGap(
                "runes_deck_characters",
                "Watchers Runes always uses four characters' Target Cards, whatever the "
                "number of players.",
                "Four characters, as printed, plus the Tavern's extra 2-Tawny cards.",
                _RUNES,
            ),
            SourceGap(
                "runes_ante_on_stop",
                "Only busting is said to lose the ante; whether a player who stops gets it "
                "back is not said.",
                "Returned with the winnings by default; a campaign setting treats it as spent.",
                _RUNES,
            ),
            SourceGap(
                "dawnshade_dice_faces",
                "How many Dawn and Shade faces each Dawnshade Die has is not printed.",
                "Players roll the real dice and enter the two faces.",
                _DOUBLERS,
            ),
            SourceGap(
                "cogrushing_bets",
                "Bets are doubled if the Active Player fails; where lost bets go is not said.",
                "A winning bettor gets twice the stake back; a lost stake is gone.",
                _COGRUSHING,
            ),
            SourceGap(
                "cogrushing_path",
                "How many rings a Drudge crosses from VI or VII to the turret depends on the "
                "Battle Mat, which is not transcribed.",
                "The table says when a Drudge reaches the turret.",
                _COGRUSHING,
            ),
        )
    }
)
