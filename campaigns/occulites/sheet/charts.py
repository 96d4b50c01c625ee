"""The season as a picture: a tribe's Total VP and Sungems by timeslot, drawn by the shared
chart helper from its paper sheet's lines (Campaign Rules - Victory Points and Sungems).

It is on the tribe sheet and the print view, which walk the tribe's entries anyway; the
campaign sheet links to it rather than read the whole ledger again on every load."""

from collections.abc import Sequence

from django.utils.safestring import SafeString

from campaigns.occulites.queries import TribeSheet
from campaigns.table.charts import ChartSeries, line_chart

from .scenario_rows import ScenarioLine


def tribe_season_chart(
    sheet: TribeSheet, lines: Sequence[ScenarioLine], *, table_open: bool = False
) -> SafeString:
    """One tribe's Total VP and Sungems at the end of each timeslot so far, from the season's
    start (every tribe starts with nothing); `table_open` shows the numbers (on paper)."""
    return line_chart(
        title=f"{sheet.tribe.name}: Total VP and Sungems by timeslot",
        x_labels=["Start", *(str(line.timeslot) for line in lines)],
        series=[
            ChartSeries("Total VP", [0, *(line.total_vp for line in lines)]),
            ChartSeries("Sungems", [0, *(line.sungems for line in lines)]),
        ],
        x_title="Timeslot",
        step=True,
        chart_id=f"tribe-{sheet.tribe.pk}-season",  # the campaign sheet links here
        table_open=table_open,
    )
