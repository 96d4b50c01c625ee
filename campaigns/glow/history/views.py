"""The group's play history and statistics, the totals chart, and the exports."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from campaigns.glow.queries import finished_records, history_page
from campaigns.glow.rules.bgstats import plays_csv
from campaigns.table.access import campaign_view
from campaigns.table.htmx import campaign_context, render_page

HISTORY_TEMPLATE = "glow/history.html"


@campaign_view(game="glow")
@require_GET
def history(request, membership):
    page = history_page(membership.campaign)
    return render_page(request, HISTORY_TEMPLATE, campaign_context(membership, "stats", page=page))


@campaign_view(game="glow")
@require_GET
def plays_csv_download(request, membership):
    records = [record for _, record in finished_records(membership.campaign)]
    response = HttpResponse(plays_csv(records), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="glow-plays.csv"'
    return response
