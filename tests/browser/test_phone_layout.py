"""Every page fits a 360 px phone and is usable by thumb, at each of the three text sizes:
the Occulites demo campaign page by page, then every tab of every registered game."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaigns.table.games import games
from campaigns.table.models import Campaign
from campaigns.table.pwa import TEXT_SIZE_COOKIE, TEXT_SIZES
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


SIZES = [value for value, _label in TEXT_SIZES]


def _phone_with_text_size(new_phone, live_server, size: str):
    phone = new_phone()
    phone.context.add_cookies([{"name": TEXT_SIZE_COOKIE, "value": size, "url": live_server.url}])
    log_in(phone, live_server.url, "demo", "dawn-demo")
    assert phone.locator("html").get_attribute("data-text-size") == size
    return phone


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.django_db(transaction=True)
def test_every_occulites_page_fits_a_phone(live_server, new_phone, size):
    call_command("demo_data", stdout=io.StringIO())
    campaign = Campaign.objects.get(game="occulites")
    tribe = campaign.tribes.first().pk
    phone = _phone_with_text_size(new_phone, live_server, size)
    for path in PAGES:
        response = phone.goto(f"{live_server.url}/c/{campaign.pk}/" + path.format(tribe=tribe))
        assert response.status == 200, path
        assert_fits_a_phone(phone)
    for path in ["/occulites/builder/?tribe_type=hydris&level=veteran", "/rules/?q=boost", "/"]:
        phone.goto(live_server.url + path)
        assert_fits_a_phone(phone)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(games()))
@pytest.mark.django_db(transaction=True)
def test_every_tab_of_every_game_fits_a_phone(live_server, new_phone, game, size):
    call_command("demo_data", stdout=io.StringIO())
    campaign = Campaign.objects.filter(game=game, memberships__user__username="demo").first()
    phone = _phone_with_text_size(new_phone, live_server, size)
    registration = games()[game]
    urls = [reverse(tab.url_name, args=[campaign.pk]) for tab in registration.nav]
    urls += [reverse(page.url_name) for page in registration.stand_alone]
    for url in urls:
        response = phone.goto(live_server.url + url)
        assert response.status == 200, url
        assert_fits_a_phone(phone)
    # The menu, open, with its settings.
    phone.locator(".menu summary").tap()
    assert_fits_a_phone(phone)
