"""Recording a scenario's result, tribe by tribe, and spending Victory Points.

The record page lists the tribes of this timeslot and who has recorded; once all have, it
starts the next timeslot (a button, not automatic: spending and buying Defence back belong to
the timeslot just played, and ``season_advance`` resets the Defence ceiling). The wizard's
steps each post to one service; the wizard reads its progress back from the records, so
every phone sees the same and a wizard left half-way leaves nothing half-written.
"""

from django import forms
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import push_url

from campaigns.occulites import services
from campaigns.occulites.catalog.blueprints import STATS
from campaigns.occulites.catalog.scenarios import SCENARIOS
from campaigns.occulites.models import Tribe
from campaigns.occulites.queries import campaign_tribes_with_totals, tribe_or_404
from campaigns.occulites.rule_links import scenario_rule_slug
from campaigns.occulites.rules import season as season_rules
from campaigns.occulites.rules.reborn import ABILITY_SLOT
from campaigns.occulites.services.scenarios import results_at
from campaigns.table.access import campaign_view
from campaigns.table.form_markup import fresh_form
from campaigns.table.htmx import form_action, render_page
from campaigns.table.ledger import last_undoable_entry
from campaigns.table.models import LedgerEntry
from campaigns.table.ownership import member_may_change
from campaigns.table.url_cache import cached_reverse

from .forms import (
    AbilityBuyForm,
    DefenceRegainForm,
    LuftleCasualtiesForm,
    LuftleChiefAbilityForm,
    OptionForm,
    RebornForm,
    RecruitForm,
    ResultForm,
    ScenarioPickForm,
)
from .spending import spend_totals, spending_state
from .steps import (
    STEP_KEYS,
    losable_abilities,
    lost_anyway,
    played_scenario,
    reborn_entries_for,
    wizard_state,
)

RECORD_TEMPLATE = "occulites/results/record.html"
WIZARD_TEMPLATE = "occulites/results/wizard.html"
SPEND_TEMPLATE = "occulites/results/spend.html"
SPENDING_TEMPLATE = "occulites/results/spending.html"


def _tribe_or_404(membership, tribe_id: int) -> Tribe:
    return tribe_or_404(membership.campaign, tribe_id)


def _wizard_url(campaign_id: int, tribe_id: int, step: str) -> str:
    return cached_reverse("occulites:record_tribe", (campaign_id, tribe_id)) + f"?step={step}"


# --- the record page -----------------------------------------------------------------


def may_change_tribe(membership, tribe) -> bool:
    """Whether this member may use the tribe's controls: write access, and (where the owner
    keeps each tribe to its player) the tribe's player or an owner."""
    return member_may_change(membership, belongs_to_id=tribe.player_id)


def _record_context(membership, error: str = "") -> dict:
    campaign = membership.campaign
    season = services.season_for(campaign)
    tribes, totals = campaign_tribes_with_totals(campaign)
    results = results_at(campaign.pk, season.timeslot)
    rows = [
        {
            "tribe": tribe,
            "result": results.get(tribe.pk),
            "totals": totals[tribe.pk],
            "may_change": may_change_tribe(membership, tribe),
        }
        for tribe in tribes
    ]
    scenario = SCENARIOS.get(played_scenario(campaign.pk, season.timeslot))
    return {
        "campaign": campaign,
        "membership": membership,
        "tab": "record",
        "season": season,
        "rows": rows,
        "scenario": scenario,
        "scenario_slug": scenario_rule_slug(scenario.key) if scenario else "",
        "all_recorded": bool(rows) and all(row["result"] for row in rows),
        "next_timeslot": season_rules.next_timeslot(season.timeslot),
        "error": error,
    }


@campaign_view(game="occulites")
@require_GET
def record(request, membership):
    return render_page(request, RECORD_TEMPLATE, _record_context(membership), partial="record_list")


