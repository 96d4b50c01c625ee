"""Combat cards: the card each side declares, up to two boosts, and the dice they give.

Sources: Natural Selection Deck Card Explanation (Explaining Boost Cards) and Combat in Dawn
(Steps 2, 3, 6 and 7, Let Nature Take Its Course); Creatures and Predators (Resolving Combats
Involving Creature and Predators; the Puscual's Colourblind).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Self

from campaigns.occulites.rules.errors import RuleViolation

MAX_BOOSTS = 2


class CardKind(StrEnum):
    AGGRESSIVE = "aggressive"
    DEFENSIVE = "defensive"
    BOOST = "boost"


class Purpose(StrEnum):
    ATTACK = "attack"
    DEFENCE = "defence"


class CardOrigin(StrEnum):
    """Where a side's combat card came from."""

    HAND = "hand"
    LET_NATURE_TAKE_ITS_COURSE = "let_nature_take_its_course"
    CREATURE = "creature"


# The card type each purpose calls for (Combat in Dawn, Steps 2 and 3).
KIND_FOR_PURPOSE = MappingProxyType(
    {Purpose.ATTACK: CardKind.AGGRESSIVE, Purpose.DEFENCE: CardKind.DEFENSIVE}
)


@dataclass(frozen=True)
class CombatCard:
    """The card a side declared in Steps 2-3 of Combat in Dawn.

    From the hand it is an Aggressive or Defensive card. When Letting Nature Take Its Course
    it is whatever was drawn, a Boost included. A creature's card is its flipped Regular card
    (a flipped Boost is saved as a boost and another card drawn); `colourblind` is the
    Puscual's ability to ignore the card's type.
    """

    kind: CardKind
    value: int
    origin: CardOrigin = CardOrigin.HAND
    colourblind: bool = False

    def __post_init__(self) -> None:
        if self.value < 0:
            raise RuleViolation("A card's value cannot be negative")
        if self.kind is CardKind.BOOST and self.origin is CardOrigin.HAND:
            raise RuleViolation("A Boost card is played on top of a Regular card, not on its own")
        if self.kind is CardKind.BOOST and self.origin is CardOrigin.CREATURE:
            raise RuleViolation("A creature saves a flipped Boost card and draws another card")


class BoostKind(StrEnum):
    BOOST_CARD = "boost_card"
    REGULAR = "regular"
    BLUFF = "bluff"


@dataclass(frozen=True)
class BoostPlay:
    """A card laid face down in Step 6: a Boost card, a Regular card meant to match, or a bluff."""

    kind: BoostKind
    value: int | None = None
    card_kind: CardKind | None = None

    def __post_init__(self) -> None:
        if self.kind is BoostKind.BLUFF:
            return
        if self.value is None or self.value < 0:
            raise RuleViolation("A Boost needs the card's value (0 or more)")
        if self.kind is BoostKind.BOOST_CARD and self.card_kind is not None:
            raise RuleViolation("A Boost card is neither Aggressive nor Defensive")
        if self.kind is BoostKind.REGULAR and self.card_kind not in (
            CardKind.AGGRESSIVE,
            CardKind.DEFENSIVE,
        ):
            raise RuleViolation("A Regular card used as a Boost is Aggressive or Defensive")

    @classmethod
    def boost_card(cls, value: int) -> Self:
        return cls(BoostKind.BOOST_CARD, value)

    @classmethod
    def regular(cls, card_kind: CardKind, value: int) -> Self:
        return cls(BoostKind.REGULAR, value, card_kind)

    @classmethod
    def bluff(cls) -> Self:
        return cls(BoostKind.BLUFF)


BOOST_TABLE_SOURCE = "Natural Selection Deck Card Explanation, Explaining Boost Cards"


@dataclass(frozen=True)
class BoostTableRow:
    """A row of the printed Boost table; `bonus` None means "+ the Boost card's value"."""

    key: str
    initial_kind: CardKind
    boost_kind: BoostKind
    boost_card_kind: CardKind | None
    bonus: int | None
    result: str
    example: str
    source: str = BOOST_TABLE_SOURCE


BOOST_TABLE = (
    BoostTableRow(
        "aggressive_boost_card",
        CardKind.AGGRESSIVE,
        BoostKind.BOOST_CARD,
        None,
        None,
        "X+Y",
        "Aggressive 6 + Boost 2 = 8",
    ),
    BoostTableRow(
        "defensive_boost_card",
        CardKind.DEFENSIVE,
        BoostKind.BOOST_CARD,
        None,
        None,
        "X+Y",
        "Defensive 8 + Boost 2 = 10",
    ),
    BoostTableRow(
        "aggressive_aggressive_same_value",
        CardKind.AGGRESSIVE,
        BoostKind.REGULAR,
        CardKind.AGGRESSIVE,
        2,
        "X+2",
        "Aggressive 6 + 2 = 8",
    ),
    BoostTableRow(
        "aggressive_defensive_same_value",
        CardKind.AGGRESSIVE,
        BoostKind.REGULAR,
        CardKind.DEFENSIVE,
        1,
        "X+1",
        "Aggressive 6 + 1 = 7",
    ),
    BoostTableRow(
        "defensive_defensive_same_value",
        CardKind.DEFENSIVE,
        BoostKind.REGULAR,
        CardKind.DEFENSIVE,
        2,
        "X+2",
        "Defensive 8 + 2 = 10",
    ),
    BoostTableRow(
        "defensive_aggressive_same_value",
        CardKind.DEFENSIVE,
        BoostKind.REGULAR,
        CardKind.AGGRESSIVE,
        1,
        "X+1",
        "Defensive 8 + 1 = 9",
    ),
)


