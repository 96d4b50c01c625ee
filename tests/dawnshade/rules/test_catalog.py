"""Catalogue of Dawnshade's Kinship campaign: Set-up (Game Mode, Difficulty, Väki Pool, Quest
Deck, Watchers Blessings, Currency), Glossary, Conditions, Outpost Upgrades, Solo Mode."""

import dataclasses

import pytest

from campaigns.dawnshade.catalog import (
    blessings,
    characters,
    conditions,
    currency,
    items,
    modes,
    outposts,
    quest_deck,
    rewards,
    solo,
    vaki,
    watchers,
)


def test_modes_last_three_six_and_one_games():
    assert {key: mode.games for key, mode in modes.MODES.items()} == {
        "trilogy": 3,
        "full_chapter": 6,
        "power_level": 1,
    }


def test_difficulty_sets_max_threat_19_16_13():
    assert {key: d.max_threat for key, d in modes.DIFFICULTIES.items()} == {
        "easy": 19,
        "normal": 16,
        "hard": 13,
    }
    assert modes.STARTING_THREAT == 0


def test_six_watchers_with_element_and_colour():
    assert {
        key: (watcher.name, watcher.element, watcher.colour)
        for key, watcher in watchers.WATCHERS.items()
    } == {
        "surea": ("Surea", "sun", "yellow"),
        "xolot": ("Xolot", "fire", "orange"),
        "jarus": ("Jarus", "mountain", "red"),
        "brecea": ("Brecea", "air", "purple"),
        "danu": ("Danu", "water", "blue"),
        "arborea": ("Arborea", "nature", "green"),
    }
    assert watchers.WATCHER_BY_ELEMENT["nature"].key == "arborea"


def test_vaki_tiers_and_the_three_combinations():
    assert vaki.TIER_I == ("sun", "mountain", "water")
    assert vaki.TIER_II == ("fire", "air", "nature")
    assert {key: c.ingredients for key, c in vaki.COMBINATIONS.items()} == {
        "nature": {"water", "sun"},
        "air": {"mountain", "water"},
        "fire": {"sun", "mountain"},
    }
    for element in vaki.ELEMENTS.values():
        assert watchers.WATCHERS[element.watcher].element == element.key
        assert watchers.WATCHERS[element.watcher].colour == element.colour


def test_each_tier_ii_sits_between_its_two_ingredients_round_the_mat():
    order = [watchers.WATCHERS[key].element for key in watchers.WATCHER_ORDER]
    for result, combination in vaki.COMBINATIONS.items():
        index = order.index(result)
        neighbours = {order[index - 1], order[(index + 1) % 6]}
        assert neighbours == combination.ingredients


def test_named_conditions_per_element():
    named = {
        element: (pair.positive.name, pair.negative.name)
        for element, pair in conditions.CONDITIONS_BY_ELEMENT.items()
    }
    assert named == {
        "sun": ("FOCUSED", "BLIND"),
        "fire": ("PRECISE", "IMPRECISE"),
        "mountain": ("MENDED", "SUBDUED"),
        "air": ("AIRBORNE", None),
        "water": ("ACCURATE", "STUNNED"),
        "nature": ("AGILE", None),
    }


def test_unnamed_conditions_are_marked_missing():
    assert conditions.MISSING_CONDITIONS == ("air_negative", "nature_negative")
    assert conditions.condition_for("air", "negative").missing
    assert not conditions.condition_for("air", "positive").missing
    assert "SLOWED" in conditions.UNPLACED_CONDITION_NAMES


def test_water_and_nature_conditions_are_named_but_not_described():
    for key in ("accurate", "stunned", "agile"):
        assert not conditions.CONDITIONS[key].described
    assert conditions.CONDITIONS["mended"].resolves_with_action
    assert conditions.CONDITIONS["blind"].described


def test_six_watchers_blessings_and_eight_placed():
    assert tuple(blessings.BLESSINGS) == ("damage", "shield", "vaki", "transfuse", "miss", "wild")
    assert blessings.BLESSINGS_PLACED == 8


