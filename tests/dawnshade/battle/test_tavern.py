"""Tavern games and Cogrushing (Quest Tiles - Outpost - Tavern, Double Doubler's Dice,
Watchers Runes, Outpost Upgrades; Events - Cogbot Challenges - Cogrushing)."""

import random
from collections import Counter

import pytest

from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.tavern import (
    CogrushingGame,
    DoublersDiceGame,
    RunesGame,
    cogrushing_deploy,
    cogrushing_hit,
    cogrushing_reaches_turret,
    cogrushing_settlement,
    cogrushing_start,
    dawnshade_dice_outcome,
    doublers_dice_collect,
    doublers_dice_roll,
    doublers_dice_start,
    runes_deck_cards,
    runes_reveal,
    runes_settlement,
    runes_start,
    runes_stop,
)

BALANCE = ("dawn", "shade")


def rigged(game, *cards):
    """The same game with a known deck order."""
    return RunesGame.from_dict({**game.to_dict(), "draw_pile": list(cards)})


# Watchers Runes


def test_the_basic_runes_deck_is_twenty_cards_three_tawny_and_two_runes_per_character():
    cards = runes_deck_cards(1)
    assert len(cards) == 20
    counts = Counter(cards)
    assert all(counts[f"tawny:{c}"] == 3 and counts[f"rune:{c}"] == 2 for c in "1234")


def test_tavern_levels_two_and_three_add_one_and_two_extra_two_tawny_cards():
    assert Counter(runes_deck_cards(2))["extra"] == 1
    assert Counter(runes_deck_cards(3))["extra"] == 2
    assert len(runes_deck_cards(3)) == 22


def test_each_player_pays_the_two_tawny_ante_and_one_who_cannot_is_refused():
    game = runes_start({"ash": 2, "flash": 5}, tavern_level=1, rng=random.Random(1))
    assert game.ante == 2 and game.still_in == ("ash", "flash")
    with pytest.raises(RuleViolation, match="ash has 1 Tawny and the ante is 2"):
        runes_start({"ash": 1}, tavern_level=1, rng=random.Random(1))


def test_tawny_cards_pay_every_player_still_in_and_stopping_collects():
    game = rigged(
        runes_start({"ash": 5, "flash": 5}, tavern_level=2, rng=random.Random(1)),
        "tawny:1",
        "extra",
        "rune:2",
        "tawny:3",
        "rune:2",
    )
    game = runes_reveal(game)
    assert game.pot == 1
    game = runes_reveal(runes_stop(game, []))
    assert game.pot == 3
    game = runes_stop(game, ["ash"])
    game = runes_reveal(game)  # first Rune of character 2: no bust
    assert not game.busted
    game = runes_reveal(game)
    game = runes_reveal(game)  # second Rune of character 2: flash busts
    assert game.busted and game.over
    assert runes_settlement(game) == {"ash": 3, "flash": -2}


def test_two_runes_of_different_characters_do_not_bust():
    game = rigged(runes_start({"ash": 5}, tavern_level=1, rng=random.Random(1)), "rune:1", "rune:2")
    game = runes_reveal(runes_reveal(game))
    assert not game.busted


def test_the_game_ends_when_everyone_has_stopped():
    game = rigged(runes_start({"ash": 5}, tavern_level=1, rng=random.Random(1)), "tawny:4")
    game = runes_stop(runes_reveal(game), ["ash"])
    assert game.over
    assert runes_settlement(game) == {"ash": 1}
    with pytest.raises(RuleViolation, match="over"):
        runes_reveal(game)


def test_the_ante_can_be_read_as_spent_even_for_those_who_stop():
    game = runes_start({"ash": 5}, tavern_level=1, rng=random.Random(1), ante_back_on_stop=False)
    game = rigged(game, "tawny:1")
    game = runes_stop(runes_reveal(game), ["ash"])
    assert runes_settlement(game) == {"ash": -1}


def test_nobody_stops_before_the_first_card():
    game = runes_start({"ash": 5}, tavern_level=1, rng=random.Random(1))
    with pytest.raises(RuleViolation, match="first card"):
        runes_stop(game, ["ash"])


def test_a_shuffled_runes_game_always_ends_and_round_trips_through_json():
    game = runes_start({"ash": 9, "flash": 9}, tavern_level=3, rng=random.Random(4))
    assert RunesGame.from_dict(game.to_dict()) == game
    while not game.over:
        game = runes_reveal(game)
    assert game.busted


# Double Doubler's Dice


def test_balance_is_one_dawn_and_one_shade():
    assert dawnshade_dice_outcome(("shade", "dawn")) == "succeed"
    assert dawnshade_dice_outcome(("dawn", "dawn")) == "fail"
    assert dawnshade_dice_outcome(("shade", "shade")) == "fail"
    with pytest.raises(RuleViolation, match="Dawn or Shade"):
        dawnshade_dice_outcome(("dawn",))


