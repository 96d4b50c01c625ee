"""The phone at the table as an app: the screen kept awake, installable (manifest and
service worker), and an honest offline page when the server cannot be reached."""

import json

import pytest
from playwright.sync_api import expect

from campaigns.table import services
from tests.browser.conftest import PHONE, log_in
from tests.factories import UserFactory

# Headless Chromium cannot hold a real screen wake lock: a stand-in that counts requests and
# releases, and a visibility the test can flip (as switching tabs would).
WAKE_LOCK_STUB = """
window.__wake = { requests: 0, releases: 0, last: null };
window.__visibility = "visible";
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => window.__visibility });
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request(type) {
    window.__wake.requests += 1;
    const listeners = [];
    const lock = { type, released: false,
      addEventListener(name, listener) { listeners.push(listener); },
      release() {
        if (!this.released) { this.released = true; window.__wake.releases += 1; listeners.forEach(l => l()); }
        return Promise.resolve();
      } };
    window.__wake.last = lock;
    return Promise.resolve(lock);
  } } });
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def _phone(browser, init_script=None):
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    if init_script:
        context.add_init_script(init_script)
    return context, context.new_page()


def _campaign(username: str, name: str = "Wide Awake"):
    owner = UserFactory(username=username)
    return owner, services.campaign_create(owner=owner, game="glow", name=name)


def _wake(page) -> dict:
    return page.evaluate("({requests: __wake.requests, releases: __wake.releases})")


@pytest.mark.django_db(transaction=True)
def test_a_campaign_page_keeps_the_screen_awake_with_a_toggle_kept_on_the_device(
    live_server, browser
):
    _, campaign = _campaign("wanda")
    context, page = _phone(browser, WAKE_LOCK_STUB)
    log_in(page, live_server.url, "wanda")
    # Not a campaign page: no lock.
    page.wait_for_timeout(300)
    assert _wake(page)["requests"] == 0

    page.goto(f"{live_server.url}/c/{campaign.pk}/")
    page.wait_for_function("__wake.requests === 1")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")

    # Back from another tab: the browser dropped the lock; it is asked for again.
    page.evaluate(
        """() => { __visibility = "hidden"; __wake.last.release();
                   document.dispatchEvent(new Event("visibilitychange"));
                   __visibility = "visible"; document.dispatchEvent(new Event("visibilitychange")); }"""
    )
    page.wait_for_function("__wake.requests === 2")

    # Switched off in the menu: released, and stays off on this device after a reload.
    page.locator(".menu summary").tap()
    toggle = page.get_by_role("button", name="Keep the screen awake")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert _wake(page)["releases"] == 2
    assert page.evaluate("localStorage.getItem('dawn.keepAwake')") == "off"
    page.reload()
    page.wait_for_timeout(500)
    assert _wake(page)["requests"] == 0
    page.locator(".menu summary").tap()
    expect(toggle).to_have_attribute("aria-pressed", "false")

    # And on again.
    toggle.tap()
    page.wait_for_function("__wake.requests === 1")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_without_the_wake_lock_api_the_toggle_is_absent_and_nothing_breaks(live_server, browser):
    _, campaign = _campaign("walt")
    context, page = _phone(browser, NO_WAKE_LOCK)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, live_server.url, "walt")
    page.goto(f"{live_server.url}/c/{campaign.pk}/")
    page.locator(".menu summary").tap()
    expect(page.get_by_role("button", name="Keep the screen awake")).to_be_hidden()
    expect(page.get_by_role("button", name="Light theme")).to_be_visible()
    assert errors == []
    context.close()


def _wait_for_service_worker(page) -> None:
    # Polled with evaluate: wait_for_function's string predicates need eval, which the
    # app's Content-Security-Policy forbids in the page.
    for _ in range(100):
        if page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("no service worker controls the page")


@pytest.mark.django_db(transaction=True)
def test_the_app_is_installable(live_server, browser):
    """What Lighthouse's installable-manifest audit asks Chromium (`make lighthouse` runs the
    audit itself): the manifest parses with no errors, icons 192 and 512, a service worker
    controls the page, and Chromium reports no installability errors."""
    context, page = _phone(browser)
    page.goto(f"{live_server.url}/accounts/login/")
    page.reload()  # the worker claims the page it installed from; a reload is controlled too
    _wait_for_service_worker(page)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    parsed = json.loads(manifest["data"])
    sizes = {icon["sizes"] for icon in parsed["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in parsed["icons"]:
        assert page.request.get(live_server.url + icon["src"]).ok, icon["src"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Test contexts are incognito; Lighthouse's audit drops that one error the same way.
    errors = [error for error in errors if error["errorId"] != "in-incognito"]
    assert errors == [], errors
    context.close()


@pytest.mark.django_db(transaction=True)
def test_offline_the_phone_says_the_table_is_unreachable_and_never_shows_an_old_page(
    live_server, browser
):
    owner, campaign = _campaign("olga", name="Signal Lost")
    context, page = _phone(browser)
    log_in(page, live_server.url, "olga")
    url = f"{live_server.url}/c/{campaign.pk}/"
    page.goto(url)
    _wait_for_service_worker(page)
    expect(page.locator("#campaign-name")).to_have_text("Signal Lost")

    # Online, a reload is always the current page, never a copy the worker kept.
    services.campaign_rename(campaign=campaign, actor=owner, name="Signal Found")
    page.reload()
    expect(page.locator("#campaign-name")).to_have_text("Signal Found")

    # Offline: the notice, not the campaign.
    context.set_offline(True)
    services.campaign_rename(campaign=campaign, actor=owner, name="Changed Meanwhile")
    page.goto(url)
    expect(page.get_by_role("heading", name="The table is unreachable")).to_be_visible()
    expect(page.locator("[data-offline-page]")).not_to_contain_text("Signal")
    expect(page.get_by_role("status")).to_contain_text("Retrying")

    # Back online: it retries by itself and shows the campaign as it is now.
    context.set_offline(False)
    expect(page.locator("#campaign-name")).to_have_text("Changed Meanwhile", timeout=15_000)
    context.close()


@pytest.mark.django_db(transaction=True)
def test_text_size_is_chosen_in_the_menu_without_javascript(live_server, browser):
    _campaign("tess")
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server.url, "tess")
    page.goto(f"{live_server.url}/rules/?q=leap")
    page.locator(".menu summary").tap()
    page.get_by_role("button", name="Extra large").tap()
    expect(page.locator("html")).to_have_attribute("data-text-size", "xlarge")
    assert page.url.endswith("/rules/?q=leap")
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert round(size, 1) == round(17 * 1.4, 1)
    page.locator(".menu summary").tap()
    expect(page.get_by_role("button", name="Extra large")).to_have_attribute("aria-pressed", "true")
    context.close()