@campaign_view(game="occulites")
@require_POST
def record_advance(request, membership):
    """Start the next timeslot (or the Long Dark) once every tribe's result is recorded."""

    def page(outcome):
        context = _record_context(membership, error="" if outcome.ok else outcome.message)
        context["htmx_messages"] = outcome.ok
        return render_page(request, RECORD_TEMPLATE, context, partial="record_list")

    return form_action(
        request,
        forms.Form(request.POST),
        lambda _: services.season_advance(campaign=membership.campaign, actor=request.user),
        success_url=reverse("occulites:record", args=[membership.campaign_id]),
        render_fragment=page,
        success_message=lambda season: (
            "The Sungem Season is over: the Long Dark comes."
            if season.long_dark
            else f"Timeslot {season.timeslot} begins."
        ),
    )


# --- the wizard ----------------------------------------------------------------------


def _option_forms(state, other_tribes, bound=None) -> list:
    """Each ticked penalty or advance, with its form while it still takes one."""
    cards = []
    for progress in state.options:
        form = None
        if progress.accepts_more:
            if bound is not None and bound.option.key == progress.option.key:
                form = bound
            else:
                form = OptionForm(
                    option=progress.option,
                    occulites=state.occulites,
                    other_tribes=other_tribes,
                    points_left=progress.points_left,
                )
        cards.append({"progress": progress, "form": form})
    return cards


def _reborn_forms(state, bound=None) -> tuple[list, list]:
    """Forms for the Occulites that owe a reborn penalty, and (Scenario 3's Lightning) for
    the others."""
    taken = reborn_entries_for(state)
    owed_pks = {owed.occulite.pk for owed in state.reborn_owed}

    def card(occulite):
        form = bound if bound is not None and bound.the_occulite.pk == occulite.pk else None
        return {
            "occulite": occulite,
            "entry": taken.get(occulite.pk),
            "form": form or RebornForm(occulite=occulite, losable=losable_abilities(occulite)),
            "lost_anyway": lost_anyway(occulite),
        }

    owed = [card(o) for o in state.occulites if o.pk in owed_pks]
    others = [card(o) for o in state.occulites if o.pk not in owed_pks] if state.lightning else []
    return owed, others


def _wizard_context(request, membership, tribe, step: str, *, status_only=False, **bound) -> dict:
    """What the wizard shows: the tribe's status, and (unless ``status_only``, for the live
    status region) the forms of the step in hand."""
    campaign = membership.campaign
    season = services.season_for(campaign)
    state = wizard_state(tribe, season)
    if step not in STEP_KEYS:
        step = state.first_step()
    context = {
        "campaign": campaign,
        "membership": membership,
        "tab": "record",
        "season": season,
        "tribe": tribe,
        "may_change_tribe": may_change_tribe(membership, tribe),
        "state": state,
        "step": step,
        "steps": state.step_status(),
        "totals": services.tribe_totals(tribe),
        "scenario_slug": scenario_rule_slug(state.scenario.key) if state.scenario else "",
        "undo_entry": last_undoable_entry(campaign, membership),
        "here": _wizard_url(campaign.pk, tribe.pk, step),
        "next_step": state.next_step(step) if step != "spend" else "",
        "step_error": bound.get("step_error", ""),
    }
    if status_only:
        return context
    if step == "result" and state.result is None:
        scenario = state.scenario
        pick = bound.get("pick") or ScenarioPickForm(
            request.GET if "scenario" in request.GET else None
        )
        if scenario is None and pick.is_bound and pick.is_valid():
            scenario = SCENARIOS[pick.cleaned_data["scenario"]]
        context.update(
            {
                "pick_form": pick,
                "form_scenario": scenario,
                "form_scenario_slug": scenario_rule_slug(scenario.key) if scenario else "",
                "result_form": bound.get("result_form")
                or (ResultForm(scenario=scenario, occulites=state.occulites) if scenario else None),
            }
        )
    elif step == "options":
        others = Tribe.objects.filter(campaign=campaign).exclude(pk=tribe.pk)
        context["option_cards"] = _option_forms(state, list(others), bound.get("option_form"))
    elif step == "reborn":
        owed, others = _reborn_forms(state, bound.get("reborn_form"))
        context.update(
            {
                "reborn_owed": owed,
                "reborn_others": others,
                "reborn_others_open": any(card["form"].is_bound for card in others),
                "deck_values": sorted(
                    int(value) for value in (season.natural_selection_deck or {})
                ),
            }
        )
    elif step == "luftles":
        context["casualties_form"] = bound.get("casualties_form") or LuftleCasualtiesForm(
            luftles=state.luftles
        )
    elif step == "spend":
        context.update(_spending_context(tribe, season, "record", bound))
    return context


