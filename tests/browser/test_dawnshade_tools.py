"""Dawnshade's Table tools on two 360 px phones: a game of Watchers Runes played out on one
phone (ante, turn cards, stop) with the other following live, a Stat Challenge totalled, and
the Cogrushing bet above 2 Tawny refused in the rule's words."""

import pytest
from playwright.sync_api import expect

from campaigns.dawnshade import services
from campaigns.table import services as table
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.dawnshade.conftest import make_kinship
from tests.factories import UserFactory


def _at_the_tavern():
    owner, friend = UserFactory(username="ash-player"), UserFactory(username="flash-player")
    campaign = table.campaign_create(owner=owner, game="dawnshade", name="Tavern Night")
    table.membership_join(token=campaign.invite_token, user=friend)
    characters = make_kinship(campaign, owner)
    services.chapter_start(campaign=campaign, actor=owner)
    for character in characters:
        services.character_tawny_change(
            campaign=campaign, actor=owner, character=character, amount=6, reason="demo"
        )
    services.kinship_move(
        campaign=campaign, actor=owner, tile_type="outpost", outpost="tavern", hexes=1
    )
    return campaign, owner, friend


@pytest.mark.django_db(transaction=True)
def test_watchers_runes_and_a_stat_challenge_on_two_phones(live_server, new_phone):
    campaign, owner, friend = _at_the_tavern()
    mine, theirs = new_phone(), new_phone()
    log_in(mine, live_server.url, owner.username)
    log_in(theirs, live_server.url, friend.username)
    tools_url = f"{live_server.url}/c/{campaign.pk}/dawnshade/tools/"
    mine.goto(tools_url)
    assert_fits_a_phone(mine)
    theirs.goto(tools_url)
    theirs.evaluate("window.__sameDocument = true")

    runes = mine.locator("#tool-runes")
    runes.locator("#panel-runes summary").tap()  # the start form is drawn when opened
    runes.get_by_label("Ash", exact=True).check()
    runes.get_by_label("Flash", exact=True).check()
    runes.get_by_role("button", name="Pay the ante and shuffle").tap()
    expect(mine.locator("[data-runes-left]")).to_have_text("20")
    mine.get_by_role("button", name="Everyone still in rides: turn the next card").tap()
    expect(mine.locator("[data-runes-left]")).to_have_text("19")
    assert_fits_a_phone(mine)
    expect(theirs.locator("[data-runes-left]")).to_have_text("19", timeout=10_000)
    if not mine.locator("[data-runes-busted]").count():
        stop = mine.locator("[data-form=runes-stop]")
        stop.get_by_label("Ash", exact=True).check()
        stop.get_by_label("Flash", exact=True).check()
        stop.get_by_role("button", name="Stop and collect").tap()
        expect(mine.locator("[data-runes-over]")).to_be_visible()

    challenge = mine.locator("#tool-challenge")
    challenge.locator("#panel-challenge summary").tap()
    challenge.get_by_label("Challenged stat").select_option("def")
    challenge.get_by_role("button", name="Begin a Stat Challenge").tap()
    expect(mine.locator("[data-threshold]")).to_have_text("4")
    form = mine.locator("[data-form=challenge-hits]")
    form.get_by_label("Hits the die shows").fill("3")
    form.get_by_label("Modifier of the highest zone it touches").fill("1")
    form.get_by_role("button", name="Add the die").tap()
    expect(mine.locator("[data-challenge-total]")).to_have_text("4")
    mine.get_by_role("button", name="Everyone has rolled: Succeed or Fail").tap()
    expect(mine.locator("[data-challenge-outcome]")).to_have_text("Succeed")
    expect(theirs.locator("[data-challenge-outcome]")).to_have_text("Succeed", timeout=10_000)
    assert theirs.evaluate("window.__sameDocument") is True

    mine.locator("#panel-cogrushing summary").tap()
    cog = mine.locator("[data-form=cogrushing-start]")
    cog.get_by_label("Flash's bet (Tawny)").fill("3")
    cog.get_by_role("button", name="Take the bets").tap()
    expect(mine.locator("[data-refused=cogrushing]")).to_contain_text("0 to 2 Tawny")
    assert_fits_a_phone(mine)
