"""The Occulites d10 roller and combat calculator through the test client."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.table import services as table_services
from campaigns.table.models import DrawLogEntry
from tests.factories import HTMX

# The rulebook's Combat Example (Combat in Dawn): Aggressive 6 + Aggressive 6 + Boost 2 with
# Opening against a Let-Nature-Take-Its-Course Defensive 8 with a bluff.
COMBAT_EXAMPLE = {
    "att-label": "Palaudis",
    "att-stat": 4,
    "att-card": "aggressive",
    "att-card_value": 6,
    "att-boost1": "aggressive",
    "att-boost1_value": 6,
    "att-boost2": "boost_card",
    "att-boost2_value": 2,
    "att-opening": "on",
    "att-entered": "0 1 2 2 4 5 6 8 9 9",
    "def-label": "Hydris",
    "def-stat": 4,
    "def-card": "lntic",
    "def-drawn_kind": "defensive",
    "def-card_value": 8,
    "def-boost1": "bluff",
    "def-entered": "1,2,4,5,5,7,7,8",
    "table": "core",
}


def test_combat_example_through_the_page(owner_client, campaign):
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]), COMBAT_EXAMPLE, headers=HTMX
    )
    assert response.status_code == 200
    assertContains(response, "<strong>6</strong> vs <strong>3</strong>")
    assertContains(response, "ATT &gt;x2 DEF but not x3")
    assertContains(response, "DEF -2 Health")
    entry = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.combat")
    assert entry.result["attacker"]["dice"] == 10
    assert entry.result["defender"]["dice"] == 8


def test_combat_without_javascript_redirects_to_the_result(owner_client, campaign):
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]), COMBAT_EXAMPLE
    )
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    assertContains(page, "DEF -2 Health")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"att-entered": "0 1 2"}, "The cards allow 10 dice"),
        ({"att-entered": "0 1 2 2 4 5 6 8 9 12"}, "digit from 0 to 9"),
        ({"att-entered": "a b c"}, "digits 0-9"),
        ({"att-boost2": "boost_card", "att-boost1": "boost_card", "att-boost1_value": 3}, "Boost"),
    ],
)
def test_bad_combat_input_is_refused_and_nothing_is_logged(owner_client, campaign, change, message):
    response = owner_client.post(
        reverse("occulites:combat_roll", args=[campaign.pk]),
        {**COMBAT_EXAMPLE, **change},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#combat-form"
    assertContains(response, message, status_code=422)
    assert not DrawLogEntry.objects.filter(tool="occulites.combat").exists()


def test_combat_reroll_changes_one_die_and_refuses_a_second_reroll_of_it(owner_client, campaign):
    data = {**COMBAT_EXAMPLE, "att-charge": "on"}  # full-speed charge: one reroll
    owner_client.post(reverse("occulites:combat_roll", args=[campaign.pk]), data, headers=HTMX)
    first = DrawLogEntry.objects.get(tool="occulites.combat")
    url = reverse("occulites:combat_reroll", args=[campaign.pk, first.pk])
    response = owner_client.post(url, {"side": "attack", "position": 9, "entered": 3}, headers=HTMX)
    assert response.status_code == 200
    latest = DrawLogEntry.objects.filter(tool="occulites.combat").first()
    assert latest.result["attack"]["dice"][9] == 3
    assert latest.result["previous"] == first.pk
    # The first state was replaced: rerolling it again is refused.
    again = owner_client.post(url, {"side": "attack", "position": 9, "entered": 0}, headers=HTMX)
    assert again.status_code == 422
    assertContains(again, "already rerolled", status_code=422)
    later = reverse("occulites:combat_reroll", args=[campaign.pk, latest.pk])
    no_more = owner_client.post(
        later, {"side": "attack", "position": 9, "entered": 0}, headers=HTMX
    )
    assertContains(no_more, "No rerolls left", status_code=422)


def test_d10_roller_counts_successes_and_logs_the_roll(owner_client, campaign):
    response = owner_client.post(
        reverse("occulites:d10_roll", args=[campaign.pk]),
        {"count": 5, "stat": 4, "rerolls": 1, "entered": "0 4 5 9 3"},
        headers=HTMX,
    )
    assertContains(response, "3 successes")
    assert DrawLogEntry.objects.get(tool="occulites.d10").summary.startswith("3 successes")
    page = owner_client.get(reverse("campaign", args=[campaign.pk]))
    assertContains(page, "3 successes")  # the shared log on the table page


def test_d10_reroll_of_an_already_rerolled_die_is_refused(owner_client, campaign):
    owner_client.post(
        reverse("occulites:d10_roll", args=[campaign.pk]),
        {"count": 3, "stat": 4, "rerolls": 2, "entered": "9 9 9"},
    )
    first = DrawLogEntry.objects.get(tool="occulites.d10")
    owner_client.post(
        reverse("occulites:d10_reroll", args=[campaign.pk, first.pk]), {"position": 0, "entered": 9}
    )
    second = DrawLogEntry.objects.filter(tool="occulites.d10").first()
    response = owner_client.post(
        reverse("occulites:d10_reroll", args=[campaign.pk, second.pk]),
        {"position": 0, "entered": 1},
        headers=HTMX,
    )
    assertContains(response, "already rerolled", status_code=422)


@pytest.mark.parametrize(
    ("data", "field_message"),
    [
        ({"count": 3, "stat": 4, "entered": "1 2"}, "You typed 2 dice but asked for 3"),
        ({"count": 0, "stat": 4}, "greater than or equal to 1"),
        ({"count": 2, "stat": 4, "entered": "1 23"}, "digit from 0 to 9"),
    ],
)
def test_bad_d10_input_is_refused_beside_the_field(owner_client, campaign, data, field_message):
    response = owner_client.post(
        reverse("occulites:d10_roll", args=[campaign.pk]), data, headers=HTMX
    )
    assert response.status_code == 422
    assertContains(response, field_message, status_code=422)
    assert not DrawLogEntry.objects.exists()


def test_tools_are_404_in_a_campaign_of_another_game(owner_client, user):
    glow = table_services.campaign_create(owner=user, game="glow", name="Glow night")
    assert owner_client.get(reverse("occulites:combat", args=[glow.pk])).status_code == 404
    assert owner_client.get(reverse("occulites:d10", args=[glow.pk])).status_code == 404


def test_viewer_sees_the_dice_but_no_roll_form(viewer_client, owner_client, campaign):
    owner_client.post(
        reverse("occulites:d10_roll", args=[campaign.pk]),
        {"count": 2, "stat": 4, "rerolls": 2, "entered": "1 9"},
    )
    response = viewer_client.get(reverse("occulites:d10", args=[campaign.pk]))
    assertContains(response, "1 success")
    assertNotContains(response, "Roll d10s")
    assertNotContains(response, "Reroll die")


@pytest.mark.parametrize("name", ["occulites:d10", "occulites:combat"])
def test_tool_pages_query_count_does_not_grow(
    owner_client, campaign, user, name, django_assert_max_num_queries
):
    url = reverse(name, args=[campaign.pk])
    owner_client.post(reverse("occulites:combat_roll", args=[campaign.pk]), COMBAT_EXAMPLE)
    with django_assert_max_num_queries(8) as first:
        owner_client.get(url)
    baseline = len(first.captured_queries)  # read now: each request resets the log
    for _ in range(15):
        owner_client.post(reverse("occulites:combat_roll", args=[campaign.pk]), COMBAT_EXAMPLE)
        owner_client.post(
            reverse("occulites:d10_roll", args=[campaign.pk]), {"count": 3, "stat": 4}
        )
    with django_assert_max_num_queries(baseline):
        owner_client.get(url)


def test_the_combat_live_region_builds_no_forms(
    owner_client, campaign, hydris, django_assert_max_num_queries
):
    owner_client.post(reverse("occulites:combat_roll", args=[campaign.pk]), COMBAT_EXAMPLE)
    url = reverse("occulites:combat", args=[campaign.pk])
    with django_assert_max_num_queries(4):  # session, user, membership, the newest combat
        response = owner_client.get(url, headers=HTMX)
    assertContains(response, 'id="combat-result"')
    assertNotContains(response, 'id="combat-form"')
