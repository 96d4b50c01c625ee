"""The season on two phones: nominating, a house value, the bag draw and a confirmed redraw
seen on the second phone without a reload; then the Long Dark's dice and a reroll."""

import re

import pytest
from playwright.sync_api import expect

from campaigns.occulites import services as occulites
from campaigns.table import services
from tests.browser.conftest import log_in
from tests.factories import UserFactory

HUNT = "returning_from_the_hunt"
RIDGE = "the_ridge"


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _two_tribes():
    owner, friend = UserFactory(username="palaudis"), UserFactory(username="hydris")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Sungem Season")
    services.membership_join(token=campaign.invite_token, user=friend)
    deep_pool = occulites.tribe_create(
        campaign=campaign, actor=owner, name="Deep Pool", tribe_type="hydris", player=owner
    )
    reed_marsh = occulites.tribe_create(
        campaign=campaign, actor=friend, name="Reed Marsh", tribe_type="palaudis", player=friend
    )
    return owner, campaign, deep_pool, reed_marsh


@pytest.mark.django_db(transaction=True)
def test_a_draw_on_one_phone_shows_on_the_other(live_server, new_phone):
    owner, campaign, deep_pool, reed_marsh = _two_tribes()
    occulites.tribe_award_vp(tribe=deep_pool, actor=owner, amount=2, reason="a won skirmish")
    base = live_server.url
    phone, other = new_phone(), new_phone()
    log_in(phone, base, "palaudis")
    log_in(other, base, "hydris")
    other.goto(f"{base}/c/{campaign.pk}/occulites/season/")
    other.evaluate("window.__sameDocument = true")

    phone.goto(f"{base}/c/{campaign.pk}/occulites/")
    phone.get_by_role("link", name="Season", exact=True).tap()
    expect(phone.get_by_text("Timeslot 1", exact=True)).to_be_visible()
    phone.get_by_label("Scenario for Deep Pool").select_option(HUNT)
    phone.locator(f"#nomination-{deep_pool.pk}").get_by_role("button", name="Nominate").tap()
    expect(phone.locator("#season-choice")).to_contain_text(
        "Deep Pool nominates 1. Returning from the Hunt"
    )

    # The second phone sees the nomination, nominates a scenario the table has no value for,
    # and enters the group's house value.
    expect(other.locator("#season-choice")).to_contain_text("Deep Pool nominates", timeout=6_000)
    other.get_by_label("Scenario for Reed Marsh").select_option(RIDGE)
    other.locator(f"#nomination-{reed_marsh.pk}").get_by_role("button", name="Nominate").tap()
    expect(other.locator("#missing-the_ridge")).to_contain_text("prints no value")
    other.get_by_label("House value for The Ridge").fill("2")
    other.get_by_role("button", name="Save house value").tap()
    expect(other.locator("#missing-the_ridge")).to_contain_text("The group's house value: 2")

    # The first phone draws; the second sees the drawn scenario without a reload.
    phone.get_by_role("button", name="Draw from the bag").tap()
    expect(phone.locator("#season-draw")).to_contain_text("Drawn from the bag")
    drawn = phone.locator(".drawn-scenario").inner_text()
    assert drawn in ("1. Returning from the Hunt", "3. The Ridge")
    expect(other.locator(".drawn-scenario")).to_have_text(drawn, timeout=6_000)
    assert fits_the_phone(phone)

    # A redraw asks first, then costs Deep Pool 1 VP; the other phone sees it too.
    phone.get_by_label("Tribe paying for the redraw").select_option(label="Deep Pool")
    phone.get_by_role("button", name="Redraw (1 VP)…").tap()
    expect(phone.locator("#season-draw")).to_contain_text("confirm to go ahead")
    # A live refresh (another phone's change, or the draw just made) must not wipe the
    # question away.
    phone.evaluate("htmx.trigger(document.body, 'campaign-changed')")
    phone.wait_for_timeout(2000)
    expect(phone.locator("#season-draw")).to_contain_text("Deep Pool has 2 Total VP and 2 to spend")
    phone.get_by_role("button", name="Pay 1 VP and redraw").tap()
    expect(phone.locator("#season-draw")).to_contain_text("redrawn 1 time")
    expect(other.locator("#season-draw")).to_contain_text("redrawn 1 time", timeout=6_000)
    assert occulites.tribe_totals(deep_pool)["total_vp"] == 1
    assert other.evaluate("window.__sameDocument") is True
    assert fits_the_phone(other)


