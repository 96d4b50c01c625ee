"""Pry Sungem (Layer Two - Advanced Actions, Pry Sungem)."""

import random

import pytest

from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.scenario_pry_sungem import (
    PryLocation,
    PrySungemTarget,
    pry_sungem_dice,
    pry_sungem_succeeds,
    pry_sungem_target,
)


def test_pry_sungem_example_four_tentacles_roll_five_dice_and_the_8_is_the_target():
    # Pry Sungem example: 4 tentacles, 4 dice + 1, rolls 3, 3, 5, 7 and 8: discard 8 or more
    assert pry_sungem_dice(PryLocation.PODMOTHINE, 4) == 5
    target = pry_sungem_target(PryLocation.PODMOTHINE, tentacles_on_body=4, entered=[3, 3, 5, 7, 8])
    assert target.value == 8
    assert not target.free


@pytest.mark.parametrize("discarded", [[7, 2], [8], [3, 4, 1]])
def test_pry_sungem_example_discards_that_succeed(discarded):
    # "You could discard a 7 and a 2, OR a single 8, OR a 3, 4 and a 1"
    target = PrySungemTarget(PryLocation.PODMOTHINE, (3, 3, 5, 7, 8))
    assert pry_sungem_succeeds(target, discarded)


def test_discards_short_of_the_target_fail():
    target = PrySungemTarget(PryLocation.PODMOTHINE, (3, 3, 5, 7, 8))
    assert not pry_sungem_succeeds(target, [7])


def test_negative_card_values_are_refused():
    target = PrySungemTarget(PryLocation.CAVE_WALL, (3, 3, 5))
    with pytest.raises(RuleViolation, match="cannot be negative"):
        pry_sungem_succeeds(target, [-1, 9])


def test_a_cave_wall_rolls_3d10():
    target = pry_sungem_target(PryLocation.CAVE_WALL, rng=random.Random(11))
    assert len(target.dice) == 3
    assert target.value == max(target.dice)


def test_no_tentacles_on_the_podmothine_means_a_free_sungem():
    target = pry_sungem_target(PryLocation.PODMOTHINE, tentacles_on_body=0)
    assert target.dice == ()
    assert target.free
    assert pry_sungem_succeeds(target, [])


def test_all_zeros_means_a_free_sungem():
    target = pry_sungem_target(PryLocation.PODMOTHINE, tentacles_on_body=1, entered=[0, 0])
    assert target.free


def test_the_podmothine_needs_its_tentacle_count():
    with pytest.raises(RuleViolation, match="how many of the six tentacles"):
        pry_sungem_target(PryLocation.PODMOTHINE, rng=random.Random(1))
    with pytest.raises(RuleViolation, match="how many of the six tentacles"):
        pry_sungem_dice(PryLocation.PODMOTHINE, 7)


def test_entered_dice_must_match_the_location():
    with pytest.raises(RuleViolation, match="takes 3 dice, not 2"):
        pry_sungem_target(PryLocation.CAVE_WALL, entered=[4, 5])


def test_the_target_survives_a_round_trip_through_a_dict():
    target = PrySungemTarget(PryLocation.CAVE_WALL, (3, 0, 9))
    assert PrySungemTarget.from_dict(target.to_dict()) == target


def test_a_stored_target_with_a_bad_die_is_refused():
    with pytest.raises(RuleViolation, match="A d10 shows 0 to 9"):
        PrySungemTarget.from_dict({"location": "cave_wall", "dice": [3, 12, 1]})
