"""The table pages through the Django test client."""

import json
import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.table import services
from campaigns.table.models import Campaign, DrawLogEntry, LedgerEntry, Membership, Role
from tests.factories import HTMX, UserFactory


def test_home_lists_my_campaigns_with_game_and_activity(owner_client, campaign):
    response = owner_client.get(reverse("home"))
    assertContains(response, "The Long Season")
    assertContains(response, "Dawn: Rise of the Occulites")
    assertContains(response, "active")


def test_home_lists_only_my_campaigns_most_recently_active_first(
    owner_client, campaign_factory, user
):
    first, second = campaign_factory("glow", "First"), campaign_factory("dawnshade", "Second")
    campaign_factory("glow", "Third")
    services.campaign_create(owner=UserFactory(), game="glow", name="Someone else's")
    services.campaign_rename(campaign=first, actor=user, name="First, just renamed")
    html = owner_client.get(reverse("home")).content.decode()
    shown = re.findall(r"<strong>([^<]+)</strong>", html)
    assert shown == ["First, just renamed", "Third", "Second"]  # not by creation, either way
    assert f'href="{reverse("campaign", args=[second.pk])}"' in html
    assert "The Watchers Prophecy · owner" in html


def test_the_members_page_lists_each_member_with_name_and_role_in_joining_order(
    owner_client, campaign, player, viewer
):
    html = owner_client.get(reverse("members", args=[campaign.pk])).content.decode()
    owner_at, player_at, viewer_at = (
        html.index(f"<strong>{name}</strong>") for name in ("owner", "player", "viewer")
    )
    assert owner_at < player_at < viewer_at
    assert re.search(r"<strong>player</strong> <span class=\"muted\">player</span>", html)


def test_home_needs_login(client, db):
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_creating_a_campaign_of_each_game(owner_client):
    for game in ("occulites", "dawnshade", "glow"):
        response = owner_client.post(
            reverse("campaign_create"), {"game": game, "name": f"My {game}"}
        )
        assert response.status_code == 302
    assert set(Campaign.objects.values_list("game", flat=True)) == {
        "occulites",
        "dawnshade",
        "glow",
    }


def test_creating_with_a_blank_name_shows_the_message_beside_the_field(owner_client, user):
    response = owner_client.post(reverse("campaign_create"), {"game": "glow", "name": ""})
    assert response.status_code == 422
    assertContains(response, 'class="error"', status_code=422)
    assert not Campaign.objects.exists()


def test_campaign_page_shows_name_members_and_log(owner_client, campaign):
    response = owner_client.get(reverse("campaign", args=[campaign.pk]))
    assertContains(response, "The Long Season")
    assertContains(response, 'id="live-poller"')
    assertContains(response, "Roll dice")


def test_viewer_sees_no_write_controls(viewer_client, campaign):
    response = viewer_client.get(reverse("campaign", args=[campaign.pk]))
    assertContains(response, "The Long Season")
    assertNotContains(response, "Save name")
    assertNotContains(response, "Roll dice")


