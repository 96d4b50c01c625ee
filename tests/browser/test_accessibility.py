"""axe-core on every main page of every game at 360 px, in both themes: no serious or
critical violations. The pages come from the game registry (each game's tabs and stand-alone
pages), so a new game's pages are checked without touching this file."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaigns.table.games import games
from campaigns.table.models import Campaign
from rulesref.loading import sync_reference
from tests.browser.conftest import log_in

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")
GROUPS = ["shared", *games()]


def _violations(page) -> list[str]:
    """The page's serious and critical axe violations, one line per rule."""
    page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }))"""
    )
    return [
        f"{page.url}: {v['id']} ({v['impact']}): {v['help']} at {v['nodes']}"
        for v in results
        if v["impact"] in BLOCKING
    ]


def _shared_pages(live_server, phone) -> list[str]:
    """Pages every installation has, whatever games it hosts; the menus opened on one."""
    base = live_server.url
    found = []
    for path in ["/accounts/login/", "/accounts/signup/", reverse("offline"), "/no-such-page/"]:
        phone.goto(base + path)
        found += _violations(phone)
    log_in(phone, base, "demo", "dawn-demo")
    phone.locator(".switcher summary").tap()
    phone.locator(".menu summary").tap()
    found += _violations(phone)
    for path in [reverse("password_change"), reverse("campaign_restore"), "/rules/?q=leap"]:
        phone.goto(base + path)
        found += _violations(phone)
    entry = phone.locator("#rules-results a").first
    if entry.count():
        phone.goto(base + entry.get_attribute("href"))
        found += _violations(phone)
    return found


def _game_pages(live_server, phone, key: str) -> list[str]:
    """Every tab of the game's demo campaign, and the game's stand-alone pages."""
    registration = games()[key]
    campaign = Campaign.objects.filter(game=key, memberships__user__username="demo").first()
    assert campaign is not None, f"demo_data made no {key} campaign"
    log_in(phone, live_server.url, "demo", "dawn-demo")
    found = []
    urls = [reverse(tab.url_name, args=[campaign.pk]) for tab in registration.nav]
    urls += [reverse(page.url_name) for page in registration.stand_alone]
    for url in urls:
        response = phone.goto(live_server.url + url)
        assert response.status == 200, url
        found += _violations(phone)
    return found


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.django_db(transaction=True)
def test_no_serious_accessibility_violations_at_360px(live_server, new_phone, group, theme):
    call_command("demo_data", stdout=io.StringIO())
    sync_reference()
    phone = new_phone(bypass_csp=True)
    phone.context.add_cookies([{"name": "theme", "value": theme, "url": live_server.url}])
    if group == "shared":
        found = _shared_pages(live_server, phone)
    else:
        found = _game_pages(live_server, phone, group)
    assert found == [], "\n".join(found)
