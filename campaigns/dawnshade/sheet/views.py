"""The save-game sheet: what the rulebook tells players to write down between chapters
(level, XP, alignment, stats, items, Tawny, artifacts) on one printable page, with the
chapters' results and the history of entries."""

from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET

from campaigns.dawnshade.queries import (
    HISTORY_WINDOW,
    KinshipView,
    kinship_history,
    owner_artifacts,
    quest_log,
)
from campaigns.table.access import campaign_view
from campaigns.table.charts import ChartSeries, line_chart
from campaigns.table.htmx import render_page

from ..pages import REGION, page_context

TEMPLATE = "dawnshade/sheet.html"


def xp_chart(view: KinshipView) -> SafeString | None:
    """The Kinship's XP at the end of each game played (its chapter result), and now, while
    a game is being played (XP and Levels); None before the first game ends."""
    if not view.results:
        return None
    labels = [str(result.game_number) for result in view.results]
    xp = [result.xp for result in view.results]
    if view.kinship.in_game:
        labels.append(f"{view.kinship.game_number} (now)")
        xp.append(view.totals.xp)
    return line_chart(
        title="Kinship XP by game",
        x_labels=labels,
        series=[ChartSeries("XP", xp)],
        x_title="Game",
        y_title="XP",
        chart_id="kinship-xp",
    )


@campaign_view(game="dawnshade")
@require_GET
def sheet(request, membership):
    context = page_context(membership, "sheet", undo=False)
    view = context["kinship"]
    if view is not None:
        context["log"] = quest_log(view.kinship)
        context["xp_chart"] = xp_chart(view)
        context["artifacts"] = owner_artifacts(membership.campaign_id)
        context["history"] = kinship_history(membership.campaign_id)
        context["history_window"] = HISTORY_WINDOW
    return render_page(request, TEMPLATE, context, partial=REGION)
