"""Every Glow page of a group with history fits a 360px phone, with 44px tap targets."""

import pytest

from campaigns.glow.demo import populate_demo_group
from campaigns.glow.models import Play
from campaigns.table import services
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.factories import UserFactory


@pytest.mark.django_db(transaction=True)
def test_every_glow_page_fits_a_phone(live_server, new_phone):
    owner, friend = UserFactory(username="gwen"), UserFactory(username="hal")
    campaign = services.campaign_create(owner=owner, game="glow", name="Glow club")
    services.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_group(campaign=campaign, owner=owner, friend=friend)
    page = new_phone()
    log_in(page, live_server.url, "gwen")
    base = f"{live_server.url}/c/{campaign.pk}/glow/"
    urls = [
        base + path
        for path in (
            "plays/",
            "solo/",
            "history/",
            "setup/?players=6&sets=elemental&sets=anibloom&sets=draconic",
            "settings/",
        )
    ]
    urls += [f"{base}plays/{play.pk}/" for play in Play.objects.filter(campaign=campaign)]
    for url in urls:
        response = page.goto(url)
        assert response.status == 200, url
        assert_fits_a_phone(page)
    page.goto(base + "history/")
    assert page.locator("[data-chart] svg [data-series]").count() >= 2
