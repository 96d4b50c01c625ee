"""The Turn page's live region, drawn in Python (``turn/region.py``), read through the page
through a game's turns: before the Kinship and between games; the Starting Village; a move,
its completion and its rewards; a Watchers Temple's Divine Guidance; the warning before
Max Threat and the Major Threat placed; refusals and a stale tap; and what a viewer sees."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Visit
from tests.dawnshade.conftest import make_kinship
from tests.dawnshade.regions import action_forms as forms
from tests.dawnshade.regions import region_html

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-turn"}


def _url(campaign, name="turn"):
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


def region(client, campaign, response=None, status=200) -> str:
    return region_html(client, _url(campaign), "dawnshade-turn", response=response, status=status)


def phase(html: str) -> str:
    return re.search(r'data-phase="([a-z_]*)"', html)[1]


def test_no_game_in_progress(campaign, user, owner_client):
    html = region(owner_client, campaign)
    assert phase(html) == "" and "data-no-kinship" in html
    make_kinship(campaign, user)
    html = region(owner_client, campaign)
    assert phase(html) == "between" and "No game in progress." in html
    assert f'href="{_url(campaign, "chapter")}">Start the next game</a>' in html
    assert forms(html) == []


def test_a_turn_from_the_starting_village_to_its_rewards(
    campaign, user, owner_client, viewer_client, playing
):
    html = region(owner_client, campaign)
    assert phase(html) == "start"
    assert "Game 1, Chapter I: at the <span data-current-tile>Starting Village</span>" in html
    assert "<strong data-active-player>Ash</strong>" in html
    assert "Threat <strong data-threat>0</strong> / 16 <a" in html
    assert "The game starts at the Starting Village" in html
    assert forms(html) == ["move", "major-threat", "complete"]
    assert 'data-panel-loader="active"' in html
    assert re.search(r'<ol class="quest-log" start="0">\s*<li', html)
    viewer = region(viewer_client, campaign)
    assert phase(viewer) == "start" and "<form" not in viewer and "quest-log" in viewer

    moved = owner_client.post(
        _url(campaign, "move"),
        {
            "move-visit_id": Visit.objects.get().pk,
            "move-kind": "new_tile",
            "move-tile_type": "journey",
            "move-hexes": "2",
        },
        **HTMX,
    )
    html = region(owner_client, campaign, moved)
    assert phase(html) == "complete" and "<span data-current-tile>Journey</span>" in html
    assert "Threat <strong data-threat>2</strong>" in html
    assert forms(html) == ["complete"] and "Complete the Journey" in html

    visit = Visit.objects.order_by("-seq").first()
    done = owner_client.post(
        _url(campaign, "complete"),
        {"complete-visit_id": visit.pk, "complete-outcome": "completed"},
        **HTMX,
    )
    html = region(owner_client, campaign, done)
    assert phase(html) == "rewards" and "Earn rewards: Journey, Completed</h2>" in html
    assert "Trilogy Mode: " in html and "/rules/dawnshade/logbook-rewards-not-printed/" in html
    tawny = re.findall(r'name="rewards-(tawny_\d+)"', html)
    assert len(tawny) == 3 and 'name="rewards-xp"' in html and forms(html) == ["rewards"]
    viewer = region(viewer_client, campaign)
    assert "turn-rewards" not in viewer and "<form" not in viewer


def test_a_refused_move_and_a_stale_tap(campaign, user, owner_client, playing):
    start = Visit.objects.get()
    refused = owner_client.post(
        _url(campaign, "move"),
        {
            "move-visit_id": start.pk,
            "move-kind": "new_tile",
            "move-tile_type": "journey",
            "move-hexes": "0",
        },
        **HTMX,
    )
    html = region(owner_client, campaign, refused, status=422)
    assert phase(html) == "start" and re.search(
        r'<div class="field has-error">\s*<label for="id_move-hexes"', html
    )
    # The kind of move is a row of radios: a refusal of it shows under them.
    refused = owner_client.post(
        _url(campaign, "move"), {"move-visit_id": start.pk, "move-hexes": "2"}, **HTMX
    )
    html = region(owner_client, campaign, refused, status=422)
    assert re.search(
        r'</label></div><div class="error" id="id_move-kind_error"><p>[^<]+</p></div></fieldset>',
        html,
    )
    services.kinship_move(campaign=campaign, actor=user, tile_type="journey", hexes=2)
    stale = owner_client.post(
        _url(campaign, "complete"),
        {"complete-visit_id": start.pk, "complete-outcome": "completed"},
        **HTMX,
    )
    html = region(owner_client, campaign, stale, status=409)
    assert re.search(r'^<div [^>]*>\n<p class="conflict" role="alert" data-conflict>', html)
    assert "<span data-current-tile>Journey</span>" in html


def _earn(campaign, user, characters, outcome="completed"):
    services.visit_complete(campaign=campaign, actor=user, outcome=outcome)
    services.visit_earn_rewards(
        campaign=campaign,
        actor=user,
        xp=None,
        tawny={c.pk: 0 for c in characters},
        loot_shoot_items=0,
    )


def test_divine_guidance_at_a_watchers_temple(campaign, user, owner_client, viewer_client, playing):
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="watchers_temple", blessing="wild", hexes=2
    )
    html = region(owner_client, campaign)
    temple = re.search(
        r'<section class="card" aria-labelledby="turn-temple">.*?</section>', html, re.S
    )
    assert (
        "<p>Balanced: one condition token of each Watcher, positive side; no Cataclysm."
        in temple[0]
    )
    assert forms(temple[0]) == ["temple"] and 'name="temple-token"' in temple[0]
    viewer = region(viewer_client, campaign)
    assert "turn-temple" in viewer and "<form" not in viewer


def test_the_warning_before_max_threat_then_the_major_threat(campaign, user, owner_client, playing):
    for tile_type, drawn, outcome in (
        ("journey", {}, "completed"),
        ("journey", {}, "completed"),
        ("event", {"label": "1"}, "succeed"),
        ("event", {"label": "2"}, "succeed"),
        ("outpost", {"outpost": "guild_hall"}, "completed"),
    ):
        services.kinship_move(campaign=campaign, actor=user, tile_type=tile_type, hexes=3, **drawn)
        _earn(campaign, user, playing, outcome)
    html = region(owner_client, campaign)
    assert "Threat <strong data-threat>15</strong> / 16" in html
    assert "data-major-threat-warning>the next hex triggers the Major Threat</span>" in html

    services.kinship_move(campaign=campaign, actor=user, tile_type="battle", hexes=1)
    html = region(owner_client, campaign)
    assert "<span data-current-tile>Major Threat</span>" in html
    assert "the Major Threat is placed where the Kinship stands" in html
    assert f'data-battle-link><a class="button" href="{_url(campaign, "battle")}">' in html
    assert "data-major-threat-warning" not in html and "turn-move" not in html
