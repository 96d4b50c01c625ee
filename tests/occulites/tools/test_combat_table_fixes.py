"""Combat page fixes: the page shows the combat the service stored, the Advanced table's
discard rows say who decides what, gang-up stats must be numbers, and a Heal without
JavaScript is confirmed (issue 12, point 8; issue 8, point 8)."""

from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.occulites.models import Occulite
from campaigns.table.models import DrawLogEntry
from tests.factories import HTMX

# One attack success against two defence successes: "DEF >x2 ATT" on the Advanced table.
DEFENDER_DOUBLES = {
    "att-label": "Hydris",
    "att-stat": 4,
    "att-card": "aggressive",
    "att-card_value": 1,
    "att-entered": "0",
    "def-label": "Palaudis",
    "def-stat": 4,
    "def-card": "defensive",
    "def-card_value": 2,
    "def-entered": "0 1",
    "table": "advanced",
}


def _roll(client, campaign, data, **headers):
    return client.post(reverse("occulites:combat_roll", args=[campaign.pk]), data, **headers)


def test_the_discard_rows_say_who_decides_what_in_plain_words(owner_client, campaign):
    response = _roll(owner_client, campaign, DEFENDER_DOUBLES, headers=HTMX)
    assert response.status_code == 200
    assertContains(response, "DEF &gt;x2 ATT")
    assertNotContains(response, "Defence chooses:")
    assertContains(
        response,
        "<p data-chooser>The Defender decides how many cards to discard; for each card "
        "discarded, the Attacker decides whether its figure loses 1 Health or 1 Defence:</p>",
        html=True,
    )


def test_the_page_shows_the_combat_as_the_service_stored_it(owner_client, campaign, monkeypatch):
    _roll(owner_client, campaign, DEFENDER_DOUBLES)
    entry = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.combat")
    assert entry.result["outcome"]["result"] == "DEF >x2 ATT"
    assert entry.result["outcome"]["attack_successes"] == 1
    assert entry.result["outcome"]["defence_successes"] == 2

    def resolving_again(*args, **kwargs):
        raise AssertionError("the page resolved the combat again")

    monkeypatch.setattr("campaigns.occulites.tools.services.resolve_combat", resolving_again)
    page = owner_client.get(reverse("occulites:combat", args=[campaign.pk]))
    assertContains(page, "DEF &gt;x2 ATT")


def test_a_gang_up_typed_in_words_is_refused_beside_the_field(owner_client, campaign):
    response = _roll(
        owner_client, campaign, {**DEFENDER_DOUBLES, "att-gang_up": "four"}, headers=HTMX
    )
    assertContains(response, "stat as a number", status_code=422)
    assert not DrawLogEntry.objects.filter(tool="occulites.combat").exists()


def test_gang_up_numbers_still_give_rerolls(owner_client, campaign):
    response = _roll(
        owner_client, campaign, {**DEFENDER_DOUBLES, "att-gang_up": "4, 3"}, headers=HTMX
    )
    assert response.status_code == 200
    entry = DrawLogEntry.objects.get(campaign=campaign, tool="occulites.combat")
    assert entry.result["attacker"]["rerolls"] > 0


def test_a_heal_without_javascript_is_confirmed_after_the_redirect(owner_client, campaign, hydris):
    figure = hydris.occulites.first()
    response = owner_client.post(
        reverse("occulites:heal", args=[campaign.pk]), {"figure": figure.pk, "defence": 1}
    )
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    assertContains(page, f"{figure.name} gave up 1 Defence.")
    assert Occulite.objects.get(pk=figure.pk).defence == 3
