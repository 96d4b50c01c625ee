"""Undo: each action's reversal puts its rows and totals back, and refuses when a later
change depends on it."""

import pytest

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Item, Kinship, Visit
from campaigns.dawnshade.rules.training import RaiseStat
from campaigns.table.errors import Conflict
from campaigns.table.ledger import ledger_undo
from tests.dawnshade.services.play import each, turn


def test_undoing_rewards_takes_the_xp_and_tawny_back_and_the_marker_with_them(
    campaign, user, playing
):
    ash, flash, wysp = playing
    services.kinship_move(campaign=campaign, actor=user, tile_type="watchers_temple", hexes=1)
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    entry = services.visit_earn_rewards(
        campaign=campaign, actor=user, tawny=each(playing, 2, 0, 0), loot_shoot_items=0
    )
    assert Kinship.objects.get(campaign=campaign).active_seat == flash.seat
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    totals = services.kinship_totals(campaign)
    assert (totals.xp, totals.of(ash).tawny) == (0, 0)
    assert Kinship.objects.get(campaign=campaign).active_seat == ash.seat
    assert not Visit.objects.filter(kinship__campaign=campaign).latest("pk").rewarded


def test_undoing_a_guild_hall_visit_restores_stats_and_points(campaign, user, playing):
    ash = playing[0]
    turn(campaign, user, hexes=1, tile_type="journey", tawny=each(playing, 0, 0, 0), loot=0)
    turn(
        campaign,
        user,
        hexes=1,
        tile_type="event",
        label="2",
        outcome="fail",
        tawny=each(playing, 0, 0, 0),
        loot=0,
    )
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="guild_hall", hexes=1
    )
    entry = services.guild_hall_train(
        campaign=campaign, actor=user, spends={ash.pk: [RaiseStat("hp")]}
    )
    ledger_undo(campaign=campaign, actor=user, entry_id=entry.pk)
    totals = services.kinship_totals(campaign)
    assert totals.of(ash).training_points == 1 and totals.stats(ash)["hp"] == 5
    # Training again is allowed: the visit is untrained again.
    services.guild_hall_train(campaign=campaign, actor=user, spends={ash.pk: [RaiseStat("atk")]})


def test_a_move_cannot_be_undone_once_its_tile_is_completed(campaign, user, playing):
    move = services.kinship_move(campaign=campaign, actor=user, tile_type="journey", hexes=2)
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    with pytest.raises(Conflict):
        ledger_undo(campaign=campaign, actor=user, entry_id=move.pk)


def test_a_purchase_cannot_be_undone_after_the_item_is_sold(campaign, user):
    from tests.dawnshade.conftest import make_kinship

    (ash,) = make_kinship(campaign, user, mode="power_level", names=("Ash",))
    services.chapter_start(campaign=campaign, actor=user)
    turn(campaign, user, hexes=1, tile_type="event", label="1", outcome="succeed")
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="mercantile", hexes=1
    )
    item = services.item_buy(
        campaign=campaign,
        actor=user,
        character=ash,
        name="Vest",
        item_type="permanent",
        tier=3,
        buy_price=4,
        sell_price=2,
    )
    buy_entry = campaign.ledger.filter(kind=services.Kind.ITEM_BUY).get()
    services.item_sell(campaign=campaign, actor=user, item=item)
    with pytest.raises(Conflict):
        ledger_undo(campaign=campaign, actor=user, entry_id=buy_entry.pk)
    assert services.kinship_totals(campaign).of(ash).tawny == 10 - 4 + 2
    assert Item.objects.get(pk=item.pk).status == "sold"


def test_undoing_a_tawny_gain_that_was_spent_is_refused(campaign, user):
    from tests.dawnshade.conftest import make_kinship

    (ash,) = make_kinship(campaign, user, mode="power_level", names=("Ash",))
    services.chapter_start(campaign=campaign, actor=user)
    gain = services.character_tawny_change(
        campaign=campaign, actor=user, character=ash, amount=3, reason="Tavern"
    )
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost="boomshot_gallery", hexes=1
    )
    services.boomshot_play(campaign=campaign, actor=user, character=ash, shots=3)
    with pytest.raises(Conflict):
        ledger_undo(campaign=campaign, actor=user, entry_id=gain.pk)


def test_the_demo_is_a_trilogy_in_its_second_chapter(db):
    from campaigns.dawnshade.demo import populate_demo_trilogy
    from campaigns.table import services as table
    from tests.factories import UserFactory

    owner, friend = UserFactory(username="demo"), UserFactory(username="demo-friend")
    campaign = table.campaign_create(owner=owner, game="dawnshade", name="Demo")
    table.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_trilogy(campaign=campaign, owner=owner, friend=friend)
    kinship = Kinship.objects.get(campaign=campaign)
    assert (kinship.mode, kinship.game_number, kinship.in_game, kinship.characters.count()) == (
        "trilogy",
        2,
        True,
        3,
    )
