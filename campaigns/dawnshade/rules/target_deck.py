"""The Target Deck: which ally a foe's attack lands on.

Source: Battles - Target Deck (5 target cards per character); Let The Battle Begin! - Foe's
Turn (a card is revealed when the foe rolled damage; Miss means no damage); Set-up - Watchers
Blessings (Miss adds a Miss card).

Not printed, so the table decides and the app asks (each choice goes to the draw log):

* how many Miss cards the deck holds: ``miss_cards`` at set-up;
* where a Miss card from a blessing goes: shuffled in among the cards not yet revealed;
* revealed cards are read as spent until the deck runs out;
* when the deck is empty: ``when_empty="reshuffle"`` shuffles every revealed card back;
* when the card names a KO'd character: ``when_knocked_out="redraw"`` sets it aside and
  reveals the next card, ``"reshuffle"`` shuffles all cards back and reveals again.
"""

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Self

from campaigns.dawnshade.catalog.battle import TARGET_CARDS_PER_CHARACTER
from campaigns.dawnshade.rules.errors import RuleViolation

MISS = "miss"

WhenEmpty = Literal["reshuffle"]
WhenKnockedOut = Literal["redraw", "reshuffle"]


@dataclass(frozen=True)
class TargetDeck:
    """The cards still to reveal (top first) and those already revealed. A card is a
    character's key or ``"miss"``."""

    draw_pile: tuple[str, ...]
    revealed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.draw_pile and not self.revealed:
            raise RuleViolation("The Target Deck has no cards")

    @property
    def cards(self) -> tuple[str, ...]:
        return self.draw_pile + self.revealed

    def to_dict(self) -> dict[str, Any]:
        return {"draw_pile": list(self.draw_pile), "revealed": list(self.revealed)}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(draw_pile=tuple(stored["draw_pile"]), revealed=tuple(stored["revealed"]))


def _shuffled(cards: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    cards = list(cards)
    rng.shuffle(cards)
    return tuple(cards)


def target_deck_build(
    characters: Sequence[str], *, miss_cards: int, rng: random.Random
) -> TargetDeck:
    """Shuffle five target cards per character with the table's Miss cards (Battles - Target
    Deck)."""
    if not characters:
        raise RuleViolation("The Target Deck needs at least one character's cards")
    if len(set(characters)) != len(characters):
        raise RuleViolation("Each character puts their five target cards in once")
    if miss_cards < 0:
        raise RuleViolation("The number of Miss cards cannot be negative")
    cards = [c for character in characters for c in (character,) * TARGET_CARDS_PER_CHARACTER]
    return TargetDeck(draw_pile=_shuffled(cards + [MISS] * miss_cards, rng))


def target_deck_add_miss(deck: TargetDeck, rng: random.Random) -> TargetDeck:
    """A Miss blessing: one more Miss card, shuffled in among the unrevealed cards (Watchers
    Blessings)."""
    pile = list(deck.draw_pile)
    pile.insert(rng.randrange(len(pile) + 1), MISS)
    return replace(deck, draw_pile=tuple(pile))


def foe_attack_needs_target(damaging_pips: int) -> bool:
    """A card is revealed only when the foe rolled at least one pip that deals damage
    (Foe's Turn, step two)."""
    if damaging_pips < 0:
        raise RuleViolation("Pips cannot be negative")
    return damaging_pips > 0


@dataclass(frozen=True)
class TargetReveal:
    """A revealed target: the card (a character or ``"miss"``), the deck after, and the
    cards passed over or reshuffles made on the way, for the draw log."""

    deck: TargetDeck
    card: str
    passed_over: tuple[str, ...] = ()
    reshuffles: int = 0

    @property
    def miss(self) -> bool:
        return self.card == MISS


def target_deck_reveal(
    deck: TargetDeck,
    rng: random.Random,
    *,
    knocked_out: Collection[str] = (),
    when_empty: WhenEmpty | None = None,
    when_knocked_out: WhenKnockedOut | None = None,
) -> TargetReveal:
    """Reveal the top card for a foe's attack. The two choices are needed only when the deck
    is empty or the card names a KO'd character (the rulebook is silent on both)."""
    if not any(card == MISS or card not in knocked_out for card in deck.cards):
        raise RuleViolation("Every character in the Target Deck is KO'd: the battle is over")
    pile, revealed = list(deck.draw_pile), list(deck.revealed)
    passed_over: list[str] = []
    reshuffles = 0
    while True:
        if not pile:
            if when_empty is None:
                raise RuleViolation(
                    "The Target Deck has run out and the rulebook does not say what then: the "
                    "table must choose to reshuffle it"
                )
            pile, revealed = list(_shuffled(revealed, rng)), []
            reshuffles += 1
        card = pile.pop(0)
        revealed.append(card)
        if card == MISS or card not in knocked_out:
            new_deck = TargetDeck(draw_pile=tuple(pile), revealed=tuple(revealed))
            return TargetReveal(new_deck, card, tuple(passed_over), reshuffles)
        if when_knocked_out is None:
            raise RuleViolation(
                f"The target card names {card}, who is KO'd, and the rulebook does not say what "
                "then: the table must choose to redraw or reshuffle"
            )
        passed_over.append(card)
        if when_knocked_out == "reshuffle":
            pile, revealed = list(_shuffled(pile + revealed, rng)), []
            reshuffles += 1