def _wizard_response(request, membership, tribe, step: str, *, status=200, **bound):
    """The whole page, or for htmx the wizard section (the URL follows the step)."""
    context = _wizard_context(request, membership, tribe, step, **bound)
    if not request.htmx:
        return render(request, WIZARD_TEMPLATE, context, status=status)
    context["htmx_messages"] = True
    response = render(request, f"{WIZARD_TEMPLATE}#wizard", context, status=status)
    return push_url(response, context["here"]) if status == 200 else response


def _wizard_step_action(
    request, membership, tribe, form, call, *, done_step, step, field=None, **bound
):
    """One wizard step through the platform's pipeline. ``call`` returns (what the service
    returned, the message); on success the wizard moves to ``done_step`` (a step key, or a
    function of that result); a refusal shows ``step`` again with the form (``bound``)."""

    def next_step(done) -> str:
        return done_step(done[0]) if callable(done_step) else done_step

    def fragment(outcome):
        if outcome.ok:
            return _wizard_response(request, membership, tribe, next_step(outcome.result))
        return _wizard_response(request, membership, tribe, step, status=outcome.status, **bound)

    return form_action(
        request,
        form,
        call,
        success_url=lambda done: _wizard_url(membership.campaign_id, tribe.pk, next_step(done)),
        render_fragment=fragment,
        field=field,
        success_message=lambda done: done[1],
    )


@campaign_view(game="occulites")
@require_GET
def record_tribe(request, membership, tribe_id: int):
    tribe = _tribe_or_404(membership, tribe_id)
    step = request.GET.get("step", "")
    if request.htmx and request.GET.get("part") == "status":
        context = _wizard_context(request, membership, tribe, step, status_only=True)
        return render(request, f"{WIZARD_TEMPLATE}#wizard_status", context)
    return _wizard_response(request, membership, tribe, step)


@campaign_view(game="occulites")
@require_POST
def record_result(request, membership, tribe_id: int):
    """Step 1: VP counted from the scenario's rewards, Sungems, Occulites killed, and the
    penalties and advances that apply (services.scenario_result_record)."""
    tribe = _tribe_or_404(membership, tribe_id)
    season = services.season_for(membership.campaign)
    state = wizard_state(tribe, season)
    pick = ScenarioPickForm(request.POST)
    scenario = state.scenario or (
        SCENARIOS[pick.cleaned_data["scenario"]] if pick.is_valid() else None
    )
    if scenario is None:
        return _wizard_response(request, membership, tribe, "result", status=422, pick=pick)
    form = ResultForm(request.POST, scenario=scenario, occulites=state.occulites)
    if state.scenario and request.POST.get("scenario") not in ("", None, scenario.key):
        # The page showed another scenario (a redraw landed meanwhile): look again first.
        return _wizard_response(
            request,
            membership,
            tribe,
            "result",
            status=409,
            step_error=f"This timeslot's scenario is now {scenario.name}: check the result "
            "and record it again.",
        )

    def record(data):
        result = services.scenario_result_record(
            tribe=tribe,
            actor=request.user,
            vp_counts=form.vp_counts(),
            sungems_gained=data["sungems_gained"],
            occulites_killed=form.killed_occulites(),
            options_chosen=data["options"],
            scenario_key=scenario.key,
        )
        return result, (
            f"{tribe.name}: {scenario.name} recorded, {result.vp_earned:+d} VP and "
            f"{result.sungems_gained} Sungem(s)."
        )

    return _wizard_step_action(
        request,
        membership,
        tribe,
        form,
        record,
        done_step=lambda _: wizard_state(tribe, season).next_step("result"),
        step="result",
        pick=pick,
        result_form=form,
    )


