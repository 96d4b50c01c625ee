"""The three new adventurers and the special symbols on their dice (New Adventurers)."""

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class AdventurerDie:
    """A large die that comes with an adventurer: its colour key and how many of them."""

    colour: str
    count: int
    has_special_symbol: bool


@dataclass(frozen=True)
class Adventurer:
    """An expansion adventurer: the large dice they bring and what their symbol does."""

    key: str
    name: str
    dice: tuple[AdventurerDie, ...]
    special_symbol: str
    notes: tuple[str, ...]
    source: str

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(die.colour for die in self.dice)


_ADVENTURER_LIST = (
    Adventurer(
        key="hulios",
        name="Hulios",
        dice=(AdventurerDie(colour="apple_green", count=2, has_special_symbol=True),),
        special_symbol=(
            "Resolved first at Noon: for each symbol rolled, draw the top card of Hulios' "
            "own deck and you may swap it for one of your recruited companions; cards left "
            "in hand go under that deck, then companions resolve as usual (swapped-in ones "
            "too)."
        ),
        notes=(
            "At setup step 6 the Hulios player takes the 6 companions removed from the "
            "decks and stacks the 3 from deck A on the 3 from deck B as a personal deck.",
            "A Sketal may still be taken when its die is already gone; it then comes "
            "without a die.",
        ),
        source="New Adventurers - Hulios",
    ),
    Adventurer(
        key="zay_drel",
        name="Zay'Drel",
        dice=(
            AdventurerDie(colour="white", count=2, has_special_symbol=True),
            AdventurerDie(colour="black", count=1, has_special_symbol=False),
        ),
        special_symbol=(
            "Turn that white die to any of the five element sides (fire, nature, air, "
            "water, rock) of your choice."
        ),
        notes=(
            "The large black die is rolled with the others every turn and cancels every "
            "die showing its symbol, as the core game's small black die does.",
            "Once Kaar is recruited, Zay'Drel's big black die is set aside for the one Kaar "
            "brings, and returns if Kaar ends up in the cemetery.",
        ),
        source="New Adventurers - Zay'Drel",
    ),
    Adventurer(
        key="elldir",
        name="Elldir",
        dice=(AdventurerDie(colour="pink", count=2, has_special_symbol=True),),
        special_symbol=(
            "That pink die must be rerolled, and you may also reroll one other die of your "
            "choice (the other pink die included); two symbols are dealt with one at a time."
        ),
        notes=(),
        source="New Adventurers - Elldir",
    ),
)

ADVENTURERS = MappingProxyType({adventurer.key: adventurer for adventurer in _ADVENTURER_LIST})

# Every large-die colour that belongs to an expansion adventurer; Tom may not use any of
# them (Single-player games - Setup, step 2).
EXPANSION_DIE_COLOURS = frozenset(
    colour for adventurer in _ADVENTURER_LIST for colour in adventurer.colours
)

# The five element symbols Zay'Drel may choose from (New Adventurers - Zay'Drel).
ELEMENTS = ("fire", "nature", "air", "water", "rock")
