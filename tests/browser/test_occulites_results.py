"""Recording a scenario's result and spending on a phone: a reborn penalty from the cards
flipped, buying an ability, and a second phone seeing the new totals without a reload."""

import random

import pytest
from playwright.sync_api import expect

from campaigns.occulites import services
from campaigns.occulites.models import Occulite
from campaigns.table import services as table_services
from tests.browser.conftest import log_in
from tests.factories import UserFactory

DECK = {1: 20, 2: 20, 3: 20, 4: 20, 5: 14}


def _table(draw: bool = True):
    """Two players, two tribes, the group's deck, and an Unexpected Skirmish drawn."""
    owner, friend = UserFactory(username="hydris"), UserFactory(username="palaudis")
    campaign = table_services.campaign_create(owner=owner, game="occulites", name="Rivals")
    table_services.membership_join(token=campaign.invite_token, user=friend)
    deep = services.tribe_create(
        campaign=campaign, actor=owner, name="Deep Pool", tribe_type="hydris", player=owner
    )
    reed = services.tribe_create(
        campaign=campaign, actor=friend, name="Reed Marsh", tribe_type="palaudis", player=friend
    )
    services.season_set_deck(campaign=campaign, actor=owner, card_counts=DECK)
    if draw:
        for tribe in (deep, reed):
            services.scenario_nominate(tribe=tribe, actor=owner, scenario_key="unexpected_skirmish")
        services.scenario_draw(campaign=campaign, actor=owner, rng=random.Random(0))
    return campaign, deep, reed


@pytest.mark.django_db(transaction=True)
def test_recording_a_scenario_with_a_reborn_penalty(live_server, new_phone):
    campaign, deep, _ = _table()
    base = live_server.url
    phone = new_phone()
    log_in(phone, base, "hydris")
    phone.goto(f"{base}/c/{campaign.pk}/occulites/")
    phone.get_by_role("link", name="Record result of Deep Pool").tap()

    expect(phone.get_by_role("heading", name="1. The result")).to_be_visible()
    phone.get_by_label("Wound inflicted on the enemy").fill("3")
    phone.get_by_label("Second", exact=True).check()
    phone.get_by_role("button", name="Record the result").tap()

    expect(phone.get_by_role("heading", name="3. Reborn penalties")).to_be_visible()
    assert phone.url.endswith("?step=reborn")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    expect(phone.locator('[data-total="total_vp"]')).to_have_text("3")
    second = phone.locator("article", has=phone.get_by_role("heading", name="Second"))
    for label, value in [
        ("Awareness", "4"),
        ("Speed", "1"),
        ("Attack", "3"),
        ("Defence", "1"),
        ("Health", "5"),
        ("Ability slot", "2"),
    ]:
        second.get_by_label(label, exact=True).fill(value)
    second.get_by_role("button", name="Apply these cards").tap()

    expect(phone.locator(".applied")).to_contain_text("Second reborn (Awareness 4, Speed 1")
    expect(phone.get_by_text("Speed, Defence lowered").first).to_be_visible()
    reborn = Occulite.objects.get(tribe=deep, position=1)
    assert (reborn.speed, reborn.defence) == (5, 3)

    phone.goto(f"{base}/c/{campaign.pk}/occulites/record/")
    expect(phone.get_by_text("+3 VP")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_buying_an_ability_on_the_spending_page(live_server, new_phone):
    campaign, deep, _ = _table(draw=False)
    owner = deep.player
    services.tribe_award_vp(tribe=deep, actor=owner, amount=3, reason="A good hunt")
    base = live_server.url
    phone = new_phone()
    log_in(phone, base, "hydris")
    phone.goto(f"{base}/c/{campaign.pk}/occulites/")
    phone.get_by_role("link", name="Spend for Deep Pool").tap()

    totals = phone.locator("#spend-totals")
    expect(totals).to_contain_text("Available Spend Total: 3 VP")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.get_by_label("Ability to learn").select_option(label="Chief: Slippery When Wet — 2 VP")
    phone.get_by_role("button", name="Learn it").tap()

    expect(phone.get_by_text("Chief learned Slippery When Wet for 2 VP")).to_be_visible()
    expect(totals).to_contain_text("Available Spend Total: 1 VP")
    # What the rules refuse is not on offer, and the reason is shown.
    options = phone.get_by_label("Ability to learn").locator("option").all_inner_texts()
    assert not any("Poison" in option for option in options)
    assert not any(option.startswith("Chief:") for option in options)
    phone.get_by_text("Why not the others?").first.tap()
    refusals = phone.locator("details.refusals").first
    expect(refusals).to_contain_text("Poison: Poison needs Slippery When Wet first")
    expect(refusals).to_contain_text(
        "Every Occulite needs 1 Learned Ability before any gets another"
    )
    assert services.tribe_totals(deep) == {"total_vp": 3, "available_spend_total": 1, "sungems": 0}


@pytest.mark.django_db(transaction=True)
def test_a_second_phone_sees_the_new_totals_on_the_sheet(live_server, new_phone):
    campaign, deep, _ = _table()
    base = live_server.url
    phone, other = new_phone(), new_phone()
    log_in(phone, base, "hydris")
    log_in(other, base, "palaudis")
    other.goto(f"{base}/c/{campaign.pk}/occulites/")
    deep_on_other = other.locator("section.tribe", has_text="Deep Pool")
    expect(deep_on_other.locator('[data-total="total_vp"]')).to_have_text("0")
    other.evaluate("window.__sameDocument = true")

    phone.goto(f"{base}/c/{campaign.pk}/occulites/record/{deep.pk}/")
    phone.get_by_label("Wound inflicted on the enemy").fill("2")
    phone.get_by_label("Tribe member (or two Luftles) holding a Sungem after 8 rounds").fill("1")
    phone.get_by_label("Sungems gained").fill("1")
    phone.get_by_role("button", name="Record the result").tap()
    expect(phone.locator('[data-total="total_vp"]').first).to_have_text("4")

    expect(deep_on_other.locator('[data-total="total_vp"]')).to_have_text("4", timeout=8_000)
    expect(deep_on_other.locator('[data-total="sungems"]')).to_have_text("1")
    assert other.evaluate("window.__sameDocument") is True
