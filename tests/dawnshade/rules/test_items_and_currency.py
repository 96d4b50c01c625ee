"""Quest Tiles - Outpost - Mercantile (ITEMS cap, tiers by level, buy/sell, no trading),
Events - Loot Shoot, Battles - Ally Battle Stacks (armour), Set-up - Currency."""

import pytest

from campaigns.dawnshade.rules.currency import (
    Coins,
    coins_as_tawny,
    tawny_as_coins,
    tawny_spend,
    tawny_transfer,
)
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.items import (
    ItemTrade,
    armour_shields,
    item_discarded_after_use,
    item_pickup,
    item_purchase,
    item_room,
    item_sale,
    item_transfer,
    mercantile_tiers,
)


def _buy(**overrides):
    args = dict(tawny=10, items_held=0, items_stat=2, buy_price=4, tier=1, mercantile_level=1)
    args.update(overrides)
    return item_purchase(**args)


def test_buying_an_item_pays_its_price():
    assert _buy() == ItemTrade(tawny_after=6, items_after=1)
    assert _buy(tawny=4).tawny_after == 0


def test_buying_past_the_items_stat_is_refused():
    assert _buy(items_held=1, items_stat=2).items_after == 2
    with pytest.raises(RuleViolation, match="ITEMS stat \\(2\\)"):
        _buy(items_held=2, items_stat=2)


def test_buying_with_too_little_tawny_is_refused():
    with pytest.raises(RuleViolation, match="costs 4 Tawny and the character has 3"):
        _buy(tawny=3)


@pytest.mark.parametrize(("level", "tiers"), [(1, (1,)), (2, (1, 2)), (3, (1, 2, 3))])
def test_mercantile_tiers_by_level(level, tiers):
    assert mercantile_tiers(level) == tiers


def test_a_tier_the_chapter_does_not_sell_is_refused():
    with pytest.raises(RuleViolation, match="does not sell Tier II"):
        _buy(tier=2, mercantile_level=1)
    with pytest.raises(RuleViolation, match="does not sell Tier III"):
        _buy(tier=3, mercantile_level=2)
    assert _buy(tier=3, mercantile_level=3).items_after == 1
    with pytest.raises(RuleViolation, match="Tier I, II or III"):
        _buy(tier=4, mercantile_level=3)


def test_selling_returns_the_sell_price():
    assert item_sale(tawny=1, items_held=2, sell_price=3) == ItemTrade(4, 1)
    with pytest.raises(RuleViolation, match="no item to sell"):
        item_sale(tawny=1, items_held=0, sell_price=3)


def test_loot_shoot_pickup_needs_room():
    assert item_pickup(items_held=0, items_stat=1) == 1
    with pytest.raises(RuleViolation, match="drop or sell one first"):
        item_pickup(items_held=1, items_stat=1)
    assert item_room(1, 3) == 2
    assert item_room(3, 3) == 0


def test_items_and_tawny_are_never_traded():
    with pytest.raises(RuleViolation, match="may not transfer or trade items"):
        item_transfer(giver="ash", receiver="flash")
    with pytest.raises(RuleViolation, match="cannot be shared among characters"):
        tawny_transfer(giver="ash", receiver="flash", amount=1)


def test_item_types_and_armour():
    assert item_discarded_after_use("instant")
    assert item_discarded_after_use("consumable")
    assert not item_discarded_after_use("permanent")
    with pytest.raises(RuleViolation):
        item_discarded_after_use("cursed")
    assert armour_shields(2) == 2
    with pytest.raises(RuleViolation):
        armour_shields(-1)


@pytest.mark.parametrize(
    ("tawny", "coins"),
    [
        (0, Coins(0, 0, 0)),
        (4, Coins(0, 0, 4)),
        (5, Coins(0, 1, 0)),
        (9, Coins(0, 1, 4)),
        (10, Coins(1, 0, 0)),
        (17, Coins(1, 1, 2)),
        (30, Coins(3, 0, 0)),
    ],
)
def test_tawny_shown_as_aurelian_glint_and_tawny(tawny, coins):
    assert tawny_as_coins(tawny) == coins
    assert coins.total_tawny == tawny


def test_coin_values():
    assert coins_as_tawny(glint=1) == 5
    assert coins_as_tawny(aurelian=1) == 10
    assert coins_as_tawny(aurelian=3) == 30
    assert tawny_as_coins(17).label == "1 A · 1 G · 2 T"
    with pytest.raises(RuleViolation):
        tawny_as_coins(-1)
    with pytest.raises(RuleViolation):
        coins_as_tawny(glint=-1)


def test_spending_tawny():
    assert tawny_spend(5, 5) == 0
    with pytest.raises(RuleViolation, match="costs 6 Tawny and the character has 5"):
        tawny_spend(5, 6)
