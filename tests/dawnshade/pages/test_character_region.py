"""One character's page's live region, drawn in Python (``characters/sheet_region.py``),
read through the page: the character's figures, väki and conditions; its items with Use
(not for a Permanent item) and Drop; the closed panels of changes opened, fetched and drawn
open around a refusal; a player kept to their own character; a viewer; an escaped name."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from tests.dawnshade.conftest import make_kinship
from tests.dawnshade.regions import region_html

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-character"}
PANELS = ["take", "tawny", "condition", "adjust", "stats"]


def _url(campaign, character, name="character"):
    return reverse(f"dawnshade:{name}", args=[campaign.pk, character.pk])


def region(client, campaign, character, response=None, status=200) -> str:
    url = _url(campaign, character)
    html = region_html(client, url, "dawnshade-character", response=response, status=status)
    assert f'data-character="{character.pk}"' in html
    return html


@pytest.fixture
def ash(campaign, user):
    ash, *_ = make_kinship(campaign, user, names=("Ash", "Flash"))
    return ash


def test_the_character_its_items_and_what_the_owner_may_do(
    campaign, user, owner_client, viewer_client, ash
):
    services.item_take(
        campaign=campaign,
        actor=user,
        character=ash,
        name="Iron <Vest>",
        item_type="permanent",
        tier=2,
        sell_price=3,
        armour=True,
        reason="Loot Shoot",
    )
    services.item_take(
        campaign=campaign,
        actor=user,
        character=ash,
        name="Nimble Potion",
        item_type="consumable",
        reason="Loot Shoot",
    )
    services.chapter_start(campaign=campaign, actor=user)  # the väki pool is filled
    services.vaki_draw(campaign=campaign, actor=user, character=ash, element="water", amount=2)
    services.character_condition_add(
        campaign=campaign, actor=user, character=ash, condition="focused", reason="Logbook"
    )
    services.character_tawny_change(
        campaign=campaign, actor=user, character=ash, amount=7, reason="won"
    )
    html = region(owner_client, campaign, ash)
    assert '<h2 id="char-name">Ash <span class="badge">Active Player</span></h2>' in html
    assert "<strong data-tawny>7</strong>" in html and "<strong data-cogbot>no</strong>" in html
    assert "<strong data-skill-dice>none unlocked</strong>" in html
    assert re.search(r'<span class="chip">Water 2</span> · Training points \d+</p>', html)
    assert '<span class="chip" data-condition="focused">' in html
    assert "Items: 2 of 2 <a" in html and "<strong data-shields>1</strong>" in html
    items = re.findall(r"<li data-item=\"\d+\">(.*?)</li>", html, re.S)
    assert (
        'Iron &lt;Vest&gt; <span class="muted small">Permanent, Tier II, armour, sells 3'
        in items[0]
    )
    assert 'aria-label="Drop Iron &lt;Vest&gt;"' in items[0] and ">Use<" not in items[0]
    assert ">Use</button>" in items[1] and ">Drop</button>" in items[1]
    assert re.findall(r'data-panel-loader="([a-z]+)"', html) == PANELS
    viewer = region(viewer_client, campaign, ash)
    assert "<form" not in viewer and "data-item=" in viewer and "data-not-theirs" not in viewer


def test_a_player_kept_to_their_own_character_sees_it_without_controls(
    campaign, user, player_client, ash
):
    campaign.edit_policy = "own"
    campaign.save()
    ash.player = user
    ash.name = "<b>Ash & Co</b>"
    ash.save()
    html = region(player_client, campaign, ash)
    assert "Only &lt;b&gt;Ash &amp; Co&lt;/b&gt;’s player or an owner may change it" in html
    actions = re.findall(r'<form method="post" action="([^"]*)"', html)
    assert all(action.endswith("/undo/") for action in actions)  # one-tap undo at most
    assert "data-panel-loader" not in html


def test_the_panels_opened_fetched_and_refused(campaign, owner_client, ash):
    page = owner_client.get(_url(campaign, ash) + "?open=condition").content.decode()
    panel = re.search(r'<details id="panel-condition" open>.*?</details>', page, re.S)[0]
    remove = _url(campaign, ash, "condition_remove")
    assert f'formaction="{remove}" hx-post="{remove}">Remove</button>' in panel
    fetched = owner_client.get(_url(campaign, ash) + "?panel=stats", **HTMX).content.decode()
    assert fetched.startswith('<form method="post"') and '<div class="train-grid">' in fetched
    refused = owner_client.post(
        _url(campaign, ash, "tawny_change"), {"tawny-amount": "0", "tawny-reason": "x"}, **HTMX
    )
    html = region(owner_client, campaign, ash, refused, status=422)
    assert '<details id="panel-tawny" open>' in html and "Enter how much Tawny" in html
