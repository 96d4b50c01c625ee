"""The Glow setup helper at 360x740, without logging in."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_a_phone


@pytest.mark.django_db(transaction=True)
def test_the_setup_helper_on_a_phone(live_server, new_phone):
    page = new_phone()
    page.goto(f"{live_server.url}/glow/setup/")
    assert_fits_a_phone(page)
    page.get_by_label("Players", exact=True).select_option("5")
    page.get_by_label("Elemental").first.check()
    page.get_by_label("Anibloom").first.check()
    page.get_by_role("button", name="Show the setup").tap()
    plan = page.locator("[data-setup-plan]")
    expect(plan).to_have_attribute("data-companions", "62")
    expect(plan.locator('[data-step="small_dice"]')).to_contain_text("13 small dice")
    expect(plan.locator('[data-step="small_dice"] [data-gap]')).to_contain_text("illustration")
    assert_fits_a_phone(page)

    # A solo game with Elemental is refused with the reason beside the sets.
    page.get_by_label("Players", exact=True).select_option("1")
    page.get_by_role("button", name="Show the setup").tap()
    expect(page.locator("#id_sets_error")).to_contain_text("Anibloom set only")
    expect(page.locator("[data-setup-plan]")).to_have_count(0)
    assert_fits_a_phone(page)