def _option_error_field(form: OptionForm) -> str | None:
    for name in ("occulite", "points", "occulites", "sungems", "attacker", "defender"):
        if name in form.fields:
            return name
    return None


@campaign_view(game="occulites")
@require_POST
def record_option(request, membership, tribe_id: int):
    """Step 2: apply one of the ticked penalties and advances."""
    tribe = _tribe_or_404(membership, tribe_id)
    season = services.season_for(membership.campaign)
    state = wizard_state(tribe, season)
    progress = next((p for p in state.options if p.option.key == request.POST.get("option")), None)
    if progress is None or not progress.needs_service:
        return _wizard_response(
            request,
            membership,
            tribe,
            "options",
            status=422,
            step_error="That penalty or advance is not one this tribe ticked to apply.",
        )
    others = list(Tribe.objects.filter(campaign=membership.campaign).exclude(pk=tribe.pk))
    form = OptionForm(
        request.POST,
        option=progress.option,
        occulites=state.occulites,
        other_tribes=others,
        points_left=progress.points_left,
    )
    if not progress.accepts_more:
        return _wizard_response(
            request,
            membership,
            tribe,
            "options",
            status=422,
            step_error=f"“{progress.title}” is applied already.",
        )

    def apply(data):
        applied = services.scenario_option_apply(
            tribe=tribe, actor=request.user, option_key=progress.option.key, **form.targets()
        )
        return applied, applied.message

    return _wizard_step_action(
        request,
        membership,
        tribe,
        form,
        apply,
        done_step="options",
        step="options",
        field=_option_error_field(form),
        option_form=form,
    )


def _reborn_error_field(form: RebornForm, season) -> str | None:
    """The card field a deck refusal is about: the first value the deck does not hold."""
    values = {int(value) for value in (season.natural_selection_deck or {})}
    for slot in (*STATS, ABILITY_SLOT):
        if form.cleaned_data.get(slot) is not None and form.cleaned_data[slot] not in values:
            return slot
    return None


@campaign_view(game="occulites")
@require_POST
def record_reborn(request, membership, tribe_id: int):
    """Step 3: one Occulite's reborn penalty, from flipped cards or drawn from the deck."""
    tribe = _tribe_or_404(membership, tribe_id)
    season = services.season_for(membership.campaign)
    state = wizard_state(tribe, season)
    occulite = next((o for o in state.occulites if str(o.pk) == request.POST.get("occulite")), None)
    if occulite is None:
        return _wizard_response(
            request,
            membership,
            tribe,
            "reborn",
            status=422,
            step_error="Choose an Occulite of this tribe.",
        )
    form = RebornForm(request.POST, occulite=occulite, losable=losable_abilities(occulite))

    def take(data):
        entry, _ = services.occulite_reborn_penalty(
            occulite=occulite,
            actor=request.user,
            flipped=data["flipped"],
            ability_to_lose=data.get("ability_to_lose") or None,
        )
        return entry, entry.reason

    return _wizard_step_action(
        request,
        membership,
        tribe,
        form,
        take,
        done_step="reborn",
        step="reborn",
        field=_reborn_error_field(form, season) if form.is_valid() else None,
        reborn_form=form,
    )


