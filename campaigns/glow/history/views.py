"""The group's play history and statistics, the totals chart, and the exports."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.http import HttpResponse
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET

from campaigns.glow.queries import finished_records, history_page
from campaigns.glow.rules.bgstats import plays_csv
from campaigns.glow.rules.stats import PlayerStats, TotalsByPlay
from campaigns.table.access import campaign_view
from campaigns.table.charts import ChartSeries, line_chart
from campaigns.table.htmx import campaign_context, render_page

HISTORY_TEMPLATE = "glow/history.html"


def totals_chart(totals: TotalsByPlay) -> SafeString | None:
    """Each player's total (core score plus butterfly shards) in every finished play, in
    time order; None before the first play is finished."""
    if not totals.plays:
        return None
    labels, seen = [], {}
    for play in totals.plays:
        day = f"{play.played_on.day} {play.played_on:%b}"
        seen[day] = seen.get(day, 0) + 1
        # A second play on the same day gets its own label, so the table tells them apart.
        labels.append(day if seen[day] == 1 else f"{day} ({seen[day]})")
    return line_chart(
        title="Each player's total by play",
        x_labels=labels,
        series=[ChartSeries(totals.names[key], values) for key, values in totals.totals.items()],
        x_title="Play",
        y_title="core score + butterfly shards",
        chart_id="glow-totals",
    )


@dataclass(frozen=True)
class PlayerRow:
    """A player's line of the statistics table, as it prints."""

    name: str
    plays: int
    wins: int
    win_rate: str  # a whole percentage, rounded as {% widthratio %} rounds
    best: int
    average: str
    average_butterflies: str


_TENTH = Decimal("0.1")


def one_decimal(value: float) -> str:
    """`value|floatformat:1` for the averages here (never negative, never huge): rounded half
    up from the number as it prints, as floatformat rounds, without its localizing."""
    return str(Decimal(repr(value)).quantize(_TENTH, rounding=ROUND_HALF_UP))


def player_rows(players: tuple[PlayerStats, ...]) -> list[PlayerRow]:
    # Worked out here, not with a filter per cell: the table grows with the group.
    return [
        PlayerRow(
            name=player.player_name,
            plays=player.plays,
            wins=player.wins,
            win_rate=str(round(player.wins / player.plays * 100)),
            best=player.best_total,
            average=one_decimal(player.average_total),
            average_butterflies=one_decimal(player.average_butterfly_shards),
        )
        for player in players
    ]


@campaign_view(game="glow")
@require_GET
def history(request, membership):
    page = history_page(membership.campaign)
    context = campaign_context(
        membership,
        "stats",
        page=page,
        players=player_rows(page.players),
        chart=totals_chart(page.totals),
    )
    return render_page(request, HISTORY_TEMPLATE, context, partial="history")


@campaign_view(game="glow")
@require_GET
def plays_csv_download(request, membership):
    records = [record for _, record in finished_records(membership.campaign)]
    response = HttpResponse(plays_csv(records), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="glow-plays.csv"'
    return response
