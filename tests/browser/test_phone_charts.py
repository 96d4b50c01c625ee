"""A server-drawn chart on a 360 px phone: fits, labels at least 12 px, and no serious axe
violations with its numbers table open (in both themes); and every page that draws one (the
Occulites tribe sheet and print view, the Dawnshade save sheet, the Glow history)
fits with its charts at the normal and the largest text size."""

import io
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

from campaigns.table.charts import ChartSeries, line_chart
from campaigns.table.models import Campaign
from campaigns.table.pwa import TEXT_SIZE_COOKIE
from tests.browser.conftest import assert_fits_a_phone, log_in
from tests.browser.test_accessibility import _violations

TRIBES = ["Mossback Pool", "Reed Marsh", "Ember Hollow", "Thornback Ridge", "Glimmer Fen"]


def _season_chart() -> str:
    timeslots = ["Start", *(str(n) for n in range(1, 13))]
    series = [
        ChartSeries(name, [None if (n + i) % 7 == 6 else n * (i + 1) for n in range(13)])
        for i, name in enumerate(TRIBES)
    ]
    return line_chart(
        title="Total VP by timeslot",
        x_labels=timeslots,
        series=series,
        x_title="Timeslot",
        step=True,
        table_open=True,
    )


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_chart_fits_a_phone_reads_at_arms_length_and_passes_axe(new_phone, theme):
    css = Path(finders.find("table/css/app.css")).read_text()
    phone = new_phone()
    phone.set_content(
        f'<!doctype html><html lang="en" data-theme="{theme}" data-text-size="normal"><head>'
        f"<title>Chart</title><style>{css}</style></head><body><main><h1>Season</h1>"
        f'<section class="card">{_season_chart()}</section></main></body></html>'
    )
    assert_fits_a_phone(phone)
    sizes = phone.evaluate(
        "[...document.querySelectorAll('.chart-svg text')].map(t => t.getBoundingClientRect().height)"
    )
    assert min(sizes) >= 12, sizes
    assert _violations(phone) == []


# The pages that draw a season chart, with the demo data: (game, path under /c/<id>/).
CHART_PAGES = [
    ("occulites", "occulites/tribes/{tribe}/"),
    ("occulites", "occulites/print/"),
    ("dawnshade", "dawnshade/sheet/"),
    ("glow", "glow/history/"),
]


@pytest.mark.parametrize("size", ["normal", "xlarge"])
@pytest.mark.django_db(transaction=True)
def test_every_chart_page_fits_a_phone_with_labels_at_arms_length(live_server, new_phone, size):
    call_command("demo_data", stdout=io.StringIO())
    phone = new_phone()
    phone.context.add_cookies([{"name": TEXT_SIZE_COOKIE, "value": size, "url": live_server.url}])
    log_in(phone, live_server.url, "demo", "dawn-demo")
    for game, path in CHART_PAGES:
        campaign = Campaign.objects.filter(game=game, memberships__user__username="demo").first()
        tribe = campaign.tribes.first().pk if game == "occulites" else None
        response = phone.goto(f"{live_server.url}/c/{campaign.pk}/" + path.format(tribe=tribe))
        assert response.status == 200, path
        charts = phone.locator("[data-chart]")
        assert charts.count() >= 1, f"no chart on {path}"
        assert_fits_a_phone(phone)
        boxes = phone.evaluate(
            """[...document.querySelectorAll('[data-chart]')].map(c => {
                 const box = c.getBoundingClientRect();
                 return [box.left, box.right]; })"""
        )
        assert all(left >= 0 and right <= 360 for left, right in boxes), (path, boxes)
        sizes = phone.evaluate(
            "[...document.querySelectorAll('[data-chart] svg text')]"
            ".map(t => t.getBoundingClientRect().height)"
        )
        assert min(sizes) >= 12, (path, sizes)
        assert phone.locator("[data-chart] table td").count() > 0, path