@campaign_view(game="occulites")
@require_POST
def record_luftles(request, membership, tribe_id: int):
    """Step 4: Luftles killed or run away (services.luftle_casualties)."""
    tribe = _tribe_or_404(membership, tribe_id)
    season = services.season_for(membership.campaign)
    state = wizard_state(tribe, season)
    form = LuftleCasualtiesForm(request.POST, luftles=state.luftles)

    def lose(data):
        entry = services.luftle_casualties(
            tribe=tribe,
            actor=request.user,
            base_letters=data["base_letters"],
            ran_away=data["ran_away"],
        )
        return entry, entry.reason

    return _wizard_step_action(
        request,
        membership,
        tribe,
        form,
        lose,
        done_step="spend",
        step="luftles",
        field="base_letters",
        casualties_form=form,
    )


# --- spending: the wizard's last step and the spending page share these -------------


def _spending_context(tribe, season, back: str, bound: dict) -> dict:
    state = spending_state(tribe, season)
    occulites = [group.occulite for group in state.ability_offers]
    initial = {"back": back}

    def form(name: str, shown: bool, make):
        # Only the forms the panel shows: a bound one (its errors), or one with offers.
        return bound.get(name) or (make() if shown else None)

    return {
        "spending": state,
        "back": back,
        "ability_form": form(
            "ability_form",
            state.any_ability_offer,
            lambda: fresh_form(
                AbilityBuyForm,
                None,
                occulites=occulites,
                offers=state.ability_offers,
                initial=initial,
            ),
        ),
        "luftle_chief_form": form(
            "luftle_chief_form",
            bool(state.luftle_chief and state.luftle_chief_offers),
            lambda: fresh_form(
                LuftleChiefAbilityForm, None, offers=state.luftle_chief_offers, initial=initial
            ),
        ),
        "recruit_form": form(
            "recruit_form",
            bool(state.caste_offers),
            lambda: fresh_form(RecruitForm, None, offers=state.caste_offers, initial=initial),
        ),
        "defence_form": form(
            "defence_form",
            bool(state.defence_offers),
            lambda: fresh_form(
                DefenceRegainForm,
                None,
                occulites=occulites,
                offers=state.defence_offers,
                initial=initial,
            ),
        ),
    }


def _spend_page_context(membership, tribe, bound: dict) -> dict:
    season = services.season_for(membership.campaign)
    return {
        "campaign": membership.campaign,
        "membership": membership,
        "tab": "record",
        "season": season,
        "tribe": tribe,
        "may_change_tribe": may_change_tribe(membership, tribe),
        **_spending_context(tribe, season, "spend", bound),
    }


@campaign_view(game="occulites")
@require_GET
def spend(request, membership, tribe_id: int):
    """Spending between scenarios; for htmx, the live running totals."""
    tribe = _tribe_or_404(membership, tribe_id)
    if request.htmx:
        # The live region shows the totals alone: the offers and forms are not worked out.
        season = services.season_for(membership.campaign)
        context = {
            "campaign": membership.campaign,
            "tribe": tribe,
            "spending": spend_totals(tribe, season),
        }
        return render(request, f"{SPENDING_TEMPLATE}#spend_totals", context)
    return render(request, SPEND_TEMPLATE, _spend_page_context(membership, tribe, {}))


def _spend_response(request, membership, tribe, back: str, *, status=200, **bound):
    if back == "record":
        if request.htmx:
            season = services.season_for(membership.campaign)
            context = {
                "campaign": membership.campaign,
                "membership": membership,
                "tribe": tribe,
                "may_change_tribe": may_change_tribe(membership, tribe),
                "panel_messages": True,
                **_spending_context(tribe, season, back, bound),
            }
            return render(request, f"{SPENDING_TEMPLATE}#spending_panel", context, status=status)
        return _wizard_response(request, membership, tribe, "spend", status=status, **bound)
    context = {**_spend_page_context(membership, tribe, bound), "panel_messages": request.htmx}
    template = f"{SPENDING_TEMPLATE}#spending_panel" if request.htmx else SPEND_TEMPLATE
    return render(request, template, context, status=status)


