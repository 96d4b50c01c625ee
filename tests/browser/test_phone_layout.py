"""Every Occulites page of the demo campaign fits a 360 px phone and is usable by thumb."""

import io

import pytest
from django.core.management import call_command

from campaigns.table.models import Campaign
from tests.browser.conftest import assert_fits_a_phone, log_in

PAGES = [
    "occulites/",
    "occulites/tribes/{tribe}/",
    "occulites/print/",
    "occulites/season/",
    "occulites/long-dark/",
    "occulites/record/",
    "occulites/record/{tribe}/",
    "occulites/spend/{tribe}/",
    "occulites/dice/",
    "occulites/combat/",
    "occulites/helpers/",
    "occulites/tokens/",
    "history/",
    "members/",
]


@pytest.mark.django_db(transaction=True)
def test_every_occulites_page_fits_a_phone(live_server, new_phone):
    call_command("demo_data", stdout=io.StringIO())
    campaign = Campaign.objects.get(game="occulites")
    tribe = campaign.tribes.first().pk
    phone = new_phone()
    log_in(phone, live_server.url, "demo", "dawn-demo")
    for path in PAGES:
        response = phone.goto(f"{live_server.url}/c/{campaign.pk}/" + path.format(tribe=tribe))
        assert response.status == 200, path
        assert_fits_a_phone(phone)
    for path in ["/occulites/builder/?tribe_type=hydris&level=veteran", "/rules/?q=boost", "/"]:
        phone.goto(live_server.url + path)
        assert_fits_a_phone(phone)
