"""A server-drawn chart on a 360 px phone: fits, labels at least 12 px, and no serious axe
violations with its numbers table open (in both themes)."""

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from campaigns.table.charts import ChartSeries, line_chart
from tests.browser.conftest import assert_fits_a_phone
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
