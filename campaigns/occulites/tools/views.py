"""Pages of the Occulites table tools: the d10 roller and the combat calculator.

Each page shows the latest roll of its tool from the shared log (a live region, so every
phone sees the same dice) and posts rolls and rerolls to services.
"""

from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import retarget

from campaigns.occulites.models import Occulite
from campaigns.occulites.rules.combat_tables import CombatTable, resolve_combat
from campaigns.occulites.rules.dice import DiceRoll
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.table.access import campaign_view
from campaigns.table.htmx import campaign_context, render_page
from campaigns.table.models import DrawLogEntry

from . import services
from .forms import CombatSideForm, CombatTableForm, D10RollForm, HealActionForm, RerollForm

D10_TEMPLATE = "occulites/tools/d10.html"
COMBAT_TEMPLATE = "occulites/tools/combat.html"


def _latest(campaign, tool: str) -> DrawLogEntry | None:
    return DrawLogEntry.objects.filter(campaign=campaign, tool=tool).select_related("actor").first()


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
    if form.is_valid():
        try:
            services.d10_roll(campaign=membership.campaign, actor=request.user, **form.cleaned_data)
        except RuleViolation as error:
            form.add_error("entered", str(error))
        else:
            if not request.htmx:
                return redirect("occulites:d10", campaign_id=membership.campaign_id)
            return _render(
                request, membership, D10_TEMPLATE, "roll_panel", _d10_context(membership.campaign)
            )
    context = _d10_context(membership.campaign, form=form)
    response = _render(request, membership, D10_TEMPLATE, "roll_form", context, status=422)
    return retarget(response, "#d10-form") if request.htmx else response


@campaign_view(game="occulites")
@require_POST
def d10_reroll(request, membership, draw_id: int):
    form = RerollForm(request.POST)
    error = "Pick a die to reroll."
    status = 422
    if form.is_valid():
        try:
            services.d10_reroll(
                campaign=membership.campaign,
                actor=request.user,
                draw_id=draw_id,
                position=form.cleaned_data["position"],
                entered=form.cleaned_data["entered"],
            )
            error, status = "", 200
        except RuleViolation as refusal:
            error = str(refusal)
    if not request.htmx and not error:
        return redirect("occulites:d10", campaign_id=membership.campaign_id)
    context = _d10_context(membership.campaign, error=error)
    return _render(request, membership, D10_TEMPLATE, "roll_panel", context, status=status)


# --- combat calculator --------------------------------------------------------------


def campaign_figures(campaign) -> list[Occulite]:
    return list(Occulite.objects.filter(tribe__campaign=campaign).select_related("tribe"))


def _combat_context(
    campaign, attacker=None, defender=None, table_form=None, heal_form=None, error=""
) -> dict:
    latest = _latest(campaign, services.COMBAT_TOOL)
    figures = campaign_figures(campaign)
    context = {
        "attacker_form": attacker
        or CombatSideForm(prefix="att", initial={"card": "aggressive"}, figures=figures),
        "defender_form": defender
        or CombatSideForm(prefix="def", initial={"card": "defensive"}, figures=figures),
        "table_form": table_form or CombatTableForm(),
        "heal_form": heal_form or (HealActionForm(figures=figures) if figures else None),
        "latest": latest,
        "error": error,
    }
    if latest:
        result = latest.result
        attack, defence = (
            DiceRoll.from_dict(result["attack"]),
            DiceRoll.from_dict(result["defence"]),
        )
        outcome = resolve_combat(attack.successes, defence.successes, CombatTable(result["table"]))
        context.update(
            {
                "record": result,
                "attack": attack,
                "defence": defence,
                "attack_dice": _dice_view(attack),
                "defence_dice": _dice_view(defence),
                "outcome": outcome,
                "defence_choices": _defence_choices(result, outcome),
            }
        )
    return context


def _defence_choices(result: dict, outcome) -> list:
    """The row's options that cost a campaign figure Defence, until one is recorded."""
    if result.get("defence_recorded"):
        return []
    return [
        option
        for option in outcome.options
        if (option.attacker.defence and result["attacker"].get("occulite_id"))
        or (option.defender.defence and result["defender"].get("occulite_id"))
    ]


@campaign_view(game="occulites")
@require_GET
def combat_page(request, membership):
    context = _combat_context(membership.campaign)
    partial = "result_panel" if request.htmx else None
    return _render(request, membership, COMBAT_TEMPLATE, partial, context)


