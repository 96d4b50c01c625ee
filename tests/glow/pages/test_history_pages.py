"""Play history and statistics, the server-drawn chart, BG Stats links and the CSV."""

import csv
import io
import json
import re
from urllib.parse import parse_qs, urlparse

from django.urls import reverse

from campaigns.glow import services
from tests.factories import HTMX


def _finish(play, user, scores):
    for seat, score in zip(play.seats.all(), scores, strict=True):
        services.seat_core_score_set(seat=seat, actor=user, core_score=score)
    services.play_finish(play=play, actor=user)


def test_the_history_lists_finished_plays_with_stats_and_a_chart(
    campaign, make_play, user, owner_client
):
    first = make_play((user, "hulios"), ("Mira", "elldir"))
    services.seat_butterflies_step(seat=first.seats.first(), actor=user, colour="red", delta=1)
    _finish(first, user, (60, 50))
    second = make_play(
        (user, "hulios"), ("Mira", "elldir"), played_on=first.played_on.replace(day=9)
    )
    _finish(second, user, (40, 55))
    make_play((user, "hulios"), ("Mira", "elldir"))  # still open: not in the history
    html = owner_client.get(reverse("glow:history", args=[campaign.pk])).content.decode()
    assert html.count('class="play-link"') == 2
    assert "<svg" in html and 'data-series="owner"' in html and 'data-series="Mira"' in html
    assert _chart_rows(html) == {"1 May": ["61", "50"], "9 May": ["40", "55"]}
    # owner: 61 and 40, one win; Mira: 50 and 55, one win.
    assert '<tr data-player="owner"><th scope="row">owner</th><td>2</td><td>1</td>' in html
    assert "50%" in html and "Send to BG Stats" in html
    assert "/rules/glow/butterfly-scoring/" in html


def _chart_rows(html: str) -> dict[str, list[str]]:
    """The totals chart's text alternative: {play: [total per player]}."""
    figure = re.search(r'<figure[^>]* id="glow-totals"[^>]*data-chart.*?</figure>', html, re.S)
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', figure.group(0))
    return {label: re.findall(r"<td>(.*?)</td>", cells) for label, cells in rows}


def test_the_chart_tells_plays_on_one_day_apart_and_leaves_a_gap_for_a_missed_play(
    campaign, make_play, user, owner_client
):
    _finish(make_play((user, "hulios"), ("Mira", "elldir")), user, (60, 50))
    _finish(make_play((user, "hulios"), ("Tam", "elldir")), user, (45, 70))
    html = owner_client.get(reverse("glow:history", args=[campaign.pk])).content.decode()
    assert _chart_rows(html) == {"1 May": ["60", "50", "–"], "1 May (2)": ["45", "–", "70"]}
    assert 'data-series="Tam"' in html


def test_an_empty_history_draws_no_chart(campaign, owner_client):
    html = owner_client.get(reverse("glow:history", args=[campaign.pk])).content.decode()
    assert "<svg" not in html and "No finished plays yet." in html


def test_the_csv_has_one_row_per_seat_of_every_finished_play(
    campaign, make_play, user, owner_client
):
    play = make_play((user, "hulios"), ("Mira", "elldir"))
    _finish(play, user, (60, 50))
    response = owner_client.get(reverse("glow:plays_csv", args=[campaign.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["play", "date", "journey_board"]
    assert [(row[4], row[8], row[9]) for row in rows[1:]] == [
        ("owner", "60", "yes"),
        ("Mira", "50", "no"),
    ]


def test_the_bg_stats_link_carries_the_plays_json(campaign, make_play, user, owner_client):
    services.settings_bgg_id_set(campaign=campaign, actor=user, bgg_id=12345)
    play = make_play((user, "hulios"), ("Mira", "elldir"))
    _finish(play, user, (60, 50))
    html = owner_client.get(reverse("glow:pad", args=[campaign.pk, play.pk])).content.decode()
    start = html.index('href="bgstats://') + len('href="')
    link = html[start : html.index('"', start)].replace("&amp;", "&")
    parsed = urlparse(link)
    assert parsed.scheme == "bgstats" and parsed.path == "/createPlay.html"
    data = json.loads(parse_qs(parsed.query)["data"][0])
    assert data["game"]["bggId"] == 12345
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [
        ("owner", 60, True),
        ("Mira", 50, False),
    ]


def test_the_live_region_reloads_only_itself(campaign, make_play, user, owner_client):
    _finish(make_play((user, "hulios"), ("Mira", "elldir")), user, (60, 50))
    url = reverse("glow:history", args=[campaign.pk])
    html = owner_client.get(url, headers=HTMX).content.decode()
    # Swapped in place of the region: the region itself, not the whole page around it.
    assert "<html" not in html and html.strip().startswith('<div id="glow-history"')
    assert "Mira" in html and 'id="glow-totals"' in html
