"""Live refresh at the table: another phone's change catches the eye (the changed values
flash, the page says who changed what), and the refresh slows down when the table is quiet."""

import time
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from campaigns.occulites.services import tribe_award_vp, tribe_create
from campaigns.table import services
from campaigns.table.models import Role
from tests.browser.conftest import PHONE, log_in
from tests.factories import MembershipFactory, UserFactory


def _occulites_table():
    mia = UserFactory(username="mia")
    campaign = services.campaign_create(owner=mia, game="occulites", name="Eye Catching")
    MembershipFactory(campaign=campaign, role=Role.PLAYER, user=UserFactory(username="bob"))
    tribe = tribe_create(campaign=campaign, actor=mia, name="Mossback Pool", tribe_type="hydris")
    return mia, campaign, tribe


def _phone(browser, **options):
    context = browser.new_context(**PHONE, **options)
    context.set_default_timeout(10_000)
    return context, context.new_page()


@pytest.mark.django_db(transaction=True)
def test_another_phones_change_flashes_the_changed_value_and_says_who(live_server, browser):
    mia, campaign, tribe = _occulites_table()
    context, bob = _phone(browser)
    log_in(bob, live_server.url, "bob")
    bob.goto(f"{live_server.url}/c/{campaign.pk}/occulites/")
    total_vp = bob.locator('[data-total="total_vp"]').first
    expect(total_vp).to_have_text("0")

    entry = tribe_award_vp(tribe=tribe, actor=mia, amount=3, reason="Won the skirmish")

    expect(total_vp).to_have_text("3", timeout=6_000)
    expect(total_vp).to_have_attribute("data-live-changed", "")
    # Sungems did not change, so they do not flash.
    expect(bob.locator('[data-total="sungems"]').first).not_to_have_attribute(
        "data-live-changed", ""
    )
    announcement = bob.locator("#live-change")
    expect(announcement).to_have_attribute("aria-live", "polite")
    expect(announcement).to_have_text(f"mia: {entry.reason}")
    expect(bob.locator("#occulites-sheet [data-live-who]")).to_have_text(f"mia: {entry.reason}")
    # Briefly: the highlight and the note go away by themselves.
    expect(total_vp).not_to_have_attribute("data-live-changed", "", timeout=6_000)
    expect(bob.locator("[data-live-who]")).to_have_count(0, timeout=6_000)
    context.close()


@pytest.mark.django_db(transaction=True)
def test_with_reduced_motion_the_change_is_outlined_not_animated(live_server, browser):
    mia, campaign, tribe = _occulites_table()
    context, bob = _phone(browser, reduced_motion="reduce")
    log_in(bob, live_server.url, "bob")
    bob.goto(f"{live_server.url}/c/{campaign.pk}/occulites/")
    tribe_award_vp(tribe=tribe, actor=mia, amount=2, reason="Held the ridge")
    total_vp = bob.locator('[data-total="total_vp"][data-live-changed]').first
    expect(total_vp).to_have_text("2", timeout=6_000)
    style = total_vp.evaluate(
        "e => { const s = getComputedStyle(e); return [s.animationName, s.outlineStyle]; }"
    )
    assert style == ["none", "solid"]
    context.close()


@pytest.mark.django_db(transaction=True)
def test_my_own_change_is_not_announced_back_to_me(live_server, browser):
    mia, campaign, tribe = _occulites_table()
    context, phone = _phone(browser)
    log_in(phone, live_server.url, "mia")
    phone.goto(f"{live_server.url}/c/{campaign.pk}/occulites/")
    tribe_award_vp(tribe=tribe, actor=mia, amount=1, reason="From my other phone")
    expect(phone.locator('[data-total="total_vp"]').first).to_have_text("1", timeout=6_000)
    expect(phone.locator("#live-change")).to_have_text("")
    expect(phone.locator("[data-live-changed]")).to_have_count(0)
    context.close()


def _poll_times(page) -> list[float]:
    times = []
    page.on("request", lambda r: "/version/" in r.url and times.append(time.monotonic()))
    return times


