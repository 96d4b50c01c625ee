"""Pages of the Occulites table tools: the d10 roller and the combat calculator.

Each page shows the latest roll of its tool from the shared log (a live region, so every
phone sees the same dice) and posts rolls and rerolls to services.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.occulites.models import Occulite, Tribe
from campaigns.occulites.rules.combat_tables import CombatTable
from campaigns.occulites.rules.dice import DiceRoll
from campaigns.table.access import campaign_view
from campaigns.table.compiled_sql import CompiledQuery, as_instances, attnames, with_users
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import campaign_context, form_action, render_page
from campaigns.table.models import DrawLogEntry
from campaigns.table.url_cache import cached_reverse

from . import services
from .forms import (
    SIDE_INITIAL,
    CombatRollForm,
    CombatSideForm,
    CombatTableForm,
    D10RollForm,
    DefenceOptionForm,
    HealActionForm,
    RerollForm,
)

D10_TEMPLATE = "occulites/tools/d10.html"
COMBAT_TEMPLATE = "occulites/tools/combat.html"
COMBAT_SIDE_TEMPLATE = "occulites/tools/combat_side.html"


_DRAW_FIELDS = attnames(DrawLogEntry)
# Every tool page and its live region reads its newest roll: the SQL is built once.
_LATEST = CompiledQuery(
    lambda campaign_id, tool: (
        DrawLogEntry.objects.filter(campaign_id=campaign_id, tool=tool)
        .order_by("-id")
        .values_list(*_DRAW_FIELDS, f"actor__{get_user_model().USERNAME_FIELD}")[:1]
    ),
    text=("tool",),
)


def _latest(campaign, tool: str) -> DrawLogEntry | None:
    """The tool's newest roll, with who rolled it."""
    rows = _LATEST.rows(campaign_id=campaign.pk, tool=tool)
    return with_users(DrawLogEntry, _DRAW_FIELDS, rows, "actor")[0] if rows else None


def _dice_view(roll: DiceRoll) -> list[dict]:
    """Each die with what the page needs: value, success, and whether it may be rerolled."""
    can_reroll = roll.rerolls_left > 0
    return [
        {
            "position": position,
            "value": die,
            "success": success,
            "double": roll.opening and die == 0,
            "rerolled": position in roll.rerolled_positions,
            "can_reroll": can_reroll and (roll.lucky or position not in roll.rerolled_positions),
        }
        for position, (die, success) in enumerate(zip(roll.dice, roll.die_succeeds, strict=True))
    ]


def _render(request, membership, template, partial, context, status=200):
    """The page, or its result panel for htmx (and for refusals, the form panel)."""
    tab = "d10" if template == D10_TEMPLATE else "combat"
    return render_page(
        request,
        template,
        campaign_context(membership, tab, **context),
        partial=partial,
        status=status,
    )


# --- d10 roller ---------------------------------------------------------------------


def _d10_context(campaign, form=None, error="") -> dict:
    latest = _latest(campaign, services.D10_TOOL)
    roll = DiceRoll.from_dict(latest.result["roll"]) if latest else None
    return {
        "form": form or D10RollForm(),
        "latest": latest,
        "roll": roll,
        "dice": _dice_view(roll) if roll else [],
        "error": error,
    }


@campaign_view(game="occulites")
@require_GET
def d10_page(request, membership):
    context = _d10_context(membership.campaign)
    partial = "roll_panel" if request.htmx else None
    return _render(request, membership, D10_TEMPLATE, partial, context)


@campaign_view(game="occulites")
@require_POST
def d10_roll(request, membership):
    form = D10RollForm(request.POST)

    def render_fragment(outcome):
        if outcome.ok:
            context = _d10_context(membership.campaign)
            return _render(request, membership, D10_TEMPLATE, "roll_panel", context)
        context = _d10_context(membership.campaign, form=form)
        return _render(request, membership, D10_TEMPLATE, "roll_form", context)

    return form_action(
        request,
        form,
        lambda data: services.d10_roll(campaign=membership.campaign, actor=request.user, **data),
        success_url=reverse("occulites:d10", args=[membership.campaign_id]),
        render_fragment=render_fragment,
        field="entered",
        retarget_to="#d10-form",
    )