def test_rename_through_htmx_returns_the_header_partial(owner_client, campaign):
    response = owner_client.post(
        reverse("campaign_rename", args=[campaign.pk]),
        {"name": "New name", "expected_name": "The Long Season"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assertContains(response, 'id="campaign-header"')
    assertNotContains(response, "<html")
    assert Campaign.objects.get(pk=campaign.pk).name == "New name"


def test_rename_without_javascript_redirects_back(owner_client, campaign):
    response = owner_client.post(
        reverse("campaign_rename", args=[campaign.pk]),
        {"name": "Plain form", "expected_name": "The Long Season"},
    )
    assert response.status_code == 302
    assert Campaign.objects.get(pk=campaign.pk).name == "Plain form"


def test_invalid_rename_is_a_422_with_the_message_and_changes_nothing(owner_client, campaign):
    version = campaign.version
    response = owner_client.post(
        reverse("campaign_rename", args=[campaign.pk]),
        {"name": "x" * 81, "expected_name": "The Long Season"},
        headers=HTMX,
    )
    assert response.status_code == 422
    assertContains(response, "at most 80 characters", status_code=422)
    campaign.refresh_from_db()
    assert campaign.version == version


def test_stale_rename_is_a_409_naming_the_other_change(owner_client, campaign, player):
    services.campaign_rename(campaign=campaign, actor=player, name="Their name")
    response = owner_client.post(
        reverse("campaign_rename", args=[campaign.pk]),
        {"name": "My name", "expected_name": "The Long Season"},
        headers=HTMX,
    )
    assert response.status_code == 409
    assertContains(response, "Their name", status_code=409)
    assert Campaign.objects.get(pk=campaign.pk).name == "Their name"


def test_version_check_is_204_while_unchanged_and_signals_a_change(owner_client, campaign):
    url = reverse("campaign_version", args=[campaign.pk])
    assert owner_client.get(url, {"v": campaign.version}).status_code == 204
    response = owner_client.get(url, {"v": campaign.version - 1})
    assert response.status_code == 200
    assert "campaign-changed" in json.loads(response["HX-Trigger"])
    assertContains(response, f'data-version="{campaign.version}"')


def test_version_check_costs_few_queries(owner_client, campaign, django_assert_max_num_queries):
    url = reverse("campaign_version", args=[campaign.pk])
    with django_assert_max_num_queries(3):  # session, user, membership+campaign
        owner_client.get(url, {"v": campaign.version})


def test_dice_roll_appears_in_the_log_partial(owner_client, campaign):
    response = owner_client.post(
        reverse("dice_roll", args=[campaign.pk]),
        {"count": 4, "sides": 10},
        headers=HTMX,
    )
    assertContains(response, 'id="draw-log"')
    assertContains(response, "4d10")
    assert DrawLogEntry.objects.filter(campaign=campaign).count() == 1


def test_bad_dice_count_is_refused_beside_the_field(owner_client, campaign):
    response = owner_client.post(
        reverse("dice_roll", args=[campaign.pk]),
        {"count": 99, "sides": 10},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#dice-form"
    assertContains(response, "less than or equal to 30", status_code=422)
    assert not DrawLogEntry.objects.exists()


def test_history_lists_newest_first_filters_and_marks_undone(owner_client, campaign, user):
    services.campaign_rename(campaign=campaign, actor=user, name="Second")
    services.campaign_rename(campaign=campaign, actor=user, name="Third")
    rename = LedgerEntry.objects.filter(kind="campaign.rename").order_by("id").last()
    owner_client.post(reverse("undo", args=[campaign.pk, rename.pk]))
    response = owner_client.get(reverse("history", args=[campaign.pk]))
    text = response.content.decode()
    assert text.index("Undo: Renamed") < text.index("Renamed “Second” to “Third”")
    assertContains(response, "undone")
    filtered = owner_client.get(
        reverse("history", args=[campaign.pk]), {"subject": f"member:{user.pk}"}
    )
    assertNotContains(filtered, "Renamed")


def test_history_filter_offers_each_subject_and_keeps_the_chosen_one(owner_client, campaign, user):
    services.campaign_rename(campaign=campaign, actor=user, name="<i>Night</i> & day")
    services.dice_roll(campaign=campaign, actor=user, count=1, sides=6)
    url = reverse("history", args=[campaign.pk])
    chosen = f"campaign:{campaign.pk}"
    page = owner_client.get(url, {"subject": chosen}).content.decode()
    select = page[page.index('<select id="subject-filter"') : page.index("</select>")]
    assert '<option value="">Everything</option>' in select
    assert (
        f'<option value="{chosen}" selected>&lt;i&gt;Night&lt;/i&gt; &amp; day (campaign)</option>'
        in select
    )
    assert select.count("<option") == 1 + len(owner_client.get(url).context["subjects"])
    assert select.count(" selected") == 1
    unfiltered = owner_client.get(url).content.decode()
    assert (
        " selected>" not in unfiltered[unfiltered.index("<select") : unfiltered.index("</select>")]
    )


def test_history_rows_escape_what_players_typed(owner_client, campaign, user, player):
    services.campaign_rename(campaign=campaign, actor=user, name='<b onclick="x">Bold</b>')
    page = owner_client.get(reverse("history", args=[campaign.pk])).content.decode()
    assert "<b onclick" not in page
    assert "&lt;b onclick=&quot;x&quot;&gt;Bold&lt;/b&gt;" in page
    # The newest row: its reason, who and the undo form with this page's CSRF token.
    row = page[page.index('<ol class="history">') :].split("</li>")[0]
    assert 'aria-label="Undo: Renamed' in row and "owner ·" in row
    assert 'name="csrfmiddlewaretoken" value="' in row


def test_history_query_count_does_not_grow_with_history(
    owner_client, campaign, user, django_assert_max_num_queries
):
    url = reverse("history", args=[campaign.pk])
    with django_assert_max_num_queries(10) as small:
        owner_client.get(url)
    baseline = len(small.captured_queries)  # read now: each request resets the log
    for n in range(30):
        services.campaign_rename(campaign=campaign, actor=user, name=f"Name {n}")
    with django_assert_max_num_queries(baseline):
        owner_client.get(url)


def test_campaign_page_query_count_does_not_grow_with_the_log(
    owner_client, campaign, user, django_assert_max_num_queries
):
    url = reverse("campaign", args=[campaign.pk])
    with django_assert_max_num_queries(10) as small:
        owner_client.get(url)
    baseline = len(small.captured_queries)  # read now: each request resets the log
    for _ in range(20):
        services.dice_roll(campaign=campaign, actor=user, count=1, sides=6)
    with django_assert_max_num_queries(baseline):
        owner_client.get(url)


def test_join_page_then_join(stranger_client, campaign):
    url = reverse("join", args=[campaign.invite_token])
    assertContains(stranger_client.get(url), "Join “The Long Season”?")
    response = stranger_client.post(url)
    assert response.status_code == 302
    assert Membership.objects.filter(
        campaign=campaign, user__username="stranger", role=Role.PLAYER
    ).exists()


def test_a_bad_invite_link_is_a_friendly_404(stranger_client, db):
    response = stranger_client.get(reverse("join", args=["not-a-token"]))
    assertContains(response, "not valid", status_code=404)


def test_join_needs_login_and_comes_back(client, campaign):
    url = reverse("join", args=[campaign.invite_token])
    response = client.get(url)
    assert response.status_code == 302
    assert "next=" in response["Location"]


def test_members_page_shows_invite_and_qr_only_to_the_owner(owner_client, player_client, campaign):
    response = owner_client.get(reverse("members", args=[campaign.pk]))
    assertContains(response, campaign.invite_token)
    qr = owner_client.get(reverse("invite_qr", args=[campaign.pk]))
    assert qr["Content-Type"] == "image/svg+xml"
    response = player_client.get(reverse("members", args=[campaign.pk]))
    assertNotContains(response, campaign.invite_token)
    assert player_client.get(reverse("invite_qr", args=[campaign.pk])).status_code == 404


def test_owner_changes_a_role_from_the_members_page(owner_client, campaign, player):
    membership = Membership.objects.get(campaign=campaign, user=player)
    owner_client.post(reverse("member_role", args=[campaign.pk, membership.pk]), {"role": "viewer"})
    assert Membership.objects.get(pk=membership.pk).role == "viewer"


def test_every_page_has_a_label_for_each_control(owner_client, campaign):
    for url in [
        reverse("home"),
        reverse("campaign", args=[campaign.pk]),
        reverse("members", args=[campaign.pk]),
        reverse("history", args=[campaign.pk]),
    ]:
        html = owner_client.get(url).content.decode()
        controls = re.findall(
            r'<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"', html
        )
        assert controls
        for control_id in controls:
            assert f'for="{control_id}"' in html, (url, control_id)


@pytest.mark.parametrize("name", ["home", "login", "signup"])
def test_pages_use_the_phone_viewport(client, name, owner_client):
    response = (owner_client if name == "home" else client).get(reverse(name))
    assertContains(response, 'name="viewport" content="width=device-width, initial-scale=1"')