@dataclass(frozen=True)
class BoostCount:
    """What one boost added; `row` is None when it counted as a bluff (Step 7)."""

    play: BoostPlay
    dice: int
    row: BoostTableRow | None
    note: str


@dataclass(frozen=True)
class DiceCount:
    """How many dice a side rolls: its card's dice plus each boost's."""

    purpose: Purpose
    card_dice: int
    card_note: str
    boosts: tuple[BoostCount, ...]

    @property
    def total(self) -> int:
        return self.card_dice + sum(boost.dice for boost in self.boosts)


def kind_counted_as(card: CombatCard, purpose: Purpose) -> CardKind:
    """The card's type for the Boost table.

    Let Nature Take Its Course (Combat in Dawn): a drawn card is "considered as Aggressive
    or Defensive, depending on the need"; any other card keeps its printed type.
    """
    if card.origin is CardOrigin.LET_NATURE_TAKE_ITS_COURSE:
        return KIND_FOR_PURPOSE[purpose]
    return card.kind


def card_dice(card: CombatCard, purpose: Purpose) -> tuple[int, str]:
    """The dice a declared card gives, with a note saying why (Combat in Dawn, Steps 2-3).

    A card used for the opposite purpose counts half, rounded down; a card drawn by Letting
    Nature Take Its Course counts in full, a drawn Boost as a regular card of its value; a
    Colourblind Puscual ignores the type.
    """
    label = f"{card.kind.value.capitalize()} {card.value}"
    if card.origin is CardOrigin.LET_NATURE_TAKE_ITS_COURSE:
        return card.value, f"{label} drawn (Let Nature Take Its Course) counts in full"
    if card.colourblind:
        return card.value, f"{label} counts in full (Colourblind)"
    if card.kind is KIND_FOR_PURPOSE[purpose]:
        return card.value, label
    half = card.value // 2
    return half, f"{label} used for {purpose.value} counts half, rounded down: {half}"


def boost_table_row(initial_kind: CardKind, boost: BoostPlay) -> BoostTableRow:
    """The Boost table row for a Boost card or a same-value Regular card (Explaining Boost Cards)."""
    for row in BOOST_TABLE:
        if (
            row.initial_kind is initial_kind
            and row.boost_kind is boost.kind
            and row.boost_card_kind is boost.card_kind
        ):
            return row
    raise RuleViolation("That card is not a usable Boost")


def _check_boost_limits(boosts: Sequence[BoostPlay], card: CombatCard, matching: int) -> None:
    # Step 6: at most two, one Boost card and one same-value Regular card. Other players may
    # put Boost cards on a creature's card until it has two (Creatures and Predators).
    if len(boosts) > MAX_BOOSTS:
        raise RuleViolation("Each side may play at most two Boost cards")
    if card.origin is CardOrigin.CREATURE:
        return
    if sum(boost.kind is BoostKind.BOOST_CARD for boost in boosts) > 1:
        raise RuleViolation("Each side may play only one Boost card")
    if matching > 1:
        raise RuleViolation("Only one Regular card of the same value may be played as a Boost")


def combat_dice_count(card: CombatCard, boosts: Sequence[BoostPlay], purpose: Purpose) -> DiceCount:
    """Dice for one side: its card plus up to two boosts (Combat in Dawn, Steps 2-7).

    Boosts follow the Boost table (Explaining Boost Cards). A Regular card that does not
    match the declared card's value, and a bluff, are in play but add nothing (Step 7).
    """
    matching = [
        boost for boost in boosts if boost.kind is BoostKind.REGULAR and boost.value == card.value
    ]
    _check_boost_limits(boosts, card, len(matching))
    dice, card_note = card_dice(card, purpose)
    initial_kind = kind_counted_as(card, purpose)
    counted = []
    for boost in boosts:
        if boost.kind is BoostKind.BLUFF:
            counted.append(BoostCount(boost, 0, None, "Bluff: adds nothing"))
        elif boost.kind is BoostKind.REGULAR and boost.value != card.value:
            note = f"A Regular {boost.value} does not match the {card.value} played: a bluff"
            counted.append(BoostCount(boost, 0, None, note))
        else:
            row = boost_table_row(initial_kind, boost)
            added = boost.value if row.bonus is None else row.bonus
            counted.append(BoostCount(boost, added, row, f"{row.result}: +{added}"))
    return DiceCount(purpose, dice, card_note, tuple(counted))