def _reroll_refusal(form, outcome) -> str:
    """A reroll's refusal, shown in the result panel: a die not picked, or the rule's."""
    if outcome.ok:
        return ""
    return outcome.message if form.die_picked else "Pick a die to reroll."


@campaign_view(game="occulites")
@require_POST
def d10_reroll(request, membership, draw_id: int):
    form = RerollForm(request.POST)

    def call(data):
        return services.d10_reroll(
            campaign=membership.campaign,
            actor=request.user,
            draw_id=draw_id,
            position=data["position"],
            entered=data["entered"],
        )

    def render_fragment(outcome):
        context = _d10_context(membership.campaign, error=_reroll_refusal(form, outcome))
        return _render(request, membership, D10_TEMPLATE, "roll_panel", context)

    return form_action(
        request,
        form,
        call,
        success_url=reverse("occulites:d10", args=[membership.campaign_id]),
        render_fragment=render_fragment,
    )


# --- combat calculator --------------------------------------------------------------


_OCCULITE_FIELDS = attnames(Occulite)
_FIGURES = CompiledQuery(
    lambda campaign_id: Occulite.objects.filter(tribe__campaign_id=campaign_id).values_list(
        *_OCCULITE_FIELDS, "tribe__name"
    )
)


def campaign_figures(campaign) -> list[Occulite]:
    """The campaign's Occulites, each with its tribe's name (``occulite.tribe.name``)."""
    rows = _FIGURES.rows(campaign_id=campaign.pk)
    occulites = as_instances(Occulite, _OCCULITE_FIELDS, rows)
    for occulite, row in zip(occulites, rows, strict=True):
        tribe = Tribe.from_db(DEFAULT_DB_ALIAS, ["id", "name"], (occulite.tribe_id, row[-1]))
        Occulite.tribe.field.set_cached_value(occulite, tribe)
    return occulites


# Each side's boosts, rerolls, Prone and typed dice sit in a closed <details>: drawn only
# when opened (htmx's ``?panel=NAME``, or ``?open=NAME`` without JavaScript), or when the
# side's form comes back refused, with what the player typed.
BOOST_PANELS = {"att-boosts": "att", "def-boosts": "def"}


def _boost_panels(campaign, sides, opened) -> dict:
    url = cached_reverse("occulites:combat", (campaign.pk,))
    panels = {}
    for name, prefix in BOOST_PANELS.items():
        side = sides[prefix]
        asked = name in opened
        panels[prefix] = {
            "name": name,
            "url": url,
            "drawn": asked or side.is_bound,
            "open": asked or bool(side.is_bound and side.errors),
        }
    return panels


def _combat_context(
    campaign,
    roll_form=None,
    heal_form=None,
    error="",
    heal_done="",
    *,
    with_forms=True,
    opened=(),
) -> dict:
    """The latest combat, and (``with_forms``) the forms for a new one and a Heal;
    ``opened``: the boost panels the request asks to see open."""
    latest = _latest(campaign, services.COMBAT_TOOL)
    context = {"heal_done": heal_done, "latest": latest, "error": error}
    if with_forms:
        figures = campaign_figures(campaign)
        if roll_form is None:  # fresh forms, drawn from their remembered markup
            sides = {
                prefix: fresh_form(CombatSideForm, prefix, initial=initial, figures=figures)
                for prefix, initial in SIDE_INITIAL.items()
            }
            table_form = fresh_form(CombatTableForm, None)
        else:
            sides = {"att": roll_form.attacker, "def": roll_form.defender}
            table_form = roll_form
        if heal_form is None and figures:
            heal_form = fresh_form(HealActionForm, None, figures=figures)
        context.update(
            {
                "attacker_form": sides["att"],
                "defender_form": sides["def"],
                "table_form": table_form,
                "boost_panels": _boost_panels(campaign, sides, opened),
                "heal_form": heal_form,
            }
        )
    if latest:
        record = latest.result
        attack, defence = (
            DiceRoll.from_dict(record["attack"]),
            DiceRoll.from_dict(record["defence"]),
        )
        context.update(
            {
                "record": record,
                "attack": attack,
                "defence": defence,
                "attack_dice": _dice_view(attack),
                "defence_dice": _dice_view(defence),
                "outcome": services.combat_outcome(record),
            }
        )
    return context


def _combat_url(membership) -> str:
    return reverse("occulites:combat", args=[membership.campaign_id]) + "#combat-result"


