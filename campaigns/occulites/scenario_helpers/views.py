"""Pages of the scenario helpers.

The helpers' hub tracks the Event and Sungem cards revealed; each helper has its own page
(`pages.py`) with a live panel (the state every phone sees, refreshed on "campaign-changed")
and forms outside it. Each action view parses a form and calls one service through the
platform's `form_action`: the panel (htmx) or a redirect (no JavaScript) on success; a refusal
beside the form, or in the panel for its buttons, with 422; a stale screen's panel with 409.
"""

from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import retarget

from campaigns.table.access import campaign_view
from campaigns.table.htmx import campaign_context, form_action, form_message, render_page
from campaigns.table.tool_state import tool_states
from campaigns.table.url_cache import cached_reverse

from . import services
from .figures import figure_choices
from .forms import (
    AwarenessForm,
    DiceForm,
    ExpectedCountForm,
    FigureNameForm,
    PodmothineActivateForm,
    PryDiscardForm,
    PryRollForm,
    RebornAdvanceForm,
    RebornPlaceForm,
    RevealForm,
    RidgeClimbForm,
    ScenarioForm,
    SiegeLossForm,
    SiegeRollForm,
    SkirmishRollForm,
    SkirmishTribeForm,
    TentacleForm,
)
from .pages import HUB, PAGES, HelperPage, skirmish_roll_forms
from .state import SKIRMISH


def _page_url(campaign_id: int, page: HelperPage) -> str:
    # Remembered: every page links to all nine helpers.
    if page is HUB:
        return cached_reverse("occulites:helpers", (campaign_id,))
    return cached_reverse("occulites:helper", (campaign_id, page.slug))


def _context(
    membership, page: HelperPage, forms: dict | None = None, error="", *, with_forms=True
) -> dict:
    """What the page's template needs: its own board (from the states it reads: one query),
    the helpers' links, and (`with_forms`) for a member who may write its forms (`forms`
    replacing some)."""
    campaign = membership.campaign
    board = page.board(tool_states(campaign, page.reads))
    context = campaign_context(
        membership,
        "helpers",
        page=page,
        board=board,
        error=error,
        page_url=_page_url(campaign.pk, page),
        helper_links=[
            (other.short, _page_url(campaign.pk, other), other is page) for other in PAGES.values()
        ],
    )
    if with_forms and membership.can_write:
        figures = figure_choices(campaign) if page.needs_figures else []
        context.update(page.forms(board, figures, campaign))
        context.update(forms or {})
    return context


def _render(request, membership, page, *, partial=None, forms=None, error="", status=200):
    """The whole page, or for htmx the named partial of the same template."""
    # Every form sits outside the live panel: the panel alone needs none of them.
    with_forms = not (request.htmx and partial == "panel")
    context = _context(membership, page, forms, error, with_forms=with_forms)
    return render_page(request, page.template, context, partial=partial, status=status)


def _action(request, membership, slug, form, service, *, form_name=None, field=None, **arguments):
    """Post `form` to `service` (its keyword arguments named after the form's cleaned data:
    `argument="field"`).

    `form_name` names the form's partial (and its section id) when the form sits outside the
    live panel; without it the form is a button in the panel, whose refusals show there.
    """
    page = PAGES[slug]

    def call(data):
        values = {name: data[key] for name, key in arguments.items()}
        return service(campaign=membership.campaign, actor=request.user, **values)

    def render_fragment(outcome):
        if outcome.ok:
            return _render(request, membership, page, partial=page.success_partial)
        if outcome.status == 409 or form_name is None:
            message = outcome.message if outcome.status == 409 else form_message(form)
            return _render(request, membership, page, partial="panel", error=message)
        return _render(request, membership, page, partial=form_name, forms={form_name: form})

    return form_action(
        request,
        form,
        call,
        success_url=_page_url(membership.campaign_id, page) + f"#{page.slug}-panel",
        render_fragment=render_fragment,
        field=field,
        retarget_to="#" + form_name.replace("_", "-") if form_name else None,
    )


def _reset(request, membership, slug, service):
    return _action(request, membership, slug, ExpectedCountForm(request.POST), service)


# --- pages ------------------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_GET
def helpers(request, membership):
    return _render(request, membership, HUB, partial="panel")


