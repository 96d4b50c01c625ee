"""Charts drawn on the server as inline SVG: values of a few series over an ordered x axis
(a tribe's Total VP by timeslot, the Kinship's XP by chapter, a group's totals over time).

No JavaScript and no library. The picture is sized for a 360 px phone (labels stay about
13 px there), tells series apart by colour, dash and marker shape (not colour alone), and
carries a text alternative: the SVG's <title>/<desc>, and the numbers as a <table>.

    from campaigns.table.charts import ChartSeries, line_chart

    chart = line_chart(
        title="Total VP by timeslot",
        x_labels=["Start", "1", "2", "3"],
        series=[ChartSeries("Mossback Pool", [0, 4, None, 9]), ChartSeries("Ember", [0, 2, 5, 5])],
        x_title="Timeslot",
        y_title="VP",
        step=True,
    )
    # in the template: {{ chart }}  (already safe HTML)
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify

from .form_renderer import fast_escape

# The drawing's own units; the SVG scales to its box, which CSS keeps between a phone's
# width and 28rem, so 13 units of type render at 12-20 px.
WIDTH = 320
HEIGHT = 200
FONT = 13
MARGIN_LEFT = 34
MARGIN_RIGHT = 10
MARGIN_TOP = 10
MARGIN_BOTTOM = 34
MAX_X_LABELS = 8
# How series differ besides colour (colours come from CSS: .chart-series-<n>).
DASHES = ("", "6 4", "2 3", "9 3 2 3", "4 2", "1 4")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "circle-open")
SERIES_STYLES = len(DASHES)


@dataclass(frozen=True)
class ChartSeries:
    """One line: its label (a tribe, a character, a group) and one value per x label,
    `None` where it has none (the line breaks there)."""

    label: str
    values: Sequence[float | int | None]


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round tick values covering low..high (steps of 1, 2 or 5 times a power of ten)."""
    if high < low:
        low, high = high, low
    if high == low:
        high = low + (1 if low == 0 else abs(low))
    raw_step = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw_step))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw_step)
    if step < 1 and all(float(v).is_integer() for v in (low, high)):
        step = 1
    ticks = [round(math.floor(low / step) * step, 10)]
    while ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _marker(shape: str, x: float, y: float) -> str:
    r = 3.5
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"/>'
    if shape == "triangle":
        return (
            f'<polygon points="{x:.1f},{y - r - 0.5:.1f} {x + r:.1f},{y + r:.1f} '
            f'{x - r:.1f},{y + r:.1f}"/>'
        )
    if shape == "diamond":
        return (
            f'<polygon points="{x:.1f},{y - r - 0.5:.1f} {x + r + 0.5:.1f},{y:.1f} '
            f'{x:.1f},{y + r + 0.5:.1f} {x - r - 0.5:.1f},{y:.1f}"/>'
        )
    if shape == "cross":
        return (
            f'<path d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}'
            f'M{x - r:.1f} {y + r:.1f}L{x + r:.1f} {y - r:.1f}" class="chart-cross"/>'
        )
    if shape == "circle-open":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" class="chart-open"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}"/>'


def _line_path(points: list[tuple[float, float] | None], *, step: bool) -> str:
    """SVG path data through the points, breaking at None; a step line holds each value
    until the next x, then jumps."""
    parts = []
    previous = None
    for point in points:
        if point is None:
            previous = None
            continue
        x, y = point
        if previous is None:
            parts.append(f"M{x:.1f} {y:.1f}")
        elif step:
            parts.append(f"H{x:.1f}V{y:.1f}")
        else:
            parts.append(f"L{x:.1f} {y:.1f}")
        previous = point
    return "".join(parts)


def chart_description(title: str, x_labels: Sequence[str], series: Sequence[ChartSeries]) -> str:
    """The chart in one or two sentences, for screen readers (the SVG's <desc>)."""
    if not x_labels or not series:
        return f"{title}: nothing recorded yet."
    lines = []
    for one in series:
        known = [v for v in one.values if v is not None]
        if not known:
            lines.append(f"{one.label}: no values")
            continue
        lines.append(f"{one.label} from {_number(known[0])} to {_number(known[-1])}")
    span = f"from {x_labels[0]} to {x_labels[-1]}" if len(x_labels) > 1 else f"at {x_labels[0]}"
    return f"{title}, {span}. " + "; ".join(lines) + "."