@pytest.mark.django_db(transaction=True)
def test_a_long_dark_roll_shows_on_the_other_phone(live_server, new_phone):
    owner, campaign, deep_pool, reed_marsh = _two_tribes()
    occulites.tribe_award_vp(tribe=deep_pool, actor=owner, amount=20, reason="the season")
    occulites.tribe_sungems_change(tribe=deep_pool, actor=owner, amount=10, reason="the season")
    occulites.tribe_sungems_change(tribe=reed_marsh, actor=owner, amount=16, reason="the season")
    season = occulites.season_for(campaign)
    season.long_dark = True
    season.save()
    base = live_server.url
    phone, other = new_phone(), new_phone()
    log_in(phone, base, "palaudis")
    log_in(other, base, "hydris")
    other.goto(f"{base}/c/{campaign.pk}/occulites/long-dark/")
    expect(other.locator(f"#tribe-{reed_marsh.pk}")).to_contain_text("41.5%")

    # Reed Marsh's player is typing its dice while the other phone rolls.
    typing = other.locator(f"#tribe-{reed_marsh.pk}").get_by_label("Dice you rolled at the table")
    typing.fill("5 5 5")

    phone.goto(f"{base}/c/{campaign.pk}/occulites/season/")
    phone.get_by_role("link", name="The Long Dark").first.tap()
    tribe = phone.locator(f"#tribe-{deep_pool.pk}")
    tribe.get_by_label("Dice you rolled at the table").fill("9 9 9 9 9 9 9 9 5 2")
    tribe.get_by_role("button", name="Roll 10 Sungem dice").tap()
    expect(phone.locator(f"#tribe-{deep_pool.pk}")).to_contain_text("79 Heat")
    expect(other.locator(f"#tribe-{deep_pool.pk}")).to_contain_text("79 Heat", timeout=6_000)
    expect(typing).to_have_value("5 5 5")  # the refresh kept what was being typed
    assert fits_the_phone(phone)

    # A die tapped is rerolled by the app for 1 VP; the other phone sees it marked rerolled.
    phone.get_by_role("button", name="Reroll die 10 showing 2 for 1 VP").tap()
    rerolled = other.locator(f"#tribe-{deep_pool.pk} [aria-label^='Die 10: ']")
    expect(rerolled).to_have_attribute(
        "aria-label", re.compile(r"Die 10: \d, rerolled"), timeout=6_000
    )
    assert occulites.tribe_totals(deep_pool)["total_vp"] == 19


