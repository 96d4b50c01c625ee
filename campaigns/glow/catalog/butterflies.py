"""Butterfly tokens: colours, special kinds and the end-of-game table (Butterfly Tokens)."""

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from campaigns.glow.catalog import NOT_PRINTED

_SOURCE = "Butterfly Tokens"

# Components: 60 butterfly tokens, 8 of each of 6 colours and 12 special ones.
TOKENS_PER_COLOUR = 8
SPECIAL_TOKENS = 12
MAX_PER_COLOUR = 6

# The six colours, as the counting example names them (Butterfly Tokens - At the end of
# the game); the app shows them in this order.
COLOURS = ("green", "light_blue", "red", "dark_blue", "orange", "purple")
COLOUR_NAMES = MappingProxyType(
    {
        "green": "Green",
        "light_blue": "Light blue",
        "red": "Red",
        "dark_blue": "Dark blue",
        "orange": "Orange",
        "purple": "Purple",
    }
)
COLOURED_TOKENS = TOKENS_PER_COLOUR * len(COLOURS)

# Shards of light by how many butterflies of one colour a player holds (index = count).
SHARDS_BY_COUNT = (0, 1, 3, 6, 10, 15, 21)
ALL_COLOURS_BONUS = 10


class SpecialUse(StrEnum):
    """When a special token acts: at once on drawing, or held and played later."""

    ON_DRAW = "on_draw"
    KEPT = "kept"


@dataclass(frozen=True)
class SpecialKind:
    """A kind of special butterfly token.

    ``count`` is how many of the 12 specials are of this kind: the text does not print it.
    ``named_in_text`` is False where the kind appears only in an illustration.
    """

    key: str
    name: str
    use: SpecialUse
    effect: str
    named_in_text: bool
    count: int | None
    source: str


_KIND_LIST = (
    SpecialKind(
        key="footprint",
        name="Footprint in a hand",
        use=SpecialUse.ON_DRAW,
        effect="Take a footprint token at once; this butterfly token goes face up beside the reserve.",
        named_in_text=False,
        count=NOT_PRINTED,
        source=_SOURCE + " - Setup and drawing butterfly tokens (illustration, second of three)",
    ),
    SpecialKind(
        key="cluster",
        name="Multicoloured cluster in a hand",
        use=SpecialUse.ON_DRAW,
        effect=(
            "Take the token it pictures at once (the text does not say which); this "
            "butterfly token goes face up beside the reserve."
        ),
        named_in_text=False,
        count=NOT_PRINTED,
        source=_SOURCE + " - Setup and drawing butterfly tokens (illustration, first of three)",
    ),
    SpecialKind(
        key="yellow_creature",
        name="Yellow creature in a hand",
        use=SpecialUse.ON_DRAW,
        effect=(
            "Take the token it pictures at once (the text does not say which); this "
            "butterfly token goes face up beside the reserve."
        ),
        named_in_text=False,
        count=NOT_PRINTED,
        source=_SOURCE + " - Setup and drawing butterfly tokens (illustration, third of three)",
    ),
    SpecialKind(
        key="cemetery",
        name="Send to the cemetery",
        use=SpecialUse.KEPT,
        effect=(
            "Keep it face up; when you like, send one of your companions to the cemetery "
            "with no effect (skull or not) or cancel one of your spells, then put the "
            "token face up beside the reserve."
        ),
        named_in_text=True,
        count=NOT_PRINTED,
        source=_SOURCE + " - Setup and drawing butterfly tokens (first of two)",
    ),
    SpecialKind(
        key="cancel_element",
        name="Cancel an element",
        use=SpecialUse.KEPT,
        effect=(
            "Keep it face up; when you like, name an element: none of your dice showing it "
            "count for cards or for moving on the journey board. Then put the token face "
            "up beside the reserve."
        ),
        named_in_text=True,
        count=NOT_PRINTED,
        source=_SOURCE + " - Setup and drawing butterfly tokens (second of two)",
    ),
)

SPECIAL_KINDS = MappingProxyType({kind.key: kind for kind in _KIND_LIST})