def line_chart(
    *,
    title: str,
    x_labels: Sequence[str],
    series: Sequence[ChartSeries],
    x_title: str = "",
    y_title: str = "",
    step: bool = False,
    chart_id: str = "",
    table_open: bool = False,
) -> SafeString:
    """A <figure> with the chart as inline SVG, a legend, and the numbers as a table.

    `x_labels` are the x axis in order (timeslots, chapters, dates as words); each series has
    one value per x label (None where missing). `step=True` draws totals that change at
    discrete moments as steps. `chart_id` makes the element ids unique on the page (default:
    from the title). `table_open` shows the numbers table open (e.g. in a print view).
    """
    chart_id = chart_id or f"chart-{slugify(title) or 'values'}"
    x_labels = [str(label) for label in x_labels]
    for one in series:
        if len(one.values) != len(x_labels):
            raise ValueError(f"{one.label}: {len(one.values)} values for {len(x_labels)} x labels")
    known = [v for one in series for v in one.values if v is not None]
    low = min([0, *known])
    high = max([0, *known])
    ticks = nice_ticks(low, high)
    y_low, y_high = ticks[0], ticks[-1]
    plot_left, plot_right = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
    plot_top, plot_bottom = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM

    def x_at(index: int) -> float:
        if len(x_labels) == 1:
            return (plot_left + plot_right) / 2
        return plot_left + index * (plot_right - plot_left) / (len(x_labels) - 1)

    def y_at(value: float) -> float:
        return plot_bottom - (value - y_low) * (plot_bottom - plot_top) / (y_high - y_low)

    svg = []
    for tick in ticks:
        y = y_at(tick)
        svg.append(
            f'<line class="chart-grid" x1="{plot_left}" x2="{plot_right}" '
            f'y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="chart-tick" x="{plot_left - 4}" y="{y + FONT / 3:.1f}" '
            f'text-anchor="end">{_number(tick)}</text>'
        )
    # As many x labels as fit side by side; the rest are in the table.
    label_width = max((len(label) for label in x_labels), default=1) * FONT * 0.6 + 8
    fitting = max(2, min(MAX_X_LABELS, int((plot_right - plot_left) / label_width) + 1))
    every = max(1, math.ceil((len(x_labels) - 1) / (fitting - 1))) if len(x_labels) > 1 else 1
    shown = set(range(0, len(x_labels), every))
    last = len(x_labels) - 1
    if shown and last not in shown:
        if last - max(shown) < every * 0.6:
            shown.discard(max(shown))
        shown.add(last)
    for index, label in enumerate(x_labels):
        if index not in shown:
            continue
        anchor = "middle"
        if len(x_labels) > 1 and index == 0:
            anchor = "start"
        elif len(x_labels) > 1 and index == len(x_labels) - 1:
            anchor = "end"
        svg.append(
            f'<text class="chart-tick" x="{x_at(index):.1f}" y="{plot_bottom + FONT + 3}" '
            f'text-anchor="{anchor}">{fast_escape(label)}</text>'
        )
    svg.append(
        f'<line class="chart-axis" x1="{plot_left}" x2="{plot_right}" '
        f'y1="{plot_bottom}" y2="{plot_bottom}"/>'
    )
    if x_title:
        svg.append(
            f'<text class="chart-axis-title" x="{(plot_left + plot_right) / 2:.1f}" '
            f'y="{HEIGHT - 3}" text-anchor="middle">{fast_escape(x_title)}</text>'
        )
    for number, one in enumerate(series):
        style = number % SERIES_STYLES
        points = [
            None if value is None else (x_at(i), y_at(value)) for i, value in enumerate(one.values)
        ]
        dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
        markers = "".join(_marker(MARKERS[style], *p) for p in points if p is not None)
        svg.append(
            f'<g class="chart-series chart-series-{style + 1}" data-series="{fast_escape(one.label)}">'
            f'<path class="chart-line" d="{_line_path(points, step=step)}"{dash}/>'
            f"{markers}</g>"
        )

    description = chart_description(title, x_labels, series)
    y_caption = f" ({y_title})" if y_title else ""
    legend = "".join(
        f'<li><svg class="chart-key chart-series-{number % SERIES_STYLES + 1}" '
        'viewBox="0 0 28 12" width="28" height="12" aria-hidden="true">'
        f"{_key_drawing(number % SERIES_STYLES)}</svg>{fast_escape(one.label)} "
        f"<strong>{fast_escape(_last_value(one))}</strong></li>"
        for number, one in enumerate(series)
    )
    header = "".join(f'<th scope="col">{fast_escape(one.label)}</th>' for one in series)
    body = "".join(
        f'<tr><th scope="row">{fast_escape(label)}</th>'
        + "".join(
            f"<td>{'–' if one.values[i] is None else fast_escape(one.values[i])}</td>"
            for one in series
        )
        + "</tr>"
        for i, label in enumerate(x_labels)
    )
    chart_id, title = fast_escape(chart_id), fast_escape(title)
    shown_open = " open" if table_open else ""
    return mark_safe(  # every text escaped here or where the drawing was built
        f'<figure class="chart" id="{chart_id}" data-chart>'
        f'<figcaption class="chart-title">{title}{fast_escape(y_caption)}</figcaption>'
        f'<svg class="chart-svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" font-size="{FONT}">'
        f'<title id="{chart_id}-title">{title}</title>'
        f'<desc id="{chart_id}-desc">{fast_escape(description)}</desc>{"".join(svg)}</svg>'
        f'<ul class="chart-legend">{legend}</ul>'
        f'<details class="chart-numbers"{shown_open}><summary>The numbers</summary>'
        '<div class="table-scroll" tabindex="0" role="region" '
        f'aria-label="{title}: the numbers"><table>'
        f'<caption class="visually-hidden">{title}</caption>'
        f'<thead><tr><th scope="col">{fast_escape(x_title or "Point")}</th>{header}</tr>'
        f"</thead><tbody>{body}</tbody></table></div></details></figure>"
    )


def _key_drawing(style: int) -> str:
    """The legend's sample of a series' line: same colour, dash and marker."""
    dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
    return f'<path class="chart-line" d="M1 6H27"{dash}/>' + _marker(MARKERS[style], 14, 6)


def _last_value(one: ChartSeries) -> str:
    known = [v for v in one.values if v is not None]
    return _number(known[-1]) if known else "–"
