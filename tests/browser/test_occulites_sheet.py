"""The printed Campaign Tracker: one A4 (and one Letter) page per tribe."""

import re

import pytest

from campaigns.occulites.demo import populate_demo_season
from campaigns.table import services
from tests.factories import TEST_PASSWORD, UserFactory


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_print_view_fits_one_page_per_tribe(live_server, browser, paper):
    owner, friend = UserFactory(username="printer"), UserFactory(username="friend")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Printed")
    services.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_season(campaign=campaign, owner=owner, friend=friend)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("printer")
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/c/{campaign.pk}/occulites/print/")
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper)
    context.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 2, f"{pages} {paper} pages for 2 tribes"
