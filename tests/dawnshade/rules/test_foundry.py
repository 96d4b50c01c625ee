"""Quest Tiles - Outpost - Foundry and Outpost Upgrades: 3 Tawny = 1 Tier I väki; Cogbot
Fighter 1 Aurelian from level II, one per player; Cogbehemoth 3 Aurelian from level III, one
per Kinship, one battle only."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.foundry import (
    COGBEHEMOTH_BATTLES,
    COGBEHEMOTH_MAX_SHIELDS,
    COGBEHEMOTH_SHIELDS,
    FoundryPurchase,
    buy_cogbehemoth,
    buy_cogbot_fighter,
    foundry_transmute,
)
from campaigns.dawnshade.rules.vaki import starting_vaki_pool


@pytest.mark.parametrize("level", [1, 2, 3])
def test_three_tawny_make_one_tier_i_vaki_at_every_level(level):
    result = foundry_transmute(tawny=7, element="sun", pool=starting_vaki_pool(2), level=level)
    assert (result.tawny_paid, result.tawny_after, result.vaki) == (3, 4, 1)
    assert result.pool_after["sun"] == 3


def test_transmuting_several_vaki():
    result = foundry_transmute(tawny=9, element="water", vaki=3, pool=starting_vaki_pool(2))
    assert (result.tawny_paid, result.tawny_after) == (9, 0)


def test_transmuting_needs_enough_tawny():
    with pytest.raises(RuleViolation, match="costs 3 Tawny and this character has 2"):
        foundry_transmute(tawny=2, element="sun", pool=starting_vaki_pool(2))


def test_transmuting_makes_only_tier_i():
    with pytest.raises(RuleViolation, match="Tier I väki only"):
        foundry_transmute(tawny=9, element="fire", pool=starting_vaki_pool(2))


def test_transmuting_needs_vaki_in_the_pool():
    with pytest.raises(RuleViolation, match="Mountain pool has 0"):
        foundry_transmute(tawny=9, element="mountain", pool=dict(starting_vaki_pool(1), mountain=0))
    with pytest.raises(RuleViolation, match="at least one"):
        foundry_transmute(tawny=9, element="sun", vaki=0, pool=starting_vaki_pool(1))


def test_cogbot_fighter_costs_one_aurelian_from_level_ii():
    assert buy_cogbot_fighter(tawny=12, level=2, has_cogbot_fighter=False) == FoundryPurchase(
        "cogbot_fighter", 10, 2
    )
    assert buy_cogbot_fighter(tawny=10, level=3, has_cogbot_fighter=False).tawny_after == 0


def test_cogbot_fighter_before_level_ii_is_refused():
    with pytest.raises(RuleViolation, match="level II Foundry"):
        buy_cogbot_fighter(tawny=20, level=1, has_cogbot_fighter=False)


def test_a_second_cogbot_fighter_is_refused():
    with pytest.raises(RuleViolation, match="only one Cogbot Fighter"):
        buy_cogbot_fighter(tawny=20, level=2, has_cogbot_fighter=True)


def test_cogbot_fighter_needs_ten_tawny():
    with pytest.raises(RuleViolation, match="costs 10 Tawny and this character has 9"):
        buy_cogbot_fighter(tawny=9, level=2, has_cogbot_fighter=False)


def test_cogbehemoth_costs_three_aurelian_and_gives_a_chip_per_player():
    purchase = buy_cogbehemoth(tawny=31, level=3, kinship_has_cogbehemoth=False, players=4)
    assert (purchase.tawny_paid, purchase.tawny_after, purchase.chips) == (30, 1, 4)
    assert (COGBEHEMOTH_SHIELDS, COGBEHEMOTH_MAX_SHIELDS, COGBEHEMOTH_BATTLES) == (3, 3, 1)


def test_cogbehemoth_only_at_level_iii_and_once_per_kinship():
    with pytest.raises(RuleViolation, match="level III Foundry"):
        buy_cogbehemoth(tawny=30, level=2, kinship_has_cogbehemoth=False, players=3)
    with pytest.raises(RuleViolation, match="only one Cogbehemoth"):
        buy_cogbehemoth(tawny=30, level=3, kinship_has_cogbehemoth=True, players=3)
    with pytest.raises(RuleViolation, match="costs 30 Tawny and this character has 29"):
        buy_cogbehemoth(tawny=29, level=3, kinship_has_cogbehemoth=False, players=3)


def test_foundry_levels_are_one_to_three():
    with pytest.raises(RuleViolation, match="levels I to III"):
        buy_cogbot_fighter(tawny=20, level=4, has_cogbot_fighter=False)
