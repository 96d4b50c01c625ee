"""The Chapter page: setting up the Kinship, the campaign's settings and remembered rewards,
starting the next game, ending one, and the campaign's conclusion."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.dawnshade.queries import kinship_view, owner_artifacts
from campaigns.table.access import campaign_view
from campaigns.table.panels import opened_panels

from ..forms_common import SeenVisitForm, seen_visit
from ..pages import (
    page_context,
    pick,
    render_with_panels,
    run_action,
)
from .forms import (
    ChapterStartForm,
    HouseRewardForm,
    KinshipSetupForm,
    SettingsForm,
    house_reward_cells,
)

TEMPLATE = "dawnshade/chapter.html"
# The panels closed by default (drawn when opened: ``campaigns.table.panels``) -> their forms.
PANELS = {"settings": ("settings",), "house": ("house",)}


def build(membership, *, forms=None, conflict="", opened=()):
    context = page_context(
        membership,
        "chapter",
        forms=forms,
        conflict=conflict,
        panels=PANELS,
        opened=opened,
    )
    view = context["kinship"]
    context["setup_form"] = pick(
        context,
        "setup",
        lambda: KinshipSetupForm(prefix="setup", initial={"table_rewards_at_conclusion": True}),
    )
    if view is not None:
        kinship = view.kinship
        context["settings_form"] = pick(
            context,
            "settings",
            lambda: SettingsForm(
                prefix="settings",
                initial={
                    "unspent_training_points": kinship.unspent_training_points,
                    "tawny_rewards": kinship.tawny_rewards,
                    "table_rewards_at_conclusion": kinship.table_rewards_at_conclusion,
                },
            ),
        )
        context["house_form"] = pick(
            context, "house", lambda: HouseRewardForm(prefix="house", view=view)
        )
        context["house_cells"] = house_reward_cells(view)
        context["start_form"] = pick(
            context, "start", lambda: ChapterStartForm(prefix="start", view=view)
        )
        context["end_form"] = pick(
            context, "end", lambda: SeenVisitForm(prefix="end", view=view, initial=seen_visit(view))
        )
        context["artifacts"] = owner_artifacts(membership.campaign_id)
    return context


def _act(request, membership, form, call):
    return run_action(
        request,
        membership,
        form,
        call,
        template=TEMPLATE,
        build=build,
        url_name="dawnshade:chapter",
    )


@campaign_view(game="dawnshade")
@require_GET
def chapter(request, membership):
    context = build(membership, opened=opened_panels(request))
    return render_with_panels(request, TEMPLATE, context, PANELS)


@campaign_view(game="dawnshade")
@require_POST
def setup(request, membership):
    form = KinshipSetupForm(request.POST, prefix="setup")
    return _act(
        request,
        membership,
        form,
        lambda data: services.kinship_create(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def settings(request, membership):
    form = SettingsForm(request.POST, prefix="settings")
    return _act(
        request,
        membership,
        form,
        lambda data: services.kinship_settings_change(
            campaign=membership.campaign, actor=request.user, **data
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def house_reward(request, membership):
    form = HouseRewardForm(request.POST, prefix="house", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.house_reward_set(
            campaign=membership.campaign, actor=request.user, **form.service_arguments()
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def chapter_start(request, membership):
    form = ChapterStartForm(request.POST, prefix="start", view=kinship_view(membership.campaign))
    return _act(
        request,
        membership,
        form,
        lambda data: services.chapter_start(
            campaign=membership.campaign,
            actor=request.user,
            narrative_chapter=data["narrative_chapter"],
        ),
    )


@campaign_view(game="dawnshade")
@require_POST
def chapter_end(request, membership):
    form = SeenVisitForm(request.POST, prefix="end")
    return _act(
        request,
        membership,
        form,
        lambda data: services.chapter_end(
            campaign=membership.campaign, actor=request.user, visit_id=data["visit_id"]
        ),
    )
