"""The Table tools page: every tool reachable, no-JS redirects, htmx partials, 422 with the
rule's words and nothing written, 409 for a stale tap, viewers refused, a fixed query count."""

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from campaigns.dawnshade import services
from campaigns.dawnshade.services.table_tools import COGRUSHING, RUNES

from .tools import give_tawny, state, tawny, to_tavern, to_temple

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(campaign, name):
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


def seen(page, prefix):
    return int(re.search(rf'name="{prefix}-seen" value="(\d+)"', page.content.decode())[1])


def test_the_tab_and_every_tool_are_on_the_page(owner_client, campaign, playing):
    page = owner_client.get(url(campaign, "tools"))
    assert page.status_code == 200
    assertContains(page, "Table tools")
    for tool in ("challenge", "temple", "runes", "doublers", "cogrushing", "quest"):
        assertContains(page, f'data-tool="{tool}"')
    assertContains(page, 'data-rule="stat-challenges"')
    assertContains(page, 'data-rule="quest-deck"')
    assertNotContains(page, "style=")
    assertNotContains(page, "hx-on")
    # An open <details> with a form in it would hold up live refresh on this phone.
    assertNotContains(page, "<details open")


def test_stat_challenge_without_javascript(owner_client, campaign, playing):
    response = owner_client.post(
        url(campaign, "tools_challenge_start"), {"challenge-stat": "def", "challenge-seen": 0}
    )
    assert response.status_code == 302
    assert response["Location"] == url(campaign, "tools")
    page = owner_client.get(url(campaign, "tools"))
    assertContains(page, "data-threshold>4<")
    response = owner_client.post(
        url(campaign, "tools_challenge_hits"),
        {
            "hits-character": 1,
            "hits-hits": 3,
            "hits-zone_modifier": 1,
            "hits-seen": seen(page, "hits"),
        },
        **HTMX,
    )
    assert response.status_code == 200
    assert 'id="dawnshade-tools"' in response.content.decode()
    assert "<html" not in response.content.decode()
    assertContains(response, "data-challenge-total>4<")
    response = owner_client.post(
        url(campaign, "tools_challenge_decide"), {"decide-seen": seen(response, "decide")}, **HTMX
    )
    assertContains(response, 'data-challenge-outcome="succeed"')


def test_an_unknown_stat_is_refused(owner_client, campaign, playing, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "tools_challenge_start"), {"challenge-stat": "agi"}, **HTMX
        )
    assert response.status_code == 422


def test_a_cogrushing_bet_above_two_is_422_with_the_rule(
    owner_client, campaign, user, playing, nothing_written
):
    give_tawny(campaign, user, playing, 5)
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "tools_cogrushing_start"),
            {"cogrushing-active": 1, "cogrushing-bet_2": 3, "cogrushing-bet_3": 0},
            **HTMX,
        )
    assert response.status_code == 422
    assertContains(response, "A Cogrushing bet is 0 to 2 Tawny", status_code=422)
    assert state(campaign, COGRUSHING) == {}


def test_an_ante_a_character_cannot_pay_is_422(
    owner_client, campaign, user, playing, nothing_written
):
    to_tavern(campaign, user)
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "tools_runes_start"),
            {"runes-players": [1], "runes-ante_back_on_stop": "yes"},
            **HTMX,
        )
    assert response.status_code == 422
    assertContains(response, "Ash has 0 Tawny and the ante is 2", status_code=422)


def test_two_phones_turning_a_runes_card_turn_one(owner_client, campaign, user, playing):
    give_tawny(campaign, user, playing, 2)
    to_tavern(campaign, user)
    services.runes_begin(campaign=campaign, actor=user, players=[1, 2], rng=random.Random(9))
    page = owner_client.get(url(campaign, "tools"))
    data = {"reveal-seen": seen(page, "reveal")}
    first = owner_client.post(url(campaign, "tools_runes_reveal"), data, **HTMX)
    second = owner_client.post(url(campaign, "tools_runes_reveal"), data, **HTMX)
    assert first.status_code == 200
    assert second.status_code == 409
    assertContains(second, "data-conflict", status_code=409)
    assert len(state(campaign, RUNES)["game"]["revealed"]) == 1


