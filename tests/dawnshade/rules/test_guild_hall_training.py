"""Quest Tiles - Outpost - Guild Hall; Characters - Character Mat: a training point raises a
stat other than AGI by 1 or unlocks one of three Skill Dice; each cube is a point for every
character, spent together; what an unspent point becomes is a campaign setting."""

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.training import (
    CharacterSheet,
    RaiseStat,
    UnlockSkillDie,
    UnspentTrainingPoints,
    guild_hall_visit,
    train_character,
    training_points_on_mat,
)

STATS = {"agi": 2, "atk": 1, "items": 1, "hp": 3, "def": 1, "dev": 1}


def test_a_point_raises_a_stat_by_one():
    trained = train_character(stats=STATS, spends=[RaiseStat("atk")], training_points=1)
    assert trained.stats["atk"] == 2
    assert trained.points_spent == 1


@pytest.mark.parametrize("stat", ["atk", "items", "hp", "def", "dev"])
def test_every_stat_but_agi_can_be_trained(stat):
    trained = train_character(stats=STATS, spends=[RaiseStat(stat)], training_points=1)
    assert trained.stats[stat] == STATS[stat] + 1


def test_agi_cannot_be_trained():
    with pytest.raises(RuleViolation, match="AGI cannot be raised with training points"):
        train_character(stats=STATS, spends=[RaiseStat("agi")], training_points=1)


def test_a_point_unlocks_a_skill_die():
    trained = train_character(
        stats=STATS, spends=[UnlockSkillDie(1), UnlockSkillDie(3)], training_points=2
    )
    assert trained.skill_dice == {1, 3}
    assert trained.stats == STATS


def test_a_fourth_skill_die_is_refused():
    with pytest.raises(RuleViolation, match="only three Skill Dice"):
        train_character(
            stats=STATS,
            skill_dice={1, 2, 3},
            spends=[UnlockSkillDie(2)],
            training_points=1,
        )
    with pytest.raises(RuleViolation, match="numbered 1 to 3"):
        train_character(stats=STATS, spends=[UnlockSkillDie(4)], training_points=1)


def test_a_skill_die_cannot_be_unlocked_twice():
    with pytest.raises(RuleViolation, match="already unlocked"):
        train_character(stats=STATS, skill_dice={2}, spends=[UnlockSkillDie(2)], training_points=1)


def test_spending_more_points_than_held_is_refused():
    with pytest.raises(RuleViolation, match="2 asked for, 1 to spend"):
        train_character(stats=STATS, spends=[RaiseStat("hp"), RaiseStat("hp")], training_points=1)
    with pytest.raises(RuleViolation, match="0 to spend"):
        train_character(stats=STATS, spends=[RaiseStat("hp")], training_points=0)


def test_unknown_or_unentered_stats_are_refused():
    with pytest.raises(RuleViolation, match="no stat called"):
        train_character(stats=STATS, spends=[RaiseStat("luck")], training_points=1)
    with pytest.raises(RuleViolation, match="starting HP first"):
        train_character(stats={"atk": 1}, spends=[RaiseStat("hp")], training_points=1)


def test_entered_dial_maximums_are_respected():
    with pytest.raises(RuleViolation, match="highest value"):
        train_character(
            stats=STATS, spends=[RaiseStat("atk")], training_points=1, stat_maximums={"atk": 1}
        )


def _kinship():
    return {
        "ash": CharacterSheet(stats=STATS),
        "flash": CharacterSheet(stats=STATS),
        "wysp": CharacterSheet(stats=STATS),
    }


def test_three_cubes_are_three_points_for_each_character():
    # "if there are 3 Training Points on the Väki Mat, each player may spend 3" (Guild Hall).
    spends = {
        name: [RaiseStat("atk"), RaiseStat("hp"), UnlockSkillDie(1)]
        for name in ("ash", "flash", "wysp")
    }
    visit = guild_hall_visit(
        characters=_kinship(),
        training_points=dict.fromkeys(spends, 3),
        spends=spends,
        unspent=UnspentTrainingPoints.LOST,
    )
    assert visit.cubes_removed == 3
    assert dict(visit.training_points_after) == {"ash": 0, "flash": 0, "wysp": 0}
    assert all(c.stats["atk"] == 2 and c.skill_dice == {1} for c in visit.characters.values())


def test_unspent_points_are_lost_when_the_setting_says_so():
    visit = guild_hall_visit(
        characters=_kinship(),
        training_points={"ash": 3, "flash": 3, "wysp": 3},
        spends={"ash": [RaiseStat("atk")] * 3, "flash": [RaiseStat("dev")]},
        unspent=UnspentTrainingPoints.LOST,
    )
    assert visit.cubes_removed == 3
    assert dict(visit.training_points_after) == {"ash": 0, "flash": 0, "wysp": 0}


def test_unspent_points_are_kept_when_the_setting_says_so():
    visit = guild_hall_visit(
        characters=_kinship(),
        training_points={"ash": 3, "flash": 3, "wysp": 3},
        spends={"ash": [RaiseStat("atk")] * 3, "flash": [RaiseStat("dev")]},
        unspent=UnspentTrainingPoints.KEPT,
    )
    assert dict(visit.training_points_after) == {"ash": 0, "flash": 2, "wysp": 3}
    assert visit.cubes_removed == 0
    assert training_points_on_mat(visit.training_points_after) == 3
    assert visit.characters["wysp"].points_spent == 0


def test_kept_points_cannot_be_spent_twice():
    with pytest.raises(RuleViolation, match="1 to spend"):
        guild_hall_visit(
            characters=_kinship(),
            training_points={"ash": 0, "flash": 1, "wysp": 1},
            spends={"flash": [RaiseStat("hp"), RaiseStat("hp")]},
            unspent=UnspentTrainingPoints.KEPT,
        )


def test_only_kinship_characters_train():
    with pytest.raises(RuleViolation, match="Only characters of the Kinship"):
        guild_hall_visit(
            characters=_kinship(),
            training_points={"ash": 1},
            spends={"kymber": [RaiseStat("hp")]},
            unspent=UnspentTrainingPoints.LOST,
        )


def test_setting_values_are_stable_strings():
    assert UnspentTrainingPoints("kept") is UnspentTrainingPoints.KEPT
    assert UnspentTrainingPoints("lost") is UnspentTrainingPoints.LOST
