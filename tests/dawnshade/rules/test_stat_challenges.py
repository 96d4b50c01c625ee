"""Events - Stat Challenges (ATK x2, DEF x1, DEV x2 of the Kinship's stats, modifier zones)
and Cogbot Challenges; Solo Mode event variations."""

import pytest

from campaigns.dawnshade.rules.challenges import (
    COGRUSHING_DRUDGE_HP,
    COGRUSHING_TURRET_HP_CHIPS,
    ChallengeDie,
    cogbashing_winners,
    cogfighting_match_over,
    cogfighting_winners,
    cogrushing_bet_result,
    dice_for_stat_challenge,
    solo_cogbashing_outcome,
    solo_cogfighting_outcome,
    stat_challenge_hits,
    stat_challenge_outcome,
    stat_challenge_threshold,
)
from campaigns.dawnshade.rules.errors import RuleViolation


@pytest.mark.parametrize(("kind", "threshold"), [("atk", 12), ("def", 6), ("dev", 12)])
def test_threshold_is_the_kinships_stat_times_its_multiplier(kind, threshold):
    assert stat_challenge_threshold(kind, [1, 2, 3]) == threshold


def test_unknown_challenge_or_negative_stat_is_refused():
    with pytest.raises(RuleViolation, match="ATK, DEF or DEV"):
        stat_challenge_threshold("hp", [1])
    with pytest.raises(RuleViolation, match="cannot be negative"):
        stat_challenge_threshold("atk", [-1])


def test_the_rulebooks_example_counts_five_hits():
    # A miss in +1, a hit in +2 and two hits in -1 make 5 hits (Stat Challenges caption).
    dice = [ChallengeDie(0, 1), ChallengeDie(1, 2), ChallengeDie(2, -1)]
    assert stat_challenge_hits(dice) == 5


def test_a_hit_in_the_plus_two_zone_counts_three():
    assert ChallengeDie(1, 2).counted_hits == 3


def test_a_minus_zone_may_take_hits_away_unless_floored():
    dice = [ChallengeDie(2, 0), ChallengeDie(0, -1)]
    assert stat_challenge_hits(dice) == 1
    assert stat_challenge_hits(dice, floor_each_die_at_zero=True) == 2
    with pytest.raises(RuleViolation, match="negative hits"):
        stat_challenge_hits([ChallengeDie(-1, 0)])


def test_equal_to_the_threshold_succeeds_below_fails():
    assert stat_challenge_outcome(12, 12) == "succeed"
    assert stat_challenge_outcome(13, 12) == "succeed"
    assert stat_challenge_outcome(11, 12) == "fail"


def test_a_player_rolls_as_many_dice_as_the_stat():
    # "if a character's ATK stat is 1, the player may roll 1 Attack Die"; the caption's
    # player with ATK 3 rolls 3.
    assert dice_for_stat_challenge(1) == 1
    assert dice_for_stat_challenge(3) == 3


def test_cogfighting_ends_at_three_rounds_won_and_most_pips_wins():
    assert not cogfighting_match_over({"ash": 2, "flash": 2})
    assert cogfighting_match_over({"ash": 3, "flash": 1})
    assert cogfighting_winners({"ash": [2, 1, 1], "flash": [3]}) == ("ash",)
    assert cogfighting_winners({"ash": [2], "flash": [2]}) == ("ash", "flash")


def test_cogbashing_example_flash_wins_three_to_two():
    closest = [("ash", 2), ("flash", 2), ("flash", 1), ("ash", 3)]
    assert cogbashing_winners(closest) == ("flash",)


def test_cogrushing_bets_lost_or_doubled():
    assert cogrushing_bet_result(2, active_player_succeeded=True) == 0
    assert cogrushing_bet_result(2, active_player_succeeded=False) == 4
    assert cogrushing_bet_result(0, active_player_succeeded=False) == 0
    with pytest.raises(RuleViolation, match="0 to 2 Tawny"):
        cogrushing_bet_result(3, active_player_succeeded=False)
    assert COGRUSHING_DRUDGE_HP == (1, 1, 1, 2, 2, 3)
    assert COGRUSHING_TURRET_HP_CHIPS == 15


def test_solo_cogfighting_needs_three_drudges():
    assert solo_cogfighting_outcome(3) == "succeed"
    assert solo_cogfighting_outcome(2) == "fail"
    with pytest.raises(RuleViolation, match="five Cogbot Drudges"):
        solo_cogfighting_outcome(6)


def test_solo_cogbashing_needs_two_hits():
    assert solo_cogbashing_outcome(2) == "succeed"
    assert solo_cogbashing_outcome(1) == "fail"
    with pytest.raises(RuleViolation):
        solo_cogbashing_outcome(-1)
