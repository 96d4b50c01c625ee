"""The reborn penalty (Campaign Rules - Losing Figures in a Scenario; Layer Two - The
Reborn Track; General Ability Pool - Lucky; Situational Pool - Eagle Eyed)."""

import random

import pytest

from campaigns.occulites.catalog.blueprints import StatLine
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.reborn import (
    REBORN_SLOTS,
    NaturalSelectionDeck,
    draw_reborn_cards,
    reborn_penalty,
)
from campaigns.occulites.rules.tribe import OcculiteSnapshot

# A house composition: the rulebook does not print how many cards carry each number.
DECK = NaturalSelectionDeck({value: 9 for value in range(1, 11)})
BLUEPRINT = StatLine(2, 6, 4, 4, 5)


def occulite(stats=BLUEPRINT, learned=(), situational=(), innate=("swampwise",)):
    return OcculiteSnapshot(
        key="grublic",
        name="Grublic",
        stats=stats,
        innate_abilities=innate,
        learned_abilities=learned,
        situational_abilities=situational,
    )


def flipped(awareness=9, speed=9, attack=9, defence=9, health=9, ability_slot=9):
    return {
        "awareness": awareness,
        "speed": speed,
        "attack": attack,
        "defence": defence,
        "health": health,
        "ability_slot": ability_slot,
    }


def test_lowest_card_statistic_loses_one():
    penalty = reborn_penalty(occulite(), flipped(speed=2, attack=5), DECK)
    assert penalty.lowest_card == 2
    assert penalty.lowest_slots == ("speed",)
    assert penalty.stats_lowered == ("speed",)
    assert penalty.stats_after == StatLine(2, 5, 4, 4, 5)
    assert not penalty.loses_chosen_ability


def test_tied_lowest_cards_each_lose_one():
    penalty = reborn_penalty(occulite(), flipped(attack=3, health=3), DECK)
    assert penalty.stats_lowered == ("attack", "health")
    assert penalty.stats_after == StatLine(2, 6, 3, 4, 4)


def test_lowest_card_on_a_statistic_at_one_costs_nothing():
    # "you have been lucky ... (it does not default to the next lowest)"
    weak = occulite(stats=StatLine(1, 6, 4, 4, 5))
    penalty = reborn_penalty(weak, flipped(awareness=1, speed=2), DECK)
    assert penalty.stats_lowered == ()
    assert penalty.stats_spared == ("awareness",)
    assert penalty.stats_after == weak.stats


def test_tie_with_a_statistic_at_one_still_lowers_the_other():
    weak = occulite(stats=StatLine(1, 6, 4, 4, 5))
    penalty = reborn_penalty(weak, flipped(awareness=2, defence=2), DECK)
    assert penalty.stats_lowered == ("defence",)
    assert penalty.stats_spared == ("awareness",)
    assert penalty.stats_after == StatLine(1, 6, 4, 3, 5)


def test_lowest_card_on_the_ability_slot_removes_a_learned_ability():
    penalty = reborn_penalty(
        occulite(learned=("pouch", "leap")), flipped(ability_slot=1, health=4), DECK
    )
    assert penalty.loses_chosen_ability
    assert penalty.losable_abilities == ("pouch", "leap")
    assert penalty.stats_lowered == ()


def test_innate_abilities_are_never_offered_for_removal():
    penalty = reborn_penalty(occulite(learned=("pouch",)), flipped(ability_slot=1), DECK)
    assert "swampwise" not in penalty.losable_abilities


def test_ability_slot_with_nothing_to_lose_costs_nothing():
    penalty = reborn_penalty(occulite(), flipped(ability_slot=1), DECK)
    assert not penalty.loses_chosen_ability
    assert penalty.losable_abilities == ()
    assert penalty.stats_after == occulite().stats


