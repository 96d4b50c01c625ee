"""The issue's Bad input list: each refused with the rule's message, and nothing written."""

import pytest

from campaigns.dawnshade import services
from campaigns.dawnshade.rules.errors import RuleViolation
from campaigns.dawnshade.rules.training import RaiseStat, UnlockSkillDie
from campaigns.table.errors import ValidationError
from tests.dawnshade.conftest import writes_nothing
from tests.dawnshade.services.play import each, turn

REFUSED = (ValidationError, RuleViolation)


def _message(error) -> str:
    return " ".join(error.value.messages) if hasattr(error.value, "messages") else str(error.value)


def _level_one_at(campaign, user, characters, outpost):
    """Journey (4) + Event (6): level 1 and a training point each; then move to `outpost`."""
    turn(campaign, user, hexes=1, tile_type="journey", tawny=each(characters, 0, 0, 0), loot=0)
    turn(
        campaign,
        user,
        hexes=1,
        tile_type="event",
        label="1",
        outcome="succeed",
        tawny=each(characters, 12, 1, 0),
        loot=0,
    )
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost=outpost, hexes=1
    )


def test_a_stat_raised_with_training_points_it_does_not_have(campaign, user, playing):
    ash, flash, wysp = playing
    _level_one_at(campaign, user, playing, "guild_hall")
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.guild_hall_train(
            campaign=campaign, actor=user, spends={ash.pk: [RaiseStat("atk"), RaiseStat("hp")]}
        )
    assert "2 asked for, 1 to spend" in _message(error)


def test_agi_raised_with_a_training_point(campaign, user, playing):
    _level_one_at(campaign, user, playing, "guild_hall")
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.guild_hall_train(
            campaign=campaign, actor=user, spends={playing[0].pk: [RaiseStat("agi")]}
        )
    assert "AGI cannot be raised with training points" in _message(error)


def test_a_fourth_skill_die(campaign, user):
    from tests.dawnshade.conftest import make_kinship

    (solo,) = make_kinship(campaign, user, mode="power_level", names=("Ash",))
    services.chapter_start(campaign=campaign, actor=user)
    turn(campaign, user, hexes=1, tile_type="event", label="1", outcome="succeed")  # 18 XP
    turn(campaign, user, hexes=1, tile_type="journey")  # 30 XP: 3 points
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="guild_hall", hexes=1
    )
    services.guild_hall_train(
        campaign=campaign,
        actor=user,
        spends={solo.pk: [UnlockSkillDie(1), UnlockSkillDie(2), UnlockSkillDie(3)]},
    )
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    services.visit_earn_rewards(campaign=campaign, actor=user)  # 36 XP
    turn(campaign, user, hexes=1, tile_type="journey")  # 48 XP: a fourth point
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="guild_hall", hexes=1
    )
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.guild_hall_train(
            campaign=campaign, actor=user, spends={solo.pk: [UnlockSkillDie(1)]}
        )
    assert "only three Skill Dice, all already unlocked" in _message(error)


def test_buying_past_the_item_cap_or_with_too_little_tawny(campaign, user, playing):
    ash, flash, wysp = playing  # Ash: ITEMS 2, 12 Tawny
    _level_one_at(campaign, user, playing, "mercantile")
    for name in ("Vest", "Charm"):
        services.item_buy(
            campaign=campaign,
            actor=user,
            character=ash,
            name=name,
            item_type="permanent",
            tier=1,
            buy_price=1,
        )
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.item_buy(
            campaign=campaign,
            actor=user,
            character=ash,
            name="Third",
            item_type="permanent",
            tier=1,
            buy_price=1,
        )
    assert "only as many items as its ITEMS stat (2)" in _message(error)
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.item_buy(
            campaign=campaign,
            actor=user,
            character=flash,
            name="Gem",
            item_type="instant",
            tier=1,
            buy_price=5,
        )
    assert "costs 5 Tawny and the character has 1" in _message(error)
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.item_buy(
            campaign=campaign,
            actor=user,
            character=flash,
            name="Gem",
            item_type="instant",
            tier=2,
            buy_price=0,
        )
    assert "does not sell Tier II items" in _message(error)


