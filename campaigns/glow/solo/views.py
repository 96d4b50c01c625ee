"""Solo against Tom: starting a solo game, then Tom's steps on the play's pad (his tile
at the section taken, his dice's special sides, the Evening, his final count)."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.glow import services
from campaigns.glow.catalog.solo import SOLO_SETS
from campaigns.glow.queries import (
    adventurer_choices,
    group_members,
    group_settings,
    solo_page,
)
from campaigns.glow.services import SeatEntry
from campaigns.glow.services.tom import missing_solo_values
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import campaign_context, form_action, render_page

from ..forms_common import NoInput
from ..pad.views import pad_action, pad_url, play_or_404
from .forms import SoloForm, TomEveningForm, TomSpecialForm, TomTakeForm

SOLO_TEMPLATE = "glow/solo.html"


def _solo_form_arguments(campaign, settings) -> dict:
    return {
        "members": group_members(campaign),
        "adventurers": adventurer_choices(settings),
        "auto_id": "id_solo_%s",
    }


def _solo(request, membership, form=None):
    campaign = membership.campaign
    page = solo_page(campaign, membership)
    context = campaign_context(
        membership,
        "solo",
        open_solo=page.open_solo,
        finished_solo=page.finished_solo,
        record=page.record,
        undo_entry=page.undo_entry,
    )
    if membership.can_write:  # the new solo game's form, and what it still needs
        settings = group_settings(campaign)
        context["form"] = form or fresh_form(
            SoloForm, None, **_solo_form_arguments(campaign, settings)
        )
        context["missing"] = {
            board: missing_solo_values(settings, board)
            for board in ("province_of_shadows", "archipelago_of_darkness")
        }
    return render_page(request, SOLO_TEMPLATE, context)


@campaign_view(game="glow")
@require_GET
def solo(request, membership):
    return _solo(request, membership)


@campaign_view(game="glow")
@require_POST
def solo_create(request, membership):
    campaign = membership.campaign
    form = SoloForm(request.POST, **_solo_form_arguments(campaign, group_settings(campaign)))

    def call(data):
        return services.solo_play_create(
            campaign=campaign,
            actor=request.user,
            played_on=data["played_on"],
            journey_board=data["journey_board"],
            seat=SeatEntry(
                adventurer=data["adventurer"],
                member_id=int(data["member"]) if data["member"] else None,
                guest_name=data["guest"],
            ),
            sets=SOLO_SETS if data["anibloom"] else (),
            dice_colours=data["dice_colours"],
            tom_colour=data["colour"],
        )

    return form_action(
        request,
        form,
        call,
        success_url=pad_url,
        render_fragment=lambda outcome: _solo(request, membership, form=form),
        field="tom_die_1",
    )


def _tom_error(errors, outcome) -> None:
    errors.tom = outcome.message


@campaign_view(game="glow")
@require_POST
def tom_take(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = TomTakeForm(request.POST)

    def call(data):
        return services.tom_tile_take(
            play=play,
            actor=request.user,
            section=data["section"],
            track_bonus=data["track_bonus"],
            boat_from=data["boat_from"],
            boat_to=data["boat_to"],
        )

    def show(errors, outcome):
        errors.tom = outcome.message
        errors.tom_form = form

    return pad_action(request, membership, play, form, call, show_error=show)


@campaign_view(game="glow")
@require_POST
def tom_special(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = TomSpecialForm(request.POST)
    return pad_action(
        request,
        membership,
        play,
        form,
        lambda data: services.tom_special_apply(
            play=play, actor=request.user, effect=data["effect"]
        ),
        show_error=_tom_error,
    )


@campaign_view(game="glow")
@require_POST
def tom_evening(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    form = TomEveningForm(request.POST)
    return pad_action(
        request,
        membership,
        play,
        form,
        lambda data: services.tom_round_end(
            play=play, actor=request.user, roll_final_evening=data["roll_final_evening"]
        ),
        show_error=_tom_error,
    )


@campaign_view(game="glow")
@require_POST
def tom_count(request, membership, play_id: int):
    play = play_or_404(membership, play_id)
    return pad_action(
        request,
        membership,
        play,
        NoInput(request.POST),
        lambda data: services.tom_points_count(play=play, actor=request.user),
        show_error=_tom_error,
    )
