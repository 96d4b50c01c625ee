"""The setup helper: open without logging in, and inside a group; refusals with the reason
beside the field (Summary; 5- and 6-player games; Single-player games - Setup)."""

import re

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains

HELPER = reverse("glow:setup_helper")


def test_the_helper_needs_no_login_and_is_on_the_home_page(client, owner_client):
    assert client.get(HELPER).status_code == 200
    assert HELPER in owner_client.get(reverse("home")).content.decode()


def test_five_players_with_two_sets(client, db):
    response = client.get(HELPER, {"players": 5, "sets": ["elemental", "draconic"]})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-companions="62"' in html
    steps = re.findall(r'data-step="([a-z_]+)"', html)
    assert steps[:3] == ["companions", "add_sets", "keep_core_cards"]
    assert "extension_placement" in steps
    assert "Which 4 of the 6 small dice" in html and "data-gap" in html
    assert (
        "/rules/glow/five-player-setup/" in html and "/rules/glow/meeting-track-extension/" in html
    )


def test_six_players_need_all_three_sets(client, db):
    response = client.get(HELPER, {"players": 6, "sets": ["elemental"]})
    assertContains(response, "all 3 sets are added", status_code=422)
    response = client.get(HELPER, {"players": 6, "sets": ["elemental", "anibloom", "draconic"]})
    assert 'data-companions="70"' in response.content.decode()


@pytest.mark.parametrize(
    ("query", "message", "field"),
    [
        ({"players": 1, "sets": ["elemental"]}, "Anibloom set only", "sets"),
        (
            {"players": 5, "sets": ["elemental", "anibloom", "draconic"]},
            "third set goes in only by removing the 8 core cards",
            "removals",
        ),
        (
            {"players": 3, "sets": ["elemental", "anibloom"], "removals": ["elemental"]},
            "every set added needs",
            "removals",
        ),
        ({"players": 7}, "Select a valid choice", "players"),
    ],
)
def test_combinations_the_rules_forbid_are_refused_with_the_reason(
    client, db, query, message, field
):
    response = client.get(HELPER, query)
    assertContains(response, message, status_code=422)
    assert f'id="id_{field}_error"' in response.content.decode()
    assert "data-setup-plan" not in response.content.decode()


def test_five_players_with_the_third_set_removed(client, db):
    response = client.get(
        HELPER,
        {"players": 5, "sets": ["elemental", "anibloom", "draconic"], "removals": ["draconic"]},
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'data-step="remove_envelope_cards"' in html


def test_a_solo_plan_lists_tom_and_the_14_cards(client, db):
    response = client.get(
        HELPER,
        {
            "players": 1,
            "sets": ["anibloom"],
            "hulios": "on",
            "journey_board": "archipelago_of_darkness",
        },
    )
    html = response.content.decode()
    assert "Likyar" in html and 'data-step="hulios_solo_deck"' in html
    assert 'data-step="tom_boats"' in html and 'data-step="tom_camp"' not in html
    assert "/rules/glow/solo-setup-tom/" in html and "/rules/glow/solo-removed-cards/" in html


def test_inside_a_group_it_is_a_tab(campaign, owner_client):
    response = owner_client.get(reverse("glow:setup", args=[campaign.pk]), {"players": 4})
    html = response.content.decode()
    assert response.status_code == 200 and 'data-tab="setup" aria-current="page"' in html
    assert 'data-companions="46"' in html