def _spend_action(request, membership, tribe_id: int, form_name: str, make_form, perform, field):
    """Parse one spending form, call its service, and answer like every spending form:
    the panel (htmx) or a redirect (no JavaScript); refusals beside the field, status 422."""
    tribe = _tribe_or_404(membership, tribe_id)
    back = "record" if request.POST.get("back") == "record" else "spend"
    season = services.season_for(membership.campaign)
    form = make_form(request.POST, spending_state(tribe, season), tribe)
    if back == "record":
        success_url = _wizard_url(membership.campaign_id, tribe.pk, "spend")
    else:
        success_url = reverse("occulites:spend", args=[membership.campaign_id, tribe.pk])

    def panel(outcome):
        if outcome.ok:
            return _spend_response(request, membership, tribe, back)
        return _spend_response(
            request, membership, tribe, back, status=outcome.status, **{form_name: form}
        )

    return form_action(
        request,
        form,
        lambda data: perform(form, tribe, request.user),
        success_url=success_url,
        render_fragment=panel,
        field=field,
        success_message=lambda message: message,
    )


def _occulites_of(state) -> list:
    return [group.occulite for group in state.ability_offers]


@campaign_view(game="occulites")
@require_POST
def spend_ability(request, membership, tribe_id: int):
    def make(data, state, tribe):
        return AbilityBuyForm(data, occulites=_occulites_of(state), offers=state.ability_offers)

    def perform(form, tribe, actor):
        occulite, ability_key = form.cleaned_data["purchase"]
        services.ability_buy(occulite=occulite, actor=actor, ability_key=ability_key)
        return _last_reason(tribe)

    return _spend_action(request, membership, tribe_id, "ability_form", make, perform, "purchase")


@campaign_view(game="occulites")
@require_POST
def spend_luftle_chief(request, membership, tribe_id: int):
    def make(data, state, tribe):
        return LuftleChiefAbilityForm(data, offers=state.luftle_chief_offers)

    def perform(form, tribe, actor):
        services.luftle_chief_ability_buy(
            tribe=tribe, actor=actor, ability_key=form.cleaned_data["ability"]
        )
        return _last_reason(tribe)

    return _spend_action(
        request, membership, tribe_id, "luftle_chief_form", make, perform, "ability"
    )


@campaign_view(game="occulites")
@require_POST
def spend_recruit(request, membership, tribe_id: int):
    def make(data, state, tribe):
        return RecruitForm(data, offers=state.caste_offers)

    def perform(form, tribe, actor):
        services.luftle_recruit(
            tribe=tribe,
            actor=actor,
            caste=form.cleaned_data["caste"],
            base_letter=form.cleaned_data["base_letter"],
            free=form.cleaned_data["free"],
        )
        return _last_reason(tribe)

    return _spend_action(request, membership, tribe_id, "recruit_form", make, perform, "caste")


@campaign_view(game="occulites")
@require_POST
def spend_defence(request, membership, tribe_id: int):
    def make(data, state, tribe):
        return DefenceRegainForm(data, occulites=_occulites_of(state), offers=state.defence_offers)

    def perform(form, tribe, actor):
        entry = services.occulite_defence_regain(
            occulite=form.cleaned_data["occulite"], actor=actor, points=form.cleaned_data["points"]
        )
        return entry.reason

    return _spend_action(request, membership, tribe_id, "defence_form", make, perform, "points")


def _last_reason(tribe) -> str:
    """The reason the service just wrote for this tribe (what was bought, for how much)."""
    entry = LedgerEntry.objects.filter(
        campaign_id=tribe.campaign_id, subject_type="tribe", subject_id=str(tribe.pk)
    ).first()
    return entry.reason if entry else "Done."
