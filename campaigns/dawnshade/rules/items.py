"""Items: the ITEMS stat caps how many a character holds; buying and selling at the
Mercantile; picking one up after a Loot Shoot; shields from armour.

Quest Tiles - Outpost - Mercantile; Events - Loot Shoot; Battles - Ally Battle Stacks.
"""

from dataclasses import dataclass

from campaigns.dawnshade.catalog.items import ITEM_TIERS, ITEM_TYPES, SHIELDS_PER_ARMOUR_ITEM
from campaigns.dawnshade.catalog.outposts import outpost_upgrade
from campaigns.dawnshade.catalog.quest_deck import MERCANTILE
from campaigns.dawnshade.rules.errors import RuleViolation


def _check_cap(items_held: int, items_stat: int) -> None:
    if items_held < 0 or items_stat < 0:
        raise RuleViolation("Item counts cannot be negative")
    if items_held >= items_stat:
        raise RuleViolation(
            f"A character may hold only as many items as its ITEMS stat ({items_stat}); drop or "
            "sell one first"
        )


def item_room(items_held: int, items_stat: int) -> int:
    """How many more items the character can carry."""
    if items_held < 0 or items_stat < 0:
        raise RuleViolation("Item counts cannot be negative")
    return max(0, items_stat - items_held)


def mercantile_tiers(level: int) -> tuple[int, ...]:
    """The item tiers a Mercantile of ``level`` draws from."""
    if level not in (1, 2, 3):
        raise RuleViolation("Outposts have upgrade levels I to III")
    return tuple(outpost_upgrade(MERCANTILE, level).item_draws)


@dataclass(frozen=True)
class ItemTrade:
    """A purchase or sale: the character's Tawny and item count afterwards."""

    tawny_after: int
    items_after: int


def item_purchase(
    *,
    tawny: int,
    items_held: int,
    items_stat: int,
    buy_price: int,
    tier: int,
    mercantile_level: int,
) -> ItemTrade:
    """Buy an item at its buy price, within the ITEMS cap and the tiers the Mercantile's level
    offers."""
    if tier not in ITEM_TIERS:
        raise RuleViolation("Items are Tier I, II or III")
    if tier not in mercantile_tiers(mercantile_level):
        raise RuleViolation(f"This chapter's Mercantile does not sell Tier {'I' * tier} items")
    if buy_price < 0 or tawny < 0:
        raise RuleViolation("Tawny cannot be negative")
    _check_cap(items_held, items_stat)
    if buy_price > tawny:
        raise RuleViolation(f"This item costs {buy_price} Tawny and the character has {tawny}")
    return ItemTrade(tawny - buy_price, items_held + 1)


def item_sale(*, tawny: int, items_held: int, sell_price: int) -> ItemTrade:
    """Sell an item at its sell price; it goes face up with the Mercantile's cards."""
    if items_held < 1:
        raise RuleViolation("The character has no item to sell")
    if sell_price < 0 or tawny < 0:
        raise RuleViolation("Tawny cannot be negative")
    return ItemTrade(tawny + sell_price, items_held - 1)


def item_pickup(*, items_held: int, items_stat: int) -> int:
    """Take a won item (Loot Shoot, rewards) if there is room; the count afterwards."""
    _check_cap(items_held, items_stat)
    return items_held + 1


def item_transfer(*, giver: str, receiver: str) -> None:
    """Always refused: players may not transfer or trade items."""
    raise RuleViolation("Players may not transfer or trade items with one another")


def item_discarded_after_use(item_type: str) -> bool:
    """Instant and Consumable items are discarded once used; Permanent ones stay."""
    if item_type not in ITEM_TYPES:
        raise RuleViolation("An item is Instant, Consumable or Permanent")
    return ITEM_TYPES[item_type].discarded_after_use


def armour_shields(armour_items: int) -> int:
    """Shield chips a character starts a battle with: one per armour item."""
    if armour_items < 0:
        raise RuleViolation("Item counts cannot be negative")
    return armour_items * SHIELDS_PER_ARMOUR_ITEM
