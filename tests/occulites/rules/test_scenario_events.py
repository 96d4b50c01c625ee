"""Event and Sungem cards revealed during a scenario and their effect on the running game."""

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_events import (
    SCENARIO_EVENT_RULES,
    SUNGEM_CARD_EFFECT,
    RevealedCards,
    RevealedKind,
    reveal_card,
    running_effects,
)

EVENT = RevealedKind.EVENT
SUNGEM = RevealedKind.SUNGEM


def test_a_sungem_card_places_a_sungem():
    # Natural Selection Deck Card Breakdowns, Event Cards
    reveal = reveal_card(RevealedCards(3, 3, 3), SUNGEM)
    assert reveal.instructions == (SUNGEM_CARD_EFFECT,)
    assert reveal.cards.sungem_cards_revealed == 1
    assert reveal.cards.event_cards_revealed == 0


def test_the_podmothine_threshold_rises_with_each_event_card():
    # Creatures and Predators, Podmothine: two Event cards, activate on 0-4
    cards = RevealedCards(7, 6, 0)
    assert running_effects(cards) == ("Tentacles activate on 0-2",)
    cards = reveal_card(cards, EVENT).cards
    reveal = reveal_card(cards, EVENT)
    assert "Tentacles activate on 0-4" in reveal.instructions


def test_the_podmothine_game_ends_two_turns_after_the_last_event_card():
    cards = RevealedCards(7, 6, 0, revealed=(EVENT,) * 5)
    reveal = reveal_card(cards, EVENT)
    assert "the game ends after 2 more turns" in reveal.instructions[-1]


def test_the_ridge_speed_penalty_grows_with_each_event_card():
    cards = reveal_card(RevealedCards(3, 3, 3), EVENT).cards
    reveal = reveal_card(cards, EVENT)
    assert reveal.instructions[0].startswith("The storm worsens")
    assert reveal.instructions[1] == "Every model has -2 Speed (to a minimum of 1)"


def test_sungem_cards_do_not_count_as_event_cards():
    cards = reveal_card(RevealedCards(3, 3, 3), SUNGEM).cards
    assert running_effects(cards) == ()


def test_the_siege_event_card_moves_the_conditions_token():
    reveal = reveal_card(RevealedCards(11, 2, 3, back_in_reshuffle=True), EVENT)
    assert reveal.instructions == ("Move the Conditions Token one space towards 0",)


def test_a_scenario_without_an_event_rule_says_so():
    reveal = reveal_card(RevealedCards(2, 1, 3), EVENT)
    assert reveal.instructions == ("This scenario prints no effect for an Event card",)


def test_a_card_type_missing_from_the_deck_is_refused():
    # Scenario 7 shuffles in 0 Sungem cards
    with pytest.raises(RuleViolation, match="No Sungem cards are in this scenario's deck"):
        reveal_card(RevealedCards(7, 6, 0), SUNGEM)


def test_more_cards_than_the_deck_holds_are_refused():
    cards = RevealedCards(8, 3, 0, revealed=(EVENT,) * 3)
    with pytest.raises(RuleViolation, match="holds only 3 Event cards"):
        reveal_card(cards, EVENT)


def test_asterisked_cards_come_back_in_the_reshuffle():
    # Scenarios: an asterisk means the cards go into every reshuffle
    cards = RevealedCards(10, 2, 3, back_in_reshuffle=True, revealed=(EVENT,) * 2)
    assert reveal_card(cards, EVENT).cards.event_cards_revealed == 3


def test_every_printed_scenario_has_an_event_rule_with_a_source():
    assert sorted(SCENARIO_EVENT_RULES) == list(range(1, 12))
    assert all(rule.source for rule in SCENARIO_EVENT_RULES.values())


def test_an_unprinted_scenario_or_negative_count_is_refused():
    with pytest.raises(RuleViolation, match="scenarios 1 to 11"):
        RevealedCards(12, 1, 1)
    with pytest.raises(RuleViolation, match="negative"):
        RevealedCards(3, -1, 1)


def test_the_cards_revealed_survive_a_round_trip_through_a_dict():
    cards = RevealedCards(3, 3, 3, revealed=(EVENT, SUNGEM))
    assert RevealedCards.from_dict(cards.to_dict()) == cards
