"""Earn Rewards per mode: Trilogy XP from Quest Tiles, Watchers Temple, Events and Victory &
Defeat; the Full Chapter and Power Level reward tables (Alternate Game Modes); End of Game /
Campaign. Every printed cell is a test, and every blank cell must be entered."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.rewards import (
    EarnedReward,
    RewardNotPrinted,
    earned_reward,
    tile_reward,
)


@pytest.mark.parametrize(
    ("tile", "outcome", "xp"),
    [
        ("starting_village", "completed", 2),
        ("outpost", "completed", 2),
        ("journey", "completed", 4),
        ("watchers_temple", "completed", 8),
        ("event", "succeed", 6),
        ("event", "fail", 6),
        ("battle", "foe_ko", 14),
        ("battle", "foe_retreat", 10),
        ("battle", "ally_retreat", 7),
        ("battle", "ally_ko", 4),
    ],
)
def test_trilogy_xp_printed_and_tawny_from_the_logbook(tile, outcome, xp):
    reward = tile_reward("trilogy", tile, outcome)
    assert reward.xp == xp
    assert reward.tawny is None
    assert reward.needs_entry == ("tawny", "loot_shoot_items")
    assert reward.logbook_rewards


@pytest.mark.parametrize("outcome", ["foe_ko", "foe_retreat", "ally_retreat", "ally_ko"])
def test_trilogy_major_threat_rewards_all_come_from_the_logbook(outcome):
    reward = tile_reward("trilogy", "major_threat", outcome)
    assert reward.needs_entry == ("xp", "tawny", "loot_shoot_items")


@pytest.mark.parametrize(
    ("tile", "outcome", "chapter", "xp", "tawny", "items"),
    [
        ("starting_village", "completed", 1, 1, 5, 0),
        ("starting_village", "completed", 2, 1, 0, 0),
        ("starting_village", "completed", 6, 1, 0, 0),
        ("outpost", "completed", None, 1, 0, 0),
        ("journey", "completed", None, 2, 0, 0),
        ("watchers_temple", "completed", None, 5, 0, 0),
        ("event", "succeed", None, 3, 2, 0),
        ("event", "fail", None, 3, 1, 0),
        ("battle", "foe_ko", None, 6, 5, 1),
        ("major_threat", "foe_ko", None, 6, 5, 1),
    ],
)
def test_full_chapter_table(tile, outcome, chapter, xp, tawny, items):
    reward = tile_reward("full_chapter", tile, outcome, chapter=chapter)
    assert (reward.xp, reward.tawny, reward.loot_shoot_items) == (xp, tawny, items)
    assert reward.complete
    assert not reward.logbook_rewards


@pytest.mark.parametrize("tile", ["battle", "major_threat"])
@pytest.mark.parametrize("outcome", ["foe_retreat", "ally_retreat", "ally_ko"])
def test_full_chapter_blank_battle_rows_must_be_entered(tile, outcome):
    reward = tile_reward("full_chapter", tile, outcome)
    assert reward.xp is None and reward.tawny is None
    assert reward.needs_entry == ("xp", "tawny", "loot_shoot_items")


def test_full_chapter_starting_village_needs_the_chapter():
    with pytest.raises(RuleViolation, match="depends on the chapter"):
        tile_reward("full_chapter", "starting_village", "completed")


@pytest.mark.parametrize(
    ("tile", "outcome", "xp", "tawny", "items"),
    [
        ("starting_village", "completed", 6, 10, 0),
        ("outpost", "completed", 6, 0, 0),
        ("journey", "completed", 12, 0, 0),
        ("watchers_temple", "completed", 24, 0, 0),
        ("event", "succeed", 18, 10, 0),
        ("event", "fail", 18, 5, 0),
        ("battle", "foe_ko", 72, 15, 1),
        ("battle", "foe_retreat", 56, 12, 0),
    ],
)
def test_power_level_table(tile, outcome, xp, tawny, items):
    reward = tile_reward("power_level", tile, outcome)
    assert (reward.xp, reward.tawny, reward.loot_shoot_items) == (xp, tawny, items)
    assert reward.complete


@pytest.mark.parametrize(
    ("tile", "outcome"),
    [
        ("battle", "ally_retreat"),
        ("battle", "ally_ko"),
        ("major_threat", "foe_ko"),
        ("major_threat", "foe_retreat"),
        ("major_threat", "ally_retreat"),
        ("major_threat", "ally_ko"),
    ],
)
def test_power_level_blank_cells_must_be_entered(tile, outcome):
    assert tile_reward("power_level", tile, outcome).needs_entry == (
        "xp",
        "tawny",
        "loot_shoot_items",
    )


def test_every_row_names_its_section():
    assert tile_reward("power_level", "journey", "completed").source == (
        "Alternate Game Modes - Power Level Mode"
    )
    assert tile_reward("trilogy", "battle", "ally_ko").source == (
        "Let The Battle Begin! - Victory & Defeat"
    )


def test_a_missing_cell_is_never_zero():
    reward = tile_reward("full_chapter", "battle", "foe_retreat")
    with pytest.raises(RewardNotPrinted, match="enter it"):
        earned_reward(reward)
    with pytest.raises(RewardNotPrinted, match="Tawny"):
        earned_reward(reward, xp=4, loot_shoot_items=0)


def test_entered_values_fill_the_blank_cells():
    reward = tile_reward("full_chapter", "battle", "foe_retreat")
    earned = earned_reward(reward, xp=4, tawny=3, loot_shoot_items=0)
    assert earned == EarnedReward(
        xp=4, tawny=3, loot_shoot_items=0, entered=("xp", "tawny", "loot_shoot_items")
    )


def test_trilogy_takes_printed_xp_and_entered_tawny():
    reward = tile_reward("trilogy", "journey", "completed")
    earned = earned_reward(reward, tawny=0, loot_shoot_items=0)
    assert (earned.xp, earned.tawny, earned.entered) == (4, 0, ("tawny", "loot_shoot_items"))


def test_a_printed_cell_cannot_be_overwritten():
    reward = tile_reward("power_level", "journey", "completed")
    assert earned_reward(reward).xp == 12
    assert earned_reward(reward, xp=12).xp == 12
    with pytest.raises(RuleViolation, match="printed"):
        earned_reward(reward, xp=10)


def test_negative_entries_are_refused():
    reward = tile_reward("trilogy", "event", "fail")
    with pytest.raises(RuleViolation, match="cannot be negative"):
        earned_reward(reward, tawny=-1, loot_shoot_items=0)


def test_trilogy_campaign_conclusion_ignores_the_major_threat_rewards():
    reward = tile_reward("trilogy", "major_threat", "foe_ko", campaign_conclusion=True)
    assert reward.ignored and reward.complete
    assert earned_reward(reward) == EarnedReward(0, 0, 0, ())


def test_full_chapter_conclusion_keeps_the_table_reward_unless_set_otherwise():
    kept = tile_reward("full_chapter", "major_threat", "foe_ko", campaign_conclusion=True)
    assert (kept.xp, kept.tawny, kept.ignored) == (6, 5, False)
    ignored = tile_reward(
        "full_chapter",
        "major_threat",
        "foe_ko",
        campaign_conclusion=True,
        table_rewards_at_conclusion=False,
    )
    assert ignored.ignored


def test_outcome_must_fit_the_tile():
    with pytest.raises(RuleViolation, match="does not end in"):
        tile_reward("trilogy", "event", "foe_ko")
    with pytest.raises(RuleViolation, match="does not end in"):
        tile_reward("trilogy", "journey", "succeed")
    with pytest.raises(RuleViolation, match="game mode"):
        tile_reward("solo", "journey", "completed")
    with pytest.raises(RuleViolation, match="Quest Tile type"):
        tile_reward("trilogy", "cataclysm", "completed")
    with pytest.raises(RuleViolation, match="Chapters run"):
        tile_reward("full_chapter", "starting_village", "completed", chapter=7)