@campaign_view(game="occulites")
@require_GET
def helper_page(request, membership, helper: str):
    page = PAGES.get(helper)
    if page is None:
        raise Http404("No such helper")
    if page is HUB:
        return redirect("occulites:helpers", campaign_id=membership.campaign_id)
    # The skirmish's roll forms refresh on their own (they depend on who is still waiting).
    partial = (
        "skirmish_forms"
        if page.slug == "skirmish" and request.GET.get("part") == "forms"
        else "panel"
    )
    return _render(request, membership, page, partial=partial)


# --- cards revealed ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def cards_new_game(request, membership):
    return _action(
        request,
        membership,
        "cards",
        ScenarioForm(request.POST),
        services.cards_new_game,
        form_name="scenario_form",
        field="scenario",
        scenario_number="scenario",
    )


@campaign_view(game="occulites")
@require_POST
def cards_reveal(request, membership):
    return _action(
        request,
        membership,
        "cards",
        RevealForm(request.POST),
        services.cards_reveal,
        kind="kind",
        expected_revealed="expected",
    )


@campaign_view(game="occulites")
@require_POST
def cards_take_back(request, membership):
    return _action(
        request,
        membership,
        "cards",
        ExpectedCountForm(request.POST),
        services.cards_take_back,
        expected_revealed="expected",
    )


# --- Podmothine ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def podmothine_activate(request, membership):
    return _action(
        request,
        membership,
        "podmothine",
        PodmothineActivateForm(request.POST),
        services.podmothine_activate,
        form_name="activate_form",
        field="entered",
        sneaking="sneaking",
        entered="entered",
    )


@campaign_view(game="occulites")
@require_POST
def podmothine_tentacle(request, membership):
    return _action(
        request,
        membership,
        "podmothine",
        TentacleForm(request.POST),
        services.podmothine_tentacle,
        move="move",
    )


@campaign_view(game="occulites")
@require_POST
def podmothine_reset(request, membership):
    return _reset(request, membership, "podmothine", services.podmothine_reset)


# --- Pry Sungem ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def pry_sungem_roll(request, membership):
    return _action(
        request,
        membership,
        "pry-sungem",
        PryRollForm(request.POST),
        services.pry_sungem_roll,
        form_name="pry_form",
        field="entered",
        location="location",
        tentacles_on_body="tentacles_on_body",
        entered="entered",
    )


@campaign_view(game="occulites")
@require_POST
def pry_sungem_discard(request, membership):
    return _action(
        request,
        membership,
        "pry-sungem",
        PryDiscardForm(request.POST),
        services.pry_sungem_discard,
        form_name="discard_form",
        field="discarded",
        discarded="discarded",
    )


@campaign_view(game="occulites")
@require_POST
def pry_sungem_reset(request, membership):
    return _reset(request, membership, "pry-sungem", services.pry_sungem_reset)


# --- Unexpected Skirmish --------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def skirmish_new_game(request, membership):
    return _reset(request, membership, "skirmish", services.skirmish_new_game)


@campaign_view(game="occulites")
@require_POST
def skirmish_add_tribe(request, membership):
    return _action(
        request,
        membership,
        "skirmish",
        SkirmishTribeForm(request.POST),
        services.skirmish_add_tribe,
        form_name="tribe_form",
        name="name",
        occulites="occulites",
        luftles="luftles",
    )


@campaign_view(game="occulites")
@require_POST
def skirmish_roll(request, membership, index: int):
    """One tribe's arrival roll. Its form was built for the stragglers the player saw; when
    another phone rolled them first, the fresh form comes back with a 409."""
    page = PAGES["skirmish"]
    tribes = tool_states(membership.campaign, [SKIRMISH])[SKIRMISH.tool_id].tribes
    if not 0 <= index < len(tribes):
        return _render(
            request,
            membership,
            page,
            partial="panel",
            status=422,
            error="That tribe is not in this skirmish any more.",
        )
    tribe = tribes[index]
    form = SkirmishRollForm(request.POST, waiting=tribe.arrivals.waiting, prefix=f"t{index}")

    def call(data):
        return services.skirmish_roll(
            campaign=membership.campaign,
            actor=request.user,
            tribe=tribe.name,
            turn=data["turn"],
            allocation=data["allocation"],
            entered=data["entered"],
            expected_waiting=data["expected_waiting"],
        )

    def render_fragment(outcome):
        if outcome.ok:
            return _render(request, membership, page, partial=page.success_partial)
        # Both refusals answer with the roll forms: a conflict with fresh ones and its
        # message, a refusal with this tribe's form as the player filled it in.
        context = _context(membership, page, error=outcome.message if outcome.status == 409 else "")
        if outcome.status == 422:
            context["roll_forms"] = skirmish_roll_forms(
                context["board"], replace_index=index, replacement=form
            )
        response = render_page(request, page.template, context, partial="skirmish_forms")
        return retarget(response, "#skirmish-forms") if request.htmx else response

    return form_action(
        request,
        form,
        call,
        success_url=_page_url(membership.campaign_id, page) + "#skirmish-panel",
        render_fragment=render_fragment,
    )


