"""The single-player game against Tom (Single-player games)."""

from types import MappingProxyType

from campaigns.glow.catalog import NOT_PRINTED

_SOURCE = "Single-player games"

# Only Anibloom may be added to a solo game.
SOLO_SETS = ("anibloom",)

# Setup step 6: the 14 named cards taken out of a solo game (the text spells Xar'gok both
# "Xar'gok" and "Xar'Gok"; the key is the same).
SOLO_REMOVED_CARDS = MappingProxyType(
    {
        "likyar": "Likyar",
        "torke": "Torke",
        "xar_gok": "Xar'gok",
        "briki": "Briki",
        "kaar": "Kaar",
        "hymoros": "Hymoros",
        "oshra": "Oshra",
        "zzibelu": "Zzibelu",
        "biraii": "Biraii",
        "drel": "Drel",
        "cromaug": "Cromaug",
        "sketal": "Sketal",
        "kapao": "Kapao",
        "dvol": "Dvol",
    }
)
# Hulios in solo builds the deck from those 14 minus these 3: three of deck A and three of
# deck B out of the remaining 11. Which of the 11 are A and which B is marked on the cards,
# not in the text.
HULIOS_SOLO_EXCLUDED = ("xar_gok", "kaar", "cromaug")
HULIOS_SOLO_DECK_A = 3
HULIOS_SOLO_DECK_B = 3
HULIOS_SOLO_CARDS_A_OR_B = NOT_PRINTED

# Step 2: Tom's two large dice.
TOM_DICE = 2
TOM_FORBIDDEN_PAIR = frozenset({"yellow", "purple"})
# Only these of Tom's dice colours have a special side that helps him.
TOM_SPECIAL_DIE_COLOURS = frozenset({"yellow", "purple"})
TOM_SPECIAL_SCORE = 3
TOM_SPECIAL_FOOTPRINTS = 2
# Which of the two effects belongs to the yellow die and which to the purple is not said.
TOM_SPECIAL_EFFECT_BY_COLOUR = NOT_PRINTED

TOM_START_SCORE = 10
TOM_START_BAND = 0
TOM_BOATS = 4

# Tom's 8 tiles: 5 face up opposite the 5 meeting-track sections, 3 in the pile. Each shows
# 1, 2 or 3 arrows and a "+" or "-"; the faces themselves are not printed.
TOM_TILES = 8
TOM_FACE_UP_TILES = 5
TOM_TILE_ARROWS = (1, 2, 3)
TOM_TILE_SIDES = ("+", "-")
TOM_TILE_FACES = NOT_PRINTED

# Setup step 3: the 5 large dice go to the reserve pool, the small black die to the box.
SOLO_LARGE_DICE_IN_RESERVE = 5

SOURCE_SETUP = _SOURCE + " - Setup"
SOURCE_MORNING = _SOURCE + " - Playing the game - MORNING – Recruit a companion"
SOURCE_BOAT = _SOURCE + " - Playing the game - Choosing which boat to move"
SOURCE_EVENING = _SOURCE + " - Playing the game - EVENING – End of round and resetting"
SOURCE_END = _SOURCE + " - End of the game"
SOURCE_COUNT = _SOURCE + " - Counting Tom's points"