def _result_panel(request, membership, error=""):
    context = _combat_context(membership.campaign, error=error, with_forms=False)
    return _render(request, membership, COMBAT_TEMPLATE, "result_panel", context)


@campaign_view(game="occulites")
@require_GET
def combat_page(request, membership):
    panel = request.GET.get("panel") if request.htmx else None
    if panel in BOOST_PANELS and membership.can_write:  # a side's boosts, opened
        side = CombatSideForm(prefix=BOOST_PANELS[panel])
        return render(request, f"{COMBAT_SIDE_TEMPLATE}#boosts", {"form": side})
    if request.htmx:  # the live result panel: no forms in it
        return _result_panel(request, membership)
    context = _combat_context(
        membership.campaign,
        with_forms=membership.can_write,
        opened=tuple(request.GET.getlist("open")),
    )
    return _render(request, membership, COMBAT_TEMPLATE, None, context)


@campaign_view(game="occulites")
@require_POST
def combat_roll(request, membership):
    form = CombatRollForm(request.POST, figures=campaign_figures(membership.campaign))

    def call(data):
        attacker, defender = data["attacker"], data["defender"]
        return services.combat_roll(
            campaign=membership.campaign,
            actor=request.user,
            attacker=attacker["side"],
            defender=defender["side"],
            table=CombatTable(data["table"]),
            attacker_label=attacker["label"],
            defender_label=defender["label"],
            attacker_occulite_id=attacker.get("figure"),
            defender_occulite_id=defender.get("figure"),
            attack_entered=attacker["entered"],
            defence_entered=defender["entered"],
        )

    def render_fragment(outcome):
        if outcome.ok:
            return _result_panel(request, membership)
        # The rules' refusal of the whole combat shows above the form; a side's own
        # refusal is on that side's form.
        context = _combat_context(
            membership.campaign, roll_form=form, error=" ".join(form.non_field_errors())
        )
        return _render(request, membership, COMBAT_TEMPLATE, "combat_form", context)

    return form_action(
        request,
        form,
        call,
        success_url=_combat_url(membership),
        render_fragment=render_fragment,
        retarget_to="#combat-form",
    )


@campaign_view(game="occulites")
@require_POST
def combat_reroll(request, membership, draw_id: int):
    form = RerollForm(request.POST)

    def call(data):
        return services.combat_reroll(
            campaign=membership.campaign,
            actor=request.user,
            draw_id=draw_id,
            side=request.POST.get("side", ""),
            position=data["position"],
            entered=data["entered"],
        )

    return form_action(
        request,
        form,
        call,
        success_url=_combat_url(membership),
        render_fragment=lambda outcome: _result_panel(
            request, membership, _reroll_refusal(form, outcome)
        ),
    )


@campaign_view(game="occulites")
@require_POST
def combat_defence(request, membership, draw_id: int):
    """One tap: write the chosen option's permanent Defence loss on the campaign figures."""

    def call(data):
        return services.combat_record_defence_loss(
            campaign=membership.campaign,
            actor=request.user,
            draw_id=draw_id,
            option_key=data["option"],
        )

    return form_action(
        request,
        DefenceOptionForm(request.POST),
        call,
        success_url=_combat_url(membership),
        render_fragment=lambda outcome: _result_panel(request, membership, outcome.message),
    )


@campaign_view(game="occulites")
@require_POST
def heal(request, membership):
    figures = {figure.pk: figure for figure in campaign_figures(membership.campaign)}
    form = HealActionForm(request.POST, figures=figures.values())

    def call(data):
        occulite = figures[data["figure"]]
        services.heal_action(occulite=occulite, actor=request.user, defence=data["defence"])
        return f"{occulite.name} gave up {data['defence']} Defence."

    def render_fragment(outcome):
        if outcome.ok:
            context = _combat_context(membership.campaign, heal_done=outcome.result)
        else:
            context = _combat_context(membership.campaign, heal_form=form)
        return _render(request, membership, COMBAT_TEMPLATE, "heal_form", context)

    def after_heal(done: str) -> str:
        # Without JavaScript the confirmation travels with the redirect, as a flash message.
        messages.success(request, done)
        return reverse("occulites:combat", args=[membership.campaign_id])

    return form_action(
        request,
        form,
        call,
        success_url=after_heal,
        render_fragment=render_fragment,
        field="defence",
    )