def test_quest_deck_has_ten_tiles():
    counts = {key: tile.per_deck for key, tile in quest_deck.QUEST_TILE_TYPES.items()}
    assert counts == {
        "starting_village": 1,
        "watchers_temple": 1,
        "battle": 1,
        "major_threat": 1,
        "outpost": 2,
        "event": 2,
        "journey": 2,
    }
    assert quest_deck.QUEST_DECK_SIZE == 10
    assert len(quest_deck.OUTPOST_TYPES) == 5


def test_currency_glint_is_5_and_aurelian_10_tawny():
    assert currency.TAWNY_PER_GLINT == 5
    assert currency.TAWNY_PER_AURELIAN == 10
    assert currency.TAWNY_SHAREABLE is False


def test_foundry_and_boomshot_prices():
    assert outposts.TRANSMUTE_TAWNY_PER_VAKI == 3
    assert outposts.COGBOT_FIGHTER_TAWNY == 10
    assert outposts.COGBEHEMOTH_TAWNY == 30
    assert outposts.BOOMSHOT_TAWNY_PER_SHOT == 1


@pytest.mark.parametrize(
    ("outpost", "level", "name"),
    [
        ("guild_hall", 1, "Library"),
        ("guild_hall", 2, "Obstacle Course"),
        ("guild_hall", 3, "Weapons Gallery"),
        ("tavern", 1, "Tawny Slots"),
        ("tavern", 2, "VIP Room"),
        ("tavern", 3, "High Rollers Table"),
        ("mercantile", 1, "Clearance Aisle"),
        ("mercantile", 2, "Designer Department"),
        ("mercantile", 3, "Big Ticket Section"),
        ("foundry", 1, "Smelter"),
        ("foundry", 2, "Cogwork Assembly"),
        ("foundry", 3, "Väki Workshop"),
        ("boomshot_gallery", 1, "Bolt Action Launchers"),
        ("boomshot_gallery", 2, "Semi-Auto Launchers"),
        ("boomshot_gallery", 3, "Full-Auto Launchers"),
    ],
)
def test_outpost_upgrade_names(outpost, level, name):
    assert outposts.outpost_upgrade(outpost, level).name == name


def test_guild_hall_skill_tiers_by_level():
    tiers = [outposts.outpost_upgrade("guild_hall", level).skill_tiers for level in (1, 2, 3)]
    assert tiers == [("tier_i",), ("tier_i", "tier_ii"), ("tier_i", "tier_ii", "ultimate")]


def test_tavern_antes_by_level():
    rows = [outposts.outpost_upgrade("tavern", level) for level in (1, 2, 3)]
    assert [row.doublers_dice_ante for row in rows] == [1, 2, 3]
    assert [row.watchers_runes_ante for row in rows] == [2, 2, 2]
    assert [row.watchers_runes_extra_tawny_cards for row in rows] == [0, 1, 2]


def test_mercantile_draws_by_level():
    draws = [dict(outposts.outpost_upgrade("mercantile", level).item_draws) for level in (1, 2, 3)]
    assert draws == [{1: 6}, {1: 6, 2: 3}, {1: 6, 2: 3, 3: 2}]


def test_foundry_purchases_by_level():
    rows = [outposts.outpost_upgrade("foundry", level) for level in (1, 2, 3)]
    assert [row.can_transmute for row in rows] == [True, True, True]
    assert [row.can_buy_cogbot_fighter for row in rows] == [False, True, True]
    assert [row.can_buy_cogbehemoth for row in rows] == [False, False, True]


def test_boomshot_max_shots_by_level():
    assert [outposts.outpost_upgrade("boomshot_gallery", n).max_shots for n in (1, 2, 3)] == [
        1,
        2,
        3,
    ]


def test_solo_removals():
    assert solo.SOLO_REMOVALS.item_cards == ("mimic", "winged_sandals", "vaki_channeler")
    assert solo.SOLO_REMOVALS.watchers_blessings == ("transfuse", "miss")