def test_tawny_moved_between_characters(campaign, user, playing):
    ash, flash, _ = playing
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.character_tawny_give(
            campaign=campaign, actor=user, character=ash, to_character=flash, amount=1
        )
    assert "Tawny cannot be shared among characters" in _message(error)


def test_a_cogbot_fighter_too_early_or_a_second_one(campaign, user, playing):
    ash = playing[0]
    _level_one_at(campaign, user, playing, "foundry")  # game 1: level I Foundry
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.foundry_buy_cogbot_fighter(campaign=campaign, actor=user, character=ash)
    assert "level II Foundry" in _message(error)


def test_a_second_cogbot_fighter(campaign, user):
    from tests.dawnshade.conftest import make_kinship

    ash, flash = make_kinship(campaign, user, mode="power_level", names=("Ash", "Flash"))
    services.chapter_start(campaign=campaign, actor=user)
    turn(campaign, user, hexes=1, tile_type="event", label="1", outcome="succeed")  # 10 Tawny each
    services.character_tawny_change(
        campaign=campaign, actor=user, character=ash, amount=10, reason="Tavern"
    )
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="foundry", hexes=1
    )
    services.foundry_buy_cogbot_fighter(campaign=campaign, actor=user, character=ash)
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.foundry_buy_cogbot_fighter(campaign=campaign, actor=user, character=ash)
    assert "only one Cogbot Fighter" in _message(error)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ({"hexes": -2, "tile_type": "journey"}, "Hexes moved cannot be negative"),
        ({"hexes": 1, "tile_type": "starting_village"}, "Choose the type"),
        ({"hexes": 1, "tile_type": "major_threat"}, "bottom of the Quest Deck"),
        ({"hexes": 1, "kind": "return", "tile_id": None}, "not on the Quest Mat"),
    ],
)
def test_a_move_the_rules_forbid_or_negative_hexes(campaign, user, playing, move, message):
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.kinship_move(campaign=campaign, actor=user, **move)
    assert message in _message(error)


def test_no_going_back_to_a_revealed_journey(campaign, user, playing):
    turn(campaign, user, hexes=1, tile_type="journey", tawny=each(playing, 0, 0, 0), loot=0)
    journey = campaign.kinship.tiles.get(tile_type="journey")
    turn(
        campaign,
        user,
        hexes=1,
        tile_type="outpost",
        outpost="tavern",
        tawny=each(playing, 0, 0, 0),
        loot=0,
    )
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.kinship_move(
            campaign=campaign, actor=user, kind="return", tile_id=journey.pk, hexes=1
        )
    assert "may not go back to a revealed Journey" in _message(error)


def test_negative_xp_or_a_reward_left_empty(campaign, user, playing):
    services.kinship_move(campaign=campaign, actor=user, tile_type="battle", hexes=1)
    services.visit_complete(campaign=campaign, actor=user, outcome="ally_ko")
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.visit_earn_rewards(
            campaign=campaign, actor=user, xp=-4, tawny=each(playing, 0, 0, 0), loot_shoot_items=0
        )
    assert "XP" in _message(error)
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.visit_earn_rewards(
            campaign=campaign, actor=user, tawny=each(playing, 0, None, 0), loot_shoot_items=0
        )
    assert "enter it from the Logbook" in _message(error)
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.visit_earn_rewards(campaign=campaign, actor=user, tawny=each(playing, 0, 0, 0))
    assert "prints no Loot Shoot items" in _message(error)


def test_a_full_chapter_blank_row_must_be_entered_never_zero(campaign, user):
    from tests.dawnshade.conftest import make_kinship

    characters = make_kinship(campaign, user, mode="full_chapter", names=("Ash", "Flash"))
    services.chapter_start(campaign=campaign, actor=user)
    services.kinship_move(campaign=campaign, actor=user, tile_type="battle", hexes=1)
    services.visit_complete(campaign=campaign, actor=user, outcome="foe_retreat")
    with writes_nothing(campaign), pytest.raises(REFUSED) as error:
        services.visit_earn_rewards(
            campaign=campaign, actor=user, tawny=each(characters, 1, 1), loot_shoot_items=0
        )
    assert "prints no XP" in _message(error)
