"""The helper pages as a whole: query counts that do not grow with the game, viewers without
controls, 404s, and concurrent taps that all land."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites import services as occulites_services
from campaigns.occulites.scenario_helpers import services
from campaigns.occulites.scenario_helpers.pages import PAGES
from campaigns.occulites.tokens import services as tokens_services
from campaigns.table import services as table_services
from tests.factories import HTMX, UserFactory

from .conftest import helper_url, page_url, stored

SLUGS = list(PAGES)


def _play_a_long_game(campaign, user):
    """Many actions on every helper: the pages must not read more for it."""
    services.cards_new_game(campaign=campaign, actor=user, scenario_number=11)
    for turn in range(2, 12):
        services.podmothine_activate(campaign=campaign, actor=user, entered=[turn % 10] * 6)
        services.pry_sungem_roll(
            campaign=campaign, actor=user, location="cave_wall", entered=[1, 2, 3]
        )
        services.pry_sungem_discard(campaign=campaign, actor=user, discarded=[4])
        services.ridge_climb(campaign=campaign, actor=user, figure=f"Figure {turn}")
        services.siege_loss(campaign=campaign, actor=user, side="attacker", luftles=1)
        services.awareness_test_take(campaign=campaign, actor=user, awareness=2, cards=[3, 9])
        services.reborn_place(
            campaign=campaign, actor=user, figure=f"Fallen {turn}", cause="burnt_alive"
        )
        services.cards_reveal(campaign=campaign, actor=user, kind="sungem")
        tokens_services.tokens_next_turn(campaign=campaign, actor=user)
    services.ridge_strike(campaign=campaign, actor=user, entered=[1] * 10)


@pytest.mark.parametrize("slug", SLUGS)
def test_each_helper_page_reads_a_fixed_number_of_queries(
    slug, owner_client, campaign, user, hydris, django_assert_max_num_queries
):
    url = page_url(campaign, slug)
    services.cards_new_game(campaign=campaign, actor=user, scenario_number=3)
    with django_assert_max_num_queries(10) as first:
        assert owner_client.get(url).status_code == 200
    baseline = len(first.captured_queries)
    _play_a_long_game(campaign, user)
    with django_assert_max_num_queries(baseline):
        assert owner_client.get(url).status_code == 200
    with django_assert_max_num_queries(baseline):
        assert owner_client.get(url, headers=HTMX).status_code == 200


@pytest.mark.parametrize("slug", ["reborn-track", "awareness", "ridge"])
def test_a_live_panel_reads_only_its_states(
    slug, owner_client, campaign, hydris, django_assert_max_num_queries
):
    """The forms (and the figures they offer) sit outside the panel: its refresh reads the
    session, the user, the membership and the helper's states, nothing more."""
    with django_assert_max_num_queries(4):
        response = owner_client.get(page_url(campaign, slug), headers=HTMX)
    assert response.status_code == 200
    assertNotContains(response, "<select")


def test_the_tokens_page_reads_a_fixed_number_of_queries(
    owner_client, campaign, user, hydris, palaudis, django_assert_max_num_queries
):
    url = reverse("occulites:tokens", args=[campaign.pk])
    with django_assert_max_num_queries(10) as first:
        assert owner_client.get(url).status_code == 200
    baseline = len(first.captured_queries)
    key = f"tribe-{hydris.pk}"
    tokens_services.tokens_new_game(campaign=campaign, actor=user)
    for _ in range(20):
        tokens_services.tokens_spend(
            campaign=campaign,
            actor=user,
            tribe=key,
            pool="chief",
            figure="Chief",
            use="draw_three_cards",
        )
        tokens_services.tokens_undo(campaign=campaign, actor=user, tribe=key, pool="chief")
        tokens_services.tokens_next_turn(campaign=campaign, actor=user)
    with django_assert_max_num_queries(baseline):
        assert owner_client.get(url).status_code == 200


@pytest.mark.parametrize("slug", SLUGS)
def test_a_viewer_sees_each_helper_without_controls(slug, viewer_client, campaign, user):
    services.reborn_place(campaign=campaign, actor=user, figure="Grublic", cause="burnt_alive")
    services.ridge_climb(campaign=campaign, actor=user, figure="Grublic")
    services.cards_new_game(campaign=campaign, actor=user, scenario_number=3)
    response = viewer_client.get(page_url(campaign, slug))
    assert response.status_code == 200
    assertNotContains(response, f'action="/c/{campaign.pk}/occulites/helpers/')
    assertNotContains(response, 'type="submit" class="secondary"')
    assertNotContains(response, '<button type="submit">')


@pytest.mark.parametrize("slug", SLUGS)
def test_every_helper_links_its_rule(slug, owner_client, campaign):
    page = PAGES[slug]
    assertContains(owner_client.get(page_url(campaign, slug)), f'/rules/occulites/{page.rule}/"')


