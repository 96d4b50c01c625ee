"""The Long Dark page at 360 px with dice rolled: the "Reroll with a physical die" form
(die to reroll, new value) stays inside the screen at every text size."""

import pytest

from campaigns.occulites import services
from campaigns.table.pwa import TEXT_SIZE_COOKIE, TEXT_SIZES
from tests.browser.conftest import assert_fits_a_phone, log_in


@pytest.mark.parametrize("size", [value for value, _label in TEXT_SIZES])
@pytest.mark.django_db(transaction=True)
def test_the_physical_reroll_form_fits_a_phone(live_server, new_phone, campaign, user, size):
    tribe = services.tribe_create(
        campaign=campaign, actor=user, name="Deep Pool With A Long Name", tribe_type="hydris"
    )
    services.tribe_sungems_change(tribe=tribe, actor=user, amount=12, reason="test")
    services.tribe_award_vp(tribe=tribe, actor=user, amount=20, reason="test")
    season = services.season_for(campaign)
    season.long_dark = True
    season.save()
    services.long_dark_roll(tribe=tribe, actor=user, dice=[9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8])
    phone = new_phone()
    phone.context.add_cookies([{"name": TEXT_SIZE_COOKIE, "value": size, "url": live_server.url}])
    log_in(phone, live_server.url, "owner")
    phone.goto(f"{live_server.url}/c/{campaign.pk}/occulites/long-dark/")
    phone.get_by_text("Reroll with a physical die").tap()
    select = phone.get_by_label("Die to reroll")
    select.wait_for()
    box = select.bounding_box()
    width = phone.evaluate("window.innerWidth")
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert_fits_a_phone(phone)
