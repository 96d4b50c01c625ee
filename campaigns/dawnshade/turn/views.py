"""The Turn page: move the Kinship, complete the tile, earn its rewards, pass the Active
Player; Divine Guidance at a Watchers Temple; the game's quest log."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.dawnshade.queries import kinship_view
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.panels import opened_panels

from ..forms_common import SeenVisitForm, seen_visit
from ..pages import (
    page_context,
    pick,
    render_with_panels,
    run_action,
)
from .forms import ActivePlayerForm, CompleteForm, MoveForm, RewardsForm, TempleDrawForm

TEMPLATE = "dawnshade/turn.html"
# The panel closed by default (drawn when opened: ``campaigns.table.panels``) -> its form.
PANELS = {"active": ("active",)}


def build(membership, *, forms=None, conflict="", opened=()):
    context = page_context(
        membership,
        "turn",
        forms=forms,
        conflict=conflict,
        panels=PANELS,
        opened=opened,
    )
    view = context["kinship"]
    if view is not None:
        if view.kinship.in_game and not view.kinship.concluded:
            # The game's log, read before the current line, which is then its last.
            context["game_log"] = view.visits
        seen = seen_visit(view)
        context["move_form"] = pick(
            context, "move", lambda: MoveForm(prefix="move", view=view, initial=seen)
        )
        context["complete_form"] = pick(
            context,
            "complete",
            lambda: fresh_form(CompleteForm, "complete", view=view, initial=seen),
        )
        context["rewards_form"] = pick(
            context, "rewards", lambda: RewardsForm(prefix="rewards", view=view, initial=seen)
        )
        context["active_form"] = pick(
            context, "active", lambda: ActivePlayerForm(prefix="active", view=view)
        )
        context["temple_form"] = pick(
            context, "temple", lambda: TempleDrawForm(prefix="temple", view=view, initial=seen)
        )
        context["reveal_form"] = pick(
            context, "reveal", lambda: SeenVisitForm(prefix="reveal", view=view, initial=seen)
        )
    return context


def _act(request, membership, form, call):
    return run_action(
        request, membership, form, call, template=TEMPLATE, build=build, url_name="dawnshade:turn"
    )


@campaign_view(game="dawnshade")
@require_GET
def turn(request, membership):
    context = build(membership, opened=opened_panels(request))
    return render_with_panels(request, TEMPLATE, context, PANELS)


@campaign_view(game="dawnshade")
@require_POST
def move(request, membership):
    form = MoveForm(request.POST, prefix="move", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.kinship_move(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def reveal_major_threat(request, membership):
    form = SeenVisitForm(request.POST, prefix="reveal")
    return _act(
        request,
        membership,
        form,
        lambda data: services.kinship_reveal_major_threat(
            campaign=membership.campaign, actor=request.user, visit_id=data["visit_id"]
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def complete(request, membership):
    form = CompleteForm(request.POST, prefix="complete", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.visit_complete(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def rewards(request, membership):
    form = RewardsForm(request.POST, prefix="rewards", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.visit_earn_rewards(
            campaign=membership.campaign, actor=request.user, **form.service_arguments()
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def active_player(request, membership):
    form = ActivePlayerForm(request.POST, prefix="active", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.kinship_set_active_player(
            campaign=membership.campaign, actor=request.user, character=data["character"]
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def temple_draw(request, membership):
    form = TempleDrawForm(request.POST, prefix="temple", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.temple_draw(campaign=membership.campaign, actor=request.user, **data),
    )