@campaign_view(game="occulites")
@require_POST
def combat_roll(request, membership):
    figures = campaign_figures(membership.campaign)
    attacker = CombatSideForm(request.POST, prefix="att", figures=figures)
    defender = CombatSideForm(request.POST, prefix="def", figures=figures)
    table_form = CombatTableForm(request.POST)
    error = ""
    if attacker.is_valid() & defender.is_valid() & table_form.is_valid():
        try:
            services.combat_roll(
                campaign=membership.campaign,
                actor=request.user,
                attacker=_side_or_error(attacker),
                defender=_side_or_error(defender),
                table=CombatTable(table_form.cleaned_data["table"]),
                attacker_label=attacker.cleaned_data["label"],
                defender_label=defender.cleaned_data["label"],
                attacker_occulite_id=attacker.occulite_id(),
                defender_occulite_id=defender.occulite_id(),
                attack_entered=attacker.cleaned_data["entered"],
                defence_entered=defender.cleaned_data["entered"],
            )
        except _SideRefused:
            pass
        except RuleViolation as refusal:
            error = str(refusal)
        else:
            if not request.htmx:
                return redirect(
                    reverse("occulites:combat", args=[membership.campaign_id]) + "#combat-result"
                )
            context = _combat_context(membership.campaign)
            return _render(request, membership, COMBAT_TEMPLATE, "result_panel", context)
    context = _combat_context(
        membership.campaign,
        attacker=attacker,
        defender=defender,
        table_form=table_form,
        error=error,
    )
    response = _render(request, membership, COMBAT_TEMPLATE, "combat_form", context, status=422)
    return retarget(response, "#combat-form") if request.htmx else response


class _SideRefused(Exception):
    """A side's cards broke a rule; the message is already on that side's form."""


def _side_or_error(form: CombatSideForm):
    try:
        return form.combat_side()
    except RuleViolation as refusal:
        form.add_error(None, str(refusal))
        raise _SideRefused from refusal


@campaign_view(game="occulites")
@require_POST
def combat_reroll(request, membership, draw_id: int):
    form = RerollForm(request.POST)
    side = request.POST.get("side", "")
    error, status = "Pick a die to reroll.", 422
    if form.is_valid():
        try:
            services.combat_reroll(
                campaign=membership.campaign,
                actor=request.user,
                draw_id=draw_id,
                side=side,
                position=form.cleaned_data["position"],
                entered=form.cleaned_data["entered"],
            )
            error, status = "", 200
        except RuleViolation as refusal:
            error = str(refusal)
    if not request.htmx and not error:
        return redirect(
            reverse("occulites:combat", args=[membership.campaign_id]) + "#combat-result"
        )
    context = _combat_context(membership.campaign, error=error)
    return _render(request, membership, COMBAT_TEMPLATE, "result_panel", context, status=status)


@campaign_view(game="occulites")
@require_POST
def combat_defence(request, membership, draw_id: int):
    """One tap: write the chosen option's permanent Defence loss on the campaign figures."""
    error, status = "", 200
    try:
        services.combat_record_defence_loss(
            campaign=membership.campaign,
            actor=request.user,
            draw_id=draw_id,
            option_key=request.POST.get("option", ""),
        )
    except RuleViolation as refusal:
        error, status = str(refusal), 422
    if not request.htmx and not error:
        return redirect(
            reverse("occulites:combat", args=[membership.campaign_id]) + "#combat-result"
        )
    context = _combat_context(membership.campaign, error=error)
    return _render(request, membership, COMBAT_TEMPLATE, "result_panel", context, status=status)


@campaign_view(game="occulites")
@require_POST
def heal(request, membership):
    figures = campaign_figures(membership.campaign)
    form = HealActionForm(request.POST, figures=figures)
    if form.is_valid():
        occulite = next(f for f in figures if f.pk == form.cleaned_data["figure"])
        try:
            services.heal_action(
                occulite=occulite, actor=request.user, defence=form.cleaned_data["defence"]
            )
        except RuleViolation as refusal:
            form.add_error("defence", str(refusal))
        else:
            if not request.htmx:
                return redirect("occulites:combat", campaign_id=membership.campaign_id)
            context = _combat_context(membership.campaign)
            context["heal_done"] = (
                f"{occulite.name} gave up {form.cleaned_data['defence']} Defence."
            )
            return _render(request, membership, COMBAT_TEMPLATE, "heal_form", context)
    context = _combat_context(membership.campaign, heal_form=form)
    return _render(request, membership, COMBAT_TEMPLATE, "heal_form", context, status=422)
