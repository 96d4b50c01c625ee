"""Scenario helpers on a phone: the cards revealed, the Podmothine, the Reborn Track and the
Tribal Tokens, with a second phone at the table seeing every change without reloading."""

import pytest
from playwright.sync_api import expect

from campaigns.occulites import services as occulites_services
from campaigns.table import services
from tests.browser.conftest import log_in
from tests.factories import UserFactory

LIVE = 6_000  # the pages poll every 2 s


@pytest.mark.django_db(transaction=True)
def test_two_helpers_on_one_phone_seen_live_on_another(live_server, new_phone):
    owner, friend = UserFactory(username="podmothine"), UserFactory(username="tentacle")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Seedpod")
    services.membership_join(token=campaign.invite_token, user=friend)
    occulites_services.tribe_create(
        campaign=campaign, actor=owner, name="Deep Pool", tribe_type="hydris"
    )
    base = live_server.url
    helpers = f"{base}/c/{campaign.pk}/occulites/helpers/"
    phone, other = new_phone(), new_phone()
    log_in(phone, base, "podmothine")
    log_in(other, base, "tentacle")
    other.goto(helpers + "podmothine/")
    other.evaluate("window.__sameDocument = true")

    # Cards revealed: The Podmothine, and its first Event card.
    phone.goto(f"{base}/c/{campaign.pk}/occulites/")
    phone.get_by_role("link", name="Helpers").tap()
    phone.get_by_label("Scenario being played").select_option("7")
    phone.get_by_role("button", name="Start tracking").tap()
    cards = phone.locator("#cards-panel")
    expect(cards).to_contain_text("7. The Podmothine")
    phone.get_by_role("button", name="Event card revealed").tap()
    expect(cards).to_contain_text("Tentacles activate on 0-3")
    activates_on = other.locator('[data-count="activates-on"]')
    expect(activates_on).to_have_text("0-3", timeout=LIVE)

    # The Podmothine: a tentacle leaves the body, then the activation dice typed in.
    phone.get_by_role("navigation", name="Scenario helpers").get_by_role(
        "link", name="Podmothine"
    ).tap()
    phone.get_by_role("button", name="…leaves the body").tap()
    expect(phone.locator('[data-count="on-body"]')).to_have_text("5")
    phone.get_by_label("Tentacle dice on the table").fill("0 4 3 9 1 5")
    phone.get_by_role("button", name="Roll for the tentacles").tap()
    expect(phone.locator("#podmothine-panel")).to_contain_text("3 tentacles activate")
    expect(phone.get_by_label("Tentacle dice on the table")).to_have_value("")
    expect(other.locator("#podmothine-panel")).to_contain_text("3 tentacles activate", timeout=LIVE)
    expect(other.locator('[data-count="on-body"]')).to_have_text("5")
    assert other.evaluate("window.__sameDocument") is True  # live, never reloaded
    # A refused roll shows its reason beside the field, on this phone only.
    phone.get_by_label("Tentacle dice on the table").fill("0 1")
    phone.get_by_role("button", name="Roll for the tentacles").tap()
    expect(phone.locator("#activate-form")).to_contain_text("This roll takes 6 dice, not 2")

    # The Reborn Track: the rulebook's Grublic example, then a Reborn action.
    other.goto(helpers + "reborn-track/")
    phone.get_by_role("link", name="Reborn Track").first.tap()
    phone.get_by_label("…or type a figure's name").fill("Grublic")
    phone.get_by_label("Health it had left").fill("1")
    phone.get_by_label("Health it lost").fill("2")
    phone.get_by_role("button", name="Place on the track").tap()
    track = phone.locator("#reborn-track-panel")
    expect(track).to_contain_text("Grublic placed on space 3 (1 wound past 0).")
    expect(other.locator("#reborn-track-panel")).to_contain_text(
        "Grublic placed on space 3", timeout=LIVE
    )
    phone.get_by_role("button", name="Reborn action for Grublic").tap()
    expect(track).to_contain_text("Grublic moved from space 3 to 2.")
    expect(other.locator("#reborn-track-panel")).to_contain_text("from space 3 to 2", timeout=LIVE)

    # Tribal Tokens: a spend on one phone shows on the other.
    other.goto(f"{base}/c/{campaign.pk}/occulites/tokens/")
    phone.get_by_role("link", name="Tokens").tap()
    phone.get_by_label("Spend a token on").select_option("draw_three_cards")
    phone.get_by_role("button", name="Spend on Second").tap()
    expect(phone.locator('[data-count="left"]').first).to_have_text("4")
    expect(other.locator('[data-count="left"]').first).to_have_text("4", timeout=LIVE)
    expect(other.locator("#tokens-panel")).to_contain_text("Second — Draw 3 cards")


@pytest.mark.django_db(transaction=True)
def test_helper_pages_fit_a_phone_without_sideways_scrolling(live_server, new_phone):
    owner = UserFactory(username="narrow")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Narrow table")
    occulites_services.tribe_create(
        campaign=campaign,
        actor=owner,
        name="A tribe with a rather long name",
        tribe_type="palaudis",
    )
    base = live_server.url
    phone = new_phone()
    log_in(phone, base, "narrow")
    helpers = f"{base}/c/{campaign.pk}/occulites/helpers/"
    for path in (
        "",
        "podmothine/",
        "pry-sungem/",
        "skirmish/",
        "ridge/",
        "siege/",
        "reborn-track/",
        "awareness/",
    ):
        phone.goto(helpers + path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, path
    phone.goto(f"{base}/c/{campaign.pk}/occulites/tokens/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    for button in phone.get_by_role("button").all():
        box = button.bounding_box()
        if box and button.is_visible():
            assert box["height"] >= 44, button.inner_text()


@pytest.mark.django_db(transaction=True)
def test_two_quick_token_spends_both_count_while_the_server_is_slow(live_server, new_phone):
    """A Chief's tokens spent on two figures in quick succession, the first still on its way
    when the second is tapped: both are recorded, each with the use chosen when tapped."""
    owner = UserFactory(username="quick")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Quick hands")
    occulites_services.tribe_create(
        campaign=campaign, actor=owner, name="Deep Pool", tribe_type="hydris"
    )
    phone = new_phone(holds_requests=True)
    log_in(phone, live_server.url, "quick")
    phone.goto(f"{live_server.url}/c/{campaign.pk}/occulites/tokens/")
    held = []
    phone.route("**/tokens/spend/", lambda route, request: held.append(route))

    phone.get_by_label("Spend a token on").first.select_option("draw_three_cards")
    phone.get_by_role("button", name="Spend on Second").tap()
    phone.get_by_label("Spend a token on").first.select_option("healing_mucus")
    phone.get_by_role("button", name="Spend on Third").tap()
    phone.wait_for_timeout(300)
    assert len(held) == 1, "one spend at a time goes to the server"
    for _ in range(50):
        while held:
            held.pop(0).continue_()
        if phone.locator('[data-count="left"]').first.inner_text() == "3":
            break
        phone.wait_for_timeout(100)
    panel = phone.locator("#tokens-panel")
    expect(phone.locator('[data-count="left"]').first).to_have_text("3")
    expect(panel).to_contain_text("Second — Draw 3 cards")
    expect(panel).to_contain_text("Third — Healing Mucus")
