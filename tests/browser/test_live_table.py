"""Two phones at one table: sign up, create, invite, join, and see each other's changes."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_a_phone, log_in

PASSWORD = "sungem-night-42x"


def sign_up(page, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").tap()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_second_phone_joins_by_invite_and_sees_changes_live(live_server, new_phone, settings):
    base = live_server.url
    alice, bob, carol = new_phone(), new_phone(), new_phone()

    sign_up(alice, base, "alice")
    alice.get_by_label("Game").select_option("occulites")
    alice.get_by_label("Campaign name").fill("Season of Sungems")
    alice.get_by_role("button", name="Create campaign").tap()
    expect(alice.locator("#campaign-name")).to_have_text("Season of Sungems")
    campaign_url = alice.url

    alice.get_by_role("link", name="Members").tap()
    invite_url = alice.get_by_role("textbox", name="Invite link").input_value()
    assert "/join/" in invite_url

    sign_up(bob, base, "bob")
    bob.goto(invite_url)
    bob.get_by_role("button", name="Join as a player").tap()
    expect(bob.locator("#campaign-name")).to_have_text("Season of Sungems")
    bob.evaluate("window.__sameDocument = true")

    # Alice renames the campaign: Bob's phone shows it without a reload.
    alice.goto(campaign_url)
    alice.get_by_text("Rename").tap()
    alice.get_by_label("Campaign name").fill("Long Dark Coming")
    alice.get_by_role("button", name="Save name").tap()
    expect(alice.locator("#campaign-name")).to_have_text("Long Dark Coming")
    expect(bob.locator("#campaign-name")).to_have_text("Long Dark Coming", timeout=6_000)

    # Alice rolls dice: the roll appears in Bob's shared log, still without a reload.
    alice.get_by_label("Number of dice").fill("3")
    alice.get_by_label("Dice type").select_option("10")
    alice.get_by_role("button", name="Roll").tap()
    expect(alice.locator("#draw-log")).to_contain_text("3d10")
    expect(bob.locator("#draw-log")).to_contain_text("alice", timeout=6_000)
    expect(bob.locator("#draw-log")).to_contain_text("3d10")
    assert bob.evaluate("window.__sameDocument") is True

    # A third account gets 404 for the campaign.
    sign_up(carol, base, "carol")
    response = carol.goto(campaign_url)
    assert response.status == 404
    expect(carol.get_by_role("heading", name="Nothing here")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_pages_fit_a_360px_phone(live_server, new_phone):
    page = new_phone()
    sign_up(page, live_server.url, "dora")
    page.get_by_label("Campaign name").fill("Narrow screen")
    page.get_by_role("button", name="Create campaign").tap()
    expect(page.locator("#campaign-name")).to_have_text("Narrow screen")
    campaign_url = page.url
    for url in [
        f"{live_server.url}/",
        campaign_url,
        campaign_url + "history/",
        campaign_url + "members/",
    ]:
        page.goto(url)
        assert_fits_a_phone(page)


@pytest.mark.django_db(transaction=True)
def test_reconnecting_banner_shows_when_the_server_is_unreachable(live_server, new_phone):
    page = new_phone()
    sign_up(page, live_server.url, "erin")
    page.get_by_label("Campaign name").fill("Flaky wifi")
    page.get_by_role("button", name="Create campaign").tap()
    expect(page.locator("#campaign-name")).to_have_text("Flaky wifi")
    page.route("**/version/**", lambda route: route.abort())
    expect(page.locator("#live-status")).to_be_visible(timeout=6_000)
    page.unroute("**/version/**")
    expect(page.locator("#live-status")).to_be_hidden(timeout=6_000)


@pytest.mark.django_db(transaction=True)
def test_a_live_refresh_waits_while_a_form_is_open_then_catches_up(live_server, new_phone):
    from campaigns.table import services
    from tests.factories import UserFactory

    owner = UserFactory(username="fay")
    campaign = services.campaign_create(owner=owner, game="glow", name="Before")
    page = new_phone()
    log_in(page, live_server.url, "fay")
    page.goto(f"{live_server.url}/c/{campaign.pk}/")
    page.get_by_text("Rename").tap()
    page.get_by_label("Campaign name").fill("Half-typed")

    # Another phone renames the campaign: the open form keeps what is being typed.
    services.campaign_rename(campaign=campaign, actor=owner, name="Renamed elsewhere")
    page.wait_for_timeout(3_000)
    expect(page.get_by_label("Campaign name")).to_have_value("Half-typed")

    # Closing the form lets the page catch up at once.
    page.get_by_text("Rename").tap()
    expect(page.locator("#campaign-name")).to_have_text("Renamed elsewhere", timeout=6_000)
