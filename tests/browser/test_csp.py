"""The app satisfies its own Content-Security-Policy: every main page of every game (from the
registry), opened and used a little at 360 px, reports no violation."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaigns.table.games import games
from campaigns.table.models import Campaign
from tests.browser.conftest import log_in

# Collects every violation the page reports, before any of its own scripts run.
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def _visit(phone, url: str) -> list[str]:
    response = phone.goto(url)
    assert response.status == 200, url
    # Let htmx settle and the live poller tick once.
    phone.wait_for_timeout(300)
    return [f"{url}: {v}" for v in phone.evaluate("window.__cspViolations")]


@pytest.mark.django_db(transaction=True)
def test_no_page_of_any_game_breaks_the_content_security_policy(live_server, new_phone):
    call_command("demo_data", stdout=io.StringIO())
    phone = new_phone()
    phone.context.add_init_script(LISTEN)
    console = []
    phone.on(
        "console",
        lambda message: (
            console.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    base = live_server.url
    found = _visit(phone, base + "/accounts/login/")
    log_in(phone, base, "demo", "dawn-demo")
    found += _visit(phone, base + reverse("home"))
    for key, registration in games().items():
        campaign = Campaign.objects.filter(game=key, memberships__user__username="demo").first()
        for tab in registration.nav:
            found += _visit(phone, base + reverse(tab.url_name, args=[campaign.pk]))
        for page in registration.stand_alone:
            found += _visit(phone, base + reverse(page.url_name))
    # An htmx swap too: the shared dice roller.
    occulites = next(iter(games()))
    campaign = Campaign.objects.filter(game=occulites, memberships__user__username="demo").first()
    phone.goto(base + reverse("campaign", args=[campaign.pk]))
    phone.get_by_role("button", name="Roll").tap()
    phone.wait_for_timeout(500)
    found += phone.evaluate("window.__cspViolations")
    assert found == [] and console == [], "\n".join(found + console)


def test_every_response_carries_the_policy(client, db):
    response = client.get(reverse("login"))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy
    assert "'unsafe-eval'" not in policy and "frame-ancestors 'none'" in policy
