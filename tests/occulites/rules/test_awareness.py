"""The Awareness Test (Layer Two - Advanced Mechanics, Awareness Tests)."""

import pytest

from campaigns.occulites.rules.awareness import (
    EXCEPTIONAL_CAMOUFLAGE_PASS_ON,
    SENSE_OF_SMELL_BONUS,
    awareness_cards_to_draw,
    awareness_test,
)
from campaigns.occulites.rules.errors import RuleViolation


def test_a_figure_draws_one_card_per_point_of_awareness():
    assert awareness_cards_to_draw(2) == 2


def test_a_tribal_token_adds_one_awareness_for_the_turn():
    # Chief Occulite: +1 Awareness for that turn only
    assert awareness_cards_to_draw(2, tribal_token=True) == 3


def test_eagle_eyed_draws_one_extra_card_plus_one_per_discard():
    # Scenario and Situational Ability Pool, Eagle Eyed
    assert awareness_cards_to_draw(2, eagle_eyed=True) == 3
    assert awareness_cards_to_draw(2, eagle_eyed=True, eagle_eyed_discards=2) == 5


def test_discarding_for_extra_cards_needs_eagle_eyed():
    with pytest.raises(RuleViolation, match="Only an Eagle Eyed figure"):
        awareness_cards_to_draw(2, eagle_eyed_discards=1)


def test_negative_discards_are_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        awareness_cards_to_draw(2, eagle_eyed=True, eagle_eyed_discards=-1)


def test_awareness_below_1_is_refused():
    with pytest.raises(RuleViolation, match="at least 1"):
        awareness_cards_to_draw(0)


def test_a_single_card_of_8_passes():
    assert awareness_test([3, 8], cards_to_draw=2).passed


def test_cards_do_not_add_together():
    # "If any of the cards are individually worth 8+ you pass"
    assert not awareness_test([4, 5], cards_to_draw=2).passed


def test_up_to_two_boosts_add_to_the_best_card():
    test = awareness_test([4, 6], cards_to_draw=2, boosts=[1, 1])
    assert test.best_total == 8
    assert test.passed


def test_a_third_boost_is_refused():
    with pytest.raises(RuleViolation, match="at most two Boost cards"):
        awareness_test([4, 6], cards_to_draw=2, boosts=[1, 1, 1])


def test_the_number_of_cards_must_match_the_awareness():
    with pytest.raises(RuleViolation, match="draws 2 cards, not 3"):
        awareness_test([4, 6, 9], cards_to_draw=2)


def test_a_test_with_no_cards_is_refused():
    with pytest.raises(RuleViolation, match="at least one card"):
        awareness_test([], cards_to_draw=0)


def test_negative_card_values_are_refused():
    with pytest.raises(RuleViolation, match="cannot be negative"):
        awareness_test([4, -6], cards_to_draw=2)


def test_exceptional_camouflage_raises_the_target_to_11():
    # Luftle Chief Ability Pool, Exceptional Camouflage
    assert not awareness_test([9], cards_to_draw=1, pass_on=EXCEPTIONAL_CAMOUFLAGE_PASS_ON).passed
    assert awareness_test(
        [9], cards_to_draw=1, boosts=[2], pass_on=EXCEPTIONAL_CAMOUFLAGE_PASS_ON
    ).passed


def test_sense_of_smell_adds_2_to_the_cards_drawn():
    # Creatures and Predators, Puscual: Sense of Smell
    assert awareness_test([6], cards_to_draw=1, card_bonus=SENSE_OF_SMELL_BONUS).passed


def test_a_negative_card_bonus_or_a_zero_target_is_refused():
    with pytest.raises(RuleViolation):
        awareness_test([6], cards_to_draw=1, card_bonus=-1)
    with pytest.raises(RuleViolation):
        awareness_test([6], cards_to_draw=1, pass_on=0)
