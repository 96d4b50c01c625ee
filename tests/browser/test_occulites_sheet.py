"""The printed Campaign Tracker: each tribe's sheet on one A4 (and one Letter) page, and its
season chart, numbers open, on the next, for the demo's three timeslots and a whole season."""

import re

import pytest

from campaigns.occulites import services as occulites_services
from campaigns.occulites.demo import populate_demo_season
from campaigns.table import services
from tests.factories import TEST_PASSWORD, UserFactory
from tests.occulites.results.conftest import draw_scenario


def _play_to_the_long_dark(campaign, owner):
    """Every timeslot after the demo's third: both tribes play and score, then the season
    moves on, until the Long Dark (the longest sheet and chart there are)."""
    tribes = list(campaign.tribes.order_by("pk"))
    while not occulites_services.season_for(campaign).long_dark:
        draw_scenario(campaign, owner, "returning_from_the_hunt", tribes)
        for tribe in tribes:
            occulites_services.scenario_result_record(
                tribe=tribe, actor=owner, vp_counts={"left_with_sungem": 1}, sungems_gained=1
            )
        occulites_services.season_advance(campaign=campaign, actor=owner)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "whole_season",
    [False, True],
    ids=["demo", "whole-season"],
)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_print_view_fits_one_page_per_tribe_and_one_per_chart(
    live_server, browser, paper, whole_season
):
    owner, friend = UserFactory(username="printer"), UserFactory(username="friend")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Printed")
    services.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_season(campaign=campaign, owner=owner, friend=friend)
    if whole_season:
        _play_to_the_long_dark(campaign, owner)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("printer")
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/c/{campaign.pk}/occulites/print/")
    page.emulate_media(media="print")
    assert page.locator("[data-chart] details[open]").count() == 2
    pdf = page.pdf(format=paper)
    context.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    # Every section starts a new page: 4 pages means none of them ran over.
    assert pages == 4, f"{pages} {paper} pages for 2 tribes' sheets and charts"
