"""The setup helper: what differs from the core setup for a player count and chosen sets
(Summary; 5- and 6-player games; Single-player games - Setup). It needs no login; inside
a group it is one of the group's tabs."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaigns.glow.catalog.setup import SETUP_BY_PLAYER_COUNT
from campaigns.glow.rule_links import setup_step_slug
from campaigns.glow.rules.errors import RuleViolation
from campaigns.glow.rules.setup import setup_plan
from campaigns.table.access import campaign_view
from campaigns.table.htmx import campaign_context

from .forms import SetupForm

STAND_ALONE_TEMPLATE = "glow/setup_helper.html"
CAMPAIGN_TEMPLATE = "glow/setup.html"


def _plan_context(request) -> tuple[dict, int]:
    """The form (bound when asked) and the plan or the reason the rules refuse it."""
    if "players" not in request.GET:
        return {"form": SetupForm(initial={"players": 4}), "plan": None}, 200
    form = SetupForm(request.GET)
    plan = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            plan = setup_plan(
                data["players"],
                data["sets"],
                # Left empty, the rules decide, except at 5 players where the third set's
                # removal is the players' to say (and refused when they do not).
                removals=data["removals"] if data["players"] == 5 else data["removals"] or None,
                hulios=data["hulios"],
                journey_board=(data["journey_board"] or None) if data["players"] == 1 else None,
            )
        except RuleViolation as refusal:
            field = "removals" if "remov" in str(refusal).lower() else "sets"
            form.add_error(field, str(refusal))
    if plan is None:
        return {"form": form, "plan": None}, 422
    steps = [(step, setup_step_slug(step.key, plan.player_count)) for step in plan.steps]
    row = SETUP_BY_PLAYER_COUNT[plan.player_count]
    return {"form": form, "plan": plan, "steps": steps, "row": row}, 200


@require_GET
def setup_helper(request):
    context, status = _plan_context(request)
    return render(request, STAND_ALONE_TEMPLATE, context, status=status)


@campaign_view(game="glow")
@require_GET
def setup(request, membership):
    context, status = _plan_context(request)
    return render(
        request, CAMPAIGN_TEMPLATE, campaign_context(membership, "setup", **context), status=status
    )
