"""Who may change what (issue 14, point 7): with the owner's "players change only what is
theirs", a player changes only their own character (items, Tawny, conditions, stats, väki,
what it buys at the Outposts); an owner changes every character; a character nobody plays is
everyone's."""

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Character
from campaigns.table import services as table_services
from campaigns.table.models import EditPolicy
from campaigns.table.rule_errors import RuleViolation
from tests.dawnshade.conftest import ASH, writes_nothing
from tests.dawnshade.services.test_bad_input import _level_one_at

REFUSED = "Only Ash's player or an owner may change it"


@pytest.fixture
def own_only(campaign, user):
    return table_services.campaign_set_edit_policy(
        campaign=campaign, actor=user, edit_policy=EditPolicy.OWN
    )


@pytest.fixture
def seated(playing, user, player):
    """Ash is the owner's character, Flash the player's, Wysp nobody's."""
    ash, flash, wysp = playing
    Character.objects.filter(pk=ash.pk).update(player=user)
    Character.objects.filter(pk=flash.pk).update(player=player)
    return ash, flash, wysp


CHARACTER_ACTIONS = {
    "item taken": lambda c, ch, a: services.item_take(
        campaign=c,
        actor=a,
        character=ch,
        name="Vest",
        item_type="permanent",
        tier=1,
        reason="Loot Shoot",
    ),
    "Tawny": lambda c, ch, a: services.character_tawny_change(
        campaign=c, actor=a, character=ch, amount=1, reason="x"
    ),
    "condition": lambda c, ch, a: services.character_condition_add(
        campaign=c, actor=a, character=ch, condition=next(iter(_conditions())), reason="x"
    ),
    "stat": lambda c, ch, a: services.character_stat_adjust(
        campaign=c, actor=a, character=ch, stat="atk", amount=1, reason="x"
    ),
    "starting stats": lambda c, ch, a: services.character_set_starting_stats(
        campaign=c, actor=a, character=ch, stats={**ASH, "atk": 3}
    ),
    "väki": lambda c, ch, a: services.vaki_draw(
        campaign=c, actor=a, character=ch, element=_tier_one(), amount=1
    ),
}


def _conditions():
    from campaigns.dawnshade.catalog.conditions import CONDITIONS

    return CONDITIONS


def _tier_one():
    from campaigns.dawnshade.catalog.vaki import TIER_I

    return next(iter(TIER_I))


@pytest.mark.parametrize("action", CHARACTER_ACTIONS.values(), ids=CHARACTER_ACTIONS.keys())
def test_a_player_may_not_change_another_players_character(
    action, campaign, own_only, seated, player
):
    ash, _, _ = seated
    with writes_nothing(campaign), pytest.raises(RuleViolation, match=REFUSED):
        action(campaign, ash, player)


@pytest.mark.parametrize("action", CHARACTER_ACTIONS.values(), ids=CHARACTER_ACTIONS.keys())
def test_a_player_changes_their_own_character_and_one_nobody_plays(
    action, campaign, own_only, seated, player
):
    _, flash, wysp = seated
    action(campaign, flash, player)
    action(campaign, wysp, player)


def test_an_owner_changes_every_character(campaign, own_only, seated, user):
    _, flash, _ = seated
    services.character_tawny_change(
        campaign=campaign, actor=user, character=flash, amount=2, reason="the owner"
    )


def test_everyone_changes_every_character_by_default(campaign, seated, player):
    ash, _, _ = seated
    services.character_tawny_change(
        campaign=campaign, actor=player, character=ash, amount=1, reason="x"
    )


def test_a_dropped_item_is_its_holders(campaign, own_only, seated, user, player):
    ash, _, _ = seated
    services.item_take(
        campaign=campaign,
        actor=user,
        character=ash,
        name="Vest",
        item_type="permanent",
        tier=1,
        reason="Loot Shoot",
    )
    item = ash.items.get()
    with writes_nothing(campaign), pytest.raises(RuleViolation, match=REFUSED):
        services.item_drop(campaign=campaign, actor=player, item=item)


def test_buying_at_the_mercantile_is_the_buyers(campaign, own_only, seated, user, player):
    _level_one_at(campaign, user, list(seated), "mercantile")
    ash, _, _ = seated
    with writes_nothing(campaign), pytest.raises(RuleViolation, match=REFUSED):
        services.item_buy(
            campaign=campaign,
            actor=player,
            character=ash,
            name="Vest",
            item_type="permanent",
            tier=1,
            buy_price=1,
        )


def test_the_page_refuses_with_422_and_hides_the_controls(
    campaign, own_only, seated, player_client, owner_client
):
    ash, flash, _ = seated
    url = reverse("dawnshade:tawny_change", args=[campaign.pk, ash.pk])
    with writes_nothing(campaign):
        response = player_client.post(
            url, {"tawny-amount": "1", "tawny-reason": "x"}, HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 422
    assert "Only Ash’s player or an owner may change it" in response.content.decode()
    ash_page = reverse("dawnshade:character", args=[campaign.pk, ash.pk])
    flash_page = reverse("dawnshade:character", args=[campaign.pk, flash.pk])
    # The Tawny form sits in a closed panel: the page opened on it (no JavaScript), or the
    # panel alone (htmx), for whoever may change the character, and for nobody else.
    opened = "?open=tawny"
    assert url not in player_client.get(ash_page + opened).content.decode()
    panel = player_client.get(ash_page + "?panel=tawny", HTTP_HX_REQUEST="true")
    assert url not in panel.content.decode()
    assert url in owner_client.get(ash_page + opened).content.decode()
    panel = owner_client.get(ash_page + "?panel=tawny", HTTP_HX_REQUEST="true")
    assert url in panel.content.decode()
    flash_url = reverse("dawnshade:tawny_change", args=[campaign.pk, flash.pk])
    assert flash_url in player_client.get(flash_page + opened).content.decode()
