"""The save-game sheet: what the rulebook tells players to write down between chapters
(level, XP, alignment, stats, items, Tawny, artifacts) on one printable page, with the
chapters' results and the history of entries."""

from django.db.models import Count, Q
from django.views.decorators.http import require_GET

from campaigns.dawnshade.models import UnlockedArtifact
from campaigns.dawnshade.queries import quest_log
from campaigns.table.access import campaign_view
from campaigns.table.htmx import render_page
from campaigns.table.models import LedgerEntry, Role

from ..pages import REGION, page_context

TEMPLATE = "dawnshade/sheet.html"
HISTORY_SHOWN = 40


@campaign_view(game="dawnshade")
@require_GET
def sheet(request, membership):
    context = page_context(membership, "sheet")
    view = context["kinship"]
    if view is not None:
        context["log"] = quest_log(view.kinship)
        context["artifacts"] = list(
            UnlockedArtifact.objects.filter(
                user__memberships__campaign=membership.campaign, user__memberships__role=Role.OWNER
            ).select_related("user")
        )
        context["history"] = list(
            LedgerEntry.objects.filter(campaign=membership.campaign)
            .filter(Q(kind__startswith="dawnshade.") | Q(kind="undo"))
            .select_related("actor")
            .annotate(undone=Count("reversed_by"))
            .order_by("-id")[:HISTORY_SHOWN]
        )
    return render_page(request, TEMPLATE, context, partial=REGION)