def test_the_tabs_lead_to_the_helpers_and_the_tokens(owner_client, campaign):
    sheet = owner_client.get(reverse("occulites:sheet", args=[campaign.pk]))
    assertContains(sheet, f'href="{reverse("occulites:helpers", args=[campaign.pk])}"')
    assertContains(sheet, f'href="{reverse("occulites:tokens", args=[campaign.pk])}"')
    helpers = owner_client.get(reverse("occulites:helpers", args=[campaign.pk]))
    assertContains(helpers, 'aria-current="page">Helpers</a>', html=False)


def test_an_unknown_helper_is_404_and_cards_redirects_to_the_hub(owner_client, campaign):
    assert (
        owner_client.get(
            page_url(campaign, "cards").replace("helpers/", "helpers/nope/")
        ).status_code
        == 404
    )
    response = owner_client.get(reverse("occulites:helper", args=[campaign.pk, "cards"]))
    assert response.status_code == 302


def test_helpers_are_404_in_a_campaign_of_another_game(owner_client, user):
    glow = table_services.campaign_create(owner=user, game="glow", name="Glow night")
    assert owner_client.get(reverse("occulites:helpers", args=[glow.pk])).status_code == 404
    assert owner_client.get(reverse("occulites:tokens", args=[glow.pk])).status_code == 404
    assert owner_client.post(helper_url(glow, "siege_event")).status_code == 404


def test_a_viewer_cannot_change_a_helper(viewer_client, campaign):
    response = viewer_client.post(helper_url(campaign, "siege_event"), {})
    assert response.status_code == 403
    assert stored(campaign, services.SIEGE) is None


# --- concurrent taps ------------------------------------------------------------------------


def _race(posts):
    """Fire each (client, url, data) at once from its own thread; return the status codes."""
    barrier = threading.Barrier(len(posts))
    codes = []

    def tap(client, url, data):
        try:
            barrier.wait()
            codes.append(client.post(url, data, headers=HTMX).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=tap, args=post) for post in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(codes)


def _phones(campaign, count=2):
    owner = campaign.memberships.get(role="owner").user
    clients = []
    for number in range(count):
        user = owner if number == 0 else UserFactory(username=f"phone{number}")
        if number:
            table_services.membership_join(token=campaign.invite_token, user=user)
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients


@pytest.mark.django_db(transaction=True)
def test_two_quick_tentacle_taps_from_two_phones_are_both_applied():
    owner = UserFactory(username="podowner")
    campaign = table_services.campaign_create(owner=owner, game="occulites", name="Race")
    first, second = _phones(campaign)
    url = helper_url(campaign, "podmothine_tentacle")
    codes = _race([(first, url, {"move": "leaves"}), (second, url, {"move": "leaves"})])
    assert codes == [200, 200]
    assert stored(campaign, services.PODMOTHINE)["podmothine"]["tentacles_on_body"] == 4


@pytest.mark.django_db(transaction=True)
def test_two_quick_token_spends_on_different_figures_are_both_applied():
    owner = UserFactory(username="tokenowner")
    campaign = table_services.campaign_create(owner=owner, game="occulites", name="Race")
    tribe = occulites_services.tribe_create(campaign=campaign, actor=owner, name="Racers")
    first, second = _phones(campaign)
    url = reverse("occulites:tokens_spend", args=[campaign.pk])
    key = f"tribe-{tribe.pk}"
    codes = _race(
        [
            (
                first,
                url,
                {"tribe": key, "pool": "chief", "figure": "Chief", "use": "draw_three_cards"},
            ),
            (
                second,
                url,
                {"tribe": key, "pool": "chief", "figure": "Second", "use": "draw_three_cards"},
            ),
        ]
    )
    assert codes == [200, 200]
    spends = stored(campaign, tokens_services.TRIBAL_TOKENS)["tribes"][0]["pools"]["chief"][
        "spends"
    ]
    assert sorted(figure for figure, _, _ in spends) == ["Chief", "Second"]


@pytest.mark.django_db(transaction=True)
def test_two_quick_cards_revealed_are_both_counted():
    owner = UserFactory(username="cardowner")
    campaign = table_services.campaign_create(owner=owner, game="occulites", name="Race")
    services.cards_new_game(campaign=campaign, actor=owner, scenario_number=3)
    first, second = _phones(campaign)
    url = helper_url(campaign, "cards_reveal")
    codes = _race([(first, url, {"kind": "event"}), (second, url, {"kind": "sungem"})])
    assert codes == [200, 200]
    assert sorted(stored(campaign, services.CARDS)["cards"]["revealed"]) == ["event", "sungem"]
