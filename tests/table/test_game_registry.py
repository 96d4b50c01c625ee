"""A game plugs into the table by registering: a throwaway game, installed only by this test,
gets its campaign creation, tabs, nav, access checks, stand-alone page and demo hook without
any change to the platform or another game."""

import io

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from campaigns.table.games import games, unregister_game
from campaigns.table.models import Campaign
from tests.factories import MembershipFactory, UserFactory


@pytest.fixture
def marbles(settings):
    with override_settings(
        INSTALLED_APPS=[
            *settings.INSTALLED_APPS,
            "tests.table.throwaway_game.apps.ThrowawayGameConfig",
        ],
        ROOT_URLCONF="tests.table.throwaway_urls",
    ):
        yield games()["marbles"]
    unregister_game("marbles")


def test_a_registered_game_can_be_chosen_for_a_new_campaign(marbles, owner_client):
    page = owner_client.get(reverse("home"))
    assert b'value="marbles"' in page.content
    response = owner_client.post(reverse("campaign_create"), {"game": "marbles", "name": "Blue"})
    campaign = Campaign.objects.get(name="Blue")
    assert campaign.game == "marbles"
    assert response["Location"] == reverse("campaign", args=[campaign.pk])


def test_its_tabs_come_first_then_the_shared_ones(marbles, campaign_factory, owner_client):
    campaign = campaign_factory("marbles")
    page = owner_client.get(reverse("marbles:bag", args=[campaign.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    tabs = [tab for tab in ("bag", "table", "history", "members") if f'data-tab="{tab}"' in html]
    assert tabs == ["bag", "table", "history", "members"]
    assert html.index('data-tab="bag"') < html.index('data-tab="table"')
    assert 'data-tab="bag" aria-current="page"' in html
    assert "Marbles: a test game" in html
    # The shared Table page shows the same nav.
    table = owner_client.get(reverse("campaign", args=[campaign.pk])).content.decode()
    assert 'data-tab="bag"' in table and 'data-tab="table" aria-current="page"' in table


def test_its_pages_are_checked_like_every_campaign_page(
    marbles, campaign_factory, stranger_client, campaign
):
    marbles_campaign = campaign_factory("marbles")
    assert (
        stranger_client.get(reverse("marbles:bag", args=[marbles_campaign.pk])).status_code == 404
    )
    # A campaign of another game does not have the page.
    member = UserFactory(username="member")
    MembershipFactory(campaign=campaign, user=member)
    from django.test import Client

    client = Client()
    client.force_login(member)
    assert client.get(reverse("marbles:bag", args=[campaign.pk])).status_code == 404


def test_its_stand_alone_page_is_on_the_home_page(marbles, owner_client):
    assert reverse("marbles:help") in owner_client.get(reverse("home")).content.decode()
    assert owner_client.get(reverse("marbles:help")).content == b"Count them."


def test_demo_data_calls_its_demo_hook(marbles, db):
    from tests.table.throwaway_game.apps import DEMO_CALLS

    DEMO_CALLS.clear()
    call_command("demo_data", stdout=io.StringIO())
    demo = Campaign.objects.get(game="marbles")
    assert demo.name == "Demo: Marbles"
    assert [(demo.pk, "demo", "demo-friend")] == DEMO_CALLS


def test_the_rules_reference_knows_the_games_from_the_registry(marbles):
    from rulesref.content import GAMES

    assert GAMES["marbles"] == "Marbles: a test game"
    assert set(games()) <= set(GAMES)
