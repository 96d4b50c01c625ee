"""The Table tools page: the Stat Challenge, the Watchers Temple, Watchers Runes, Double
Doubler's Dice, Cogrushing and the Quest Deck. One view per action, each through
``pages.run_action`` (the platform's form → service → 422/409 → partial or redirect)."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import campaign_context
from campaigns.table.ledger import last_undoable_entry
from campaigns.table.panels import drawn_panels, opened_panels

from ..pages import pick, render_with_panels, run_action
from . import forms as f
from .queries import tools_view

TEMPLATE = "dawnshade/tools/tools.html"


def _owned_initial(view):
    return {**f.seen_of("quest")(view), **view.quest_owned_text}


def _temple_initial(view):
    return {**f.seen_of("temple")(view), "visit_id": view.visit.pk if view.visit else None}


# prefix -> (form class, initial from the view)
FORMS = {
    "challenge": (f.ChallengeStartForm, f.seen_of("challenge")),
    "hits": (f.ChallengeHitsForm, f.seen_of("challenge")),
    "decide": (f.ToolForm, f.seen_of("challenge")),
    "temple": (f.TempleForm, _temple_initial),
    "runes": (f.RunesStartForm, f.seen_of("runes_state")),
    "reveal": (f.ToolForm, f.seen_of("runes_state")),
    "stop": (f.RunesStopForm, f.seen_of("runes_state")),
    "doublers": (f.DoublersStartForm, f.seen_of("doublers_state")),
    "roll": (f.DoublersRollForm, f.seen_of("doublers_state")),
    "collect": (f.DoublersCollectForm, f.seen_of("doublers_state")),
    "cogrushing": (f.CogrushingStartForm, f.seen_of("cogrushing_state")),
    "deploy": (f.ToolForm, f.seen_of("cogrushing_state")),
    "strike": (f.CogrushingHitForm, f.seen_of("cogrushing_state")),
    "turret": (f.ToolForm, f.seen_of("cogrushing_state")),
    "owned": (f.QuestOwnedForm, _owned_initial),
    "deck": (f.ToolForm, f.seen_of("quest")),
}

# The panels closed by default (drawn when opened: ``campaigns.table.panels``) -> their forms:
# the form that starts each tool, shown while that tool is not running, and the group's
# tiles once they are known.
PANELS = {
    "challenge": ("challenge",),
    "runes": ("runes",),
    "doublers": ("doublers",),
    "cogrushing": ("cogrushing",),
    "owned": ("owned",),
}


def build(membership, *, forms=None, conflict="", opened=()):
    campaign = membership.campaign
    view = tools_view(campaign)
    refused = forms or {}
    context = campaign_context(
        membership,
        "tools",
        view=view,
        undo_entry=last_undoable_entry(campaign, membership),
        refused=refused,
        conflict=conflict,
        panels=drawn_panels(PANELS, refused, opened),
    )
    for prefix, (form_class, initial) in FORMS.items():
        context[f"{prefix}_form"] = pick(
            context,
            prefix,
            lambda form_class=form_class, initial=initial, prefix=prefix: fresh_form(
                form_class, prefix, view=view, initial=initial(view) if initial else None
            ),
        )
    return context


def _view(service: str, prefix: str):
    """The view of one action: the ``prefix`` form, then ``services.<service>`` with the
    form's ``service_arguments()``."""

    @campaign_view(game="dawnshade")
    @require_POST
    def action(request, membership):
        form_class, _ = FORMS[prefix]
        view = tools_view(membership.campaign) if form_class.choices_from_view else None
        form = form_class(request.POST, prefix=prefix, view=view)
        return run_action(
            request,
            membership,
            form,
            lambda data: getattr(services, service)(
                campaign=membership.campaign, actor=request.user, **form.service_arguments()
            ),
            template=TEMPLATE,
            build=build,
            url_name="dawnshade:tools",
        )

    action.__name__ = f"{prefix}_action"
    return action


@campaign_view(game="dawnshade")
@require_GET
def tools(request, membership):
    context = build(membership, opened=opened_panels(request))
    return render_with_panels(request, TEMPLATE, context, PANELS)


challenge_start = _view("challenge_start", "challenge")
challenge_hits = _view("challenge_hits", "hits")
challenge_decide = _view("challenge_decide", "decide")
temple_guidance = _view("temple_guidance", "temple")
runes_begin = _view("runes_begin", "runes")
runes_turn = _view("runes_turn", "reveal")
runes_stop = _view("runes_players_stop", "stop")
doublers_begin = _view("doublers_begin", "doublers")
doublers_roll = _view("doublers_roll", "roll")
doublers_collect = _view("doublers_collect", "collect")
cogrushing_begin = _view("cogrushing_begin", "cogrushing")
cogrushing_send = _view("cogrushing_send", "deploy")
cogrushing_strike = _view("cogrushing_strike", "strike")
cogrushing_turret = _view("cogrushing_turret", "turret")
quest_owned = _view("quest_tiles_owned", "owned")
quest_build = _view("quest_deck_build", "deck")
