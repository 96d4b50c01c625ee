"""What every Dawnshade page shares: its context (the Kinship read-model, one-tap undo, the
forms) and the one action pipeline (``campaigns.table.htmx.form_action``) wired to it."""

import functools

from django.shortcuts import render
from django.urls import reverse

from campaigns.table.htmx import campaign_context, form_action, render_page
from campaigns.table.ledger import last_undoable_entry

from .queries import kinship_view

REGION = "region"


def page_context(
    membership, tab: str, *, forms=None, conflict: str = "", panels=None, opened=(), **extra
) -> dict:
    """The campaign layout's context, the Kinship read-model and the page's forms (a refused
    form replaces its fresh copy, so its errors show beside its fields); with the page's
    closed ``panels``, which of them are drawn open (``drawn_panels``)."""
    campaign = membership.campaign
    if panels is not None:
        extra["panels"] = drawn_panels(panels, forms or {}, opened)
    return campaign_context(
        membership,
        tab,
        kinship=kinship_view(campaign),
        undo_entry=last_undoable_entry(campaign, membership),
        refused=forms or {},
        conflict=conflict,
        **extra,
    )


def run_action(
    request, membership, form, call, *, template, build, url_name, field=None, url_args=()
):
    """Parse ``form``, call the service, answer with the page's live region (htmx) or the page:
    422 with the form's errors, 409 with the fresh state and the conflict, else redirect."""

    def render_fragment(outcome):
        refused = {form.prefix: form} if outcome.status == 422 else None
        context = build(
            membership, forms=refused, conflict=outcome.message if outcome.status == 409 else ""
        )
        return render_page(request, template, context, partial=REGION)

    return form_action(
        request,
        form,
        call,
        success_url=reverse(url_name, args=[membership.campaign_id, *url_args]),
        render_fragment=render_fragment,
        field=field,
    )


def pick(context: dict, prefix: str, make):
    """The refused copy of a form if this request refused it, else a fresh one made the first
    time the template asks for it (templates call a callable and ``cache`` keeps the one
    form): a page's state shows only some of its forms, and building the rest cost more than
    drawing the shown ones."""
    return context["refused"].get(prefix) or functools.cache(make)


# Closed panels: a ``<details>`` closed by default draws only its summary and a loader (the
# ``panel_loader`` tag); its forms come when the player opens it (htmx asks for
# ``?panel=NAME``, answered with the template's ``panel-NAME`` partial) or, without
# JavaScript, from the loader's link (``?open=NAME``, the page with that panel open). A panel
# holding a refused form is drawn open, so its errors show beside its fields. Each page names
# its panels and the form prefixes in each: ``{"conditions": ("condition", "rings", ...)}``.


def drawn_panels(panels: dict, refused: dict, opened=()) -> dict[str, bool]:
    """Which of the page's closed panels are drawn open: those the request opened and those
    holding a refused form."""
    return {
        name: name in opened or any(prefix in refused for prefix in prefixes)
        for name, prefixes in panels.items()
    }


def opened_panels(request) -> tuple[str, ...]:
    """The panels a plain (no-JavaScript) request asks to see open: ``?open=NAME``."""
    return tuple(request.GET.getlist("open"))


def render_with_panels(request, template: str, context: dict, panels: dict, *, may=None):
    """The page or its live region; for htmx's ``?panel=NAME`` the body of that closed panel
    alone, only for a member who may use its forms (``may``, else write access)."""
    name = request.GET.get("panel") if request.htmx else None
    if may is None:
        may = context["membership"].can_write
    if name in panels and may:
        return render(request, f"{template}#panel-{name}", context)
    return render_page(request, template, context, partial=REGION)
