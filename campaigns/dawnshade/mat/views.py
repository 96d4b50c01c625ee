"""The Väki Mat: level and XP, training points, threat, the six alignment tracks and status,
the väki pool and what each character holds, and the Watchers Blessings."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.dawnshade.queries import kinship_view
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.panels import opened_panels

from ..pages import (
    page_context,
    pick,
    render_with_panels,
    run_action,
)
from .forms import (
    AlignmentResetForm,
    BlessingForm,
    VakiAlignmentForm,
    VakiCombineForm,
    VakiDrawForm,
    VakiSplitForm,
)

TEMPLATE = "dawnshade/mat.html"
# The panels closed by default (drawn when opened: ``campaigns.table.panels``) -> their forms.
PANELS = {
    "draw": ("draw",),
    "combine": ("combine", "split"),
    "align": ("align",),
    "reset": ("reset",),
}


def build(membership, *, forms=None, conflict="", opened=()):
    context = page_context(
        membership,
        "mat",
        forms=forms,
        conflict=conflict,
        panels=PANELS,
        opened=opened,
    )
    view = context["kinship"]
    if view is not None:
        context["draw_form"] = pick(context, "draw", lambda: VakiDrawForm(prefix="draw", view=view))
        context["combine_form"] = pick(
            context, "combine", lambda: VakiCombineForm(prefix="combine", view=view)
        )
        context["split_form"] = pick(
            context, "split", lambda: VakiSplitForm(prefix="split", view=view)
        )
        context["align_form"] = pick(
            context, "align", lambda: VakiAlignmentForm(prefix="align", view=view)
        )
        context["blessing_form"] = pick(
            context, "blessing", lambda: fresh_form(BlessingForm, "blessing")
        )
        context["reset_form"] = pick(context, "reset", lambda: AlignmentResetForm(prefix="reset"))
    return context


def _act(request, membership, form, call):
    return run_action(
        request, membership, form, call, template=TEMPLATE, build=build, url_name="dawnshade:mat"
    )


@campaign_view(game="dawnshade")
@require_GET
def mat(request, membership):
    context = build(membership, opened=opened_panels(request))
    return render_with_panels(request, TEMPLATE, context, PANELS)


@campaign_view(game="dawnshade")
@require_POST
def vaki_draw(request, membership):
    form = VakiDrawForm(request.POST, prefix="draw", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.vaki_draw(campaign=membership.campaign, actor=request.user, **data),
    )


@campaign_view(game="dawnshade")
@require_POST
def vaki_combine(request, membership):
    form = VakiCombineForm(request.POST, prefix="combine", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.vaki_combine(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def vaki_split(request, membership):
    form = VakiSplitForm(request.POST, prefix="split", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.vaki_split(campaign=membership.campaign, actor=request.user, **data),
    )


@campaign_view(game="dawnshade")
@require_POST
def vaki_alignment(request, membership):
    form = VakiAlignmentForm(request.POST, prefix="align", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.vaki_spend_for_alignment(
            campaign=membership.campaign, actor=request.user, **form.service_arguments()
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def blessing_receive(request, membership):
    form = BlessingForm(request.POST, prefix="blessing")
    return _act(
        request,
        membership,
        form,
        lambda data: services.blessing_receive(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def blessing_use(request, membership):
    form = BlessingForm(request.POST, prefix="blessing")
    return _act(
        request,
        membership,
        form,
        lambda data: services.blessing_use(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def alignment_reset(request, membership):
    form = AlignmentResetForm(request.POST, prefix="reset")
    return _act(
        request,
        membership,
        form,
        lambda data: services.alignment_reset(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )
