"""The save sheet's live region, drawn in Python (``sheet/region.py``), read through the
page: the Kinship's line from set-up to its conclusion, the characters' table, the chapters
played with the XP chart, the quest log, the Kinship's latest entries, and names escaped."""

import re

import pytest
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.demo import populate_demo_trilogy
from campaigns.dawnshade.models import ChapterResult, Kinship
from tests.dawnshade.conftest import ASH
from tests.dawnshade.regions import region_html
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

REGION = "dawnshade-sheet"


def region(client, campaign) -> str:
    return region_html(client, reverse("dawnshade:sheet", args=[campaign.pk]), REGION)


def section(html: str, name: str) -> str:
    return re.search(
        rf'<section class="card[^"]*" aria-labelledby="sheet-{name}">.*?</section>', html, re.S
    )[0]


def test_before_the_kinship(owner_client, campaign):
    html = region(owner_client, campaign)
    assert "data-no-kinship" in html and "sheet-kinship" not in html


def test_a_kinship_in_its_first_game(owner_client, campaign, user, playing):
    html = region(owner_client, campaign)
    assert '<button type="button" class="secondary" data-print>Print this sheet</button>' in html
    kinship = section(html, "kinship")
    assert f"{campaign.name}: Trilogy Mode, Normal</h2>" in kinship
    assert "<p>Game 1 of 3 (Chapter I) ·" in kinship
    assert "<strong data-sheet-level>0</strong>" in kinship
    assert "<strong data-sheet-xp>0</strong>" in kinship
    assert re.search(r"<strong data-sheet-status>[^<]+</strong> —", kinship)
    assert "Artifacts <a " in kinship and ": none yet</p>" in kinship
    characters = section(html, "characters")
    assert 'aria-label="Characters (scrolls sideways)"' in characters
    assert re.findall(r'<th scope="col">([^<]+)</th>', characters)[-1] == "Tawny (A·G·T)"
    assert "sheet-results" not in html  # no chapter played yet
    log = section(html, "log")
    assert '<ol class="quest-log">' in log
    history = section(html, "history")
    assert re.search(r"<li><strong>The Kinship sets out: Trilogy Mode, Normal</strong>", history)
    assert 'data-history-window="400"' in history
    assert f'<a href="{reverse("history", args=[campaign.pk])}">all the history</a>' in history


def test_the_chapters_played_and_the_chart(owner_client, campaign, user):
    populate_demo_trilogy(campaign=campaign, owner=user, friend=UserFactory())
    html = region(owner_client, campaign)
    results = section(html, "results")
    assert len(re.findall(r"<tr>", results.split("</thead>")[1].split("</table>")[0])) == 1
    assert 'id="kinship-xp"' in results
    assert re.search(r"<p>Game 2 of 3 \(Chapter [IV]+\) ·", section(html, "kinship"))


def test_a_concluded_solo_campaign(owner_client, campaign, user):
    services.kinship_create(
        campaign=campaign, actor=user, mode="trilogy", difficulty="normal", solo=True
    )
    services.character_add(campaign=campaign, actor=user, name="Ash", stats=ASH)
    kinship = Kinship.objects.get(campaign=campaign)
    for game in (1, 2, 3):
        ChapterResult.objects.create(
            kinship=kinship,
            game_number=game,
            narrative_chapter=game,
            outcome="foe_ko",
            xp=10,
            level=1,
            threat=16,
            alignment="balanced",
        )
    Kinship.objects.filter(pk=kinship.pk).update(
        game_number=3, concluded=True, conclusion_alignment="balanced"
    )
    line = section(region(owner_client, campaign), "kinship")
    assert ": Trilogy Mode, Normal, solo</h2>" in line
    assert re.search(r"<p>Game 3 of 3: concluded, Balanced ·", line)


def test_names_are_escaped(owner_client, campaign, user):
    campaign.name = "<b>Long & Dark"
    campaign.save()
    services.kinship_create(campaign=campaign, actor=user, mode="trilogy", difficulty="normal")
    services.character_add(campaign=campaign, actor=user, name="<i>Ash", stats=ASH)
    html = region(owner_client, campaign)
    assert "&lt;b&gt;Long &amp; Dark: Trilogy Mode" in html
    assert "&lt;i&gt;Ash" in html and "<i>" not in html and "<b>" not in html
