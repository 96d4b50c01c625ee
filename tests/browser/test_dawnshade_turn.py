"""Dawnshade on a 360 px phone: a turn, a Guild Hall visit, a second phone seeing the change,
and the save-game sheet printed on one page."""

import re

import pytest
from playwright.sync_api import expect

from campaigns.dawnshade import services
from campaigns.dawnshade.demo import populate_demo_trilogy
from campaigns.table import services as table
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.dawnshade.conftest import make_kinship
from tests.factories import TEST_PASSWORD, UserFactory


def _kinship_in_game(owner_name="ash-player", friend_name="flash-player"):
    owner, friend = UserFactory(username=owner_name), UserFactory(username=friend_name)
    campaign = table.campaign_create(owner=owner, game="dawnshade", name="Watchers Night")
    table.membership_join(token=campaign.invite_token, user=friend)
    characters = make_kinship(campaign, owner)
    services.chapter_start(campaign=campaign, actor=owner)
    return campaign, owner, friend, characters


@pytest.mark.django_db(transaction=True)
def test_a_turn_on_a_phone(live_server, new_phone):
    campaign, owner, _, characters = _kinship_in_game()
    page = new_phone()
    log_in(page, live_server.url, owner.username)
    page.goto(f"{live_server.url}/c/{campaign.pk}/dawnshade/turn/")
    assert_fits_a_phone(page)
    page.get_by_label("New tile drawn").select_option("journey")
    page.get_by_label("Hexes moved").fill("2")
    page.get_by_role("button", name="Move").tap()
    expect(page.locator("[data-current-tile]")).to_have_text("Journey")
    page.get_by_label("Outcome").select_option("completed")
    page.get_by_role("button", name="Complete").tap()
    expect(page.get_by_label("XP")).to_have_value("4")
    for character in characters:
        page.get_by_label(f"Tawny for {character.name}").fill("1")
    page.get_by_label("Loot Shoot items").fill("0")
    assert_fits_a_phone(page)
    page.get_by_role("button", name="Earn rewards").tap()
    expect(page.locator("[data-visit='1']")).to_contain_text("4 XP, 3 Tawny")
    # A Journey keeps the Active Player marker.
    expect(page.locator("[data-active-player]")).to_have_text("Ash")
    page.get_by_role("link", name="Väki Mat").tap()
    expect(page.locator("[data-xp]")).to_have_text("4")
    expect(page.locator("[data-threat]")).to_have_text("2 / 16")
    assert_fits_a_phone(page)


@pytest.mark.django_db(transaction=True)
def test_a_guild_hall_visit_on_a_phone(live_server, new_phone):
    campaign, owner, _, characters = _kinship_in_game()
    ash = characters[0]
    for tile_type, label, outcome in (("journey", "", "completed"), ("event", "1", "succeed")):
        services.kinship_move(
            campaign=campaign, actor=owner, tile_type=tile_type, label=label, hexes=1
        )
        services.visit_complete(campaign=campaign, actor=owner, outcome=outcome)
        services.visit_earn_rewards(
            campaign=campaign, actor=owner, tawny={c.pk: 0 for c in characters}, loot_shoot_items=0
        )
    services.kinship_move(
        campaign=campaign, actor=owner, tile_type="outpost", outpost="guild_hall", hexes=1
    )
    page = new_phone()
    log_in(page, live_server.url, owner.username)
    page.goto(f"{live_server.url}/c/{campaign.pk}/dawnshade/outposts/")
    expect(page.locator("[data-at-outpost]")).to_have_text("Guild Hall")
    assert_fits_a_phone(page)
    ash_fields = page.locator(f"fieldset[data-character='{ash.pk}']")
    ash_fields.get_by_label("+ATK").fill("1")
    page.locator(f"fieldset[data-character='{characters[1].pk}']").get_by_label(
        "Skill Die 2"
    ).check()
    page.get_by_role("button", name="Train").tap()
    expect(page.locator("[data-trained]")).to_be_visible()
    page.goto(f"{live_server.url}/c/{campaign.pk}/dawnshade/characters/{ash.pk}/")
    expect(page.locator("[data-stat='atk'] dd")).to_have_text("3")
    assert_fits_a_phone(page)


@pytest.mark.django_db(transaction=True)
def test_a_second_phone_sees_the_move(live_server, new_phone):
    campaign, owner, friend, _ = _kinship_in_game()
    mine, theirs = new_phone(), new_phone()
    log_in(mine, live_server.url, owner.username)
    log_in(theirs, live_server.url, friend.username)
    theirs.goto(f"{live_server.url}/c/{campaign.pk}/dawnshade/")
    expect(theirs.locator("[data-threat]")).to_have_text("0 / 16")
    theirs.evaluate("window.__sameDocument = true")
    mine.goto(f"{live_server.url}/c/{campaign.pk}/dawnshade/turn/")
    mine.get_by_label("New tile drawn").select_option("battle")
    mine.get_by_label("Hexes moved").fill("3")
    mine.get_by_role("button", name="Move").tap()
    expect(mine.locator("[data-current-tile]")).to_have_text("Battle")
    expect(theirs.locator("[data-threat]")).to_have_text("3 / 16", timeout=8_000)
    assert theirs.evaluate("window.__sameDocument") is True


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_save_sheet_prints_on_one_page(live_server, browser, paper):
    owner, friend = UserFactory(username="printer"), UserFactory(username="friend")
    campaign = table.campaign_create(owner=owner, game="dawnshade", name="Printed")
    table.membership_join(token=campaign.invite_token, user=friend)
    populate_demo_trilogy(campaign=campaign, owner=owner, friend=friend)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("printer")
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/c/{campaign.pk}/dawnshade/sheet/")
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper)
    context.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"{pages} {paper} pages for one Kinship"
