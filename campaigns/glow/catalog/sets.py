"""The expansion's three companion sets (New Companions; Components)."""

from dataclasses import dataclass
from types import MappingProxyType

from campaigns.glow.catalog import NOT_PRINTED

# 3 sets of 8 cards, 24 new companions (New Companions).
CARDS_PER_SET = 8
NEW_COMPANIONS = 24


@dataclass(frozen=True)
class CompanionSet:
    """A set of 8 new companions, kept in its own envelope.

    ``core_cards_to_remove`` is how many core cards its envelope lists (8, from the 5-player
    rules); which cards they are is printed only on the envelope, so
    ``core_cards_on_envelope`` is ``None``.
    """

    key: str
    name: str
    cards: int
    about: str
    core_cards_to_remove: int
    core_cards_on_envelope: tuple[str, ...] | None
    source: str


_SET_LIST = (
    CompanionSet(
        key="elemental",
        name="Elemental",
        cards=CARDS_PER_SET,
        about=(
            "Mostly companions that need a given number of different element symbols to "
            "trigger, like the Archipelago of Darkness paths."
        ),
        core_cards_to_remove=8,
        core_cards_on_envelope=NOT_PRINTED,
        source="New Companions",
    ),
    CompanionSet(
        key="anibloom",
        name="Anibloom",
        cards=CARDS_PER_SET,
        about="Companions that let you draw and juggle butterfly tokens.",
        core_cards_to_remove=8,
        core_cards_on_envelope=NOT_PRINTED,
        source="New Companions",
    ),
    CompanionSet(
        key="draconic",
        name="Draconic",
        cards=CARDS_PER_SET,
        about="Mostly companions whose effects cost fireflies, footprints or reroll tokens.",
        core_cards_to_remove=8,
        core_cards_on_envelope=NOT_PRINTED,
        source="New Companions",
    ),
)

SETS = MappingProxyType({companion_set.key: companion_set for companion_set in _SET_LIST})
SET_KEYS = tuple(SETS)