def test_solo_blessing_table_as_printed_with_hex_12_missing():
    table = solo.SOLO_BLESSING_PLACEMENTS
    assert table[1].blessing_hexes == (6, 8, 11, 14, 17, 19)
    assert table[2].blessing_hexes == (7, 10, 12, 14, 15, 18)
    assert table[3].blessing_hexes == (4, 7, 8, 9, 15, 16)
    assert table[4].blessing_hexes == (7, 10, 12, 14, 15, 17)
    assert table[5].blessing_hexes == (3, 8, 12, 15, 18, 19)
    assert table[6].blessing_hexes == (2, 9, 13, 14, 16, 18)
    assert table[7].blessing_hexes == (1, 4, 13, 15, 16, 17)
    assert table[8].blessing_hexes == (1, 7, 11, 12, 16, 17)
    assert table[9].blessing_hexes == (1, 2, 7, 8, 11, 13, 18, 19)
    assert table[10].blessing_hexes == (3, 4, 7, 13, 16, 17)
    assert table[11].blessing_hexes == (1, 4, 7, 8, 13, 17)
    assert table[12].missing and table[12].blessing_hexes is None
    assert [row.missing for row in table.values()].count(True) == 1


def test_solo_event_and_battle_numbers():
    assert solo.SOLO_COGFIGHTING_DRUDGES == len(solo.SOLO_COGFIGHTING_DRUDGE_POSITIONS) == 5
    assert solo.SOLO_COGFIGHTING_ELIMINATIONS_TO_SUCCEED == 3
    assert solo.SOLO_COGBASHING_HITS_TO_SUCCEED == 2
    assert solo.SOLO_BATTLE_ROUNDS == 4
    assert solo.SOLO_ALLY_INITIATIVE_CHIPS == 5
    assert solo.SOLO_INITIATIVE_DRAWN_PER_ROUND == 2
    assert solo.SOLO_FOE_INITIATIVE_CHIPS_SINGLE_FOE == (1, 2, 3, 4, 5)
    assert len(solo.SOLO_FOE_INITIATIVE_CHIPS_SEVERAL_FOES) == 7


def test_six_stats_and_agi_is_not_trainable():
    assert characters.STAT_ORDER == ("agi", "atk", "items", "hp", "def", "dev")
    assert characters.TRAINABLE_STATS == ("atk", "items", "hp", "def", "dev")
    assert characters.SKILL_DICE_PER_CHARACTER == 3


def test_item_types():
    assert {key: t.discarded_after_use for key, t in items.ITEM_TYPES.items()} == {
        "instant": True,
        "consumable": True,
        "permanent": False,
    }


def _catalogue_items():
    yield from modes.MODES.values()
    yield from modes.DIFFICULTIES.values()
    yield from watchers.WATCHERS.values()
    yield from vaki.ELEMENTS.values()
    yield from vaki.COMBINATIONS.values()
    yield from conditions.CONDITIONS.values()
    yield from blessings.BLESSINGS.values()
    yield from quest_deck.QUEST_TILE_TYPES.values()
    yield from quest_deck.OUTPOST_TYPES.values()
    yield from currency.COINS.values()
    yield from outposts.OUTPOST_UPGRADES.values()
    yield from solo.SOLO_BLESSING_PLACEMENTS.values()
    yield from characters.STATS.values()
    yield from items.ITEM_TYPES.values()
    for rows in rewards.REWARD_ROWS.values():
        yield from rows
    yield solo.SOLO_REMOVALS


def test_every_catalogue_item_is_frozen_and_names_its_section():
    for item in _catalogue_items():
        assert item.source, item
        assert dataclasses.fields(item)
        with pytest.raises(dataclasses.FrozenInstanceError):
            item.source = "changed"


def test_keys_are_lowercase_snake_case():
    for item in _catalogue_items():
        key = getattr(item, "key", None)
        if key is not None:
            assert key == key.lower() and " " not in key and key.isascii(), key
