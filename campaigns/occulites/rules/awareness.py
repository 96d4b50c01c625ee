"""The Awareness Test: a card per point of Awareness, passing on any single card of 8 or more.

Source: Advanced Rules, Layer Two - Advanced Mechanics, Awareness Tests; the modifiers name
their own sections.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from campaigns.occulites.rules.errors import RuleViolation

AWARENESS_TEST_SOURCE = "Layer Two - Advanced Mechanics, Awareness Tests"
PASS_ON = 8
MAX_BOOSTS = 2
# Luftle Chief Ability Pool, Exceptional Camouflage: spotting such Luftles needs 11+.
EXCEPTIONAL_CAMOUFLAGE_PASS_ON = 11
# Creatures and Predators, Puscual: Sense of Smell adds 2 to any card drawn.
SENSE_OF_SMELL_BONUS = 2


def awareness_cards_to_draw(
    awareness: int,
    *,
    tribal_token: bool = False,
    eagle_eyed: bool = False,
    eagle_eyed_discards: int = 0,
) -> int:
    """How many cards an Awareness Test draws: one per point of Awareness (Awareness Tests).

    A Tribal Token gives +1 Awareness for the turn (Chief Occulite); Eagle Eyed draws one
    extra card plus one per card discarded from the hand (Scenario and Situational Abilities).
    """
    if awareness < 1:
        raise RuleViolation("Awareness is at least 1")
    if eagle_eyed_discards < 0:
        raise RuleViolation("The number of cards discarded cannot be negative")
    if eagle_eyed_discards and not eagle_eyed:
        raise RuleViolation("Only an Eagle Eyed figure draws extra cards for discarding")
    return awareness + tribal_token + (1 + eagle_eyed_discards) * eagle_eyed


@dataclass(frozen=True)
class AwarenessTest:
    """The cards drawn, the Boosts added and whether the test passed."""

    cards: tuple[int, ...]
    boosts: tuple[int, ...]
    pass_on: int
    card_bonus: int
    best_total: int

    @property
    def passed(self) -> bool:
        return self.best_total >= self.pass_on


def awareness_test(
    cards: Sequence[int],
    *,
    cards_to_draw: int,
    boosts: Sequence[int] = (),
    pass_on: int = PASS_ON,
    card_bonus: int = 0,
) -> AwarenessTest:
    """Awareness Tests: pass if any single card is worth `pass_on` (8) or more.

    Up to two Boost cards from the hand add to the total; they are added to the best card.
    `card_bonus` is added to every card drawn (e.g. the Puscual's Sense of Smell).
    """
    if cards_to_draw < 1:
        raise RuleViolation("An Awareness Test draws at least one card")
    if len(cards) != cards_to_draw:
        raise RuleViolation(f"This Awareness Test draws {cards_to_draw} cards, not {len(cards)}")
    if len(boosts) > MAX_BOOSTS:
        raise RuleViolation("An Awareness Test may use at most two Boost cards")
    if any(value < 0 for value in (*cards, *boosts)):
        raise RuleViolation("A card's value cannot be negative")
    if pass_on < 1 or card_bonus < 0:
        raise RuleViolation("The target is at least 1 and a card bonus cannot be negative")
    best_card = max(cards, default=0)
    return AwarenessTest(
        cards=tuple(cards),
        boosts=tuple(boosts),
        pass_on=pass_on,
        card_bonus=card_bonus,
        best_total=best_card + card_bonus + sum(boosts),
    )
