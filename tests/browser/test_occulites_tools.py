"""A combat on a phone, from card choice to result, seen on a second phone too."""

import pytest
from playwright.sync_api import expect

from campaigns.table import services
from tests.browser.conftest import log_in
from tests.factories import UserFactory


@pytest.mark.django_db(transaction=True)
def test_a_combat_from_card_choice_to_result(live_server, new_phone):
    owner, friend = UserFactory(username="palaudis"), UserFactory(username="hydris")
    campaign = services.campaign_create(owner=owner, game="occulites", name="Rivals")
    services.membership_join(token=campaign.invite_token, user=friend)
    base = live_server.url
    phone, other = new_phone(), new_phone()
    log_in(phone, base, "palaudis")
    log_in(other, base, "hydris")
    other.goto(f"{base}/c/{campaign.pk}/occulites/combat/")

    phone.goto(f"{base}/c/{campaign.pk}/")
    phone.get_by_role("link", name="Combat").tap()
    attacker = phone.get_by_role("group", name="Attacker")
    attacker.get_by_label("Figure", exact=True).fill("Grublic")
    attacker.get_by_label("Attack", exact=True).fill("4")
    attacker.get_by_label("Card played").select_option("aggressive")
    attacker.get_by_label("Card value").fill("6")
    attacker.get_by_text("Boosts, rerolls").tap()
    attacker.get_by_label("Boost 1", exact=True).select_option("aggressive")
    attacker.get_by_label("Boost 1 value").fill("6")
    attacker.get_by_label("Boost 2", exact=True).select_option("boost_card")
    attacker.get_by_label("Boost 2 value").fill("2")
    attacker.get_by_label("Opening").check()
    attacker.get_by_label("Dice on the table").fill("0 1 2 2 4 5 6 8 9 9")
    defender = phone.get_by_role("group", name="Defender")
    defender.get_by_label("Figure", exact=True).fill("Pronflub")
    defender.get_by_label("Defence", exact=True).fill("4")
    defender.get_by_label("Card played").select_option("lntic")
    defender.get_by_label("Card drawn").select_option("defensive")
    defender.get_by_label("Card value").fill("8")
    defender.get_by_text("Boosts, rerolls").tap()
    defender.get_by_label("Dice on the table").fill("1 2 4 5 5 7 7 8")
    phone.get_by_role("button", name="Roll the combat").tap()

    result = phone.locator("#combat-result")
    expect(result).to_contain_text("6 vs 3")
    expect(result).to_contain_text("DEF -2 Health")
    expect(result).to_contain_text("Grublic attacks")
    expect(other.locator("#combat-result")).to_contain_text("DEF -2 Health", timeout=6_000)