@campaign_view(game="occulites")
@require_POST
def skirmish_reset(request, membership):
    return _reset(request, membership, "skirmish", services.skirmish_reset)


# --- The Ridge ------------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def ridge_climb(request, membership):
    return _action(
        request,
        membership,
        "ridge",
        RidgeClimbForm(request.POST, figures=figure_choices(membership.campaign)),
        services.ridge_climb,
        form_name="climb_form",
        figure="name",
        partner="partner_name",
    )


@campaign_view(game="occulites")
@require_POST
def ridge_leave(request, membership):
    return _action(
        request,
        membership,
        "ridge",
        FigureNameForm(request.POST),
        services.ridge_leave,
        figure="figure",
    )


@campaign_view(game="occulites")
@require_POST
def ridge_strike(request, membership):
    return _action(
        request,
        membership,
        "ridge",
        DiceForm(request.POST),
        services.ridge_strike,
        form_name="strike_form",
        field="entered",
        entered="entered",
    )


@campaign_view(game="occulites")
@require_POST
def ridge_reset(request, membership):
    return _reset(request, membership, "ridge", services.ridge_reset)


# --- Siege at the Cave Mouth ------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def siege_roll(request, membership):
    return _action(
        request,
        membership,
        "siege",
        SiegeRollForm(request.POST),
        services.siege_roll,
        form_name="roll_form",
        attacker_entered="attacker_entered",
        defender_entered="defender_entered",
    )


@campaign_view(game="occulites")
@require_POST
def siege_loss(request, membership):
    return _action(
        request,
        membership,
        "siege",
        SiegeLossForm(request.POST),
        services.siege_loss,
        form_name="loss_form",
        side="side",
        occulites="occulites",
        luftles="luftles",
    )


@campaign_view(game="occulites")
@require_POST
def siege_event(request, membership):
    return _action(
        request,
        membership,
        "siege",
        ExpectedCountForm(request.POST),
        services.siege_event,
        expected_conditions="expected",
    )


@campaign_view(game="occulites")
@require_POST
def siege_reset(request, membership):
    return _reset(request, membership, "siege", services.siege_reset)


# --- The Reborn Track -----------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def reborn_place(request, membership):
    return _action(
        request,
        membership,
        "reborn-track",
        RebornPlaceForm(request.POST, figures=figure_choices(membership.campaign)),
        services.reborn_place,
        form_name="place_form",
        figure="name",
        cause="cause",
        health_before="health_before",
        health_lost="health_lost",
        reborn_by_agreement="reborn_by_agreement",
    )


@campaign_view(game="occulites")
@require_POST
def reborn_advance(request, membership):
    return _action(
        request,
        membership,
        "reborn-track",
        RebornAdvanceForm(request.POST),
        services.reborn_advance,
        figure="figure",
        tribal_token="tribal_token",
        expected_position="expected",
    )


@campaign_view(game="occulites")
@require_POST
def reborn_remove(request, membership):
    return _action(
        request,
        membership,
        "reborn-track",
        FigureNameForm(request.POST),
        services.reborn_remove,
        figure="figure",
    )


@campaign_view(game="occulites")
@require_POST
def reborn_reset(request, membership):
    return _reset(request, membership, "reborn-track", services.reborn_reset)


# --- Awareness Test ---------------------------------------------------------------------------


@campaign_view(game="occulites")
@require_POST
def awareness_test(request, membership):
    return _action(
        request,
        membership,
        "awareness",
        AwarenessForm(request.POST, figures=figure_choices(membership.campaign)),
        services.awareness_test_take,
        form_name="awareness_form",
        figure="name",
        awareness="awareness",
        cards="cards",
        boosts="boosts",
        tribal_token="tribal_token",
        eagle_eyed="eagle_eyed",
        eagle_eyed_discards="eagle_eyed_discards",
        exceptional_camouflage="exceptional_camouflage",
        sense_of_smell="sense_of_smell",
    )


@campaign_view(game="occulites")
@require_POST
def awareness_reset(request, membership):
    return _reset(request, membership, "awareness", services.awareness_reset)
