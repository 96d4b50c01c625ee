"""The basic forms work with JavaScript switched off: plain posts and redirects."""

import pytest
from playwright.sync_api import expect

from rulesref.loading import sync_reference

PASSWORD = "sungem-night-42x"


@pytest.mark.django_db(transaction=True)
def test_the_main_forms_work_without_javascript(live_server, browser):
    sync_reference()
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 360, "height": 740}, has_touch=True
    )
    page = context.new_page()
    base = live_server.url
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Username").fill("nojs")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()

    page.get_by_label("Game").select_option("occulites")
    page.get_by_label("Campaign name").fill("Paper and pencil")
    page.get_by_role("button", name="Create campaign").click()
    expect(page.locator("#campaign-name")).to_have_text("Paper and pencil")

    page.get_by_text("Rename").click()
    page.get_by_label("Campaign name").fill("Still no script")
    page.get_by_role("button", name="Save name").click()
    expect(page.locator("#campaign-name")).to_have_text("Still no script")

    page.get_by_role("link", name="Sheet").click()
    page.get_by_label("Tribe name").fill("Mossback Pool")
    page.get_by_label("Tribe type").select_option("hydris")
    page.get_by_role("button", name="Found the tribe").click()
    expect(page.locator("#occulites-sheet")).to_contain_text("Mossback Pool")

    page.get_by_role("link", name="Season", exact=True).click()
    page.get_by_label("Scenario for Mossback Pool").select_option("returning_from_the_hunt")
    page.get_by_role("button", name="Nominate").click()
    page.get_by_role("button", name="Draw from the bag").click()
    expect(page.locator(".drawn-scenario")).to_have_text("1. Returning from the Hunt")

    page.get_by_role("link", name="Dice").click()
    page.get_by_label("Number of d10s").fill("3")
    page.get_by_label("Against stat").fill("4")
    page.get_by_label("Dice on the table").fill("0 4 9")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator("#d10-result")).to_contain_text("2 successes")

    page.goto(f"{base}/rules/?q=long+dark")
    expect(page.locator("#rules-results")).to_contain_text("The Long Dark")
    context.close()