def test_the_ante_is_one_two_or_three_tawny_by_tavern_level():
    assert [doublers_dice_start("ash", tawny=5, tavern_level=n).ante for n in (1, 2, 3)] == [
        1,
        2,
        3,
    ]
    with pytest.raises(RuleViolation, match="ash has 2 Tawny and the ante is 3"):
        doublers_dice_start("ash", tawny=2, tavern_level=3)


def test_a_success_doubles_the_ante_and_the_winnings_can_be_split():
    game = doublers_dice_roll(doublers_dice_start("ash", tawny=5, tavern_level=2), BALANCE)
    assert game.riding == 4
    game = doublers_dice_collect(game, 1)
    assert (game.riding, game.collected) == (3, 1)
    game = doublers_dice_roll(game, BALANCE)
    assert game.riding == 6
    game = doublers_dice_collect(game, 6)
    assert game.over and game.net_tawny == 5


def test_a_fail_loses_the_ante_and_whatever_was_not_collected():
    game = doublers_dice_roll(doublers_dice_start("ash", tawny=5, tavern_level=1), BALANCE)
    game = doublers_dice_collect(game, 1)
    game = doublers_dice_roll(game, ("dawn", "dawn"))
    assert game.over and game.collected == 1 and game.net_tawny == 0
    with pytest.raises(RuleViolation, match="nothing riding"):
        doublers_dice_roll(game, BALANCE)


def test_collecting_needs_a_success_and_cannot_exceed_the_winnings():
    game = doublers_dice_start("ash", tawny=5, tavern_level=1)
    with pytest.raises(RuleViolation, match="after a successful roll"):
        doublers_dice_collect(game, 1)
    game = doublers_dice_roll(game, BALANCE)
    with pytest.raises(RuleViolation, match="0 to 2"):
        doublers_dice_collect(game, 3)
    assert DoublersDiceGame.from_dict(game.to_dict()) == game


# Cogrushing


def test_six_drudges_with_one_one_one_two_two_three_hp():
    game = cogrushing_start("ash", bets={"flash": 2, "wysp": 0}, tawny={"flash": 2, "wysp": 0})
    assert game.drudges_hp == (1, 1, 1, 2, 2, 3)


def test_bets_are_zero_to_two_tawny_the_bettors_own_and_not_the_active_players():
    with pytest.raises(RuleViolation, match="0 to 2 Tawny"):
        cogrushing_start("ash", bets={"flash": 3}, tawny={"flash": 9})
    with pytest.raises(RuleViolation, match="does not have 2 Tawny"):
        cogrushing_start("ash", bets={"flash": 2}, tawny={"flash": 1})
    with pytest.raises(RuleViolation, match="does not bet"):
        cogrushing_start("ash", bets={"ash": 1}, tawny={"ash": 9})


def test_example_two_hits_on_two_drudges_can_be_shared_either_way():
    game = cogrushing_start("ash", bets={}, tawny={})
    for _ in range(4):
        game = cogrushing_deploy(game)
    one_each = cogrushing_hit(game, pips=2, assigned={3: 1, 4: 1})
    assert one_each.drudges_hp[2:4] == (0, 1)
    both_on_one = cogrushing_hit(game, pips=2, assigned={4: 2})
    assert both_on_one.drudges_hp[3] == 0
    with pytest.raises(RuleViolation, match="2 pips"):
        cogrushing_hit(game, pips=2, assigned={3: 1, 4: 2})


def test_only_deployed_drudges_can_be_hit():
    game = cogrushing_deploy(cogrushing_start("ash", bets={}, tawny={}))
    with pytest.raises(RuleViolation, match="not on the Battle Mat"):
        cogrushing_hit(game, pips=1, assigned={2: 1})


def test_eliminating_all_six_succeeds_and_the_bets_are_lost():
    game = cogrushing_start("ash", bets={"flash": 2}, tawny={"flash": 2})
    for _ in range(6):
        game = cogrushing_deploy(game)
    game = cogrushing_hit(
        game, pips=10, assigned={n: hp for n, hp in enumerate((1, 1, 1, 2, 2, 3), 1)}
    )
    assert game.result == "succeed"
    assert cogrushing_settlement(game) == {"flash": -2}


def test_a_drudge_on_the_turret_fails_the_active_player_and_doubles_the_bets():
    game = cogrushing_deploy(
        cogrushing_start("ash", bets={"flash": 2, "wysp": 1}, tawny={"flash": 2, "wysp": 1})
    )
    game = cogrushing_reaches_turret(game)
    assert game.result == "fail"
    assert cogrushing_settlement(game) == {"flash": 2, "wysp": 1}
    assert CogrushingGame.from_dict(game.to_dict()) == game
