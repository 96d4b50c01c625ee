"""Set-up - Väki Pool: the starting pool by player count, drawing from the pool, combining
two Tier I into one Tier II, and splitting (Reset & Return Väki)."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.vaki import (
    is_tier_i,
    starting_vaki_pool,
    vaki_combine,
    vaki_draw,
    vaki_split,
)


@pytest.mark.parametrize(("players", "tier_i", "tier_ii"), [(1, 2, 1), (2, 4, 2), (4, 8, 4)])
def test_starting_pool_is_two_tier_i_and_one_tier_ii_per_player(players, tier_i, tier_ii):
    pool = starting_vaki_pool(players)
    assert [pool[e] for e in ("sun", "mountain", "water")] == [tier_i] * 3
    assert [pool[e] for e in ("fire", "air", "nature")] == [tier_ii] * 3


def test_no_players_no_pool():
    with pytest.raises(RuleViolation, match="at least one player"):
        starting_vaki_pool(0)


@pytest.mark.parametrize(
    ("result", "first", "second"),
    [("nature", "water", "sun"), ("air", "mountain", "water"), ("fire", "sun", "mountain")],
)
def test_two_tier_i_combine_into_one_tier_ii(result, first, second):
    pool = starting_vaki_pool(1)
    move = vaki_combine(pool, {first: 1, second: 1}, result)
    assert move.held[result] == 1
    assert move.held[first] == move.held[second] == 0
    assert move.pool[first] == pool[first] + 1
    assert move.pool[second] == pool[second] + 1
    assert move.pool[result] == pool[result] - 1


def test_the_rulebook_example_sun_and_mountain_make_fire():
    move = vaki_combine(starting_vaki_pool(3), {"sun": 1, "mountain": 1}, "fire")
    assert move.held["fire"] == 1


def test_combining_needs_both_ingredients():
    with pytest.raises(RuleViolation, match="needs 1 Mountain and 1 Sun"):
        vaki_combine(starting_vaki_pool(1), {"sun": 2}, "fire")


def test_tier_i_is_not_made_by_combining():
    with pytest.raises(RuleViolation, match="only Tier II"):
        vaki_combine(starting_vaki_pool(1), {"sun": 1, "water": 1}, "mountain")


def test_an_empty_pool_must_wait_to_be_refilled():
    pool = dict(starting_vaki_pool(1), fire=0)
    with pytest.raises(RuleViolation, match="Fire pool is empty"):
        vaki_combine(pool, {"sun": 1, "mountain": 1}, "fire")
    with pytest.raises(RuleViolation, match="Sun pool has 0"):
        vaki_draw(dict(pool, sun=0), {}, "sun")


def test_drawing_takes_chips_from_the_pool():
    move = vaki_draw(starting_vaki_pool(2), {}, "water", 2)
    assert move.pool["water"] == 2 and move.held["water"] == 2
    with pytest.raises(RuleViolation, match="cannot be negative"):
        vaki_draw(starting_vaki_pool(2), {}, "water", -1)


def test_splitting_a_tier_ii_back_into_its_two_tier_i():
    move = vaki_split(starting_vaki_pool(1), {"air": 1}, "air")
    assert (move.held["air"], move.held["mountain"], move.held["water"]) == (0, 1, 1)
    with pytest.raises(RuleViolation, match="cannot be split"):
        vaki_split(starting_vaki_pool(1), {"sun": 1}, "sun")
    with pytest.raises(RuleViolation, match="No Air"):
        vaki_split(starting_vaki_pool(1), {}, "air")


def test_tier_i_elements():
    assert [is_tier_i(e) for e in ("sun", "fire", "mountain", "air", "water", "nature")] == [
        True,
        False,
        True,
        False,
        True,
        False,
    ]
    with pytest.raises(RuleViolation):
        is_tier_i("shadow")
