"""The stand-alone tribe builder (Stand Alone Games; Layer Three, Evolutionary Adjustments):
a calculator for one-off games, so it stores nothing and needs no campaign."""

from django.views.decorators.http import require_GET

from campaigns.occulites.catalog.blueprints import STAT_NAMES, STATS
from campaigns.occulites.rules.abilities import innate_abilities_for
from campaigns.occulites.rules.errors import RuleViolation
from campaigns.occulites.rules.tribe_builder import (
    allocate_level_points,
    apply_evolutionary_adjustments,
    check_evolutionary_totals,
    starting_blueprints,
    tribe_level,
)
from campaigns.table.htmx import render_page

from .forms import LEVEL_STATS, SLOTS, TribeBuilderForm

TEMPLATE = "occulites/builder/builder.html"


def build_tribe(form: TribeBuilderForm) -> dict:
    """Blueprints -> adjustments -> level points, stopping at the first broken rule."""
    data = form.cleaned_data
    blueprints = starting_blueprints(SLOTS)
    blueprints = apply_evolutionary_adjustments(blueprints, form.adjustments())
    check_evolutionary_totals(blueprints)
    placed = allocate_level_points(data["level"], blueprints, form.allocation())
    names = form.names()
    tribe_type = data["tribe_type"]
    return {
        "occulites": [
            {
                "name": names[i],
                "is_chief": i == 0,
                "stats": [placed.blueprints[slot].get(stat) for stat in STATS],
                "innate": innate_abilities_for(tribe_type, is_chief=i == 0),
            }
            for i, slot in enumerate(SLOTS)
        ],
        "unspent": [(STAT_NAMES[stat], placed.unspent[stat]) for stat in LEVEL_STATS],
        "ability_points": placed.ability_points,
        "level": tribe_level(data["level"]),
    }


@require_GET
def builder(request):
    form = TribeBuilderForm(request.GET or None)
    tribe, refusal, status = None, "", 200
    if form.is_bound:
        if form.is_valid():
            try:
                tribe = build_tribe(form)
            except RuleViolation as error:
                refusal, status = str(error), 422
        else:
            status = 422
    context = {
        "form": form,
        "tribe": tribe,
        "refusal": refusal,
    }
    return render_page(request, TEMPLATE, context, partial="result", status=status)