@pytest.mark.django_db(transaction=True)
def test_the_next_timeslot_waits_until_reborn_penalties_are_taken(live_server, new_phone):
    """Issue 12, point 1: a tribe that lost two Occulites must take their reborn penalties
    before the season moves on; the refusal names them and the penalties stay reachable."""
    owner, campaign, deep_pool, reed_marsh = _two_tribes()
    for tribe in (deep_pool, reed_marsh):
        occulites.scenario_nominate(tribe=tribe, actor=owner, scenario_key=HUNT)
    occulites.scenario_draw(campaign=campaign, actor=owner)
    second, third = deep_pool.occulites.get(position=1), deep_pool.occulites.get(position=2)
    occulites.scenario_result_record(
        tribe=deep_pool, actor=owner, vp_counts={}, occulites_killed=[second, third]
    )
    occulites.scenario_result_record(tribe=reed_marsh, actor=owner, vp_counts={})
    base = live_server.url
    phone = new_phone()
    log_in(phone, base, "palaudis")
    phone.goto(f"{base}/c/{campaign.pk}/occulites/record/")
    phone.get_by_role("button", name="Start timeslot 2").tap()
    expect(phone.locator("#record-list")).to_contain_text(
        "Reborn penalties are still owed (Deep Pool: Second, Third)"
    )
    assert occulites.season_for(campaign).timeslot == 1
    assert fits_the_phone(phone)

    # The penalties are still there to take, one Occulite at a time.
    cards = {"awareness": 4, "speed": 1, "attack": 3, "defence": 1, "health": 5, "ability_slot": 2}
    phone.goto(f"{base}/c/{campaign.pk}/occulites/record/{deep_pool.pk}/?step=reborn")
    for occulite in (second, third):
        card = phone.locator("article.reborn-card").filter(
            has=phone.locator(f"#reborn-{occulite.pk}-title")
        )
        for slot, value in cards.items():
            card.locator(f"[name='reborn-{occulite.pk}-{slot}']").fill(str(value))
        card.get_by_role("button", name=re.compile("Apply these cards")).tap()
        expect(phone.get_by_text(f"{occulite.name} reborn (").first).to_be_visible()
    phone.goto(f"{base}/c/{campaign.pk}/occulites/record/")
    phone.get_by_role("button", name="Start timeslot 2").tap()
    expect(phone.locator("#record-list")).to_contain_text("Timeslot 2 begins.")
    assert occulites.season_for(campaign).timeslot == 2


@pytest.mark.django_db(transaction=True)
def test_a_refresh_landing_while_my_redraw_is_sent_does_not_lose_its_answer(live_server, new_phone):
    """The order that once lost the confirmation: a live refresh of the region is already on
    its way when the player taps Redraw, and its answer arrives before the redraw's. The
    refresh waits; the redraw's question is shown."""
    owner, campaign, deep_pool, reed_marsh = _two_tribes()
    occulites.tribe_award_vp(tribe=deep_pool, actor=owner, amount=2, reason="a won skirmish")
    occulites.scenario_nominate(tribe=deep_pool, actor=owner, scenario_key=HUNT)
    occulites.scenario_nominate(tribe=reed_marsh, actor=owner, scenario_key=HUNT)
    occulites.scenario_draw(campaign=campaign, actor=owner)
    phone = new_phone(holds_requests=True)
    log_in(phone, live_server.url, "palaudis")
    season_url = f"{live_server.url}/c/{campaign.pk}/occulites/season/"
    phone.goto(season_url)
    expect(phone.locator("#season-draw")).to_contain_text("Drawn from the bag")

    held = {"refresh": [], "redraw": []}

    def hold(route, request):
        kind = "redraw" if request.method == "POST" else "refresh"
        if kind == "refresh" and not request.headers.get("hx-request"):
            route.continue_()
            return
        held[kind].append(route)

    phone.route(season_url, hold)
    phone.route(f"{season_url}redraw/", hold)
    phone.evaluate("htmx.trigger(document.body, 'campaign-changed')")
    phone.wait_for_timeout(300)
    assert held["refresh"], "the live refresh was asked for"

    phone.get_by_label("Tribe paying for the redraw").select_option(label="Deep Pool")
    phone.get_by_role("button", name="Redraw (1 VP)…").tap()
    phone.wait_for_timeout(300)
    assert held["redraw"], "the redraw was sent"

    for route in held["refresh"]:
        route.continue_()
    phone.wait_for_timeout(500)
    for route in held["redraw"]:
        route.continue_()
    expect(phone.locator("#season-draw")).to_contain_text("confirm to go ahead")
    expect(phone.locator("#season-draw")).to_contain_text("Deep Pool has 2 Total VP")
