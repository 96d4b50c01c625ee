"""Real-browser tests: Playwright for Python driving Debian's chromium at phone size.

They are part of `make test`. Where /usr/bin/chromium is missing they are skipped, except
when REQUIRE_BROWSER is set (CI), where a missing browser is a failure.
"""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    # Playwright's sync API runs an event loop in this thread; the ORM calls our tests make
    # here are still synchronous and safe. Set only while the browser is open.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"chromium not found at {CHROMIUM}")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def new_phone(browser):
    """Open a fresh phone-sized, touch-enabled browser context (its own cookies)."""
    contexts = []

    def open_phone(*, bypass_csp: bool = False, holds_requests: bool = False):
        # bypass_csp lets a test inject a script tag of its own (axe-core); the app itself
        # must satisfy its Content-Security-Policy (tests/browser/test_csp.py).
        # holds_requests: the test holds requests back with page.route, which does not see
        # what a page sends through its service worker, so the worker is not registered.
        context = browser.new_context(
            **PHONE,
            bypass_csp=bypass_csp,
            service_workers="block" if holds_requests else "allow",
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def assert_fits_a_phone(page) -> None:
    """No sideways scroll at the phone's width, and every visible control is at least 44 px
    tall (a thumb's tap target)."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow}px"
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, select, input:not([type=hidden]), summary, .tabs a')]
            .filter(e => e.offsetParent !== null)
            .filter(e => e.getBoundingClientRect().height < 44)
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert small == [], f"tap targets under 44px on {page.url}: {small}"


def log_in(page, base: str, username: str, password: str | None = None) -> None:
    """Log a test user in on this phone and wait for the home page."""
    from playwright.sync_api import expect

    from tests.factories import TEST_PASSWORD

    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password or TEST_PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
