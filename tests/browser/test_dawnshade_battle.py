"""Dawnshade's battle on two 360 px phones: two rounds of turns taken on one phone, hits
entered and target cards revealed, the other phone following live."""

import pytest
from playwright.sync_api import expect

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Foe
from campaigns.table import services as table
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.dawnshade.conftest import make_kinship
from tests.factories import UserFactory


def _battle_ready():
    owner, friend = UserFactory(username="ash-player"), UserFactory(username="flash-player")
    campaign = table.campaign_create(owner=owner, game="dawnshade", name="Battle Night")
    table.membership_join(token=campaign.invite_token, user=friend)
    make_kinship(campaign, owner)
    services.chapter_start(campaign=campaign, actor=owner)
    for name in ("Alouatta Howler", "Razorback Magus"):
        services.foe_add(
            campaign=campaign,
            actor=owner,
            name=name,
            faction="might",
            hp=12,
            sld=1,
            atk=1,
            defense=1,
        )
    services.kinship_move(campaign=campaign, actor=owner, tile_type="battle", hexes=1)
    return campaign, owner, friend


@pytest.mark.django_db(transaction=True)
def test_two_rounds_of_a_battle_on_two_phones(live_server, new_phone):
    campaign, owner, friend = _battle_ready()
    howler, magus = Foe.objects.order_by("name")
    mine, theirs = new_phone(), new_phone()
    log_in(mine, live_server.url, owner.username)
    log_in(theirs, live_server.url, friend.username)
    battle_url = f"{live_server.url}/c/{campaign.pk}/dawnshade/battle/"
    mine.goto(battle_url)
    assert_fits_a_phone(mine)
    mine.get_by_label("Ring I", exact=True).select_option(str(howler.pk))
    mine.get_by_label("Ring II", exact=True).select_option(str(magus.pk))
    mine.get_by_label("Logbook special instructions").fill("The Magus only falls last")
    mine.get_by_role("button", name="Begin the battle").tap()
    expect(mine.locator("[data-round]")).to_have_text("1")
    expect(mine.locator("[data-logbook-note]")).to_contain_text("The Magus only falls last")
    assert_fits_a_phone(mine)

    theirs.goto(battle_url)
    theirs.evaluate("window.__sameDocument = true")
    expect(theirs.locator("[data-round]")).to_have_text("1")

    region = mine.locator("#dawnshade-battle")
    for turn in range(6):
        expect(mine.locator("[data-turn]")).to_be_visible()
        entry = mine.locator("[data-undo-entry]").get_attribute("data-undo-entry")
        if mine.get_by_role("button", name="Reveal a Target Card").count():
            mine.get_by_role("button", name="Reveal a Target Card").tap()
        else:
            mine.get_by_label("Target", exact=True).select_option("foe:I")
            mine.get_by_role("spinbutton", name="Hits rolled").fill("1")
            mine.get_by_role("button", name="Apply damage").tap()
        # Wait for the answer before the next tap, so it comes from the fresh region.
        expect(mine.locator("[data-undo-entry]")).not_to_have_attribute("data-undo-entry", entry)
        expect(mine.locator("[data-refused]")).to_have_count(0)
        mine.get_by_role("button", name="Next turn").tap()
        expect(region).to_have_attribute("data-turn-number", str(turn + 1))
        if turn == 2:
            expect(mine.locator("[data-round]")).to_have_text("2")
            assert_fits_a_phone(mine)
    expect(mine.locator("[data-round]")).to_have_text("3")
    expect(mine.locator("[data-rounds-left]")).to_have_text("3")
    # The other phone follows without reloading the page.
    expect(theirs.locator("[data-round]")).to_have_text("3", timeout=10_000)
    assert theirs.evaluate("window.__sameDocument") is True
    hp = theirs.locator("[data-stack='foe:I'] [data-hp]")
    expect(hp).not_to_have_text("12")
    assert_fits_a_phone(theirs)
