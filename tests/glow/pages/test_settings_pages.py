"""The group settings page: each part saves without JavaScript, refusals are 422 beside
the field, and nothing is written."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.glow import services
from campaigns.glow.catalog.butterflies import SPECIAL_KINDS
from campaigns.glow.models import GlowSettings
from campaigns.table.models import LedgerEntry
from tests.factories import HTMX
from tests.glow.conftest import SPECIAL_COUNTS, TILE_FACES


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


# Each part shows what the group entered; its form is a closed panel (campaigns.table.panels).
PARTS = ("adventurers", "tiles", "track", "villages", "archipelago", "specials", "bgg")


def _settings(campaign):
    return reverse("glow:settings", args=[campaign.pk])


def _panel_tag(html: str, part: str) -> str:
    return re.search(rf'<details id="panel-{part}"[^>]*>', html).group(0)


def test_the_page_shows_each_value_with_its_form_closed(campaign, owner_client):
    _save(owner_client, campaign, "bgg", {"bgg_id": "123456"})
    _save(owner_client, campaign, "adventurers", {"names": "Ysmé\nBarnabé"})
    html = owner_client.get(_settings(campaign)).content.decode()
    for part in PARTS:
        assert " open" not in _panel_tag(html, part)
        assert f'data-panel-loader="{part}"' in html
    assert "<textarea" not in html and 'name="bgg_id"' not in html
    assert re.search(r'data-setting="bgg">[^<]*123456', html)
    assert re.search(r'data-setting="adventurers">Ysmé, Barnabé<', html)


@pytest.mark.parametrize("part", PARTS)
def test_each_panel_opens_without_javascript_and_for_htmx(campaign, owner_client, part):
    page = owner_client.get(_settings(campaign) + f"?open={part}").content.decode()
    assert " open" in _panel_tag(page, part)
    action = reverse("glow:settings_save", args=[campaign.pk, part])
    assert f'action="{action}"' in page
    fragment = owner_client.get(_settings(campaign) + f"?panel={part}", headers=HTMX)
    html = fragment.content.decode()
    assert f'action="{action}"' in html and "<details" not in html and "<h2" not in html


def test_an_opened_form_holds_what_the_group_entered(campaign, owner_client):
    _save(owner_client, campaign, "villages", {"villages": "3 1\n5 1"})
    html = owner_client.get(_settings(campaign) + "?panel=villages", headers=HTMX)
    assert "3 1\n5 1</textarea>" in html.content.decode()


def test_a_refused_part_is_drawn_open_and_the_others_stay_closed(campaign, owner_client):
    response = _save(owner_client, campaign, "track", {"space": "6", "bonus": "-2"})
    html = response.content.decode()
    assert response.status_code == 422
    assert " open" in _panel_tag(html, "track")
    assert all(" open" not in _panel_tag(html, part) for part in PARTS if part != "track")


def test_a_viewer_sees_the_values_but_no_panel(campaign, viewer_client):
    html = viewer_client.get(_settings(campaign) + "?open=bgg").content.decode()
    assert 'data-setting="bgg"' in html and "panel-bgg" not in html
    fragment = viewer_client.get(_settings(campaign) + "?panel=bgg", headers=HTMX)
    assert 'name="bgg_id"' not in fragment.content.decode()


def test_the_entered_values_are_shown_with_none_entered_said(campaign, owner_client, user):
    page = reverse("glow:settings", args=[campaign.pk])
    html = owner_client.get(page).content.decode()
    assert '<p data-setting="tiles">Not entered.</p>' in html
    assert "None entered yet: the solo game asks" in html
    assert '<p class="muted" data-setting="specials">Not entered.</p>' in html
    services.settings_tile_faces_set(campaign=campaign, actor=user, faces=TILE_FACES)
    services.settings_special_counts_set(campaign=campaign, actor=user, counts=SPECIAL_COUNTS)
    for space, bonus in ((12, 2), (6, 1)):
        services.settings_track_bonus_set(campaign=campaign, actor=user, space=space, bonus=bonus)
    html = owner_client.get(page).content.decode()
    assert '<p data-setting="tiles">1+ 2- 3+ 1- 2+ 3- 2+ 1+</p>' in html
    bonuses = re.search(r"<ul class=\"chips\" data-bonuses>(.*?)</ul>", html)[1]
    assert bonuses == '<li class="chip">space 6: +1</li><li class="chip">space 12: +2</li>'
    specials = re.search(r'<ul class="chips" data-setting="specials">(.*?)</ul>', html)[1]
    assert re.findall(r'<li class="chip">([^<]+)</li>', specials) == [
        f"{kind.name}: {SPECIAL_COUNTS[key]}" for key, kind in SPECIAL_KINDS.items()
    ]
