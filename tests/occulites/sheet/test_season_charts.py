"""The season as a picture: a tribe's Total VP and Sungems by timeslot on its tribe sheet and
its printed page, linked from the campaign sheet, which reads nothing more for it (issue 15)."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.occulites import services
from campaigns.table.ledger import ledger_undo
from tests.occulites.results.conftest import draw_scenario

HUNT = "returning_from_the_hunt"


def chart_numbers(html: str, chart_id: str) -> dict[str, list[str]]:
    """A chart's text alternative as {x label: [value per series]}, with the series names
    under the key "series"."""
    figure = re.search(rf'<figure[^>]* id="{chart_id}"[^>]*data-chart.*?</figure>', html, re.S)
    assert figure, f"no chart {chart_id}"
    table = re.search(r"<table>.*</table>", figure.group(0), re.S).group(0)
    numbers = {"series": re.findall(r'<th scope="col">(.*?)</th>', table)[1:]}
    for label, cells in re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table):
        numbers[label] = re.findall(r"<td>(.*?)</td>", cells)
    return numbers


def _end_timeslot(campaign, user, tribes):
    """Every tribe plays this timeslot's scenario (no VP from it) and the season moves on."""
    draw_scenario(campaign, user, HUNT, tribes)
    for tribe in tribes:
        services.scenario_result_record(tribe=tribe, actor=user, vp_counts={})
    services.season_advance(campaign=campaign, actor=user)


def _tribe_sheet(client, campaign, tribe):
    return client.get(reverse("occulites:tribe_sheet", args=[campaign.pk, tribe.pk]))


def test_the_tribe_sheet_draws_its_total_vp_and_sungems_by_timeslot(
    owner_client, campaign, hydris, palaudis, user
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=4, reason="Hunt")
    services.tribe_sungems_change(tribe=hydris, actor=user, amount=2, reason="Found")
    _end_timeslot(campaign, user, [hydris, palaudis])
    services.tribe_award_vp(tribe=hydris, actor=user, amount=3, reason="Skirmish")
    services.tribe_spend_vp(tribe=hydris, actor=user, amount=2, reason="A Grunt")  # not lost
    services.tribe_sungems_change(tribe=hydris, actor=user, amount=-1, reason="Raided")
    html = _tribe_sheet(owner_client, campaign, hydris).content.decode()
    assert chart_numbers(html, f"tribe-{hydris.pk}-season") == {
        "series": ["Total VP", "Sungems"],
        "Start": ["0", "0"],
        "1": ["4", "2"],
        "2": ["7", "1"],
    }
    assert 'data-series="Total VP"' in html and 'data-series="Sungems"' in html
    assert "/rules/occulites/victory-points-and-sungems/" in html


def test_the_chart_follows_the_timeslots_when_an_advance_is_undone(
    owner_client, campaign, hydris, palaudis, user
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=5, reason="First")
    _end_timeslot(campaign, user, [hydris, palaudis])
    advance = campaign.ledger.filter(kind="season.advance").first()
    ledger_undo(campaign=campaign, actor=user, entry_id=advance.pk)
    services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason="Still the first")
    services.season_advance(campaign=campaign, actor=user)
    services.tribe_sungems_change(tribe=hydris, actor=user, amount=3, reason="Second")
    html = _tribe_sheet(owner_client, campaign, hydris).content.decode()
    numbers = chart_numbers(html, f"tribe-{hydris.pk}-season")
    assert [numbers[t] for t in ("Start", "1", "2")] == [["0", "0"], ["6", "0"], ["6", "3"]]
    assert "3" not in numbers  # timeslot 3 has not begun


def test_the_campaign_sheet_links_each_tribe_to_its_chart_and_reads_no_entry_for_it(
    owner_client, campaign, hydris, palaudis, user
):
    services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason="First")
    url = reverse("occulites:sheet", args=[campaign.pk])
    with CaptureQueriesContext(connection) as few:
        html = owner_client.get(url).content.decode()
    for tribe in (hydris, palaudis):
        target = reverse("occulites:tribe_sheet", args=[campaign.pk, tribe.pk])
        assert f'href="{target}#tribe-{tribe.pk}-season"' in html
    assert "data-chart" not in html
    for n in range(30):
        services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"VP {n}")
    with CaptureQueriesContext(connection) as many:
        owner_client.get(url)
    assert len(many) == len(few)


def test_the_tribe_sheet_chart_adds_no_query(
    owner_client, campaign, hydris, palaudis, user, django_assert_num_queries
):
    """The chart is drawn from the lines the sheet already walks: same count, before and
    after a longer history (three timeslots)."""
    _end_timeslot(campaign, user, [hydris, palaudis])
    url = reverse("occulites:tribe_sheet", args=[campaign.pk, hydris.pk])
    with CaptureQueriesContext(connection) as first:
        owner_client.get(url)
    for _ in range(2):
        for n in range(10):
            services.tribe_award_vp(tribe=hydris, actor=user, amount=1, reason=f"VP {n}")
        _end_timeslot(campaign, user, [hydris, palaudis])
    with django_assert_num_queries(len(first)):
        html = owner_client.get(url).content.decode()
    assert chart_numbers(html, f"tribe-{hydris.pk}-season")["3"] == ["20", "0"]


def test_the_print_view_puts_each_tribes_chart_with_its_numbers_open_on_its_own_page(
    owner_client, campaign, hydris, palaudis, user
):
    services.tribe_award_vp(tribe=palaudis, actor=user, amount=2, reason="Hunt")
    html = owner_client.get(reverse("occulites:print", args=[campaign.pk])).content.decode()
    pages = html.split('class="print-page"')[1:]
    assert len(pages) == 4  # each tribe's sheet, then its chart
    for (sheet, chart), tribe, vp in zip(
        (pages[0:2], pages[2:4]), (hydris, palaudis), ("0", "2"), strict=True
    ):
        assert tribe.name in sheet and "data-chart" not in sheet
        assert chart_numbers(chart, f"tribe-{tribe.pk}-season")["1"] == [vp, "0"]
        assert re.search(r"<details[^>]* open>", chart)