@pytest.mark.django_db(transaction=True)
def test_live_refresh_slows_when_the_table_is_quiet_and_snaps_back(live_server, browser):
    owner = UserFactory(username="quinn")
    campaign = services.campaign_create(owner=owner, game="glow", name="Quiet Table")
    context, page = _phone(browser)
    # A quiet "minute" of 7 s and a slow pace of 6 s, so the test need not wait a minute.
    context.add_init_script("window.dawnLiveTiming = { quietMs: 7000, slowMs: 6000 };")
    log_in(page, live_server.url, "quinn")
    polls = _poll_times(page)
    page.goto(f"{live_server.url}/c/{campaign.pk}/")
    html = page.locator("html")

    # Active: a poll every tick (2 s).
    page.wait_for_timeout(6_500)
    fast = [b - a for a, b in zip(polls, polls[1:], strict=False)]
    assert fast and max(fast) < 3, fast

    # Quiet: the pace drops to about 6 s.
    expect(html).to_have_attribute("data-live-poll", "slow", timeout=4_000)
    start = len(polls)
    page.wait_for_timeout(13_000)
    slow = [b - a for a, b in zip(polls[start:], polls[start + 1 :], strict=False)]
    assert slow and min(slow) > 4.5, slow

    # This phone acts (an htmx request): back to every tick at once.
    page.get_by_label("Number of dice").fill("2")
    page.get_by_role("button", name="Roll").tap()
    expect(html).to_have_attribute("data-live-poll", "fast")
    acted = time.monotonic()
    page.wait_for_timeout(2_500)
    assert any(t > acted for t in polls), "no poll within a tick of acting"

    # Another phone's change, seen by a poll, makes it fast again.
    expect(html).to_have_attribute("data-live-poll", "slow", timeout=10_000)
    services.campaign_rename(campaign=campaign, actor=owner, name="Loud Table")
    expect(page.locator("#campaign-name")).to_have_text("Loud Table", timeout=8_000)
    expect(html).to_have_attribute("data-live-poll", "fast")

    # Coming back to the tab: asks at once.
    expect(html).to_have_attribute("data-live-poll", "slow", timeout=10_000)
    page.wait_for_timeout(1_000)
    before = len(polls)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(500)
    # At least the one it asks at once (a regular tick may land in the same half second).
    assert len(polls) >= before + 1
    expect(html).to_have_attribute("data-live-poll", "fast")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_region_my_own_write_answered_is_not_reloaded_for_that_change(live_server, browser):
    """The roll's answer is the dice log at the new version: when the poll then says the
    campaign changed, the log stays as it is and only the header, which the roll did not
    redraw, reloads; another phone's roll reloads the log."""
    owner = UserFactory(username="rhea")
    campaign = services.campaign_create(owner=owner, game="glow", name="Own Writes")
    context, page = _phone(browser)
    log_in(page, live_server.url, "rhea")
    reloads = []
    page.on(
        "request",
        lambda request: (
            request.method == "GET"
            and request.headers.get("hx-request")
            and "/version/" not in request.url
            and reloads.append(request.url)
        ),
    )
    page.goto(f"{live_server.url}/c/{campaign.pk}/")
    page.get_by_label("Number of dice").fill("2")
    page.get_by_role("button", name="Roll").tap()
    log = page.locator("#draw-log")
    expect(log.locator("li .what")).to_have_count(1)
    shown = int(log.get_attribute("data-live-version"))
    campaign.refresh_from_db()
    assert shown == campaign.version  # the roll's own
    # The next poll sees the roll's version: the header reloads, the log does not.
    deadline = time.monotonic() + 6
    while not any("/header/" in url for url in reloads) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert any("/header/" in url for url in reloads), reloads
    assert not any("/draws/" in url for url in reloads), reloads

    services.dice_roll(campaign=campaign, actor=owner, count=1, sides=6)
    expect(log.locator("li .what")).to_have_count(2, timeout=6_000)
    assert any("/draws/" in url for url in reloads), reloads
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_live_region_reloads_with_the_page_s_poll_ticket(live_server, browser):
    """app.js sends the poller's ticket with a live region's reload (X-Dawn-Ticket), so the
    server can find the member without the session (campaigns/table/access.py)."""
    mia, campaign, tribe = _occulites_table()
    context, bob = _phone(browser)
    log_in(bob, live_server.url, "bob")
    bob.goto(f"{live_server.url}/c/{campaign.pk}/occulites/")
    tickets = {_ticket_of(bob.locator("#live-poller").get_attribute("hx-get"))}
    reloads = []
    bob.on(
        "request",
        lambda request: (
            reloads.append(request.headers)
            if request.method == "GET" and request.headers.get("hx-target") == "occulites-sheet"
            else None
        ),
    )

    tribe_award_vp(tribe=tribe, actor=mia, amount=3, reason="Won the skirmish")

    expect(bob.locator('[data-total="total_vp"]').first).to_have_text("3", timeout=6_000)
    # The poller's answer to the change hands in the next ticket: either may ride along.
    tickets.add(_ticket_of(bob.locator("#live-poller").get_attribute("hx-get")))
    assert reloads
    assert all(headers.get("x-dawn-ticket") in tickets for headers in reloads)
    context.close()


def _ticket_of(poll_url: str) -> str:
    return parse_qs(urlsplit(poll_url).query)["k"][0]
