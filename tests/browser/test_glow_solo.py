"""A solo game against Tom at 360x740: set Tom up, take sections round after round, answer
the score-track question once, and see the result against Tom."""

import pytest
from playwright.sync_api import expect

from campaigns.glow import services as glow
from campaigns.table import services
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.factories import UserFactory

FACES = [(1, "+"), (2, "-"), (3, "+"), (1, "-"), (2, "+"), (3, "-"), (2, "+"), (1, "+")]
VILLAGES = [(3, 1), (5, 1), (8, 1), (12, 2), (15, 2), (18, 3), (21, 4), (25, 5), (30, 3)]


@pytest.mark.django_db(transaction=True)
def test_a_solo_game_against_tom_on_a_phone(live_server, new_phone):
    solo = UserFactory(username="sol")
    campaign = services.campaign_create(owner=solo, game="glow", name="Just me")
    glow.settings_tile_faces_set(campaign=campaign, actor=solo, faces=FACES)
    glow.settings_villages_set(campaign=campaign, actor=solo, villages=VILLAGES)
    page = new_phone()
    log_in(page, live_server.url, "sol")
    page.goto(f"{live_server.url}/c/{campaign.pk}/glow/solo/")
    assert_fits_a_phone(page)

    page.get_by_label("Player").select_option(label="sol")
    page.get_by_label("Your adventurer").select_option("elldir")
    page.get_by_label("Tom's first large die: colour").fill("yellow")
    page.get_by_label("Tom's second large die: colour").fill("purple")
    page.get_by_role("button", name="Set Tom up and start").tap()
    expect(page.locator("#id_solo_tom_die_1_error")).to_contain_text("yellow and the purple")

    page.get_by_label("Tom's second large die: colour").fill("red")
    page.get_by_role("button", name="Set Tom up and start").tap()
    tom = page.locator("#tom")
    expect(tom).to_have_attribute("data-tom-score", "10")
    assert_fits_a_phone(page)

    page.get_by_role("button", name="Special side: Tom +3").tap()
    expect(tom).to_have_attribute("data-tom-score", "13")

    rounds = 0
    while page.locator("#tom[data-game-over]").count() == 0 and rounds < 12:
        rounds += 1
        tile = page.locator("#tom .glow-tiles li:has(form)").first
        asked = tile.locator("input[name=track_bonus]")
        if asked.count():
            asked.fill("1" if rounds == 3 else "0")
        tile.get_by_role("button").tap()
        expect(page.locator("[data-last-turn]")).to_contain_text(f"Round {rounds}:")
        last = page.locator("[data-last-round]").count() > 0
        page.locator("#tom form[action$='/tom/evening/'] button").tap()
        if last:
            expect(tom).to_have_attribute("data-game-over", "")
        else:
            expect(tom).to_have_attribute("data-round", str(rounds + 1))
    assert rounds == 8
    expect(page.locator("[data-last-round], #tom[data-game-over]").first).to_be_visible()
    page.get_by_role("button", name="Count Tom's points", exact=True).tap()
    expect(page.locator("[data-tom-final]")).to_be_visible()

    page.get_by_label("Core score of sol").fill("150")
    page.get_by_role("button", name="Save sol's core score").tap()
    expect(page.locator("[data-solo-result]")).to_contain_text("You 150")
    page.get_by_role("button", name="Finish and lock the play", exact=True).tap()
    expect(page.locator("[data-finished]")).to_be_visible()
    assert_fits_a_phone(page)
