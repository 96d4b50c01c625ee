"""The solo flow's pages: starting a game against Tom, his tile at the section taken
(with the score-track number asked once), the Evening, his count and the result."""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

from campaigns.glow.models import Play
from campaigns.glow.rules.tom import TomState
from campaigns.table.models import Campaign
from tests.factories import HTMX


def _solo_data(user, **overrides):
    data = {
        "played_on": "2026-05-03",
        "journey_board": "province_of_shadows",
        "member": str(user.pk),
        "guest": "",
        "adventurer": "hulios",
        "tom_die_1": "Yellow",
        "tom_die_2": "red",
        "tom_colour": "2",
    }
    data.update(overrides)
    return data


def test_the_solo_page_says_what_the_group_must_enter_first(campaign, owner_client):
    html = owner_client.get(reverse("glow:solo", args=[campaign.pk])).content.decode()
    assert 'data-missing="province_of_shadows"' in html and "faces of Tom" in html


def test_a_solo_game_starts_on_its_pad(solo_settings, campaign, user, owner_client):
    response = owner_client.post(reverse("glow:solo_create", args=[campaign.pk]), _solo_data(user))
    play = Play.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/plays/{play.pk}/")
    state = TomState.from_dict(play.tom_state)
    assert state.dice_colours == ("yellow", "red") and state.colour == "red"
    html = owner_client.get(response["Location"]).content.decode()
    assert 'data-tom-score="10"' in html and html.count('name="section"') == 5
    assert 'data-tab="solo" aria-current="page"' in html


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"tom_die_1": "purple", "tom_die_2": "yellow"}, "yellow and the purple"),
        ({"tom_die_1": "Pink"}, "expansion&#x27;s adventurers"),
        ({"tom_die_2": "yellow"}, "different colours"),
        ({"member": ""}, "Choose the player"),
    ],
)
def test_a_refused_solo_setup_is_422_beside_the_field(
    solo_settings, campaign, user, owner_client, overrides, message
):
    response = owner_client.post(
        reverse("glow:solo_create", args=[campaign.pk]), _solo_data(user, **overrides)
    )
    assertContains(response, message, status_code=422)
    assert not Play.objects.exists()


def test_tom_s_tile_asks_for_the_score_track_number_once(solo_play, campaign, owner_client):
    pad = reverse("glow:pad", args=[campaign.pk, solo_play.pk])
    html = owner_client.get(pad).content.decode()
    # Section 1's tile has 1 arrow: Tom's band would land on space 1, whose number is unknown.
    assert "Number beside space 1 (0 if none)" in html
    take = reverse("glow:tom_take", args=[campaign.pk, solo_play.pk])
    response = owner_client.post(take, {"section": "1"}, headers=HTMX)
    assertContains(response, "beside space 1 of the score track", status_code=422)
    response = owner_client.post(take, {"section": "1", "track_bonus": "0"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "data-last-turn" in html
    assert 'data-tom-score="11"' in html and "/rules/glow/solo-morning-tom-tile/" in html
    evening = reverse("glow:tom_evening", args=[campaign.pk, solo_play.pk])
    assert owner_client.post(evening, headers=HTMX).status_code == 200


def test_a_section_already_taken_is_422(solo_play, campaign, owner_client):
    take = reverse("glow:tom_take", args=[campaign.pk, solo_play.pk])
    owner_client.post(take, {"section": "1", "track_bonus": "0"})
    version = Campaign.objects.get(pk=campaign.pk).version
    response = owner_client.post(take, {"section": "3", "track_bonus": "0"}, headers=HTMX)
    assertContains(response, "already took section 1 this round", status_code=422)
    assert Campaign.objects.get(pk=campaign.pk).version == version


def test_a_tile_face_of_4_arrows_is_422_on_the_settings_page(campaign, owner_client):
    data = {f"tile{n}_arrows": "1" for n in range(1, 9)} | {
        f"tile{n}_side": "+" for n in range(1, 9)
    }
    data["tile3_arrows"] = "4"
    response = owner_client.post(reverse("glow:settings_save", args=[campaign.pk, "tiles"]), data)
    assertContains(response, "1, 2 or 3 arrows", status_code=422)
