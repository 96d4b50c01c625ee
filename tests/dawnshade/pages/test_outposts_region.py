"""The Outposts page's live region, drawn in Python (``outposts/region.py``), read through
the page: the Outposts' level and no visit; the Guild Hall's training by character, then
trained; the Mercantile's buying and selling; the Foundry's three purchases; the Tavern;
and what a viewer sees."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from tests.dawnshade.regions import region_html

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-outposts"}


def region(client, campaign) -> str:
    url = reverse("dawnshade:outposts", args=[campaign.pk])
    return region_html(client, url, "dawnshade-outposts")


def forms(html: str) -> list[str]:
    return re.findall(r'<form method="post" action="/c/\d+/dawnshade/outposts/([^"]*)"', html)


def _visit(campaign, user, outpost):
    services.kinship_move(
        campaign=campaign, actor=user, tile_type="outpost", outpost=outpost, hexes=2
    )


def test_no_outpost_visited(campaign, owner_client, playing):
    html = region(owner_client, campaign)
    assert 'data-here=""' in html and "Level I this game" in html
    assert "<p data-no-outpost>The Kinship is not visiting an Outpost now." in html
    assert forms(html) == []


def test_the_guild_hall_trains_each_character_once(
    campaign, user, owner_client, viewer_client, playing
):
    _visit(campaign, user, "guild_hall")
    html = region(owner_client, campaign)
    assert (
        'data-here="guild_hall"' in html and "<strong data-at-outpost>Guild Hall</strong>" in html
    )
    rows = re.findall(r'<fieldset data-character="\d+"><legend>([^<]+)</legend>', html)
    assert rows == [f"{name}: 0 points" for name in ("Ash", "Flash", "Wysp")]
    assert forms(html) == ["guild-hall/"] and html.count('type="checkbox"') == 9
    viewer = region(viewer_client, campaign)
    assert "guild-title" in viewer and "<form" not in viewer


def test_the_mercantile_buys_and_sells(campaign, user, owner_client, viewer_client, playing):
    ash = playing[0]
    services.item_take(
        campaign=campaign,
        actor=user,
        character=ash,
        name="Old <Map>",
        item_type="permanent",
        reason="Logbook",
    )
    _visit(campaign, user, "mercantile")
    html = region(owner_client, campaign)
    assert forms(html)[0] == "mercantile/buy/" and 'name="buy-name"' in html
    sold = re.search(r"<h3>Sell</h3>\s*<ul class=\"helper-list\">(.*?)</ul>", html, re.S)[1]
    assert "<li>Ash: Old &lt;Map&gt; (sells for ?) <form" in sold
    assert 'aria-label="Sell Old &lt;Map&gt; of Ash">Sell</button>' in sold
    assert "<form" not in region(viewer_client, campaign)


def test_the_foundry_and_the_tavern(campaign, user, owner_client, playing):
    _visit(campaign, user, "foundry")
    html = region(owner_client, campaign)
    assert forms(html) == [
        "foundry/transmute/",
        "foundry/cogbot-fighter/",
        "foundry/cogbehemoth/",
    ]
    assert "/rules/dawnshade/cogbot-limits-reading/" in html
    services.visit_complete(campaign=campaign, actor=user, outcome="completed")
    services.visit_earn_rewards(
        campaign=campaign, actor=user, xp=None, tawny={c.pk: 0 for c in playing}, loot_shoot_items=0
    )
    _visit(campaign, user, "tavern")
    html = region(owner_client, campaign)
    assert "<h2>Tavern</h2><p>Double Doubler's Dice and Watchers Runes" in html
