"""The Battle page: the foe library, the battle's set-up, the initiative bag, stack and
discard, every battle stack, hits, conditions, the Target Deck, combo meters and specials, the
outcome into the quest log, the reset and the väki return. One view per action, each through
``pages.run_action`` (the platform's form → service → 422/409 → partial or redirect)."""

from django.views.decorators.http import require_GET, require_POST

from campaigns.dawnshade import services
from campaigns.dawnshade.queries_battle import battle_view
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import campaign_context
from campaigns.table.ledger import last_undoable_entry
from campaigns.table.panels import drawn_panels, opened_panels

from ..pages import pick, render_with_panels, run_action
from . import forms as f

TEMPLATE = "dawnshade/battle/battle.html"

# prefix -> (form class, initial from the view)
FORMS = {
    "foe": (f.FoeForm, None),
    "setup": (f.SetupForm, lambda view: {"visit_id": view.visit.pk if view.visit else None}),
    "turn": (f.EndTurnForm, f.seen_turn),
    "formation": (f.SeenTurnForm, f.seen_turn),
    "damage": (f.DamageForm, None),
    "shields": (f.ShieldsForm, None),
    "condition": (f.ConditionForm, None),
    "target": (f.TargetForm, f.seen_turn),
    "miss": (f.BattleForm, None),
    "rings": (f.ComboRingsForm, None),
    "fire": (f.ComboFireForm, None),
    "special": (f.SpecialForm, None),
    "finish": (f.FinishForm, f.seen_turn),
    "reset": (f.ResetForm, None),
    "vaki": (f.VakiReturnForm, None),
}

# The panels closed by default (drawn when opened: ``campaigns.table.panels``) -> their forms.
PANELS = {
    "shields": ("shields",),
    "conditions": ("condition", "rings", "fire", "special", "miss"),
    "foes": ("foe",),
}


def build(membership, *, forms=None, conflict="", opened=()):
    campaign = membership.campaign
    view = battle_view(campaign)
    refused = forms or {}
    panels = drawn_panels(PANELS, refused, opened)
    # Before the first foe is entered the library is open: it is what the set-up needs.
    panels["foes"] = panels["foes"] or (view.can_set_up and not view.foes)
    context = campaign_context(
        membership,
        "battle",
        view=view,
        undo_entry=last_undoable_entry(campaign, membership),
        refused=refused,
        conflict=conflict,
        panels=panels,
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


def _act(request, membership, prefix, call, *, arguments=None):
    form_class, _ = FORMS[prefix]
    view = battle_view(membership.campaign) if form_class.choices_from_view else None
    form = form_class(request.POST, prefix=prefix, view=view)

    def run(data):
        return call(arguments(form) if arguments else data)

    return run_action(
        request,
        membership,
        form,
        run,
        template=TEMPLATE,
        build=build,
        url_name="dawnshade:battle",
    )


def _view(service: str, prefix: str, arguments=None):
    """The view of one action: the ``prefix`` form, then ``services.<service>`` with its
    cleaned data (or ``arguments(form)``)."""

    @campaign_view(game="dawnshade")
    @require_POST
    def action(request, membership):
        return _act(
            request,
            membership,
            prefix,
            lambda data: getattr(services, service)(
                campaign=membership.campaign, actor=request.user, **data
            ),
            arguments=arguments,
        )

    action.__name__ = f"{prefix}_action"
    return action


@campaign_view(game="dawnshade")
@require_GET
def battle(request, membership):
    context = build(membership, opened=opened_panels(request))
    return render_with_panels(request, TEMPLATE, context, PANELS)


foe_add = _view("foe_add", "foe")
setup = _view("battle_setup", "setup", lambda form: form.service_arguments())
end_turn = _view("battle_end_turn", "turn")
formation_change = _view("battle_formation_change", "formation")
damage = _view("battle_hits", "damage")
shields = _view("battle_hits", "shields", lambda form: {**form.cleaned_data, "defence": True})
condition = _view("battle_condition_place", "condition")
target = _view("battle_target_reveal", "target")
miss_card = _view("battle_add_miss_card", "miss")
combo_rings = _view("battle_combo_rings", "rings")
combo_fire = _view("battle_combo_fire", "fire")
special = _view("battle_special", "special")
finish = _view("battle_finish", "finish", lambda form: form.service_arguments())
reset = _view("battle_reset", "reset")
vaki_return = _view("vaki_spend_for_alignment", "vaki", lambda form: form.service_arguments())
