"""The save-game sheet draws the Kinship's XP by game: each chapter result's XP, then the
XP now while a game is being played (issue 15), in the same number of queries."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.dawnshade import services
from campaigns.dawnshade.demo import populate_demo_trilogy
from campaigns.dawnshade.models import ChapterResult, Kinship
from tests.factories import UserFactory


def chart_rows(html: str) -> dict[str, list[str]]:
    """The XP chart's text alternative: {game: [XP]}."""
    figure = re.search(r'<figure[^>]* id="kinship-xp"[^>]*data-chart.*?</figure>', html, re.S)
    assert figure, "no XP chart"
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', figure.group(0))
    return {label: re.findall(r"<td>(.*?)</td>", cells) for label, cells in rows}


def _sheet(client, campaign) -> str:
    return client.get(reverse("dawnshade:sheet", args=[campaign.pk])).content.decode()


def test_the_sheet_charts_xp_at_each_games_end_and_now(campaign, user, owner_client):
    populate_demo_trilogy(campaign=campaign, owner=user, friend=UserFactory())
    ended = ChapterResult.objects.get(kinship__campaign=campaign)
    now = services.kinship_totals(campaign).xp
    assert now > ended.xp  # the demo's game 2 has earned some already
    html = _sheet(owner_client, campaign)
    assert chart_rows(html) == {"1": [str(ended.xp)], "2 (now)": [str(now)]}
    assert 'data-series="XP"' in html
    assert "/rules/dawnshade/xp-and-levels/" in html


def test_a_concluded_campaign_charts_its_games_only(campaign, user, owner_client, trio):
    kinship = Kinship.objects.get(campaign=campaign)
    for game, xp in ((1, 46), (2, 72), (3, 96)):
        ChapterResult.objects.create(
            kinship=kinship,
            game_number=game,
            narrative_chapter=game,
            outcome="foe_ko",
            xp=xp,
            level=xp // 10,
            threat=16,
            alignment="balanced",
        )
    Kinship.objects.filter(pk=kinship.pk).update(game_number=3, concluded=True)
    assert chart_rows(_sheet(owner_client, campaign)) == {"1": ["46"], "2": ["72"], "3": ["96"]}


def test_no_chart_before_the_first_game_ends(campaign, owner_client, playing):
    assert "data-chart" not in _sheet(owner_client, campaign)


def test_the_chart_reads_only_the_chapter_results_the_sheet_reads_anyway(
    campaign, user, owner_client
):
    populate_demo_trilogy(campaign=campaign, owner=user, friend=UserFactory())
    with CaptureQueriesContext(connection) as captured:
        assert "data-chart" in _sheet(owner_client, campaign)
    assert sum("dawnshade_chapterresult" in q["sql"] for q in captured) == 1
