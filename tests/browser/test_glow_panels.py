"""The Glow pages' closed panels on a phone: tapping a summary draws its form (htmx), the
form fits the phone, and using it works: a new pad from the plays page, a setting saved."""

import pytest
from playwright.sync_api import expect

from campaigns.glow.demo import populate_demo_group
from campaigns.glow.models import GlowSettings, Play
from campaigns.table import services
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.factories import UserFactory


@pytest.fixture
def glow_group(db):
    owner, friend = UserFactory(username="gwen"), UserFactory(username="hal")
    campaign = services.campaign_create(owner=owner, game="glow", name="Glow club")
    services.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_group(campaign=campaign, owner=owner, friend=friend)
    return campaign


@pytest.mark.django_db(transaction=True)
def test_a_new_pad_from_the_closed_panel(live_server, new_phone, glow_group):
    page = new_phone()
    log_in(page, live_server.url, "gwen")
    page.goto(f"{live_server.url}/c/{glow_group.pk}/glow/plays/")
    expect(page.locator('input[name="seat1_guest"]')).to_have_count(0)
    page.get_by_text("New score pad").tap()
    guest = page.locator('input[name="seat1_guest"]')
    expect(guest).to_be_visible()
    assert_fits_a_phone(page)
    plays = Play.objects.filter(campaign=glow_group).count()
    guest.fill("Quill")
    page.locator('select[name="seat1_adventurer"]').select_option("hulios")
    page.locator('input[name="seat2_guest"]').fill("Rook")
    page.locator('select[name="seat2_adventurer"]').select_option("elldir")
    page.get_by_role("button", name="Start the pad").tap()
    expect(page.get_by_role("button", name="Finish and lock the play")).to_be_visible()
    assert Play.objects.filter(campaign=glow_group).count() == plays + 1
    new_play = Play.objects.latest("pk")
    assert page.url == f"{live_server.url}/c/{glow_group.pk}/glow/plays/{new_play.pk}/"
    assert [seat.player_name for seat in new_play.seats.all()] == ["Quill", "Rook"]


@pytest.mark.django_db(transaction=True)
def test_every_settings_panel_opens_on_a_phone_and_saves(live_server, new_phone, glow_group):
    page = new_phone()
    log_in(page, live_server.url, "gwen")
    page.goto(f"{live_server.url}/c/{glow_group.pk}/glow/settings/")
    for summary in page.locator("details > summary").all():
        summary.tap()
    for part in ("adventurers", "tiles", "track", "villages", "archipelago", "specials", "bgg"):
        expect(page.locator(f"#panel-{part} form[method=post]")).to_have_count(1)
    assert_fits_a_phone(page)
    page.locator('input[name="bgg_id"]').fill("424242")
    page.locator("#panel-bgg").get_by_role("button", name="Save").tap()
    expect(page.locator('[data-setting="bgg"]')).to_contain_text("424242")
    assert GlowSettings.objects.get(campaign=glow_group).bgg_id == 424242
