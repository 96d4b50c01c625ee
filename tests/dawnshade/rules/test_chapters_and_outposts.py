"""Quest Tiles - Starting Village and Outpost Upgrades; Alternate Game Modes (Full Chapter,
Power Level); End of Game / Campaign; Boomshot Gallery; Set-up - Quest Deck and Watchers
Blessings; Solo Mode blessing placement."""

import random

import pytest

from campaigns.dawnshade.rules.alignment import AlignmentStatus
from campaigns.dawnshade.rules.chapters import (
    ArtifactUnlock,
    alignment_resets_at_start,
    artifact_unlocked,
    campaign_concluded,
    campaign_games,
    outpost_level,
    starting_village_chapters,
)
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.outposts import (
    BoomshotEntry,
    boomshot_shots,
    guild_hall_skill_tiers,
    starting_village_outpost,
)
from campaigns.dawnshade.rules.quest_deck import (
    blessing_received,
    build_quest_deck,
    solo_blessing_hexes,
)


def test_campaign_lengths():
    assert [campaign_games(m) for m in ("trilogy", "full_chapter", "power_level")] == [3, 6, 1]


@pytest.mark.parametrize(("game", "level"), [(1, 1), (2, 2), (3, 3)])
def test_trilogy_game_n_has_outpost_level_n(game, level):
    assert outpost_level("trilogy", game) == level


@pytest.mark.parametrize(("game", "level"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_full_chapter_outposts_level_up_every_two_games(game, level):
    assert outpost_level("full_chapter", game) == level


def test_power_level_has_every_upgrade_unlocked():
    assert outpost_level("power_level", 1) == 3


def test_game_numbers_outside_the_campaign_are_refused():
    with pytest.raises(RuleViolation, match="games 1 to 3"):
        outpost_level("trilogy", 4)
    with pytest.raises(RuleViolation, match="games 1 to 1"):
        outpost_level("power_level", 2)
    with pytest.raises(RuleViolation, match="games 1 to 6"):
        outpost_level("full_chapter", 0)


def test_trilogy_narratives_i_then_a_choice_of_ii_to_v_then_vi():
    assert starting_village_chapters("trilogy", 1) == (1,)
    assert starting_village_chapters("trilogy", 2) == (2, 3, 4, 5)
    assert starting_village_chapters("trilogy", 3) == (6,)


def test_full_chapter_reads_each_chapter_in_order():
    assert [starting_village_chapters("full_chapter", g) for g in range(1, 7)] == [
        (1,),
        (2,),
        (3,),
        (4,),
        (5,),
        (6,),
    ]
    assert starting_village_chapters("power_level", 1) == (1,)


def test_full_chapter_resets_alignment_at_the_start_of_game_4():
    assert [alignment_resets_at_start("full_chapter", g) for g in range(1, 7)] == [
        True,
        False,
        False,
        True,
        False,
        False,
    ]
    assert [alignment_resets_at_start("trilogy", g) for g in (1, 2, 3)] == [True, False, False]


def test_the_last_game_concludes_the_campaign():
    assert [campaign_concluded("trilogy", g) for g in (1, 2, 3)] == [False, False, True]
    assert campaign_concluded("full_chapter", 6) and not campaign_concluded("full_chapter", 3)
    assert campaign_concluded("power_level", 1)


def test_victory_while_balanced_or_aligned_unlocks_an_artifact_once():
    assert artifact_unlocked(outcome="foe_ko", status=AlignmentStatus("balanced")) == (
        ArtifactUnlock("balanced")
    )
    assert artifact_unlocked(
        outcome="foe_retreat", status=AlignmentStatus("aligned", "danu")
    ) == ArtifactUnlock("danu")
    assert (
        artifact_unlocked(
            outcome="foe_ko", status=AlignmentStatus("aligned", "danu"), already_unlocked={"danu"}
        )
        is None
    )


def test_defeat_or_unaligned_unlocks_nothing():
    assert artifact_unlocked(outcome="ally_retreat", status=AlignmentStatus("balanced")) is None
    assert artifact_unlocked(outcome="ally_ko", status=AlignmentStatus("aligned", "jarus")) is None
    assert artifact_unlocked(outcome="foe_ko", status=AlignmentStatus("unaligned")) is None


@pytest.mark.parametrize(
    ("level", "tiers"),
    [(1, ("tier_i",)), (2, ("tier_i", "tier_ii")), (3, ("tier_i", "tier_ii", "ultimate"))],
)
def test_guild_hall_skill_tiers(level, tiers):
    assert guild_hall_skill_tiers(level) == tiers


@pytest.mark.parametrize("level", [1, 2, 3])
def test_boomshot_one_tawny_per_shot_up_to_the_level(level):
    assert boomshot_shots(level=level, shots=level, tawny=5) == BoomshotEntry(
        level, level, 5 - level
    )
    with pytest.raises(RuleViolation, match=f"at most {level} shots"):
        boomshot_shots(level=level, shots=level + 1, tawny=5)


def test_boomshot_needs_tawny_and_a_shot():
    with pytest.raises(RuleViolation, match="2 shots cost 2 Tawny and the character has 1"):
        boomshot_shots(level=2, shots=2, tawny=1)
    with pytest.raises(RuleViolation, match="at least one shot"):
        boomshot_shots(level=2, shots=0, tawny=1)
    with pytest.raises(RuleViolation, match="levels I to III"):
        boomshot_shots(level=0, shots=1, tawny=1)


def test_the_starting_village_acts_as_any_outpost():
    assert starting_village_outpost("foundry") == "foundry"
    with pytest.raises(RuleViolation, match="Guild Hall, Tavern"):
        starting_village_outpost("watchers_temple")


def test_quest_deck_puts_the_major_threat_last():
    deck = build_quest_deck(random.Random(9))
    assert len(deck) == 9
    assert deck[-1] == "major_threat"
    assert sorted(deck[:-1]) == sorted(
        ["watchers_temple", "battle", "outpost", "outpost", "event", "event", "journey", "journey"]
    )
    assert deck == build_quest_deck(random.Random(9))


def test_solo_blessing_hexes_and_the_empty_hex_12_row():
    assert solo_blessing_hexes(1) == (6, 8, 11, 14, 17, 19)
    assert solo_blessing_hexes(9) == (1, 2, 7, 8, 11, 13, 18, 19)
    with pytest.raises(RuleViolation, match="Hex 12 row empty; enter"):
        solo_blessing_hexes(12)
    with pytest.raises(RuleViolation, match="hexes 1 to 12"):
        solo_blessing_hexes(13)


def test_a_tile_placed_on_a_blessing_hex_receives_it():
    assert blessing_received(8, solo_blessing_hexes(1))
    assert not blessing_received(7, solo_blessing_hexes(1))
