"""The Characters page's live region, drawn in Python (``characters/region.py``), read through
the page: before the Kinship, with no characters, with characters (links, the Active Player,
who plays one, Tawny and items, a Cogbot Fighter), a character added and refused, a concluded
Kinship, and what a viewer sees; a name a player typed stays escaped."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.models import Kinship
from campaigns.dawnshade.services.totals import CharacterTotals
from tests.dawnshade.conftest import ASH, make_kinship

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "dawnshade-characters"}
TYPED_NAME = "<b>Moss & 'Co'</b>"
ESCAPED_NAME = "&lt;b&gt;Moss &amp; &#x27;Co&#x27;&lt;/b&gt;"
STATS = {f"add-start_{stat}": value for stat, value in ASH.items()}


def region(client, campaign) -> str:
    response = client.get(reverse("dawnshade:characters", args=[campaign.pk]), **HTMX)
    assert response.status_code == 200
    return checked(response.content.decode())


def checked(html: str) -> str:
    assert html.startswith('<div id="dawnshade-characters"') and html.endswith("</div>")
    return html


def cards(html: str) -> dict[str, str]:
    """Each character's card by its name as shown."""
    found = re.findall(r'<section class="card" data-character="\d+">(.*?)</section>', html, re.S)
    return {re.search(r"<h2><a [^>]*>([^<]*)</a>", card)[1]: card for card in found}


def add_form(html: str) -> bool:
    return 'data-form="add"' in html


def test_before_the_kinship_and_before_any_character(owner_client, campaign, user):
    html = region(owner_client, campaign)
    assert "data-no-kinship" in html and not add_form(html)
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    html = region(owner_client, campaign)
    assert "No characters yet" in html and not cards(html)
    assert add_form(html)
    assert re.findall(r'name="add-start_(\w+)"', html) == list(ASH)  # in the Mat's order


def test_the_characters_and_who_plays_them(owner_client, viewer_client, campaign, user):
    ash, *_ = make_kinship(campaign, user)
    services.character_add(campaign=campaign, actor=user, name=TYPED_NAME, stats=ASH)
    html = region(owner_client, campaign)
    shown = cards(html)
    assert list(shown) == ["Ash", "Flash", "Wysp", ESCAPED_NAME] and TYPED_NAME not in html
    url = reverse("dawnshade:character", args=[campaign.pk, ash.pk])
    assert f'<a href="{url}">Ash</a>' in shown["Ash"]
    assert '<div data-stat="hp"><dt>HP</dt><dd>5</dd></div>' in shown["Ash"]
    assert "Tawny 0 (0 A · 0 G · 0 T) · 0/2 items" in shown["Ash"]
    assert "Active Player" not in html  # no game yet
    assert "Cogbot Fighter" not in html

    services.chapter_start(campaign=campaign, actor=user)
    shown = cards(region(owner_client, campaign))
    assert sum("Active Player" in card for card in shown.values()) == 1

    seen = region(viewer_client, campaign)
    assert list(cards(seen)) == list(shown) and "<form" not in seen


def test_a_character_joins_or_is_refused(owner_client, campaign, user, trio):
    url = reverse("dawnshade:character_add", args=[campaign.pk])
    refused = owner_client.post(url, {"add-name": ""}, **HTMX)
    assert refused.status_code == 422
    html = checked(refused.content.decode())
    assert re.search(r'id="id_add-name_error"', html) and len(cards(html)) == 3

    joined = owner_client.post(
        url, {"add-name": TYPED_NAME, "add-played_by_me": "on", **STATS}, **HTMX
    )
    assert joined.status_code == 200
    card = cards(checked(joined.content.decode()))[ESCAPED_NAME]
    assert '<span class="muted small">owner</span>' in card  # played by the one who added it


def test_a_cogbot_fighter_and_a_concluded_kinship(owner_client, campaign, user, trio, monkeypatch):
    monkeypatch.setattr(CharacterTotals, "has_cogbot_fighter", property(lambda totals: True))
    html = region(owner_client, campaign)
    assert all(
        card.rstrip().endswith("items · Cogbot Fighter</p>") for card in cards(html).values()
    )
    Kinship.objects.filter(campaign=campaign).update(concluded=True)
    html = region(owner_client, campaign)
    assert len(cards(html)) == 3 and not add_form(html)  # no one joins a concluded Kinship
