"""What every Dawnshade page shares: its context (the Kinship read-model, one-tap undo, the
forms) and the one action pipeline (``campaigns.table.htmx.form_action``) wired to it."""

from django.urls import reverse

from campaigns.table import panels as table_panels
from campaigns.table.htmx import campaign_context, form_action, render_page
from campaigns.table.ledger import last_undoable_entry
from campaigns.table.panels import drawn_panels

from .queries import kinship_view

REGION = "region"


def page_context(
    membership,
    tab: str,
    *,
    forms=None,
    conflict: str = "",
    panels=None,
    opened=(),
    undo: bool = True,
    **extra,
) -> dict:
    """The campaign layout's context, the Kinship read-model and the page's forms (a refused
    form replaces its fresh copy, so its errors show beside its fields); with the page's
    closed ``panels``, which of them are drawn open (``drawn_panels``). ``undo``: whether
    the page offers one-tap undo (the save sheet does not, and skips reading it)."""
    campaign = membership.campaign
    if panels is not None:
        extra["panels"] = drawn_panels(panels, forms or {}, opened)
    return campaign_context(
        membership,
        tab,
        kinship=kinship_view(campaign),
        undo_entry=last_undoable_entry(campaign, membership) if undo else None,
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
    return context["refused"].get(prefix) or _Once(make)


class _Once:
    """``make()`` the first time it is called, the same result after: ``functools.cache``
    without its wrapper's copying of ``make``'s attributes (a page picks up to sixteen)."""

    __slots__ = ("make", "made")

    def __init__(self, make):
        self.make, self.made = make, None

    def __call__(self):
        if self.made is None:
            self.made = self.make()
        return self.made


# Closed panels (``campaigns.table.panels``) around this game's live region.
def render_with_panels(request, template: str, context: dict, panels: dict, *, may=None):
    if "kinship" in context and context["kinship"] is None:
        # Before the Kinship is set up no page shows a panel, and their forms need it: a
        # panel asked for then (an old tab, a typed address) is answered with the region.
        may = False
    return table_panels.render_with_panels(
        request, template, context, panels, region=REGION, may=may
    )
