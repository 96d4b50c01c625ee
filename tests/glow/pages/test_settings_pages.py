"""The group settings page: each part saves without JavaScript, refusals are 422 beside
the field, and nothing is written."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.glow.models import GlowSettings
from campaigns.table.models import LedgerEntry


def _save(client, campaign, part, data):
    return client.post(reverse("glow:settings_save", args=[campaign.pk, part]), data)


def test_villages_save_and_show_again(campaign, owner_client):
    response = _save(owner_client, campaign, "villages", {"villages": "3 1\n5 1\n15 2"})
    assert response.status_code == 302 and response["Location"].endswith("#settings-villages")
    html = owner_client.get(reverse("glow:settings", args=[campaign.pk])).content.decode()
    assert "3 1\n5 1\n15 2" in html


@pytest.mark.parametrize(
    ("part", "data", "message"),
    [
        ("villages", {"villages": "5 1\n3 1"}, "from the lowest value up"),
        ("villages", {"villages": "five"}, "Line 1"),
        (
            "specials",
            {
                "footprint": "3",
                "cluster": "3",
                "yellow_creature": "3",
                "cemetery": "3",
                "cancel_element": "3",
            },
            "add up to 15",
        ),
        ("track", {"space": "6", "bonus": "-2"}, "0 to 50"),
        ("adventurers", {"names": "Zay'Drel"}, "expansion&#x27;s adventurers already"),
        ("archipelago", {"islands": "north 3", "paths": "north south 1"}, "central island"),
    ],
)
def test_bad_settings_are_422_and_nothing_written(campaign, owner_client, part, data, message):
    entries = LedgerEntry.objects.count()
    response = _save(owner_client, campaign, part, data)
    assertContains(response, message, status_code=422)
    assert LedgerEntry.objects.count() == entries


def test_an_unknown_settings_part_is_404(campaign, owner_client):
    assert _save(owner_client, campaign, "weather", {}).status_code == 404


def test_the_archipelago_is_parsed_with_its_forbidden_path(campaign, owner_client):
    response = _save(
        owner_client,
        campaign,
        "archipelago",
        {
            "islands": "central 0\neast 4\nwest 2",
            "paths": "central east 4\ncentral west 1 forbidden",
        },
    )
    assert response.status_code == 302
    stored = GlowSettings.objects.get(campaign=campaign).archipelago
    assert stored["paths"][1][4] is True


def test_reading_the_settings_page_writes_nothing(campaign, owner_client):
    owner_client.get(reverse("glow:settings", args=[campaign.pk]))
    assert not GlowSettings.objects.exists()
