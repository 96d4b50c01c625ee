"""The Chapter page's live region, drawn in Python (``kinship/region.py``), read through the
page: setting up the Kinship; a Trilogy before and during its first game; a Power Level
campaign played to its Major Threat, ended (a stale tap refused) and concluded with its
Artifact; the closed panels opened without JavaScript, fetched by htmx and drawn open
around a refusal; a reward the table leaves blank remembered; and what a viewer sees."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from tests.dawnshade.conftest import make_kinship
from tests.dawnshade.regions import action_forms as forms
from tests.dawnshade.regions import region_html
from tests.dawnshade.services.play import each, turn

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-chapter"}


def _url(campaign, name="chapter"):
    return reverse(f"dawnshade:{name}", args=[campaign.pk])


def region(client, campaign, response=None, status=200) -> str:
    return region_html(
        client, _url(campaign), "dawnshade-chapter", response=response, status=status
    )


def loaders(html: str) -> list[str]:
    return re.findall(r'data-panel-loader="([^"]+)"', html)


def test_the_kinship_is_set_up_here(campaign, owner_client, viewer_client):
    html = region(owner_client, campaign)
    assert forms(html) == ["setup"] and 'name="setup-mode"' in html
    assert "The last three are the rulebook's gaps" in html
    for slug in (
        "unspent-training-points",
        "tawny-rewards-who-receives",
        "rewards-at-the-conclusion",
    ):
        assert f"/rules/dawnshade/{slug}/" in html
    viewer = region(viewer_client, campaign)
    assert "<form" not in viewer and "The owner or a player sets up the Kinship." in viewer


def test_a_trilogy_before_and_during_its_first_game(campaign, user, owner_client, viewer_client):
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    html = region(owner_client, campaign)
    assert "Trilogy Mode, Normal <a" in html and "The campaign has not started." in html
    assert '<h2 id="start-title">Start game 1 ' in html and "Add the characters first" in html
    assert forms(html) == [] and loaders(html) == ["settings", "house"]
    assert '<ul class="small"></ul>' in html  # no reward the table leaves blank entered yet

    services.character_add(
        campaign=campaign,
        actor=user,
        name="Moss",
        stats={"agi": 2, "atk": 2, "items": 2, "hp": 5, "def": 1, "dev": 1},
    )
    html = region(owner_client, campaign)
    assert "the väki pool for 1 player <a" in html and forms(html) == ["start"]
    assert "narrative_chapter" not in html  # the first game has one narrative

    response = owner_client.post(_url(campaign, "chapter_start"), **HTMX)
    html = region(owner_client, campaign, response)
    assert "Game <strong data-game>1</strong> of 3: Chapter I." in html
    assert "start-title" not in html and "end-title" not in html and "Chapters played" not in html
    viewer = region(viewer_client, campaign)
    assert "<strong data-game>1</strong>" in viewer
    assert "<form" not in viewer and "panel-settings" not in viewer


def _to_the_major_threat(campaign, user):
    """A Power Level game (Easy, two characters) played until its Major Threat is rewarded."""
    ash, flash = make_kinship(
        campaign, user, mode="power_level", difficulty="easy", names=("Ash", "Flash")
    )
    services.chapter_start(campaign=campaign, actor=user)
    turn(campaign, user, hexes=2, tile_type="journey")
    turn(campaign, user, hexes=3, tile_type="event", label="5", outcome="succeed")
    turn(campaign, user, hexes=3, tile_type="battle", outcome="foe_ko")
    turn(
        campaign,
        user,
        hexes=11,
        tile_type="watchers_temple",
        outcome="foe_ko",
        xp=20,
        loot=0,
        tawny=each([ash, flash], 5, 5),
    )


def test_a_power_level_game_ended_and_concluded(campaign, user, owner_client, viewer_client):
    _to_the_major_threat(campaign, user)
    html = region(owner_client, campaign)
    end = re.search(r'<section class="card" aria-labelledby="end-title">.*?</section>', html, re.S)[
        0
    ]
    assert '<h2 id="end-title">End game 1 ' in end
    assert "set aside for the rest of the campaign: Event 5</li>" in end
    assert "<li>Alignment now: Balanced</li>" in end
    assert "This is the campaign's last game" in end  # Power Level is one game
    assert forms(html) == ["end"] and re.search(r'name="end-visit_id" value="\d+"', end)
    assert loaders(html) == ["settings", "house"]
    viewer = region(viewer_client, campaign)
    assert "end-title" not in viewer and "<form" not in viewer

    stale = owner_client.post(_url(campaign, "chapter_end"), {"end-visit_id": "99999"}, **HTMX)
    html = region(owner_client, campaign, stale, status=409)
    assert re.search(r'^<div [^>]*>\n<p class="conflict" role="alert" data-conflict>', html)

    visit = re.search(r'name="end-visit_id" value="(\d+)"', html)[1]
    ended = owner_client.post(_url(campaign, "chapter_end"), {"end-visit_id": visit}, **HTMX)
    html = region(owner_client, campaign, ended)
    totals = services.kinship_totals(campaign)
    assert "The campaign has concluded: <strong>Balanced</strong>, Foe ko." in html
    assert "Read the Chapter VI Victory conclusion for Balanced in the Logbook." in html
    assert "/rules/dawnshade/power-level-conclusion-not-said/" in html
    assert "Artifact unlocked: <strong>Balanced</strong>'s Artifact" in html
    row = re.search(r'<tr data-result="1">(.*?)</tr>', html)[1]
    assert re.findall(r"<td>([^<]*)</td>", row) == [
        "1",
        "I",
        "Foe ko",
        str(totals.level),
        str(totals.xp),
        "Balanced",
    ]
    assert "Events set aside: 5</p>" in html
    assert "<li>Balanced (owner)</li>" in html  # the owner's Artifacts
    assert "start-title" not in html and "end-title" not in html and forms(html) == []
    viewer = region(viewer_client, campaign)
    assert "data-concluded" in viewer and "<form" not in viewer


def test_the_settings_panel_opened_fetched_and_refused(campaign, user, owner_client):
    make_kinship(campaign, user)
    page = owner_client.get(_url(campaign) + "?open=settings").content.decode()
    panel = re.search(r'<details class="card" id="panel-settings" open>.*?</details>', page, re.S)
    assert panel and 'name="settings-tawny_rewards"' in panel[0]
    fetched = owner_client.get(_url(campaign) + "?panel=settings", **HTMX).content.decode()
    assert fetched.startswith('<form method="post" action="/c/') and fetched.endswith("</form>")
    assert 'name="settings-unspent_training_points"' in fetched

    refused = owner_client.post(
        _url(campaign, "settings"), {"settings-unspent_training_points": "bogus"}, **HTMX
    )
    html = region(owner_client, campaign, refused, status=422)
    assert '<details class="card" id="panel-settings" open>' in html
    assert re.search(r'<div class="field has-error">\s*<label for="id_settings-unspent', html)


def test_a_reward_the_table_leaves_blank_is_remembered_from_its_panel(campaign, user, owner_client):
    make_kinship(campaign, user, mode="power_level", difficulty="easy")
    fetched = owner_client.get(_url(campaign) + "?panel=house", **HTMX).content.decode()
    assert fetched.startswith('<form method="post"') and 'data-form="house"' in fetched
    cell, label = re.search(r'<option value="([a-z_]+:[a-z_]+)">([^<]+)</option>', fetched).groups()
    response = owner_client.post(
        _url(campaign, "house_reward"),
        {"house-tile_outcome": cell, "house-xp": "20", "house-loot_shoot_items": "1"},
        **HTMX,
    )
    html = region(owner_client, campaign, response)
    tile = label.split(":")[0]
    outcome = cell.split(":")[1].replace("_", " ").capitalize()
    assert f"<li data-house-reward>{tile}, {outcome}: 20 XP 1 items</li>" in html