def test_ability_slot_tied_with_a_statistic_costs_both():
    penalty = reborn_penalty(occulite(learned=("pouch",)), flipped(speed=2, ability_slot=2), DECK)
    assert penalty.stats_lowered == ("speed",)
    assert penalty.loses_chosen_ability


def test_lucky_occulite_loses_lucky_instead_of_a_statistic():
    lucky = occulite(learned=("lucky", "pouch"))
    penalty = reborn_penalty(lucky, flipped(attack=1), DECK)
    assert penalty.abilities_lost == ("lucky",)
    assert penalty.stats_lowered == ()
    assert penalty.stats_spared == ("attack",)
    assert penalty.stats_after == lucky.stats
    assert not penalty.loses_chosen_ability


def test_lucky_is_lost_even_when_the_ability_slot_is_lowest():
    penalty = reborn_penalty(occulite(learned=("lucky", "pouch")), flipped(ability_slot=1), DECK)
    assert penalty.abilities_lost == ("lucky",)
    assert penalty.losable_abilities == ("pouch",)


def test_eagle_eyed_is_lost_when_its_holder_is_killed():
    penalty = reborn_penalty(occulite(situational=("eagle_eyed",)), flipped(speed=1), DECK)
    assert penalty.abilities_lost == ("eagle_eyed",)
    assert penalty.stats_lowered == ("speed",)


def test_situational_abilities_may_go_on_the_ability_slot():
    penalty = reborn_penalty(occulite(situational=("treacherous",)), flipped(ability_slot=1), DECK)
    assert penalty.losable_abilities == ("treacherous",)


def test_flipped_value_outside_the_decks_values_is_refused():
    with pytest.raises(RuleViolation, match="The Speed card shows 11, but no card in the deck"):
        reborn_penalty(occulite(), flipped(speed=11), DECK)
    with pytest.raises(RuleViolation, match="ability slot card shows 0"):
        reborn_penalty(occulite(), flipped(ability_slot=0), DECK)


def test_one_card_per_statistic_and_ability_slot_is_required():
    cards = flipped()
    del cards["health"]
    with pytest.raises(RuleViolation, match="one card for each statistic and one for the ability"):
        reborn_penalty(occulite(), cards, DECK)


def test_cards_drawn_from_the_deck_cover_every_slot_with_deck_values():
    cards = draw_reborn_cards(DECK, random.Random(7))
    assert tuple(cards) == REBORN_SLOTS
    assert set(cards.values()) <= DECK.values
    assert cards == draw_reborn_cards(DECK, random.Random(7))


def test_cards_drawn_without_replacement_from_a_small_deck():
    small = NaturalSelectionDeck({1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1})
    cards = draw_reborn_cards(small, random.Random(3))
    assert sorted(cards.values()) == [1, 2, 3, 4, 5, 6]


def test_drawn_cards_follow_the_shuffle():
    class ReversingRng:
        def shuffle(self, cards):
            cards.reverse()

    small = NaturalSelectionDeck({1: 2, 5: 2, 8: 3})
    cards = draw_reborn_cards(small, ReversingRng())
    assert list(cards.values()) == [8, 8, 8, 5, 5, 1]
    penalty = reborn_penalty(occulite(learned=("pouch",)), cards, small)
    assert penalty.lowest_slots == ("ability_slot",)


def test_deck_composition_is_validated():
    with pytest.raises(RuleViolation, match="at least 6 numbered cards"):
        NaturalSelectionDeck({1: 2, 2: 3})
    with pytest.raises(RuleViolation, match="cannot be negative"):
        NaturalSelectionDeck({-1: 6})
    with pytest.raises(RuleViolation, match="negative number of cards"):
        NaturalSelectionDeck({1: 8, 2: -1})


def test_empty_values_are_not_in_the_deck():
    deck = NaturalSelectionDeck({1: 6, 2: 0})
    assert deck.values == frozenset({1})
    with pytest.raises(TypeError):
        deck.card_counts[3] = 1
