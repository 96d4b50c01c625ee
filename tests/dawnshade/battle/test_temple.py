"""The Watchers Temple (Watchers Temple - Divine Guidance, Cataclysm)."""

import random
from collections import Counter

import pytest

from campaigns.dawnshade.rules.alignment import ALIGNED, BALANCED, UNALIGNED, AlignmentStatus
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.temple import (
    DivineGuidance,
    cataclysm,
    divine_guidance_bag,
    divine_guidance_draw,
)

DANU = AlignmentStatus(ALIGNED, "danu")


def test_example_aligned_with_danu_the_bag_holds_six_tawny_and_her_free_tokens():
    bag = divine_guidance_bag(DANU, available_tokens=3)
    assert Counter(bag) == Counter({"tawny": 6, "danu": 3})


def test_aligned_needs_the_count_of_free_tokens():
    with pytest.raises(RuleViolation, match="Danu condition tokens"):
        divine_guidance_bag(DANU)


def test_balanced_or_unaligned_the_bag_holds_one_token_of_each_watcher():
    for status in (AlignmentStatus(BALANCED), AlignmentStatus(UNALIGNED)):
        assert Counter(divine_guidance_bag(status)) == Counter(
            dict.fromkeys(("surea", "xolot", "jarus", "brecea", "danu", "arborea"), 1)
        )


def test_example_danu_tokens_give_accurate_when_aligned():
    guidance = divine_guidance_draw(DANU, ["ash"], random.Random(0), available_tokens=20)
    draws = [
        divine_guidance_draw(DANU, ["ash"], random.Random(seed), available_tokens=2).draws[0]
        for seed in range(30)
    ]
    assert {d.condition for d in draws} == {None, "accurate"}
    assert {d.tawny for d in draws if d.condition is None} == {1}
    assert len(guidance.draws) == 1


def test_each_player_draws_one_and_unaligned_uses_the_negative_side():
    guidance = divine_guidance_draw(
        AlignmentStatus(UNALIGNED), ["ash", "flash", "wysp", "brute"], random.Random(2)
    )
    assert [d.player for d in guidance.draws] == ["ash", "flash", "wysp", "brute"]
    assert len(guidance.bag_left) == 2
    negatives = {"blind", "imprecise", "subdued", "air_negative", "stunned", "nature_negative"}
    assert {d.condition for d in guidance.draws} <= negatives


def test_balanced_uses_the_positive_side():
    guidance = divine_guidance_draw(AlignmentStatus(BALANCED), ["ash", "flash"], random.Random(2))
    positives = {"focused", "precise", "mended", "airborne", "accurate", "agile"}
    assert {d.condition for d in guidance.draws} <= positives
    assert DivineGuidance.from_dict(guidance.to_dict()) == guidance


def test_cataclysm_one_tile_of_the_aligned_watcher_two_random_when_unaligned_none_balanced():
    assert (cataclysm(DANU).tiles, cataclysm(DANU).watcher) == (1, "danu")
    unaligned = cataclysm(AlignmentStatus(UNALIGNED))
    assert (unaligned.tiles, unaligned.watcher) == (2, None)
    assert cataclysm(AlignmentStatus(BALANCED)).tiles == 0
