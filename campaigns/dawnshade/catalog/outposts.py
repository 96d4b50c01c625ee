"""Outpost Upgrades: what each of the five Outposts allows at levels I, II and III.

The level in play depends on the game mode and the game number (``rules.chapters.
outpost_level``): Trilogy plays level n in game n, Full Chapter moves up a level every two
games, Power Level has every level unlocked.
"""

from dataclasses import dataclass, field
from types import MappingProxyType

from campaigns.dawnshade.catalog.quest_deck import (
    BOOMSHOT_GALLERY,
    FOUNDRY,
    GUILD_HALL,
    MERCANTILE,
    TAVERN,
)

_UPGRADES = "Quest Tiles - Outpost Upgrades"
OUTPOST_LEVELS = (1, 2, 3)
HIGHEST_OUTPOST_LEVEL = 3

# Skill tiers (Characters - Skill Dice & Skill Cards).
SKILL_TIER_I = "tier_i"
SKILL_TIER_II = "tier_ii"
SKILL_ULTIMATE = "ultimate"

# Foundry prices, in Tawny (Quest Tiles - Outpost - Foundry).
TRANSMUTE_TAWNY_PER_VAKI = 3
COGBOT_FIGHTER_TAWNY = 10  # 1 Aurelian
COGBEHEMOTH_TAWNY = 30  # 3 Aurelian
# Boomshot Gallery (Quest Tiles - Outpost - Boomshot Gallery).
BOOMSHOT_TAWNY_PER_SHOT = 1


@dataclass(frozen=True)
class OutpostUpgrade:
    """One outpost at one upgrade level.

    Only the fields that concern the outpost are set: ``skill_tiers`` for the Guild Hall; the
    Tavern's antes and the extra 2-Tawny Target Cards shuffled into the Watchers Runes deck;
    the Mercantile's item draws (item tier -> cards); the Foundry's purchases; the Boomshot
    Gallery's most shots per visit.
    """

    outpost: str
    level: int
    name: str
    source: str
    skill_tiers: tuple[str, ...] = ()
    doublers_dice_ante: int | None = None
    watchers_runes_ante: int | None = None
    watchers_runes_extra_tawny_cards: int | None = None
    item_draws: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    can_transmute: bool = False
    can_buy_cogbot_fighter: bool = False
    can_buy_cogbehemoth: bool = False
    max_shots: int | None = None


def _draws(**by_tier):
    return MappingProxyType({int(tier[1:]): count for tier, count in by_tier.items()})


_UPGRADE_LIST = (
    OutpostUpgrade(GUILD_HALL, 1, "Library", _UPGRADES, skill_tiers=(SKILL_TIER_I,)),
    OutpostUpgrade(
        GUILD_HALL, 2, "Obstacle Course", _UPGRADES, skill_tiers=(SKILL_TIER_I, SKILL_TIER_II)
    ),
    OutpostUpgrade(
        GUILD_HALL,
        3,
        "Weapons Gallery",
        _UPGRADES,
        skill_tiers=(SKILL_TIER_I, SKILL_TIER_II, SKILL_ULTIMATE),
    ),
    OutpostUpgrade(
        TAVERN,
        1,
        "Tawny Slots",
        _UPGRADES,
        doublers_dice_ante=1,
        watchers_runes_ante=2,
        watchers_runes_extra_tawny_cards=0,
    ),
    OutpostUpgrade(
        TAVERN,
        2,
        "VIP Room",
        _UPGRADES,
        doublers_dice_ante=2,
        watchers_runes_ante=2,
        watchers_runes_extra_tawny_cards=1,
    ),
    OutpostUpgrade(
        TAVERN,
        3,
        "High Rollers Table",
        _UPGRADES,
        doublers_dice_ante=3,
        watchers_runes_ante=2,
        watchers_runes_extra_tawny_cards=2,
    ),
    OutpostUpgrade(MERCANTILE, 1, "Clearance Aisle", _UPGRADES, item_draws=_draws(t1=6)),
    OutpostUpgrade(MERCANTILE, 2, "Designer Department", _UPGRADES, item_draws=_draws(t1=6, t2=3)),
    OutpostUpgrade(
        MERCANTILE, 3, "Big Ticket Section", _UPGRADES, item_draws=_draws(t1=6, t2=3, t3=2)
    ),
    OutpostUpgrade(FOUNDRY, 1, "Smelter", _UPGRADES, can_transmute=True),
    OutpostUpgrade(
        FOUNDRY,
        2,
        "Cogwork Assembly",
        _UPGRADES,
        can_transmute=True,
        can_buy_cogbot_fighter=True,
    ),
    OutpostUpgrade(
        FOUNDRY,
        3,
        "Väki Workshop",
        _UPGRADES,
        can_transmute=True,
        can_buy_cogbot_fighter=True,
        can_buy_cogbehemoth=True,
    ),
    OutpostUpgrade(BOOMSHOT_GALLERY, 1, "Bolt Action Launchers", _UPGRADES, max_shots=1),
    OutpostUpgrade(BOOMSHOT_GALLERY, 2, "Semi-Auto Launchers", _UPGRADES, max_shots=2),
    OutpostUpgrade(BOOMSHOT_GALLERY, 3, "Full-Auto Launchers", _UPGRADES, max_shots=3),
)

OUTPOST_UPGRADES = MappingProxyType(
    {(upgrade.outpost, upgrade.level): upgrade for upgrade in _UPGRADE_LIST}
)


def outpost_upgrade(outpost: str, level: int) -> OutpostUpgrade:
    """The upgrade of ``outpost`` at ``level`` (1-3)."""
    return OUTPOST_UPGRADES[(outpost, level)]
