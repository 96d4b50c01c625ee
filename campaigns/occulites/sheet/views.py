"""The Occulites campaign sheet: the season's timeslot, every tribe's totals and roster,
founding tribes, and one-tap undo of the last action."""

from functools import cache, partial
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.occulites import services
from campaigns.occulites.catalog.season import SEASON_TIMESLOTS
from campaigns.occulites.queries import campaign_sheet, tribe_sheet_of
from campaigns.occulites.services.scenarios import scenarios_played
from campaigns.table.access import campaign_view
from campaigns.table.history import campaign_history
from campaigns.table.htmx import form_action, render_page
from campaigns.table.ledger import last_undoable_entry

from .charts import tribe_season_chart
from .forms import TribeCreateForm
from .scenario_rows import lines_from_sums
from .timeslot_lines import timeslot_sums

SHEET_TEMPLATE = "occulites/sheet/sheet.html"


def _sheet_context(membership, tribe_form=None) -> dict:
    season, tribes = campaign_sheet(membership.campaign)
    return {
        "campaign": membership.campaign,
        "membership": membership,
        "season": season,
        "tribes": tribes,
        "tribe_actions": membership.can_write and not season.long_dark,
        # Built and asked only when drawn: the live-refreshed tribes fragment does not show
        # the form (the template calls these).
        "tribe_form": tribe_form or cache(TribeCreateForm),
        "founding_refusal": cache(
            partial(services.tribe_founding_refusal, membership.campaign, season)
        ),
        "undo_entry": last_undoable_entry(membership.campaign, membership),
    }


@campaign_view(game="occulites")
@require_GET
def sheet(request, membership):
    return render_page(request, SHEET_TEMPLATE, _sheet_context(membership), partial="tribes")


@campaign_view(game="occulites")
@require_POST
def tribe_create(request, membership):
    form = TribeCreateForm(request.POST)

    def found(data):
        return services.tribe_create(
            campaign=membership.campaign,
            actor=request.user,
            name=data["name"],
            tribe_type=data["tribe_type"],
            colour=data["colour"],
            player=request.user if data["played_by_me"] else None,
            occulite_names=data["occulite_names"],
        )

    def page(outcome):
        if outcome.ok:  # htmx: what following the redirect would show
            return render_page(
                request, SHEET_TEMPLATE, _sheet_context(membership), partial="tribes"
            )
        # The form sits outside the live region: a refusal shows the whole page.
        return render(request, SHEET_TEMPLATE, _sheet_context(membership, tribe_form=form))

    return form_action(
        request,
        form,
        found,
        success_url=reverse("occulites:sheet", args=[membership.campaign_id]),
        render_fragment=page,
        success_message=lambda _: f"Tribe “{form.cleaned_data['name']}” founded.",
    )


# The tribe sheet lists the newest entries; the History page (filtered to the tribe) has all.
TRIBE_HISTORY_LENGTH = 30


def _tribe_sheet_context(
    campaign, sheet, season, sums, played: dict, *, printed: bool = False
) -> dict:
    """Everything the paper sheet holds for one tribe: per-timeslot lines (``played``: the
    scenario played at each timeslot) and their chart (its numbers open on paper), roster,
    the newest history. Reads the per-timeslot lines kept beside the ledger and a page of
    entries: its cost does not grow with history."""
    tribe = sheet.tribe
    last = season.timeslot if not season.long_dark else SEASON_TIMESLOTS
    lines = lines_from_sums(sums, played, last)
    context = {
        "sheet": sheet,
        "lines": lines,
        "season_chart": tribe_season_chart(sheet, lines, table_open=printed),
        # The paper sheet has a line for every timeslot; the ones to come stay blank.
        "future_timeslots": range(last + 1, SEASON_TIMESLOTS + 1),
    }
    if not printed:
        context["history"] = campaign_history(
            campaign.pk, subject=("tribe", str(tribe.pk)), length=TRIBE_HISTORY_LENGTH
        )
        context["history_query"] = urlencode({"subject": f"tribe:{tribe.pk}"})
    return context


@campaign_view(game="occulites")
@require_GET
def tribe_sheet(request, membership, tribe_id: int):
    """One tribe's Campaign Tracker Sheet, printable on one page."""
    season, sheet = tribe_sheet_of(membership.campaign, tribe_id)
    if sheet is None:
        raise Http404("No such tribe in this campaign")
    played = scenarios_played(membership.campaign).get(tribe_id, {})
    sums = timeslot_sums([sheet.tribe])[tribe_id]
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "season": season,
        **_tribe_sheet_context(membership.campaign, sheet, season, sums, played),
    }
    return render(request, "occulites/sheet/tribe.html", context)


@campaign_view(game="occulites")
@require_GET
def print_sheets(request, membership):
    """Every tribe's sheet on one printed page, and its season chart on the next."""
    season, tribes = campaign_sheet(membership.campaign)
    sums = timeslot_sums([sheet.tribe for sheet in tribes])
    played = scenarios_played(membership.campaign)
    pages = [
        _tribe_sheet_context(
            membership.campaign,
            sheet,
            season,
            sums[sheet.tribe.pk],
            played.get(sheet.tribe.pk, {}),
            printed=True,
        )
        for sheet in tribes
    ]
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "season": season,
        "pages": pages,
    }
    return render(request, "occulites/sheet/print.html", context)
