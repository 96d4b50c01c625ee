"""The server-drawn SVG chart: valid SVG, one line per series, readable labels, a text
alternative with every number, and no way for a label to inject markup."""

import re
import xml.etree.ElementTree as ET

import pytest

from campaigns.table.charts import (
    FONT,
    WIDTH,
    ChartSeries,
    chart_description,
    line_chart,
    nice_ticks,
)

SVG = "{http://www.w3.org/2000/svg}"


def _svg(html: str) -> ET.Element:
    """The chart's <svg> parsed as XML (it must be well-formed on its own)."""
    markup = re.search(r"<svg class=\"chart-svg\".*?</svg>", html, re.S).group(0)
    return ET.fromstring(markup.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def _season() -> str:
    return line_chart(
        title="Total VP by timeslot",
        x_labels=["Start", "1", "2", "3"],
        series=[
            ChartSeries("Mossback Pool", [0, 4, None, 9]),
            ChartSeries("Ember Hollow", [0, 2, 5, 5]),
        ],
        x_title="Timeslot",
        y_title="VP",
        step=True,
    )


def test_one_line_per_series_with_title_and_description():
    svg = _svg(_season())
    assert svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == "Total VP by timeslot"
    desc = svg.find(f"{SVG}desc").text
    assert "Mossback Pool from 0 to 9" in desc and "Ember Hollow from 0 to 5" in desc
    series = svg.findall(f"{SVG}g[@data-series]")
    assert [g.get("data-series") for g in series] == ["Mossback Pool", "Ember Hollow"]


def test_a_missing_value_breaks_the_line_and_steps_hold_until_the_next_x():
    moss, ember = _svg(_season()).findall(f"{SVG}g[@data-series]")
    moss_path = moss.find(f"{SVG}path").get("d")
    assert moss_path.count("M") == 2  # a new segment after the gap
    ember_path = ember.find(f"{SVG}path").get("d")
    assert "H" in ember_path and "V" in ember_path and "L" not in ember_path


def test_series_differ_by_more_than_colour():
    moss, ember = _svg(_season()).findall(f"{SVG}g[@data-series]")
    assert moss.find(f"{SVG}path").get("stroke-dasharray") != ember.find(f"{SVG}path").get(
        "stroke-dasharray"
    )
    assert moss[1].tag != ember[1].tag  # circle markers, then squares


def test_the_numbers_are_in_a_table_with_headers():
    html = _season()
    table = re.search(r"<table>.*</table>", html, re.S).group(0)
    assert '<th scope="col">Timeslot</th><th scope="col">Mossback Pool</th>' in table
    assert '<tr><th scope="row">2</th><td>–</td><td>5</td></tr>' in table
    assert '<tr><th scope="row">3</th><td>9</td><td>5</td></tr>' in table


def test_the_legend_gives_each_series_its_latest_value():
    html = _season()
    legend = re.search(r'<ul class="chart-legend">.*?</ul>', html, re.S).group(0)
    assert "Mossback Pool <strong>9</strong>" in legend
    assert "Ember Hollow <strong>5</strong>" in legend


def test_labels_stay_readable_on_a_360px_phone():
    """The drawing is 320 units wide; at a 300 px box its 13-unit type is 12 px or more."""
    assert FONT * 300 / WIDTH >= 12
    many = [f"T{n}" for n in range(1, 25)]
    svg = _svg(line_chart(title="Long", x_labels=many, series=[ChartSeries("a", list(range(24)))]))
    x_labels = [
        t.text
        for t in svg.findall(f"{SVG}text")
        if t.get("y") == svg.findall(f"{SVG}text")[-1].get("y")
    ]
    assert len(x_labels) <= 8
    assert x_labels[0] == "T1" and x_labels[-1] == "T24"


def test_labels_and_titles_are_escaped():
    html = line_chart(
        title='<script>alert("x")</script>',
        x_labels=["<b>1</b>"],
        series=[ChartSeries('Tribe "<img src=x>"', [3])],
    )
    assert "<script>" not in html and "<img" not in html and "<b>" not in html
    _svg(html)  # still well-formed


def test_an_empty_chart_says_nothing_is_recorded():
    html = line_chart(title="Sungems by timeslot", x_labels=[], series=[])
    assert "Sungems by timeslot: nothing recorded yet." in html
    _svg(html)


def test_a_series_must_have_one_value_per_x_label():
    with pytest.raises(ValueError, match="2 values for 3 x labels"):
        line_chart(title="t", x_labels=["a", "b", "c"], series=[ChartSeries("s", [1, 2])])


def test_element_ids_are_unique_per_chart():
    vp = line_chart(title="Total VP", x_labels=["1"], series=[ChartSeries("a", [1])])
    gems = line_chart(title="Sungems", x_labels=["1"], series=[ChartSeries("a", [1])])
    assert 'id="chart-total-vp"' in vp and 'id="chart-sungems"' in gems
    named = line_chart(title="x", x_labels=["1"], series=[], chart_id="tribe-3-vp")
    assert 'aria-labelledby="tribe-3-vp-title tribe-3-vp-desc"' in named


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 14, [0, 5, 10, 15]),
        (0, 0, [0, 1]),
        (-3, 10, [-5, 0, 5, 10]),
        (0, 1234, [0, 500, 1000, 1500]),
    ],
)
def test_y_ticks_are_round_and_cover_the_values(low, high, ticks):
    assert nice_ticks(low, high) == ticks


def test_the_description_reads_as_a_sentence():
    text = chart_description("XP by chapter", ["1", "2"], [ChartSeries("The Kinship", [3, 8])])
    assert text == "XP by chapter, from 1 to 2. The Kinship from 3 to 8."
