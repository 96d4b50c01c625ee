"""Event and Sungem cards revealed during a scenario, and what they do to the running game.

A Sungem card always places a Sungem; an Event card (the Puscual illustration) sends the
players to the scenario's own text (Natural Selection Deck Card Breakdowns, Event Cards).
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Self

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_podmothine import tentacle_activates_on

EVENT_CARDS_SOURCE = "Natural Selection Deck Card Breakdowns, Event Cards"
SUNGEM_CARD_EFFECT = "Place a Sungem immediately"
NO_EVENT_EFFECT = "This scenario prints no effect for an Event card"
THE_RIDGE = 3
THE_PODMOTHINE = 7
# Scenario 7, The Game Ends When: two turns after all six Event cards are revealed.
PODMOTHINE_TURNS_AFTER_LAST_EVENT = 2


class RevealedKind(StrEnum):
    EVENT = "event"
    SUNGEM = "sungem"


@dataclass(frozen=True)
class ScenarioEventRule:
    """What an Event card does in a scenario (None where the scenario prints nothing)."""

    scenario: int
    name: str
    on_event: str | None
    source: str


SCENARIO_EVENT_RULES = MappingProxyType(
    {
        rule.scenario: rule
        for rule in (
            ScenarioEventRule(
                1,
                "Returning from the Hunt",
                None,
                "Introductory Scenario: Returning from the Hunt, Setup",
            ),
            ScenarioEventRule(2, "Unexpected Skirmish", None, "Scenario 2: Unexpected Skirmish"),
            ScenarioEventRule(
                3,
                "The Ridge",
                "The storm worsens: roll a d10 for each figure on the Ridge; the highest is "
                "struck by lightning and removed from the scenario",
                "Scenario 3: The Ridge, Special Rules",
            ),
            ScenarioEventRule(
                4,
                "Tactical Strike",
                "The first Event card alerts the Defender's Chief; each later one lets one "
                "Defender Occulite or three Luftles move onto the board up to their Speed "
                "(no Attack)",
                "Scenario 4: Tactical Strike, Special Rules",
            ),
            ScenarioEventRule(5, "The Hunted", None, "Scenario 5: The Hunted"),
            ScenarioEventRule(
                6,
                "Scavenging for Sungems",
                "The figure that drew it is attacked by an unknown Predator: knocked Prone, "
                "drops any Sungems and loses 2 Health",
                "Scenario 6: Scavenging for Sungems, Special Rules",
            ),
            ScenarioEventRule(
                7,
                "The Podmothine",
                "Set it beside the board: the tentacles now activate on one number more",
                "Creatures and Predators, Podmothine",
            ),
            ScenarioEventRule(
                8,
                "Home Cave Raid",
                "A trap: the figure whose action drew it loses 1 Health and is placed Prone "
                "(nothing happens if the Defender drew it)",
                "Scenario 8: Home Cave Raid, Special Rules",
            ),
            ScenarioEventRule(
                9,
                "The Luftle Nest",
                "2 Wild Luftle Guards and 4 Wild Luftle Grunts emerge from the Nest, "
                "Aggressive until the end of the round",
                "Scenario 9: The Luftle Nest, Special Rules",
            ),
            ScenarioEventRule(
                10,
                "Nymphlet Season",
                "The player who drew it repositions the Nymphlet Colour Tokens, then every "
                "Nymphlet moves 3 spaces",
                "Scenario 10: Nymphlet Season, Special Rules",
            ),
            ScenarioEventRule(
                11,
                "Siege at the Cave Mouth",
                "Move the Conditions Token one space towards 0",
                "Scenario 11: Siege at the Cave Mouth, Special Rules",
            ),
        )
    }
)


@dataclass(frozen=True)
class RevealedCards:
    """The Event and Sungem cards revealed so far in a scenario.

    The deck counts come from the scenario's header; `back_in_reshuffle` is its asterisk
    (the cards go back into every reshuffle, so they can come up again).
    """

    scenario: int
    event_cards_in_deck: int
    sungem_cards_in_deck: int
    back_in_reshuffle: bool = False
    revealed: tuple[RevealedKind, ...] = ()

    def __post_init__(self) -> None:
        if self.scenario not in SCENARIO_EVENT_RULES:
            raise RuleViolation("The rulebook prints scenarios 1 to 11")
        if self.event_cards_in_deck < 0 or self.sungem_cards_in_deck < 0:
            raise RuleViolation("A deck cannot hold a negative number of cards")

    @property
    def event_cards_revealed(self) -> int:
        return self.revealed.count(RevealedKind.EVENT)

    @property
    def sungem_cards_revealed(self) -> int:
        return self.revealed.count(RevealedKind.SUNGEM)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "event_cards_in_deck": self.event_cards_in_deck,
            "sungem_cards_in_deck": self.sungem_cards_in_deck,
            "back_in_reshuffle": self.back_in_reshuffle,
            "revealed": [kind.value for kind in self.revealed],
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Self:
        return cls(
            scenario=stored["scenario"],
            event_cards_in_deck=stored["event_cards_in_deck"],
            sungem_cards_in_deck=stored["sungem_cards_in_deck"],
            back_in_reshuffle=stored["back_in_reshuffle"],
            revealed=tuple(RevealedKind(kind) for kind in stored["revealed"]),
        )


@dataclass(frozen=True)
class CardReveal:
    """The cards after one more reveal and what the players do now."""

    cards: RevealedCards
    instructions: tuple[str, ...]


def _check_card_left(cards: RevealedCards, kind: RevealedKind) -> None:
    in_deck, revealed = (
        (cards.event_cards_in_deck, cards.event_cards_revealed)
        if kind is RevealedKind.EVENT
        else (cards.sungem_cards_in_deck, cards.sungem_cards_revealed)
    )
    if in_deck == 0:
        raise RuleViolation(f"No {kind.value.capitalize()} cards are in this scenario's deck")
    if revealed >= in_deck and not cards.back_in_reshuffle:
        raise RuleViolation(
            f"This scenario's deck holds only {in_deck} {kind.value.capitalize()} cards"
        )


def running_effects(cards: RevealedCards) -> tuple[str, ...]:
    """What the Event cards revealed so far change in the running scenario.

    The Ridge: -1 Speed per Event card, minimum 1 (Scenario 3, Special Rules). The
    Podmothine: tentacles activate on one more number per Event card, and the game ends two
    turns after the last one (Creatures and Predators, Podmothine; Scenario 7).
    """
    events = cards.event_cards_revealed
    if cards.scenario == THE_RIDGE and events:
        return (f"Every model has -{events} Speed (to a minimum of 1)",)
    if cards.scenario == THE_PODMOTHINE:
        effects = [f"Tentacles activate on 0-{tentacle_activates_on(events)}"]
        if events and events >= cards.event_cards_in_deck:
            effects.append(
                f"All {events} Event cards are out: the game ends after "
                f"{PODMOTHINE_TURNS_AFTER_LAST_EVENT} more turns"
            )
        return tuple(effects)
    return ()


def reveal_card(cards: RevealedCards, kind: RevealedKind) -> CardReveal:
    """Record an Event or Sungem card revealed and say what happens (Event Cards; each
    scenario's Special Rules)."""
    _check_card_left(cards, kind)
    after = replace(cards, revealed=(*cards.revealed, kind))
    if kind is RevealedKind.SUNGEM:
        return CardReveal(after, (SUNGEM_CARD_EFFECT,))
    on_event = SCENARIO_EVENT_RULES[cards.scenario].on_event or NO_EVENT_EFFECT
    return CardReveal(after, (on_event, *running_effects(after)))