def test_divine_guidance_from_the_page(owner_client, campaign, user, playing):
    to_temple(campaign, user)
    page = owner_client.get(url(campaign, "tools"))
    visit_id = int(re.search(r'name="temple-visit_id" value="(\d+)"', page.content.decode())[1])
    response = owner_client.post(
        url(campaign, "tools_temple"),
        {"temple-visit_id": visit_id, "temple-seen": seen(page, "temple")},
        **HTMX,
    )
    assert response.status_code == 200
    assertContains(response, "data-temple-draws")


def test_doublers_dice_collect_goes_to_the_tawny(owner_client, campaign, user, playing):
    give_tawny(campaign, user, [playing[0]], 1)
    to_tavern(campaign, user)
    owner_client.post(url(campaign, "tools_doublers_start"), {"doublers-character": 1})
    owner_client.post(
        url(campaign, "tools_doublers_roll"), {"roll-first": "dawn", "roll-second": "shade"}
    )
    owner_client.post(url(campaign, "tools_doublers_collect"), {"collect-amount": 2})
    assert tawny(campaign, playing[0]) == 2


def test_quest_deck_owned_numbers_remembered_and_deck_built(owner_client, campaign, playing):
    data = {
        "owned-starting_village": "1",
        "owned-watchers_temple": "2",
        "owned-battle": "3",
        "owned-major_threat": "4",
        "owned-outpost": "5-6",
        "owned-event": "7, 8",
        "owned-journey": "9,10",
    }
    assert owner_client.post(url(campaign, "tools_quest_owned"), data).status_code == 302
    page = owner_client.get(url(campaign, "tools"))
    # Once remembered, the numbers sit in a closed panel, drawn when it is opened.
    assertContains(page, 'data-panel-loader="owned"')
    assertNotContains(page, 'value="5, 6"')
    page = owner_client.get(url(campaign, "tools") + "?open=owned")
    assertContains(page, 'value="5, 6"')
    panel = owner_client.get(url(campaign, "tools") + "?panel=owned", **HTMX)
    assertContains(panel, 'value="5, 6"')
    assert 'id="dawnshade-tools"' not in panel.content.decode()
    response = owner_client.post(url(campaign, "tools_quest_build"), {}, **HTMX)
    assert response.status_code == 200
    assertContains(response, "data-quest-deck")
    assert re.search(r"<li>Major Threat 4</li></ol>", response.content.decode())


def test_tile_numbers_in_other_digits_are_422(owner_client, campaign, playing, nothing_written):
    with nothing_written(campaign):
        response = owner_client.post(
            url(campaign, "tools_quest_owned"), {"owned-event": "٣"}, **HTMX
        )
    assert response.status_code == 422


def test_viewers_see_no_controls_and_are_refused(viewer_client, campaign, playing):
    page = viewer_client.get(url(campaign, "tools"))
    assertNotContains(page, 'data-form="challenge-start"')
    response = viewer_client.post(url(campaign, "tools_challenge_start"), {"challenge-stat": "atk"})
    assert response.status_code in (403, 404)


def test_the_page_query_count_does_not_grow(owner_client, campaign, user, playing):
    give_tawny(campaign, user, playing, 4)
    to_tavern(campaign, user)
    with CaptureQueriesContext(connection) as before:
        owner_client.get(url(campaign, "tools"))
    services.runes_begin(campaign=campaign, actor=user, players=[1, 2, 3], rng=random.Random(1))
    for _ in range(3):
        if state(campaign, RUNES)["game"]["busted"]:
            break
        services.runes_turn(campaign=campaign, actor=user)
    services.challenge_start(campaign=campaign, actor=user, stat="atk")
    for _ in range(4):
        services.challenge_hits(campaign=campaign, actor=user, character=1, hits=1)
    with CaptureQueriesContext(connection) as after:
        owner_client.get(url(campaign, "tools"))
    assert len(after) == len(before)


def test_the_event_tiles_set_aside_this_campaign_are_listed(owner_client, campaign, playing):
    from campaigns.dawnshade.models import Tile

    kinship = playing[0].kinship
    for label, tile_type, set_aside in [
        ("12", "event", True),
        ("3", "event", True),
        ("7", "event", False),  # still in play
        ("9", "battle", True),  # not an Event tile
    ]:
        Tile.objects.create(
            kinship=kinship,
            game_number=0,
            revealed_order=1,
            tile_type=tile_type,
            label=label,
            set_aside=set_aside,
        )
    page = owner_client.get(url(campaign, "tools"), **HTMX)
    assertContains(page, "Event tiles set aside this campaign: 3, 12.")
