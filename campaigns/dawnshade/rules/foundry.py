"""The Foundry: transmuting Tawny into väki, Cogbot Fighters and the Cogbehemoth.

Quest Tiles - Outpost - Foundry and Outpost Upgrades.

"1/player" for Cogbot Fighters is read as: a character may have one Cogbot Fighter at a
time (it stays until it is KO'd, after which another may be bought). "1/Kinship" for the
Cogbehemoth is read as: the Kinship may hold one set of Cogbehemoth chips at a time; the
chips are discarded after the one battle they are used in.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from campaigns.dawnshade.catalog.outposts import (
    COGBEHEMOTH_TAWNY,
    COGBOT_FIGHTER_TAWNY,
    TRANSMUTE_TAWNY_PER_VAKI,
    outpost_upgrade,
)
from campaigns.dawnshade.catalog.quest_deck import FOUNDRY
from campaigns.dawnshade.catalog.vaki import ELEMENTS, TIER_I
from campaigns.dawnshade.rules.errors import RuleViolation

COGBEHEMOTH_SHIELDS = 3
# A piloting character and its Cogbehemoth may each have up to 3 shields.
COGBEHEMOTH_MAX_SHIELDS = 3
COGBEHEMOTH_PARTS = ("head", "left_arm", "right_arm", "left_leg", "right_leg")
COGBEHEMOTH_BATTLES = 1


def _check_level(level: int) -> None:
    if level not in (1, 2, 3):
        raise RuleViolation("Outposts have upgrade levels I to III")


def _check_tawny(tawny: int, price: int, what: str) -> None:
    if tawny < 0:
        raise RuleViolation("A character's Tawny cannot be negative")
    if tawny < price:
        raise RuleViolation(f"{what} costs {price} Tawny and this character has {tawny}")


@dataclass(frozen=True)
class Transmutation:
    """Tawny paid and the Tier I väki drawn from the pool."""

    tawny_paid: int
    tawny_after: int
    element: str
    vaki: int
    pool_after: Mapping[str, int]


def foundry_transmute(
    *, tawny: int, element: str, vaki: int = 1, pool: Mapping[str, int], level: int = 1
) -> Transmutation:
    """Turn 3 Tawny into 1 Tier I väki drawn from the pool, ``vaki`` times (any Foundry
    level)."""
    _check_level(level)
    if not outpost_upgrade(FOUNDRY, level).can_transmute:
        raise RuleViolation("This Foundry cannot transmute Tawny")
    if element not in ELEMENTS:
        raise RuleViolation(f"There is no väki element called {element!r}")
    if element not in TIER_I:
        raise RuleViolation("The Foundry transmutes Tawny into Tier I väki only")
    if vaki < 1:
        raise RuleViolation("Transmute at least one väki")
    price = vaki * TRANSMUTE_TAWNY_PER_VAKI
    _check_tawny(tawny, price, f"{vaki} väki")
    if pool.get(element, 0) < vaki:
        raise RuleViolation(
            f"The {ELEMENTS[element].name} pool has {pool.get(element, 0)} väki left"
        )
    after = {key: pool.get(key, 0) for key in ELEMENTS}
    after[element] -= vaki
    return Transmutation(price, tawny - price, element, vaki, MappingProxyType(after))


@dataclass(frozen=True)
class FoundryPurchase:
    """What a Foundry purchase costs the buyer."""

    item: str
    tawny_paid: int
    tawny_after: int
    chips: int = 1


def buy_cogbot_fighter(*, tawny: int, level: int, has_cogbot_fighter: bool) -> FoundryPurchase:
    """A Cogbot Fighter for 1 Aurelian (10 Tawny), from a level II Foundry, one per player."""
    _check_level(level)
    if not outpost_upgrade(FOUNDRY, level).can_buy_cogbot_fighter:
        raise RuleViolation("Cogbot Fighters are sold from the level II Foundry (Cogwork Assembly)")
    if has_cogbot_fighter:
        raise RuleViolation("A player may have only one Cogbot Fighter")
    _check_tawny(tawny, COGBOT_FIGHTER_TAWNY, "A Cogbot Fighter")
    return FoundryPurchase("cogbot_fighter", COGBOT_FIGHTER_TAWNY, tawny - COGBOT_FIGHTER_TAWNY)


def buy_cogbehemoth(
    *, tawny: int, level: int, kinship_has_cogbehemoth: bool, players: int
) -> FoundryPurchase:
    """A Cogbehemoth for 3 Aurelian (30 Tawny), from a level III Foundry, one per Kinship.
    The buyer pays it all and takes one chip per player; it lasts one battle."""
    _check_level(level)
    if not outpost_upgrade(FOUNDRY, level).can_buy_cogbehemoth:
        raise RuleViolation("The Cogbehemoth is sold from the level III Foundry (Väki Workshop)")
    if kinship_has_cogbehemoth:
        raise RuleViolation("The Kinship may have only one Cogbehemoth")
    if players < 1:
        raise RuleViolation("A game needs at least one player")
    _check_tawny(tawny, COGBEHEMOTH_TAWNY, "A Cogbehemoth")
    return FoundryPurchase("cogbehemoth", COGBEHEMOTH_TAWNY, tawny - COGBEHEMOTH_TAWNY, players)
